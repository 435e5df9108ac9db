package levelbatch

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/dungraph/dungraph/batch"
	"github.com/dungraph/dungraph/level"
	"github.com/dungraph/dungraph/levelfile"
	"github.com/dungraph/dungraph/rulesets"
)

func quads(t *testing.T, overrides ...rulesets.Override) *rulesets.Ruleset {
	t.Helper()
	rs, err := rulesets.Loader{Overrides: overrides}.Bundled("quads")
	if err != nil {
		t.Fatal(err)
	}
	return rs
}

// jsonFiles makes each level's JSON, as the command's --format json does.
func jsonFiles(_ context.Context, doc *levelfile.Document) ([]batch.File, error) {
	var b bytes.Buffer
	if err := doc.WriteJSON(&b); err != nil {
		return nil, err
	}
	return []batch.File{{Name: "level.json", Data: b.Bytes()}}, nil
}

// TestBatchOfLevels runs a batch on two workers and checks each seed's
// file and manifest metrics against the level generated on its own.
func TestBatchOfLevels(t *testing.T) {
	rs := quads(t)
	g := Generator{Ruleset: rs, Files: jsonFiles}
	dir := t.TempDir()
	seeds, err := batch.ParseSeeds("1..4")
	if err != nil {
		t.Fatal(err)
	}
	params, err := Params(rs)
	if err != nil {
		t.Fatal(err)
	}
	newWorker := func(int) (batch.Generator, error) { return g.Generate, nil }
	sum, err := batch.Run(context.Background(), dir, seeds, newWorker, batch.Options{Workers: 2, Params: params, Now: time.Now})
	if err != nil || sum.Generated != 4 || sum.Failed != 0 {
		t.Fatalf("Run = %+v, %v; want 4 levels generated", sum, err)
	}
	manifest, err := os.ReadFile(filepath.Join(dir, "manifest.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(manifest)), "\n")
	for i, seed := range []uint64{1, 2, 3, 4} {
		lv, err := level.Generate(context.Background(), rs, seed, level.Options{})
		if err != nil {
			t.Fatal(err)
		}
		doc, err := lv.Document()
		if err != nil {
			t.Fatal(err)
		}
		want, err := jsonFiles(context.Background(), doc)
		if err != nil {
			t.Fatal(err)
		}
		got, err := os.ReadFile(filepath.Join(dir, strconv.FormatUint(seed, 10), "level.json"))
		if err != nil || !bytes.Equal(got, want[0].Data) {
			t.Errorf("seed %d: level.json differs from the level generated alone (%v)", seed, err)
		}
		var entry struct {
			Seed    uint64  `json:"seed"`
			Metrics Metrics `json:"metrics"`
		}
		if err := json.Unmarshal([]byte(lines[i]), &entry); err != nil {
			t.Fatalf("manifest line %d: %v", i+1, err)
		}
		if entry.Seed != seed || entry.Metrics != keyMetrics(doc) || entry.Metrics.Rooms != lv.Metrics.Rooms || entry.Metrics.Rooms == 0 {
			t.Errorf("manifest line %d = %+v; want seed %d with metrics %+v", i+1, entry, seed, keyMetrics(doc))
		}
	}
}

// TestFailedSeed: a level past its budget is an error that records the
// last attempt, and no files are made.
func TestFailedSeed(t *testing.T) {
	rs := quads(t)
	called := false
	g := Generator{Ruleset: rs, Options: level.Options{Timeout: time.Nanosecond}, Files: func(context.Context, *levelfile.Document) ([]batch.File, error) {
		called = true
		return nil, nil
	}}
	res, err := g.Generate(context.Background(), 1)
	var te *level.TimeoutError
	if !errors.As(err, &te) || res.Attempt != rs.Build.Attempts-1 || called {
		t.Errorf("Generate = %+v, %v (files made: %t); want a TimeoutError at attempt %d and no files", res, err, called, rs.Build.Attempts-1)
	}
	// A batch leaves seeds with context errors undone: a budget error is
	// an outcome, the seed failed.
	if errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("Generate past its budget = %v; want no context error, so that batch records the seed as failed", err)
	}
	sum, err := batch.Run(context.Background(), t.TempDir(), mustSeeds(t, "1"), func(int) (batch.Generator, error) { return g.Generate, nil }, batch.Options{Workers: 1})
	if err != nil || sum.Failed != 1 {
		t.Errorf("batch.Run of a seed past its budget = %+v, %v; want one failed seed", sum, err)
	}
	g.Options = level.Options{}
	g.Files = func(context.Context, *levelfile.Document) ([]batch.File, error) { return nil, errors.New("disk full") }
	if _, err := g.Generate(context.Background(), 1); err == nil || err.Error() != "disk full" {
		t.Errorf("Generate with failing files = %v; want their error", err)
	}
}

// TestFilesWithinBudget: a level's files are made under its time budget:
// Files gets a context whose deadline is at most the budget away, and a
// map stage it stops names the budget.
func TestFilesWithinBudget(t *testing.T) {
	const budget = time.Minute
	start := time.Now()
	var deadline time.Time
	g := Generator{Ruleset: quads(t), Options: level.Options{Timeout: budget}, Files: func(ctx context.Context, doc *levelfile.Document) ([]batch.File, error) {
		deadline, _ = ctx.Deadline()
		return nil, &MapTimeoutError{Ruleset: doc.Ruleset.Name, Seed: doc.Seed, Format: "tmx"}
	}}
	_, err := g.Generate(context.Background(), 1)
	var te *MapTimeoutError
	if !errors.As(err, &te) || te.Budget != budget {
		t.Errorf("Generate whose map stage ran out = %v; want a MapTimeoutError of budget %v", err, budget)
	}
	if deadline.IsZero() || deadline.Before(start) || deadline.After(time.Now().Add(budget)) {
		t.Errorf("Files' deadline %v; want within %v of the start %v", deadline, budget, start)
	}
}

// TestParams: the parameters name what decides the levels, so that a rerun
// with another ruleset or override is refused.
func TestParams(t *testing.T) {
	base, err := Params(quads(t))
	if err != nil {
		t.Fatal(err)
	}
	again, _ := Params(quads(t))
	if !bytes.Equal(base, again) {
		t.Errorf("Params differ between two calls:\n%s\n%s", base, again)
	}
	other, err := Params(quads(t, rulesets.Override{Key: "build.max_vertices", Value: "30"}))
	if err != nil || bytes.Equal(other, base) {
		t.Errorf("with an override: Params = %s, %v; want other parameters than %s", other, err, base)
	}
	var v struct {
		Ruleset   string   `json:"ruleset"`
		Overrides []string `json:"overrides"`
	}
	if err := json.Unmarshal(base, &v); err != nil || v.Ruleset != "quads" || v.Overrides == nil {
		t.Errorf("Params = %s (%v); want the ruleset's name and an empty override list", base, err)
	}
}

// TestGenerateTime: with a clock, a seed's result says how long its level
// took; without one, nothing.
func TestGenerateTime(t *testing.T) {
	tick := time.Unix(0, 0)
	clock := func() time.Time { tick = tick.Add(time.Second); return tick }
	g := Generator{Ruleset: quads(t), Now: clock}
	res, err := g.Generate(context.Background(), 1)
	if err != nil || res.GenerateTime != time.Second {
		t.Errorf("Generate with a clock = %v, %v; want a GenerateTime of one tick", res.GenerateTime, err)
	}
	g.Now = nil
	if res, err := g.Generate(context.Background(), 1); err != nil || res.GenerateTime != 0 {
		t.Errorf("Generate without a clock = %v, %v; want no GenerateTime", res.GenerateTime, err)
	}
}

func mustSeeds(t *testing.T, list string) batch.Seeds {
	t.Helper()
	s, err := batch.ParseSeeds(list)
	if err != nil {
		t.Fatal(err)
	}
	return s
}
