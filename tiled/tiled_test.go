package tiled

import (
	"bytes"
	"crypto/sha256"
	"encoding/xml"
	"fmt"
	"image/png"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/dungraph/dungraph/gridmap"
	"github.com/dungraph/dungraph/internal/golden"
	"github.com/dungraph/dungraph/levelfile"
	"github.com/dungraph/dungraph/render"
)

// TestGolden pins the bytes of every file for the sample map; the PNG
// through its hash and size.
func TestGolden(t *testing.T) {
	m := sampleMap()
	for _, o := range []Options{{}, {TileSize: 5, Name: "cave"}} {
		var tmx, tmj, tsx, pic bytes.Buffer
		for _, err := range []error{o.WriteTMX(&tmx, m), o.WriteTMJ(&tmj, m), o.WriteTSX(&tsx, m), o.WriteTilesetPNG(&pic, m)} {
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
		golden.Check(t, p+".tmx", tmx.Bytes())
		golden.Check(t, p+".tmj", tmj.Bytes())
		golden.Check(t, p+".tsx", tsx.Bytes())
		golden.Check(t, p+".tileset.png.txt", []byte(sum))
	}
}

// TestTilesetImage checks every pixel of the sample map's tileset against
// the colour of its tile: the six kinds, then the floors of the map's two
// tags in sorted order, each its colour everywhere but the darker edge of
// walkable tiles.
func TestTilesetImage(t *testing.T) {
	m := sampleMap()
	kinds := Colors()
	tags := render.TagColors(&levelfile.Document{}, []string{"start", "treasure & gold"})
	want := append(kinds[:], tags["start"], tags["treasure & gold"])
	for _, ts := range []int{1, 3, 4, 16} {
		img, err := Options{TileSize: ts}.TilesetImage(m)
		if err != nil {
			t.Fatal(err)
		}
		if got := img.Bounds().Size(); got.X != ts*len(want) || got.Y != ts {
			t.Fatalf("tile size %d: image is %v, want %d tiles", ts, got, len(want))
		}
		for i, c := range want {
			walkable := i >= len(kinds) || gridmap.Kind(i).Walkable()
			for y := range ts {
				for x := range ts {
					got := img.RGBAAt(i*ts+x, y)
					edge := walkable && ts >= 4 && (x == ts-1 || y == ts-1)
					if (got == c) == edge {
						t.Errorf("tile size %d, tile %d pixel (%d, %d) = %v, colour %v, edge %v", ts, i, x, y, got, c, edge)
					}
				}
			}
		}
	}
	// Each tile's color property is its colour in the image, as the
	// tuner's map view reads it.
	var tsx bytes.Buffer
	if err := (Options{}).WriteTSX(&tsx, m); err != nil {
		t.Fatal(err)
	}
	var x xmlTileset
	if err := xml.Unmarshal(tsx.Bytes(), &x); err != nil {
		t.Fatal(err)
	}
	if len(x.Tiles) != len(want) {
		t.Fatalf("the TSX has %d tiles, want %d", len(x.Tiles), len(want))
	}
	for i, tile := range x.Tiles {
		c := want[i]
		if got := xmlPropList(&tile.Properties); !slices.Contains(got, fmt.Sprintf("color:color=#ff%02x%02x%02x", c.R, c.G, c.B)) {
			t.Errorf("tile %d: properties %q, want its colour %v", i, got, c)
		}
	}
	// Distinct colours are what lets a picture of the map tell its cells
	// apart.
	seen := map[[4]uint8]int{}
	for i, c := range want {
		if o, ok := seen[[4]uint8{c.R, c.G, c.B, c.A}]; ok {
			t.Errorf("tiles %d and %d share the colour %v", o, i, c)
		}
		seen[[4]uint8{c.R, c.G, c.B, c.A}] = i
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
		{"cells short", Options{}, bad(func(m *gridmap.Map) { m.Cells = m.Cells[1:] }), "holds 77"},
		{"unknown kind", Options{}, bad(func(m *gridmap.Map) { m.Cells[14] = 9 }), "cell (1, 1) is of unknown kind 9"},
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
