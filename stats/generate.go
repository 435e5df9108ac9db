package stats

import (
	"context"
	"errors"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"github.com/dungraph/dungraph/level"
	"github.com/dungraph/dungraph/rulesets"
)

// Options control Generate. The zero value is ready to use.
type Options struct {
	// Workers is the number of goroutines generating levels; 0 means
	// runtime.NumCPU(). It changes nothing but the timings.
	Workers int
	// Clock times each level (the command passes time.Now); nil leaves
	// samples untimed. Times are reported, never part of a level.
	Clock func() time.Time
}

// Generate generates and measures the level of every seed of rs, in
// parallel, and returns the samples in the order of seeds. A seed without
// a valid level within the ruleset's attempts is a sample with Valid
// false, not an error; the error is ctx's, or a level that could not be
// made into a document.
func Generate(ctx context.Context, rs *rulesets.Ruleset, seeds []uint64, opts Options) ([]Sample, error) {
	out := make([]Sample, len(seeds))
	err := Parallel(ctx, len(seeds), opts.Workers, func(i int) error {
		s, err := GenerateSeed(ctx, rs, seeds[i], opts.Clock)
		out[i] = s
		return err
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// GenerateSeed generates and measures the level of seed. With a clock,
// Time is the time level.Generate took by it; without one the sample is
// untimed.
func GenerateSeed(ctx context.Context, rs *rulesets.Ruleset, seed uint64, clock func() time.Time) (Sample, error) {
	var start time.Time
	if clock != nil {
		start = clock()
	}
	lv, err := level.Generate(ctx, rs, seed, level.Options{})
	var took time.Duration
	if clock != nil {
		took = clock().Sub(start)
	}
	timed := clock != nil
	if errors.Is(err, level.ErrNoValidLevel) {
		return Sample{Seed: seed, Reason: err.Error(), Attempts: max(rs.Build.Attempts, 1), Time: took, Timed: timed}, nil
	}
	if err != nil {
		return Sample{}, err
	}
	d, err := lv.Document()
	if err != nil {
		return Sample{}, err
	}
	s, err := Measure(d)
	s.Time, s.Timed = took, timed
	return s, err
}

// Parallel calls do(i) for every i in [0, n) on workers goroutines (0:
// runtime.NumCPU()). Each call writes its result to slot i of the caller's
// slice, so results are ordered by index whatever the order calls finish.
// After a call fails, or ctx ends, no new call starts; Parallel returns
// the error of the lowest index that failed, or ctx's error.
func Parallel(ctx context.Context, n, workers int, do func(i int) error) error {
	if workers <= 0 {
		workers = runtime.NumCPU()
	}
	workers = max(min(workers, n), 1)
	errs := make([]error, n)
	var (
		next atomic.Int64
		stop atomic.Bool
		wg   sync.WaitGroup
	)
	for range workers {
		wg.Go(func() {
			for !stop.Load() && ctx.Err() == nil {
				i := int(next.Add(1) - 1)
				if i >= n {
					return
				}
				if err := do(i); err != nil {
					errs[i] = err
					stop.Store(true)
				}
			}
		})
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return ctx.Err()
}
