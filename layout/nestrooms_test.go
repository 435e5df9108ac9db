package layout

import (
	"cmp"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/dungraph/dungraph/grammar"
	"github.com/dungraph/dungraph/params"
)

// TestNestRooms checks, on fans drawings, that NestRooms only permutes the
// sizes drawn, that every room inside a triangle is no larger than any room
// inside none, that a room inside more triangles is no larger than one
// inside fewer, and that a build with no hanging room keeps its sizes.
func TestNestRooms(t *testing.T) {
	gr := fanGrammar(t)
	byArea := func(a, b Room) int {
		return cmp.Or(cmp.Compare(a.W*a.H, b.W*b.H), cmp.Compare(a.W, b.W), cmp.Compare(a.H, b.H))
	}
	for seed := uint64(1); seed <= 4; seed++ {
		n := 60
		if seed == 4 {
			n = 3 // the start triangle only: nothing hung
		}
		c := &Constructor{Forces: params.Forces{CrossingFree: true}}
		opts := grammar.Options{MaxIterations: n, MaxVertices: n, MaxValence: 8, RejectCrossings: true, AfterRewrite: c.AfterRewrite}
		res, err := gr.Build(opts, rand.New(rand.NewPCG(seed, 0)))
		if err != nil {
			t.Fatal(err)
		}
		g := res.Graph
		rooms, err := AssignRooms(g, params.Rooms{}, nil, rand.New(rand.NewPCG(seed, 1)))
		if err != nil {
			t.Fatal(err)
		}
		drawn := slices.Clone(rooms)
		c.NestRooms(g, rooms)
		if seed == 4 {
			if !slices.Equal(rooms, drawn) {
				t.Errorf("a build with no hanging room had its sizes moved")
			}
			continue
		}
		a, b := slices.Clone(rooms), slices.Clone(drawn)
		slices.SortFunc(a, byArea)
		slices.SortFunc(b, byArea)
		if !slices.Equal(a, b) {
			t.Fatalf("seed %d: the sizes are not the ones drawn", seed)
		}
		depth := make([]int, g.Order())
		c.log.enclosures(c.d.Pos, func(_, _, _ int, inside []int32) {
			for _, x := range inside {
				depth[x]++
			}
		})
		moved := 0
		for v := range rooms {
			if rooms[v] != drawn[v] {
				moved++
			}
			for u := range rooms {
				if depth[v] > depth[u] && rooms[v].W*rooms[v].H > rooms[u].W*rooms[u].H {
					t.Fatalf("seed %d: room %d inside %d triangles is %v, room %d inside %d is %v", seed, v, depth[v], rooms[v], u, depth[u], rooms[u])
				}
			}
		}
		if moved == 0 {
			t.Errorf("seed %d: no size moved", seed)
		}
	}
}

// TestNestRoomsKeepsTagsAndOpenRooms checks, on fans of two tags (tag b
// rooms hang on tag a corridors, or close a triangle of their own, and
// hold none), that NestRooms moves sizes
// only within a tag, that a room inside no triangle keeps its own size
// unless a nested room of its tag now has it, and that a rooms slice
// shorter than the drawing is taken as given, without a panic.
func TestNestRoomsKeepsTagsAndOpenRooms(t *testing.T) {
	fan := func(name, tag string) grammar.Rule {
		return grammar.Rule{
			Name: name, Pattern: edgePattern(),
			Substitute: grammar.Substitute{
				Vertices: []grammar.SubstituteVertex{{ID: "x", Tag: "-", Pos: at(0, 0)}, {ID: "y", Tag: "-", Pos: at(100, 0)}, {ID: "c", Tag: tag, Pos: at(50, -87)}},
				Edges:    []grammar.SubstituteEdge{{A: "x", B: "y"}, {A: "x", B: "c"}, {A: "y", B: "c"}},
			},
		}
	}
	gr, err := grammar.Compile(grammar.Definition{Rules: []grammar.Rule{
		startRule([]grammar.SubstituteVertex{{ID: "s", Tag: "a", Pos: at(0, 0)}, {ID: "b", Tag: "a", Pos: at(100, 0)}, {ID: "c", Tag: "a", Pos: at(50, 87)}},
			[]grammar.SubstituteEdge{{A: "s", B: "b"}, {A: "b", B: "c"}, {A: "c", B: "s"}}),
		fan("fan", "a"), fan("tip", "b"),
		{
			// Three corridors in one rewrite: a triangle of the build
			// that no hanging room makes.
			Name: "tri", MaxUses: 3, Pattern: edgePattern(),
			Substitute: grammar.Substitute{
				Vertices: []grammar.SubstituteVertex{{ID: "x", Tag: "-", Pos: at(0, 0)}, {ID: "y", Tag: "-", Pos: at(100, 0)}, {ID: "p", Tag: "b", Pos: at(-100, 0)}, {ID: "q", Tag: "b", Pos: at(-50, -87)}},
				Edges:    []grammar.SubstituteEdge{{A: "x", B: "y"}, {A: "x", B: "p"}, {A: "p", B: "q"}, {A: "q", B: "x"}},
			},
		},
	}})
	if err != nil {
		t.Fatal(err)
	}
	type size struct{ w, h float64 }
	movedOpen := 0
	for seed := uint64(1); seed <= 6; seed++ {
		c := buildFans(t, gr, 60, seed, nil)
		g := c.d.g
		rooms, err := AssignRooms(g, params.Rooms{}, nil, rand.New(rand.NewPCG(seed, 1)))
		if err != nil {
			t.Fatal(err)
		}
		drawn := slices.Clone(rooms)
		c.NestRooms(g, rooms)
		depth := make([]int, g.Order())
		c.log.enclosures(c.d.Pos, func(_, _, _ int, inside []int32) {
			for _, x := range inside {
				depth[x]++
			}
		})
		for _, tag := range []string{"a", "b"} {
			var before, after []size
			nestedHas := map[size]int{}
			for v := range rooms {
				if g.Vertex(v).Tag != tag {
					continue
				}
				before = append(before, size{drawn[v].W, drawn[v].H})
				after = append(after, size{rooms[v].W, rooms[v].H})
				if depth[v] > 0 {
					nestedHas[size{rooms[v].W, rooms[v].H}]++
				}
			}
			bySize := func(p, q size) int { return cmp.Or(cmp.Compare(p.w, q.w), cmp.Compare(p.h, q.h)) }
			slices.SortFunc(before, bySize)
			slices.SortFunc(after, bySize)
			if !slices.Equal(before, after) {
				t.Fatalf("seed %d: tag %s's sizes are not the ones drawn for it", seed, tag)
			}
			for v := range rooms {
				if g.Vertex(v).Tag != tag || depth[v] > 0 || rooms[v] == drawn[v] {
					continue
				}
				movedOpen++
				if nestedHas[size{drawn[v].W, drawn[v].H}] == 0 {
					t.Errorf("seed %d: room %d inside no triangle lost its size %v, which no nested room of tag %s has", seed, v, drawn[v], tag)
				}
			}
		}
		short := slices.Clone(drawn[:5])
		c.NestRooms(g, short)
	}
	if movedOpen == 0 {
		t.Errorf("no room inside no triangle gave up its size on seeds 1–6: the test checks nothing")
	}
}
