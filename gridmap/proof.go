package gridmap

import (
	"fmt"
	"slices"
)

// Verify proves that m draws lv: it reads only m's cells and their owners,
// not how they were made, with the neighbours of m's lattice (four on
// squares, six on a Hex map). It checks that
//
//   - m's rooms are lv's rooms, each with at least one walkable cell, and
//     no two rooms' cells are side by side;
//   - every walkable cell outside the rooms is corridor or door, and a
//     corridor cell opens into a room only through a door cell;
//   - each piece of corridor (walkable cells outside the rooms, joined side
//     to side) touches exactly two rooms, and the pairs of rooms the pieces
//     join are lv's corridors, each exactly once: no corridor is missing,
//     none is extra, none merges with another;
//   - the entrance and goal cells lie in the entrance and goal rooms;
//   - a flood fill from the entrance reaches every walkable cell.
//
// The error lists every problem, each naming its room or corridor and a
// cell.
func Verify(m *Map, lv Level) error {
	var errs problems
	if len(m.Cells) != m.W*m.H || len(m.Owner) != m.W*m.H {
		return fmt.Errorf("gridmap: a %d × %d map has %d cells and %d owners", m.W, m.H, len(m.Cells), len(m.Owner))
	}
	ids := make([]int, len(lv.Rooms))
	for i, r := range lv.Rooms {
		ids[i] = r.ID
	}
	slices.Sort(ids)
	if len(m.Rooms) != len(ids) {
		return fmt.Errorf("gridmap: the map has %d rooms, the level %d", len(m.Rooms), len(ids))
	}
	for i, r := range m.Rooms {
		if r.ID != ids[i] {
			return fmt.Errorf("gridmap: the map's rooms[%d] is room %d, the level's room %d", i, r.ID, ids[i])
		}
	}
	cellsOf := make([]int, len(m.Rooms))
	for i, o := range m.Owner {
		x, y := i%m.W, i/m.W
		switch {
		case o < -1 || int(o) >= len(m.Rooms):
			return fmt.Errorf("gridmap: cell (%d,%d) has owner %d, not a room", x, y, o)
		case o >= 0:
			cellsOf[o]++
			if !m.Cells[i].Walkable() {
				errs.addf("room %d: its cell (%d,%d) is %v", m.Rooms[o].ID, x, y, m.Cells[i])
			}
			nb, n := m.Neighbours(Point{x, y})
			for _, q := range nb[:n] {
				if o2 := m.RoomAt(q.X, q.Y); o2 > int(o) {
					errs.addf("rooms %d and %d touch at (%d,%d): no wall between them", m.Rooms[o].ID, m.Rooms[o2].ID, x, y)
				}
			}
		case m.Cells[i] != CellWall && m.Cells[i] != CellCorridor && m.Cells[i] != CellDoor:
			errs.addf("cell (%d,%d) is %v but in no room", x, y, m.Cells[i])
		}
	}
	for o, n := range cellsOf {
		if n == 0 {
			errs.addf("room %d has no cells", m.Rooms[o].ID)
		}
	}
	roomIndex := func(id int) int {
		i, _ := slices.BinarySearch(ids, id)
		return i
	}
	for _, c := range [...]struct {
		name string
		at   Point
		kind Kind
		room int
	}{{"entrance", m.Entrance, CellEntrance, lv.Entrance}, {"goal", m.Goal, CellGoal, lv.Goal}} {
		if c.name == "goal" && m.Goal == m.Entrance {
			c.kind = CellEntrance
		}
		if k := m.At(c.at.X, c.at.Y); k != c.kind || m.RoomAt(c.at.X, c.at.Y) != roomIndex(c.room) {
			errs.addf("the %s cell (%d,%d) is %v, not %v in room %d", c.name, c.at.X, c.at.Y, k, c.kind, c.room)
		}
	}
	errs = append(errs, corridorProof(m, lv)...)
	if len(errs) == 0 {
		errs = append(errs, reachProof(m)...)
	}
	return errs.err()
}

// corridorProof checks the pieces of corridor against lv's corridors.
func corridorProof(m *Map, lv Level) problems {
	var errs problems
	want := map[[2]int]int{}
	for k, c := range lv.Corridors {
		want[[2]int{min(c.A, c.B), max(c.A, c.B)}] = k
	}
	found := map[[2]int]Point{}
	seen := make([]bool, len(m.Cells))
	var stack []int
	for start, k := range m.Cells {
		if seen[start] || !k.Walkable() || m.Owner[start] >= 0 {
			continue
		}
		var rooms []int
		seen[start] = true
		stack = append(stack[:0], start)
		for len(stack) > 0 {
			i := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			x, y := i%m.W, i/m.W
			nb, n := m.Neighbours(Point{x, y})
			for _, q := range nb[:n] {
				j := m.Index(q)
				if o := m.Owner[j]; o >= 0 && m.Cells[j].Walkable() {
					if m.Cells[i] != CellDoor {
						errs.addf("room %d: corridor cell (%d,%d) opens into it without a door", m.Rooms[o].ID, x, y)
					}
					if id := m.Rooms[o].ID; !slices.Contains(rooms, id) {
						rooms = append(rooms, id)
					}
				} else if !seen[j] && m.Cells[j].Walkable() {
					seen[j] = true
					stack = append(stack, j)
				}
			}
		}
		slices.Sort(rooms)
		at := Point{start % m.W, start / m.W}
		switch len(rooms) {
		case 0:
			errs.addf("the corridor cells at (%d,%d) join no room", at.X, at.Y)
		case 1:
			errs.addf("room %d: the corridor at (%d,%d) leads nowhere else", rooms[0], at.X, at.Y)
		case 2:
			key := [2]int{rooms[0], rooms[1]}
			if k, ok := want[key]; !ok {
				errs.addf("rooms %d and %d are joined by a corridor at (%d,%d) that the level does not have", key[0], key[1], at.X, at.Y)
			} else if prev, dup := found[key]; dup {
				errs.addf("corridor %d (rooms %d-%d) is drawn twice, at (%d,%d) and (%d,%d)", k, key[0], key[1], prev.X, prev.Y, at.X, at.Y)
			}
			found[key] = at
		default:
			errs.addf("the corridors at (%d,%d) merge: they join rooms %v", at.X, at.Y, rooms)
		}
	}
	for k, c := range lv.Corridors {
		if _, ok := found[[2]int{min(c.A, c.B), max(c.A, c.B)}]; !ok {
			errs.addf("corridor %d (rooms %d-%d) is missing from the map", k, c.A, c.B)
		}
	}
	return errs
}

// reachProof flood-fills the walkable cells from the entrance.
func reachProof(m *Map) problems {
	start := m.Index(m.Entrance)
	seen := make([]bool, len(m.Cells))
	seen[start] = true
	stack := []int{start}
	for len(stack) > 0 {
		i := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		nb, n := m.Neighbours(Point{i % m.W, i / m.W})
		for _, q := range nb[:n] {
			if j := m.Index(q); !seen[j] && m.Cells[j].Walkable() {
				seen[j] = true
				stack = append(stack, j)
			}
		}
	}
	var errs problems
	reported := map[int32]bool{}
	for i, k := range m.Cells {
		if !k.Walkable() || seen[i] {
			continue
		}
		o := m.Owner[i]
		if reported[o] {
			continue
		}
		reported[o] = true
		if o >= 0 {
			errs.addf("room %d: its cell (%d,%d) cannot be reached from the entrance", m.Rooms[o].ID, i%m.W, i/m.W)
		} else {
			errs.addf("the corridor cell (%d,%d) cannot be reached from the entrance", i%m.W, i/m.W)
		}
	}
	return errs
}
