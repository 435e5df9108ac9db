package tiled

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"testing"

	"github.com/dungraph/dungraph/gridmap"
)

// TestHexHeader checks the map attributes that make Tiled read a hex map:
// orientation, stagger and side length, even tile sizes, in both formats,
// and that an orthogonal map has none of the hexagonal ones.
func TestHexHeader(t *testing.T) {
	for _, tt := range []struct {
		name   string
		m      *gridmap.Map
		o      Options
		orient string
		w, h   int
		side   int
		axis   string
		index  string
	}{
		{"hex", hexSampleMap(t), Options{}, "hexagonal", 16, 18, 8, "y", "odd"},
		{"hex, odd tile size", hexSampleMap(t), Options{TileSize: 7}, "hexagonal", 8, 10, 4, "y", "odd"},
		{"square", sampleMap(), Options{TileSize: 7}, "orthogonal", 7, 7, 0, "", ""},
	} {
		var tmx, tmj bytes.Buffer
		if err := tt.o.WriteTMX(&tmx, tt.m); err != nil {
			t.Fatal(err)
		}
		if err := tt.o.WriteTMJ(&tmj, tt.m); err != nil {
			t.Fatal(err)
		}
		var x xmlMap
		if err := xml.Unmarshal(tmx.Bytes(), &x); err != nil {
			t.Fatal(err)
		}
		var j jsonMap
		if err := json.Unmarshal(tmj.Bytes(), &j); err != nil {
			t.Fatal(err)
		}
		got := [][6]any{
			{x.Orientation, x.TileWidth, x.TileHeight, x.HexSideLength, x.StaggerAxis, x.StaggerIndex},
			{j.Orientation, j.TileWidth, j.TileHeight, j.HexSideLength, j.StaggerAxis, j.StaggerIndex},
		}
		want := [6]any{tt.orient, tt.w, tt.h, tt.side, tt.axis, tt.index}
		for i, g := range got {
			if g != want {
				t.Errorf("%s, %s: orientation, tile size, side, stagger = %v, want %v", tt.name, []string{"TMX", "TMJ"}[i], g, want)
			}
		}
	}
}

// TestHexOutlines checks the room polygons of hexagonal maps against a
// brute-force point-in-polygon test of every cell's centre: a cell is a
// room's exactly when its centre lies inside the room's outline and
// inside none of its holes, and the outline runs clockwise.
func TestHexOutlines(t *testing.T) {
	maps := []*gridmap.Map{hexSampleMap(t)}
	if !testing.Short() {
		m, err := bundledRaster(t, "caves", 2, true)
		if err != nil {
			t.Fatal(err)
		}
		maps = append(maps, m)
	}
	holes := 0
	for _, m := range maps {
		g := Options{}.geometry(m)
		for o, r := range m.Rooms {
			outer, hs := g.outlines(m, int32(o), r)
			holes += len(hs)
			if area2(outer) <= 0 {
				t.Fatalf("room %d: the outline runs counter-clockwise", r.ID)
			}
			for y := r.Bounds.Y - 1; y <= r.Bounds.Y+r.Bounds.H; y++ {
				for x := r.Bounds.X - 1; x <= r.Bounds.X+r.Bounds.W; x++ {
					cx, cy := g.centre(x, y)
					in := inPolygon(outer, cx, cy)
					for _, h := range hs {
						if inPolygon(h, cx, cy) {
							in = false
						}
					}
					if want := m.RoomAt(x, y) == o; in != want {
						t.Fatalf("room %d: cell (%d,%d) inside its polygons %v, its cell %v", r.ID, x, y, in, want)
					}
				}
			}
		}
	}
	if !testing.Short() && holes == 0 {
		t.Error("no room had a hole: the holes go untested")
	}
}

// inPolygon reports whether (x, y) lies inside poly, by the crossings of a
// ray to the right (no cell centre lies on an edge).
func inPolygon(poly [][2]int, x, y float64) bool {
	in := false
	for i, p := range poly {
		q := poly[(i+1)%len(poly)]
		px, py, qx, qy := float64(p[0]), float64(p[1]), float64(q[0]), float64(q[1])
		if (py > y) != (qy > y) && x < px+(y-py)*(qx-px)/(qy-py) {
			in = !in
		}
	}
	return in
}
