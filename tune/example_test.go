package tune_test

import (
	"fmt"

	"github.com/dungraph/dungraph/tune"
)

func ExampleParseVary() {
	for _, s := range []string{"relax.repulsion=0.05:0.2:4", "layout.spring=log,hooke"} {
		v, err := tune.ParseVary(s)
		if err != nil {
			panic(err)
		}
		fmt.Println(v.Key, v.Values)
	}
	_, err := tune.ParseVary("relax.repulsion=0.2:0.05")
	fmt.Println(err)
	// Output:
	// relax.repulsion [0.05 0.1 0.15 0.2]
	// layout.spring [log hooke]
	// tune: vary "relax.repulsion=0.2:0.05": a range is lo:hi:n, with three parts, not 2
}

func ExampleCell_TOML() {
	vs := []tune.Vary{{Key: "relax.repulsion", Values: []string{"0.05"}}, {Key: "build.max_vertices", Values: []string{"30"}}}
	cells, err := tune.Cells(vs)
	if err != nil {
		panic(err)
	}
	fmt.Println(cells[0].SetFlags())
	fmt.Print(cells[0].TOML())
	// Output:
	// --set relax.repulsion=0.05 --set build.max_vertices=30
	// [relax]
	// repulsion = 0.05
	//
	// [build]
	// max_vertices = 30
}
