package level

import (
	"context"
	"errors"
	"slices"
	"testing"

	"gonum.org/v1/gonum/spatial/r2"

	"github.com/dungraph/dungraph/layout"
	"github.com/dungraph/dungraph/rulesets"
)

// loadProbe loads testdata/probe/name.toml with the given overrides.
func loadProbe(t *testing.T, name string, set ...rulesets.Override) *rulesets.Ruleset {
	t.Helper()
	rs, err := rulesets.Loader{Overrides: set}.LoadFile("testdata/probe/" + name + ".toml")
	if err != nil {
		t.Fatal(err)
	}
	return rs
}

// TestOrientDiagonalLevels generates first attempts of the diagonal probe,
// a long path its side rooms bend into a diagonal: turned to lie along the
// axes, its levels keep the density limit (unturned, 7 of the first 20
// seeds did).
func TestOrientDiagonalLevels(t *testing.T) {
	rs := loadProbe(t, "diagonal")
	seeds := 20
	if testing.Short() {
		seeds = 8
	}
	pass, turned := 0, 0
	for s := range seeds {
		seed := uint64(s + 1)
		lv, err := GenerateAttempt(context.Background(), rs, seed, 0, Options{})
		switch {
		case err == nil:
			pass++
			if tr := lv.Metrics.Turn; tr.Turned() {
				turned++
				if !(tr.After <= tr.Before*2/3) {
					t.Errorf("seed %d: turned with box %.0f of %.0f, more than 2/3", seed, tr.After, tr.Before)
				}
			}
		case errors.Is(err, ErrNoValidLevel):
			t.Logf("seed %d: %v", seed, err)
		default:
			t.Fatal(err)
		}
	}
	if pass < seeds-1 {
		t.Errorf("%d of %d first attempts valid, want at least %d", pass, seeds, seeds-1)
	}
	if turned < seeds/2 {
		t.Errorf("%d of %d levels turned, want at least half", turned, seeds)
	}
}

// TestLoweredLimitSameLevel relaxes the diagonal probe's seeds with the
// density limit at its default and lowered, as a user does to look at a
// rejected level: the drawing is the same (the press aims at the defaults
// where a ruleset's limits are laxer), so the level shown is the one
// rejected. Seeds 7 and 9 are near the density limit, where the press
// runs. (max_tail is left alone: it also sets the build's nest limit,
// and is aimed at as written.)
func TestLoweredLimitSameLevel(t *testing.T) {
	final := func(rs *rulesets.Ruleset, seed uint64) []r2.Vec {
		var pos []r2.Vec
		w := &Watch{Relax: func(r *layout.Relaxation) {
			if r.Phase() == layout.Done {
				pos = slices.Clone(r.Positions())
			}
		}}
		_, err := GenerateAttempt(context.Background(), rs, seed, 0, Options{Watch: w})
		if err != nil && !errors.Is(err, ErrNoValidLevel) {
			t.Fatal(err)
		}
		if pos == nil {
			t.Fatalf("seed %d: the relax pass did not finish", seed)
		}
		return pos
	}
	lowered := []rulesets.Override{
		{Key: "quality.min_density", Value: "0.001"},
		{Key: "quality.max_stretch", Value: "1e9"}, {Key: "quality.max_worst", Value: "1e9"},
	}
	def, low := loadProbe(t, "diagonal"), loadProbe(t, "diagonal", lowered...)
	for _, seed := range []uint64{7, 9} {
		a, b := final(def, seed), final(low, seed)
		if !slices.Equal(a, b) {
			t.Errorf("seed %d: the lowered limits relax to another drawing", seed)
		}
	}
	// A stricter limit is aimed at: the press runs toward it.
	strict := loadProbe(t, "diagonal", rulesets.Override{Key: "quality.min_density", Value: "0.5"})
	if got := aimOf(strict).MinDensity; got != 0.5 {
		t.Errorf("aim of min_density 0.5 is %g", got)
	}
	want := layout.DefaultLimits()
	want.MaxTail = 1e12 // the tail limit is aimed at as written
	if got := aimOf(loadProbe(t, "diagonal", append(lowered, rulesets.Override{Key: "quality.max_tail", Value: "1e12"})...)); got != want {
		t.Errorf("aim of lowered limits is %+v, want %+v", got, want)
	}
}

// TestOrientKeepsLimits generates hub seed 155, whose best turn would
// keep the drawing valid but take its tail from 4.38 past the limit
// (5.22): the rooms keep their axes, so the corridors' visible lengths
// change with their direction. Orient keeps a turn only if it misses no
// limit the unturned drawing keeps, so that turn is refused and a later
// one (5 tried) is kept, within the limits.
func TestOrientKeepsLimits(t *testing.T) {
	rs, err := rulesets.Loader{}.LoadFile("testdata/quality/hub.toml")
	if err != nil {
		t.Fatal(err)
	}
	lv, err := GenerateAttempt(context.Background(), rs, 155, 0, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if tr := lv.Metrics.Turn; tr.Tried < 2 {
		t.Errorf("turn %+v: the best turn was kept", tr)
	}
	if miss := (layout.Limits{}).Miss(lv.Metrics.Quality.Geometry); miss != "" {
		t.Errorf("shipped outside the limits: %s", miss)
	}
}
