package batch

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

const testSeeds = "0..60,100..120,200"

// TestManifestContent checks a run's manifest against the fake generator
// line by line, and that nothing is left but the outputs.
func TestManifestContent(t *testing.T) {
	dir := t.TempDir()
	seeds := mustSeeds(t, testSeeds)
	sum := run(t, dir, seeds, nil, Options{Workers: 3, Params: json.RawMessage(`{"ruleset": "x"}`)})
	recs, bad, _, err := readRecords(filepath.Join(dir, "manifest.jsonl"))
	if err != nil || len(bad) > 0 {
		t.Fatal(err, bad)
	}
	all := collect(seeds)
	if len(recs) != len(all) {
		t.Fatalf("%d manifest lines, want %d", len(recs), len(all))
	}
	var failed []uint64
	for i, rec := range recs {
		e, seed := rec.entry, all[i]
		if e.Seed != seed {
			t.Fatalf("line %d: seed %d, want %d", i+1, e.Seed, seed)
		}
		if fails(seed) {
			failed = append(failed, seed)
			want := fmt.Sprintf(`{"seed":%d,"attempt":5,"status":"failed","metrics":{"attempts":5},"reason":"seed %d: all 5 attempts failed"}`+"\n", seed, seed)
			if string(rec.line) != want {
				t.Errorf("line %d = %s, want %s", i+1, rec.line, want)
			}
			continue
		}
		want := fmt.Sprintf(`{"seed":%d,"attempt":%d,"status":"ok","files":{`, seed, seed%3)
		for j, f := range []string{"level.json", "level.txt"} {
			data := readString(t, filepath.Join(dir, fmt.Sprint(seed), f))
			for _, ff := range fakeFiles(seed) {
				if ff.Name == f && string(ff.Data) != data {
					t.Errorf("seed %d: %s holds %q, want %q", seed, f, data, ff.Data)
				}
			}
			h := sha256.Sum256([]byte(data))
			if j > 0 {
				want += ","
			}
			want += fmt.Sprintf(`%q:"%s"`, f, hex.EncodeToString(h[:]))
		}
		want += fmt.Sprintf(`},"metrics":{"rooms":%d,"ratio":[1,2]}}`+"\n", seed%20)
		if string(rec.line) != want {
			t.Errorf("line %d = %s, want %s", i+1, rec.line, want)
		}
	}
	var gotFailed []uint64
	for _, f := range sum.Failures {
		gotFailed = append(gotFailed, f.Seed)
		if f.Reason != fmt.Sprintf("seed %d: all 5 attempts failed", f.Seed) {
			t.Errorf("seed %d: reason %q", f.Seed, f.Reason)
		}
	}
	if !slices.Equal(gotFailed, failed) {
		t.Errorf("Summary.Failures seeds = %v, want %v", gotFailed, failed)
	}
	want := Progress{Total: uint64(len(all)), Done: uint64(len(all)), Generated: uint64(len(all)), Failed: uint64(len(failed)), Bytes: seedBytes(t, dir)}
	if sum.Progress != want || sum.Manifest != filepath.Join(dir, "manifest.jsonl") {
		t.Errorf("Summary = %+v, want %+v", sum, want)
	}
	if got, want := readString(t, filepath.Join(dir, "batch.json")), `{"batch":1,"seeds":"0..60,100..120,200","params":{"ruleset":"x"}}`+"\n"; got != want {
		t.Errorf("batch.json = %s, want %s", got, want)
	}
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if n := e.Name(); !e.IsDir() && n != "manifest.jsonl" && n != "batch.json" && n != "timings.jsonl" {
			t.Errorf("left in %s: %s", dir, n)
		}
	}
}

// TestDeterministicAcrossWorkers: 1, 2 and 8 workers write the same files.
func TestDeterministicAcrossWorkers(t *testing.T) {
	t.Parallel()
	seeds := mustSeeds(t, testSeeds)
	var want map[string]string
	for _, workers := range []int{1, 2, 8} {
		dir := t.TempDir()
		run(t, dir, seeds, nil, Options{Workers: workers})
		got := snapshot(t, dir)
		if want == nil {
			want = got
			continue
		}
		diffSnapshots(t, want, got, fmt.Sprintf("%d workers", workers))
	}
}

// TestShardsConcatenate: the shards' manifests, concatenated in shard order,
// are the unsharded manifest byte for byte, whether the shards share a
// directory or not; Verify and Merge rebuild the unsharded manifest and
// batch.json.
func TestShardsConcatenate(t *testing.T) {
	t.Parallel()
	seeds := mustSeeds(t, testSeeds)
	params := json.RawMessage(`{"ruleset":"x"}`)
	whole := t.TempDir()
	run(t, whole, seeds, nil, Options{Params: params})
	want := snapshot(t, whole)
	for _, count := range []int{2, 3, 7, 90} {
		shared := t.TempDir()
		var concat, concatApart []byte
		var apart []string
		for i := range count {
			sh := Shard{Index: i, Count: count}
			run(t, shared, seeds, nil, Options{Shard: sh, Workers: 1 + i%3, Params: params})
			concat = append(concat, readString(t, filepath.Join(shared, namesOf(sh).manifest))...)
			if count > 10 {
				continue
			}
			d := t.TempDir()
			run(t, d, seeds, nil, Options{Shard: sh, Params: params})
			concatApart = append(concatApart, readString(t, filepath.Join(d, namesOf(sh).manifest))...)
			apart = append(apart, d)
		}
		if string(concat) != want["manifest.jsonl"] {
			t.Errorf("%d shards in one directory: the concatenated manifests differ from the unsharded one", count)
		}
		if count <= 10 && string(concatApart) != want["manifest.jsonl"] {
			t.Errorf("%d shards apart: the concatenated manifests differ from the unsharded one", count)
		}
		for _, dirs := range [][]string{{shared}, apart} {
			if len(dirs) == 0 {
				continue
			}
			rep, err := Verify(dirs...)
			if err != nil || rep.Err() != nil {
				t.Fatalf("%d shards: Verify: %v %v", count, err, rep.Err())
			}
			if rep.Found != seeds.Len() || rep.Shards != count {
				t.Errorf("%d shards: Verify found %d seeds in %d shards", count, rep.Found, rep.Shards)
			}
			out := t.TempDir()
			if err := Merge(rep, out); err != nil {
				t.Fatal(err)
			}
			for _, name := range []string{"manifest.jsonl", "batch.json"} {
				if got := readString(t, filepath.Join(out, name)); got != want[name] {
					t.Errorf("%d shards: merged %s differs from the unsharded run's:\n%s\nwant\n%s", count, name, got, want[name])
				}
			}
		}
		// The level files are the unsharded run's, too.
		got := snapshot(t, shared)
		for p, w := range want {
			if strings.Contains(p, "/") && got[p] != w {
				t.Errorf("%d shards: %s differs", count, p)
			}
		}
	}
}

// TestResumeAfterCancel: a run cancelled midway, then run again, writes
// what an uninterrupted run writes, and the second run generates only the
// seeds the first left undone.
func TestResumeAfterCancel(t *testing.T) {
	seeds := mustSeeds(t, testSeeds)
	ref := t.TempDir()
	run(t, ref, seeds, nil, Options{})
	want := snapshot(t, ref)

	dir := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	first := &fake{hook: func(calls int) {
		if calls == 30 {
			cancel()
		}
	}}
	sum, err := Run(ctx, dir, seeds, first.newWorker, Options{Workers: 4})
	if !isInterrupted(err) || !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled Run = %v, want ErrInterrupted and context.Canceled", err)
	}
	if sum.Done < 30 || sum.Done >= seeds.Len() || sum.Done != sum.Generated {
		t.Fatalf("cancelled Run: %+v", sum.Progress)
	}
	if !strings.Contains(err.Error(), fmt.Sprintf("%d of %d seeds done", sum.Done, sum.Total)) {
		t.Errorf("error %q does not give the counts", err)
	}
	done := manifestSeeds(t, filepath.Join(dir, "manifest.jsonl"))
	if uint64(len(done)) != sum.Done || !slices.IsSorted(done) {
		t.Fatalf("the interrupted manifest holds %d seeds %v, want the %d done, in order", len(done), done, sum.Done)
	}
	if !slices.Equal(first.called(t), done) {
		t.Errorf("the interrupted manifest holds %v, the generator made %v", done, first.called(t))
	}
	if _, err := os.Stat(filepath.Join(dir, "manifest.jsonl.journal")); err == nil {
		t.Error("the journal is left after an orderly interruption")
	}

	second := &fake{}
	sum = run(t, dir, seeds, second, Options{Workers: 3})
	if got, want := second.called(t), minus(collect(seeds), done); !slices.Equal(got, want) {
		t.Errorf("the resumed run generated %v, want only the seeds left %v", got, want)
	}
	if sum.Skipped != uint64(len(done)) || sum.Done != seeds.Len() {
		t.Errorf("resumed Summary = %+v", sum.Progress)
	}
	diffSnapshots(t, want, snapshot(t, dir), "resumed run")

	// Once more: nothing left to do.
	third := &fake{}
	run(t, dir, seeds, third, Options{})
	if got := third.called(t); len(got) > 0 {
		t.Errorf("a complete run run again generated %v", got)
	}
	diffSnapshots(t, want, snapshot(t, dir), "third run")
}

// TestResumeRepairs: a run over damaged output regenerates exactly the
// seeds whose files are missing or damaged or that have no record, takes
// records from the journal, ignores its torn last line, and removes stale
// temporary files.
func TestResumeRepairs(t *testing.T) {
	seeds := mustSeeds(t, "1..40")
	dir := t.TempDir()
	run(t, dir, seeds, nil, Options{})
	want := snapshot(t, dir)

	// Seed 5: a damaged file; seed 8: a missing file; seed 15: no record;
	// seed 12: its record only in the journal; seed 13: its record torn.
	damage := filepath.Join(dir, "5", "level.json")
	b := []byte(readString(t, damage))
	b[3] ^= 1
	must(t, os.WriteFile(damage, b, 0o644))
	must(t, os.Remove(filepath.Join(dir, "8", "level.txt")))
	mpath := filepath.Join(dir, "manifest.jsonl")
	var kept, journal []byte
	for _, line := range bytes.SplitAfter([]byte(readString(t, mpath)), []byte("\n")) {
		switch {
		case bytes.HasPrefix(line, []byte(`{"seed":15,`)):
		case bytes.HasPrefix(line, []byte(`{"seed":12,`)):
			journal = append(journal, line...)
		case bytes.HasPrefix(line, []byte(`{"seed":13,`)):
			journal = append(journal, line[:len(line)/2]...)
		default:
			kept = append(kept, line...)
		}
	}
	must(t, os.WriteFile(mpath, kept, 0o644))
	must(t, os.WriteFile(mpath+".journal", journal, 0o644))
	stale := []string{filepath.Join(dir, ".manifest.jsonl.tmp123"), filepath.Join(dir, "14", ".level.json.tmp456")}
	for _, p := range stale {
		must(t, os.WriteFile(p, []byte("half"), 0o644))
	}

	f := &fake{}
	sum := run(t, dir, seeds, f, Options{Workers: 4})
	// Seed 13's files are intact, but with no whole record it is like a
	// seed in flight when the run was killed: regenerated.
	if got := f.called(t); !slices.Equal(got, []uint64{5, 8, 13, 15}) {
		t.Errorf("regenerated %v, want [5 8 13 15]", got)
	}
	if sum.Repaired != 2 || sum.Generated != 4 || sum.Skipped != 36 {
		t.Errorf("Summary %+v, repaired %d; want 4 generated of which 2 repaired, 36 skipped", sum.Progress, sum.Repaired)
	}
	diffSnapshots(t, want, snapshot(t, dir), "repaired run")
	for _, p := range stale {
		if _, err := os.Stat(p); err == nil {
			t.Errorf("stale %s left", p)
		}
	}
}

// TestJournalTornLine: a torn last journal line is ignored and cut off, so
// that the lines appended after it parse.
func TestJournalTornLine(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "j")
	must(t, os.WriteFile(path, []byte("{\"seed\":1,\"attempt\":0,\"status\":\"failed\"}\n{\"seed\":2,\"att"), 0o644))
	recs, bad, complete, err := readRecords(path)
	if err != nil || len(recs) != 1 || len(bad) != 1 || bad[0].num != 2 || complete != 41 {
		t.Fatalf("readRecords = %v, %v, %d, %v; want the first line, and the second as torn", recs, bad, complete, err)
	}
	f, err := openLog(path)
	must(t, err)
	_, err = f.Write([]byte("{\"seed\":3,\"attempt\":0,\"status\":\"failed\"}\n"))
	must(t, err)
	must(t, f.Close())
	recs, bad, _, err = readRecords(path)
	if err != nil || len(recs) != 2 || len(bad) != 0 || recs[1].entry.Seed != 3 {
		t.Fatalf("after appending: %v, %v, %v", recs, bad, err)
	}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// TestRetryFailed: failed seeds are kept by default and generated again
// with RetryFailed.
func TestRetryFailed(t *testing.T) {
	seeds := mustSeeds(t, "1..30")
	dir := t.TempDir()
	run(t, dir, seeds, nil, Options{})
	want := snapshot(t, dir)
	var failed []uint64
	for s := range seeds.All() {
		if fails(s) {
			failed = append(failed, s)
		}
	}
	f := &fake{}
	sum := run(t, dir, seeds, f, Options{})
	if got := f.called(t); len(got) > 0 || sum.Failed != uint64(len(failed)) || len(sum.Failures) != len(failed) {
		t.Errorf("rerun generated %v, Summary %+v; want nothing, %d failed", got, sum.Progress, len(failed))
	}
	f = &fake{}
	run(t, dir, seeds, f, Options{RetryFailed: true})
	if got := f.called(t); !slices.Equal(got, failed) {
		t.Errorf("RetryFailed generated %v, want the failed seeds %v", got, failed)
	}
	diffSnapshots(t, want, snapshot(t, dir), "after RetryFailed")
}

// seedBytes sums the sizes of the files in dir's seed directories.
func seedBytes(t *testing.T, dir string) uint64 {
	t.Helper()
	var n uint64
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		files, err := os.ReadDir(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range files {
			info, err := f.Info()
			if err != nil {
				t.Fatal(err)
			}
			n += uint64(info.Size())
		}
	}
	return n
}

// TestEstimate: the seeds left take the time and bytes per seed of those
// generated; skipped seeds count as done but not as measured.
func TestEstimate(t *testing.T) {
	p := Progress{Total: 1000, Done: 30, Generated: 20, Skipped: 10, Bytes: 2000}
	left, took, bytes, ok := p.Estimate(2 * time.Second)
	if !ok || left != 970 || took != 97*time.Second || bytes != 97000 {
		t.Errorf("Estimate = %d seeds, %v, %d bytes, %v; want 970, 1m37s, 97000, true", left, took, bytes, ok)
	}
	if _, _, _, ok := (Progress{Total: 10, Skipped: 5, Done: 5}).Estimate(time.Second); ok {
		t.Error("an estimate from skipped seeds alone")
	}
}

func TestParamsChanged(t *testing.T) {
	seeds := mustSeeds(t, "1..5")
	dir := t.TempDir()
	run(t, dir, seeds, nil, Options{Params: json.RawMessage(`{"ruleset":"a","formats":["png"]}`)})
	run(t, dir, seeds, nil, Options{Params: json.RawMessage("{ \"ruleset\": \"a\",\n \"formats\": [\"png\"] }")})
	for _, p := range []string{`{"ruleset":"b","formats":["png"]}`, ""} {
		_, err := Run(context.Background(), dir, seeds, (&fake{}).newWorker, Options{Params: json.RawMessage(p)})
		if !errors.Is(err, ErrParamsChanged) {
			t.Errorf("params %q after \"a\": %v, want ErrParamsChanged", p, err)
		}
	}
	if _, err := Run(context.Background(), t.TempDir(), seeds, (&fake{}).newWorker, Options{Params: json.RawMessage(`{`)}); err == nil {
		t.Error("Params that are not JSON accepted")
	}

	// The message names the keys that differ, and only those.
	_, err := Run(context.Background(), dir, seeds, (&fake{}).newWorker, Options{Params: json.RawMessage(`{"ruleset":"b","formats":["png"]}`)})
	if msg := fmt.Sprint(err); !strings.Contains(msg, `  ruleset: "a" (this run: "b")`) || strings.Contains(msg, "formats") || !strings.Contains(msg, "levels would differ") {
		t.Errorf("message %q: want the ruleset key alone, and that the levels would differ", msg)
	}
}

// TestFormatsChanged: a run with other file names remakes the seeds of an
// earlier run; other options of a format both write are refused, naming
// the option; a format's options do not matter when one run lacks it.
func TestFormatsChanged(t *testing.T) {
	seeds := mustSeeds(t, "1..4")
	dir := t.TempDir()
	var made atomic.Int64
	worker := func(names ...string) func(int) (Generator, error) {
		return func(int) (Generator, error) {
			return func(ctx context.Context, seed uint64) (Result, error) {
				made.Add(1)
				var res Result
				for _, n := range names {
					res.Files = append(res.Files, File{Name: n, Data: []byte(n)})
				}
				return res, nil
			}, nil
		}
	}
	params := json.RawMessage(`{"ruleset":"a"}`)
	opts := func(outputs string, names ...string) Options {
		return Options{Params: params, Outputs: json.RawMessage(outputs), FileNames: names, Workers: 1}
	}
	if _, err := Run(context.Background(), dir, seeds, worker("level.json"), opts(`{"json":{}}`, "level.json")); err != nil {
		t.Fatal(err)
	}
	made.Store(0)
	sum, err := Run(context.Background(), dir, seeds, worker("level.json", "level.png"), opts(`{"json":{},"png":{"size":100}}`, "level.json", "level.png"))
	if err != nil {
		t.Fatalf("adding a format: %v", err)
	}
	if sum.Remade != 4 || sum.Skipped != 0 || made.Load() != 4 {
		t.Errorf("adding a format: %d remade, %d skipped, %d made; want every seed remade", sum.Remade, sum.Skipped, made.Load())
	}
	if _, err := os.Stat(filepath.Join(dir, "3", "level.png")); err != nil {
		t.Errorf("the added format is missing: %v", err)
	}
	made.Store(0)
	sum, err = Run(context.Background(), dir, seeds, worker("level.json", "level.png"), opts(`{"json":{},"png":{"size":100}}`, "level.json", "level.png"))
	if err != nil || sum.Skipped != 4 || made.Load() != 0 {
		t.Errorf("the same run again: %v, %d skipped, %d made; want all skipped", err, sum.Skipped, made.Load())
	}
	_, err = Run(context.Background(), dir, seeds, worker("level.json", "level.png"), opts(`{"json":{},"png":{"size":200}}`, "level.json", "level.png"))
	if msg := fmt.Sprint(err); !errors.Is(err, ErrParamsChanged) || !strings.Contains(msg, `  png: {"size":100} (this run: {"size":200})`) || !strings.Contains(msg, "its levels would not") {
		t.Errorf("another PNG size: %v; want ErrParamsChanged naming png alone", err)
	}
}

// The message about changed parameters escapes control characters of a
// batch file's keys and values (a hand-edited file may hold any).
func TestParamsChangedEscaped(t *testing.T) {
	seeds := mustSeeds(t, "1..2")
	dir := t.TempDir()
	run(t, dir, seeds, nil, Options{Params: json.RawMessage("{\"k\\u001b\": \"v\u202e\"}")})
	_, err := Run(context.Background(), dir, seeds, (&fake{}).newWorker, Options{Params: json.RawMessage(`{"k\u001b": "w"}`)})
	msg := fmt.Sprint(err)
	if !errors.Is(err, ErrParamsChanged) || strings.ContainsAny(msg, "\x1b\u202e") || !strings.Contains(msg, `  k\x1b: "v\u202e" (this run: "w")`) {
		t.Errorf("message %q: want the key and value escaped", msg)
	}
}

// TestBadGenerator: a generator that breaks the rules of File or Result
// stops the run with an error naming the seed; a panic fails the seed.
func TestBadGenerator(t *testing.T) {
	tests := []struct {
		name  string
		res   Result
		panic bool
		want  string // in the error, "" for a failed seed
	}{
		{name: "empty name", res: Result{Files: []File{{Name: ""}}}, want: "empty file name"},
		{name: "separator", res: Result{Files: []File{{Name: "a/b"}}}, want: "separator"},
		{name: "backslash", res: Result{Files: []File{{Name: `a\b`}}}, want: "separator"},
		{name: "parent", res: Result{Files: []File{{Name: ".."}}}, want: `".."`},
		{name: "dot", res: Result{Files: []File{{Name: ".hidden"}}}, want: "dot"},
		{name: "twice", res: Result{Files: []File{{Name: "a"}, {Name: "a"}}}, want: "two files"},
		{name: "metrics", res: Result{Metrics: []byte("{")}, want: "Metrics are not JSON"},
		{name: "panic", panic: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			gen := func(ctx context.Context, seed uint64) (Result, error) {
				if seed < 3 {
					return Result{Files: fakeFiles(seed)}, nil
				}
				if tt.panic {
					panic(fmt.Sprintf("boom %d", seed))
				}
				return tt.res, nil
			}
			sum, err := Run(context.Background(), dir, mustSeeds(t, "1..3"), func(int) (Generator, error) { return gen, nil }, Options{Workers: 1})
			if tt.want == "" {
				if err != nil || len(sum.Failures) != 1 || sum.Failures[0].Reason != "panic: boom 3" {
					t.Fatalf("Run = %v, %+v; want seed 3 failed with the panic", err, sum.Failures)
				}
				return
			}
			if err == nil || isInterrupted(err) || !strings.Contains(err.Error(), "seed 3") || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("Run = %v, want an error about seed 3: %s", err, tt.want)
			}
			if got := manifestSeeds(t, filepath.Join(dir, "manifest.jsonl")); !slices.Equal(got, []uint64{1, 2}) {
				t.Errorf("the manifest holds %v, want the seeds done [1 2]", got)
			}
			if _, err := os.Stat(filepath.Join(dir, "b")); err == nil {
				t.Error("a file escaped its seed directory")
			}
		})
	}
	_, err := Run(context.Background(), t.TempDir(), mustSeeds(t, "1..3"), func(w int) (Generator, error) {
		return nil, errors.New("no font")
	}, Options{})
	if err == nil || !strings.Contains(err.Error(), "worker 0: no font") {
		t.Errorf("failing newWorker: %v", err)
	}
}

// TestGeneratorContextError: a seed whose generator returns a context
// error is left undone, not recorded as failed.
func TestGeneratorContextError(t *testing.T) {
	dir := t.TempDir()
	gen := func(ctx context.Context, seed uint64) (Result, error) {
		if seed == 2 {
			return Result{}, fmt.Errorf("render: %w", context.DeadlineExceeded)
		}
		return Result{Files: fakeFiles(seed)}, nil
	}
	sum, err := Run(context.Background(), dir, mustSeeds(t, "1..4"), func(int) (Generator, error) { return gen, nil }, Options{Workers: 2})
	if !isInterrupted(err) || sum.Done != 3 || sum.Failed != 0 {
		t.Fatalf("Run = %v, %+v; want ErrInterrupted with 3 seeds done", err, sum.Progress)
	}
	if got := manifestSeeds(t, filepath.Join(dir, "manifest.jsonl")); !slices.Equal(got, []uint64{1, 3, 4}) {
		t.Errorf("manifest seeds %v, want [1 3 4]", got)
	}
}

// TestTimings: timings come from Options.Now, one line per seed generated,
// and do not reach the manifest.
func TestTimings(t *testing.T) {
	seeds := mustSeeds(t, "1..4")
	var mu sync.Mutex
	clock := time.Unix(0, 0)
	now := func() time.Time {
		mu.Lock()
		defer mu.Unlock()
		clock = clock.Add(1500 * time.Microsecond)
		return clock
	}
	dir := t.TempDir()
	run(t, dir, seeds, nil, Options{Workers: 1, Now: now})
	want := ""
	for s := range seeds.All() {
		want += fmt.Sprintf("{\"seed\":%d,\"worker\":0,\"ms\":1.500}\n", s)
	}
	if got := readString(t, filepath.Join(dir, "timings.jsonl")); got != want {
		t.Errorf("timings.jsonl =\n%s\nwant\n%s", got, want)
	}
	other := t.TempDir()
	run(t, other, seeds, nil, Options{Workers: 2})
	diffSnapshots(t, snapshot(t, dir), snapshot(t, other), "another clock")

	// A generator that measures the level apart from its export: gen_ms.
	gen := t.TempDir()
	newWorker := func(int) (Generator, error) {
		return func(ctx context.Context, seed uint64) (Result, error) {
			return Result{Files: []File{{Name: "f", Data: []byte{byte(seed)}}}, GenerateTime: time.Duration(seed) * time.Millisecond}, nil
		}, nil
	}
	if _, err := Run(context.Background(), gen, seeds, newWorker, Options{Workers: 1, Now: now}); err != nil {
		t.Fatal(err)
	}
	want = ""
	for s := range seeds.All() {
		want += fmt.Sprintf("{\"seed\":%d,\"worker\":0,\"ms\":1.500,\"gen_ms\":%d.000}\n", s, s)
	}
	if got := readString(t, filepath.Join(gen, "timings.jsonl")); got != want {
		t.Errorf("timings.jsonl with GenerateTime =\n%s\nwant\n%s", got, want)
	}
}

// TestProgress: Progress starts at zero, counts every seed once and ends
// at the Summary's counts, and does not change the output.
func TestProgress(t *testing.T) {
	seeds := mustSeeds(t, "1..50")
	dir := t.TempDir()
	var calls []Progress
	sum := run(t, dir, seeds, nil, Options{Workers: 4, Progress: func(p Progress) { calls = append(calls, p) }})
	if len(calls) != 51 || calls[0] != (Progress{Total: 50}) || calls[50] != sum.Progress {
		t.Fatalf("%d Progress calls, first %+v, last %+v; want 51 from zero to %+v", len(calls), calls[0], calls[len(calls)-1], sum.Progress)
	}
	for i, p := range calls {
		if p.Done != uint64(i) || p.Done != p.Generated+p.Skipped || p.Total != 50 {
			t.Fatalf("Progress call %d: %+v", i, p)
		}
	}
	other := t.TempDir()
	run(t, other, seeds, nil, Options{Workers: 4})
	diffSnapshots(t, snapshot(t, dir), snapshot(t, other), "without Progress")
}

func TestEmptyShard(t *testing.T) {
	dir := t.TempDir()
	sum := run(t, dir, mustSeeds(t, "1..2"), nil, Options{Shard: Shard{Index: 0, Count: 3}})
	if sum.Total != 0 || readString(t, filepath.Join(dir, "manifest.shard-0-of-3.jsonl")) != "" {
		t.Errorf("an empty shard: %+v", sum.Progress)
	}
	if _, err := Run(context.Background(), dir, mustSeeds(t, "1"), (&fake{}).newWorker, Options{Shard: Shard{Index: 3, Count: 3}}); err == nil {
		t.Error("shard 3/3 accepted")
	}
}

// TestInterruptedResumeKeepsRecords: a resumed run interrupted in turn keeps
// the earlier records of the seeds it did not reach, unchecked, so nothing
// done is forgotten; the next run checks them.
func TestInterruptedResumeKeepsRecords(t *testing.T) {
	seeds := mustSeeds(t, "1..40")
	dir := t.TempDir()
	run(t, dir, seeds, nil, Options{})
	want := snapshot(t, dir)
	must(t, os.Remove(filepath.Join(dir, "11", "level.txt")))
	must(t, os.Remove(filepath.Join(dir, "29", "level.txt")))

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	f := &fake{hook: func(int) { cancel() }}
	sum, err := Run(ctx, dir, seeds, f.newWorker, Options{Workers: 1})
	if !isInterrupted(err) || sum.Done >= 29 {
		t.Fatalf("Run = %v, %+v; want an interruption before seed 29", err, sum.Progress)
	}
	if got := f.called(t); !slices.Equal(got, []uint64{11}) {
		t.Fatalf("generated %v, want [11]", got)
	}
	if got := readString(t, filepath.Join(dir, "manifest.jsonl")); got != want["manifest.jsonl"] {
		t.Errorf("the interrupted manifest lost records:\n%s\nwant\n%s", got, want["manifest.jsonl"])
	}
	f = &fake{}
	run(t, dir, seeds, f, Options{})
	if got := f.called(t); !slices.Equal(got, []uint64{29}) {
		t.Errorf("generated %v, want [29]", got)
	}
	diffSnapshots(t, want, snapshot(t, dir), "resumed twice")
}
