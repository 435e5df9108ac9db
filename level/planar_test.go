package level

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/dungraph/dungraph/grammar"
	"github.com/dungraph/dungraph/layout"
	"github.com/dungraph/dungraph/rulesets"
)

// nonplanarRulesets are the test rulesets whose rules make the graph
// non-planar, and the rule that does.
var nonplanarRulesets = []struct{ file, rule string }{
	{"testdata/nonplanar/grid.toml", "cross"},
	{"testdata/nonplanar/pentagrams.toml", "star"},
}

func loadPlanar(t *testing.T, file, mode string) *rulesets.Ruleset {
	t.Helper()
	rs, err := rulesets.Loader{Overrides: []rulesets.Override{{Key: "build.planar", Value: mode}}}.LoadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	return rs
}

// TestPlanarReject: with build.planar = "reject" (the default) every
// level of the non-planar rulesets is valid on its first attempt, and the
// rule that would break planarity was drawn and rejected.
func TestPlanarReject(t *testing.T) {
	seeds := uint64(50)
	if testing.Short() {
		seeds = 5
	}
	for _, tc := range nonplanarRulesets {
		rs := loadPlanar(t, tc.file, rulesets.PlanarReject)
		rejected := 0
		for seed := uint64(1); seed <= seeds; seed++ {
			lv, err := Generate(context.Background(), rs, seed, Options{})
			if err != nil {
				t.Fatalf("%s seed %d: %v", tc.file, seed, err)
			}
			if lv.Attempt != 0 {
				t.Errorf("%s seed %d: valid on attempt %d, want the first; failures %v", tc.file, seed, lv.Attempt, lv.Failures)
			}
			if cs := layout.Check(discs(lv.Graph, lv.Rooms), corridorsOf(lv.Graph)); len(cs) > 0 {
				t.Fatalf("%s seed %d: shipped a level with conflicts: %v", tc.file, seed, cs[0])
			}
			for _, s := range lv.Build.Steps {
				for r, st := range s.Stats {
					if rs.Rules[r].Name == tc.rule {
						rejected += st.NonPlanar
					}
				}
			}
		}
		if rejected == 0 {
			t.Errorf("%s: rule %q was never rejected as non-planar in %d seeds: the test does not exercise the setting", tc.file, tc.rule, seeds)
		}
	}
}

// TestPlanarJunction: with build.planar = "junction" the levels ship, and
// their crossings became junction rooms: rooms of the junction tag with
// four corridors, each credited to the later rule application of its two
// corridors (the non-planar rule, or a rule whose corridors the
// construction drew across others once the drawing had crossings).
func TestPlanarJunction(t *testing.T) {
	seeds := uint64(10)
	if testing.Short() {
		seeds = 3
	}
	for _, tc := range nonplanarRulesets {
		rs := loadPlanar(t, tc.file, rulesets.PlanarJunction)
		tag := rs.Role(rulesets.RoleJunction)
		junctions, byRule := 0, 0
		for seed := uint64(1); seed <= seeds; seed++ {
			lv, err := Generate(context.Background(), rs, seed, Options{})
			if err != nil {
				t.Fatalf("%s seed %d: %v", tc.file, seed, err)
			}
			if cs := layout.Check(discs(lv.Graph, lv.Rooms), corridorsOf(lv.Graph)); len(cs) > 0 {
				t.Fatalf("%s seed %d: shipped a level with conflicts: %v", tc.file, seed, cs[0])
			}
			g := lv.Graph
			for v := range g.Order() {
				if g.Vertex(v).Tag != tag {
					continue
				}
				junctions++
				if g.Valence(v) != 4 {
					t.Errorf("%s seed %d: junction %d has %d corridors, want 4", tc.file, seed, v, g.Valence(v))
				}
				c := g.Vertex(v).CreatedBy
				if c < 0 || c >= len(lv.Build.Steps) {
					t.Fatalf("%s seed %d: junction %d credited to step %d, not a step of the build", tc.file, seed, v, c)
				}
				if rs.Rules[lv.Build.Steps[c].Rule].Name == tc.rule {
					byRule++
				}
			}
		}
		if junctions < int(seeds) || byRule == 0 {
			t.Errorf("%s: %d junction rooms in %d levels, %d of them credited to rule %q; want at least one a level on average, and some by the rule", tc.file, junctions, seeds, byRule, tc.rule)
		}
	}
}

// TestPlanarOffNamesRule: with build.planar = "off" the non-planar
// rewrites stay, the attempts fail, and each failure names the rule
// application whose corridors cross.
func TestPlanarOffNamesRule(t *testing.T) {
	for _, tc := range nonplanarRulesets {
		rs := loadPlanar(t, tc.file, rulesets.PlanarOff)
		_, err := Generate(context.Background(), rs, 1, Options{Attempts: 2})
		if err == nil {
			t.Fatalf("%s: seed 1 made a level with planar = \"off\"; want failed attempts", tc.file)
		}
		msg := err.Error()
		for _, want := range []string{"construction crossings:", `(rule "` + tc.rule + `", step `, `build.planar = "junction"`} {
			if !strings.Contains(msg, want) {
				t.Errorf("%s: the error does not say %q:\n%s", tc.file, want, msg)
			}
		}
	}
}

// TestPlanarProvenance checks that provenance credits each corridor to
// the step that added it, against a brute-force replay of the build.
func TestPlanarProvenance(t *testing.T) {
	rs := loadPlanar(t, nonplanarRulesets[0].file, rulesets.PlanarJunction)
	prov := newProvenance()
	var snapshots []map[layout.Link]bool
	bo := buildOptions(rs)
	bo.AfterRewrite = func(g *grammar.Graph, s *grammar.Step) error {
		prov.record(g, s)
		now := map[layout.Link]bool{}
		for _, e := range g.Edges() {
			if !e.Cosmetic {
				now[linkOf(e.A, e.B)] = true
			}
		}
		snapshots = append(snapshots, now)
		return nil
	}
	res, err := rs.Grammar.Build(bo, rand.New(RandSource(3, 0)))
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range res.Graph.Edges() {
		l := linkOf(e.A, e.B)
		// The corridor was added at the first step of its final unbroken
		// run of presence.
		want := len(snapshots) - 1
		for want > 0 && snapshots[want-1][l] {
			want--
		}
		if got := prov.of(l); got != want {
			t.Errorf("corridor %d-%d: provenance says step %d, replay %d", l.A, l.B, got, want)
		}
	}
}
