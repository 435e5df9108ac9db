package tiled

import (
	"bytes"
	"crypto/sha256"
	"fmt"
	"image/png"
	"math"
	"strings"
	"testing"

	"github.com/dungraph/dungraph/gridmap"
)

// TestGolden pins the bytes of every file for the sample map; the PNG
// through its hash and size.
func TestGolden(t *testing.T) {
	m := sampleMap()
	for _, o := range []Options{{}, {TileSize: 5, Name: "cave"}} {
		var tmx, tmj, tsx, pic bytes.Buffer
		for _, err := range []error{o.WriteTMX(&tmx, m), o.WriteTMJ(&tmj, m), o.WriteTSX(&tsx), o.WriteTilesetPNG(&pic)} {
			if err != nil {
				t.Fatal(err)
			}
		}
		img, err := png.Decode(bytes.NewReader(pic.Bytes()))
		if err != nil {
			t.Fatal(err)
		}
		sum := fmt.Sprintf("%v sha256:%x\n", img.Bounds().Size(), sha256.Sum256(pic.Bytes()))
		p := fmt.Sprintf("%s-%d", o.name(), o.tileSize())
		golden(t, p+".tmx", tmx.Bytes())
		golden(t, p+".tmj", tmj.Bytes())
		golden(t, p+".tsx", tsx.Bytes())
		golden(t, p+".tileset.png.txt", []byte(sum))
	}
}

// TestTilesetImage checks every pixel of the tileset against the colour
// of its kind: the tile's colour everywhere but the darker edge of
// walkable tiles.
func TestTilesetImage(t *testing.T) {
	for _, ts := range []int{1, 3, 4, 16} {
		img, err := Options{TileSize: ts}.TilesetImage()
		if err != nil {
			t.Fatal(err)
		}
		if got := img.Bounds().Size(); got.X != ts*len(gridmap.Kinds) || got.Y != ts {
			t.Fatalf("tile size %d: image is %v", ts, got)
		}
		cols := Colors()
		for i, k := range gridmap.Kinds {
			for y := range ts {
				for x := range ts {
					got := img.RGBAAt(i*ts+x, y)
					edge := k.Walkable() && ts >= 4 && (x == ts-1 || y == ts-1)
					if (got == cols[k]) == edge {
						t.Errorf("tile size %d, %v tile pixel (%d, %d) = %v, colour %v, edge %v", ts, k, x, y, got, cols[k], edge)
					}
				}
			}
		}
	}
	// Distinct colours are what lets a picture of the map tell its cells
	// apart.
	seen := map[[4]uint8]gridmap.Kind{}
	for k, c := range Colors() {
		if o, ok := seen[[4]uint8{c.R, c.G, c.B, c.A}]; ok {
			t.Errorf("%v and %v share the colour %v", o, gridmap.Kind(k), c)
		}
		seen[[4]uint8{c.R, c.G, c.B, c.A}] = gridmap.Kind(k)
	}
}

func TestErrors(t *testing.T) {
	bad := func(edit func(m *gridmap.Map)) *gridmap.Map {
		m := sampleMap()
		edit(m)
		return m
	}
	tests := []struct {
		name string
		o    Options
		m    *gridmap.Map
		want string
	}{
		{"tile size negative", Options{TileSize: -1}, sampleMap(), "tile size -1"},
		{"tile size too large", Options{TileSize: MaxTileSize + 1}, sampleMap(), "want 1 to 1024"},
		{"empty map", Options{}, &gridmap.Map{}, "0×0 cells"},
		{"cells short", Options{}, bad(func(m *gridmap.Map) { m.Cells = m.Cells[1:] }), "holds 71"},
		{"unknown kind", Options{}, bad(func(m *gridmap.Map) { m.Cells[13] = 9 }), "cell (1, 1) is of unknown kind 9"},
		{"NaN cell size", Options{}, bad(func(m *gridmap.Map) { m.CellSize = math.NaN() }), "must be finite"},
		{"door's corridor", Options{}, bad(func(m *gridmap.Map) { m.Doors[1].Corridor = 4 }), "door at (7, 1) names corridor 4 of 1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for format, err := range map[string]error{
				"tmx": tt.o.WriteTMX(new(bytes.Buffer), tt.m),
				"tmj": tt.o.WriteTMJ(new(bytes.Buffer), tt.m),
			} {
				if err == nil || !strings.HasPrefix(err.Error(), "tiled: ") || !strings.Contains(err.Error(), tt.want) {
					t.Errorf("%s: error %v, want one that says %q", format, err, tt.want)
				}
			}
		})
	}
}
