package layout

import (
	"cmp"
	"slices"

	"github.com/dungraph/dungraph/grammar"
)

// A triangle of corridors that holds k rooms must span them: its sides
// grow with the square root of the area of the rooms inside, and the
// longest corridors of a triangle-fan level are the sides of its fullest
// triangle. The sizes AssignRooms draws do not depend on where a room
// lies, so a nest gets big rooms as often as the open rim does.
//
// NestRooms hands the smallest of the drawn sizes to the rooms inside the
// build's triangles, the most enclosed first: the level's rooms have
// exactly the sizes drawn (a permutation, within each tag, of what
// AssignRooms drew from that tag's range), and only which room gets which
// changes.

// NestRooms permutes rooms, the sizes AssignRooms drew for the vertices of
// g, so that the rooms inside the build's triangles (a hanging room's,
// three corridors one rewrite made) get the smallest sizes of their tag:
// ranked by how many triangles are around them (a room's area weighs on
// each), then by the most rooms one of those triangles holds. A room inside
// no triangle keeps its own size unless a nested room took it; then it
// gets one the nested rooms left. A build that hangs no room on a
// corridor (no rewrite added a room joined to both ends of one), or
// without a construction drawing, is left alone: its level does not
// change. Call it after the
// build, before the relax pass.
func (c *Constructor) NestRooms(g *grammar.Graph, rooms []Room) {
	if c.d == nil || !c.log.hung() {
		return
	}
	n := min(len(c.d.Pos), g.Order(), len(rooms))
	load, depth := make([]int, n), make([]int, n)
	c.log.enclosures(c.d.Pos[:n], func(_, _, _ int, inside []int32) {
		for _, x := range inside {
			load[x] = max(load[x], len(inside))
			depth[x]++
		}
	})
	type group struct {
		tag      string
		cosmetic bool
	}
	groups := map[group][]int{}
	var keys []group
	for v := range n {
		gv := g.Vertex(v)
		k := group{gv.Tag, gv.Cosmetic}
		if _, ok := groups[k]; !ok {
			keys = append(keys, k)
		}
		groups[k] = append(groups[k], v)
	}
	for _, k := range keys {
		vs := groups[k]
		var nested, open []int
		for _, v := range vs {
			if depth[v] > 0 {
				nested = append(nested, v)
			} else {
				open = append(open, v)
			}
		}
		if len(nested) == 0 || len(open) == 0 && len(nested) == 1 {
			continue
		}
		slices.SortStableFunc(nested, func(a, b int) int {
			return cmp.Or(cmp.Compare(depth[b], depth[a]), cmp.Compare(load[b], load[a]))
		})
		// sizes holds the group's drawn sizes in vertex order; by area
		// (then width), the smallest go to the nested rooms in rank
		// order, the rest to the open rooms in the order drawn.
		sizes := make([]Room, len(vs))
		order := make([]int, len(vs))
		for i, v := range vs {
			sizes[i], order[i] = rooms[v], i
		}
		slices.SortStableFunc(order, func(a, b int) int {
			ra, rb := sizes[a], sizes[b]
			return cmp.Or(cmp.Compare(float64(ra.W*ra.H), float64(rb.W*rb.H)), cmp.Compare(ra.W, rb.W))
		})
		// An open room keeps its own size unless a nested room takes
		// it; the sizes of nested rooms that no nested room takes go, in
		// the order drawn, to the open rooms that lost theirs.
		taken := make([]bool, len(vs))
		for i, v := range nested {
			taken[order[i]] = true
			rooms[v] = sizes[order[i]]
		}
		var freed []int
		for i, v := range vs {
			if depth[v] > 0 && !taken[i] {
				freed = append(freed, i)
			}
		}
		for i, v := range vs {
			if depth[v] == 0 && taken[i] {
				rooms[v], freed = sizes[freed[0]], freed[1:]
			}
		}
	}
}

// hung reports whether the build hung any room on a corridor.
func (l *nestLog) hung() bool {
	for _, h := range l.hang {
		if h[0] >= 0 {
			return true
		}
	}
	return false
}
