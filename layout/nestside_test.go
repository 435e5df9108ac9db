package layout

import (
	"math/rand/v2"
	"testing"

	"github.com/dungraph/dungraph/grammar"
	"github.com/dungraph/dungraph/params"
)

// triFanGrammar is the triangle fans of level/testdata/quality/trifans.toml:
// a start triangle, then a room hung on x–y of a whole triangle x, y, z,
// away from z, over and over.
func triFanGrammar(t testing.TB) *grammar.Grammar {
	t.Helper()
	gr, err := grammar.Compile(grammar.Definition{Rules: []grammar.Rule{
		startRule([]grammar.SubstituteVertex{{ID: "s", Tag: "a", Pos: at(0, 0)}, {ID: "b", Tag: "a", Pos: at(100, 0)}, {ID: "c", Tag: "a", Pos: at(50, 87)}},
			[]grammar.SubstituteEdge{{A: "s", B: "b"}, {A: "b", B: "c"}, {A: "c", B: "s"}}),
		{
			Name: "fan",
			Pattern: grammar.Pattern{
				Vertices: []grammar.PatternVertex{{ID: "x", Tags: []string{"a"}, Pos: at(0, 0)}, {ID: "y", Tags: []string{"a"}, Pos: at(100, 0)}, {ID: "z", Tags: []string{"a"}, Pos: at(50, 87)}},
				Edges:    []grammar.PatternEdge{{A: "x", B: "y"}, {A: "y", B: "z"}, {A: "z", B: "x"}},
			},
			Substitute: grammar.Substitute{
				Vertices: []grammar.SubstituteVertex{{ID: "x", Tag: "-", Pos: at(0, 0)}, {ID: "y", Tag: "-", Pos: at(100, 0)}, {ID: "z", Tag: "-", Pos: at(50, 87)}, {ID: "c", Tag: "a", Pos: at(50, -87)}},
				Edges:    []grammar.SubstituteEdge{{A: "x", B: "y"}, {A: "y", B: "z"}, {A: "z", B: "x"}, {A: "x", B: "c"}, {A: "y", B: "c"}},
			},
		},
	}})
	if err != nil {
		t.Fatal(err)
	}
	return gr
}

// buildLimited builds gr as the level pipeline does (trifans' build
// settings, crossings rejected, MayHang and MayDraw hooked) with the nest
// limit 6 of the default tail limit, and returns the constructor.
func buildLimited(t testing.TB, gr *grammar.Grammar, seed uint64) *Constructor {
	t.Helper()
	c := &Constructor{Forces: params.Forces{CrossingFree: true}, NestLimit: 6}
	opts := grammar.Options{MaxIterations: 60, MinVertices: 30, MaxVertices: 60, MaxValence: 8, RejectCrossings: true,
		MayHang: c.MayHang, MayDraw: c.MayDraw, AfterRewrite: c.AfterRewrite}
	if _, err := gr.Build(opts, rand.New(rand.NewPCG(seed, 0))); err != nil {
		t.Fatal(err)
	}
	return c
}

// TestNestLimitCountsPinnedDrawing: where the match pins a hanging room's
// side (trifans), no triangle of the construction drawing holds more
// rooms than the drawn limit, and that limit is the NestLimit unless a
// step had to be drawn past it. Without the drawing's count the limit is
// the model's, whose sides the matches do not follow: the fullest
// triangle of seeds 1–10 then holds 14 to 34 rooms, against
// the model's 6.
func TestNestLimitCountsPinnedDrawing(t *testing.T) {
	gr := triFanGrammar(t)
	held := 0
	const seeds = 10
	for seed := uint64(1); seed <= seeds; seed++ {
		c := buildLimited(t, gr, seed)
		if !c.log.pinned {
			t.Fatalf("seed %d: a triangle pattern's hanging rooms not seen as pinned", seed)
		}
		drawn, limit := c.Enclosed(), c.drawnLimit()
		if drawn > limit {
			t.Errorf("seed %d: one triangle holds %d rooms, past the drawn limit %d", seed, drawn, limit)
		}
		if cs := conflicts(c.d, false); len(cs) > 0 {
			t.Errorf("seed %d: construction conflicts %v", seed, cs[:min(3, len(cs))])
		}
		if limit == c.NestLimit {
			held++
		}
	}
	if held < seeds*8/10 {
		t.Errorf("%d of %d builds kept the nest limit %d in the drawing, want at least 80%%", held, seeds, 6)
	}
}

// TestFansAreNotPinned: a fan's match is its corridor alone, so the plan
// may choose its sides and the model's count stays the limit's.
func TestFansAreNotPinned(t *testing.T) {
	gr := fanGrammar(t)
	for seed := uint64(1); seed <= 3; seed++ {
		if c := buildLimited(t, gr, seed); c.log.pinned || c.bound.raised != 0 {
			t.Errorf("seed %d: fans pinned %v, drawn limit raised to %d", seed, c.log.pinned, c.bound.raised)
		}
	}
}
