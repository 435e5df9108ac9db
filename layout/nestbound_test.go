package layout

import (
	"math/rand/v2"
	"testing"

	"github.com/dungraph/dungraph/grammar"
	"github.com/dungraph/dungraph/params"
)

// mixedFanGrammar hangs rooms on corridors (fans) and also grows leaves
// and subdivides corridors, so the parent tree has rooms that hang on no
// corridor and corridors that no fan made.
func mixedFanGrammar(t testing.TB) *grammar.Grammar {
	t.Helper()
	gr, err := grammar.Compile(grammar.Definition{Rules: []grammar.Rule{
		startRule([]grammar.SubstituteVertex{{ID: "s", Tag: "a", Pos: at(0, 0)}, {ID: "b", Tag: "a", Pos: at(100, 0)}, {ID: "c", Tag: "a", Pos: at(50, 87)}},
			[]grammar.SubstituteEdge{{A: "s", B: "b"}, {A: "b", B: "c"}, {A: "c", B: "s"}}),
		{
			Name: "fan", Pattern: edgePattern(), Weight: 3,
			Substitute: grammar.Substitute{
				Vertices: []grammar.SubstituteVertex{{ID: "x", Tag: "-", Pos: at(0, 0)}, {ID: "y", Tag: "-", Pos: at(100, 0)}, {ID: "c", Tag: "a", Pos: at(50, -87)}},
				Edges:    []grammar.SubstituteEdge{{A: "x", B: "y"}, {A: "x", B: "c"}, {A: "y", B: "c"}},
			},
		},
		{
			Name: "leaf", Pattern: edgePattern(),
			Substitute: grammar.Substitute{
				Vertices: []grammar.SubstituteVertex{{ID: "x", Tag: "-", Pos: at(0, 0)}, {ID: "y", Tag: "-", Pos: at(100, 0)}, {ID: "c", Tag: "a", Pos: at(100, -100)}},
				Edges:    []grammar.SubstituteEdge{{A: "x", B: "y"}, {A: "y", B: "c"}},
			},
		},
		{
			Name: "split", Pattern: edgePattern(),
			Substitute: grammar.Substitute{
				Vertices: []grammar.SubstituteVertex{{ID: "x", Tag: "-", Pos: at(0, 0)}, {ID: "y", Tag: "-", Pos: at(100, 0)}, {ID: "c", Tag: "a", Pos: at(50, 0)}},
				Edges:    []grammar.SubstituteEdge{{A: "x", B: "c"}, {A: "c", B: "y"}},
			},
		},
	}})
	if err != nil {
		t.Fatal(err)
	}
	return gr
}

// TestNestBoundMatchesPlan checks the incremental bound against the whole
// plan's search (nestLog.feasible) on random builds: after every rewrite,
// whether the build so far keeps each limit; and before every hanging
// rewrite, withHung's answer for the room about to be hung against
// feasible once it is. withHung must leave the log as it found it.
func TestNestBoundMatchesPlan(t *testing.T) {
	limits := []int{0, 1, 3, 6, 10}
	for gi, gr := range []*grammar.Grammar{fanGrammar(t), mixedFanGrammar(t)} {
		for seed := uint64(1); seed <= 12; seed++ {
			c := &Constructor{Forces: params.Forces{CrossingFree: true}}
			bounds := make([]*nestBound, len(limits))
			for i, m := range limits {
				bounds[i] = &nestBound{limit: m}
			}
			checked := 0
			after := func(g *grammar.Graph, s *grammar.Step) error {
				var trial []bool
				hang := len(s.Added) == 1 && len(g.Neighbors(s.Added[0])) == 2 && c.log.byCorridor != nil
				var a, b int
				if hang {
					var ok bool
					a, b, ok = twoAnchors(g, s.Added)
					hang = ok && joined(g, a, b)
				}
				if hang {
					rooms, rewrites := len(c.log.parent), len(c.log.rewrites)
					for _, nb := range bounds {
						trial = append(trial, nb.withHung(&c.log, min(a, b), max(a, b), s.Added[0]))
					}
					if len(c.log.parent) != rooms || len(c.log.rewrites) != rewrites || len(c.log.byCorridor) != countMade(&c.log) {
						t.Fatalf("grammar %d seed %d: withHung left the log changed", gi, seed)
					}
				}
				if err := c.AfterRewrite(g, s); err != nil {
					return err
				}
				w, kids := c.log.weights(), c.log.children()
				for i, nb := range bounds {
					_, want := c.log.feasible(limits[i], w, kids)
					if got := nb.sync(&c.log); got != want {
						t.Fatalf("grammar %d seed %d step %d limit %d: incremental %v, whole plan %v", gi, seed, s.Iteration, limits[i], got, want)
					}
					if hang && trial[i] != want {
						t.Fatalf("grammar %d seed %d step %d limit %d: withHung %v, after the rewrite %v", gi, seed, s.Iteration, limits[i], trial[i], want)
					}
					checked++
				}
				return nil
			}
			opts := grammar.Options{MaxIterations: 50, MaxVertices: 50, MaxValence: 8, RejectCrossings: true, AfterRewrite: after}
			if _, err := gr.Build(opts, rand.New(rand.NewPCG(seed, 0))); err != nil {
				t.Fatal(err)
			}
			if checked == 0 {
				t.Fatalf("grammar %d seed %d: nothing checked", gi, seed)
			}
		}
	}
}

// countMade counts the corridors the log's rewrites made.
func countMade(l *nestLog) int {
	n := 0
	for _, made := range l.rewrites {
		n += len(made)
	}
	return n
}

// BenchmarkNestBound builds fans of 10,000 rooms without a drawing (the
// nest log recorded after each rewrite) with and without the nest limit of
// the default tail limit: what MayHang adds to a build.
func BenchmarkNestBound(b *testing.B) {
	gr := fanGrammar(b)
	for _, limit := range []int{0, 6} {
		b.Run(map[int]string{0: "off", 6: "limit6"}[limit], func(b *testing.B) {
			for b.Loop() {
				c := &Constructor{NestLimit: limit}
				opts := grammar.Options{MaxIterations: 10000, MaxVertices: 10000, MaxValence: 8,
					AfterRewrite: func(g *grammar.Graph, s *grammar.Step) error { c.log.record(g, s); return nil }}
				if limit > 0 {
					opts.MayHang = c.MayHang
				}
				if _, err := gr.Build(opts, rand.New(rand.NewPCG(1, 0))); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
