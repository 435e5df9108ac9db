package layout

import (
	"math"

	"github.com/dungraph/dungraph/grammar"
)

// Bridge weights: a bridge of the construction drawing (a corridor whose
// removal splits the level in two) between two large parts pulls with a
// spring as strong as √(m/bridgeFrom) springs, m being the rooms on its
// smaller side.
//
// A cave grows outward from its first rooms, so the rooms at the ends of
// such a bridge sit deep inside the two parts it joins, and the first
// rooms form a taut chain between the parts (NOTES.md, "Known limits"
// (4), measured on caves at 10,000 rooms). One spring cannot hold the
// chain against the repulsion of a whole part: in seed 7's construction
// drawing at 2,153 rooms, a phase with every vertex free lengthens the
// longest corridor from 3.9 to 5.5 target lengths. A weighed spring
// pulls the bridge in (TestBridgeWeightShortensBridge), and with the
// weights seven of eight seeds of caves at 10,000 rooms come within the
// targets (NOTES.md).
//
// The weight is 1 at bridgeFrom rooms, so it grows from the plain spring;
// √m (16 springs at bridgeFrom) halved the density of caves at 10,000
// rooms and lengthened the worst corridor at 3,000 (NOTES.md). Only
// bridges with at least bridgeFrom rooms on each side are weighed, from
// 2·bridgeFrom rooms on: levels that never reach that (every bundled
// ruleset at its own size) are drawn as before, to the bit.
//
// The bridges are found again each time the level has grown by a quarter,
// and after every rewrite that matches an end of a weighed bridge: such a
// rewrite can put the bridge on a cycle (caves' pillar adds x–r1–r2–y
// beside x–y) or split it into a path, and either way the old weight
// would be wrong. A rewrite that closes a cycle through a weighed
// bridge without matching its ends leaves the weight on a corridor that
// is no longer a bridge until the next refresh; finding the bridges after
// every rewrite would cost O(V+E) each.
const bridgeFrom = 256

// bridgeWeights maps a bridge's ends (lower id first) to its spring's
// weight; heavy marks the vertices with a weighed bridge, so that the
// springs of the others skip the map, and ends lists them.
type bridgeWeights struct {
	w     map[[2]int]float64
	heavy []bool
	ends  []int
}

// of returns the weight of the spring between a and c: 1 unless it is a
// weighed bridge.
func (b *bridgeWeights) of(a, c int) float64 {
	if a >= len(b.heavy) || c >= len(b.heavy) || !b.heavy[a] || !b.heavy[c] {
		return 1
	}
	if a > c {
		a, c = c, a
	}
	if w, ok := b.w[[2]int{a, c}]; ok {
		return w
	}
	return 1
}

// touches reports whether any of ids is the end of a weighed bridge.
func (b *bridgeWeights) touches(ids []int) bool {
	for _, v := range ids {
		if v >= 0 && v < len(b.heavy) && b.heavy[v] {
			return true
		}
	}
	return false
}

// weighBridges refreshes the drawing's bridge weights, from 2·bridgeFrom
// vertices on, once the graph has grown by a quarter since the last time
// or when the rewrite matched (matched) the end of a weighed bridge, and
// weighs the masses of the old and new ends again, since a vertex's step
// counts its springs' weights (mass).
func (c *Constructor) weighBridges(g *grammar.Graph, matched []int) {
	n := g.Order()
	d := c.d
	b := &d.bridges
	grown := n >= max(c.nextWeigh, 2*bridgeFrom)
	if !grown && !b.touches(matched) {
		return
	}
	if grown {
		c.nextWeigh = n + (n+3)/4
	}
	if b.w == nil {
		b.w = map[[2]int]float64{}
	}
	clear(b.w)
	b.heavy = resize(b.heavy, n)
	clear(b.heavy)
	old := len(b.ends)
	for _, s := range bridgeSides(g) {
		if s.small < bridgeFrom {
			continue
		}
		b.w[[2]int{s.a, s.b}] = math.Sqrt(float64(s.small) / bridgeFrom)
		b.heavy[s.a], b.heavy[s.b] = true, true
		b.ends = append(b.ends, s.a, s.b)
	}
	for _, v := range b.ends {
		if v < len(d.masses) {
			d.weighMass(v)
		}
	}
	b.ends = append(b.ends[:0], b.ends[old:]...)
}

// bridgeSide is a bridge a–b (a < b) and the vertices on its smaller side.
type bridgeSide struct {
	a, b, small int
}

// bridgeSides returns every bridge of g, in the order a depth-first search
// from the lowest ids finishes them, with the vertices on its smaller
// side (within its component). Tarjan's lowlink (Tarjan 1974), iterative so
// that a long path does not grow the stack.
func bridgeSides(g *grammar.Graph) []bridgeSide {
	n := g.Order()
	disc := make([]int32, n)
	low := make([]int32, n)
	size := make([]int32, n)
	parent := make([]int32, n)
	next := make([]int32, n)
	var out []bridgeSide
	var stack, done []int
	t := int32(0)
	for root := range n {
		if disc[root] != 0 {
			continue
		}
		t++
		disc[root], low[root], size[root], parent[root] = t, t, 1, -1
		stack, done = append(stack[:0], root), done[:0]
		for len(stack) > 0 {
			v := stack[len(stack)-1]
			nb := g.Neighbors(v)
			if int(next[v]) < len(nb) {
				u := nb[next[v]].To
				next[v]++
				switch {
				case disc[u] == 0:
					t++
					disc[u], low[u], size[u], parent[u] = t, t, 1, int32(v)
					stack = append(stack, u)
				case int32(u) != parent[v]:
					low[v] = min(low[v], disc[u])
				}
				continue
			}
			stack = stack[:len(stack)-1]
			done = append(done, v)
			if p := parent[v]; p >= 0 {
				low[p] = min(low[p], low[v])
				size[p] += size[v]
			}
		}
		whole := size[root]
		for _, v := range done {
			p := parent[v]
			if p < 0 || low[v] <= disc[p] {
				continue
			}
			a, b := int(p), v
			if a > b {
				a, b = b, a
			}
			out = append(out, bridgeSide{a, b, int(min(size[v], whole-size[v]))})
		}
	}
	return out
}
