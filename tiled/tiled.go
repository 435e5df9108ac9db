package tiled

import (
	"fmt"
	"math"
	"strconv"

	"github.com/dungraph/dungraph/gridmap"
	"github.com/dungraph/dungraph/levelfile"
)

// DefaultTileSize is Options.TileSize's default, in pixels.
const DefaultTileSize = 16

// MaxTileSize bounds Options.TileSize, in pixels.
const MaxTileSize = 1024

// The version of the formats the files declare: Tiled 1.8, the oldest
// version whose readers load everything written here (Debian bookworm's).
const (
	formatVersion = "1.8"
	tiledVersion  = "1.8.2"
)

// The names of the layers.
const (
	cellLayer   = "cells"
	objectLayer = "objects"
)

// Options are the options of the Tiled exports. The zero value writes
// tiles of DefaultTileSize pixels into files named after "level".
type Options struct {
	// TileSize is the width and height of a tile in pixels, 1 to
	// MaxTileSize; default DefaultTileSize.
	TileSize int
	// Name is the base name the files share: the map refers to the
	// tileset Name.tsx, which refers to its image Name.tileset.png; the
	// TMJ map refers to the image too. Default "level".
	Name string
	// Document, if set, is the level the map was drawn from: its rooms'
	// floor tiles then take the colours its previews give their tags (the
	// ruleset's own colours first). Nil uses the previews' default
	// palette in sorted tag order.
	Document *levelfile.Document
}

func (o Options) tileSize() int {
	if o.TileSize == 0 {
		return DefaultTileSize
	}
	return o.TileSize
}

func (o Options) name() string {
	if o.Name == "" {
		return "level"
	}
	return o.Name
}

// The suffixes of the files, after Options.Name.
const (
	TMXSuffix     = ".tmx"
	TMJSuffix     = ".tmj"
	TilesetSuffix = ".tsx"
	ImageSuffix   = ".tileset.png"
)

// TilesetFile is the file name of the external tileset a TMX map names.
func (o Options) TilesetFile() string { return o.name() + TilesetSuffix }

// ImageFile is the file name of the tileset's image.
func (o Options) ImageFile() string { return o.name() + ImageSuffix }

func (o Options) check() error {
	if o.TileSize < 0 || o.TileSize > MaxTileSize {
		return fmt.Errorf("tiled: tile size %d pixels: want 1 to %d", o.TileSize, MaxTileSize)
	}
	return nil
}

// checkMap reports what makes m unwritable: a size that does not match its
// cells, an unknown kind of cell, a non-finite cell size or origin.
func checkMap(m *gridmap.Map) error {
	switch {
	case m.W <= 0 || m.H <= 0:
		return fmt.Errorf("tiled: the map is %d×%d cells; want at least 1×1", m.W, m.H)
	case len(m.Cells) != m.W*m.H:
		return fmt.Errorf("tiled: the map is %d×%d cells but holds %d", m.W, m.H, len(m.Cells))
	}
	for i, k := range m.Cells {
		if int(k) >= len(gridmap.Kinds) {
			return fmt.Errorf("tiled: cell (%d, %d) is of unknown kind %d", i%m.W, i/m.W, k)
		}
	}
	for _, f := range []float64{m.CellSize, m.OriginX, m.OriginY, m.ScaleX, m.ScaleY} {
		if math.IsNaN(f) || math.IsInf(f, 0) {
			return fmt.Errorf("tiled: the map's cell size, origin and scale must be finite, got %v, (%v, %v) and (%v, %v)", m.CellSize, m.OriginX, m.OriginY, m.ScaleX, m.ScaleY)
		}
	}
	return nil
}

// property is a custom property of a map, a tile or an object: its Tiled
// type ("string", "color", "int", "bool" or "float") and its value as
// Tiled writes it, which for int, bool and float is also the JSON literal.
type property struct {
	name, typ, value string
}

func stringProp(name, v string) property  { return property{name, "string", v} }
func intProp(name string, v int) property { return property{name, "int", strconv.Itoa(v)} }
func boolProp(name string, v bool) property {
	return property{name, "bool", strconv.FormatBool(v)}
}
func floatProp(name string, v float64) property {
	return property{name, "float", strconv.FormatFloat(v, 'g', -1, 64)}
}

// The types of objects.
const (
	typeRoom = "room"
	// typeWall is a wall island inside a room: a hole in its outline.
	typeWall   = "wall"
	typeDoor   = "door"
	typeSpawn  = "spawn"
	typeGoal   = "goal"
	typeEntity = "entity"
	// typeKey and typeLock are the points of the rooms whose tag has the
	// role "key" or "lock".
	typeKey  = "key"
	typeLock = "lock"
)

// object is one object of the object layer, in pixels: a polygon (points
// relative to X, Y), a point, or a rectangle of W×H.
type object struct {
	id         int
	name, typ  string
	x, y, w, h float64
	point      bool
	polygon    [][2]float64
	props      []property
}

// outlines returns room r's (index o in m.Rooms) outline and its holes'
// in pixels: on an orthogonal map its Outline and Holes (cell corners), a
// room with no outline getting its bounding rectangle; on a hexagonal map
// the hexagons' edges around its cells (hexOutlines).
func (g geometry) outlines(m *gridmap.Map, o int32, r gridmap.Room) (outer [][2]int, holes [][][2]int) {
	if g.hex && len(m.Owner) == len(m.Cells) {
		outer, holes = g.hexOutlines(m, o)
	} else {
		px := func(p gridmap.Point) [2]int { return [2]int{p.X * g.tw, p.Y * g.th} }
		for _, p := range r.Outline {
			outer = append(outer, px(p))
		}
		for _, h := range r.Holes {
			var loop [][2]int
			for _, p := range h {
				loop = append(loop, px(p))
			}
			holes = append(holes, loop)
		}
	}
	if len(outer) < 3 {
		b := r.Bounds
		x0, y0 := g.corner(b.X, b.Y)
		x1, y1 := x0+b.W*g.tw, y0+(b.H-1)*g.rowH()+g.th
		outer = [][2]int{{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}}
	}
	return outer, holes
}

// polygon returns the position of a polygon object with the corners pts
// (in pixels) and its points relative to it.
func polygon(pts [][2]int) (x, y float64, rel [][2]float64) {
	for _, p := range pts {
		rel = append(rel, [2]float64{float64(p[0] - pts[0][0]), float64(p[1] - pts[0][1])})
	}
	return float64(pts[0][0]), float64(pts[0][1]), rel
}

// tiledMap is what both formats write: the tileset, the cells as global
// tile ids, the objects, and the map's properties.
type tiledMap struct {
	w, h    int
	geom    geometry
	tileset tileset
	gids    []int
	objects []object
	props   []property
}

// build turns m into the content both formats share. Object ids count
// from 1 in the order rooms (each followed by its wall islands), doors,
// spawn, goal, entities.
func (o Options) build(m *gridmap.Map) (*tiledMap, error) {
	if err := o.check(); err != nil {
		return nil, err
	}
	if err := checkMap(m); err != nil {
		return nil, err
	}
	g := o.geometry(m)
	t := &tiledMap{w: m.W, h: m.H, geom: g, tileset: o.tileset(m), gids: make([]int, len(m.Cells))}
	for i := range m.Cells {
		t.gids[i] = t.tileset.gid(m, i)
	}
	t.props = []property{
		floatProp("cell_size", m.CellSize),
		floatProp("origin_x", m.OriginX),
		floatProp("origin_y", m.OriginY),
		floatProp("scale_x", m.ScaleX),
		floatProp("scale_y", m.ScaleY),
		intProp("corridor_width", m.CorridorWidth),
	}
	add := func(ob object) {
		ob.id = len(t.objects) + 1
		t.objects = append(t.objects, ob)
	}
	for o, r := range m.Rooms {
		name := r.Label
		if name == "" {
			name = r.Tag
		}
		ob := object{name: name, typ: typeRoom, props: []property{
			intProp("id", r.ID),
			stringProp("tag", r.Tag),
			stringProp("label", r.Label),
			stringProp("shape", r.Shape),
			intProp("depth", r.Depth),
			boolProp("on_critical_path", r.OnCriticalPath),
		}}
		outline, holes := g.outlines(m, int32(o), r)
		ob.x, ob.y, ob.polygon = polygon(outline)
		add(ob)
		for _, h := range holes {
			wall := object{name: typeWall, typ: typeWall, props: []property{intProp("room", r.ID)}}
			wall.x, wall.y, wall.polygon = polygon(h)
			add(wall)
		}
	}
	for _, d := range m.Doors {
		if d.Corridor < 0 || d.Corridor >= len(m.Corridors) {
			return nil, fmt.Errorf("tiled: the door at (%d, %d) names corridor %d of %d", d.At.X, d.At.Y, d.Corridor, len(m.Corridors))
		}
		c := m.Corridors[d.Corridor]
		to := c.B
		if d.Room == c.B {
			to = c.A
		}
		dx, dy := g.corner(d.At.X, d.At.Y)
		add(object{name: "door", typ: typeDoor, x: float64(dx), y: float64(dy), w: float64(g.tw), h: float64(g.th), props: []property{
			intProp("room", d.Room),
			intProp("to", to),
			intProp("corridor", d.Corridor),
		}})
	}
	ex, ey := g.centre(m.Entrance.X, m.Entrance.Y)
	gx, gy := g.centre(m.Goal.X, m.Goal.Y)
	add(object{name: "spawn", typ: typeSpawn, x: ex, y: ey, point: true})
	add(object{name: "goal", typ: typeGoal, x: gx, y: gy, point: true})
	for _, r := range m.Rooms {
		ax, ay := g.centre(r.At.X, r.At.Y)
		switch r.Role {
		case typeKey:
			add(object{name: r.Tag, typ: typeKey, x: ax, y: ay, point: true, props: []property{
				stringProp("key", r.Tag),
				intProp("room", r.ID),
			}})
		case typeLock:
			add(object{name: r.Tag, typ: typeLock, x: ax, y: ay, point: true, props: []property{
				stringProp("key", r.Key),
				intProp("room", r.ID),
			}})
		}
		if r.Entity == "" {
			continue
		}
		add(object{name: r.Entity, typ: typeEntity, x: ax, y: ay, point: true, props: []property{
			stringProp("entity", r.Entity),
			intProp("room", r.ID),
		}})
	}
	return t, nil
}
