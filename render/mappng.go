package render

import (
	"image"
	"image/color"
	"image/draw"
	"io"

	"github.com/dungraph/dungraph/gridmap"
	"github.com/dungraph/dungraph/levelfile"
)

// MapPNG draws a map (gridmap.Map) as a picture in the diagram's palette:
// the paper background, dark walls around everything walkable, each room's
// floor in its tag's colour, corridors in the floor colour, doors in ink,
// the entrance and goal cells in their colours and a dot of ink on each
// room's entity. A hex map (gridmap.Map.Hex) is drawn as bricks, odd rows
// half a cell to the right. The zero value draws cells of a size that makes the
// larger side about DefaultSize pixels.
type MapPNG struct {
	// Size is the larger side of the picture in pixels, MinSize to
	// MaxSize; default DefaultSize. Cells are whole pixels: the picture is
	// at most this size, and at least 2 pixels per cell.
	Size int
	// Document gives the tags' colours; nil uses the default palette in
	// the map's tag order.
	Document *levelfile.Document
}

// WriteMapPNG writes m's picture (see MapPNG) to w.
func WriteMapPNG(w io.Writer, m *gridmap.Map, opts MapPNG) error {
	return encodePNG(w, opts.Render(m))
}

// Render draws m.
func (o MapPNG) Render(m *gridmap.Map) image.Image {
	size := o.Size
	if size == 0 {
		size = DefaultSize
	}
	px := max(2, size/max(m.W, m.H, 1))
	var tags []string
	seen := map[string]bool{}
	for _, r := range m.Rooms {
		if !seen[r.Tag] {
			seen[r.Tag] = true
			tags = append(tags, r.Tag)
		}
	}
	d := o.Document
	if d == nil {
		d = &levelfile.Document{}
	}
	colors := tagColors(d, tags)
	// A hex map is drawn as bricks: cells px wide in rows about √3/2 px
	// high (13/15), odd rows half a cell to the right, which is the hex
	// lattice's adjacency with its rows' spacing.
	rowPx, shift, extra := px, 0, 0
	if m.Hex {
		rowPx, shift, extra = max(2, (13*px+7)/15), px/2, px/2
	}
	img := image.NewRGBA(image.Rect(0, 0, m.W*px+extra, m.H*rowPx))
	if m.Hex {
		draw.Draw(img, img.Bounds(), image.NewUniform(paperColor), image.Point{}, draw.Src)
	}
	fill := func(x, y int, c color.RGBA, inset int) {
		x0 := x*px + shift*(y&1)
		for py := y*rowPx + inset*rowPx/px; py < (y+1)*rowPx-inset*rowPx/px; py++ {
			for pxl := x0 + inset; pxl < x0+px-inset; pxl++ {
				img.SetRGBA(pxl, py, c)
			}
		}
	}
	for y := range m.H {
		for x := range m.W {
			var c color.RGBA
			switch k := m.At(x, y); k {
			case gridmap.CellWall:
				c = paperColor
				if nearWalkable(m, x, y) {
					c = wallColor
				}
			case gridmap.CellCorridor:
				c = floorColor
			case gridmap.CellEntrance:
				c = entranceColor
			case gridmap.CellGoal:
				c = goalColor
			default:
				c = floorColor
				if o := m.RoomAt(x, y); o >= 0 {
					c = colors[m.Rooms[o].Tag]
				}
				if k == gridmap.CellDoor {
					fill(x, y, c, 0)
					c = inkColor
					if px >= 4 {
						fill(x, y, c, px/4)
						continue
					}
				}
			}
			fill(x, y, c, 0)
		}
	}
	if px >= 4 {
		for _, r := range m.Rooms {
			if r.Entity != "" && r.At != m.Entrance && r.At != m.Goal {
				fill(r.At.X, r.At.Y, inkColor, px/3)
			}
		}
	}
	return img
}

// nearWalkable reports whether a cell touches a walkable cell, corners
// included: the cells drawn as walls.
func nearWalkable(m *gridmap.Map, x, y int) bool {
	for dy := -1; dy <= 1; dy++ {
		for dx := -1; dx <= 1; dx++ {
			if m.At(x+dx, y+dy).Walkable() {
				return true
			}
		}
	}
	return false
}
