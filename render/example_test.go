package render_test

import (
	"bytes"
	"context"
	"fmt"
	"image/png"
	"log"
	"strings"

	"github.com/dungraph/dungraph/level"
	"github.com/dungraph/dungraph/render"
	"github.com/dungraph/dungraph/rulesets"
)

func generate() *level.Level {
	rs, err := rulesets.Bundled("quads")
	if err != nil {
		log.Fatal(err)
	}
	lv, err := level.Generate(context.Background(), rs, 42, level.Options{})
	if err != nil {
		log.Fatal(err)
	}
	return lv
}

func ExampleFromLevel() {
	doc, err := render.FromLevel(generate())
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

func ExampleReadJSON() {
	doc, err := render.FromLevel(generate())
	if err != nil {
		log.Fatal(err)
	}
	var b bytes.Buffer
	if err := doc.WriteJSON(&b); err != nil {
		log.Fatal(err)
	}
	saved, err := render.ReadJSON(&b)
	if err != nil {
		log.Fatal(err)
	}
	// The saved level's graph is the generated one, ready for rules.
	g, err := saved.Graph()
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(saved.Ruleset.Name, saved.Seed, g.Order() == len(doc.Vertices))

	_, err = render.ReadJSON(strings.NewReader(`{"format": "dungraph.level", "version": 9}`))
	fmt.Println(err)
	// Output:
	// quads 42 true
	// render: 1:41: version: level format version 9 is not supported: this dungraph reads version 2 only
}

func ExamplePNG_Write() {
	doc, err := render.FromLevel(generate())
	if err != nil {
		log.Fatal(err)
	}
	var b bytes.Buffer
	if err := (render.PNG{Size: 400, Labels: true}).Write(&b, doc); err != nil {
		log.Fatal(err)
	}
	cfg, err := png.DecodeConfig(&b)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%d×%d\n", cfg.Width, cfg.Height)
	// Output:
	// 400×400
}
