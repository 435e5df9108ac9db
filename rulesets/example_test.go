package rulesets_test

import (
	"errors"
	"fmt"
	"log"
	"math/rand/v2"

	"github.com/dungraph/dungraph/rulesets"
)

const pathRuleset = `
name = "path"
description = "A path of rooms"

[build]
max_vertices = 6

[tags.a]
label = "room"
color = "#8c6a4f"

[[rules]]
name = "start"
pattern.vertices = [ { id = "s", tags = ["s"] } ]
substitute.vertices = [
  { id = "s", tag = "a", at = [0, 0] },
  { id = "t", tag = "a", at = [100, 0] },
]
substitute.edges = [ { between = ["s", "t"] } ]

[[rules]]
name = "extend"
pattern.vertices = [
  { id = "a", tags = ["a"], at = [0, 0] },
  { id = "b", tags = ["a"], at = [100, 0] },
]
pattern.edges = [ { between = ["a", "b"] } ]
substitute.vertices = [
  { id = "a", tag = "-", at = [0, 0] },
  { id = "b", tag = "-", at = [100, 0] },
  { id = "c", tag = "a", at = [200, 0] },
]
substitute.edges = [
  { between = ["a", "b"] },
  { between = ["b", "c"] },
]
`

func ExampleLoad() {
	rs, err := rulesets.Load("path.toml", []byte(pathRuleset))
	if err != nil {
		log.Fatal(err)
	}
	tag, _ := rs.Tag("a")
	fmt.Printf("%s: %d rules, at most %d vertices, %s rooms %s\n",
		rs.Name, len(rs.Rules), rs.Build.MaxVertices, tag.Label, tag.Color)

	res, err := rs.Grammar.Build(rs.Build.Options(), rand.New(rand.NewPCG(1, 2)))
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("built", res.Graph.Order(), "vertices")
	// Output:
	// path: 2 rules, at most 6 vertices, room rooms #8c6a4f
	// built 6 vertices
}

func ExampleLoader() {
	var l rulesets.Loader
	for _, s := range []string{"build.max_vertices=60", "tags.a.color=#ff0000"} {
		o, err := rulesets.ParseOverride(s)
		if err != nil {
			log.Fatal(err)
		}
		l.Overrides = append(l.Overrides, o)
	}
	rs, err := l.Load("path.toml", []byte(pathRuleset))
	if err != nil {
		log.Fatal(err)
	}
	tag, _ := rs.Tag("a")
	fmt.Println(rs.Build.MaxVertices, tag.Color)
	// Output:
	// 60 #ff0000
}

func ExampleError_ErrorWithSource() {
	src := `
[build]
max_vertices = 0

[[rules]]
name = "start"
pattern.vertices = [ { id = "s", tags = ["s"] } ]
substitute.vertices = [ { id = "s", tag = "", at = [0, 0] } ]
`
	_, err := rulesets.Load("broken.toml", []byte(src))
	var list rulesets.ErrorList
	if errors.As(err, &list) {
		for _, e := range list {
			fmt.Println(e.ErrorWithSource())
		}
	}
	// Output:
	// broken.toml:3:16: build.max_vertices: must be at least 1, not 0
	//     3 | max_vertices = 0
	//       |                ^
	// broken.toml:8:43: rules[0] "start": substitute vertex "s": tag: empty tag: give the vertex a tag (or "-" to keep the host's, on mapped vertices)
	//     8 | substitute.vertices = [ { id = "s", tag = "", at = [0, 0] } ]
	//       |                                           ^
}

func ExampleBundled() {
	rs, err := rulesets.Bundled(rulesets.DefaultName)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(rs.Name, rs.File)
	// Output:
	// dungeon bundled/dungeon.toml
}

func ExampleKeys() {
	for _, k := range rulesets.Keys()[:5] {
		fmt.Println(k)
	}
	// Output:
	// name
	// description
	// weights
	// build.max_iterations
	// build.min_vertices
}
