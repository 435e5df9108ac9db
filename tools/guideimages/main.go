package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/dungraph/dungraph/level"
	"github.com/dungraph/dungraph/render"
	"github.com/dungraph/dungraph/rulesets"
)

const (
	guide = "docs/rulesets.md"
	out   = "docs/images"
	seed  = 3
)

var stepHeading = regexp.MustCompile(`^### Step (\d+)`)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "guideimages:", err)
		os.Exit(1)
	}
}

func run() error {
	src, err := os.ReadFile(guide)
	if err != nil {
		return err
	}
	images, err := draw(string(src))
	if err != nil {
		return err
	}
	for _, im := range images {
		name := filepath.Join(out, im.name)
		fmt.Printf("%s: %d rooms\n", name, im.rooms)
		if err := os.WriteFile(name, im.png, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// picture is one step's picture: its file name under docs/images, its PNG
// and the level's room count.
type picture struct {
	name  string
	png   []byte
	rooms int
}

// draw generates the picture of each step of the worked example in the
// guide's text.
func draw(text string) ([]picture, error) {
	var images []picture
	start := strings.Index(text, "## A worked example")
	end := strings.Index(text, "### The whole ruleset")
	if start < 0 || end < start {
		return nil, fmt.Errorf("%s: no worked example section", guide)
	}
	var file strings.Builder
	step := ""
	inBlock := false
	flush := func() error {
		if step == "" {
			return nil
		}
		rs, err := rulesets.Load(fmt.Sprintf("step-%s.toml", step), []byte(file.String()))
		if err != nil {
			return fmt.Errorf("step %s: %w", step, err)
		}
		lv, err := level.Generate(context.Background(), rs, seed, level.Options{})
		if err != nil {
			return fmt.Errorf("step %s: %w", step, err)
		}
		doc, err := lv.Document()
		if err != nil {
			return err
		}
		var buf bytes.Buffer
		if err := (render.PNG{Size: 600}).Write(&buf, doc); err != nil {
			return err
		}
		images = append(images, picture{name: "guide-step-" + step + ".png", png: buf.Bytes(), rooms: lv.Metrics.Rooms})
		return nil
	}
	for _, line := range strings.Split(text[start:end], "\n") {
		if m := stepHeading.FindStringSubmatch(line); m != nil {
			if err := flush(); err != nil {
				return nil, err
			}
			step = m[1]
		}
		switch {
		case strings.HasPrefix(line, "```toml"):
			inBlock = true
		case strings.HasPrefix(line, "```") && inBlock:
			inBlock = false
			file.WriteString("\n")
		case inBlock && step != "":
			file.WriteString(line + "\n")
		}
	}
	if err := flush(); err != nil {
		return nil, err
	}
	return images, nil
}
