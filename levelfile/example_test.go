package levelfile_test

import (
	"fmt"
	"log"
	"os"
	"strings"

	"github.com/dungraph/dungraph/levelfile"
)

// readTiny reads testdata/tiny.json, a level of three rooms.
func readTiny() *levelfile.Document {
	f, err := os.Open("testdata/tiny.json")
	if err != nil {
		log.Fatal(err)
	}
	defer f.Close()
	doc, err := levelfile.ReadJSON(f)
	if err != nil {
		log.Fatal(err)
	}
	return doc
}

// Reading a level file: the document holds the level as saved, route
// included; a file of another version is refused with its position.
func ExampleReadJSON() {
	doc := readTiny()
	fmt.Println(doc.Ruleset.Name, doc.Seed, len(doc.Vertices), "vertices, critical path", doc.Route.CriticalPath)

	_, err := levelfile.ReadJSON(strings.NewReader(`{"format": "dungraph.level", "version": 9}`))
	fmt.Println(err)
	// Output:
	// tiny 7 3 vertices, critical path [0 1]
	// levelfile: 1:41: version: level format version 9 is not supported: this dungraph reads version 2 only
}

// Editing a level: a room moved changes the route's lengths, which
// Validate checks against the graph; UpdateRoute recomputes them.
func ExampleDocument_UpdateRoute() {
	doc := readTiny()
	doc.Vertices[1].X, doc.Vertices[1].Y = 300, 400
	fmt.Println(doc.Validate() != nil)
	if err := doc.UpdateRoute(); err != nil {
		log.Fatal(err)
	}
	fmt.Println(doc.Validate(), doc.Route.Length)
	// Output:
	// true
	// <nil> 500
}
