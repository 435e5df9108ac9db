package render

import (
	"context"
	"maps"
	"slices"

	"github.com/dungraph/dungraph/gridmap"
	"github.com/dungraph/dungraph/internal/textsafe"
	"github.com/dungraph/dungraph/levelfile"
	"github.com/dungraph/dungraph/raster"
	"github.com/dungraph/dungraph/roomshape"
)

// MapLevel returns d as the map stage's input: its walkable rooms with
// their tags' labels, shapes, templates and entities, their depths and
// critical-path flags, its walkable corridors, the entrance, the goal, the
// ruleset's templates and the level's seed. A tag without a shape takes
// defaultShape ("" for rect).
func MapLevel(d *levelfile.Document, defaultShape string) (gridmap.Level, error) {
	if err := d.Validate(); err != nil {
		return gridmap.Level{}, err
	}
	lv := gridmap.Level{Entrance: d.Route.Entrance, Goal: d.Route.Goal, Seed: d.Seed}
	onPath := make([]bool, len(d.Vertices))
	for _, v := range d.Route.CriticalPath {
		onPath[v] = true
	}
	for _, v := range d.Vertices {
		if v.Cosmetic {
			continue
		}
		t := d.Params.Tags[v.Tag]
		shape := t.Shape
		if shape == "" {
			shape = defaultShape
		}
		lv.Rooms = append(lv.Rooms, gridmap.RoomSpec{
			ID: v.ID, X: float64(v.X), Y: float64(v.Y), W: float64(v.W), H: float64(v.H),
			Tag: v.Tag, Label: textsafe.Escape(t.Label), Shape: shape, Templates: t.Templates,
			Depth: d.Route.Depth[v.ID], OnCriticalPath: onPath[v.ID], Entity: t.Entity,
			Role: t.Role, Key: t.Key,
		})
	}
	for _, e := range d.Edges {
		if !e.Cosmetic && !d.Vertices[e.A].Cosmetic && !d.Vertices[e.B].Cosmetic {
			lv.Corridors = append(lv.Corridors, gridmap.Edge{A: e.A, B: e.B})
		}
	}
	for _, name := range slices.Sorted(maps.Keys(d.Params.Templates)) {
		t, err := levelfile.ParseTemplate(name, d.Params.Templates[name])
		if err != nil {
			return gridmap.Level{}, err
		}
		lv.Templates = append(lv.Templates, t)
	}
	return lv, nil
}

// Map draws d with the map stage (gridmap.Build): rooms of their tags'
// shapes snapped to square cells (hexagons when o.Lattice is raster.Hex), corridors routed along the grid, the
// result proved before it is returned. o.Cell is the cell size (0: the
// ruleset's map.cell, else the map stage's own choice from the rooms'
// sizes), o.CorridorWidth the corridors' width (0: the ruleset's
// map.corridor_width, else 1), o.Shape the shape of tags that set none and
// o.Compact whether to compact the map.
func (o Raster) Map(d *levelfile.Document) (*gridmap.Map, error) {
	return o.MapContext(context.Background(), d)
}

// MapContext is Map that gives up with ctx's error once ctx is done
// (gridmap.BuildContext).
func (o Raster) MapContext(ctx context.Context, d *levelfile.Document) (*gridmap.Map, error) {
	shape := ""
	if o.Shape == raster.RoomDisc {
		shape = roomshape.Disc
	}
	lv, err := MapLevel(d, shape)
	if err != nil {
		return nil, err
	}
	opts := gridmap.Options{Cell: o.Cell, CorridorWidth: o.CorridorWidth, Compact: o.Compact, Hex: o.Lattice == raster.Hex}
	if mp := d.Params.Map; mp != nil {
		if opts.Cell == 0 {
			opts.Cell = float64(mp.Cell)
		}
		if opts.CorridorWidth == 0 {
			opts.CorridorWidth = mp.CorridorWidth
		}
	}
	return gridmap.BuildContext(ctx, lv, opts)
}
