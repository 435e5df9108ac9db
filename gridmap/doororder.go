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
// stage). It reads the map as drawn; m must be lv's map.
func DoorsOutOfOrder(m *Map, lv Level) []int {
	pos := make(map[int]RoomSpec, len(lv.Rooms))
	for _, r := range lv.Rooms {
		pos[r.ID] = r
	}
	bounds := make(map[int]Rect, len(m.Rooms))
	for _, r := range m.Rooms {
		bounds[r.ID] = r.Bounds
	}
	type door struct {
		corridor   int
		way, place float64
	}
	doors := make(map[int][]door)
	for _, d := range m.Doors {
		c := m.Corridors[d.Corridor]
		other := c.A
		if other == d.Room {
			other = c.B
		}
		r, o, b := pos[d.Room], pos[other], bounds[d.Room]
		// Doubled coordinates keep the cell centres and the bounds'
		// centre whole.
		dx := float64(2*d.At.X + 1 - 2*b.X - b.W)
		dy := float64(2*d.At.Y + 1 - 2*b.Y - b.H)
		doors[d.Room] = append(doors[d.Room], door{d.Corridor, pseudoAngle(o.X-r.X, o.Y-r.Y), pseudoAngle(dx, dy)})
	}
	var out []int
	for _, r := range m.Rooms {
		ds := doors[r.ID]
		if len(ds) < 3 {
			continue
		}
		byWay := slices.Clone(ds)
		slices.SortFunc(byWay, func(a, b door) int { return cmp.Or(cmp.Compare(a.way, b.way), cmp.Compare(a.corridor, b.corridor)) })
		byPlace := slices.Clone(ds)
		slices.SortFunc(byPlace, func(a, b door) int { return cmp.Or(cmp.Compare(a.place, b.place), cmp.Compare(a.corridor, b.corridor)) })
		start := slices.IndexFunc(byPlace, func(d door) bool { return d.corridor == byWay[0].corridor })
		for i := range byWay {
			if byPlace[(start+i)%len(ds)].corridor != byWay[i].corridor {
				out = append(out, r.ID)
				break
			}
		}
	}
	slices.Sort(out)
	return out
}
