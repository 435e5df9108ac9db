package grammar

import "math"

// wrapOK reports whether the room a rewrite hangs on the mapped vertices
// a and b, not joined by a corridor, keeps the rooms its new cycle may
// come to enclose within Options.WrapLimit (always, when the limit is 0
// or a–b is a corridor: the nest limit, MayHang, is for those).
//
// The new room closes a cycle: itself and a shortest path of corridors
// from a to b. Rooms the build adds later grow from the rooms already
// there, and a room that grows from the cycle's rooms into the face the
// cycle bounds stays inside it, so the cycle's corridors must wrap
// whatever grows there (bypass.toml: a bypass hung while the level has 3
// or 4 rooms ends round 20 to 27 of its 31). Taken as a Pólya urn, the
// share of the rooms still to come that descends from the cycle's rooms
// has the mean μ = c/n of the cycle's c rooms among the n after the
// rewrite and the variance μ(1−μ)/(n+1) of the urn's Beta(c, n−c) limit;
// the rewrite is allowed when μ + 2σ of the MaxVertices − n rooms still to
// come is within the limit. Only the graph is read: the same build draws
// the same matches whatever the drawing.
func (b *builder) wrapOK(a, z int) bool {
	if b.opts.WrapLimit <= 0 || b.g.HasEdge(a, z) {
		return true
	}
	n := b.g.Order() + 1
	rest := b.opts.MaxVertices - n
	if rest <= 0 {
		return true
	}
	c := min(b.hops(a, z)+2, n)
	mu := float64(c) / float64(n)
	sigma := math.Sqrt(float64(mu*(1-mu)) / float64(n+1))
	return float64(float64(mu+float64(2*sigma))*float64(rest)) <= float64(b.opts.WrapLimit)
}

// hops returns the corridors on a shortest path from a to z (cosmetic
// edges left out), or the graph's order when there is none.
func (b *builder) hops(a, z int) int {
	n := b.g.Order()
	if cap(b.hopDist) < n {
		b.hopDist = make([]int, n)
	}
	dist := b.hopDist[:n]
	for i := range dist {
		dist[i] = -1
	}
	dist[a] = 0
	queue := append(b.hopQueue[:0], a)
	for i := 0; i < len(queue); i++ {
		u := queue[i]
		if u == z {
			b.hopQueue = queue
			return dist[u]
		}
		for _, h := range b.g.Neighbors(u) {
			if !h.Cosmetic && dist[h.To] < 0 {
				dist[h.To] = dist[u] + 1
				queue = append(queue, h.To)
			}
		}
	}
	b.hopQueue = queue
	return n
}
