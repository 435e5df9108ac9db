package tiled

import (
	"context"
	"os/exec"
	"testing"

	"github.com/dungraph/dungraph/level"
	"github.com/dungraph/dungraph/render"
	"github.com/dungraph/dungraph/rulesets"
)

// TestCrowdedFansTMX exports a level of the triangle-fan test ruleset whose
// rooms hold up to eight corridors on walls a few cells long: greedy
// routing walls corridors in at every scale of the chosen cell and of
// finer ones (seed 1), so the map stage negotiates the corridors and
// refines the cell. Each map passes the map stage's proof, is written as TMX and TMJ,
// and, where Tiled's tmxrasterizer is installed, Tiled draws every tile as
// the map says.
func TestCrowdedFansTMX(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: a fans level takes seconds to generate and draw")
	}
	rs, err := rulesets.LoadFile("../level/testdata/quality/fans.toml")
	if err != nil {
		t.Fatal(err)
	}
	bin, _ := exec.LookPath("tmxrasterizer")
	for _, seed := range []uint64{1} {
		lv, err := level.Generate(context.Background(), rs, seed, level.Options{})
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		d, err := lv.Document()
		if err != nil {
			t.Fatal(err)
		}
		m, err := render.Raster{}.Map(d)
		if err != nil {
			t.Errorf("seed %d: %v", seed, err)
			continue
		}
		o := Options{TileSize: 1}
		tmx, tmj := writeFiles(t, t.TempDir(), o, m)
		if bin == "" {
			continue
		}
		for _, path := range []string{tmx, tmj} {
			checkRendering(t, path, rasterize(t, bin, path, objectLayer), m, o)
		}
	}
}
