package level_test

import (
	"bytes"
	"context"
	"fmt"
	"log"
	"strings"

	"github.com/dungraph/dungraph/level"
	"github.com/dungraph/dungraph/rulesets"
)

func ExampleLevel_Document() {
	rs, err := rulesets.Bundled("quads")
	if err != nil {
		log.Fatal(err)
	}
	lv, err := level.Generate(context.Background(), rs, 42, level.Options{})
	if err != nil {
		log.Fatal(err)
	}
	doc, err := lv.Document()
	if err != nil {
		log.Fatal(err)
	}
	var b bytes.Buffer
	if err := doc.WriteJSON(&b); err != nil {
		log.Fatal(err)
	}
	lines := strings.Split(b.String(), "\n")
	for _, l := range lines[:3] {
		fmt.Println(l)
	}
	fmt.Println(lines[4])
	// Output:
	// {
	//   "format": "dungraph.level",
	//   "version": 2,
	//   "seed": 42,
}
