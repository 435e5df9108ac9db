package geom

import "gonum.org/v1/gonum/spatial/r2"

// Intersection classifies how two closed segments meet.
type Intersection int

const (
	// Disjoint segments share no point.
	Disjoint Intersection = iota
	// Cross: the segments share exactly one point, interior to both.
	Cross
	// Touch: the segments share exactly one point, an endpoint of at least
	// one of them (an endpoint on the other segment, or a shared endpoint).
	Touch
	// Overlap: the segments are collinear and share a piece of positive
	// length.
	Overlap
)

func (i Intersection) String() string {
	switch i {
	case Disjoint:
		return "disjoint"
	case Cross:
		return "cross"
	case Touch:
		return "touch"
	case Overlap:
		return "overlap"
	}
	return "Intersection(?)"
}

// SegmentsIntersect classifies how the closed segments ab and cd meet,
// exactly. A segment whose endpoints coincide is a point: it touches the
// other segment when it lies on it. Two coincident points touch. Non-finite
// coordinates give an unspecified but non-panicking answer.
func SegmentsIntersect(a, b, c, d r2.Vec) Intersection {
	ab, cd := a != b, c != d
	switch {
	case !ab && !cd:
		if a == c {
			return Touch
		}
		return Disjoint
	case !ab:
		if OnSegment(c, d, a) {
			return Touch
		}
		return Disjoint
	case !cd:
		if OnSegment(a, b, c) {
			return Touch
		}
		return Disjoint
	}
	o1, o2 := Orient(a, b, c), Orient(a, b, d)
	if o1 == 0 && o2 == 0 {
		return collinearOverlap(a, b, c, d)
	}
	if o1*o2 > 0 {
		return Disjoint
	}
	o3, o4 := Orient(c, d, a), Orient(c, d, b)
	if o3*o4 > 0 {
		return Disjoint
	}
	if o1 != 0 && o2 != 0 && o3 != 0 && o4 != 0 {
		return Cross
	}
	// One endpoint lies on the other segment's line and the signs say the
	// segments meet there: the line through the other segment cuts this
	// one's line at that endpoint only.
	return Touch
}

// OnSegment reports exactly whether p lies on the closed segment ab (the
// point a when a = b).
func OnSegment(a, b, p r2.Vec) bool {
	if Orient(a, b, p) != 0 {
		return false
	}
	return between(a.X, b.X, p.X) && between(a.Y, b.Y, p.Y)
}

func between(a, b, x float64) bool {
	if a > b {
		a, b = b, a
	}
	return a <= x && x <= b
}

// collinearOverlap classifies two non-degenerate segments on one line. The
// line is not vertical when a.X ≠ b.X, so projecting on x is then
// one-to-one; otherwise every point has the same x and y is used. The
// comparisons are of input coordinates, so they are exact.
func collinearOverlap(a, b, c, d r2.Vec) Intersection {
	var p0, p1, q0, q1 float64
	if a.X != b.X {
		p0, p1, q0, q1 = a.X, b.X, c.X, d.X
	} else {
		p0, p1, q0, q1 = a.Y, b.Y, c.Y, d.Y
	}
	if p0 > p1 {
		p0, p1 = p1, p0
	}
	if q0 > q1 {
		q0, q1 = q1, q0
	}
	lo, hi := max(p0, q0), min(p1, q1)
	switch {
	case lo < hi:
		return Overlap
	case lo == hi:
		return Touch
	}
	return Disjoint
}
