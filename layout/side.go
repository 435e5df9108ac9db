package layout

import (
	"slices"

	"gonum.org/v1/gonum/spatial/r2"

	"github.com/dungraph/dungraph/grammar"
)

// chooseSide puts a rewrite's new vertices on the side of their anchors
// with more room. A rewrite whose new vertices are joined to two placed
// vertices a and b only (a triangle fan's new room, a pillar, a bypass)
// has two mirror-image drawings, both true to the rule: the similarity
// fit of the match (a, b) and that of (b, a). The fit takes whichever
// the match drew, and when that side of a–b is an occupied face the new
// vertices are retracted deep into it, where nothing can grow: a fan that
// nests each new triangle in the last one ends with corridors from 0.005
// to 339 units for targets of 100, while the other side of a–b is often
// the open outer face. So when the drawn side crosses the drawing,
// chooseSide measures the room on each side, the clearance of the new
// vertices once shrunk toward the middle of a–b until they cross nothing
// (sideRoom), and mirrors them across the line a–b when the other side
// has more. It reports whether it moved anything.
func (c *Constructor) chooseSide(g *grammar.Graph, added []int) bool {
	d := c.d
	a, b, ok := twoAnchors(g, added)
	if !ok {
		return false
	}
	if moved, planned := c.plannedSide(added, a, b); planned {
		return moved
	}
	if moved, chose := c.nestSide(added, a, b); chose {
		return moved
	}
	if !c.anyCrossing(g, added) {
		return false
	}
	pa, pb := d.Pos[a], d.Pos[b]
	if norm2(r2.Sub(pb, pa)) == 0 {
		return false // no line to mirror across
	}
	c.placed = c.placed[:0]
	for _, n := range added {
		c.placed = append(c.placed, d.Pos[n])
	}
	drawnK, drawn := c.sideRoom(g, added, pa, pb)
	for i, n := range added {
		d.Pos[n] = c.placed[i]
	}
	c.mirror(added, pa, pb)
	mirrored := make([]r2.Vec, 0, len(added))
	for _, n := range added {
		mirrored = append(mirrored, d.Pos[n])
	}
	if k, room := c.sideRoom(g, added, pa, pb); k < drawnK || k == drawnK && room > drawn {
		for i, n := range added {
			d.Pos[n] = mirrored[i]
		}
		return true
	}
	for i, n := range added {
		d.Pos[n] = c.placed[i]
	}
	return false
}

// twoAnchors returns the placed vertices joined to the new ones, when
// there are exactly two.
func twoAnchors(g *grammar.Graph, added []int) (int, int, bool) {
	a, b := -1, -1
	for _, n := range added {
		for _, h := range g.Neighbors(n) {
			switch v := h.To; {
			case slices.Contains(added, v), v == a, v == b:
			case a < 0:
				a = v
			case b < 0:
				b = v
			default:
				return 0, 0, false
			}
		}
	}
	return a, b, b >= 0
}

// anyCrossing reports whether a local new vertex crosses the local drawing.
func (c *Constructor) anyCrossing(g *grammar.Graph, added []int) bool {
	for _, n := range added {
		if c.d.isLocal[n] && c.crossesLocal(g, n, nil) {
			return true
		}
	}
	return false
}

// sideRoom measures the room for the new vertices where they are: it
// shrinks their offsets from the middle of a–b by halves until none of
// them crosses the drawing, and returns how many halvings that took
// (groupHalvings when none helped) and the smallest clearance of a new
// vertex there. Fewer halvings mean more room. It leaves the vertices
// shrunk.
func (c *Constructor) sideRoom(g *grammar.Graph, added []int, pa, pb r2.Vec) (int, float64) {
	d := c.d
	m := midpoint(pa, pb)
	for k := range groupHalvings {
		if c.cancelled() {
			return groupHalvings, 0
		}
		if !c.anyCrossing(g, added) {
			room := 0.0
			for i, n := range added {
				r := c.clearance(g, n, -1, nil)
				if i == 0 || r < room {
					room = r
				}
			}
			return k, room
		}
		for _, n := range added {
			d.Pos[n] = halfway(d.Pos[n], m)
		}
	}
	return groupHalvings, 0
}

// plannedSide puts a hanging room on the side of its corridor a–b that
// the Plan names. It reports whether it moved the room, and whether the
// plan had a side for it.
func (c *Constructor) plannedSide(added []int, a, b int) (moved, planned bool) {
	p := c.Plan
	if p == nil || len(added) != 1 {
		return false, false
	}
	n := added[0]
	lo, hi := min(a, b), max(a, b)
	if n >= len(p.inner) || p.inner[n] == 0 || p.hang[n] != [2]int{lo, hi} || c.log.hang[n] != p.hang[n] {
		return false, false
	}
	d := c.d
	moved = false
	if c.log.inner(d.Pos, lo, hi, d.Pos[n]) != (p.inner[n] == 1) {
		c.mirror(added, d.Pos[a], d.Pos[b])
		moved = true
	}
	return c.intoFace(n, a, b) || moved, true
}

// holdsRoom reports whether a placed local vertex lies strictly inside
// the triangle p, q, r.
func (c *Constructor) holdsRoom(p, q, r r2.Vec) bool {
	for _, v := range c.d.local {
		if x := c.d.Pos[v]; x != p && x != q && x != r && inTriangle(p, q, r, x) {
			return true
		}
	}
	return false
}

// mirror reflects the new vertices across the line through pa and pb.
func (c *Constructor) mirror(added []int, pa, pb r2.Vec) {
	d := c.d
	ab := r2.Sub(pb, pa)
	l2 := norm2(ab)
	if l2 == 0 {
		return
	}
	for _, n := range added {
		p := d.Pos[n]
		foot := axpy(dot(r2.Sub(p, pa), ab)/l2, ab, pa)
		d.Pos[n] = r2.Sub(scale(2, foot), p)
	}
}

// midpoint returns the middle of a and b.
func midpoint(a, b r2.Vec) r2.Vec { return scale(0.5, r2.Add(a, b)) }

// halfway returns the point halfway from p to m.
func halfway(p, m r2.Vec) r2.Vec { return axpy(0.5, r2.Sub(p, m), m) }
