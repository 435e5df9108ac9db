package raster

import (
	"fmt"
	"math"
	"slices"
)

// Room is a walkable room of a laid-out level: a W × H rectangle centred on
// (X, Y), in world units, y growing downwards.
type Room struct {
	ID         int
	X, Y, W, H float64
	// Radius is the radius of the room's disc in the layout. Rasterise
	// does not use it (the shapes come from W and H) but checks that it is
	// finite and not negative, so that layout rooms can be passed as they
	// are.
	Radius float64
	Tag    string
}

// Corridor joins the rooms with IDs A and B.
type Corridor struct{ A, B int }

// Level is a laid-out level to rasterise.
type Level struct {
	// Rooms are the walkable rooms, with unique IDs (not necessarily
	// dense); cosmetic rooms are left out by the caller.
	Rooms []Room
	// Corridors are the walkable corridors; they must join all the rooms
	// into one connected level.
	Corridors []Corridor
	// Entrance and Goal are room IDs; they may be equal.
	Entrance, Goal int
}

// Shape is how a room's tiles are chosen from its rectangle.
type Shape uint8

const (
	// RoomRect gives a room the tiles whose centres lie in its W × H
	// rectangle, left and top edges included, right and bottom edges
	// excluded, so that a room k cells wide gets k columns wherever it
	// sits.
	RoomRect Shape = iota
	// RoomDisc gives a room the tiles whose centres lie strictly inside
	// the disc of radius min(W, H)/2 around its centre: the largest disc
	// inside its rectangle, so a disc room never reaches further than the
	// rectangle room would.
	RoomDisc
)

func (s Shape) String() string {
	switch s {
	case RoomRect:
		return "rect"
	case RoomDisc:
		return "disc"
	}
	return fmt.Sprintf("Shape(%d)", uint8(s))
}

// DefaultMaxCells is Options.MaxCells's default: 16 Mi tiles, about 200 MB
// of grid.
const DefaultMaxCells = 16 << 20

// MaxCorridorWidth bounds Options.CorridorWidth.
const MaxCorridorWidth = 32

// Options control Rasterise. Only Cell has no default.
type Options struct {
	// Lattice is Square (the default) or Hex.
	Lattice Lattice
	// Cell is the size of a tile in world units: the side of a square, or
	// the distance between the centres of neighbouring hexes. It must be
	// positive.
	Cell float64
	// CorridorWidth is the width of corridor bodies, in tiles, from 1 to
	// MaxCorridorWidth. Default 1. A corridor of width w is widened with a
	// w × w brush on squares (the extra tiles go right and down when w is
	// even) and on hexes with every tile within w/2 (rounded down) steps,
	// so hex widths 2 and 3 are the same. Widening never carves a tile
	// next to a room, a door or a corridor that shares no room with this
	// one, so the corridor is narrower where it passes them.
	CorridorWidth int
	// Shape is RoomRect (the default) or RoomDisc.
	Shape Shape
	// MaxCells bounds the number of tiles of the grid. Default
	// DefaultMaxCells.
	MaxCells int
}

func (o Options) withDefaults() (Options, error) {
	if !(o.Cell > 0) || math.IsInf(o.Cell, 0) {
		return o, fmt.Errorf("raster: cell size %v: want a positive number of world units", o.Cell)
	}
	if !o.Lattice.valid() {
		return o, fmt.Errorf("raster: unknown lattice %v", o.Lattice)
	}
	if o.Shape != RoomRect && o.Shape != RoomDisc {
		return o, fmt.Errorf("raster: unknown room shape %v", o.Shape)
	}
	switch {
	case o.CorridorWidth == 0:
		o.CorridorWidth = 1
	case o.CorridorWidth < 0 || o.CorridorWidth > MaxCorridorWidth:
		return o, fmt.Errorf("raster: corridor width %d: want 1 to %d tiles", o.CorridorWidth, MaxCorridorWidth)
	}
	switch {
	case o.MaxCells == 0:
		o.MaxCells = DefaultMaxCells
	case o.MaxCells < 0:
		return o, fmt.Errorf("raster: max cells %d: want a positive number", o.MaxCells)
	}
	return o, nil
}

// level is a validated Level with dense room indices.
type level struct {
	rooms     []Room
	index     map[int]int32 // room ID → index in rooms
	corridors []corridorEnds
	entrance  int32
	goal      int32
	// joined holds the pairs of room indices that a corridor joins, as
	// pairKey(a, b).
	joined map[uint64]bool
}

// corridorEnds is a corridor by room indices.
type corridorEnds struct{ a, b int32 }

func pairKey(a, b int32) uint64 {
	if a > b {
		a, b = b, a
	}
	return uint64(uint32(a))<<32 | uint64(uint32(b))
}

func finite(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }

// validate checks lv and indexes it. Its errors are about the level, not
// the raster: no cell size can fix them.
func validate(lv Level) (*level, error) {
	if len(lv.Rooms) == 0 {
		return nil, fmt.Errorf("raster: the level has no rooms")
	}
	l := &level{rooms: lv.Rooms, index: make(map[int]int32, len(lv.Rooms))}
	for i, r := range lv.Rooms {
		if j, dup := l.index[r.ID]; dup {
			return nil, fmt.Errorf("raster: the rooms at indices %d and %d both have ID %d", j, i, r.ID)
		}
		l.index[r.ID] = int32(i)
		for _, f := range []struct {
			name string
			v    float64
		}{{"x", r.X}, {"y", r.Y}, {"width", r.W}, {"height", r.H}, {"radius", r.Radius}} {
			if !finite(f.v) {
				return nil, fmt.Errorf("raster: room %d: %s is %v", r.ID, f.name, f.v)
			}
		}
		if r.W < 0 || r.H < 0 || r.Radius < 0 {
			return nil, fmt.Errorf("raster: room %d: negative size %v × %v (radius %v)", r.ID, r.W, r.H, r.Radius)
		}
	}
	l.corridors = make([]corridorEnds, len(lv.Corridors))
	l.joined = make(map[uint64]bool, len(lv.Corridors))
	first := make(map[uint64]int, len(lv.Corridors))
	for k, c := range lv.Corridors {
		a, okA := l.index[c.A]
		b, okB := l.index[c.B]
		switch {
		case !okA || !okB:
			missing := c.A
			if okA {
				missing = c.B
			}
			return nil, fmt.Errorf("raster: corridor %d (rooms %d and %d): no room has ID %d", k, c.A, c.B, missing)
		case a == b:
			return nil, fmt.Errorf("raster: corridor %d joins room %d to itself", k, c.A)
		}
		key := pairKey(a, b)
		if j, dup := first[key]; dup {
			return nil, fmt.Errorf("raster: corridors %d and %d both join rooms %d and %d", j, k, c.A, c.B)
		}
		first[key] = k
		l.joined[key] = true
		l.corridors[k] = corridorEnds{a, b}
	}
	var ok bool
	if l.entrance, ok = l.index[lv.Entrance]; !ok {
		return nil, fmt.Errorf("raster: the entrance, room %d, is not in the level", lv.Entrance)
	}
	if l.goal, ok = l.index[lv.Goal]; !ok {
		return nil, fmt.Errorf("raster: the goal, room %d, is not in the level", lv.Goal)
	}
	if err := l.connected(); err != nil {
		return nil, err
	}
	return l, nil
}

// connected checks that the corridors join every room to the entrance: a
// raster can only be walked through if the level can.
func (l *level) connected() error {
	adj := make([][]int32, len(l.rooms))
	for _, c := range l.corridors {
		adj[c.a] = append(adj[c.a], c.b)
		adj[c.b] = append(adj[c.b], c.a)
	}
	seen := make([]bool, len(l.rooms))
	seen[l.entrance] = true
	stack := []int32{l.entrance}
	for len(stack) > 0 {
		v := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, w := range adj[v] {
			if !seen[w] {
				seen[w] = true
				stack = append(stack, w)
			}
		}
	}
	var cut []int
	for i, s := range seen {
		if !s {
			cut = append(cut, l.rooms[i].ID)
		}
	}
	if len(cut) > 0 {
		slices.Sort(cut)
		return fmt.Errorf("raster: no corridors lead from the entrance (room %d) to rooms %v", l.rooms[l.entrance].ID, cut)
	}
	return nil
}

// related reports whether corridors j and k share a room.
func (l *level) related(j, k int32) bool {
	a, b := l.corridors[j], l.corridors[k]
	return a.a == b.a || a.a == b.b || a.b == b.a || a.b == b.b
}

func (l *level) id(room int32) int { return l.rooms[room].ID }

// corridorName names corridor k for messages.
func (l *level) corridorName(k int32) string {
	c := l.corridors[k]
	return fmt.Sprintf("corridor %d (rooms %d-%d)", k, l.id(c.a), l.id(c.b))
}
