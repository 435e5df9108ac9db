package render

import (
	"bytes"
	"image/color"
	"image/png"
	"testing"

	"github.com/dungraph/dungraph/gridmap"
	"github.com/dungraph/dungraph/raster"
)

// tilesLevel is a hand-built level: four rooms of three tags in a loop.
func tilesLevel() gridmap.Level {
	return gridmap.Level{
		Rooms: []gridmap.RoomSpec{
			{ID: 1, X: 0, Y: 0, W: 80, H: 60, Tag: "start"},
			{ID: 2, X: 160, Y: 0, W: 60, H: 60, Tag: "hall"},
			{ID: 3, X: 160, Y: 140, W: 80, H: 60, Tag: "hall"},
			{ID: 4, X: 0, Y: 150, W: 60, H: 80, Tag: "vault"},
		},
		Corridors: []gridmap.Edge{{A: 1, B: 2}, {A: 2, B: 3}, {A: 3, B: 4}, {A: 4, B: 1}},
		Entrance:  1,
		Goal:      3,
	}
}

// tilesGrid draws lv with the map stage at cell size 10 and returns its
// tiles.
func tilesGrid(t *testing.T, lv gridmap.Level, l raster.Lattice) *raster.Grid {
	t.Helper()
	m, err := gridmap.Build(lv, gridmap.Options{Cell: 10, Hex: l == raster.Hex})
	if err != nil {
		t.Fatal(err)
	}
	g, err := raster.FromMap(m)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func TestTilesPNG(t *testing.T) {
	// The default palette colours tags in sorted order: hall, start,
	// vault.
	hall, start, vault := defaultPalette[0], defaultPalette[1], defaultPalette[2]
	tests := []struct {
		name          string
		lattice       raster.Lattice
		opts          TilesPNG
		width, height int // of the picture
		px            float64
	}{
		// 36 × 34 tiles: 2048/36 = 56.9, so 56 pixels a tile.
		{"square", raster.Square, TilesPNG{}, 36 * 56, 34 * 56, 56},
		{"square small", raster.Square, TilesPNG{MaxSize: 110}, 36 * 3, 34 * 3, 3},
		// At MinSize the tiles would be 1.8 pixels: they are
		// MinTilePixels, and the picture is larger than MinSize.
		{"square minimum", raster.Square, TilesPNG{MaxSize: 64}, 36 * 2, 34 * 2, 2},
		// 36 × 37 hexes: 36.5 cells wide, 36·√3/2 + 2/√3 = 32.33 tall;
		// 2048/36.5 = 56.1, so 56 pixels a tile, 2044 × 1810.6.
		{"hex", raster.Hex, TilesPNG{}, 2044, 1811, 56},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g := tilesGrid(t, tilesLevel(), tc.lattice)
			var b bytes.Buffer
			if err := WriteTilesPNG(&b, g, tc.opts); err != nil {
				t.Fatal(err)
			}
			img, err := png.Decode(&b)
			if err != nil {
				t.Fatal(err)
			}
			if s := img.Bounds().Size(); s.X != tc.width || s.Y != tc.height {
				t.Fatalf("%d × %d tiles give a %v picture, want %d × %d", g.Width, g.Height, s, tc.width, tc.height)
			}
			f := tileFrame{px: tc.px, hex: tc.lattice == raster.Hex}
			want := map[string]color.RGBA{
				"wall": wallColor, "corridor": tileCorridorColor, "door": tileDoorColor,
				"entrance": tileEntranceColor, "goal": tileGoalColor,
			}
			tagColor := map[string]color.RGBA{"hall": hall, "start": start, "vault": vault}
			seen := map[string]int{}
			for c, tile := range g.All() {
				kind := tile.Kind.String()
				switch c {
				case g.Entrance:
					kind = "entrance"
				case g.Goal:
					kind = "goal"
				}
				w, ok := want[kind]
				if kind == "floor" {
					w, ok = tagColor[tile.Tag]
					kind += " " + tile.Tag
				}
				if !ok {
					t.Fatalf("tile %v of kind %s and tag %q", c, kind, tile.Tag)
				}
				seen[kind]++
				x, y := f.centre(g, c)
				got := color.RGBAModel.Convert(img.At(int(x), int(y))).(color.RGBA)
				if got != w {
					t.Fatalf("tile %v (%s) at pixel (%d, %d) is %v, want %v", c, kind, int(x), int(y), got, w)
				}
			}
			for _, k := range []string{"wall", "corridor", "door", "entrance", "goal", "floor hall", "floor start", "floor vault"} {
				if seen[k] == 0 {
					t.Errorf("no tile of kind %s checked", k)
				}
			}
			// Rendering again gives the same bytes.
			var again bytes.Buffer
			if err := WriteTilesPNG(&again, g, tc.opts); err != nil {
				t.Fatal(err)
			}
			var first bytes.Buffer
			_ = WriteTilesPNG(&first, g, tc.opts)
			if !bytes.Equal(first.Bytes(), again.Bytes()) {
				t.Error("two renderings differ")
			}
		})
	}
}

// TestTilesPNGSeams: between two floor tiles of a room, the hex picture
// shows the room's colour, not the wall behind.
func TestTilesPNGSeams(t *testing.T) {
	g := tilesGrid(t, tilesLevel(), raster.Hex)
	img, err := TilesPNG{MaxSize: 500}.Render(g)
	if err != nil {
		t.Fatal(err)
	}
	f, err := TilesPNG{MaxSize: 500}.frame(g)
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for c, tile := range g.All() {
		if tile.Kind != raster.KindFloor || c == g.Entrance || c == g.Goal {
			continue
		}
		for _, n := range g.Lattice.Neighbours(c) {
			nt := g.At(n)
			if nt.Kind != raster.KindFloor || nt.Room != tile.Room || n == g.Entrance || n == g.Goal {
				continue
			}
			x1, y1 := f.centre(g, c)
			x2, y2 := f.centre(g, n)
			mid := color.RGBAModel.Convert(img.At(int((x1+x2)/2), int((y1+y2)/2))).(color.RGBA)
			in := color.RGBAModel.Convert(img.At(int(x1), int(y1))).(color.RGBA)
			if mid != in {
				t.Fatalf("between %v and %v the picture is %v, inside %v", c, n, mid, in)
			}
			checked++
		}
	}
	if checked == 0 {
		t.Fatal("no pairs checked")
	}
}

func TestTilesPNGErrors(t *testing.T) {
	g := tilesGrid(t, tilesLevel(), raster.Square)
	huge := tilesGrid(t, gridmap.Level{
		Rooms:     []gridmap.RoomSpec{{ID: 1, W: 10, H: 10}, {ID: 2, X: 200000, W: 10, H: 10}},
		Corridors: []gridmap.Edge{{A: 1, B: 2}},
		Entrance:  1, Goal: 2,
	}, raster.Square)
	for _, tc := range []struct {
		name string
		g    *raster.Grid
		opts TilesPNG
	}{
		{"too small", g, TilesPNG{MaxSize: 10}},
		{"too large", g, TilesPNG{MaxSize: 1 << 20}},
		{"nil grid", nil, TilesPNG{}},
		{"grid too wide for 2 pixels a tile", huge, TilesPNG{}},
	} {
		var b bytes.Buffer
		if err := WriteTilesPNG(&b, tc.g, tc.opts); err == nil {
			t.Errorf("%s: no error", tc.name)
		}
	}
}
