package render

import (
	"image"
	"image/color"
	"testing"

	"github.com/dungraph/dungraph/gridmap"
	"github.com/dungraph/dungraph/levelfile"
)

// TestMapPNG checks the map picture cell by cell, on squares and on hexes
// (bricks, odd rows half a cell to the right): the pixel at the centre of
// each cell's brick is the colour of the cell's kind, of its room's tag for
// a room's floor and ink for a door, paper for walls away from everything
// walkable.
func TestMapPNG(t *testing.T) {
	lv := gridmap.Level{Goal: 2, Seed: 5}
	for i, tag := range []string{"a", "b", "a"} {
		lv.Rooms = append(lv.Rooms, gridmap.RoomSpec{ID: i, X: float64(100 * i), Y: float64(60 * (i % 2)), W: 40, H: 30, Tag: tag, Shape: []string{"rect", "cave", "disc"}[i]})
	}
	lv.Corridors = []gridmap.Edge{{A: 0, B: 1}, {A: 1, B: 2}}
	for _, hex := range []bool{false, true} {
		m, err := gridmap.Build(lv, gridmap.Options{Cell: 4, Hex: hex})
		if err != nil {
			t.Fatal(err)
		}
		const px = 8
		img := MapPNG{Size: px * max(m.W, m.H)}.Render(m)
		rowPx, shift := px, 0
		if hex {
			rowPx, shift = 7, px/2 // 13·8/15 rounded
		}
		if want := image.Rect(0, 0, m.W*px+shift, m.H*rowPx); img.Bounds() != want {
			t.Fatalf("hex %v: the picture is %v, want %v", hex, img.Bounds(), want)
		}
		colors := tagColors(&levelfile.Document{}, []string{"a", "b"})
		for y := range m.H {
			for x := range m.W {
				var want color.RGBA
				switch k := m.At(x, y); {
				case k == gridmap.CellWall && nearWalkable(m, x, y):
					want = wallColor
				case k == gridmap.CellWall:
					want = paperColor
				case k == gridmap.CellCorridor:
					want = floorColor
				case k == gridmap.CellDoor:
					want = inkColor
				case k == gridmap.CellEntrance:
					want = entranceColor
				case k == gridmap.CellGoal:
					want = goalColor
				default:
					want = colors[m.Rooms[m.RoomAt(x, y)].Tag]
					if r := m.Rooms[m.RoomAt(x, y)]; r.Entity != "" && r.At == (gridmap.Point{X: x, Y: y}) {
						want = inkColor
					}
				}
				cx, cy := x*px+shift*(y&1)+px/2, y*rowPx+rowPx/2
				if got := img.At(cx, cy); got != want {
					t.Fatalf("hex %v: cell (%d,%d) (%v) is drawn %v at (%d,%d), want %v", hex, x, y, m.At(x, y), got, cx, cy, want)
				}
			}
		}
	}
}
