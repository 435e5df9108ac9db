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
// the rewrite is allowed when μ + 2σ of the rooms still to come is within
// the limit. The rooms still to come are MaxVertices − n, or fewer when the
// iterations left (MaxIterations less those made and this one) times the
// most rooms one rewrite adds are fewer. Only the graph is read: the same
// build draws the same matches whatever the drawing. No path of corridors
// from a to z (the host split apart, or joined by cosmetic edges only):
// the room closes no loop and is allowed.
func (b *builder) wrapOK(a, z int) bool {
	if b.opts.WrapLimit <= 0 || b.g.HasEdge(a, z) {
		return true
	}
	n := b.g.Order() + 1
	rest := min(b.opts.MaxVertices-n, (b.opts.MaxIterations-b.total-1)*b.maxNew)
	if rest <= 0 {
		return true
	}
	h, ok := b.hops(a, z)
	if !ok {
		return true
	}
	c := min(h+2, n)
	mu := float64(c) / float64(n)
	sigma := math.Sqrt(float64(mu*(1-mu)) / float64(n+1))
	return float64(float64(mu+float64(2*sigma))*float64(rest)) <= float64(b.opts.WrapLimit)
}

// hops returns the corridors on a shortest path from a to z (cosmetic
// edges left out), and false when there is none. Its scratch distances
// are all -1 between calls: only the vertices it reached are reset.
func (b *builder) hops(a, z int) (int, bool) {
	n := b.g.Order()
	for len(b.hopDist) < n {
		b.hopDist = append(b.hopDist, -1)
	}
	dist := b.hopDist
	dist[a] = 0
	queue := append(b.hopQueue[:0], a)
	found := -1
	for i := 0; i < len(queue) && found < 0; i++ {
		u := queue[i]
		if u == z {
			found = dist[u]
			break
		}
		for _, h := range b.g.Neighbors(u) {
			if !h.Cosmetic && dist[h.To] < 0 {
				dist[h.To] = dist[u] + 1
				queue = append(queue, h.To)
			}
		}
	}
	for _, u := range queue {
		dist[u] = -1
	}
	b.hopQueue = queue
	return found, found >= 0
}
