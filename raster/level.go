package raster

import (
	"fmt"
	"math"
	"slices"
)

// roomSpec is a walkable room of a level: a W × H rectangle centred on
// (X, Y), in world units, y growing downwards.
type roomSpec struct {
	ID         int
	X, Y, W, H float64
	Tag        string
}

// corridorSpec joins the rooms with IDs A and B.
type corridorSpec struct{ A, B int }

// levelSpec is the level of a grid as FromMap reads it from a map.
type levelSpec struct {
	// Rooms are the walkable rooms, with unique IDs (not necessarily
	// dense).
	Rooms []roomSpec
	// Corridors are the walkable corridors; they must join all the rooms
	// into one connected level.
	Corridors []corridorSpec
	// Entrance and Goal are room IDs; they may be equal.
	Entrance, Goal int
}

// Shape is the shape of rooms whose tag sets none, for the map stage
// (render.Raster.Shape).
type Shape uint8

const (
	// RoomRect draws such rooms as rectangles (roomshape.Rect).
	RoomRect Shape = iota
	// RoomDisc draws them as discs (roomshape.Disc).
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

// level is a validated levelSpec with dense room indices.
type level struct {
	rooms     []roomSpec
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
func validate(lv levelSpec) (*level, error) {
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
		}{{"x", r.X}, {"y", r.Y}, {"width", r.W}, {"height", r.H}} {
			if !finite(f.v) {
				return nil, fmt.Errorf("raster: room %d: %s is %v", r.ID, f.name, f.v)
			}
		}
		if r.W < 0 || r.H < 0 {
			return nil, fmt.Errorf("raster: room %d: negative size %v × %v", r.ID, r.W, r.H)
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
