package geom

import (
	"math"
	"math/big"

	"gonum.org/v1/gonum/spatial/r2"
)

// errBound bounds the relative error of the floating-point evaluation of a
// 2×2 determinant ax*by - ay*bx: each product is rounded once and the
// difference once more, so the computed value lies within
// (3ε + 16ε²)·(|ax·by| + |ay·bx|) of the exact one, ε = 2⁻⁵³ (Shewchuk's
// ccwerrboundA).
const errBound = (3.0 + 16.0*0x1p-53) * 0x1p-53

// CrossSign returns the sign of the cross product a × b = a.X·b.Y − a.Y·b.X,
// exactly: +1 when b is counter-clockwise from a (in a y-up frame), −1 when
// clockwise, 0 when they are parallel or either is zero. Non-finite inputs
// give 0.
func CrossSign(a, b r2.Vec) int {
	l := float64(a.X * b.Y)
	r := float64(a.Y * b.X)
	det := l - r
	bound := errBound * (math.Abs(l) + math.Abs(r))
	switch {
	case det > bound:
		return 1
	case -det > bound:
		return -1
	}
	if math.IsNaN(det) || math.IsInf(l, 0) || math.IsInf(r, 0) {
		return exactCrossSign(a, b)
	}
	if l == 0 && r == 0 {
		// Both products are exactly zero only if a factor is zero, or if
		// they underflowed; the exact path settles the second case.
		if (a.X == 0 || b.Y == 0) && (a.Y == 0 || b.X == 0) {
			return 0
		}
	}
	return exactCrossSign(a, b)
}

func exactCrossSign(a, b r2.Vec) int {
	for _, v := range []float64{a.X, a.Y, b.X, b.Y} {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return 0
		}
	}
	var l, r, t big.Rat
	l.SetFloat64(a.X)
	l.Mul(&l, t.SetFloat64(b.Y))
	r.SetFloat64(a.Y)
	r.Mul(&r, t.SetFloat64(b.X))
	return l.Cmp(&r)
}

// Orient returns the orientation of the triangle (p, q, r): +1 when r lies to
// the left of the directed line p→q (counter-clockwise in a y-up frame), −1
// when to the right, 0 when the three points are collinear.
//
// It is Shewchuk's orient2d filter: the determinant is computed from the
// rounded differences q−p and r−p, and its error bound covers that rounding
// as well as the products', unless the products are so small that they may
// have underflowed. When the filter cannot decide, exact products (checked
// with math.FMA, which rounds once by definition and so is the same
// everywhere) of exact differences decide in floating point; only what is
// left goes to rational arithmetic.
func Orient(p, q, r r2.Vec) int {
	ax, ay := float64(q.X-p.X), float64(q.Y-p.Y)
	bx, by := float64(r.X-p.X), float64(r.Y-p.Y)
	l := float64(ax * by)
	rr := float64(ay * bx)
	det := l - rr
	bound := errBound * (math.Abs(l) + math.Abs(rr))
	switch {
	case det > bound && bound > tiny:
		return 1
	case -det > bound && bound > tiny:
		return -1
	}
	if exactSub(q.X, p.X, ax) && exactSub(q.Y, p.Y, ay) && exactSub(r.X, p.X, bx) && exactSub(r.Y, p.Y, by) &&
		exactMul(ax, by, l) && exactMul(ay, bx, rr) {
		// Both products are exact, so the sign of their rounded difference
		// is the sign of the exact one.
		return sign(det)
	}
	return exactOrient(p, q, r)
}

// exactDiff reports whether d = a − b was computed without rounding, using
// the two-sum error term (Knuth): the error is zero exactly when the
// subtraction was exact.
func exactDiff(a, b, d float64) bool {
	if math.IsInf(d, 0) || math.IsNaN(d) {
		return false
	}
	bv := float64(a - d)
	av := float64(d + bv)
	br := float64(bv - b)
	ar := float64(a - av)
	return float64(ar+br) == 0
}

func exactOrient(p, q, r r2.Vec) int {
	for _, v := range []float64{p.X, p.Y, q.X, q.Y, r.X, r.Y} {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return 0
		}
	}
	rat := func(f float64) *big.Rat { return new(big.Rat).SetFloat64(f) }
	ax := new(big.Rat).Sub(rat(q.X), rat(p.X))
	ay := new(big.Rat).Sub(rat(q.Y), rat(p.Y))
	bx := new(big.Rat).Sub(rat(r.X), rat(p.X))
	by := new(big.Rat).Sub(rat(r.Y), rat(p.Y))
	l := new(big.Rat).Mul(ax, by)
	rr := new(big.Rat).Mul(ay, bx)
	return l.Cmp(rr)
}

// half reports which half-plane a direction lies in: 0 for angles in
// [0, π) (y > 0, or y = 0 and x > 0), 1 for [π, 2π). The zero vector is in
// half 0.
func half(v r2.Vec) int {
	if v.Y > 0 || (v.Y == 0 && v.X >= 0) {
		return 0
	}
	return 1
}

// AngleLess reports whether direction a comes strictly before direction b
// when directions are ordered by their angle from the positive x axis in
// [0, 2π), counter-clockwise in a y-up frame. It uses the half-plane and an
// exact cross-product sign, never atan2, so the order is the same on every
// platform. Parallel directions compare equal.
func AngleLess(a, b r2.Vec) bool {
	ha, hb := half(a), half(b)
	if ha != hb {
		return ha < hb
	}
	return CrossSign(a, b) > 0
}
