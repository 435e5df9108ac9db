package grammar_test

import (
	"fmt"
	"math/rand/v2"

	"gonum.org/v1/gonum/spatial/r2"

	"github.com/dungraph/dungraph/grammar"
)

// A grammar of two rules: the start vertex becomes a corridor of three
// rooms, and any corridor between two rooms can be subdivided.
func exampleDefinition() grammar.Definition {
	at := func(x, y float64) r2.Vec { return r2.Vec{X: x, Y: y} }
	return grammar.Definition{Rules: []grammar.Rule{
		{
			Name:    "start",
			Pattern: grammar.Pattern{Vertices: []grammar.PatternVertex{{ID: "s", Tags: []string{"s"}}}},
			Substitute: grammar.Substitute{
				Vertices: []grammar.SubstituteVertex{{ID: "s", Tag: "e", Pos: at(0, 0)}, {ID: "a", Tag: "a", Pos: at(100, 0)}, {ID: "b", Tag: "a", Pos: at(200, 0)}},
				Edges:    []grammar.SubstituteEdge{{A: "s", B: "a"}, {A: "a", B: "b"}},
			},
		},
		{
			Name: "extend",
			Pattern: grammar.Pattern{
				Vertices: []grammar.PatternVertex{{ID: "x", Tags: []string{"a", "e"}, Pos: at(0, 0)}, {ID: "y", Tags: []string{"a"}, Pos: at(100, 0)}},
				Edges:    []grammar.PatternEdge{{A: "x", B: "y"}},
			},
			Substitute: grammar.Substitute{
				Vertices: []grammar.SubstituteVertex{{ID: "x", Tag: "-", Pos: at(0, 0)}, {ID: "m", Tag: "a", Pos: at(50, 0)}, {ID: "y", Tag: "-", Pos: at(100, 0)}},
				Edges: []grammar.SubstituteEdge{
					{A: "x", B: "m", Subdivide: true, LengthFactor: 0.5},
					{A: "m", B: "y", Subdivide: true, LengthFactor: 0.5},
				},
			},
		},
	}}
}

func ExampleGrammar_Build() {
	gr, err := grammar.Compile(exampleDefinition())
	if err != nil {
		fmt.Println(err)
		return
	}
	res, err := gr.Build(grammar.Options{MaxIterations: 4}, rand.New(rand.NewPCG(1, 2)))
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, s := range res.Steps {
		fmt.Printf("%d: %s at %v added %v\n", s.Iteration, gr.Rules()[s.Rule].Name, s.Match, s.Added)
	}
	fmt.Println(res.Graph.Order(), "rooms,", res.Graph.Size(), "corridors")
	// Output:
	// 0: start at [0] added [1 2]
	// 1: extend at [2 1] added [3]
	// 2: extend at [0 1] added [4]
	// 3: extend at [1 3] added [5]
	// 6 rooms, 5 corridors
}

func ExampleCompile() {
	d := exampleDefinition()
	d.Rules[1].Pattern.Vertices[1].Tags = []string{"!a"}
	d.Rules[1].Substitute.Vertices[1].Tag = "-"
	_, err := grammar.Compile(d)
	fmt.Println(err)
	// Output:
	// grammar: rule "extend": pattern vertex "y": only negated tags: add a tag the vertex matches, or "-" for any
	// grammar: rule "extend": substitute vertex "m": tag "-" keeps the host vertex's tag, so it is allowed only on vertices mapped to a pattern vertex (no pattern vertex has id "m")
}

func ExampleGrammar_Diagnose() {
	gr, _ := grammar.Compile(exampleDefinition())
	g := grammar.NewGraph()
	start, _ := gr.RuleIndex("start")
	gr.Apply(g, start, grammar.Match{0}, 0, 0)
	extend, _ := gr.RuleIndex("extend")
	cands, _ := gr.Diagnose(g, extend, 0)
	for _, c := range cands {
		fmt.Println(c.Match, c.Reason)
	}
	// Output:
	// [0 1] ok
	// [1 2] ok
	// [2 1] ok
}
