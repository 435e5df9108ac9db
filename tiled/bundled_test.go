package tiled

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"testing"

	"github.com/dungraph/dungraph/gridmap"
	"github.com/dungraph/dungraph/level"
	"github.com/dungraph/dungraph/levelfile"
	"github.com/dungraph/dungraph/raster"
	"github.com/dungraph/dungraph/render"
	"github.com/dungraph/dungraph/rulesets"
)

// bundledDoc is the document of a bundled ruleset's level.
func bundledDoc(t testing.TB, name string, seed uint64) *levelfile.Document {
	t.Helper()
	rs, err := rulesets.Bundled(name)
	if err != nil {
		t.Fatal(err)
	}
	lv, err := level.Generate(context.Background(), rs, seed, level.Options{})
	if err != nil {
		t.Fatalf("%s seed %d: %v", name, seed, err)
	}
	d, err := lv.Document()
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// bundledMap is the grid map of a bundled ruleset's level, as `dungraph
// generate --format tmx` draws it.
func bundledMap(t testing.TB, name string, seed uint64) *gridmap.Map {
	t.Helper()
	m, err := bundledRaster(t, name, seed, false)
	if err != nil {
		t.Fatalf("%s seed %d: the map stage: %v", name, seed, err)
	}
	return m
}

// bundledRaster is the grid map of a bundled ruleset's level on squares
// or, with hex, on hexes (`--tiles hex`).
func bundledRaster(t testing.TB, name string, seed uint64, hex bool) (*gridmap.Map, error) {
	t.Helper()
	o := render.Raster{}
	if hex {
		o.Lattice = raster.Hex
	}
	return o.Map(bundledDoc(t, name, seed))
}

// TestBundledTmxrasterizer renders a level of every bundled ruleset, on
// squares and on hexes, as TMX and as TMJ, with Tiled's tmxrasterizer, and compares every pixel of
// the tile layer with the map's cells.
func TestBundledTmxrasterizer(t *testing.T) {
	bin := tmxrasterizer(t)
	for _, info := range rulesets.ListBundled() {
		t.Run(info.Name, func(t *testing.T) {
			t.Parallel()
			if testing.Short() && info.Name != rulesets.DefaultName {
				t.Skip("-short: the default ruleset only")
			}
			for _, hex := range []bool{false, true} {
				m, err := bundledRaster(t, info.Name, 3, hex)
				if err != nil {
					t.Fatalf("hex %v: %v", hex, err)
				}
				// Large maps (caves) render at a pixel a tile (two on
				// hexes): the comparison is as exact, and the pictures
				// stay small.
				o := Options{TileSize: 4}
				if m.W*m.H > 250_000 {
					o.TileSize = 1
				}
				tmx, tmj := writeFiles(t, t.TempDir(), o, m)
				for _, path := range []string{tmx, tmj} {
					checkRendering(t, info.Name+" "+path[len(path)-3:], rasterize(t, bin, path, objectLayer), m, o)
				}
			}
		})
	}
}

// TestKeyAndLockPoints: dungeon's Tiled map has one "key" point per room
// whose tag is a key and one "lock" point per locked room, each naming
// its room and the key's tag.
func TestKeyAndLockPoints(t *testing.T) {
	d := bundledDoc(t, "dungeon", 3)
	var want []string
	for _, v := range d.Vertices {
		tag := d.Params.Tags[v.Tag]
		switch {
		case v.Cosmetic:
		case tag.Role == "key":
			want = append(want, fmt.Sprintf("key room %d key %s", v.ID, v.Tag))
		case tag.Role == "lock":
			want = append(want, fmt.Sprintf("lock room %d key %s", v.ID, tag.Key))
		}
	}
	if len(want) == 0 {
		t.Fatal("dungeon seed 3 has no key or lock rooms")
	}
	m, err := render.Raster{}.Map(d)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := (Options{}).WriteTMJ(&b, m); err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Layers []struct {
			Objects []struct {
				Type       string `json:"type"`
				Properties []struct {
					Name  string `json:"name"`
					Value any    `json:"value"`
				} `json:"properties"`
			} `json:"objects"`
		} `json:"layers"`
	}
	if err := json.Unmarshal(b.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, l := range doc.Layers {
		for _, o := range l.Objects {
			if o.Type != "key" && o.Type != "lock" {
				continue
			}
			p := map[string]any{}
			for _, q := range o.Properties {
				p[q.Name] = q.Value
			}
			got = append(got, fmt.Sprintf("%s room %v key %v", o.Type, p["room"], p["key"]))
		}
	}
	slices.Sort(want)
	slices.Sort(got)
	if !slices.Equal(got, want) {
		t.Errorf("key and lock points:\n got %q\nwant %q", got, want)
	}
}
