package grammar

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestPlacesSeveral: which rules add several new rooms joined, through
// one another, to two or more mapped vertices, the only rules
// Options.MayPlace is asked about, and which of their new rooms only
// hang off the rest.
func TestPlacesSeveral(t *testing.T) {
	ab := []PatternVertex{{ID: "a", Tags: []string{"a"}, Pos: v(0, 0)}, {ID: "b", Tags: []string{"a"}, Pos: v(100, 0)}}
	sv := func(id string, x, y float64) SubstituteVertex {
		return SubstituteVertex{ID: id, Tag: "a", Pos: v(x, y)}
	}
	tests := []struct {
		name    string
		edges   []SubstituteEdge
		extra   []SubstituteVertex
		want    bool
		pendant []string
	}{
		{"a path of two rooms from a to b", []SubstituteEdge{{A: "a", B: "x"}, {A: "x", B: "y"}, {A: "y", B: "b"}}, []SubstituteVertex{sv("x", 30, 80), sv("y", 60, 80)}, true, nil},
		{"a loop at b joined to a", []SubstituteEdge{{A: "a", B: "x"}, {A: "x", B: "y"}, {A: "y", B: "z"}, {A: "z", B: "b"}, {A: "b", B: "x"}}, []SubstituteVertex{sv("x", 50, -20), sv("y", 70, 0), sv("z", 50, 20)}, true, nil},
		{"a path with a dead end", []SubstituteEdge{{A: "a", B: "x"}, {A: "x", B: "y"}, {A: "y", B: "b"}, {A: "y", B: "w"}}, []SubstituteVertex{sv("x", 30, 80), sv("y", 60, 80), sv("w", 60, 140)}, true, []string{"w"}},
		{"one room between a and b and a dead end (tree's star)", []SubstituteEdge{{A: "a", B: "x"}, {A: "x", B: "b"}, {A: "x", B: "w"}}, []SubstituteVertex{sv("x", 50, 0), sv("w", 50, 80)}, false, nil},
		{"a chain from a only", []SubstituteEdge{{A: "a", B: "b"}, {A: "a", B: "x"}, {A: "x", B: "y"}}, []SubstituteVertex{sv("x", -50, 0), sv("y", -100, 0)}, false, nil},
		{"a loop at a only", []SubstituteEdge{{A: "a", B: "b"}, {A: "a", B: "x"}, {A: "x", B: "y"}, {A: "y", B: "a"}}, []SubstituteVertex{sv("x", -50, 30), sv("y", -50, -30)}, false, nil},
		{"a path whose far end is cosmetic", []SubstituteEdge{{A: "a", B: "b"}, {A: "a", B: "x"}, {A: "x", B: "y"}, {A: "y", B: "b", Cosmetic: true}}, []SubstituteVertex{sv("x", 30, 80), sv("y", 60, 80)}, false, nil},
	}
	for _, tc := range tests {
		r := Rule{Name: "r", Pattern: Pattern{Vertices: ab, Edges: []PatternEdge{{A: "a", B: "b"}}},
			Substitute: Substitute{Vertices: append([]SubstituteVertex{sv("a", 0, 0), sv("b", 100, 0)}, tc.extra...), Edges: tc.edges}}
		gr, err := Compile(Definition{Rules: []Rule{edgeStartRule(), r}})
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		c := gr.rules[1]
		if c.several != tc.want {
			t.Errorf("%s: several = %v, want %v", tc.name, c.several, tc.want)
		}
		if gr.rules[0].several {
			t.Errorf("%s: the start rule places several rooms", tc.name)
		}
		if !tc.want {
			continue
		}
		var got []string
		for i, p := range c.pendant {
			if p {
				got = append(got, r.Substitute.Vertices[i].ID)
			}
		}
		if !slices.Equal(got, tc.pendant) {
			t.Errorf("%s: pendant rooms %v, want %v", tc.name, got, tc.pendant)
		}
	}
}

// TestMayPlace: with RejectCrossings a build asks MayPlace about the
// matches of a rule that puts a path of rooms between two, with the
// rewrite as it would be drawn (the fit lands the new rooms where the
// applied rewrite puts them), skips the refused ones as Crossing, and
// never asks without RejectCrossings.
func TestMayPlace(t *testing.T) {
	gr, err := Compile(Definition{Rules: []Rule{edgeStartRule(), loopPathRule()}})
	if err != nil {
		t.Fatal(err)
	}
	for _, reject := range []bool{true, false} {
		var asked []*Rewrite
		opts := Options{MaxIterations: 6, MaxVertices: 100, RejectCrossings: reject,
			MayPlace: func(g *Graph, r *Rewrite) bool {
				asked = append(asked, r)
				return len(asked)%2 == 0 // refuse every other one
			}}
		var steps []*Step
		opts.AfterRewrite = func(g *Graph, s *Step) error {
			if s.Rule != 1 {
				return nil
			}
			steps = append(steps, s)
			if !reject {
				return nil
			}
			// The last rewrite asked about is the one applied: its new
			// rooms are where the rewrite put them.
			r := asked[len(asked)-1]
			k := 0
			for i, h := range r.Host {
				if h >= 0 {
					continue
				}
				if got := g.Vertex(r.First + k).Pos; got != r.Fit[i] {
					t.Errorf("new room %d at %v, the preview said %v", r.First+k, got, r.Fit[i])
				}
				k++
			}
			return nil
		}
		res, err := gr.Build(opts, rand.New(rand.NewPCG(1, 2)))
		if err != nil {
			t.Fatal(err)
		}
		if !reject {
			if len(asked) > 0 {
				t.Errorf("MayPlace asked %d times without RejectCrossings", len(asked))
			}
			continue
		}
		refused := 0
		for _, s := range res.Steps {
			refused += s.Stats[1].Crossing
		}
		if len(steps) == 0 || refused == 0 || refused != (len(asked)+1)/2 {
			t.Errorf("%d rewrites, %d asked, %d skipped as crossing; want every refusal skipped", len(steps), len(asked), refused)
		}
	}
}

// loopPathRule puts a path of two new rooms beside a corridor a–b, joined to
// both ends: a rewrite of several rooms that closes a loop.
func loopPathRule() Rule {
	return Rule{Name: "path",
		Pattern: Pattern{Vertices: []PatternVertex{{ID: "a", Tags: []string{"a"}, Pos: v(0, 0)}, {ID: "b", Tags: []string{"a"}, Pos: v(100, 0)}},
			Edges: []PatternEdge{{A: "a", B: "b"}}},
		Substitute: Substitute{
			Vertices: []SubstituteVertex{{ID: "a", Tag: "a", Pos: v(0, 0)}, {ID: "x", Tag: "a", Pos: v(30, 60)}, {ID: "y", Tag: "a", Pos: v(70, 60)}, {ID: "b", Tag: "a", Pos: v(100, 0)}},
			Edges:    []SubstituteEdge{{A: "a", B: "b"}, {A: "a", B: "x"}, {A: "x", B: "y"}, {A: "y", B: "b"}},
		}}
}
