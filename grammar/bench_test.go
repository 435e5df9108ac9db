package grammar

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"runtime/metrics"
	"testing"
)

// growDefinition grows without bound: the demo grammar's rules plus a quad
// rule, so that hosts get cycles of several lengths.
func growDefinition() Definition {
	d := demoDefinition()
	d.Rules = append(d.Rules, Rule{
		Name: "quad",
		Pattern: Pattern{
			Vertices: []PatternVertex{{ID: "x", Tags: []string{"a"}, Pos: v(0, 0)}, {ID: "y", Tags: []string{"a"}, Pos: v(100, 0)}},
			Edges:    []PatternEdge{{A: "x", B: "y"}},
		},
		Substitute: Substitute{
			Vertices: []SubstituteVertex{{ID: "x", Tag: "-", Pos: v(0, 0)}, {ID: "y", Tag: "-", Pos: v(100, 0)}, {ID: "p", Tag: "a", Pos: v(100, 100)}, {ID: "q", Tag: "a", Pos: v(0, 100)}},
			Edges:    []SubstituteEdge{{A: "x", B: "y"}, {A: "y", B: "p"}, {A: "p", B: "q"}, {A: "q", B: "x"}},
		},
	})
	return d
}

// pathRule is a 4-vertex pattern: a path a-a-b-a.
func pathRule() Rule {
	return Rule{
		Name: "path4",
		Pattern: Pattern{
			Vertices: []PatternVertex{{ID: "w", Tags: []string{"a"}, Pos: v(0, 0)}, {ID: "x", Tags: []string{"a"}, Pos: v(100, 0)}, {ID: "y", Tags: []string{"b"}, Pos: v(200, 50)}, {ID: "z", Tags: []string{"a"}, Pos: v(300, 0)}},
			Edges:    []PatternEdge{{A: "w", B: "x"}, {A: "x", B: "y"}, {A: "y", B: "z"}},
		},
		Substitute: Substitute{Vertices: keep("w", "x", "y", "z"), Edges: []SubstituteEdge{{A: "w", B: "x"}, {A: "x", B: "y"}, {A: "y", B: "z"}}},
	}
}

func buildHost(tb testing.TB, n int) *Graph {
	tb.Helper()
	gr := mustCompile(tb, growDefinition())
	res, err := gr.Build(Options{MaxIterations: 10 * n, MaxVertices: n}, rng(1))
	if err != nil {
		tb.Fatal(err)
	}
	return res.Graph
}

// BenchmarkMatch times a full (non-incremental) search for every match of
// a 4-vertex pattern.
func BenchmarkMatch(b *testing.B) {
	for _, n := range []int{100, 1000, 10000} {
		g := buildHost(b, n)
		d := growDefinition()
		d.Rules = append(d.Rules, pathRule())
		gr := mustCompile(b, d)
		ri, _ := gr.RuleIndex("path4")
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			var found int
			for b.Loop() {
				ms, _ := gr.Matches(g, ri, 0)
				found = len(ms)
			}
			b.ReportMetric(float64(found), "matches")
		})
	}
}

// BenchmarkBuild times whole builds without layout. ns/rewrite staying flat
// as n grows is the incremental matcher at work.
//
// The budgeted variants poll a context and read the heap through
// Options.Check, as a level's build does: the cost of the budgets.
func BenchmarkBuild(b *testing.B) {
	gr := mustCompile(b, growDefinition())
	heap := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	check := func(*Graph) error {
		metrics.Read(heap)
		if heap[0].Value.Uint64() > 1<<40 {
			return errors.New("over budget")
		}
		return nil
	}
	for _, n := range []int{100, 1000, 10000} {
		for _, budgeted := range []bool{false, true} {
			name := fmt.Sprintf("n=%d", n)
			opts := Options{MaxIterations: 10 * n, MaxVertices: n}
			if budgeted {
				name += "/budgeted"
				opts.Context, opts.Check = context.Background(), check
			}
			b.Run(name, func(b *testing.B) {
				b.ReportAllocs()
				steps := 0
				for b.Loop() {
					res, err := gr.Build(opts, rng(1))
					if err != nil {
						b.Fatal(err)
					}
					steps = len(res.Steps)
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*steps), "ns/rewrite")
				b.ReportMetric(float64(steps), "rewrites")
			})
		}
	}
}

// BenchmarkStructuralVsReference times the matcher against the brute-force
// reference of the property tests on the same random grammar and grown
// host, after checking that both find the same structural matches.
func BenchmarkStructuralVsReference(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	def := randDefinition(rng, 4, 4, 2, true)
	gr, err := compileOrFail(def)
	if err != nil {
		b.Fatal(err)
	}
	res, err := gr.Build(Options{MaxIterations: 40, MaxVertices: 40}, rand.New(rand.NewPCG(3, 4)))
	if err != nil {
		b.Fatal(err)
	}
	g := res.Graph
	refs := make([]*refRule, len(def.Rules))
	for i := range def.Rules {
		refs[i] = newRefRule(&def.Rules[i])
		ms, err := gr.rules[i].structural(g, false)
		if err != nil {
			b.Fatal(err)
		}
		if a, r := len(ms), len(refs[i].structural(newRefHost(g), false)); a != r {
			b.Fatalf("rule %d: matcher %d matches, reference %d", i, a, r)
		}
	}
	b.Run("matcher", func(b *testing.B) {
		for b.Loop() {
			for i := range gr.rules {
				gr.rules[i].structural(g, false)
			}
		}
	})
	b.Run("reference", func(b *testing.B) {
		for b.Loop() {
			h := newRefHost(g)
			for i := range refs {
				refs[i].structural(h, false)
			}
		}
	})
}
