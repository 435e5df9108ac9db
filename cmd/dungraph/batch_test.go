package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestBatchInterruptResume interrupts a batch run the way Ctrl-C does
// (its context ends) once some levels are done, then reruns the same
// command: the directory must end up byte for byte like an uninterrupted
// run's, with nothing generated twice by the second run.
func TestBatchInterruptResume(t *testing.T) {
	dir := t.TempDir()
	args := func(out string) []string {
		return []string{"batch", "-r", "quads", "--seeds", "1..40", "--format", "json", "--workers", "2", "--out", filepath.Join(dir, out)}
	}
	run := func(ctx context.Context, out string) (int, string) {
		var stderr bytes.Buffer
		a := &app{stdout: &bytes.Buffer{}, stderr: &stderr}
		code := a.execute(ctx, args(out))
		return code, stderr.String()
	}
	if code, msg := run(context.Background(), "whole"); code != 0 {
		t.Fatalf("uninterrupted run: exit %d: %s", code, msg)
	}

	ctx, cancel := context.WithCancel(context.Background())
	journal := filepath.Join(dir, "part", "manifest.jsonl.journal")
	go func() {
		defer cancel()
		for range 2000 {
			if b, err := os.ReadFile(journal); err == nil && bytes.Count(b, []byte("\n")) >= 5 {
				return
			}
			time.Sleep(time.Millisecond)
		}
	}()
	code, msg := run(ctx, "part")
	if code != exitFailed || !strings.Contains(msg, "interrupted") || !strings.Contains(msg, "resume with: dungraph") {
		t.Fatalf("interrupted run: exit %d, want %d and a resume hint: %s", code, exitFailed, msg)
	}
	manifest, err := os.ReadFile(filepath.Join(dir, "part", "manifest.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	done := bytes.Count(manifest, []byte("\n"))
	if done < 5 || done >= 40 {
		t.Fatalf("the interrupted manifest has %d lines, want some but not all of 40", done)
	}

	code, msg = run(context.Background(), "part")
	if code != 0 {
		t.Fatalf("resumed run: exit %d: %s", code, msg)
	}
	if !strings.Contains(msg, "already done") || strings.Contains(msg, " 40 generated") {
		t.Errorf("the resumed run generated everything again: %s", msg)
	}
	for _, f := range []string{"manifest.jsonl", "batch.json"} {
		a, _ := os.ReadFile(filepath.Join(dir, "whole", f))
		b, _ := os.ReadFile(filepath.Join(dir, "part", f))
		if !bytes.Equal(a, b) {
			t.Errorf("%s differs after resuming", f)
		}
	}
	for seed := 1; seed <= 40; seed++ {
		name := filepath.Join(strconv.Itoa(seed), "level.json")
		a, err1 := os.ReadFile(filepath.Join(dir, "whole", name))
		b, err2 := os.ReadFile(filepath.Join(dir, "part", name))
		if err1 != nil || err2 != nil || !bytes.Equal(a, b) {
			t.Errorf("seed %d: the files differ (%v, %v)", seed, err1, err2)
		}
	}
}
