package render

import (
	"slices"

	"github.com/dungraph/dungraph/gridmap"
	"github.com/dungraph/dungraph/raster"
)

// MapLevel returns d as the map stage's input: its walkable rooms with
// their tags' labels, shapes, templates and entities, their depths and
// critical-path flags, its walkable corridors, the entrance, the goal, the
// ruleset's templates and the level's seed. A tag without a shape takes
// defaultShape ("" for rect).
func MapLevel(d *Document, defaultShape string) (gridmap.Level, error) {
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
			Tag: v.Tag, Label: t.Label, Shape: shape, Templates: t.Templates,
			Depth: d.Route.Depth[v.ID], OnCriticalPath: onPath[v.ID], Entity: t.Entity,
			Role: t.Role, Key: t.Key,
		})
	}
	for _, e := range d.Edges {
		if !e.Cosmetic && !d.Vertices[e.A].Cosmetic && !d.Vertices[e.B].Cosmetic {
			lv.Corridors = append(lv.Corridors, gridmap.Edge{A: e.A, B: e.B})
		}
	}
	for _, name := range namesOf(d.Params.Templates) {
		t, err := templateOf(name, d.Params.Templates[name])
		if err != nil {
			return gridmap.Level{}, err
		}
		lv.Templates = append(lv.Templates, t)
	}
	return lv, nil
}

// templateOf parses the rows of template name.
func templateOf(name string, rows []string) (gridmap.Template, error) {
	art := ""
	for _, r := range rows {
		art += r + "\n"
	}
	return gridmap.ParseTemplate(name, art)
}

// Map draws d with the map stage (gridmap.Build): rooms of their tags'
// shapes snapped to square cells (hexagons when o.Lattice is raster.Hex), corridors routed along the grid, the
// result proved before it is returned. o.Cell is the cell size (0: the
// ruleset's map.cell, else the map stage's own choice from the rooms'
// sizes), o.CorridorWidth the corridors' width (0: the ruleset's
// map.corridor_width, else 1), o.Shape the shape of tags that set none and
// o.Compact whether to compact the map.
func (o Raster) Map(d *Document) (*gridmap.Map, error) {
	shape := ""
	if o.Shape == raster.RoomDisc {
		shape = gridmap.ShapeDisc
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
	return gridmap.Build(lv, opts)
}

// validateShapes checks the map parameters, the tags' shapes and
// templates and the templates' art.
func validateShapes(pp *Params, p *problems) {
	if mp := pp.Map; mp != nil {
		if mp.CorridorWidth < 1 || mp.CorridorWidth > gridmap.MaxCorridorWidth {
			p.add("params.map.corridor_width", "is %d, want 1 to %d", mp.CorridorWidth, gridmap.MaxCorridorWidth)
		}
		if !(mp.Cell >= 0) {
			p.add("params.map.cell", "is %v, want 0 or a positive size", float64(mp.Cell))
		}
	}
	for _, name := range namesOf(pp.Tags) {
		t, tp := pp.Tags[name], member("params.tags", name)
		if t.Shape != "" && !slices.Contains(gridmap.Shapes, t.Shape) {
			p.add(member(tp, "shape"), "%q is not a room shape: want one of %v, or leave the key out", t.Shape, gridmap.Shapes)
		}
		if t.Shape == gridmap.ShapeTemplate && len(t.Templates) == 0 {
			p.add(member(tp, "templates"), "a tag of shape %q needs templates", t.Shape)
		}
		for i, name := range t.Templates {
			if _, ok := pp.Templates[name]; !ok {
				p.add(index(member(tp, "templates"), i), "template %q has no entry in params.templates", name)
			}
		}
	}
	for _, name := range namesOf(pp.Templates) {
		if _, err := templateOf(name, pp.Templates[name]); err != nil {
			p.add(member("params.templates", name), "%v", err)
		}
	}
}
