package gridmap

import (
	"cmp"
	"slices"
)

// DoorsOutOfOrder returns, in ascending order, the vertex ids of m's
// rooms with three or more corridors whose doors do not go round the room
// in the cyclic order of the directions, in lv's layout, to the rooms those
// corridors lead to. Directions are diamond angles (no trigonometry): a
// door's from the centre of its room's bounds, a corridor's from the
// room's layout position to the other room's. Verify does not check
// this: door arcs keep the order when greedy routing draws the map, but
// negotiation lets a corridor use its neighbours' arcs, and two corridors
// that leave a room in the same direction share one (NOTES.md, the map
// stage). It reads the map as drawn; m must be lv's map, and a door it
// cannot place is skipped, not a panic: one whose Corridor is not an
// index of m.Corridors, whose Room is not an end of that corridor, or
// whose rooms lv or m.Rooms do not list. On a Hex map it reads the cells
// as square ones (rows a cell apart, odd rows not shifted), which keeps
// the directions' order only roughly; it is untested there, and so is
// `tools/mapstats -hex -each`.
func DoorsOutOfOrder(m *Map, lv Level) []int {
	pos := make(map[int]RoomSpec, len(lv.Rooms))
	for _, r := range lv.Rooms {
		pos[r.ID] = r
	}
	bounds := make(map[int]Rect, len(m.Rooms))
	for _, r := range m.Rooms {
		bounds[r.ID] = r.Bounds
	}
	doors := make(map[int][]doorAngles)
	for _, d := range m.Doors {
		if d.Corridor < 0 || d.Corridor >= len(m.Corridors) {
			continue
		}
		c := m.Corridors[d.Corridor]
		other := c.A
		if other == d.Room {
			other = c.B
		} else if c.B != d.Room {
			continue
		}
		r, okR := pos[d.Room]
		o, okO := pos[other]
		b, okB := bounds[d.Room]
		if !okR || !okO || !okB {
			continue
		}
		// Doubled coordinates keep the cell centres and the bounds'
		// centre whole.
		dx := float64(2*d.At.X + 1 - 2*b.X - b.W)
		dy := float64(2*d.At.Y + 1 - 2*b.Y - b.H)
		doors[d.Room] = append(doors[d.Room], doorAngles{pseudoAngle(o.X-r.X, o.Y-r.Y), pseudoAngle(dx, dy)})
	}
	var out []int
	for _, r := range m.Rooms {
		ds := doors[r.ID]
		if len(ds) < 3 {
			continue
		}
		if !aroundInOrder(ds) {
			out = append(out, r.ID)
		}
	}
	slices.Sort(out)
	return out
}

// doorAngles is a door's two directions, as diamond angles: way, from its
// room's layout position to the other room's; place, from the centre of
// its room's bounds to the door.
type doorAngles struct{ way, place float64 }

// aroundInOrder reports whether reading ds round the room by place meets
// their ways in cyclic order. Doors of equal way share one arc and may
// come in either order among themselves, so the answer does not depend
// on how the corridors are numbered: each door is read as the rank of
// its way among the distinct ways, and going round by place those ranks
// may fall back (from the last way to the first) at most once. Doors at
// equal places, which only a corner cell could give, are read in the
// order of their ways.
func aroundInOrder(ds []doorAngles) bool {
	ways := make([]float64, len(ds))
	for i, d := range ds {
		ways[i] = d.way
	}
	slices.Sort(ways)
	ways = slices.Compact(ways)
	rank := func(d doorAngles) int { i, _ := slices.BinarySearch(ways, d.way); return i }
	byPlace := slices.Clone(ds)
	slices.SortFunc(byPlace, func(a, b doorAngles) int { return cmp.Or(cmp.Compare(a.place, b.place), cmp.Compare(a.way, b.way)) })
	falls := 0
	for i, d := range byPlace {
		if rank(byPlace[(i+1)%len(byPlace)]) < rank(d) {
			falls++
		}
	}
	return falls <= 1
}
