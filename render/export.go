package render

import (
	"context"
	"fmt"
	"io"
	"maps"
	"slices"

	"github.com/dungraph/dungraph/levelfile"
	"github.com/dungraph/dungraph/raster"
)

// Raster are the options of the rasterised exports: the map, the text
// level and the tile grids, all drawn by the map stage (Map). The zero
// value uses the ruleset's [map] cell and corridor width where it sets
// them, else corridors one cell wide and square cells of the map stage's
// choosing (a fifth of the median room's shorter side), and rooms in their
// tags' shapes (rectangles for tags that set none).
type Raster struct {
	// Lattice is raster.Square (the text level's) or raster.Hex: the
	// map's cells (gridmap.Options.Hex) and the tiles'.
	Lattice raster.Lattice
	// Cell is the size of a cell in world units (on hexes the distance
	// between neighbouring centres); 0 means the ruleset's map.cell, else
	// the map stage's choice (gridmap.Options.Cell).
	Cell float64
	// CorridorWidth is the corridors' width in cells; 0 means the
	// ruleset's map.corridor_width, else 1.
	CorridorWidth int
	// Shape is raster.RoomRect (default) or raster.RoomDisc.
	Shape raster.Shape
	// Goal is the text level's goal character; default 'G'.
	Goal byte
	// Compact shortens the corridors of the map stage (gridmap.Options).
	Compact bool
}

// Grid returns d's map (Map) as tiles (raster.FromMap): rooms in their
// tags' shapes and corridors routed along the grid, on o.Lattice.
func (o Raster) Grid(d *levelfile.Document) (*raster.Grid, error) {
	return o.grid(context.Background(), d)
}

func (o Raster) grid(ctx context.Context, d *levelfile.Document) (*raster.Grid, error) {
	m, err := o.MapContext(ctx, d)
	if err != nil {
		return nil, err
	}
	return raster.FromMap(m)
}

// Variations returns each tag's variation letter for the text level's
// variation layer: the tag's own (params.tags.<tag>.variation), else the
// first letter from A that no tag claims, by the tags' first appearance in
// vertex order. Tags beyond the 26 letters get none.
func Variations(d *levelfile.Document) map[string]byte {
	out := map[string]byte{}
	taken := map[byte]bool{}
	for _, name := range slices.Sorted(maps.Keys(d.Params.Tags)) {
		if v := d.Params.Tags[name].Variation; len(v) == 1 {
			out[name] = v[0]
			taken[v[0]] = true
		}
	}
	next := byte('A')
	for _, v := range d.Vertices {
		if _, ok := out[v.Tag]; ok || v.Cosmetic {
			continue
		}
		for next <= 'Z' && taken[next] {
			next++
		}
		if next > 'Z' {
			break
		}
		out[v.Tag] = next
		taken[next] = true
	}
	return out
}

// Entities of key and locked rooms in text levels, for tags whose role is
// "key" or "lock" and that set no entity of their own.
const (
	KeyEntity  = 'k'
	LockEntity = 'l'
)

// WriteText writes d as a DeepMind Lab text level: the entity layer to
// entity and the variation layer to variations (see raster.Grid.Text).
// Rooms whose tag has an entity character get it, key rooms without one
// KeyEntity and locked rooms LockEntity; each room's variation comes from
// Variations.
func (o Raster) WriteText(entity, variations io.Writer, d *levelfile.Document) error {
	return o.WriteTextContext(context.Background(), entity, variations, d)
}

// WriteTextContext is WriteText that gives up with ctx's error once ctx is
// done while the map stage draws the level (gridmap.BuildContext).
func (o Raster) WriteTextContext(ctx context.Context, entity, variations io.Writer, d *levelfile.Document) error {
	if o.Lattice != raster.Square {
		return fmt.Errorf("render: text levels are square grids; the %v lattice is for tiles", o.Lattice)
	}
	g, err := o.grid(ctx, d)
	if err != nil {
		return err
	}
	letters := Variations(d)
	opts := raster.TextOptions{Goal: o.Goal, Entities: map[int]byte{}, Variations: map[int]byte{}}
	for _, v := range d.Vertices {
		if v.Cosmetic {
			continue
		}
		switch t := d.Params.Tags[v.Tag]; {
		case len(t.Entity) == 1:
			opts.Entities[v.ID] = t.Entity[0]
		case t.Role == levelfile.RoleKey:
			opts.Entities[v.ID] = KeyEntity
		case t.Role == levelfile.RoleLock:
			opts.Entities[v.ID] = LockEntity
		}
		if l, ok := letters[v.Tag]; ok {
			opts.Variations[v.ID] = l
		}
	}
	ent, vars, err := g.Text(opts)
	if err != nil {
		return err
	}
	if _, err := entity.Write(ent); err != nil {
		return fmt.Errorf("render: writing the text level: %w", err)
	}
	if _, err := variations.Write(vars); err != nil {
		return fmt.Errorf("render: writing the variation layer: %w", err)
	}
	return nil
}

// WriteTiles writes d's tile grid as JSON (raster.TileDocument) to tiles
// and as a picture to pic (see WriteTilesPNG); either may be nil.
func (o Raster) WriteTiles(tiles, pic io.Writer, d *levelfile.Document) error {
	g, err := o.Grid(d)
	if err != nil {
		return err
	}
	return WriteTiles(tiles, pic, g, d)
}

// WriteTiles writes the tile grid g of d (as Raster.Grid or raster.FromMap
// make it) as JSON to tiles and as a picture to pic; either may be nil.
func WriteTiles(tiles, pic io.Writer, g *raster.Grid, d *levelfile.Document) error {
	if tiles != nil {
		if err := g.WriteTilesJSON(tiles); err != nil {
			return err
		}
	}
	if pic != nil {
		return WriteTilesPNG(pic, g, TilesPNG{Document: d})
	}
	return nil
}
