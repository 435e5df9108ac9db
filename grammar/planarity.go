package grammar

import (
	"github.com/dungraph/dungraph/geom"
	"github.com/dungraph/dungraph/planar"
)

// keepsPlanar reports whether every rewrite by c leaves a planar corridor
// graph planar, whatever the host: then a build need not test its
// matches. It reduces the substitute's corridors by steps whose inverse
// keeps a graph planar (drop a new vertex with at most one corridor;
// replace a new vertex with two by one corridor between its neighbours;
// drop a loop) and accepts the rule when what is left only joins mapped
// vertices that a corridor of the pattern joins, so that the result is
// the host with some corridors removed, subdivided, doubled or given
// trees of new rooms. Triangle fans, subdivisions, trees and removals all
// pass; a rule that adds a corridor between two mapped vertices not
// already joined, or a new vertex with three or more corridors, does not.
func (c *compiled) keepsPlanar() bool {
	ns := len(c.sub)
	// Multigraph of the substitute's corridors: mult[v][u] counts the
	// corridors between v and u. Sparse, since a start rule's substitute
	// can have thousands of vertices.
	mult := make([]map[int]int, ns)
	for i := range mult {
		mult[i] = map[int]int{}
	}
	for _, e := range c.subEdges {
		if !e.cosm {
			mult[e.a][e.b]++
			mult[e.b][e.a]++
		}
	}
	deg := func(v int) int {
		d := 0
		for _, k := range mult[v] {
			d += k
		}
		return d
	}
	cut := func(v, u int) {
		delete(mult[v], u)
		delete(mult[u], v)
	}
	gone := make([]bool, ns)
	for changed := true; changed; {
		changed = false
		for v := range ns {
			if gone[v] || c.sub[v].mapped >= 0 {
				continue
			}
			delete(mult[v], v) // a loop never matters
			switch d := deg(v); {
			case d <= 1:
				for u := range mult[v] {
					cut(v, u)
				}
			case d == 2:
				var nb []int
				for u, k := range mult[v] {
					for range k {
						nb = append(nb, u)
					}
				}
				cut(v, nb[0])
				cut(v, nb[1])
				if nb[0] != nb[1] {
					mult[nb[0]][nb[1]]++
					mult[nb[1]][nb[0]]++
				}
			default:
				continue
			}
			gone[v], changed = true, true
		}
	}
	for v := range ns {
		if !gone[v] && c.sub[v].mapped < 0 {
			return false
		}
	}
	for a := range ns {
		for b := range mult[a] {
			if b > a && !c.corridorPatternEdge(c.sub[a].mapped, c.sub[b].mapped) {
				return false
			}
		}
	}
	return true
}

func (c *compiled) corridorPatternEdge(pa, pb int) bool {
	for _, e := range c.pedges {
		if !e.cosm && ((e.a == pa && e.b == pb) || (e.a == pb && e.b == pa)) {
			return true
		}
	}
	return false
}

// planarAfter reports whether g's corridors stay planar after c rewrites
// match m, by testing the graph the rewrite would leave.
func (b *builder) planarAfter(c *compiled, m []int) bool {
	g := b.g
	es := b.planarEdges[:0]
	for u, hs := range g.adj {
		for _, h := range hs {
			if h.To > u && !h.Cosmetic && !c.matchedEdge(m, u, h.To) {
				es = append(es, planar.Edge{U: u, V: h.To})
			}
		}
	}
	n := g.Order()
	id := func(s int) int {
		if p := c.sub[s].mapped; p >= 0 {
			return m[p]
		}
		return n + c.newIndex[s]
	}
	for _, e := range c.subEdges {
		if !e.cosm {
			es = append(es, planar.Edge{U: id(e.a), V: id(e.b)})
		}
	}
	b.planarEdges = es
	ok, err := b.planar.Planar(n+c.newCount, es)
	// id numbers every vertex within n+c.newCount, so err is nil; were it
	// not, rejecting the match is the answer that keeps the level planar.
	return ok && err == nil
}

// matchedEdge reports whether host edge u-w is matched by a pattern edge
// under m, and so removed by the rewrite.
func (c *compiled) matchedEdge(m []int, u, w int) bool {
	for _, e := range c.pedges {
		a, b := m[e.a], m[e.b]
		if (a == u && b == w) || (a == w && b == u) {
			return true
		}
	}
	return false
}

// closingCross reports whether two of the corridors the rewrite adds
// between mapped vertices cross or touch each other as drawn: mapped
// vertices keep their places, so the layout could not undo it.
func (c *compiled) closingCross(g *Graph, m []int) bool {
	type seg struct{ a, b int }
	var segs [4]seg
	added := segs[:0]
	for _, e := range c.closing {
		a, b := m[c.sub[e.a].mapped], m[c.sub[e.b].mapped]
		if h, ok := g.Edge(a, b); ok && (!h.Cosmetic || e.pattern < 0) {
			continue
		}
		for _, s := range added {
			if s.a == a || s.a == b || s.b == a || s.b == b {
				continue
			}
			if geom.SegmentsIntersect(g.vs[a].Pos, g.vs[b].Pos, g.vs[s.a].Pos, g.vs[s.b].Pos) != geom.Disjoint {
				return true
			}
		}
		added = append(added, seg{a, b})
	}
	return false
}
