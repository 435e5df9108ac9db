package stats

import (
	"bufio"
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"time"

	"github.com/dungraph/dungraph/batch"
	"github.com/dungraph/dungraph/levelfile"
)

// LevelFile is the name of a seed's level document in a batch directory:
// DIR/<seed>/level.json.
const LevelFile = "level.json"

// Batch is what ReadDir found in a batch directory.
type Batch struct {
	Dir string
	// Rulesets lists the distinct ruleset names of the levels, sorted.
	Rulesets []string
	// Samples are the seeds' samples in seed order.
	Samples []Sample
	// Timed reports whether a timings file was found.
	Timed bool
}

// maxProblems caps the problems ReadDir reports.
const maxProblems = 10

// ReadDir measures the levels of a directory written by `dungraph batch`
// (see package batch): DIR/<seed>/level.json for each seed. The seeds are
// those of the manifest (manifest.jsonl, or the shards' manifests
// manifest.shard-I-of-N.jsonl together), whose failed seeds become samples
// with Valid false; without a manifest, every DIR/<seed>/level.json. The
// timings files (timings.jsonl, timings.shard-*.jsonl: lines
// {"seed":N,"ms":F,...}; the last line of a seed wins) give the samples
// their Time. Every unreadable or malformed file is reported, up to ten.
func ReadDir(dir string) (*Batch, error) {
	b := &Batch{Dir: dir}
	var problems []error
	report := func(err error) { problems = append(problems, err) }

	entries, found, err := readManifests(dir)
	if err != nil {
		return nil, err
	}
	if !found {
		entries, err = scanSeeds(dir)
		if err != nil {
			return nil, err
		}
	}
	names := map[string]bool{}
	for _, e := range entries {
		if len(problems) > maxProblems {
			break
		}
		if e.Status == batch.StatusFailed {
			b.Samples = append(b.Samples, Sample{Seed: e.Seed, Reason: e.Reason, Attempt: e.Attempt, Attempts: failedAttempts(e)})
			continue
		}
		path := filepath.Join(dir, strconv.FormatUint(e.Seed, 10), LevelFile)
		d, err := readLevel(path)
		if err != nil {
			report(err)
			continue
		}
		if d.Seed != e.Seed {
			report(fmt.Errorf("stats: %s: seed %d, but it is in the directory of seed %d", path, d.Seed, e.Seed))
			continue
		}
		s, err := Measure(d)
		if err != nil {
			report(fmt.Errorf("%s: %w", path, err))
			continue
		}
		names[d.Ruleset.Name] = true
		b.Samples = append(b.Samples, s)
	}
	if len(problems) > 0 {
		return nil, joinProblems(problems)
	}
	for name := range names {
		b.Rulesets = append(b.Rulesets, name)
	}
	slices.Sort(b.Rulesets)

	times, timed, err := readTimings(dir)
	if err != nil {
		return nil, err
	}
	b.Timed = timed
	for i := range b.Samples {
		if t, ok := times[b.Samples[i].Seed]; ok {
			b.Samples[i].Time, b.Samples[i].Timed = t, true
		}
	}
	return b, nil
}

func joinProblems(problems []error) error {
	if len(problems) > maxProblems {
		n := len(problems) - maxProblems
		problems = append(problems[:maxProblems:maxProblems], fmt.Errorf("stats: and more problems after %d", n))
	}
	return errors.Join(problems...)
}

func readLevel(path string) (*levelfile.Document, error) {
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("stats: %w (stats reads the levels' JSON files: make the batch with the json format)", err)
	} else if err != nil {
		return nil, fmt.Errorf("stats: %w", err)
	}
	defer f.Close()
	d, err := levelfile.ReadJSON(f)
	if err != nil {
		return nil, fmt.Errorf("stats: %s: %w", path, err)
	}
	return d, nil
}

// failedAttempts is the attempts a failed seed made: its metrics'
// "attempts" if the generator recorded them, else its attempt plus one.
func failedAttempts(e batch.Entry) int {
	var m struct {
		Attempts *int `json:"attempts"`
	}
	if len(e.Metrics) > 0 && json.Unmarshal(e.Metrics, &m) == nil && m.Attempts != nil && *m.Attempts > 0 {
		return *m.Attempts
	}
	return e.Attempt + 1
}

// readManifests reads manifest.jsonl, or else every shard's manifest,
// and returns their entries in seed order.
func readManifests(dir string) ([]batch.Entry, bool, error) {
	paths := []string{filepath.Join(dir, "manifest.jsonl")}
	if _, err := os.Stat(paths[0]); errors.Is(err, fs.ErrNotExist) {
		paths, err = filepath.Glob(filepath.Join(dir, "manifest.shard-*.jsonl"))
		if err != nil {
			return nil, false, fmt.Errorf("stats: %w", err)
		}
		slices.Sort(paths)
	} else if err != nil {
		return nil, false, fmt.Errorf("stats: %w", err)
	}
	if len(paths) == 0 {
		return nil, false, nil
	}
	var (
		entries  []batch.Entry
		problems []error
	)
	for _, path := range paths {
		data, err := os.ReadFile(path)
		if err != nil {
			return nil, false, fmt.Errorf("stats: %w", err)
		}
		for i, line := range bytes.Split(data, []byte("\n")) {
			if len(bytes.TrimSpace(line)) == 0 {
				continue
			}
			var e batch.Entry
			if err := json.Unmarshal(line, &e); err != nil {
				problems = append(problems, fmt.Errorf("stats: %s:%d: %v", path, i+1, err))
				continue
			}
			if e.Status != batch.StatusOK && e.Status != batch.StatusFailed {
				problems = append(problems, fmt.Errorf("stats: %s:%d: status %q is neither %q nor %q", path, i+1, e.Status, batch.StatusOK, batch.StatusFailed))
				continue
			}
			entries = append(entries, e)
		}
	}
	slices.SortStableFunc(entries, func(a, b batch.Entry) int { return cmp.Compare(a.Seed, b.Seed) })
	for i := 1; i < len(entries); i++ {
		if entries[i].Seed == entries[i-1].Seed {
			problems = append(problems, fmt.Errorf("stats: %s: seed %d is listed twice", dir, entries[i].Seed))
		}
	}
	if len(problems) > 0 {
		return nil, false, joinProblems(problems)
	}
	return entries, true, nil
}

// scanSeeds lists the directories DIR/<seed> that hold a level.json, for
// a directory without a manifest.
func scanSeeds(dir string) ([]batch.Entry, error) {
	des, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("stats: %w", err)
	}
	var entries []batch.Entry
	for _, de := range des {
		seed, err := strconv.ParseUint(de.Name(), 10, 64)
		if err != nil || !de.IsDir() || strconv.FormatUint(seed, 10) != de.Name() {
			continue
		}
		if _, err := os.Stat(filepath.Join(dir, de.Name(), LevelFile)); err == nil {
			entries = append(entries, batch.Entry{Seed: seed, Status: batch.StatusOK})
		}
	}
	if len(entries) == 0 {
		return nil, fmt.Errorf("stats: %s: no manifest.jsonl and no <seed>/%s: not a batch directory", dir, LevelFile)
	}
	slices.SortFunc(entries, func(a, b batch.Entry) int { return cmp.Compare(a.Seed, b.Seed) })
	return entries, nil
}

// readTimings reads the timings files of dir: seed → time.
func readTimings(dir string) (map[uint64]time.Duration, bool, error) {
	paths, err := filepath.Glob(filepath.Join(dir, "timings.shard-*.jsonl"))
	if err != nil {
		return nil, false, fmt.Errorf("stats: %w", err)
	}
	slices.Sort(paths)
	paths = append([]string{filepath.Join(dir, "timings.jsonl")}, paths...)
	times := map[uint64]time.Duration{}
	found := false
	for _, path := range paths {
		f, err := os.Open(path)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		} else if err != nil {
			return nil, false, fmt.Errorf("stats: %w", err)
		}
		found = true
		sc := bufio.NewScanner(f)
		for n := 1; sc.Scan(); n++ {
			line := sc.Bytes()
			if len(bytes.TrimSpace(line)) == 0 {
				continue
			}
			var t struct {
				Seed *uint64  `json:"seed"`
				MS   *float64 `json:"ms"`
				// GenMS, the generation alone, is preferred where a batch
				// recorded it: ms includes the exports (a PNG preview costs
				// ten times the level).
				GenMS *float64 `json:"gen_ms"`
			}
			if err := json.Unmarshal(line, &t); err != nil {
				// A run killed mid-write may leave a torn line.
				continue
			}
			if t.Seed == nil || t.MS == nil || !(*t.MS >= 0) {
				f.Close()
				return nil, false, fmt.Errorf("stats: %s:%d: want {\"seed\":N,\"ms\":F,...}", path, n)
			}
			ms := *t.MS
			if t.GenMS != nil && *t.GenMS >= 0 {
				ms = *t.GenMS
			}
			times[*t.Seed] = time.Duration(ms * float64(time.Millisecond))
		}
		err = sc.Err()
		f.Close()
		if err != nil {
			return nil, false, fmt.Errorf("stats: %s: %w", path, err)
		}
	}
	return times, found, nil
}
