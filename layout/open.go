package layout

import (
	"fmt"
	"math"
	"os"

	"gonum.org/v1/gonum/spatial/r2"
)

// Opening crowded faces locally. When inflation stalls, the rooms that
// cannot grow sit in faces too small for them, and scaling the whole
// drawing to fit them stretches every other corridor by the same factor.
// Instead, as PRISM grows a layout only where nodes overlap (Gansner and
// Hu, "Efficient, proximity-preserving node overlap removal", JGAA 2010),
// each round takes the pairs that are near each other at full size (two
// rooms, or a room and a corridor not ending in it), asks those closer
// than they must be to move apart by up to openGrowCap of their distance,
// and every other near pair to come no closer, and satisfies those
// inequalities by projection (the position-based dynamics solve: each
// sweep pushes every violated pair apart along its own direction, and
// each vertex takes the mean of its pushes). Nothing pulls, so what is not
// pushed stays where it is: the crowded regions grow and push their
// surroundings only as far as they must. A round is taken only if the
// exact check finds the result valid at the rooms' current size, without
// crossings, and needing a smaller clearance scale than before (else half
// the step, and so on), so the drawing stays valid whatever the solve
// does.

const (
	// openGrowCap is the most a pair's distance is asked to grow in one
	// round (PRISM's s_max).
	openGrowCap = 1.2
	// openRounds caps the rounds of one opening; openSweeps the
	// projection sweeps of a round; openHalvings the halvings of a
	// round's step before it is given up.
	openRounds   = 60
	openSweeps   = 200
	openHalvings = 4
	// openEnough: a clearance scale this small is left to the scale
	// that ends inflation.
	openEnough = 1.02
)

// apart asks room u to be at least at from room a (b < 0) or from the
// corridor a–b.
type apart struct {
	u, a, b int32
	at      float64
}

// opening is the scratch of one openCrowded.
type opening struct {
	d     *drawing
	pairs []apart
	next  []r2.Vec
	cand  []r2.Vec
	push  []r2.Vec
	count []float64
	near  []float64
	// reach is the distance beyond the margin within which pairs are
	// found.
	reach float64
}

// openCrowded runs rounds of local opening on the drawing, whose rooms
// have full radii full and which must keep margin at full size to be
// valid, until nothing is crowded or a round fails to help. It reports
// whether any round was taken.
func (d *drawing) openCrowded(full []float64, margin float64) bool {
	s, ok := d.clearScale(d.Pos, full, margin)
	if !ok {
		return false
	}
	o := &opening{d: d}
	taken := false
	for range openRounds {
		if s <= openEnough || !o.constraints(full, margin) {
			break
		}
		if os.Getenv("FANSEQ") != "" {
			o.projectSeq()
		} else {
			o.project()
		}
		if dbg {
			for _, p := range o.pairs {
				if p.b >= 0 && (p.u == 13 && p.a == 5 && p.b == 7 || p.u == 5 && (p.a == 13 || p.b == 13) || p.u == 7 && (p.a == 13 || p.b == 13)) {
					fmt.Fprintf(os.Stderr, "pair %v before %.2f after %.2f\n", p, pointSegmentDist(d.Pos[p.u], d.Pos[p.a], d.Pos[p.b]), pointSegmentDist(o.next[p.u], o.next[p.a], o.next[p.b]))
				}
			}
			fmt.Fprintf(os.Stderr, "pos 5 %v->%v 7 %v->%v 13 %v->%v reach %.1f\n", d.Pos[5], o.next[5], d.Pos[7], o.next[7], d.Pos[13], o.next[13], o.reach)
		}
		s2, ok := o.take(full, margin, s)
		if dbg {
			fmt.Fprintf(os.Stderr, "open s=%.3f -> %.3f ok=%v pairs=%d\n", s, s2, ok, len(o.pairs))
		}
		if !ok {
			break
		}
		s, taken = s2, true
	}
	return taken
}

var dbg = os.Getenv("FANDBG") != ""

// constraints fills o.pairs with every two rooms, and every room and
// corridor not ending in it, within a room radius of being closer than
// margin at full size: those closer than that are asked to part by up to
// openGrowCap of their distance, the rest to keep it. It reports whether
// any pair is too close.
func (o *opening) constraints(full []float64, margin float64) bool {
	d := o.d
	o.pairs = o.pairs[:0]
	reach := 0.0
	for _, r := range full {
		reach = max(reach, r)
	}
	o.reach = reach
	crowded := false
	add := func(u, a, b int, need, have float64) {
		if have == 0 {
			return
		}
		at := have
		if need > have {
			crowded = true
			at = min(need, float64(openGrowCap*have))
		}
		o.pairs = append(o.pairs, apart{u: int32(u), a: int32(a), b: int32(b), at: at})
	}
	for _, c := range d.marginConflicts(d.Pos, full, float64(margin+reach)) {
		switch c.Kind {
		case RoomRoom:
			add(c.Room, c.Room2, -1, float64(full[c.Room]+full[c.Room2])+margin, dist(d.Pos[c.Room], d.Pos[c.Room2]))
		case RoomCorridor:
			add(c.Room, c.Corridor.A, c.Corridor.B, full[c.Room]+margin,
				pointSegmentDist(d.Pos[c.Room], d.Pos[c.Corridor.A], d.Pos[c.Corridor.B]))
		}
	}
	// Two rooms joined by a corridor must not overlap either.
	for v := range d.Pos {
		for _, h := range d.g.Neighbors(v) {
			if h.To > v && !h.Cosmetic {
				add(v, h.To, -1, float64(full[v]+full[h.To])+margin, dist(d.Pos[v], d.Pos[h.To]))
			}
		}
	}
	return crowded
}

// project satisfies o.pairs from the current positions by Jacobi sweeps
// of projection: each violated pair is pushed apart along its direction
// by what it lacks (a corridor's ends in proportion to how near each is
// to the nearest point, as a rigid segment would move), and each vertex
// moves by the mean of its pushes. The result is in o.next.
func (o *opening) project() {
	d := o.d
	n := len(d.Pos)
	o.next = append(o.next[:0], d.Pos...)
	o.push = resize(o.push, n)
	o.count = resize(o.count, n)
	o.near = resize(o.near, n)
	for range openSweeps {
		for v := range o.push {
			o.push[v], o.count[v], o.near[v] = r2.Vec{}, 0, math.Inf(1)
		}
		violated := false
		for _, p := range o.pairs {
			pu := o.next[p.u]
			if p.b < 0 {
				ua := r2.Sub(pu, o.next[p.a])
				l := norm(ua)
				o.near[p.u], o.near[p.a] = min(o.near[p.u], l), min(o.near[p.a], l)
				if l == 0 || l >= p.at {
					continue
				}
				violated = true
				c := scale(float64(p.at-l)/float64(2*l), ua)
				o.push[p.u] = r2.Add(o.push[p.u], c)
				o.push[p.a] = r2.Sub(o.push[p.a], c)
				o.count[p.u]++
				o.count[p.a]++
				continue
			}
			t, ab, _ := project(pu, o.next[p.a], o.next[p.b])
			uq := r2.Sub(pu, axpy(t, ab, o.next[p.a]))
			l := norm(uq)
			o.near[p.u], o.near[p.a], o.near[p.b] = min(o.near[p.u], l), min(o.near[p.a], l), min(o.near[p.b], l)
			if l == 0 || l >= p.at {
				continue
			}
			violated = true
			// The gradient of the distance is uq/l at u, −(1−t)·uq/l and
			// −t·uq/l at the ends: the projection's step along it.
			k := float64(1 - t)
			lam := float64(p.at-l) / float64(1+float64(k*k)+float64(t*t))
			dir := scale(1/l, uq)
			o.push[p.u] = axpy(lam, dir, o.push[p.u])
			o.push[p.a] = axpy(-float64(lam*k), dir, o.push[p.a])
			o.push[p.b] = axpy(-float64(lam*t), dir, o.push[p.b])
			o.count[p.u]++
			o.count[p.a]++
			o.count[p.b]++
		}
		if !violated {
			return
		}
		// Each vertex moves at most a quarter of its distance to the
		// nearest thing it is paired with, so no pair closes by more than
		// half its distance in a sweep: nothing passes through what it is
		// near.
		for v, c := range o.count {
			if c == 0 {
				continue
			}
			m := scale(1/c, o.push[v])
			if l, most := norm(m), float64(o.near[v]/4); l > most {
				m = scale(most/l, m)
			}
			p := r2.Add(o.next[v], m)
			// Nor does it go more than half the reach within which
			// pairs were found from where it started.
			if off := r2.Sub(p, d.Pos[v]); norm(off) > o.reach/2 {
				p = axpy(float64(o.reach/2)/norm(off), off, d.Pos[v])
			}
			o.next[v] = p
		}
	}
	if dbg {
		fmt.Fprintf(os.Stderr, "project: did not converge\n")
	}
}

// take moves the drawing toward o.next, by the whole step or a half, a
// quarter and so on, if the result is valid with the rooms at their
// current size, has no crossing, and needs a clearance scale smaller than
// s; it returns that scale and whether it moved.
func (o *opening) take(full []float64, margin, s float64) (float64, bool) {
	d := o.d
	o.cand = resize(o.cand, len(d.Pos))
	lambda := 1.0
	for range openHalvings + 1 {
		for v, p := range d.Pos {
			o.cand[v] = axpy(lambda, r2.Sub(o.next[v], p), p)
		}
		s2, ok := d.clearScale(o.cand, full, margin)
		if dbg {
			fmt.Fprintf(os.Stderr, "  lambda=%.3f s2=%.3f ok=%v g=%.4f/%.4f\n", lambda, s2, ok, d.maxGrowth(o.cand, full), d.grow)
		}
		if dbg && !ok {
			for _, c := range d.marginConflicts(o.cand, full, margin) {
				if c.Kind == CorridorCorridor {
					fmt.Fprintf(os.Stderr, "   cross %v\n", c)
				}
			}
		}
		if ok && s2 < s && d.maxGrowth(o.cand, full) >= 0 {
			copy(d.Pos, o.cand)
			return s2, true
		}
		lambda /= 2
	}
	return s, false
}

// projectSeq is project with Gauss–Seidel sweeps: each violated pair is
// pushed apart at once, in order.
func (o *opening) projectSeq() {
	d := o.d
	o.next = append(o.next[:0], d.Pos...)
	move := func(v int32, m r2.Vec) {
		p := r2.Add(o.next[v], m)
		if off := r2.Sub(p, d.Pos[v]); norm(off) > o.reach/2 {
			p = axpy(float64(o.reach/2)/norm(off), off, d.Pos[v])
		}
		o.next[v] = p
	}
	for range openSweeps {
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
				move(p.u, c)
				move(p.a, scale(-1, c))
				continue
			}
			t, ab, _ := project(pu, o.next[p.a], o.next[p.b])
			uq := r2.Sub(pu, axpy(t, ab, o.next[p.a]))
			l := norm(uq)
			if l == 0 || l >= float64(p.at*0.999) {
				continue
			}
			violated = true
			k := float64(1 - t)
			lam := min(float64(p.at-l)/float64(1+float64(k*k)+float64(t*t)), l/4)
			dir := scale(1/l, uq)
			move(p.u, scale(lam, dir))
			move(p.a, scale(-float64(lam*k), dir))
			move(p.b, scale(-float64(lam*t), dir))
		}
		if !violated {
			return
		}
	}
	if dbg {
		fmt.Fprintf(os.Stderr, "projectSeq: did not converge\n")
	}
}
