package layout

import "gonum.org/v1/gonum/spatial/r2"

// The nest limit by the drawing. nestBound counts the rooms one triangle
// must hold by the model, whose sides the plan chooses after the build
// and a rebuild realises. That holds when the rebuild makes the same
// rewrites, and not when a rule's matches depend on where rooms lie: a
// pattern of a whole triangle x, y, z hangs its room on x–y away from z
// (flip elimination keeps the pattern's turn), so which side a room takes
// is the random match's, and a rebuild with other sides makes other
// rewrites. Such builds keep the sides they were drawn with, and their
// triangles hold what the drawing put in them (trifans seeds 1–30: the
// model with the drawn sides gives the drawn count on 24 of 30, the
// plan's bound 6 against a drawn median of 21).
//
// So MayHang also asks the drawing: a room hung on a–b goes into the face
// beside a–b on one side, inside every triangle of the build around that
// face, and each of those must hold fewer than NestLimit rooms before it.
// A side whose face passes that is closed; the room may be hung while
// one side is open, and place puts it on an open side (nestSide). Counts
// only grow and a face's triangles only gain rooms through it, so the
// drawn count stays within the limit wherever the sides go later.

// nestFaces caches the triangles of the build among its first n rooms
// and the rooms of those each holds in the drawing after rewrite at.
type nestFaces struct {
	valid   bool
	at, n   int
	corners [][3]int
	holds   []int
}

// faceCounts returns the triangles among the first n rooms and the rooms
// of those each holds, in the drawing as it was after rewrite at (the
// Constructor's count): the drawing before a rewrite is the one MayHang
// sees, and place sees it too, the old rooms not moved yet. They are
// counted once for both.
func (c *Constructor) faceCounts(at, n int) *nestFaces {
	f := &c.bound.faces
	if f.valid && f.at == at && f.n == n {
		return f
	}
	f.valid, f.at, f.n = true, at, n
	f.corners, f.holds = f.corners[:0], f.holds[:0]
	c.log.enclosures(c.d.Pos[:n], func(p, q, r int, inside []int32) {
		f.corners = append(f.corners, [3]int{p, q, r})
		f.holds = append(f.holds, len(inside))
	})
	return f
}

// sideLoad returns the most rooms a triangle around the face beside a–b
// holds, on the left of a→b (left set) or on its right: a point just off
// the middle of a–b on that side lies in the face, and every triangle
// holding it holds the face. f holds the counts.
func (c *Constructor) sideLoad(f *nestFaces, a, b int, left bool) int {
	pos := c.d.Pos
	pa, pb := pos[a], pos[b]
	ab := r2.Sub(pb, pa)
	perp := r2.Vec{X: -ab.Y, Y: ab.X}
	if !left {
		perp = scale(-1, perp)
	}
	p := axpy(1e-6, perp, midpoint(pa, pb))
	load := 0
	for i, t := range f.corners {
		if f.holds[i] > load && inTriangle(pos[t[0]], pos[t[1]], pos[t[2]], p) {
			load = f.holds[i]
		}
	}
	return load
}

// sideOpen reports whether a room hung on a–b on the given side keeps
// every triangle around it within the drawn limit.
func (c *Constructor) sideOpen(f *nestFaces, a, b int, left bool) bool {
	return c.sideLoad(f, a, b, left) < c.drawnLimit()
}

// mayHangDrawn reports whether one side of a–b is open (sideOpen).
func (c *Constructor) mayHangDrawn(a, b int) bool {
	if c.d == nil || a >= len(c.d.Pos) || b >= len(c.d.Pos) || c.d.Pos[a] == c.d.Pos[b] {
		return true
	}
	f := c.faceCounts(c.stats.Rewrites, len(c.d.Pos))
	return c.sideOpen(f, a, b, true) || c.sideOpen(f, a, b, false)
}

// nestSide puts a hanging room n on a–b on the open side when the side it
// was drawn on is closed and the other open (sideOpen), into the face
// beside a–b, where the counts put it. When both are closed, the build
// drew the step without asking MayHang (every candidate was refused): the
// room takes the side whose triangles hold fewer, and the drawn limit
// rises to what the fullest of those then holds, so that the steps after
// it are held there rather than not at all. It reports whether it moved
// the room, and whether it chose its side (so that no other rule mirrors
// it back).
func (c *Constructor) nestSide(added []int, a, b int) (moved, chose bool) {
	if c.NestLimit <= 0 || c.bound == nil || !c.log.pinned || len(added) != 1 {
		return false, false
	}
	n := added[0]
	d := c.d
	if c.log.hang[n] != [2]int{min(a, b), max(a, b)} || d.Pos[a] == d.Pos[b] {
		return false, false
	}
	left := orient(d.Pos[a], d.Pos[b], d.Pos[n]) > 0
	// AfterRewrite counted this rewrite already; the rooms before n
	// have not moved since.
	f := c.faceCounts(c.stats.Rewrites-1, n)
	here, there, limit := c.sideLoad(f, a, b, left), c.sideLoad(f, a, b, !left), c.drawnLimit()
	switch {
	case here < limit:
		return false, false
	case there >= limit:
		c.bound.raised = max(c.bound.raised, min(here, there)+1)
		if there >= here {
			return c.intoFace(n, a, b), true
		}
	}
	c.mirror(added, d.Pos[a], d.Pos[b])
	c.intoFace(n, a, b)
	return true, true
}

// drawnLimit is the most rooms a triangle of the drawing may hold: the
// NestLimit, or more once a step was drawn without it (nestSide).
func (c *Constructor) drawnLimit() int { return max(c.NestLimit, c.bound.raised) }

// intoFace halves a hanging room n's offset from the middle of its
// corridor a–b until its triangle holds no room: into the face beside
// a–b, not around what lies on its side.
func (c *Constructor) intoFace(n, a, b int) bool {
	d := c.d
	pa, pb := d.Pos[a], d.Pos[b]
	m := midpoint(pa, pb)
	moved := false
	for range groupHalvings {
		if !c.holdsRoom(pa, pb, d.Pos[n]) {
			break
		}
		d.Pos[n] = halfway(d.Pos[n], m)
		moved = true
	}
	return moved
}
