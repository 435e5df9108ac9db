package batch

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"
)

// fake is a deterministic generator: a seed's files are derived from its
// sha256, seeds ≡ 3 (mod 7) fail, and it counts its calls.
type fake struct {
	// delay, if set, is the time each seed takes; otherwise a seed takes a
	// few microseconds that depend on the seed and the worker, to shuffle
	// the completion order.
	delay time.Duration
	// hook, if set, is called with the number of calls so far.
	hook func(calls int)

	mu    sync.Mutex
	calls map[uint64]int
}

func seedHash(seed uint64) [32]byte {
	return sha256.Sum256(binary.BigEndian.AppendUint64(nil, seed))
}

func fails(seed uint64) bool { return seed%7 == 3 }

// fakeFiles are the files of seed, in an order that varies with the seed.
func fakeFiles(seed uint64) []File {
	h := seedHash(seed)
	files := []File{
		{Name: "level.json", Data: fmt.Appendf(nil, "{\"seed\":%d,\"h\":\"%x\"}\n", seed, h[:8])},
		{Name: "level.txt", Data: []byte(strings.Repeat(hex.EncodeToString(h[:]), int(seed%3)+1))},
	}
	if seed%2 == 1 {
		slices.Reverse(files)
	}
	return files
}

func (f *fake) newWorker(worker int) (Generator, error) {
	return func(ctx context.Context, seed uint64) (Result, error) {
		f.mu.Lock()
		if f.calls == nil {
			f.calls = make(map[uint64]int)
		}
		f.calls[seed]++
		n := 0
		for _, c := range f.calls {
			n += c
		}
		f.mu.Unlock()
		if f.hook != nil {
			f.hook(n)
		}
		if f.delay > 0 {
			time.Sleep(f.delay)
		} else {
			time.Sleep(time.Duration((seedHash(seed)[0]+byte(worker)*37)%64) * time.Microsecond)
		}
		if fails(seed) {
			return Result{Attempt: 5, Metrics: []byte(`{ "attempts": 5 }`)}, fmt.Errorf("seed %d: all 5 attempts failed", seed)
		}
		return Result{
			Attempt: int(seed % 3),
			Files:   fakeFiles(seed),
			Metrics: fmt.Appendf(nil, "{\"rooms\": %d,\n \"ratio\": [1, 2]}", seed%20),
		}, nil
	}, nil
}

// called returns the seeds generated, sorted, failing if one was
// generated twice.
func (f *fake) called(t *testing.T) []uint64 {
	t.Helper()
	f.mu.Lock()
	defer f.mu.Unlock()
	var out []uint64
	for s, c := range f.calls {
		if c != 1 {
			t.Errorf("seed %d generated %d times", s, c)
		}
		out = append(out, s)
	}
	slices.Sort(out)
	return out
}

func mustSeeds(t testing.TB, s string) Seeds {
	t.Helper()
	seeds, err := ParseSeeds(s)
	if err != nil {
		t.Fatal(err)
	}
	return seeds
}

func collect(s Seeds) []uint64 {
	var out []uint64
	for v := range s.All() {
		out = append(out, v)
	}
	return out
}

// run runs a batch, failing the test on error.
func run(t *testing.T, dir string, seeds Seeds, f *fake, opts Options) Summary {
	t.Helper()
	if f == nil {
		f = &fake{}
	}
	sum, err := Run(context.Background(), dir, seeds, f.newWorker, opts)
	if err != nil {
		t.Fatalf("Run(%s, %v): %v", dir, opts.Shard, err)
	}
	return sum
}

// snapshot returns every file under dir but the timings, by relative path.
func snapshot(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := make(map[string]string)
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || strings.HasPrefix(d.Name(), "timings") {
			return err
		}
		b, err := os.ReadFile(path)
		rel, _ := filepath.Rel(dir, path)
		out[filepath.ToSlash(rel)] = string(b)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// diffSnapshots reports the paths whose content differs.
func diffSnapshots(t *testing.T, want, got map[string]string, what string) {
	t.Helper()
	var diffs []string
	for p, w := range want {
		if g, ok := got[p]; !ok {
			diffs = append(diffs, "-"+p)
		} else if g != w {
			diffs = append(diffs, "~"+p)
		}
	}
	for p := range got {
		if _, ok := want[p]; !ok {
			diffs = append(diffs, "+"+p)
		}
	}
	if len(diffs) > 0 {
		sort.Strings(diffs)
		if len(diffs) > 10 {
			diffs = append(diffs[:10], "…")
		}
		t.Errorf("%s: files differ (-missing +extra ~changed): %v", what, diffs)
	}
}

func readString(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// manifestSeeds parses a manifest, checking every line, and returns its
// seeds.
func manifestSeeds(t *testing.T, path string) []uint64 {
	t.Helper()
	recs, bad, _, err := readRecords(path)
	if err != nil || len(bad) > 0 {
		t.Fatalf("%s: %v, bad lines %v", path, err, bad)
	}
	var out []uint64
	for _, r := range recs {
		out = append(out, r.entry.Seed)
	}
	return out
}

// minus returns the seeds of all not in some, both sorted.
func minus(all, some []uint64) []uint64 {
	var out []uint64
	for _, s := range all {
		if _, found := slices.BinarySearch(some, s); !found {
			out = append(out, s)
		}
	}
	return out
}

func isInterrupted(err error) bool { return errors.Is(err, ErrInterrupted) }
