package grammar

import (
	"math/rand/v2"
	"testing"
)

// TestMayFill: a build asks MayFill about the matches of a rule that
// puts a path of rooms between two (with or without RejectCrossings),
// skips the refused ones as Wrap, and, when it refuses every candidate
// of a step, draws the step again without it, so the build still ends
// with all its iterations. The step drawn again does not ask it: with
// every candidate refused, a step whose asks outnumber its Wrap counts,
// or a build that ends short, would show it asked.
func TestMayFill(t *testing.T) {
	gr, err := Compile(Definition{Rules: []Rule{edgeStartRule(), loopPathRule()}})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name   string
		refuse func(asked int) bool
		wrap   bool // some step counts a Wrap refusal
	}{
		{"every other one refused", func(asked int) bool { return asked%2 == 1 }, true},
		{"every one refused", func(int) bool { return true }, true},
		{"none refused", func(int) bool { return false }, false},
	} {
		for _, reject := range []bool{true, false} {
			asked := 0
			var asks []int // MayFill's asks before each step was drawn
			opts := Options{MaxIterations: 6, MaxVertices: 100, RejectCrossings: reject,
				MayFill: func(g *Graph, r *Rewrite) bool {
					asked++
					if len(r.Fit) != len(r.Host) || r.First != g.Order() {
						t.Errorf("%s: MayFill given a rewrite without its fit", tc.name)
					}
					return !tc.refuse(asked)
				},
				AfterRewrite: func(*Graph, *Step) error {
					asks = append(asks, asked)
					return nil
				}}
			res, err := gr.Build(opts, rand.New(rand.NewPCG(1, 2)))
			if err != nil {
				t.Fatalf("%s: %v", tc.name, err)
			}
			if len(res.Steps) != 6 {
				t.Errorf("%s (reject %v): %d steps, want 6: the fill limit ended the build early", tc.name, reject, len(res.Steps))
			}
			if asked == 0 {
				t.Errorf("%s (reject %v): MayFill never asked", tc.name, reject)
			}
			wraps := 0
			for i, s := range res.Steps {
				wraps += s.Stats[1].Wrap
				if tc.name != "every one refused" || i == 0 {
					continue // the start rule is not asked about
				}
				if n := asks[i] - asks[i-1]; n != s.Stats[1].Wrap {
					t.Errorf("%s (reject %v): step %d asked MayFill %d times and counts %d Wrap: asked while drawn again", tc.name, reject, i, n, s.Stats[1].Wrap)
				}
			}
			if got := wraps > 0; got != tc.wrap {
				want := "none"
				if tc.wrap {
					want = "some"
				}
				t.Errorf("%s (reject %v): %d Wrap refusals counted, want %s", tc.name, reject, wraps, want)
			}
		}
	}
}
