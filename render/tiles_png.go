package render

import (
	"fmt"
	"image"
	"image/color"
	"io"
	"math"
	"slices"

	"github.com/fogleman/gg"

	"github.com/dungraph/dungraph/levelfile"
	"github.com/dungraph/dungraph/raster"
)

// DefaultTilesSize is TilesPNG.MaxSize's default, in pixels.
const DefaultTilesSize = 2048

// MinTilePixels is the smallest side of a tile in a tile picture.
const MinTilePixels = 2

// The colours of tile kinds other than room floors, which take their tag's
// colour: walls dark as in the previews, corridors a light grey, and
// doors, entrance and goal in colours no tag of the default palette has.
var (
	tileCorridorColor = color.RGBA{0xc8, 0xc8, 0xc8, 0xff}
	tileDoorColor     = color.RGBA{0xff, 0xff, 0xff, 0xff}
	tileEntranceColor = color.RGBA{0x00, 0xc8, 0x53, 0xff}
	tileGoalColor     = color.RGBA{0xd5, 0x00, 0x00, 0xff}
)

// TilesPNG renders rasterised levels (raster.Grid) as pictures of their
// tiles: squares, or hexagons with a vertex up for the hex lattice. The
// zero value fits the picture in DefaultTilesSize pixels.
//
// Walls are dark, room floors take their tag's colour (the default
// palette's, by the tag's place in the sorted list of the grid's tags, as
// in the previews), corridors are light grey, doors white, the entrance
// green and the goal red. Every tile is the same whole number of pixels
// across, at least MinTilePixels, as many as fit; the same grid gives the
// same bytes.
type TilesPNG struct {
	// MaxSize bounds the picture's width and height, in pixels, unless
	// the grid is too large for tiles of MinTilePixels, when the picture
	// is as large as those need, up to MaxSize (the package constant).
	// Default DefaultTilesSize.
	MaxSize int
	// Document, if set, is the level the grid was made from: room floors
	// then take the colours its previews give their tags (the ruleset's
	// own colours first).
	Document *levelfile.Document
}

// WriteTilesPNG renders g with opts and writes it to w as a PNG.
func WriteTilesPNG(w io.Writer, g *raster.Grid, opts TilesPNG) error {
	img, err := opts.Render(g)
	if err != nil {
		return err
	}
	return encodePNG(w, img)
}

// tileFrame places a grid's tiles in a picture.
type tileFrame struct {
	px            float64 // pixels per cell
	width, height int
	hex           bool
}

// centre returns the pixel centre of tile c.
func (f tileFrame) centre(g *raster.Grid, c raster.Coord) (x, y float64) {
	cx, cy := g.Lattice.Centre(c)
	if f.hex {
		// A pointy hexagon one cell across reaches 1/√3 above its
		// centre.
		return float64(cx+0.5) * f.px, float64(cy+1/math.Sqrt(3)) * f.px
	}
	return float64(cx+0.5) * f.px, float64(cy+0.5) * f.px
}

func (o TilesPNG) frame(g *raster.Grid) (tileFrame, error) {
	size := o.MaxSize
	switch {
	case size == 0:
		size = DefaultTilesSize
	case size < MinSize || size > MaxSize:
		return tileFrame{}, fmt.Errorf("render: tile picture size %d: want %d to %d pixels", size, MinSize, MaxSize)
	}
	if g == nil || g.Width <= 0 || g.Height <= 0 {
		return tileFrame{}, fmt.Errorf("render: no grid to draw")
	}
	// The picture's size in cells.
	w, h := float64(g.Width), float64(g.Height)
	f := tileFrame{hex: g.Lattice == raster.Hex}
	if f.hex {
		// Odd rows stick out half a cell; rows are √3/2 apart and a
		// hexagon is 2/√3 tall.
		w, h = w+0.5, float64((h-1)*math.Sqrt(3)/2)+2/math.Sqrt(3)
	}
	f.px = max(MinTilePixels, math.Floor(float64(size)/max(w, h)))
	f.width, f.height = int(math.Ceil(w*f.px)), int(math.Ceil(h*f.px))
	if f.width > MaxSize || f.height > MaxSize {
		return tileFrame{}, fmt.Errorf("render: a %d × %d grid needs %d × %d pixels at %v pixels a tile, more than %d", g.Width, g.Height, f.width, f.height, MinTilePixels, MaxSize)
	}
	return f, nil
}

// Render draws g.
func (o TilesPNG) Render(g *raster.Grid) (image.Image, error) {
	f, err := o.frame(g)
	if err != nil {
		return nil, err
	}
	tags := g.Tags()
	doc := o.Document
	if doc == nil {
		doc = &levelfile.Document{}
	} else {
		// The previews colour tags by their place among all the level's
		// tags, cosmetic ones included.
		tags = nil
		for _, v := range doc.Vertices {
			if !slices.Contains(tags, v.Tag) {
				tags = append(tags, v.Tag)
			}
		}
		slices.Sort(tags)
	}
	tagColor := tagColors(doc, tags)
	colorOf := func(c raster.Coord, t raster.Tile) (color.RGBA, bool) {
		switch {
		case c == g.Entrance:
			return tileEntranceColor, true
		case c == g.Goal:
			return tileGoalColor, true
		}
		switch t.Kind {
		case raster.KindFloor:
			return tagColor[t.Tag], true
		case raster.KindCorridor:
			return tileCorridorColor, true
		case raster.KindDoor:
			return tileDoorColor, true
		}
		return color.RGBA{}, false
	}
	// One path per colour, filled once: shared edges cancel, so there
	// are no seams between tiles of a colour. Colours are drawn in a
	// fixed order.
	order := []color.RGBA{tileCorridorColor, tileDoorColor}
	for _, t := range tags {
		order = append(order, tagColor[t])
	}
	order = append(order, tileEntranceColor, tileGoalColor)
	paths := map[color.RGBA][]raster.Coord{}
	for c, t := range g.All() {
		if col, ok := colorOf(c, t); ok {
			paths[col] = append(paths[col], c)
		}
	}
	dc := gg.NewContext(f.width, f.height)
	dc.SetColor(wallColor)
	dc.Clear()
	done := map[color.RGBA]bool{}
	for _, col := range order {
		if done[col] || len(paths[col]) == 0 {
			continue
		}
		done[col] = true
		for _, c := range paths[col] {
			f.tile(dc, g, c)
		}
		dc.SetColor(col)
		dc.Fill()
	}
	return dc.Image(), nil
}

// tile adds tile c's outline to the path.
func (f tileFrame) tile(dc *gg.Context, g *raster.Grid, c raster.Coord) {
	x, y := f.centre(g, c)
	h := f.px / 2
	if !f.hex {
		dc.MoveTo(x-h, y-h)
		dc.LineTo(x+h, y-h)
		dc.LineTo(x+h, y+h)
		dc.LineTo(x-h, y+h)
		dc.ClosePath()
		return
	}
	// Vertices of a pointy hexagon one cell across: (0, ±1/√3) and
	// (±1/2, ±1/(2√3)), clockwise from the top.
	r := f.px / math.Sqrt(3)
	dc.MoveTo(x, y-r)
	dc.LineTo(x+h, y-r/2)
	dc.LineTo(x+h, y+r/2)
	dc.LineTo(x, y+r)
	dc.LineTo(x-h, y+r/2)
	dc.LineTo(x-h, y-r/2)
	dc.ClosePath()
}
