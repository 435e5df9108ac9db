package tiled

import (
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"slices"

	"github.com/dungraph/dungraph/gridmap"
	"github.com/dungraph/dungraph/levelfile"
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

// tile is one tile of a map's tileset: its kind, whether it is a room
// floor tile and the tag it is for, and its colour.
type tile struct {
	kind   gridmap.Kind
	tagged bool
	tag    string
	color  color.RGBA
}

// props are the tile's properties: its kind, its tag if it has one, and
// its colour as Tiled's color type writes it (#AARRGGBB).
func (t tile) props() []property {
	ps := []property{stringProp("kind", t.kind.String())}
	if t.tagged {
		ps = append(ps, stringProp("tag", t.tag))
	}
	c := t.color
	return append(ps, property{"color", "color", fmt.Sprintf("#%02x%02x%02x%02x", c.A, c.R, c.G, c.B)})
}

// tileset is the tiles of a map: one per kind, tile id = kind, then one
// room floor tile per tag of the map's rooms, in sorted tag order, in the
// colour the previews give the tag.
type tileset struct {
	tiles []tile
	// byTag is the tile id of each tag's floor tile.
	byTag map[string]int
}

func (o Options) tileset(m *gridmap.Map) tileset {
	var ts tileset
	for k, c := range Colors() {
		ts.tiles = append(ts.tiles, tile{kind: gridmap.Kind(k), color: c})
	}
	var tags []string
	for _, r := range m.Rooms {
		if !slices.Contains(tags, r.Tag) {
			tags = append(tags, r.Tag)
		}
	}
	slices.Sort(tags)
	d := o.Document
	if d == nil {
		d = &levelfile.Document{}
	}
	colors := render.TagColors(d, tags)
	ts.byTag = make(map[string]int, len(tags))
	for _, t := range tags {
		ts.byTag[t] = len(ts.tiles)
		ts.tiles = append(ts.tiles, tile{kind: gridmap.CellFloor, tagged: true, tag: t, color: colors[t]})
	}
	return ts
}

// gid returns the global tile id of cell i of m: its room's tag's floor
// tile for a room floor cell, else its kind's.
func (ts tileset) gid(m *gridmap.Map, i int) int {
	k := m.Cells[i]
	if k == gridmap.CellFloor && len(m.Owner) == len(m.Cells) {
		if r := m.Owner[i]; r >= 0 && int(r) < len(m.Rooms) {
			return ts.byTag[m.Rooms[r].Tag] + 1
		}
	}
	return int(k) + 1
}

// TilesetImage draws m's tileset: its tiles left to right in tile id
// order (the six kinds, then a floor per tag), each a flat square of its
// colour, or on a hexagonal map a flat hexagon (transparent around it).
// Square walkable tiles of 4 pixels and more get a one-pixel edge a shade
// darker on their right and bottom, so that single cells stay visible in
// the editor; a tile's centre is always its colour.
func (o Options) TilesetImage(m *gridmap.Map) (*image.RGBA, error) {
	if err := o.check(); err != nil {
		return nil, err
	}
	g := o.geometry(m)
	tiles := o.tileset(m).tiles
	img := image.NewRGBA(image.Rect(0, 0, g.tw*len(tiles), g.th))
	for i, t := range tiles {
		c := t.color
		edge := color.RGBA{c.R / 8 * 7, c.G / 8 * 7, c.B / 8 * 7, c.A}
		for y := range g.th {
			for x := range g.tw {
				if !g.inside(x, y) {
					continue // transparent around a hexagon
				}
				px := c
				if t.kind.Walkable() && !g.hex && g.tw >= 4 && (x == g.tw-1 || y == g.th-1) {
					px = edge
				}
				img.SetRGBA(i*g.tw+x, y, px)
			}
		}
	}
	return img, nil
}

// WriteTilesetPNG writes the image of m's tileset (TilesetImage) as a PNG.
func (o Options) WriteTilesetPNG(w io.Writer, m *gridmap.Map) error {
	img, err := o.TilesetImage(m)
	if err != nil {
		return err
	}
	if err := png.Encode(w, img); err != nil {
		return fmt.Errorf("tiled: writing the tileset PNG: %w", err)
	}
	return nil
}
