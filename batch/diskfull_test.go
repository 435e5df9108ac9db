package batch

import (
	"bufio"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// fullWriter accepts n bytes, then fails as a full disk does.
type fullWriter struct{ n int }

func (w *fullWriter) Write(b []byte) (int, error) {
	if len(b) <= w.n {
		w.n -= len(b)
		return len(b), nil
	}
	k := w.n
	w.n = 0
	return k, syscall.ENOSPC
}

// A manifest write that fails is kept with the seed whose line it was, and
// nothing is written after it.
func TestManifestWriteError(t *testing.T) {
	r := &runner{}
	fw := &fullWriter{n: 100}
	w := bufio.NewWriterSize(fw, 64)
	line := []byte(strings.Repeat("x", 40) + "\n")
	for seed := uint64(1); seed <= 5; seed++ {
		r.writeLine(w, outcome{job: job{seed: seed}, line: line})
	}
	if r.mfErr == nil {
		t.Fatal("no error after writing 205 bytes to a writer that takes 100")
	}
	// The buffer of 64 bytes takes seeds 1 and 2 and flushes 64 bytes;
	// seed 4's line makes it flush again, past the 100 the writer takes.
	if !errors.Is(r.mfErr, syscall.ENOSPC) || !strings.Contains(r.mfErr.Error(), "seed 4") {
		t.Errorf("error %q: want ENOSPC naming seed 4", r.mfErr)
	}
	first := r.mfErr
	r.finish(w, 5, nil)
	if r.mfErr != first {
		t.Errorf("finish replaced the first error %q with %q", first, r.mfErr)
	}

	// A failure found only by the last flush is kept too.
	r = &runner{}
	w = bufio.NewWriterSize(&fullWriter{n: 10}, 4096)
	r.writeLine(w, outcome{job: job{seed: 9}, line: line})
	r.finish(w, 1, nil)
	if !errors.Is(r.mfErr, syscall.ENOSPC) {
		t.Errorf("flush error: %v, want ENOSPC", r.mfErr)
	}
}

// mountTmpfs mounts a tmpfs of size bytes on a new directory, or skips
// the test when it may not (not root, no mount namespace rights).
func mountTmpfs(t *testing.T, size string) string {
	t.Helper()
	if testing.Short() {
		t.Skip("mounts a file system")
	}
	dir := t.TempDir()
	if err := syscall.Mount("tmpfs", dir, "tmpfs", 0, "size="+size); err != nil {
		t.Skipf("cannot mount a tmpfs here: %v", err)
	}
	t.Cleanup(func() { syscall.Unmount(dir, 0) })
	return dir
}

// fill writes a file in dir until the file system is full, and returns
// it.
func fill(t *testing.T, dir string) string {
	t.Helper()
	path := filepath.Join(dir, "filler")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	buf := make([]byte, 4096)
	for {
		if _, err := f.Write(buf); err != nil {
			if !errors.Is(err, syscall.ENOSPC) {
				t.Fatal(err)
			}
			return path
		}
	}
}

// On a full disk a batch fails naming the cause, leaves the last good
// manifest and its journal, and the next run, with space again, finishes
// with the manifest of a run that never failed.
func TestFullDisk(t *testing.T) {
	seeds := mustSeeds(t, "0..40")
	clean := t.TempDir()
	run(t, clean, seeds, nil, Options{Workers: 2})
	want := readString(t, filepath.Join(clean, "manifest.jsonl"))

	t.Run("rewriting the manifest", func(t *testing.T) {
		dir := filepath.Join(mountTmpfs(t, "1m"), "out")
		run(t, dir, seeds, nil, Options{Workers: 2})
		filler := fill(t, filepath.Dir(dir))
		// Room for batch.json (a page), not for the manifest (three).
		must(t, os.Truncate(filler, fileSize(t, filler)-8<<10))
		_, err := Run(context.Background(), dir, seeds, (&fake{}).newWorker, Options{Workers: 2})
		if !errors.Is(err, syscall.ENOSPC) || !strings.Contains(err.Error(), "manifest: writing through seed") {
			t.Fatalf("Run on a full disk: %v; want ENOSPC naming a seed", err)
		}
		t.Logf("the error: %v", err)
		if got := readString(t, filepath.Join(dir, "manifest.jsonl")); got != want {
			t.Errorf("the manifest changed on a full disk:\n%s", got)
		}
		must(t, os.Remove(filler))
		run(t, dir, seeds, nil, Options{Workers: 2})
		if got := readString(t, filepath.Join(dir, "manifest.jsonl")); got != want {
			t.Errorf("the manifest after resuming differs from a clean run's")
		}
	})

	t.Run("generating", func(t *testing.T) {
		root := mountTmpfs(t, "1m")
		dir := filepath.Join(root, "out")
		filler := fill(t, root)
		// Free room for a few seeds only.
		must(t, os.Truncate(filler, max(0, fileSize(t, filler)-24<<10)))
		_, err := Run(context.Background(), dir, seeds, (&fake{}).newWorker, Options{Workers: 2})
		if !errors.Is(err, syscall.ENOSPC) {
			t.Fatalf("Run on a nearly full disk: %v; want ENOSPC", err)
		}
		// Whatever manifest is there is whole.
		if _, bad, _, err := readRecords(filepath.Join(dir, "manifest.jsonl")); err != nil || len(bad) > 0 {
			t.Fatalf("the manifest left on a full disk is not whole: %v %v", bad, err)
		}
		must(t, os.Remove(filler))
		run(t, dir, seeds, nil, Options{Workers: 2})
		if got := readString(t, filepath.Join(dir, "manifest.jsonl")); got != want {
			t.Errorf("the manifest after resuming differs from a clean run's")
		}
		rep, err := Verify(dir)
		if err != nil || len(rep.Problems) > 0 {
			t.Errorf("verify after resuming: %v %+v", err, rep.Problems)
		}
	})
}

func fileSize(t *testing.T, path string) int64 {
	t.Helper()
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	return fi.Size()
}

// verify reports a manifest line cut off by a full disk, with its line.
func TestVerifyTornManifest(t *testing.T) {
	dir := t.TempDir()
	run(t, dir, mustSeeds(t, "0..9"), nil, Options{})
	path := filepath.Join(dir, "manifest.jsonl")
	b, err := os.ReadFile(path)
	must(t, err)
	// Cut the manifest in the middle of line 6's hash.
	lines := strings.SplitAfter(string(b), "\n")
	torn := strings.Join(lines[:5], "") + lines[5][:len(lines[5])/2]
	must(t, os.WriteFile(path, []byte(torn), 0o644))
	rep, err := Verify(dir)
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, p := range rep.Problems {
		if p.Kind == Malformed && p.Line == 6 && strings.Contains(p.Detail, "cut off") {
			found = true
		}
	}
	if !found {
		t.Errorf("verify did not report the torn line 6: %+v", rep.Problems)
	}
}
