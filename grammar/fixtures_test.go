package grammar

import (
	"gonum.org/v1/gonum/spatial/r2"
)

func v(x, y float64) r2.Vec { return r2.Vec{X: x, Y: y} }

// demoDefinition is a small grammar in the style of demirogue's default
// ruleset: a start rule, an edge subdivision and a triangle growth.
func demoDefinition() Definition {
	return Definition{Rules: []Rule{
		{
			Name:    "start",
			Pattern: Pattern{Vertices: []PatternVertex{{ID: "s", Tags: []string{"s"}}}},
			Substitute: Substitute{
				Vertices: []SubstituteVertex{{ID: "s", Tag: "a", Pos: v(0, 0)}, {ID: "b", Tag: "a", Pos: v(0, 100)}, {ID: "c", Tag: "a", Pos: v(0, -100)}},
				Edges:    []SubstituteEdge{{A: "s", B: "b"}, {A: "s", B: "c"}},
			},
		},
		{
			Name: "extend",
			Pattern: Pattern{
				Vertices: []PatternVertex{{ID: "x", Tags: []string{"a"}, Pos: v(0, 0)}, {ID: "y", Tags: []string{"a"}, Pos: v(100, 0)}},
				Edges:    []PatternEdge{{A: "x", B: "y"}},
			},
			Substitute: Substitute{
				Vertices: []SubstituteVertex{{ID: "x", Tag: "-", Pos: v(0, 0)}, {ID: "m", Tag: "a", Pos: v(50, 0)}, {ID: "y", Tag: "-", Pos: v(100, 0)}},
				Edges:    []SubstituteEdge{{A: "x", B: "m", Subdivide: true, LengthFactor: 0.5}, {A: "m", B: "y", Subdivide: true, LengthFactor: 0.5}},
			},
		},
		{
			Name: "triangle",
			Pattern: Pattern{
				Vertices: []PatternVertex{{ID: "x", Tags: []string{"a"}, Pos: v(0, 0)}, {ID: "y", Tags: []string{"a"}, Pos: v(100, 0)}},
				Edges:    []PatternEdge{{A: "x", B: "y"}},
			},
			Substitute: Substitute{
				Vertices: []SubstituteVertex{{ID: "x", Tag: "-", Pos: v(0, 0)}, {ID: "y", Tag: "-", Pos: v(100, 0)}, {ID: "t", Tag: "b", Pos: v(50, 80)}},
				Edges:    []SubstituteEdge{{A: "x", B: "y"}, {A: "y", B: "t"}, {A: "t", B: "x"}},
			},
		},
	}}
}
