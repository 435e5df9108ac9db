package batch

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"testing"
	"time"
)

const (
	helperEnv   = "BATCH_TEST_HELPER_DIR"
	helperSeeds = "1..400"
)

// TestHelperProcess is not a test: TestKilledRunResumes runs the test
// binary with it, as a batch to kill.
func TestHelperProcess(t *testing.T) {
	dir := os.Getenv(helperEnv)
	if dir == "" {
		t.Skip("a helper process for TestKilledRunResumes")
	}
	f := &fake{delay: 8 * time.Millisecond}
	seeds, _ := ParseSeeds(helperSeeds)
	if _, err := Run(context.Background(), dir, seeds, f.newWorker, Options{Workers: 4}); err != nil {
		t.Fatal(err)
	}
}

// TestKilledRunResumes kills a run with SIGKILL once some seeds are done,
// then resumes it: the result is an uninterrupted run's, and the resumed run
// generates exactly the seeds the journal does not hold.
func TestKilledRunResumes(t *testing.T) {
	seeds := mustSeeds(t, helperSeeds)
	dir := t.TempDir()
	cmd := exec.Command(os.Args[0], "-test.run=^TestHelperProcess$", "-test.count=1")
	cmd.Env = append(os.Environ(), helperEnv+"="+dir)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	journal := filepath.Join(dir, "manifest.jsonl.journal")
	deadline := time.Now().Add(30 * time.Second)
	for {
		recs, _, _, _ := readRecords(journal)
		if len(recs) >= 40 {
			break
		}
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			t.Fatalf("the helper journaled %d seeds in 30s", len(recs))
		}
		time.Sleep(2 * time.Millisecond)
	}
	if err := cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	cmd.Wait()
	if _, err := os.Stat(filepath.Join(dir, "manifest.jsonl")); err == nil {
		t.Fatal("the helper finished before it was killed; slow it down")
	}
	recs, _, _, err := readRecords(journal)
	if err != nil {
		t.Fatal(err)
	}
	var journaled []uint64
	for _, r := range recs {
		journaled = append(journaled, r.entry.Seed)
	}
	slices.Sort(journaled)
	if n := len(journaled); n < 40 || uint64(n) >= seeds.Len() || len(slices.Compact(slices.Clone(journaled))) != n {
		t.Fatalf("journal holds %d seeds (%v), want some, once each", n, journaled)
	}

	f := &fake{}
	sum := run(t, dir, seeds, f, Options{Workers: 3})
	if got, want := f.called(t), minus(collect(seeds), journaled); !slices.Equal(got, want) {
		t.Errorf("resumed run generated %d seeds %v, want the %d not journaled %v", len(got), got, len(want), want)
	}
	if sum.Skipped != uint64(len(journaled)) {
		t.Errorf("resumed run skipped %d seeds, want %d", sum.Skipped, len(journaled))
	}
	ref := t.TempDir()
	run(t, ref, seeds, nil, Options{})
	diffSnapshots(t, snapshot(t, ref), snapshot(t, dir), "killed and resumed run")
}
