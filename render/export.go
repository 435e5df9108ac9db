package render

import (
	"errors"
	"fmt"
	"github.com/dungraph/dungraph/levelfile"
	"io"
	"maps"
	"slices"

	"github.com/dungraph/dungraph/raster"
)

// Raster are the options of the rasterised exports: the map, the text
// level and the tile grids. The zero value uses corridors one cell wide,
// rooms in their tags' shapes (rectangles for tags that set none), square
// cells of the map stage's choosing (a fifth of the median room's shorter
// side), and on the hex lattice cells of half the level's room margin.
type Raster struct {
	// Lattice is raster.Square (the text level's) or raster.Hex.
	Lattice raster.Lattice
	// Cell is the size of a cell in world units. 0 means, on the square
	// lattice, the map stage's choice (gridmap.Options.Cell), and on the
	// hex lattice params.rooms.margin / 2, which gives a room of extent k 2k cells, or
	// if that is too coarse for the level, the largest smaller size that
	// works (raster.SuggestCell's search); a Cell that is set is used as
	// it is, and a too coarse one is an error naming one that works.
	Cell float64
	// CorridorWidth is the corridors' width in cells; default 1.
	CorridorWidth int
	// Shape is raster.RoomRect (default) or raster.RoomDisc.
	Shape raster.Shape
	// Goal is the text level's goal character; default 'G'.
	Goal byte
	// Compact shortens the corridors of the map stage (gridmap.Options).
	Compact bool
}

// CellOf returns the cell size o uses for d.
func (o Raster) CellOf(d *levelfile.Document) float64 {
	if o.Cell > 0 {
		return o.Cell
	}
	return float64(d.Params.Rooms.Margin) / 2
}

// Grid rasterises d: its rooms and corridors (cosmetic ones left out), its
// entrance and goal. On the square lattice the grid is the map stage's
// (Map, raster.FromMap): rooms in their tags' shapes and corridors routed
// along the grid. On the hex lattice it is raster.Rasterise's, and a cell
// too coarse to keep the level's rooms apart is an error that names a cell
// size that works (see raster.CheckError).
func (o Raster) Grid(d *levelfile.Document) (*raster.Grid, error) {
	if o.Lattice == raster.Square {
		m, err := o.Map(d)
		if err != nil {
			return nil, err
		}
		return raster.FromMap(m)
	}
	if err := d.Validate(); err != nil {
		return nil, err
	}
	lv := raster.Level{Entrance: d.Route.Entrance, Goal: d.Route.Goal}
	for _, v := range d.Vertices {
		if !v.Cosmetic {
			lv.Rooms = append(lv.Rooms, raster.Room{ID: v.ID, X: float64(v.X), Y: float64(v.Y), W: float64(v.W), H: float64(v.H), Radius: float64(v.Radius), Tag: v.Tag})
		}
	}
	for _, e := range d.Edges {
		if !e.Cosmetic && !d.Vertices[e.A].Cosmetic && !d.Vertices[e.B].Cosmetic {
			lv.Corridors = append(lv.Corridors, raster.Corridor{A: e.A, B: e.B})
		}
	}
	opts := raster.Options{Lattice: o.Lattice, Cell: o.CellOf(d), CorridorWidth: o.CorridorWidth, Shape: o.Shape}
	g, err := raster.Rasterise(lv, opts)
	var ce *raster.CheckError
	if o.Cell == 0 && errors.As(err, &ce) && ce.Suggestion > 0 {
		// The default cell is a starting point, not a promise: take the
		// largest smaller one that keeps the level apart.
		opts.Cell = ce.Suggestion
		return raster.Rasterise(lv, opts)
	}
	return g, err
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
	if o.Lattice != raster.Square {
		return fmt.Errorf("render: text levels are square grids; the %v lattice is for tiles", o.Lattice)
	}
	g, err := o.Grid(d)
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
