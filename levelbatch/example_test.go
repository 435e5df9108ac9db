package levelbatch_test

import (
	"context"
	"fmt"
	"os"

	"github.com/dungraph/dungraph/batch"
	"github.com/dungraph/dungraph/levelbatch"
	"github.com/dungraph/dungraph/levelfile"
	"github.com/dungraph/dungraph/rulesets"
)

// A batch of three levels of the tree ruleset, each written as level.json,
// on two workers: the files and the manifest are the same whatever the
// number of workers.
func Example() {
	rs, err := rulesets.Bundled("tree")
	if err != nil {
		fmt.Println(err)
		return
	}
	dir, err := os.MkdirTemp("", "levels")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)

	g := levelbatch.Generator{Ruleset: rs, Files: func(_ context.Context, d *levelfile.Document) ([]batch.File, error) {
		js, err := d.JSON()
		return []batch.File{{Name: "level.json", Data: js}}, err
	}}
	params, err := levelbatch.Params(rs)
	if err != nil {
		fmt.Println(err)
		return
	}
	seeds, _ := batch.ParseSeeds("1..3")
	newWorker := func(int) (batch.Generator, error) { return g.Generate, nil }
	sum, err := batch.Run(context.Background(), dir, seeds, newWorker, batch.Options{Workers: 2, Params: params})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%d generated, %d failed\n", sum.Generated, sum.Failed)
	// Output: 3 generated, 0 failed
}
