package raster

import (
	"math/rand/v2"
)

// randomLevel makes a level of about n rooms that satisfies the layout's
// guarantees: rooms on a jittered grid of slots 200 units apart, at most
// 120 × 120 and jittered by at most 20, so no two overlap; a spanning tree
// grown between grid-adjacent slots, plus extra corridors between
// grid-adjacent rooms and some diagonals whose crossing diagonal is
// absent, so no two corridors cross. Room IDs are sparse and shuffled.
func randomLevel(rng *rand.Rand, n int) Level {
	const spacing, jitter = 200.0, 20.0
	type slot struct{ x, y int }
	at := map[slot]int{}
	var slots []slot
	var lv Level
	add := func(s slot) {
		at[s] = len(slots)
		slots = append(slots, s)
		lv.Rooms = append(lv.Rooms, Room{
			X: float64(s.x)*spacing + (rng.Float64()*2-1)*jitter,
			Y: float64(s.y)*spacing + (rng.Float64()*2-1)*jitter,
			W: 40 + rng.Float64()*80,
			H: 40 + rng.Float64()*80,
		})
	}
	joined := map[[2]int]bool{}
	join := func(a, b int) {
		if a > b {
			a, b = b, a
		}
		if !joined[[2]int{a, b}] {
			joined[[2]int{a, b}] = true
			lv.Corridors = append(lv.Corridors, Corridor{A: a, B: b})
		}
	}
	steps := []slot{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}
	add(slot{})
	type edge struct {
		from int
		to   slot
	}
	var frontier []edge
	grow := func(i int) {
		for _, d := range steps {
			s := slot{slots[i].x + d.x, slots[i].y + d.y}
			if _, ok := at[s]; !ok {
				frontier = append(frontier, edge{i, s})
			}
		}
	}
	grow(0)
	for len(slots) < n && len(frontier) > 0 {
		k := rng.IntN(len(frontier))
		e := frontier[k]
		frontier[k] = frontier[len(frontier)-1]
		frontier = frontier[:len(frontier)-1]
		if _, ok := at[e.to]; ok {
			continue
		}
		add(e.to)
		join(e.from, len(slots)-1)
		grow(len(slots) - 1)
	}
	for i, s := range slots {
		for _, d := range []slot{{1, 0}, {0, 1}} {
			if j, ok := at[slot{s.x + d.x, s.y + d.y}]; ok && rng.IntN(4) == 0 {
				join(i, j)
			}
		}
		// A diagonal i–(x+1, y+1) crosses only (x+1, y)–(x, y+1).
		j, ok := at[slot{s.x + 1, s.y + 1}]
		p, okP := at[slot{s.x + 1, s.y}]
		q, okQ := at[slot{s.x, s.y + 1}]
		if ok && rng.IntN(4) == 0 && !(okP && okQ && joined[[2]int{min(p, q), max(p, q)}]) {
			join(i, j)
		}
	}
	// Sparse, shuffled IDs.
	ids := rng.Perm(len(lv.Rooms))
	for i := range lv.Rooms {
		r := &lv.Rooms[i]
		r.ID = 3*ids[i] + 7
		r.Radius = 0.5 * (r.W + r.H) // any value covering the rectangle
		r.Tag = []string{"a", "b", "c"}[rng.IntN(3)]
	}
	for k := range lv.Corridors {
		c := &lv.Corridors[k]
		c.A, c.B = lv.Rooms[c.A].ID, lv.Rooms[c.B].ID
	}
	lv.Entrance = lv.Rooms[rng.IntN(len(lv.Rooms))].ID
	lv.Goal = lv.Rooms[rng.IntN(len(lv.Rooms))].ID
	return lv
}
