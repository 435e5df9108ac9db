package raster

import (
	"iter"
	"slices"
)

// Kind is what a tile is.
type Kind uint8

const (
	// KindWall is solid; the zero value.
	KindWall Kind = iota
	// KindFloor is a room's floor.
	KindFloor
	// KindCorridor is a corridor's floor.
	KindCorridor
	// KindDoor joins a room to its corridor.
	KindDoor
)

func (k Kind) String() string {
	switch k {
	case KindWall:
		return "wall"
	case KindFloor:
		return "floor"
	case KindCorridor:
		return "corridor"
	case KindDoor:
		return "door"
	}
	return "Kind(?)"
}

// DoorDir is the direction in which a door on the square lattice is
// traversed.
type DoorDir uint8

const (
	// NoDoor is the direction of every tile that is not a door on the
	// square lattice, hex doors included.
	NoDoor DoorDir = iota
	// DoorUpDown is a door with its room above or below it (DeepMind Lab's
	// 'H').
	DoorUpDown
	// DoorLeftRight is a door with its room left or right of it (DeepMind
	// Lab's 'I').
	DoorLeftRight
)

func (d DoorDir) String() string {
	switch d {
	case DoorUpDown:
		return "up-down"
	case DoorLeftRight:
		return "left-right"
	}
	return ""
}

// Tile is one tile of a Grid.
type Tile struct {
	Kind Kind
	// Room is the ID of the room of a floor tile, or of the room a door
	// opens into (the corridor's room A for a single door between two
	// rooms); -1 otherwise.
	Room int
	// Corridor is the index in the map's Corridors of the corridor of a
	// corridor or door tile; -1 otherwise.
	Corridor int
	// Door is the direction of a door on the square lattice.
	Door DoorDir
	// Tag is the tag of a floor tile's room; "" otherwise.
	Tag string
}

// cell is a tile as stored: room and corridor are dense indices.
type cell struct {
	kind Kind
	door DoorDir
	room int32
	corr int32
}

var wallCell = cell{room: -1, corr: -1}

// Grid is a level on tiles: a Width × Height rectangle of tiles.
//
// On the square lattice, tile (q, r) is column q and row r, both from 0,
// row 0 at the top. On the hex lattice, row r (from 0, at the top) holds
// the tiles q = RowStart(r) .. RowStart(r)+Width-1, RowStart(r) =
// -floor(r/2): ZTile's buildHexes layout, in which odd rows sit half a tile
// to the right, so that the region is a rectangle.
//
// Grids are made by FromMap; their fields are read-only.
type Grid struct {
	Lattice Lattice
	// Cell is the tile size in world units (the map's CellSize).
	Cell          float64
	Width, Height int
	// Entrance and Goal are the spawn and goal tiles, floor tiles of the
	// level's entrance and goal rooms.
	Entrance, Goal Coord

	// World coordinates of a tile are (centre + origin) × Cell, the centre
	// and origin in cell units.
	originX, originY float64
	cells            []cell
	lv               *level
	// roomTiles lists each room's tiles (cell indices) in row-major order;
	// centre is each room's centre tile (-1 if it has none).
	roomTiles [][]int32
	centre    []int32
	doors     [][2]doorInfo
}

// doorInfo is where a corridor meets one of its rooms: the door tile and
// the direction from the room through it. tile is -1 for a corridor that
// could not be placed.
type doorInfo struct {
	tile int32
	dir  Coord
}

// RowStart returns the q of the first tile of row r: 0 on squares,
// -floor(r/2) on hexes.
func (g *Grid) RowStart(r int) int {
	if g.Lattice == Hex {
		return -(r >> 1)
	}
	return 0
}

// Contains reports whether c is a tile of the grid.
func (g *Grid) Contains(c Coord) bool {
	_, ok := g.index(c)
	return ok
}

func (g *Grid) index(c Coord) (int, bool) {
	if c.R < 0 || c.R >= g.Height {
		return 0, false
	}
	col := c.Q - g.RowStart(c.R)
	if col < 0 || col >= g.Width {
		return 0, false
	}
	return c.R*g.Width + col, true
}

func (g *Grid) coord(i int) Coord {
	r := i / g.Width
	return Coord{i%g.Width + g.RowStart(r), r}
}

// At returns the tile at c; tiles outside the grid are walls.
func (g *Grid) At(c Coord) Tile {
	i, ok := g.index(c)
	if !ok {
		return g.tile(wallCell)
	}
	return g.tile(g.cells[i])
}

func (g *Grid) tile(c cell) Tile {
	t := Tile{Kind: c.kind, Room: -1, Corridor: int(c.corr), Door: c.door}
	if c.room >= 0 {
		t.Room = g.lv.id(c.room)
		if c.kind == KindFloor {
			t.Tag = g.lv.rooms[c.room].Tag
		}
	}
	return t
}

// All iterates over the tiles in row-major order: by r, then by q.
func (g *Grid) All() iter.Seq2[Coord, Tile] {
	return func(yield func(Coord, Tile) bool) {
		for i, c := range g.cells {
			if !yield(g.coord(i), g.tile(c)) {
				return
			}
		}
	}
}

// World returns the centre of tile c in world coordinates.
func (g *Grid) World(c Coord) (x, y float64) {
	cx, cy := g.Lattice.Centre(c)
	return float64(cx+g.originX) * g.Cell, float64(cy+g.originY) * g.Cell
}

// TileAt returns the tile whose centre is nearest the world point (x, y),
// which may be outside the grid.
func (g *Grid) TileAt(x, y float64) Coord {
	return g.Lattice.TileAt(x/g.Cell-g.originX, y/g.Cell-g.originY)
}

// Tags returns the tags of the level's rooms, sorted, each once.
func (g *Grid) Tags() []string {
	var tags []string
	for _, r := range g.lv.rooms {
		tags = append(tags, r.Tag)
	}
	slices.Sort(tags)
	return slices.Compact(tags)
}

// RoomTiles returns the tiles of the room with the given ID in row-major
// order, nil if there is no such room.
func (g *Grid) RoomTiles(id int) []Coord {
	ri, ok := g.lv.index[id]
	if !ok {
		return nil
	}
	out := make([]Coord, len(g.roomTiles[ri]))
	for i, t := range g.roomTiles[ri] {
		out[i] = g.coord(int(t))
	}
	return out
}

// neighbours calls f with the index of every neighbour of cell i inside
// the grid, in Neighbours order.
func (g *Grid) neighbours(i int, f func(j int)) {
	c := g.coord(i)
	for _, d := range g.Lattice.dirs() {
		if j, ok := g.index(c.add(d)); ok {
			f(j)
		}
	}
}
