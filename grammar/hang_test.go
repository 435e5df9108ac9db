package grammar

import (
	"math/rand/v2"
	"testing"
)

// TestFindHang: which rules hang one room on two mapped vertices, the only
// rules Options.MayHang is asked about.
func TestFindHang(t *testing.T) {
	ab := []PatternVertex{{ID: "a", Tags: []string{"a"}, Pos: v(0, 0)}, {ID: "b", Tags: []string{"a"}, Pos: v(100, 0)}}
	sv := func(id string, x, y float64) SubstituteVertex {
		return SubstituteVertex{ID: id, Tag: "a", Pos: v(x, y)}
	}
	tests := []struct {
		name   string
		pedges []PatternEdge
		edges  []SubstituteEdge
		extra  []SubstituteVertex
		want   bool
	}{
		{"triangle fan", []PatternEdge{{A: "a", B: "b"}}, []SubstituteEdge{{A: "a", B: "b"}, {A: "a", B: "x"}, {A: "x", B: "b"}}, []SubstituteVertex{sv("x", 50, 80)}, true},
		{"subdivide: the corridor goes", []PatternEdge{{A: "a", B: "b"}}, []SubstituteEdge{{A: "a", B: "x"}, {A: "x", B: "b"}}, []SubstituteVertex{sv("x", 50, 0)}, false},
		{"the corridor turns cosmetic", []PatternEdge{{A: "a", B: "b"}}, []SubstituteEdge{{A: "a", B: "b", Cosmetic: true}, {A: "a", B: "x"}, {A: "x", B: "b"}}, []SubstituteVertex{sv("x", 50, 80)}, false},
		{"a dead end", []PatternEdge{{A: "a", B: "b"}}, []SubstituteEdge{{A: "a", B: "b"}, {A: "a", B: "x"}}, []SubstituteVertex{sv("x", -80, 0)}, false},
		{"a cosmetic spoke", []PatternEdge{{A: "a", B: "b"}}, []SubstituteEdge{{A: "a", B: "b"}, {A: "a", B: "x"}, {A: "x", B: "b", Cosmetic: true}}, []SubstituteVertex{sv("x", 50, 80)}, false},
		{"two new rooms", []PatternEdge{{A: "a", B: "b"}}, []SubstituteEdge{{A: "a", B: "b"}, {A: "a", B: "x"}, {A: "x", B: "y"}, {A: "y", B: "b"}}, []SubstituteVertex{sv("x", 30, 80), sv("y", 60, 80)}, false},
	}
	for _, tc := range tests {
		r := Rule{Name: "r", Pattern: Pattern{Vertices: ab, Edges: tc.pedges},
			Substitute: Substitute{Vertices: append([]SubstituteVertex{sv("a", 0, 0), sv("b", 100, 0)}, tc.extra...), Edges: tc.edges}}
		gr, err := Compile(Definition{Rules: []Rule{edgeStartRule(), r}})
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if got := gr.rules[1].hanging; got != tc.want {
			t.Errorf("%s: hanging = %v, want %v", tc.name, got, tc.want)
		}
		if gr.rules[0].hanging {
			t.Errorf("%s: the start rule hangs a room", tc.name)
		}
	}
}

// TestMayHang: a build asks MayHang about every hanging match it checks and
// skips the ones it refuses, reason Nest, while other matches exist; when
// only refused ones are left, the step is drawn again without asking, so
// the build still reaches its size (its Stats are the second draw's).
func TestMayHang(t *testing.T) {
	fan, leaf := fanAndLeaf()
	for _, tc := range []struct {
		name   string
		rules  []Rule
		refuse func(a, b int) bool
	}{
		{"fans and leaves, fans refused at room 4", []Rule{edgeStartRule(), fan, leaf}, func(a, b int) bool { return max(a, b) < 4 }},
		{"fans only, all refused", []Rule{edgeStartRule(), fan}, func(a, b int) bool { return false }},
	} {
		gr, err := Compile(Definition{Rules: tc.rules})
		if err != nil {
			t.Fatal(err)
		}
		asked := 0
		opts := Options{MaxIterations: 40, MaxVertices: 30, MinVertices: 30, MaxValence: -1, MayHang: func(g *Graph, a, b int) bool {
			asked++
			if _, ok := g.Edge(a, b); !ok {
				t.Errorf("%s: asked about %d–%d, no corridor", tc.name, a, b)
			}
			return tc.refuse(a, b)
		}}
		res, err := gr.Build(opts, rand.New(rand.NewPCG(3, 4)))
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		nest := 0
		for _, s := range res.Steps {
			nest += s.Stats[1].Nest
			if s.Rule == 1 && tc.refuse(s.Match[0], s.Match[1]) == false && len(tc.rules) == 3 {
				t.Errorf("%s: step %d hangs a room on a refused corridor %v while leaves were left", tc.name, s.Iteration, s.Match)
			}
		}
		// A step drawn again without MayHang shows what that draw saw.
		if asked == 0 || nest == 0 && len(tc.rules) == 3 {
			t.Errorf("%s: MayHang asked %d times, %d refusals counted", tc.name, asked, nest)
		}
		if res.Graph.Order() != 30 {
			t.Errorf("%s: %d rooms, want 30", tc.name, res.Graph.Order())
		}
	}
}

// TestMayDraw: with RejectCrossings a build asks MayDraw about every
// hanging match it checks, before MayHang, and skips the ones it refuses,
// reason Crossing, never drawing them again: with every fan refused the
// build ends with leaves only. Without RejectCrossings it is not asked.
func TestMayDraw(t *testing.T) {
	fan, leaf := fanAndLeaf()
	gr, err := Compile(Definition{Rules: []Rule{edgeStartRule(), fan, leaf}})
	if err != nil {
		t.Fatal(err)
	}
	for _, reject := range []bool{true, false} {
		asked, hangAsked := 0, 0
		opts := Options{MaxIterations: 20, MaxVertices: 15, MaxValence: -1, RejectCrossings: reject,
			MayDraw: func(g *Graph, a, b int) bool { asked++; return false },
			MayHang: func(g *Graph, a, b int) bool { hangAsked++; return true },
		}
		res, err := gr.Build(opts, rand.New(rand.NewPCG(3, 4)))
		if err != nil {
			t.Fatal(err)
		}
		fans, crossing := 0, 0
		for _, s := range res.Steps {
			crossing += s.Stats[1].Crossing
			if s.Rule == 1 {
				fans++
			}
		}
		switch {
		case reject && (asked == 0 || crossing != asked || fans != 0 || hangAsked != 0):
			t.Errorf("reject: MayDraw asked %d times, %d Crossing rejections, %d fans applied, MayHang asked %d times; want every fan refused as Crossing before MayHang", asked, crossing, fans, hangAsked)
		case !reject && (asked != 0 || fans == 0):
			t.Errorf("no reject: MayDraw asked %d times, %d fans applied; want it never asked", asked, fans)
		}
		if res.Graph.Order() != 15 {
			t.Errorf("reject %v: %d rooms, want 15", reject, res.Graph.Order())
		}
	}
}

// fanAndLeaf returns two rules on a corridor a–b: fan hangs a room on
// both ends, leaf adds a room beyond b.
func fanAndLeaf() (fan, leaf Rule) {
	sv := func(id string, x, y float64) SubstituteVertex {
		return SubstituteVertex{ID: id, Tag: "-", Pos: v(x, y)}
	}
	ab := Pattern{Vertices: []PatternVertex{{ID: "a", Tags: []string{"a"}, Pos: v(0, 0)}, {ID: "b", Tags: []string{"a"}, Pos: v(100, 0)}}, Edges: []PatternEdge{{A: "a", B: "b"}}}
	fan = Rule{Name: "fan", Pattern: ab, Substitute: Substitute{
		Vertices: []SubstituteVertex{sv("a", 0, 0), sv("b", 100, 0), {ID: "x", Tag: "a", Pos: v(50, 80)}},
		Edges:    []SubstituteEdge{{A: "a", B: "b"}, {A: "a", B: "x"}, {A: "x", B: "b"}}}}
	leaf = Rule{Name: "leaf", Pattern: ab, Substitute: Substitute{
		Vertices: []SubstituteVertex{sv("a", 0, 0), sv("b", 100, 0), {ID: "x", Tag: "a", Pos: v(180, 0)}},
		Edges:    []SubstituteEdge{{A: "a", B: "b"}, {A: "b", B: "x"}}}}
	return fan, leaf
}
