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
// such a bridge sit deep inside the two parts it joins, and everything the
// build adds around them pushes the parts apart: the first rooms form a
// taut chain between the parts, and the relax pass and every uniform scale
// after it keep that chain's ratio to the other corridors (NOTES.md,
// "Known limits" (4)). One spring cannot hold the chain against the
// repulsion of a whole part: a global phase of the construction drawing
// (every vertex free, caves at 3,000 rooms, seed 7) lengthens the
// longest corridor from 3.9 to 5.5 times the median. A spring that counts
// the rooms it holds together makes each part grow away from the bridge
// instead of along it.
//
// The weight is 1 at bridgeFrom rooms, so it grows from the plain spring;
// √m (16 springs at bridgeFrom) spread caves at 3,000 rooms (NOTES.md).
// Only bridges with at least bridgeFrom rooms on each side are weighed,
// and the weights are refreshed each time the level has grown by
// weighGrowth: levels that never reach 2·bridgeFrom rooms (every bundled
// ruleset at its own size) are drawn as before, to the bit.
const (
	bridgeFrom  = 256
	weighGrowth = 1.25
)

// bridgeWeights maps a bridge's ends (lower id first) to its spring's
// weight; heavy marks the vertices with a weighed bridge, so that the
// springs of the others skip the map.
type bridgeWeights struct {
	w     map[[2]int]float64
	heavy []bool
}

// of returns the weight of the spring between a and b: 1 unless it is a
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

// weighBridges refreshes the drawing's bridge weights once the graph has
// grown by weighGrowth since the last time, from 2·bridgeFrom vertices on.
func (c *Constructor) weighBridges(g *grammar.Graph) {
	n := g.Order()
	if n < max(c.nextWeigh, 2*bridgeFrom) {
		return
	}
	c.nextWeigh = int(math.Ceil(float64(n) * weighGrowth))
	b := &c.d.bridges
	if b.w == nil {
		b.w = map[[2]int]float64{}
	}
	clear(b.w)
	b.heavy = resize(b.heavy, n)
	clear(b.heavy)
	for _, s := range bridgeSides(g) {
		if s.small < bridgeFrom {
			continue
		}
		b.w[[2]int{s.a, s.b}] = math.Sqrt(float64(s.small) / bridgeFrom)
		b.heavy[s.a], b.heavy[s.b] = true, true
	}
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
