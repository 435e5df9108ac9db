package grammar

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/dungraph/dungraph/planar"
)

// corridorsPlanar tests g's corridor graph directly.
func corridorsPlanar(g *Graph) bool {
	var es []planar.Edge
	for _, e := range g.Edges() {
		if !e.Cosmetic {
			es = append(es, planar.Edge{U: e.A, V: e.B})
		}
	}
	ok, err := planar.Planar(g.Order(), es)
	if err != nil {
		panic(err) // a test graph's edges name its own vertices
	}
	return ok
}

func TestKeepsPlanar(t *testing.T) {
	sq := []PatternVertex{{ID: "a", Tags: []string{"-"}, Pos: v(0, 0)}, {ID: "b", Tags: []string{"-"}, Pos: v(100, 0)}}
	sv := func(id string, x, y float64) SubstituteVertex {
		return SubstituteVertex{ID: id, Tag: "a", Pos: v(x, y)}
	}
	ab := []PatternEdge{{A: "a", B: "b"}}
	tests := []struct {
		name  string
		edges []SubstituteEdge
		extra []SubstituteVertex
		want  bool
	}{
		{"keep the edge", []SubstituteEdge{{A: "a", B: "b"}}, nil, true},
		{"subdivide", []SubstituteEdge{{A: "a", B: "x"}, {A: "x", B: "b"}}, []SubstituteVertex{sv("x", 50, 0)}, true},
		{"triangle fan", []SubstituteEdge{{A: "a", B: "b"}, {A: "a", B: "x"}, {A: "x", B: "b"}}, []SubstituteVertex{sv("x", 50, 80)}, true},
		{"a dead end", []SubstituteEdge{{A: "a", B: "b"}, {A: "a", B: "x"}}, []SubstituteVertex{sv("x", -80, 0)}, true},
		{"a path of two new rooms", []SubstituteEdge{{A: "a", B: "x"}, {A: "x", B: "y"}, {A: "y", B: "b"}}, []SubstituteVertex{sv("x", 30, 0), sv("y", 60, 0)}, true},
		{"a new room with three corridors", []SubstituteEdge{{A: "a", B: "b"}, {A: "a", B: "x"}, {A: "x", B: "b"}, {A: "x", B: "y"}, {A: "y", B: "a"}, {A: "y", B: "b"}}, []SubstituteVertex{sv("x", 50, 80), sv("y", 50, 40)}, false},
		{"a cosmetic spoke does not count", []SubstituteEdge{{A: "a", B: "b"}, {A: "a", B: "x"}, {A: "x", B: "b", Cosmetic: true}}, []SubstituteVertex{sv("x", 50, 80)}, true},
	}
	for _, tc := range tests {
		r := Rule{Name: "r", Pattern: Pattern{Vertices: sq, Edges: ab},
			Substitute: Substitute{Vertices: append([]SubstituteVertex{sv("a", 0, 0), sv("b", 100, 0)}, tc.extra...), Edges: tc.edges}}
		gr, err := Compile(Definition{Rules: []Rule{edgeStartRule(), r}})
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if got := gr.rules[1].planarSafe; got != tc.want {
			t.Errorf("%s: planarSafe = %v, want %v", tc.name, got, tc.want)
		}
	}
	// A chord between two rooms of a path is not exempt.
	chord := Rule{Name: "chord",
		Pattern: Pattern{Vertices: []PatternVertex{{ID: "a", Tags: []string{"-"}, Pos: v(0, 0)}, {ID: "b", Tags: []string{"-"}, Pos: v(100, 0)}, {ID: "c", Tags: []string{"-"}, Pos: v(200, 50)}},
			Edges: []PatternEdge{{A: "a", B: "b"}, {A: "b", B: "c"}}},
		Substitute: Substitute{Vertices: []SubstituteVertex{sv("a", 0, 0), sv("b", 100, 0), sv("c", 200, 50)},
			Edges: []SubstituteEdge{{A: "a", B: "b"}, {A: "b", B: "c"}, {A: "a", B: "c"}}}}
	gr, err := Compile(Definition{Rules: []Rule{edgeStartRule(), chord}})
	if err != nil {
		t.Fatal(err)
	}
	if gr.rules[1].planarSafe {
		t.Error("chord: planarSafe, want tested")
	}
}

func edgeStartRule() Rule {
	return Rule{Name: "start", Pattern: Pattern{Vertices: []PatternVertex{{ID: "s", Tags: []string{StartTag}}}},
		Substitute: Substitute{Vertices: []SubstituteVertex{{ID: "s", Tag: "a"}, {ID: "t", Tag: "a", Pos: v(100, 0)}}, Edges: []SubstituteEdge{{A: "s", B: "t"}}}}
}

// TestPropertyPlanarAfter checks, on random rules and hosts, that the
// build's planarity verdict on a match (planarAfter) is the planarity of
// the graph the rewrite actually leaves, and that a rule exempt from the
// test (planarSafe) never turns a planar host non-planar.
func TestPropertyPlanarAfter(t *testing.T) {
	var checked, exempt, nonplanar int
	for i := range 400 {
		rng := caseRNG(16, i)
		def := randDefinition(rng, 3, 4, 1+rng.IntN(2), true)
		gr, err := compileOrFail(def)
		if err != nil {
			t.Fatal(err)
		}
		hp := randHostParams(rng, 9)
		hp.posMode = 2
		g := randHost(rng, hp)
		hostPlanar := corridorsPlanar(g)
		b := &builder{g: g}
		for r, c := range gr.rules {
			if r == 0 {
				continue
			}
			ms, err := c.structural(g, true)
			if err != nil {
				t.Fatal(err)
			}
			for _, m := range ms {
				after := g.Clone()
				if _, err := gr.Apply(after, r, m, 0, 0); err != nil {
					t.Fatalf("case %d rule %d: %v", i, r, err)
				}
				want := corridorsPlanar(after)
				if got := b.planarAfter(c, m); got != want {
					t.Fatalf("case %d: rule %s at %v: planarAfter = %v, the rewritten graph's planarity %v\nrule: %s\nhost: %s", i, c.rule.Name, m, got, want, formatRule(*c.rule), formatGraph(g))
				}
				checked++
				if !want {
					nonplanar++
				}
				if c.planarSafe && hostPlanar {
					exempt++
					if !want {
						t.Fatalf("case %d: rule %s is exempt from the test but made a planar host non-planar at %v\nrule: %s\nhost: %s", i, c.rule.Name, m, formatRule(*c.rule), formatGraph(g))
					}
				}
			}
		}
	}
	t.Logf("%d rewrites checked, %d non-planar, %d by exempt rules on planar hosts", checked, nonplanar, exempt)
	if nonplanar < 50 || exempt < 50 {
		t.Fatalf("%d rewrites left the graph non-planar and %d were by exempt rules on planar hosts: the sample does not exercise both", nonplanar, exempt)
	}
}

// TestPropertyRejectNonPlanar builds random grammars with
// RejectNonPlanar: every graph the build passes through is planar.
func TestPropertyRejectNonPlanar(t *testing.T) {
	rejected := 0
	for i := range 300 {
		rng := caseRNG(17, i)
		def := randDefinition(rng, 1+rng.IntN(4), 4, 1+rng.IntN(2), true)
		gr, err := compileOrFail(def)
		if err != nil {
			t.Fatal(err)
		}
		opts := Options{MaxIterations: 40, MaxVertices: 30, MaxValence: -1, RejectNonPlanar: true, Exhaustive: true}
		opts.AfterRewrite = func(g *Graph, s *Step) error {
			for _, st := range s.Stats {
				rejected += st.NonPlanar
			}
			if !corridorsPlanar(g) {
				return fmt.Errorf("step %d (rule %d) left a non-planar graph: %s", s.Iteration, s.Rule, formatGraph(g))
			}
			return nil
		}
		if _, err := gr.Build(opts, rand.New(rand.NewPCG(uint64(i), 17))); err != nil && !errors.Is(err, ErrTooFewVertices) {
			t.Fatalf("case %d: %v\n%s", i, err, formatDefinition(def))
		}
	}
	if rejected == 0 {
		t.Fatal("no candidate was rejected as non-planar: the test does not exercise the option")
	}
}
