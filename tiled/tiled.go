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
	typeRoom   = "room"
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

// tiledMap is what both formats write: the tileset, the cells as global
// tile ids, the objects, and the map's properties.
type tiledMap struct {
	w, h, tile int
	tileset    tileset
	gids       []int
	objects    []object
	props      []property
}

// build turns m into the content both formats share. Object ids count
// from 1 in the order rooms, doors, spawn, goal, entities.
func (o Options) build(m *gridmap.Map) (*tiledMap, error) {
	if err := o.check(); err != nil {
		return nil, err
	}
	if err := checkMap(m); err != nil {
		return nil, err
	}
	ts := o.tileSize()
	px := func(c int) float64 { return float64(c * ts) }
	centre := func(c int) float64 { return float64(c*ts) + float64(ts)/2 }
	t := &tiledMap{w: m.W, h: m.H, tile: ts, tileset: o.tileset(m), gids: make([]int, len(m.Cells))}
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
	for _, r := range m.Rooms {
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
		outline := r.Outline
		if len(outline) < 3 {
			b := r.Bounds
			outline = []gridmap.Point{{X: b.X, Y: b.Y}, {X: b.X + b.W, Y: b.Y}, {X: b.X + b.W, Y: b.Y + b.H}, {X: b.X, Y: b.Y + b.H}}
		}
		ob.x, ob.y = px(outline[0].X), px(outline[0].Y)
		for _, p := range outline {
			ob.polygon = append(ob.polygon, [2]float64{px(p.X - outline[0].X), px(p.Y - outline[0].Y)})
		}
		add(ob)
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
		add(object{name: "door", typ: typeDoor, x: px(d.At.X), y: px(d.At.Y), w: float64(ts), h: float64(ts), props: []property{
			intProp("room", d.Room),
			intProp("to", to),
			intProp("corridor", d.Corridor),
		}})
	}
	add(object{name: "spawn", typ: typeSpawn, x: centre(m.Entrance.X), y: centre(m.Entrance.Y), point: true})
	add(object{name: "goal", typ: typeGoal, x: centre(m.Goal.X), y: centre(m.Goal.Y), point: true})
	for _, r := range m.Rooms {
		switch r.Role {
		case typeKey:
			add(object{name: r.Tag, typ: typeKey, x: centre(r.At.X), y: centre(r.At.Y), point: true, props: []property{
				stringProp("key", r.Tag),
				intProp("room", r.ID),
			}})
		case typeLock:
			add(object{name: r.Tag, typ: typeLock, x: centre(r.At.X), y: centre(r.At.Y), point: true, props: []property{
				stringProp("key", r.Key),
				intProp("room", r.ID),
			}})
		}
		if r.Entity == "" {
			continue
		}
		add(object{name: r.Entity, typ: typeEntity, x: centre(r.At.X), y: centre(r.At.Y), point: true, props: []property{
			stringProp("entity", r.Entity),
			intProp("room", r.ID),
		}})
	}
	return t, nil
}
