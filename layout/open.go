package layout

import (
	"gonum.org/v1/gonum/spatial/r2"
)

// Opening crowded faces locally. When inflation stalls, the rooms that
// cannot grow sit in faces too small for them, and scaling the whole
// drawing to fit them stretches every other corridor by the same factor.
// Instead, as PRISM grows a layout only where nodes overlap (Gansner and
// Hu, "Efficient, proximity-preserving node overlap removal", JGAA 2010),
// each round of an opening takes the pairs that are near each other at
// full size (two rooms, or a room and a corridor not ending in it), asks
// those closer than they must be to part by up to openGrowCap of their
// distance, and every other near pair to come no closer, and satisfies
// those inequalities by projection (position-based dynamics: sweeps that
// push each violated pair apart along its own direction, in order).
// Nothing pulls, so what is not pushed stays where it is: a crowded region
// grows and pushes its surroundings only as far as it must. A round is
// taken only if the exact check finds the result without crossings, valid
// at some room size, and needing a smaller clearance scale than before
// (else half the step, and so on), so the drawing stays valid whatever the
// projection does.

const (
	// openGrowCap is the most a pair's distance is asked to grow in one
	// round (PRISM's s_max).
	openGrowCap = 1.2
	// openRounds caps the rounds of one opening; openSweeps the
	// projection sweeps of a round; openHalvings the halvings of a
	// round's step before it is given up.
	openRounds   = 60
	openSweeps   = 500
	openHalvings = 4
	// openEnough: a clearance scale this small is left to the scale
	// that ends inflation.
	openEnough = 1.02
	// openWork caps the pairs one opening may visit, per room: fans'
	// openings visit 30,000 to 65,000 per room (seeds 1–5), about five
	// times what the relax pass's 300 iterations visit; the cap keeps a
	// level of 10,000 crowded rooms from spending minutes here.
	openWork = 100_000
)

// apart asks room u to be at least at from room a (b < 0) or from the
// corridor a–b; side is the sign of the cross product of a→b and a→u
// when the pair was found.
type apart struct {
	u, a, b  int32
	at, side float64
}

// opening is the state of one openCrowded.
type opening struct {
	d     *drawing
	pairs []apart
	next  []r2.Vec
	cand  []r2.Vec
	// work is what is left of the pair visits allowed (openWork).
	work int
}

// openCrowded runs rounds of local opening on the drawing, whose rooms
// have full radii full and which must keep margin at full size to be
// valid, until it needs a clearance scale of at most openEnough or a
// round fails to help. It reports whether any round was taken; the
// rooms' current radii may then no longer fit (see maxGrowth).
func (d *drawing) openCrowded(full []float64, margin float64) bool {
	s, ok := d.clearScale(d.Pos, full, margin)
	if !ok {
		return false
	}
	o := &opening{d: d, work: openWork * len(d.Pos)}
	taken := false
	for range openRounds {
		if s <= openEnough || o.work <= 0 || !o.constraints(full, margin) {
			break
		}
		o.project()
		s2, ok := o.take(full, margin, s)
		if !ok {
			break
		}
		s, taken = s2, true
	}
	return taken
}

// constraints fills o.pairs with every two rooms, and every room and
// corridor not ending in it, within the largest room radius of being
// closer than margin at full size: those closer than margin are asked to
// part by up to openGrowCap of their distance, the rest to keep it, so
// that nothing near passes through anything. Two rooms joined by a
// corridor are paired only when they overlap (a corridor may shorten: its
// ends are not what it can cross). It reports whether any pair is too
// close.
func (o *opening) constraints(full []float64, margin float64) bool {
	d := o.d
	o.pairs = o.pairs[:0]
	reach := 0.0
	for _, r := range full {
		reach = max(reach, r)
	}
	crowded := false
	add := func(u, a, b int, need, have float64, keep bool) {
		if have == 0 || !keep && need <= have {
			return
		}
		at := have
		if need > have {
			crowded = true
			at = min(need, float64(openGrowCap*have))
		}
		side := 0.0
		if b >= 0 {
			side = cross(r2.Sub(d.Pos[b], d.Pos[a]), r2.Sub(d.Pos[u], d.Pos[a]))
		}
		o.pairs = append(o.pairs, apart{u: int32(u), a: int32(a), b: int32(b), at: at, side: side})
	}
	for _, c := range d.marginConflicts(d.Pos, full, float64(margin+reach)) {
		switch c.Kind {
		case RoomRoom:
			if h, ok := d.g.Edge(c.Room, c.Room2); ok && !h.Cosmetic {
				continue // paired below, only if they overlap
			}
			add(c.Room, c.Room2, -1, float64(full[c.Room]+full[c.Room2])+margin, dist(d.Pos[c.Room], d.Pos[c.Room2]), true)
		case RoomCorridor:
			add(c.Room, c.Corridor.A, c.Corridor.B, full[c.Room]+margin,
				pointSegmentDist(d.Pos[c.Room], d.Pos[c.Corridor.A], d.Pos[c.Corridor.B]), true)
		}
	}
	for v := range d.Pos {
		for _, h := range d.g.Neighbors(v) {
			if h.To > v && !h.Cosmetic {
				add(v, h.To, -1, float64(full[v]+full[h.To])+margin, dist(d.Pos[v], d.Pos[h.To]), false)
			}
		}
	}
	return crowded
}

// project satisfies o.pairs from the current positions by Gauss–Seidel
// sweeps of projection, up to openSweeps and while o.work lasts, into
// o.next. A violated pair is
// pushed apart along its direction by what it lacks: two rooms by half
// each; a room and a corridor along the gradient of their distance (the
// room one way, the corridor's ends the other in proportion to how near
// each is to the nearest point, as a rigid segment would move). One push
// moves nothing by more than a quarter of the pair's distance, so a pair
// cannot pass through itself in a push; a room that other pushes carried
// across a corridor it was paired with is pushed back to its side.
func (o *opening) project() {
	d := o.d
	o.next = append(o.next[:0], d.Pos...)
	for range openSweeps {
		if o.work <= 0 {
			return
		}
		o.work -= len(o.pairs)
		violated := false
		for _, p := range o.pairs {
			pu := o.next[p.u]
			if p.b < 0 {
				ua := r2.Sub(pu, o.next[p.a])
				l := norm(ua)
				if l == 0 || l >= float64(p.at*0.999) {
					continue
				}
				violated = true
				c := scale(min(float64(p.at-l)/2, l/4)/l, ua)
				o.next[p.u] = r2.Add(o.next[p.u], c)
				o.next[p.a] = r2.Sub(o.next[p.a], c)
				continue
			}
			pa := o.next[p.a]
			t, ab, ap := project(pu, pa, o.next[p.b])
			uq := r2.Sub(pu, axpy(t, ab, pa))
			l := norm(uq)
			if l == 0 {
				continue
			}
			dir := scale(1/l, uq)
			k := float64(1 - t)
			den := float64(1 + float64(k*k) + float64(t*t))
			var lam float64
			switch {
			case t > 0 && t < 1 && float64(cross(ab, ap)*p.side) < 0:
				dir, lam = scale(-1, dir), float64(p.at+l)/den
			case l >= float64(p.at*0.999):
				continue
			default:
				lam = min(float64(p.at-l)/den, l/4)
			}
			violated = true
			o.next[p.u] = axpy(lam, dir, o.next[p.u])
			o.next[p.a] = axpy(-float64(lam*k), dir, o.next[p.a])
			o.next[p.b] = axpy(-float64(lam*t), dir, o.next[p.b])
		}
		if !violated {
			return
		}
	}
}

// take moves the drawing toward o.next, by the whole step or a half, a
// quarter and so on, if the result has no crossing, is valid at some room
// size, and needs a clearance scale smaller than s; it returns that scale
// and whether it moved.
func (o *opening) take(full []float64, margin, s float64) (float64, bool) {
	d := o.d
	o.cand = resize(o.cand, len(d.Pos))
	lambda := 1.0
	for range openHalvings + 1 {
		for v, p := range d.Pos {
			o.cand[v] = axpy(lambda, r2.Sub(o.next[v], p), p)
		}
		if s2, ok := d.clearScale(o.cand, full, margin); ok && s2 < s && d.maxGrowth(o.cand, full) >= 0 {
			copy(d.Pos, o.cand)
			return s2, true
		}
		lambda /= 2
	}
	return s, false
}

// cross returns the z component of a × b.
func cross(a, b r2.Vec) float64 { return float64(a.X*b.Y) - float64(a.Y*b.X) }
