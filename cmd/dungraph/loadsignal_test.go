package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/dungraph/dungraph/internal/hostile"
)

// A signal while a large ruleset loads ends generate and validate at once
// with exit code 130, without waiting for the load to finish. The ruleset
// (a 30,000-room start rule, 3.7 MB) takes seconds to load; the context
// is cancelled 100 ms in.
func TestSignalWhileLoading(t *testing.T) {
	path := filepath.Join(t.TempDir(), "big.toml")
	if err := os.WriteFile(path, []byte(hostile.Grid(30000)), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"generate", "-r", path, "--seed", "1", "--out", t.TempDir()},
		{"validate", path},
	} {
		ctx, cancel := context.WithCancel(context.Background())
		time.AfterFunc(100*time.Millisecond, cancel)
		var stdout, stderr bytes.Buffer
		a := &app{stdout: &stdout, stderr: &stderr}
		start := time.Now()
		code := a.execute(ctx, args)
		took := time.Since(start)
		if code != exitInterrupted {
			t.Errorf("%s: exit %d, want %d: %s", args[0], code, exitInterrupted, stderr.String())
		}
		if took > time.Second {
			t.Errorf("%s: returned %v after start, the signal came at 100ms", args[0], took)
		}
		t.Logf("%s: exit %d after %v", args[0], code, took.Round(time.Millisecond))
	}
}
