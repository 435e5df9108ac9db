package layout

import (
	"math"

	"gonum.org/v1/gonum/spatial/r2"
)

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

// nestFaces caches the triangles of the build among its first n rooms,
// the rooms of those each holds in the drawing after rewrite at, and the
// most each may hold (Constructor.triangleCap).
type nestFaces struct {
	valid   bool
	at, n   int
	corners [][3]int
	holds   []int
	caps    []int
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
	f.corners, f.holds, f.caps = f.corners[:0], f.holds[:0], f.caps[:0]
	c.log.enclosures(c.d.Pos[:n], func(p, q, r int, inside []int32) {
		t := [3]int{p, q, r}
		f.corners = append(f.corners, t)
		f.holds = append(f.holds, len(inside))
		f.caps = append(f.caps, c.triangleCap(t))
	})
	return f
}

// triangleCap is the most rooms the triangle t may hold: the NestLimit,
// or the count a step drawn past it left there (nestSide). The allowance
// is the triangle's own, so a forced step loosens only the triangles it
// entered, not the limit of every other.
func (c *Constructor) triangleCap(t [3]int) int {
	return max(c.NestLimit, c.bound.allow[t])
}

// faceRoom returns the least room left (cap less rooms held) of the
// triangles around the face beside a–b, on the left of a→b (left set) or
// on its right: a point just off the middle of a–b on that side lies in
// the face, and every triangle holding it holds the face. It also returns
// what a room put there would make the fullest of those it takes past its
// cap hold (0 when it takes none past), and appends their indices into f
// to around, when that is not nil. f holds the counts.
func (c *Constructor) faceRoom(f *nestFaces, a, b int, left bool, around *[]int) (room, over int) {
	pos := c.d.Pos
	pa, pb := pos[a], pos[b]
	ab := r2.Sub(pb, pa)
	perp := r2.Vec{X: -ab.Y, Y: ab.X}
	if !left {
		perp = scale(-1, perp)
	}
	p := axpy(1e-6, perp, midpoint(pa, pb))
	room = math.MaxInt
	for i, t := range f.corners {
		if inTriangle(pos[t[0]], pos[t[1]], pos[t[2]], p) {
			room = min(room, f.caps[i]-f.holds[i])
			if f.holds[i] >= f.caps[i] {
				over = max(over, f.holds[i]+1)
			}
			if around != nil {
				*around = append(*around, i)
			}
		}
	}
	return room, over
}

// sideTakes reports whether a room hung on a–b on the given side keeps
// every triangle around it within its cap, or, in a step MayHang was
// loosened for (LoosenHang), takes none past the count allowed there. It
// also returns what that side would take past its cap (faceRoom's over).
func (c *Constructor) sideTakes(f *nestFaces, a, b int, left bool) (bool, int) {
	room, over := c.faceRoom(f, a, b, left, nil)
	nb := c.bound
	return room > 0 || nb.looseAt == c.stats.Rewrites && over <= nb.loose, over
}

// mayHangDrawn reports whether one side of a–b takes the room
// (sideTakes). A candidate refused notes what its better side would take
// past its cap, for LoosenHang.
func (c *Constructor) mayHangDrawn(a, b int) bool {
	if c.d == nil || a >= len(c.d.Pos) || b >= len(c.d.Pos) || c.d.Pos[a] == c.d.Pos[b] {
		return true
	}
	f := c.faceCounts(c.stats.Rewrites, len(c.d.Pos))
	okL, overL := c.sideTakes(f, a, b, true)
	if okL {
		return true
	}
	okR, overR := c.sideTakes(f, a, b, false)
	if okR {
		return true
	}
	nb := c.bound
	if nb.leastAt != c.stats.Rewrites || nb.least == 0 {
		nb.leastAt, nb.least = c.stats.Rewrites, math.MaxInt
	}
	nb.least = min(nb.least, overL, overR)
	return false
}

// LoosenHang lets MayHang, for the rest of the current step, take the
// candidates whose better side takes its triangles past their caps by the
// least any candidate refused in this step would (the fullest of those
// triangles then holds one more than the least such count), and reports
// whether it did: only where the drawing counts (a build whose matches pin
// the sides, nestside.go) and it refused something. So a step that must
// pass the limit passes it where it costs least, rather than where a
// candidate drawn at random puts its room, and its room goes where that
// count was found (nestSide). Its signature fits
// grammar.Options.LoosenHang.
func (c *Constructor) LoosenHang() bool {
	nb := c.bound
	if c.NestLimit <= 0 || nb == nil || !c.log.pinned || nb.leastAt != c.stats.Rewrites || nb.least == 0 || nb.least == math.MaxInt {
		return false
	}
	nb.looseAt, nb.loose, nb.least = c.stats.Rewrites, nb.least, 0
	return true
}

// nestSide puts a hanging room n on a–b on the open side when the side it
// was drawn on is closed and the other open (sideOpen), into the face
// beside a–b, where the counts put it. When both are closed, the build
// drew the step without asking MayHang (every candidate was refused): the
// room takes the side with more room left, and each triangle it enters
// that is then past its cap takes its new count as its cap, so that the
// steps after it hold that triangle there and every other triangle at
// the NestLimit. It reports whether it moved the room, and whether it
// chose its side (so that no other rule mirrors it back).
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
	here, hereOver := c.faceRoom(f, a, b, left, nil)
	there, thereOver := c.faceRoom(f, a, b, !left, nil)
	switch {
	case here > 0:
		return false, false
	case there <= 0:
		c.bound.forced++
		mirrored := thereOver < hereOver
		if mirrored {
			c.mirror(added, d.Pos[a], d.Pos[b])
			left = !left
		}
		c.allowOver(f, a, b, left)
		return c.intoFace(n, a, b) || mirrored, true
	}
	c.mirror(added, d.Pos[a], d.Pos[b])
	c.intoFace(n, a, b)
	return true, true
}

// allowOver raises the cap of each triangle around the face beside a–b
// on the given side that a room put there takes past its cap: to what it
// then holds.
func (c *Constructor) allowOver(f *nestFaces, a, b int, left bool) {
	if c.bound.allow == nil {
		c.bound.allow = map[[3]int]int{}
	}
	var around []int
	c.faceRoom(f, a, b, left, &around)
	for _, i := range around {
		if f.holds[i]+1 > f.caps[i] {
			f.caps[i] = f.holds[i] + 1
			c.bound.allow[f.corners[i]] = f.caps[i]
			c.bound.raised = max(c.bound.raised, f.caps[i])
		}
	}
}

// drawnLimit is the most rooms a triangle of the drawing may hold: the
// NestLimit, or the largest cap a step drawn past it gave a triangle
// (nestSide).
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
