package main

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/vbauerster/mpb/v8"

	"github.com/dungraph/dungraph/batch"
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
	if code != exitInterrupted || !strings.Contains(msg, "interrupted") || !strings.Contains(msg, "resume with: dungraph") {
		t.Fatalf("interrupted run: exit %d, want %d and a resume hint: %s", code, exitInterrupted, msg)
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

// TestEstimateLine: a large run says what it will take once measured; a
// small or unmeasured one says nothing.
func TestEstimateLine(t *testing.T) {
	tests := []struct {
		name    string
		p       batch.Progress
		elapsed time.Duration
		want    string
	}{
		{"the tour's run", batch.Progress{Total: 100000, Done: 20, Generated: 20, Bytes: 20 * 100_000}, 300 * time.Millisecond,
			"batch: 99980 seeds to go: about 25 min and 10.0 GB more on disk (measured on the first 20 levels; Ctrl-C stops, rerunning resumes)"},
		{"not measured yet", batch.Progress{Total: 100000, Done: 5, Generated: 5, Bytes: 500}, time.Second, ""},
		{"slow levels: measured by time", batch.Progress{Total: 5000, Done: 2, Generated: 2, Bytes: 2000}, 6 * time.Second,
			"batch: 4998 seeds to go: about 4.2 h and 5.0 MB more on disk (measured on the first 2 levels; Ctrl-C stops, rerunning resumes)"},
		{"small", batch.Progress{Total: 500, Done: 20, Generated: 20, Bytes: 2000}, time.Second, ""},
		{"resumed: skipped seeds are not measured", batch.Progress{Total: 100000, Done: 99500, Skipped: 99480, Generated: 20, Bytes: 2000}, time.Second, ""},
	}
	for _, tt := range tests {
		if got := estimateLine(tt.p, tt.elapsed); got != tt.want {
			t.Errorf("%s: estimateLine = %q\nwant %q", tt.name, got, tt.want)
		}
	}
}

// TestProgressCountsGenerated: the bar counts the levels this run makes;
// skipped seeds leave its total, so that its rate is the generation's.
func TestProgressCountsGenerated(t *testing.T) {
	p := mpb.New(mpb.WithOutput(io.Discard))
	pr := &progress{p: p, bar: p.New(100, mpb.BarStyle())}
	pr.update(batch.Progress{Total: 100, Done: 60, Skipped: 50, Generated: 10})
	if cur := pr.bar.Current(); cur != 10 {
		t.Errorf("bar at %d, want the 10 levels generated, not the 60 seeds done", cur)
	}
	pr.finish()
}
