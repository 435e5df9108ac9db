package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// The guide's pictures are the ones its steps make: a change to the
// generator or to the guide that changes a step's level fails here until
// `go run ./tools/guideimages` draws them again.
func TestGuideImagesCurrent(t *testing.T) {
	root := filepath.Join("..", "..")
	src, err := os.ReadFile(filepath.Join(root, guide))
	if err != nil {
		t.Fatal(err)
	}
	images, err := draw(string(src))
	if err != nil {
		t.Fatal(err)
	}
	if len(images) < 2 {
		t.Fatalf("%d steps drawn, want the guide's worked example", len(images))
	}
	for _, im := range images {
		want, err := os.ReadFile(filepath.Join(root, out, im.name))
		if err != nil {
			t.Errorf("%v: run go run ./tools/guideimages from the repository root", err)
			continue
		}
		if !bytes.Equal(want, im.png) {
			t.Errorf("%s is not the picture its step makes now (%d rooms): run go run ./tools/guideimages from the repository root", im.name, im.rooms)
		}
	}
}
