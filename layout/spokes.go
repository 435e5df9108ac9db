package layout

import (
	"context"
	"math"
	"slices"

	"gonum.org/v1/gonum/spatial/r2"

	"github.com/dungraph/dungraph/geom"
	"github.com/dungraph/dungraph/grammar"
)

// Spokes: which room goes where around a crowded room.
//
// A room with many corridors has a ring around it that holds only so many
// rooms at their targets; the others are pushed out, and a room pushed out
// by a room's width on a corridor of length factor 0.5 counts twice in the
// visible lengths (Geometry). Which rooms are pushed out is decided by the
// circular order of the corridors, which the construction drawing fixes
// and the relax pass keeps (its moves never let a corridor cross another,
// so no spoke passes its neighbour): two short spokes side by side
// compete for the same stretch of the inner ring, and the loser sits a
// room's width beyond, wedged between them; a short spoke between two long
// ones has it alone, the long ones' rooms sitting beyond. The rooms of
// leaves (vertices of degree one) are interchangeable: giving two leaves
// of the same room each other's directions keeps every corridor on a ray
// some corridor already took, so no crossing appears. arrangeLeaves
// chooses the leaves' places before the relax pass.

// arrangeLeaves permutes, in pos, the leaves of every crowded room v of g,
// given the rooms and the corridor gap, and returns how many rooms it
// rearranged. A room is crowded when its neighbours' rooms, with every
// corridor at its target (corridorTarget), need more than a full turn
// around it (sepAngle summed around the ring). Every neighbour that is
// not a leaf keeps its place; the leaves (non-cosmetic vertices whose one
// corridor, not cosmetic, goes to v) share the leaves' directions, in the
// order a descent by pairwise swaps finds that ringYield judges least
// stretched, if that is better than the construction drawing's. A leaf keeps its new direction's length times
// its factor over the factor of the leaf that was there, so that a short
// spoke does not start where a long one was: shortened, its corridor is
// part of a segment that crossed nothing; lengthened, only if it crosses
// nothing (else it keeps the direction's length).
//
// A room with more than maxArrangedLeaves leaves keeps the construction
// drawing's order: a descent round costs leaves² evaluations of a ring
// whose cost is quadratic in its size (64 leaves took 2.1 s, 128 took
// 39 s), and the measurements that justify the arrangement have at most
// 12. The descent stops after twice as many rounds as the room has leaves, and
// the pass stops between rooms once ctx is done.
func arrangeLeaves(ctx context.Context, g *grammar.Graph, pos []r2.Vec, rooms []Room, gap float64) int {
	clear := relaxKeep(gap)
	changed := 0
	var a spokeRing
	var cg corridorGrid
	for v := range g.Order() {
		if ctx != nil && ctx.Err() != nil {
			break
		}
		if !a.build(g, pos, rooms, gap, v) || len(a.slots) > maxArrangedLeaves || a.needAngle(clear) <= 2*math.Pi {
			continue
		}
		if !a.improve(clear) {
			continue
		}
		a.place(g, pos, v, &cg)
		changed++
	}
	return changed
}

// maxArrangedLeaves is the most leaves a room may have for arrangeLeaves
// to reorder them.
const maxArrangedLeaves = 16

// spokeRing is one room's neighbours in circular order, with the angles
// between them and which of them are leaves.
type spokeRing struct {
	ring []spoke
	// gaps[i] is the wedge from ring[i] to the next.
	gaps []wedge
	// slots are the indices of the leaves in ring; orig the ring's
	// vertices in the construction drawing's order.
	slots, orig []int
	// places is scratch for the leaves' positions.
	places []r2.Vec
}

// spoke is one neighbour of a room: its vertex, direction and angle around
// the room, whether it is a leaf, its room's radius r, its corridor's
// target t and length factor f, and the distance d ringYield gives it.
type spoke struct {
	v       int
	angle   float64
	dir     r2.Vec
	leaf    bool
	r, t, f float64
	d       float64
	// w and h are the room's sides.
	w, h float64
}

// wedge is the angle from the spoke at one place to the next,
// counter-clockwise, with its sine and cosine; dir is the first place's
// direction and hubSlack how far the hub's disc reaches beyond its
// rectangle along it.
type wedge struct {
	angle, sin, cos float64
	dir             r2.Vec
	hubSlack        float64
}

// build fills the ring of v's neighbours. It reports false when there is
// nothing to arrange: fewer than two leaves, a cosmetic room, or a
// neighbour on v.
func (a *spokeRing) build(g *grammar.Graph, pos []r2.Vec, rooms []Room, gap float64, v int) bool {
	nb := g.Neighbors(v)
	if len(nb) < 3 || g.Vertex(v).Cosmetic {
		return false
	}
	a.ring, a.slots, a.orig, a.gaps = a.ring[:0], a.slots[:0], a.orig[:0], a.gaps[:0]
	for _, h := range nb {
		u := h.To
		d := r2.Sub(pos[u], pos[v])
		l := norm(d)
		if l == 0 {
			return false
		}
		a.ring = append(a.ring, spoke{
			v: u, angle: atan2(d.Y, d.X), dir: scale(1/l, d),
			leaf: len(g.Neighbors(u)) == 1 && !g.Vertex(u).Cosmetic && !h.Cosmetic,
			r:    rooms[u].Radius, f: lengthFactor(h.LengthFactor), w: rooms[u].W, h: rooms[u].H,
			t: corridorTarget(gap, rooms[v].Radius, rooms[u].Radius, h.LengthFactor),
		})
	}
	slices.SortFunc(a.ring, func(x, y spoke) int {
		switch {
		case x.angle < y.angle:
			return -1
		case x.angle > y.angle:
			return 1
		}
		return x.v - y.v
	})
	for i, s := range a.ring {
		a.orig = append(a.orig, s.v)
		if s.leaf {
			a.slots = append(a.slots, i)
		}
		n := a.ring[(i+1)%len(a.ring)]
		w := n.angle - s.angle
		if w <= 0 {
			w += 2 * math.Pi
		}
		sin := float64(s.dir.X*n.dir.Y) - float64(s.dir.Y*n.dir.X)
		hub := rooms[v]
		a.gaps = append(a.gaps, wedge{w, sin, dot(s.dir, n.dir), s.dir, float64(hub.Radius - exitAlong(hub.W, hub.H, hub.Radius, s.dir))})
	}
	return len(a.slots) >= 2
}

// needAngle returns the angle the ring's rooms need around their room
// with every corridor at its target.
func (a *spokeRing) needAngle(clear float64) float64 {
	var sum float64
	for i, s := range a.ring {
		s.d = s.t
		n := a.ring[(i+1)%len(a.ring)]
		n.d = n.t
		sum += sepAngle(s, n, clear)
	}
	return sum
}

// improve orders the leaves among their slots by ringYield, from the
// construction drawing's order, by the best pairwise swap while one
// helps. It reports whether the order found is better than the
// construction drawing's; the ring holds it either way. Trying every
// order instead (up to 7 leaves) cost 42 ms for a room of seven leaves
// against 0.3 ms, for as many hub levels within the limits over seeds
// 1–500 (15 misses either way; NOTES.md).
func (a *spokeRing) improve(clear float64) bool {
	before := ringYield(a.ring, a.gaps, clear)
	if before == 0 {
		return false
	}
	best := before
	for range 2 * len(a.slots) {
		bi, bj := -1, -1
		for x := range a.slots {
			for y := x + 1; y < len(a.slots); y++ {
				i, j := a.slots[x], a.slots[y]
				a.ring[i], a.ring[j] = a.ring[j], a.ring[i]
				if c := ringYield(a.ring, a.gaps, clear); c < best {
					best, bi, bj = c, i, j
				}
				a.ring[i], a.ring[j] = a.ring[j], a.ring[i]
			}
		}
		if bi < 0 {
			break
		}
		a.ring[bi], a.ring[bj] = a.ring[bj], a.ring[bi]
	}
	return best < float64(before*(1-1e-9))
}

// place moves the leaves of v's ring to their slots' directions (see
// arrangeLeaves).
func (a *spokeRing) place(g *grammar.Graph, pos []r2.Vec, v int, cg *corridorGrid) {
	a.places = a.places[:0]
	for _, i := range a.slots {
		a.places = append(a.places, r2.Sub(pos[a.orig[i]], pos[v]))
	}
	ratio := func(k int) float64 {
		i := a.slots[k]
		return a.ring[i].f / a.factorOf(a.orig[i])
	}
	for k, i := range a.slots {
		pos[a.ring[i].v] = axpy(min(1, ratio(k)), a.places[k], pos[v])
		cg.moved(pos, a.ring[i].v)
	}
	for k, i := range a.slots {
		if r := ratio(k); r > 1 {
			q := axpy(r, a.places[k], pos[v])
			if !cg.crosses(g, pos, v, q) {
				pos[a.ring[i].v] = q
				cg.moved(pos, a.ring[i].v)
			}
		}
	}
}

// factorOf returns the length factor of the spoke of vertex u.
func (a *spokeRing) factorOf(u int) float64 {
	for _, s := range a.ring {
		if s.v == u {
			return s.f
		}
	}
	return 1
}

// ringYield models how the relax pass settles a crowded ring whose
// corridors keep the angles gaps between them: every spoke starts at its
// target; where two neighbours do not fit in their wedge, the one with
// the softer spring (springWeight: the larger factor; between equal
// factors the one farther out, then the later) moves out until they fit,
// or the nearer one moves out when the farther one's corridor cannot pass
// it within the wedge. It returns the largest stretch this leaves, in
// visible length ÷ factor beyond the gap (the rectangles' slack inside
// the discs along each place's direction included), which is what the
// tail judges. The relax pass
// moves the wedges too, but a ring jammed room against room hardly turns.
func ringYield(ring []spoke, gaps []wedge, clear float64) float64 {
	n := len(ring)
	for i := range ring {
		ring[i].d = ring[i].t
	}
	for range 4 * n {
		moved := false
		for i := range ring {
			a, b, w := &ring[i], &ring[(i+1)%n], gaps[i]
			if sepAngle(*a, *b, clear) <= w.angle {
				continue
			}
			out, in := a, b
			if b.f > a.f || (b.f == a.f && b.d >= a.d) {
				out, in = b, a
			}
			// The farther corridor passes the nearer room at in.d·sin w.
			if need := float64(in.r+clear) / max(w.sin, 1e-9); in.d < need {
				in.d, moved = need, true
				continue
			}
			// |p_in − p_out| ≥ s at the wedge's angle (law of cosines).
			s := float64(in.r+out.r) + clear
			h := float64(s*s) - float64(float64(in.d*in.d)*float64(w.sin*w.sin))
			if want := float64(in.d*w.cos) + math.Sqrt(max(0, h)); want > out.d {
				out.d, moved = want, true
			}
		}
		if !moved {
			break
		}
	}
	// The visible length is the disc gap plus what each disc reaches
	// beyond its rectangle along the corridor: a thin room end-on adds
	// most of its radius.
	var worst float64
	for i, s := range ring {
		slack := float64(gaps[i].hubSlack + float64(s.r-exitAlong(s.w, s.h, s.r, gaps[i].dir)))
		worst = max(worst, float64(float64(s.d-s.t)+slack)/s.f)
	}
	return worst
}

// exitAlong returns the distance from the centre of a w × h rectangle of
// circumradius r at which the unit direction dir leaves it.
func exitAlong(w, h, r float64, dir r2.Vec) float64 {
	l := 2*r + 1
	return float64(rayExit(w/2, h/2, float64(dir.X*l), float64(dir.Y*l)) * l)
}

// sepAngle returns the least angle between two spokes at distances a.d
// and b.d such that their rooms (discs of radii a.r and b.r) are clear
// apart and the corridor of the farther one passes the nearer room clear
// of it. A room far enough beyond the other needs little angle: that is
// how a long spoke makes room for a short one beside it.
func sepAngle(a, b spoke, clear float64) float64 {
	s := float64(a.r+b.r) + clear
	// Law of cosines: |pa − pb|² = da² + db² − 2·da·db·cos θ ≥ s².
	c := float64(float64(float64(a.d*a.d)+float64(b.d*b.d))-float64(s*s)) / float64(2*float64(a.d*b.d))
	in := a
	if b.d < a.d {
		in = b
	}
	return max(acos(c), asin(float64(in.r+clear)/in.d))
}

// acos returns arccos of x clamped to [−1, 1], through atan2 (the same
// bits on every platform).
func acos(x float64) float64 {
	x = min(1, max(-1, x))
	return atan2(math.Sqrt(float64(1-float64(x*x))), x)
}

// asin returns arcsin of x clamped to [−1, 1], through atan2.
func asin(x float64) float64 {
	x = min(1, max(-1, x))
	return atan2(x, math.Sqrt(float64(1-float64(x*x))))
}

// crossesAny reports whether the segment from v's position to q meets a
// corridor of g (cosmetic ones included) that does not end in v, by
// testing every corridor: the reference for corridorGrid.crosses.
func crossesAny(g *grammar.Graph, pos []r2.Vec, v int, q r2.Vec) bool {
	for _, e := range g.Edges() {
		if e.A != v && e.B != v && geom.SegmentsIntersect(pos[v], q, pos[e.A], pos[e.B]) != geom.Disjoint {
			return true
		}
	}
	return false
}

// maxWalkCells is the most grid cells a corridor's walk may visit
// (segmentSpan) for it to be filed under them: a longer corridor is
// tested by every query.
const maxWalkCells = 64

// corridorGrid answers crossesAny for the leaves arrangeLeaves lengthens
// through a hashGrid of the corridors, each filed under the cells its
// segment passes through (addSegment), so that a query walks the cells of
// its own segment and tests the corridors filed there instead of every
// corridor of the level, and stops at the first it crosses. It is built
// at its first query, from the positions then; a leaf moved after that is
// filed again at its new segment (moved). A corridor stays filed where it
// was too, which costs a candidate, never an answer: every candidate is
// tested exactly on the current positions, once per query.
type corridorGrid struct {
	edges []grammar.Edge
	grid  hashGrid
	// long are the corridors whose walks cover more than maxWalkCells
	// cells; leafEdge[u] is the corridor of a vertex u of degree one.
	long     []int32
	leafEdge []int32
	// stamp[e] == query marks corridor e as tested by the current query.
	stamp []uint32
	query uint32
}

// crosses reports what crossesAny(g, pos, v, q) does.
func (c *corridorGrid) crosses(g *grammar.Graph, pos []r2.Vec, v int, q r2.Vec) bool {
	if c.edges == nil {
		c.build(g, pos)
	}
	c.query++
	if c.query == 0 {
		clear(c.stamp)
		c.query = 1
	}
	p := pos[v]
	// misses reports whether the segment p–q misses corridor e or e was
	// tested already by this query.
	misses := func(e int32) bool {
		if c.stamp[e] == c.query {
			return true
		}
		c.stamp[e] = c.query
		a, b := c.edges[e].A, c.edges[e].B
		return a == v || b == v || geom.SegmentsIntersect(p, q, pos[a], pos[b]) == geom.Disjoint
	}
	if cells, clamped := c.grid.segmentSpan(p, q); clamped || cells > int64(len(c.edges)) {
		// A segment longer than the level is wide: try every corridor.
		for e := range c.edges {
			if !misses(int32(e)) {
				return true
			}
		}
		return false
	}
	for _, e := range c.long {
		if !misses(e) {
			return true
		}
	}
	return !c.grid.onSegment(p, q, misses)
}

// build files every corridor of g at positions pos, in cells of the mean
// corridor length.
func (c *corridorGrid) build(g *grammar.Graph, pos []r2.Vec) {
	c.edges = g.Edges()
	c.stamp = make([]uint32, len(c.edges))
	c.leafEdge = make([]int32, len(pos))
	var sum float64
	for e, ed := range c.edges {
		sum += dist(pos[ed.A], pos[ed.B])
		c.leafEdge[ed.A], c.leafEdge[ed.B] = int32(e), int32(e)
	}
	size := 1.0
	if m := sum / float64(max(1, len(c.edges))); m > 0 {
		size = m
	}
	c.grid.reset(size)
	for e := range c.edges {
		c.file(pos, int32(e))
	}
}

// file files corridor e at its segment in pos, or in long.
func (c *corridorGrid) file(pos []r2.Vec, e int32) {
	a, b := pos[c.edges[e].A], pos[c.edges[e].B]
	if cells, clamped := c.grid.segmentSpan(a, b); clamped || cells > maxWalkCells {
		c.long = append(c.long, e)
		return
	}
	c.grid.addSegment(e, a, b)
}

// moved files the corridor of leaf u again at its position in pos, once
// the grid is built.
func (c *corridorGrid) moved(pos []r2.Vec, u int) {
	if c.edges != nil {
		c.file(pos, c.leafEdge[u])
	}
}
