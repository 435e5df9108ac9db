package tiled

import (
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"

	"github.com/dungraph/dungraph/gridmap"
	"github.com/dungraph/dungraph/render"
)

// Colors returns the colour of each kind's tile, indexed by gridmap.Kind:
// the previews' palette for map cells (render.DefaultMapColors).
func Colors() [len(gridmap.Kinds)]color.RGBA {
	c := render.DefaultMapColors()
	var out [len(gridmap.Kinds)]color.RGBA
	out[gridmap.CellWall] = c.Wall
	out[gridmap.CellFloor] = c.Floor
	out[gridmap.CellCorridor] = c.Corridor
	out[gridmap.CellDoor] = c.Door
	out[gridmap.CellEntrance] = c.Entrance
	out[gridmap.CellGoal] = c.Goal
	return out
}

// TilesetImage draws the tileset: one tile per kind, left to right in
// gridmap.Kinds order, each a flat square of its colour. Walkable tiles of
// 4 pixels and more get a one-pixel edge a shade darker on their right and
// bottom, so that single cells stay visible in the editor; a tile's centre
// is always its colour.
func (o Options) TilesetImage() (*image.RGBA, error) {
	if err := o.check(); err != nil {
		return nil, err
	}
	ts := o.tileSize()
	img := image.NewRGBA(image.Rect(0, 0, ts*len(gridmap.Kinds), ts))
	for i, c := range Colors() {
		k := gridmap.Kinds[i]
		edge := color.RGBA{c.R / 8 * 7, c.G / 8 * 7, c.B / 8 * 7, c.A}
		for y := range ts {
			for x := range ts {
				px := c
				if k.Walkable() && ts >= 4 && (x == ts-1 || y == ts-1) {
					px = edge
				}
				img.SetRGBA(i*ts+x, y, px)
			}
		}
	}
	return img, nil
}

// WriteTilesetPNG writes the tileset's image (TilesetImage) as a PNG.
func (o Options) WriteTilesetPNG(w io.Writer) error {
	img, err := o.TilesetImage()
	if err != nil {
		return err
	}
	if err := png.Encode(w, img); err != nil {
		return fmt.Errorf("tiled: writing the tileset PNG: %w", err)
	}
	return nil
}
