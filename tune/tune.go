package tune

import (
	"context"
	"fmt"
	"math"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/dungraph/dungraph/rulesets"
	"github.com/dungraph/dungraph/stats"
)

// Loader loads the ruleset with overrides applied on top of the caller's
// own (the --set flags), as --set does.
type Loader func(overrides []rulesets.Override) (*rulesets.Ruleset, error)

// Options control Run. The zero value is ready to use.
type Options struct {
	// Workers is the number of goroutines generating levels; 0 means
	// runtime.NumCPU(). It changes nothing but the times.
	Workers int
	// Clock times the levels (the command passes time.Now); nil leaves
	// them untimed, and the "time" objective then ranks all cells equal.
	Clock func() time.Time
}

// Result is a grid and its metrics.
type Result struct {
	Varies []Vary
	// Seeds lists the seeds of every cell, as ranges ("1..200").
	Seeds string
	// Cells are in grid order (see Cells).
	Cells []Cell
}

// Metrics summarize the levels of a cell. The measures of levels are
// those of package stats; a metric without any level to measure (every
// seed failed) is NaN.
type Metrics struct {
	// Levels counts the seeds, Valid those with a valid level within the
	// attempts, FirstAttempt those valid on the first attempt.
	Levels, Valid, FirstAttempt int
	// Validity is FirstAttempt / Levels.
	Validity float64
	// MeanAttempts is the mean of the attempts made per seed, all of them
	// for a seed that failed.
	MeanAttempts float64
	// MedianTimeMS is the median time of level.Generate, in milliseconds.
	MedianTimeMS float64
	// TimeSpreadMS is how far the times spread above the median: the p95
	// minus the median, in milliseconds. Rank takes two cells' times as
	// equal when they differ by no more than the larger spread.
	TimeSpreadMS float64
	// timeClass is set by Rank: see timeClasses.
	timeClass float64
	// EdgeDeviation is the mean of the levels' edge-length deviation
	// (metrics.quality.edge_deviation).
	EdgeDeviation float64
	// Clearance is the smallest gap of any level: the minimum over levels
	// of metrics.clearance.rooms and .corridors, in world units.
	Clearance float64
	// MeanDensity is the mean of the levels' density: room area over the
	// area of the rooms' bounding box.
	MeanDensity float64
	// Stretch is the mean of the levels' stretch; Tail and Worst the
	// largest tail and worst of any level, Density the smallest density
	// of any level: the geometry the quality limits hold each level to
	// (see layout.Geometry).
	Stretch, Tail, Worst, Density float64
}

// MetricsOf returns the metrics of a summarized sample set.
func MetricsOf(s stats.Set) Metrics {
	m := Metrics{
		Levels: s.Levels, Valid: s.Valid, FirstAttempt: s.FirstAttempt,
		MeanAttempts:  s.Metric("attempts").Mean,
		EdgeDeviation: mean(s.Metric("edge_deviation")),
		Clearance:     math.NaN(),
		MeanDensity:   mean(s.Metric("density")),
		Stretch:       mean(s.Metric("stretch")),
		Tail:          extreme(s.Metric("tail"), true),
		Worst:         extreme(s.Metric("worst"), true),
		Density:       extreme(s.Metric("density"), false),
		MedianTimeMS:  math.NaN(),
		TimeSpreadMS:  math.NaN(),
	}
	if s.Levels > 0 {
		m.Validity = float64(s.FirstAttempt) / float64(s.Levels)
	}
	m.Clearance = extreme(s.Metric("clearance"), false)
	if s.Time != nil {
		m.MedianTimeMS = s.Time.MedianMS
		m.TimeSpreadMS = s.Time.P95MS - s.Time.MedianMS
	}
	return m
}

func mean(d stats.Dist) float64 {
	if d.N == 0 {
		return math.NaN()
	}
	return d.Mean
}

// extreme returns d's largest value (largest true) or smallest, NaN when d
// is empty.
func extreme(d stats.Dist, largest bool) float64 {
	switch {
	case d.N == 0:
		return math.NaN()
	case largest:
		return d.Max
	}
	return d.Min
}

// Run generates the levels of seeds for every cell of the grid of varies
// and returns each cell's metrics. It first loads every cell's ruleset with
// load, in parallel, and fails on the first cell (in grid order) that does
// not load, before generating anything. Jobs (a cell and a seed) are then
// shared by the workers; a cell's ruleset is loaded again by its first job,
// and the cell is summarized when its last seed is done, so memory holds
// the rulesets and samples of the cells in progress only. load must give
// the same ruleset every time for the same overrides, and be safe to call
// from several goroutines.
func Run(ctx context.Context, varies []Vary, seeds []uint64, load Loader, opts Options) (*Result, error) {
	cells, err := Cells(varies)
	if err != nil {
		return nil, err
	}
	if len(seeds) == 0 {
		return nil, fmt.Errorf("tune: no seeds")
	}
	// Every cell is loaded once first, and dropped: a cell that does not
	// load fails the run before any level is generated, and memory does
	// not hold thousands of rulesets at once.
	err = stats.Parallel(ctx, len(cells), opts.Workers, func(i int) error {
		if _, err := load(cells[i].Overrides); err != nil {
			return &CellError{Overrides: cells[i].Overrides, Err: err}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}

	ns := len(seeds)
	type cellState struct {
		once    sync.Once
		rs      *rulesets.Ruleset
		err     error
		samples []stats.Sample
		left    atomic.Int64
	}
	states := make([]cellState, len(cells))
	for i := range states {
		states[i].left.Store(int64(ns))
	}
	err = stats.Parallel(ctx, len(cells)*ns, opts.Workers, func(j int) error {
		c, k := j/ns, j%ns
		st := &states[c]
		st.once.Do(func() {
			st.rs, st.err = load(cells[c].Overrides)
			st.samples = make([]stats.Sample, ns)
		})
		if st.err != nil {
			return &CellError{Overrides: cells[c].Overrides, Err: st.err}
		}
		s, err := stats.GenerateSeed(ctx, st.rs, seeds[k], opts.Clock)
		if err != nil {
			return &CellError{Overrides: cells[c].Overrides, Err: err}
		}
		// Only the measures the metrics use are kept.
		s.Tags, s.Rules, s.Valence = nil, nil, nil
		st.samples[k] = s
		if st.left.Add(-1) == 0 {
			cells[c].Metrics = MetricsOf(stats.Summarize(stats.Series{Samples: st.samples}))
			st.samples, st.rs = nil, nil
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return &Result{Varies: varies, Seeds: stats.SeedList(seeds), Cells: cells}, nil
}

// CellError is the failure of one cell: its ruleset did not load, or its
// generation was interrupted.
type CellError struct {
	Overrides []rulesets.Override
	Err       error
}

func (e *CellError) Error() string {
	return "tune: cell " + describeCell(e.Overrides) + ": " + e.Err.Error()
}

func (e *CellError) Unwrap() error { return e.Err }

// describeCell writes the overrides as "k1=v1 k2=v2".
func describeCell(ovs []rulesets.Override) string {
	parts := make([]string, len(ovs))
	for i, o := range ovs {
		parts[i] = o.String()
	}
	return strings.Join(parts, " ")
}
