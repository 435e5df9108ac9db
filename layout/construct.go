package layout

import (
	"cmp"
	"context"
	"math"
	"slices"

	"gonum.org/v1/gonum/spatial/r2"

	"github.com/dungraph/dungraph/geom"
	"github.com/dungraph/dungraph/grammar"
	"github.com/dungraph/dungraph/params"
)

// Constructor redraws a graph while a grammar builds it: set its
// AfterRewrite as grammar.Options.AfterRewrite.
//
// After a rewrite it first relaxes the neighbourhood of the change (the
// vertices within Hops edges of a mapped or new vertex) with the rest of the
// graph held still; only if that does not converge does it relax the whole
// graph. Small graphs are always relaxed whole.
type Constructor struct {
	// Forces of the construction drawing ([layout]).
	Forces params.Forces
	// Context, if set, ends the drawing's phases and retractions once it
	// is done; the caller reads its error. A build that completes is the
	// same with or without it.
	Context context.Context
	// Hops is the radius, in edges, of the neighbourhood relaxed first.
	// Default 2.
	Hops int
	// Whole: graphs of at most this many vertices are always relaxed
	// whole. Default 64.
	Whole int

	// Plan, if set, puts each hanging room (a room joined to both ends of
	// a corridor) on the side of its corridor it names, when the build
	// hangs that room on that corridor (see Replan).
	Plan *NestPlan
	// NestLimit, if positive, is the most rooms the plan may need one
	// triangle to hold (NestPlan.Bound): MayHang refuses a hanging room
	// that would take the build past it. 0 means no limit.
	NestLimit int

	d     *drawing
	log   nestLog
	bound *nestBound
	stats ConstructStats
	seen  []uint32
	stamp uint32
	// start, placed and anchor are retract's scratch: the new vertices'
	// positions as placed, before the group shrink, and their anchors.
	start  []r2.Vec
	placed []r2.Vec
	anchor []int
	// groups, rots, rotStart, dirs, combos and chosen are
	// retractSectors' scratch.
	groups   []int
	rots     []rotation
	rotStart []int
	dirs     []angledDir
	combos   []sectorCombo
	chosen   []rotation
	// spots are where MayDraw found room for hanging rooms since the
	// last rewrite (every candidate of a step may be asked about before
	// one is drawn: Options.Exhaustive); cands, nearV and nearE are its
	// scratch.
	spots []hangSpot
	cands []r2.Vec
	nearV []int
	nearE [][2]int
	// rewriteSpots are where MayPlace found room for rewrites of several
	// rooms since the last rewrite, as spots are for hanging rooms.
	rewriteSpots []rewriteSpot
	// fill follows the loops the build closed, for MayFill.
	fill *loopFill
	// nextWeigh is the order at which weighBridges next finds the
	// bridges again for growth.
	nextWeigh int
}

// ConstructStats counts the construction drawing's work.
type ConstructStats struct {
	Rewrites     int
	LocalPhases  int
	GlobalPhases int
	Iterations   int
}

// Stats returns the work done so far.
func (c *Constructor) Stats() ConstructStats { return c.stats }

// AfterRewrite relaxes g after the rewrite s. Its signature fits
// grammar.Options.AfterRewrite.
func (c *Constructor) AfterRewrite(g *grammar.Graph, s *grammar.Step) error {
	hops, whole := c.Hops, c.Whole
	if hops <= 0 {
		hops = 2
	}
	if whole <= 0 {
		whole = 64
	}
	if c.d == nil {
		c.d = newDrawing(g, c.Forces)
		c.d.ctx = c.Context
	}
	d := c.d
	// The spots were found on the drawing before this rewrite: place
	// may use the one of this rewrite's hung room, and none is good
	// after it.
	defer func() { c.spots, c.rewriteSpots = c.spots[:0], c.rewriteSpots[:0] }()
	d.Sync()
	d.Touch(s.Match)
	c.weighBridges(g, s.Match)
	c.log.record(g, s)
	c.stats.Rewrites++
	if g.Order() <= whole {
		d.SetActive(nil)
		if d.f.CrossingFree && c.place(g, s) {
			d.SetActive(nil)
		}
		c.stats.Iterations += d.Run()
		c.stats.GlobalPhases++
		d.CommitAll()
		c.followLoops(g, s)
		return nil
	}
	seeds := make([]int, 0, len(s.Match)+len(s.Added))
	seeds = append(append(seeds, s.Match...), s.Added...)
	active := c.neighbourhood(g, seeds, hops)
	d.SetActive(active)
	if d.f.CrossingFree && c.place(g, s) {
		d.SetActive(active)
	}
	c.stats.Iterations += d.Run()
	c.stats.LocalPhases++
	d.Commit()
	if !d.Converged() {
		d.SetActive(nil)
		c.stats.Iterations += d.Run()
		c.stats.GlobalPhases++
		d.CommitAll()
	}
	// After the positions are committed: splice takes the rooms
	// outside a loop as relaxed, not as the rewrite's fit put them.
	c.followLoops(g, s)
	return nil
}

// Replan returns the sides of the hanging rooms that enclose the fewest
// rooms in one triangle, knowing the whole build (nestLog), the most rooms
// one triangle holds in the drawing as built (Enclosed), and whether the
// plan's bound is below that. A build drawn again with the plan as Plan
// makes the same rewrites only when no rule's match depends on where rooms
// lie (flips, crossings), so the caller compares the rebuild's Enclosed
// with drawn before keeping it. Call it after the build.
func (c *Constructor) Replan() (p *NestPlan, drawn int, better bool) {
	if c.d == nil {
		return nil, 0, false
	}
	if !c.log.hung() {
		return nil, 0, false
	}
	p = c.log.plan()
	drawn = c.Enclosed()
	return p, drawn, p.bound < drawn
}

// Enclosed returns the most rooms that one triangle of the build (a
// hanging room's, or one a rewrite closed) holds in the drawing.
func (c *Constructor) Enclosed() int {
	if c.d == nil {
		return 0
	}
	return c.log.drawnEnclosed(c.d.Pos)
}

// place keeps a rewrite's new vertices from crossing the drawing: it
// puts them on the side of their anchors with more room (chooseSide),
// then retracts them; a hanging room that still crosses goes where
// MayDraw found room for it, and several new rooms of the rewrite
// (its rule and match) that still cross where MayPlace found room for them. It
// reports whether it moved anything.
func (c *Constructor) place(g *grammar.Graph, s *grammar.Step) bool {
	mirrored := c.chooseSide(g, s.Added)
	retracted := c.retract(g, s.Added)
	spot := c.toSpot(g, s.Added)
	return c.toRewriteSpot(g, s) || spot || retracted || mirrored
}

// neighbourhood returns the vertices within hops edges of seeds, in
// breadth-first order from the seeds.
func (c *Constructor) neighbourhood(g *grammar.Graph, seeds []int, hops int) []int {
	if len(c.seen) < g.Order() {
		c.seen = append(c.seen, make([]uint32, g.Order()-len(c.seen))...)
	}
	c.stamp++
	var out []int
	for _, v := range seeds {
		if c.seen[v] != c.stamp {
			c.seen[v] = c.stamp
			out = append(out, v)
		}
	}
	frontier := out
	for range hops {
		var next []int
		for _, v := range frontier {
			for _, h := range g.Neighbors(v) {
				if c.seen[h.To] != c.stamp {
					c.seen[h.To] = c.stamp
					next = append(next, h.To)
				}
			}
		}
		out = append(out, next...)
		frontier = next
	}
	return out
}

// retract keeps a rewrite from adding crossings. The similarity fit places a
// new vertex where the substitute's drawing says, which can be across a
// corridor of the host. For each new vertex, in order, whose corridors cross
// a local corridor or pass through a vertex (or that lies on a corridor), it
// pulls the vertex towards its anchor (a neighbour already in place) to
// within half the anchor's clearance: a corridor that short from a vertex of
// a crossing-free drawing meets nothing. The forces then push it out, with bounded moves.
// It reports whether it moved anything. Only the drawing's local vertices
// (set by SetActive) are checked.
func (c *Constructor) retract(g *grammar.Graph, added []int) bool {
	d := c.d
	isNew := func(v int) bool {
		for _, a := range added {
			if a == v {
				return true
			}
		}
		return false
	}
	moved := false
	c.start = c.start[:0]
	for _, n := range added {
		c.start = append(c.start, d.Pos[n])
	}
	for i, n := range added {
		if c.cancelled() {
			return moved
		}
		if !d.isLocal[n] || !c.crossesLocal(g, n, added[i+1:]) {
			continue
		}
		// The anchor is a neighbour already in place: an old vertex, or a
		// new one retracted before.
		anchor := -1
		for _, h := range g.Neighbors(n) {
			if !isNew(h.To) || slices.Contains(added[:i], h.To) {
				anchor = h.To
				break
			}
		}
		if anchor < 0 {
			continue
		}
		// Within half the anchor's clearance (its distance to the nearest
		// local corridor or vertex it is not part of) a corridor from the
		// anchor meets nothing.
		orig, pa := d.Pos[n], d.Pos[anchor]
		clr := c.clearance(g, anchor, n, added[i+1:])
		if l := dist(orig, pa); l > clr/2 {
			t := float64(clr/2) / l
			d.Pos[n] = r2.Vec{X: float64(pa.X + float64(t*float64(orig.X-pa.X))), Y: float64(pa.Y + float64(t*float64(orig.Y-pa.Y)))}
		}
		if c.crossesLocal(g, n, added[i+1:]) {
			d.Pos[n] = orig // n has other corridors in the way: leave it to the forces
			continue
		}
		moved = true
	}
	if c.retractGroup(g, added) {
		moved = true
	}
	return moved
}

// retractGroup is retract's fallback when a new vertex still has a
// corridor across the drawing: one with corridors to two placed vertices
// (a gallery's far end, a pillar's second room) cannot be pulled toward
// both. It shrinks the rewrite's new vertices together toward their
// anchors (each vertex's first old neighbour, or its new neighbour's
// anchor) by the largest factor 2⁻ᵏ that leaves none of them crossing:
// the substitute is drawn without crossings, so a small enough copy of
// it at its anchors crosses nothing. It reports whether it moved
// anything.
func (c *Constructor) retractGroup(g *grammar.Graph, added []int) bool {
	d := c.d
	// Once the context is done every candidate counts as crossing, so
	// that the search ends at once and puts the vertices back.
	crossing := func() bool {
		for _, n := range added {
			if c.cancelled() || d.isLocal[n] && c.crossesLocal(g, n, nil) {
				return true
			}
		}
		return false
	}
	if !crossing() {
		return false
	}
	// Anchors: an old neighbour, else a new neighbour's anchor.
	c.anchor = c.anchor[:0]
	for range added {
		c.anchor = append(c.anchor, -1)
	}
	for range added {
		for i, n := range added {
			if c.anchor[i] >= 0 {
				continue
			}
			for _, h := range g.Neighbors(n) {
				if j := slices.Index(added, h.To); j < 0 {
					c.anchor[i] = h.To
					break
				} else if c.anchor[j] >= 0 {
					c.anchor[i] = c.anchor[j]
					break
				}
			}
		}
	}
	c.placed = c.placed[:0]
	for _, n := range added {
		c.placed = append(c.placed, d.Pos[n])
	}
	t := 1.0
	for range groupHalvings {
		t /= 2
		for i, n := range added {
			if a := c.anchor[i]; a >= 0 && d.isLocal[n] {
				pa, o := d.Pos[a], c.start[i]
				d.Pos[n] = r2.Vec{X: float64(pa.X + float64(t*float64(o.X-pa.X))), Y: float64(pa.Y + float64(t*float64(o.Y-pa.Y)))}
			}
		}
		if !crossing() {
			return true
		}
	}
	if c.retractSectors(g, added, crossing) {
		return true
	}
	for i, n := range added {
		d.Pos[n] = c.placed[i]
	}
	return false
}

// retractSectors is retractGroup's last resort, for a rewrite whose new
// vertices leave an anchor in a direction its own corridors block. Shrunk
// toward its anchors, a rewrite meets only the anchors' corridors, so
// whether it crosses is then decided by angles alone: a pillar's first
// room, placed square to the stretch w–x–y as the pattern says, lies
// outside the sharp bend at x, while its second room, from y, lies inside
// it; the corridor between them crosses w–x at every scale (caves at
// 5,000 rooms, seed 1: 55 such rewrites over 11 attempts, 10 of them
// rejected for the crossings; with this, none and 1 attempt).
// So each anchor's group of new vertices (those retractGroup shrinks
// toward it) is rotated about the anchor so that its mean direction from
// the anchor bisects one of the free sectors between the anchor's
// corridors, and then shrunk as in retractGroup. Combinations of sectors
// are tried least rotation first, at most maxSectorTries of them. The
// test of each candidate is the exact crossing test, so nothing here can
// add a crossing; it reports whether it found a drawing without one.
func (c *Constructor) retractSectors(g *grammar.Graph, added []int, crossing func() bool) bool {
	d := c.d
	isNew := func(v int) bool { return slices.Contains(added, v) }
	// The distinct anchors, in order of first use, and for each the
	// rotations (cos, sin) that take its group's mean direction onto the
	// bisector of each free sector.
	c.groups = c.groups[:0]
	c.rots = c.rots[:0]
	c.rotStart = c.rotStart[:0]
	for i := range added {
		a := c.anchor[i]
		if a < 0 || slices.Contains(c.groups, a) {
			continue
		}
		c.groups = append(c.groups, a)
		c.rotStart = append(c.rotStart, len(c.rots))
		pa := d.Pos[a]
		// The group's mean direction from a, over its members joined to a
		// (they set the angles at a), else over all of them.
		var m r2.Vec
		for pass := 0; pass < 2 && m == (r2.Vec{}); pass++ {
			for j, n := range added {
				if c.anchor[j] != a || (pass == 0 && !g.HasEdge(n, a)) {
					continue
				}
				if u, ok := unit(r2.Sub(c.start[j], pa)); ok {
					m = r2.Add(m, u)
				}
			}
		}
		m, ok := unit(m)
		if !ok {
			continue
		}
		// a's corridors to placed vertices, by angle.
		c.dirs = c.dirs[:0]
		for _, h := range g.Neighbors(a) {
			if h.Cosmetic || isNew(h.To) {
				continue
			}
			if u, ok := unit(r2.Sub(d.Pos[h.To], pa)); ok {
				c.dirs = append(c.dirs, angledDir{u: u, angle: atan2(u.Y, u.X)})
			}
		}
		slices.SortStableFunc(c.dirs, func(x, y angledDir) int { return cmp.Compare(x.angle, y.angle) })
		for k := range c.dirs {
			p, q := c.dirs[k], c.dirs[(k+1)%len(c.dirs)]
			gap := q.angle - p.angle
			if k == len(c.dirs)-1 {
				gap += 2 * math.Pi // the sector across ±π (the whole circle for one corridor)
			}
			b := sectorBisector(p.u, q.u, gap)
			cos := float64(m.X*b.X) + float64(m.Y*b.Y)
			sin := float64(m.X*b.Y) - float64(m.Y*b.X)
			c.rots = append(c.rots, rotation{cos: cos, sin: sin})
		}
		slices.SortStableFunc(c.rots[c.rotStart[len(c.rotStart)-1]:], func(x, y rotation) int { return cmp.Compare(y.cos, x.cos) })
	}
	c.rotStart = append(c.rotStart, len(c.rots))
	// Every combination of one sector per anchor (mixed radix), the least
	// total rotation first.
	total := 1
	for k := range c.groups {
		if cnt := c.rotStart[k+1] - c.rotStart[k]; cnt > 0 {
			total *= cnt
		}
		if total > maxSectorCombos {
			total = maxSectorCombos
			break
		}
	}
	c.combos = c.combos[:0]
	for code := range total {
		cost, rest := 0.0, code
		for k := range c.groups {
			cnt := c.rotStart[k+1] - c.rotStart[k]
			if cnt == 0 {
				continue
			}
			cost += 1 - c.rots[c.rotStart[k]+rest%cnt].cos
			rest /= cnt
		}
		c.combos = append(c.combos, sectorCombo{code: code, cost: cost})
	}
	slices.SortStableFunc(c.combos, func(x, y sectorCombo) int { return cmp.Compare(x.cost, y.cost) })
	if len(c.combos) > maxSectorTries {
		c.combos = c.combos[:maxSectorTries]
	}
	for _, combo := range c.combos {
		// The chosen rotation of each group.
		c.chosen = c.chosen[:0]
		rest := combo.code
		for k := range c.groups {
			r := rotation{cos: 1}
			if cnt := c.rotStart[k+1] - c.rotStart[k]; cnt > 0 {
				r = c.rots[c.rotStart[k]+rest%cnt]
				rest /= cnt
			}
			c.chosen = append(c.chosen, r)
		}
		t := 1.0
		for range groupHalvings + 1 {
			for i, n := range added {
				a := c.anchor[i]
				k := slices.Index(c.groups, a)
				if k < 0 || !d.isLocal[n] {
					continue
				}
				r, pa, o := c.chosen[k], d.Pos[a], c.start[i]
				dx, dy := float64(o.X-pa.X), float64(o.Y-pa.Y)
				rx := float64(float64(r.cos*dx) - float64(r.sin*dy))
				ry := float64(float64(r.sin*dx) + float64(r.cos*dy))
				d.Pos[n] = r2.Vec{X: float64(pa.X + float64(t*rx)), Y: float64(pa.Y + float64(t*ry))}
			}
			if !crossing() {
				return true
			}
			t /= 2
		}
	}
	return false
}

// maxSectorCombos bounds the combinations of sectors retractSectors
// ranks, and maxSectorTries those it tries: a pillar has two anchors with
// two sectors each.
const (
	maxSectorCombos = 64
	maxSectorTries  = 16
)

// angledDir is a unit direction and its angle.
type angledDir struct {
	u     r2.Vec
	angle float64
}

// rotation is a rotation by the angle with this cosine and sine.
type rotation struct{ cos, sin float64 }

// sectorCombo is a combination of sectors (one digit per anchor, mixed
// radix) and its total rotation cost, Σ 1 − cos.
type sectorCombo struct {
	code int
	cost float64
}

// sectorBisector returns the unit vector halving the sector of angle gap
// that turns counter-clockwise from unit direction p to unit direction q.
func sectorBisector(p, q r2.Vec, gap float64) r2.Vec {
	s, ok := unit(r2.Add(p, q))
	switch {
	case !ok:
		return r2.Vec{X: -p.Y, Y: p.X} // opposite directions: p turned by 90°
	case gap > math.Pi:
		return r2.Vec{X: -s.X, Y: -s.Y}
	}
	return s
}

// unit returns v scaled to length 1, and false for the zero vector.
func unit(v r2.Vec) (r2.Vec, bool) {
	l := math.Sqrt(float64(v.X*v.X) + float64(v.Y*v.Y))
	if l == 0 || math.IsNaN(l) || math.IsInf(l, 0) {
		return r2.Vec{}, false
	}
	return r2.Vec{X: v.X / l, Y: v.Y / l}, true
}

// groupHalvings is how many times retractGroup halves a rewrite before it
// gives up: 2⁻³⁰ of an edge length is far below any clearance the
// construction drawing keeps.
const groupHalvings = 30

// cancelled reports whether the constructor's Context is
// done: the crossing checks of a rewrite of thousands of vertices take
// seconds, so retract looks at it between vertices.
func (c *Constructor) cancelled() bool {
	return c.Context != nil && c.Context.Err() != nil
}

// placeFloor is the least clearance a placed vertex keeps from a
// corridor it is not an end of, and a placed corridor from a vertex: the
// clearance below which the bounded moves let no pair close
// (approachFloor). A vertex nearer than that, even off the corridor by a
// rounding error, is as good as on it: corner.toml seed 5 retracted a new
// room along its anchor's own corridor to 10⁻¹³ units off it, the exact
// test saw no contact, and the next moves carried it across.
func placeFloor(d *drawing) float64 {
	return float64(approachFloor * d.keepDistance())
}

// vertexFloor is the floor crossesLocal holds a placed vertex n to:
// placeFloor, or roundingFloor of n's shortest corridor when that is
// less. What the floor is for is a vertex off a corridor by a rounding
// error, which is small against the lengths around it. A vertex
// retracted within half its anchor's clearance lies nearer to the
// anchor's other corridors than its own corridor is long, so in a
// crowded face, where that corridor is shorter than placeFloor, a floor
// at placeFloor alone refuses every retracted spot and the rewrite is
// left crossing: caves at 10,000 rooms failed on construction crossings
// on seeds 1, 5 and 7 so.
func vertexFloor(d *drawing, g *grammar.Graph, n int, skip func(int) bool) float64 {
	f := placeFloor(d)
	for _, e := range g.Neighbors(n) {
		if !e.Cosmetic && !skip(e.To) {
			f = min(f, float64(roundingFloor*dist(d.Pos[n], d.Pos[e.To])))
		}
	}
	return f
}

// roundingFloor is the distance, as a fraction of a placed corridor's
// length, within which vertexFloor counts a vertex as on a corridor:
// corner.toml seed 5 retracted a room to 10⁻¹³ units off its anchor's
// corridor, some 10⁻¹⁵ of its own corridor, far below it.
const roundingFloor = 0x1p-30

// crossesLocal reports whether a corridor of n crosses or touches a local
// corridor without a shared end, passes within vertexFloor of a local
// vertex, or n lies within it of a local corridor, even one that
// shares an end with a corridor of n (the two then overlap). Vertices in
// later (new vertices not yet retracted) and their corridors are ignored.
func (c *Constructor) crossesLocal(g *grammar.Graph, n int, later []int) bool {
	d := c.d
	skip := func(v int) bool {
		for _, l := range later {
			if l == v {
				return true
			}
		}
		return !d.isLocal[v]
	}
	pn := d.Pos[n]
	near := vertexFloor(d, g, n, skip)
	for _, a32 := range d.local {
		a := int(a32)
		if a == n || skip(a) {
			continue
		}
		if c.cancelled() {
			return true // the answer no longer matters: end soon
		}
		for _, h := range g.Neighbors(a) {
			b := h.To
			if b < a || h.Cosmetic || b == n || skip(b) {
				continue
			}
			pa, pb := d.Pos[a], d.Pos[b]
			if pointSegmentDist(pn, pa, pb) < near {
				return true
			}
			for _, e := range g.Neighbors(n) {
				w := e.To
				if e.Cosmetic || skip(w) || w == a || w == b {
					continue
				}
				if geom.SegmentsIntersect(pn, d.Pos[w], pa, pb) != geom.Disjoint {
					return true
				}
			}
		}
		// A corridor of n through vertex a.
		for _, e := range g.Neighbors(n) {
			if w := e.To; !e.Cosmetic && w != a && !skip(w) && pointSegmentDist(d.Pos[a], pn, d.Pos[w]) < near {
				return true
			}
		}
	}
	return false
}

// clearance returns the distance from vertex a to the nearest local vertex
// and the nearest local corridor that a is not an end of, ignoring n and the
// vertices in later (placed after n).
func (c *Constructor) clearance(g *grammar.Graph, a, n int, later []int) float64 {
	d := c.d
	skip := func(v int) bool { return v == n || slices.Contains(later, v) || !d.isLocal[v] }
	pa := d.Pos[a]
	clr := math.Inf(1)
	for _, u32 := range d.local {
		u := int(u32)
		if u == a || skip(u) {
			continue
		}
		clr = min(clr, dist(pa, d.Pos[u]))
		for _, h := range g.Neighbors(u) {
			w := h.To
			if w < u || h.Cosmetic || w == a || skip(w) {
				continue
			}
			clr = min(clr, pointSegmentDist(pa, d.Pos[u], d.Pos[w]))
		}
	}
	return clr
}
