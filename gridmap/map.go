package gridmap

import "fmt"

// Kind is what a cell of a Map is.
type Kind uint8

// The kinds of cell. CellWall is the zero value: a cell that nothing walks on,
// inside or outside the level.
const (
	CellWall Kind = iota
	// CellFloor is a walkable cell of a room.
	CellFloor
	// CellCorridor is a walkable cell of a corridor, outside every room.
	CellCorridor
	// CellDoor is the cell where a corridor enters a room, on the room's wall.
	CellDoor
	// CellEntrance is the floor cell where the player starts.
	CellEntrance
	// CellGoal is the floor cell of the level's goal.
	CellGoal
)

// Kinds lists every Kind in order; Kinds[k].String() is the word exports
// write for k (a Tiled tile's "kind" property, for example).
var Kinds = [...]Kind{CellWall, CellFloor, CellCorridor, CellDoor, CellEntrance, CellGoal}

var kindNames = [...]string{"wall", "floor", "corridor", "door", "entrance", "goal"}

func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("Kind(%d)", uint8(k))
}

// Walkable reports whether a player can stand on a cell of kind k.
func (k Kind) Walkable() bool { return k != CellWall && int(k) < len(kindNames) }

// Point is a cell: column X, row Y, row 0 at the top.
type Point struct{ X, Y int }

// Rect is the cells X ≤ x < X+W, Y ≤ y < Y+H.
type Rect struct{ X, Y, W, H int }

// Map is a level on a grid of cells: squares, or hexagons when Hex is set.
type Map struct {
	// W and H are the map's size in cells.
	W, H int
	// CellSize is the size of a cell in the level's world units: a cell
	// (x, y) covers world x in [OriginX + x·CellSize, OriginX +
	// (x+1)·CellSize), and likewise for y. On a Hex map CellSize is the
	// distance between neighbouring centres: the centre of cell (x, y) is
	// at world (OriginX + (x + 1/2 + (y mod 2)/2)·CellSize, OriginY +
	// (y + 1/2)·CellSize·√3/2).
	CellSize         float64
	OriginX, OriginY float64
	// Cells holds the cells row by row: cell (x, y) is Cells[y*W+x].
	Cells []Kind
	// Rooms holds one entry per walkable room of the level, in ascending
	// vertex id order.
	Rooms []Room
	// Corridors holds one entry per walkable corridor of the level, in the
	// level's edge order.
	Corridors []Corridor
	// Doors holds every door cell, in the order of Corridors (the door of
	// a corridor's A end before the door of its B end).
	Doors []Door
	// Entrance and Goal are the cells of kind CellEntrance and CellGoal.
	Entrance, Goal Point
	// Owner holds, for each cell (Owner[y*W+x]), the index in Rooms of the
	// room whose floor it is, -1 for every other cell (walls, corridors,
	// doors on a room's wall). The cells of a room drawn as a door
	// (shape "door") are that room's.
	Owner []int32
	// CorridorWidth is the corridors' width in cells.
	CorridorWidth int
	// Hex says that the cells are hexagons: pointy-top, in rows, each odd
	// row half a cell to the right of the even rows (the "odd-r" offset
	// layout; Tiled's hexagonal maps with staggeraxis y and staggerindex
	// odd). The map is drawn on squares and read on hexes: a cell's four
	// square neighbours are among its six hex neighbours, and the map
	// stage keeps corridors a cell (corners included) from everything
	// they do not join, so the two extra neighbours add no contact, which
	// Verify checks on the six.
	Hex bool
	// ScaleX and ScaleY are the factors the rooms' layout positions were
	// multiplied by before they were snapped to cells (room sizes are not
	// scaled): above 1 where the rooms had to be spread apart to fit their
	// walls and corridors, below 1 where compaction drew them closer.
	// World coordinates on the map (CellSize, OriginX, OriginY) are those
	// of the scaled positions.
	ScaleX, ScaleY float64
}

// Neighbours returns the cells of the map that share a side with p: on
// squares the four beside it, on a Hex map the six around it (odd rows sit
// half a cell to the right, so a cell of an even row touches the cells
// above and below it and those to their left, a cell of an odd row those
// and the ones to their right), in a fixed order. n says how many of the
// array's entries are used.
func (m *Map) Neighbours(p Point) (nb [6]Point, n int) {
	add := func(x, y int) {
		if x >= 0 && y >= 0 && x < m.W && y < m.H {
			nb[n] = Point{x, y}
			n++
		}
	}
	for _, v := range dirs {
		add(p.X+v.X, p.Y+v.Y)
	}
	if m.Hex {
		dx := -1
		if p.Y&1 == 1 {
			dx = 1
		}
		add(p.X+dx, p.Y-1)
		add(p.X+dx, p.Y+1)
	}
	return nb, n
}

// Index returns the index in Cells of cell p.
func (m *Map) Index(p Point) int { return p.Y*m.W + p.X }

// RoomAt returns the index in Rooms of the room whose floor holds cell
// (x, y), or -1.
func (m *Map) RoomAt(x, y int) int {
	if x < 0 || y < 0 || x >= m.W || y >= m.H {
		return -1
	}
	return int(m.Owner[y*m.W+x])
}

// At returns the kind of cell (x, y), CellWall outside the map.
func (m *Map) At(x, y int) Kind {
	if x < 0 || y < 0 || x >= m.W || y >= m.H {
		return CellWall
	}
	return m.Cells[y*m.W+x]
}

// Room is a room of a Map.
type Room struct {
	// ID is the room's vertex id in the level.
	ID int
	// Tag and Label are the vertex's tag and label; Shape is the room
	// shape that drew it ("rect", "disc", "cave", "template" or "door").
	Tag, Label, Shape string
	// Depth is the room's depth (corridors from the entrance);
	// OnCriticalPath says whether it lies on the path from the entrance
	// to the goal.
	Depth          int
	OnCriticalPath bool
	// Bounds is the smallest rectangle holding every cell of the room.
	Bounds Rect
	// Outline is the room's boundary as a closed polygon of cell corners
	// (corner (x, y) is the top-left corner of cell (x, y)), clockwise on
	// screen, first corner not repeated: the outline of its walkable
	// cells.
	Outline []Point
	// Holes are the outlines of the wall islands inside the room (a
	// cave's pillars, a template's inner walls), each a closed polygon
	// of cell corners, counter-clockwise on screen, first corner not
	// repeated, in the row order of their first corners; the room's
	// cells are those inside Outline and outside every hole.
	Holes [][]Point
	// Entity is the tag's entity ("" for none) and At the cell where an
	// export places it: a walkable cell of the room.
	Entity string
	At     Point
	// Role is the tag's role ("" for none) and Key, for a lock, the tag
	// of the key that opens it.
	Role, Key string
}

// Corridor is a corridor of a Map: the cells between the door in room A
// and the door in room B.
type Corridor struct {
	// A and B are the vertex ids of the rooms it joins.
	A, B int
	// Path is the corridor's cells from the door of A to the door of B,
	// doors included, each a side-neighbour of the next. A corridor of
	// width w > 1 is the w × w square of cells whose top-left cell is
	// each point of Path in turn.
	Path []Point
}

// Door is a door cell: where Corridor (an index into Map.Corridors)
// enters Room (a vertex id).
type Door struct {
	Room, Corridor int
	At             Point
}

// asciiOf is the character Text writes for each Kind.
var asciiOf = [...]byte{CellWall: '#', CellFloor: '.', CellCorridor: ',', CellDoor: '+', CellEntrance: '<', CellGoal: '>'}

// Text returns the map as ASCII art, one line per row: '#' wall, '.'
// floor, ',' corridor, '+' door, '<' entrance and '>' goal. It is meant
// for people and for golden files; the text level export (package raster)
// is the format for engines.
func (m *Map) Text() []byte {
	out := make([]byte, 0, (m.W+1)*m.H)
	for y := range m.H {
		for x := range m.W {
			k := m.Cells[y*m.W+x]
			if int(k) < len(asciiOf) {
				out = append(out, asciiOf[k])
			} else {
				out = append(out, '?')
			}
		}
		out = append(out, '\n')
	}
	return out
}
