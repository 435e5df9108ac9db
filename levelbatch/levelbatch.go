package levelbatch

import (
	"context"
	"encoding/hex"
	"encoding/json"
	"errors"
	"time"

	"github.com/dungraph/dungraph/batch"
	"github.com/dungraph/dungraph/level"
	"github.com/dungraph/dungraph/levelfile"
	"github.com/dungraph/dungraph/rulesets"
)

// Generator generates the levels of one ruleset. Its Generate method is a
// batch.Generator; it may be called from several goroutines at once.
type Generator struct {
	Ruleset *rulesets.Ruleset
	// Options are the pipeline's: the time and memory budgets of a level.
	// The time budget bounds the level's files too: Files gets a context
	// whose deadline is Options.Timeout after Generate began.
	Options level.Options
	// Files makes the files of a level from its document, in the order
	// they are to be listed, until ctx is done. Nil makes none.
	Files func(ctx context.Context, doc *levelfile.Document) ([]batch.File, error)
	// Now, if set, is the clock that measures how long each level took to
	// generate (batch.Result.GenerateTime, which reaches timings.jsonl
	// only); nil leaves it unmeasured.
	Now func() time.Time
}

// Generate generates seed's level and its files. A seed whose level fails
// after every attempt records the last attempt; a level, or its files'
// map stage, past Options.Timeout is a failed seed, not an interrupted one.
func (g Generator) Generate(ctx context.Context, seed uint64) (batch.Result, error) {
	var start time.Time
	if g.Now != nil {
		start = g.Now()
	}
	// level.Generate sets its own deadline, of the same budget, so that it
	// can tell its budget from ctx's end.
	budget := ctx
	if g.Options.Timeout > 0 {
		var cancel context.CancelFunc
		budget, cancel = context.WithTimeout(ctx, g.Options.Timeout)
		defer cancel()
	}
	lv, err := level.Generate(ctx, g.Ruleset, seed, g.Options)
	if err != nil {
		return batch.Result{Attempt: g.Ruleset.Build.Attempts - 1}, failedSeed(ctx, err)
	}
	res := batch.Result{Attempt: lv.Attempt}
	if g.Now != nil {
		res.GenerateTime = g.Now().Sub(start)
	}
	doc, err := lv.Document()
	if err != nil {
		return res, err
	}
	if g.Files != nil {
		files, err := g.Files(budget, doc)
		var te *MapTimeoutError
		if errors.As(err, &te) {
			te.Budget = g.Options.Timeout
		}
		if err != nil {
			return res, failedSeed(ctx, err)
		}
		res.Files = files
	}
	res.Metrics, err = json.Marshal(keyMetrics(doc))
	return res, err
}

// failedSeed makes a level or a map stage past its own time budget, while
// ctx lives, a failed seed: batch leaves a seed whose error is a context
// error undone for the next run, which would only run out again, and the
// budget errors (level.TimeoutError, MapTimeoutError) unwrap to
// context.DeadlineExceeded.
func failedSeed(ctx context.Context, err error) error {
	var te *level.TimeoutError
	var me *MapTimeoutError
	if ctx.Err() == nil && (errors.As(err, &te) || errors.As(err, &me)) {
		return overBudget{err}
	}
	return err
}

// overBudget is a budget error that errors.Is does not take for a context
// error; errors.As still finds the budget error in it.
type overBudget struct{ err error }

func (e overBudget) Error() string { return e.err.Error() }

func (e overBudget) As(target any) bool { return errors.As(e.err, target) }

// Metrics are the metrics a manifest line keeps of a level, named as in
// the level format's "metrics".
type Metrics struct {
	Rooms              int             `json:"rooms"`
	Corridors          int             `json:"corridors"`
	Attempts           int             `json:"attempts"`
	CriticalPathRooms  int             `json:"critical_path_rooms"`
	CriticalPathLength levelfile.Float `json:"critical_path_length"`
	DeadEnds           int             `json:"dead_ends"`
	EdgeDeviation      levelfile.Float `json:"edge_deviation"`
}

func keyMetrics(d *levelfile.Document) Metrics {
	m := d.Metrics
	return Metrics{
		Rooms: m.Rooms, Corridors: m.Corridors, Attempts: m.Attempts,
		CriticalPathRooms: m.CriticalPathRooms, CriticalPathLength: m.CriticalPathLength,
		DeadEnds: m.DeadEnds, EdgeDeviation: m.Quality.EdgeDeviation,
	}
}

// Params returns the parameters a batch of rs's levels records (see
// batch.Options.Params): the ruleset's name, sha256 and overrides and the
// generator's build. A rerun into the same directory must give the same
// parameters; the formats' options are batch.Options.Outputs, which the
// caller that chose the formats describes.
func Params(rs *rulesets.Ruleset) (json.RawMessage, error) {
	overrides := []string{}
	for _, o := range rs.Overrides {
		overrides = append(overrides, o.String())
	}
	return json.Marshal(struct {
		Ruleset   string               `json:"ruleset"`
		SHA256    string               `json:"sha256"`
		Overrides []string             `json:"overrides"`
		Generator levelfile.Provenance `json:"generator"`
	}{
		rs.Name, hex.EncodeToString(rs.SHA256[:]), overrides, levelfile.BuildProvenance(),
	})
}
