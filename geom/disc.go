package geom

import (
	"math"
	"math/big"

	"gonum.org/v1/gonum/spatial/r2"
)

// The filters below accept a floating-point sign only when the computed
// value is further from zero than a bound on its rounding error; otherwise
// they decide with exact rational arithmetic. The bounds are loose
// multiples of ε = 2⁻⁵³ times the sum of the magnitudes involved: being
// loose costs only a rare trip to the exact path. They do not hold when a
// product underflows, so tiny magnitudes go to the exact path too.
const (
	eps = 0x1p-53
	// discBound covers d² − s² formed as fl(fl(fl(dx²) + fl(dy²)) − fl(s²))
	// where dx, dy and s are each rounded once: a rounded operand squares to
	// within 2ε of the true square, the square itself rounds by ε, and the
	// sum and the difference add ε each, all relative to the sum of the
	// magnitudes; 5ε + O(ε²) rounded up.
	discBound = 8 * eps
	// lineBound covers C² − r²·|u|², where u and w are rounded differences
	// and C = ux·wy − uy·wx is off by at most Shewchuk's ccwerrboundA·A,
	// A = |ux·wy| + |uy·wx|, rounding of the differences included: C² is
	// then off by about 7ε·A², r²·|u|² by about 6ε of itself, and the
	// difference by ε more; 16ε leaves a margin.
	lineBound = 16 * eps
	// tiny is below any magnitude whose products could have underflowed
	// enough to break the relative bounds above.
	tiny = 0x1p-900
)

// DiscGap returns the sign of the gap between the closed discs (p, rp) and
// (q, rq), that is of |p − q| − (rp + rq), exactly: +1 when they are apart,
// 0 when they touch, −1 when they overlap. When rp + rq is negative the
// answer is +1 (a distance is never negative). Radius 0 makes a disc a
// point. Non-finite inputs give 0.
func DiscGap(p r2.Vec, rp float64, q r2.Vec, rq float64) int {
	dx, dy := float64(p.X-q.X), float64(p.Y-q.Y)
	s := float64(rp + rq)
	if s < 0 && finite(p.X, p.Y, q.X, q.Y, rp, rq) {
		// Rounding never changes the sign of a sum.
		return 1
	}
	if sign, ok := filterDist2(dx, dy, s); ok {
		return sign
	}
	if exactSub(p.X, q.X, dx) && exactSub(p.Y, q.Y, dy) && exactAdd(rp, rq, s) {
		if sign, ok := exactDist2(dx, dy, s); ok {
			return sign
		}
	}
	return exactDiscGap(p, rp, q, rq)
}

// exactDist2 returns the sign of dx² + dy² − s² when every step of its
// floating-point evaluation is exact.
func exactDist2(dx, dy, s float64) (int, bool) {
	xx, yy, ss := float64(dx*dx), float64(dy*dy), float64(s*s)
	sum := float64(xx + yy)
	d := float64(sum - ss)
	if exactMul(dx, dx, xx) && exactMul(dy, dy, yy) && exactMul(s, s, ss) && exactAdd(xx, yy, sum) && exactSub(sum, ss, d) {
		return sign(d), true
	}
	return 0, false
}

// filterDist2 returns the sign of dx² + dy² − s² when the floating-point
// evaluation decides it. dx, dy and s may themselves be rounded results of
// one subtraction or addition each.
func filterDist2(dx, dy, s float64) (int, bool) {
	xx, yy, ss := float64(dx*dx), float64(dy*dy), float64(s*s)
	d := float64(xx+yy) - ss
	mag := float64(xx+yy) + ss
	bound := discBound * mag
	return decide(d, bound, mag)
}

func finite(vs ...float64) bool {
	for _, v := range vs {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return false
		}
	}
	return true
}

// exactSub reports whether d = fl(a − b) is exact, exactAdd whether
// s = fl(a + b) is, and exactMul whether p = fl(a·b) is. When every step
// of a computation was exact its floating-point result is the exact value,
// which settles ties on integer-like inputs (touching rooms, tangent
// corridors) without big numbers. math.FMA rounds once by specification,
// on every platform.
func exactSub(a, b, d float64) bool { return exactDiff(a, b, d) }
func exactAdd(a, b, s float64) bool { return exactDiff(a, -b, s) }
func exactMul(a, b, p float64) bool {
	if p == 0 {
		return a == 0 || b == 0
	}
	// Below the tiny threshold the error term could underflow to zero.
	return math.Abs(p) > tiny && !math.IsInf(p, 0) && math.FMA(a, b, -p) == 0
}

func sign(f float64) int {
	switch {
	case f > 0:
		return 1
	case f < 0:
		return -1
	}
	return 0
}

func rat(f float64) *big.Rat { return new(big.Rat).SetFloat64(f) }

// sqLen returns x² + y².
func sqLen(x, y *big.Rat) *big.Rat {
	a := new(big.Rat).Mul(x, x)
	return a.Add(a, new(big.Rat).Mul(y, y))
}

func exactDiscGap(p r2.Vec, rp float64, q r2.Vec, rq float64) int {
	if !finite(p.X, p.Y, q.X, q.Y, rp, rq) {
		return 0
	}
	s := new(big.Rat).Add(rat(rp), rat(rq))
	if s.Sign() < 0 {
		return 1
	}
	dx := new(big.Rat).Sub(rat(p.X), rat(q.X))
	dy := new(big.Rat).Sub(rat(p.Y), rat(q.Y))
	return sqLen(dx, dy).Cmp(new(big.Rat).Mul(s, s))
}

// SegmentDiscGap returns the sign of the gap between the closed segment ab
// and the closed disc (c, r), that is of dist(c, ab) − r, exactly: +1 when
// they are apart, 0 when the segment is tangent to the disc or ends on its
// boundary, −1 when the segment enters the disc. A segment whose endpoints
// coincide is a point. A negative r gives +1. Non-finite inputs give 0.
func SegmentDiscGap(a, b, c r2.Vec, r float64) int {
	if !finite(a.X, a.Y, b.X, b.Y, c.X, c.Y, r) {
		return 0
	}
	if r < 0 {
		return 1
	}
	// The nearest point of the segment to c is a when c projects at or
	// before a (this includes a = b), b when it projects at or past b,
	// else the foot of the perpendicular. The regions are decided exactly;
	// on their boundaries both answers agree.
	switch {
	case dotOrient(a, b, c) <= 0:
		return DiscGap(c, r, a, 0)
	case dotOrient(b, a, c) <= 0:
		return DiscGap(c, r, b, 0)
	}
	ux, uy := float64(b.X-a.X), float64(b.Y-a.Y)
	wx, wy := float64(c.X-a.X), float64(c.Y-a.Y)
	if sign, ok := filterLine(ux, uy, wx, wy, r); ok {
		return sign
	}
	if exactSub(b.X, a.X, ux) && exactSub(b.Y, a.Y, uy) && exactSub(c.X, a.X, wx) && exactSub(c.Y, a.Y, wy) {
		if sign, ok := exactLine(ux, uy, wx, wy, r); ok {
			return sign
		}
	}
	return exactSegmentDiscGap(a, b, c, r)
}

// dotOrient returns the sign of (q − p) · (r − p), exactly: whether r lies
// ahead of p along p→q (+1), level with it (0) or behind (−1). The filter
// is Shewchuk's orient2d filter with a dot product in place of the cross
// product: the same operations, so the same bound, rounding of the
// differences included.
func dotOrient(p, q, r r2.Vec) int {
	l := float64(float64(q.X-p.X) * float64(r.X-p.X))
	rr := float64(float64(q.Y-p.Y) * float64(r.Y-p.Y))
	dot := l + rr
	bound := errBound * (math.Abs(l) + math.Abs(rr))
	switch {
	case dot > bound && bound > tiny:
		return 1
	case -dot > bound && bound > tiny:
		return -1
	}
	ux, uy := float64(q.X-p.X), float64(q.Y-p.Y)
	wx, wy := float64(r.X-p.X), float64(r.Y-p.Y)
	if exactSub(q.X, p.X, ux) && exactSub(q.Y, p.Y, uy) && exactSub(r.X, p.X, wx) && exactSub(r.Y, p.Y, wy) &&
		exactMul(ux, wx, l) && exactMul(uy, wy, rr) && exactAdd(l, rr, dot) {
		return sign(dot)
	}
	return exactDotOrient(p, q, r)
}

func exactDotOrient(p, q, r r2.Vec) int {
	if !finite(p.X, p.Y, q.X, q.Y, r.X, r.Y) {
		return 0
	}
	px, py := rat(p.X), rat(p.Y)
	ux, uy := new(big.Rat).Sub(rat(q.X), px), new(big.Rat).Sub(rat(q.Y), py)
	wx, wy := new(big.Rat).Sub(rat(r.X), px), new(big.Rat).Sub(rat(r.Y), py)
	d := new(big.Rat).Mul(ux, wx)
	return d.Add(d, new(big.Rat).Mul(uy, wy)).Sign()
}

// filterLine returns the sign of (u × w)² − r²·|u|², the squared distance
// from a + w to the line through a with direction u, less r², scaled by
// |u|², when the floating-point evaluation decides it.
func filterLine(ux, uy, wx, wy, r float64) (int, bool) {
	l, rr := float64(ux*wy), float64(uy*wx)
	cross := l - rr
	a := math.Abs(l) + math.Abs(rr)
	uu := float64(float64(ux*ux) + float64(uy*uy))
	rhs := float64(float64(r*r) * uu)
	d := float64(cross*cross) - rhs
	mag := float64(a*a) + rhs
	bound := lineBound * mag
	return decide(d, bound, mag)
}

// exactLine returns the sign of (u × w)² − r²·|u|² when every step of its
// floating-point evaluation is exact.
func exactLine(ux, uy, wx, wy, r float64) (int, bool) {
	l, rr := float64(ux*wy), float64(uy*wx)
	cross := float64(l - rr)
	cc := float64(cross * cross)
	xx, yy := float64(ux*ux), float64(uy*uy)
	uu := float64(xx + yy)
	r2 := float64(r * r)
	rhs := float64(r2 * uu)
	d := float64(cc - rhs)
	if exactMul(ux, wy, l) && exactMul(uy, wx, rr) && exactSub(l, rr, cross) && exactMul(cross, cross, cc) &&
		exactMul(ux, ux, xx) && exactMul(uy, uy, yy) && exactAdd(xx, yy, uu) &&
		exactMul(r, r, r2) && exactMul(r2, uu, rhs) && exactSub(cc, rhs, d) {
		return sign(d), true
	}
	return 0, false
}

func exactSegmentDiscGap(a, b, c r2.Vec, r float64) int {
	if !finite(a.X, a.Y, b.X, b.Y, c.X, c.Y, r) {
		return 0
	}
	if r < 0 {
		return 1
	}
	rr := new(big.Rat).Mul(rat(r), rat(r))
	ax, ay := rat(a.X), rat(a.Y)
	ux := new(big.Rat).Sub(rat(b.X), ax)
	uy := new(big.Rat).Sub(rat(b.Y), ay)
	wx := new(big.Rat).Sub(rat(c.X), ax)
	wy := new(big.Rat).Sub(rat(c.Y), ay)
	dot := func(x0, y0, x1, y1 *big.Rat) int {
		d := new(big.Rat).Mul(x0, x1)
		return d.Add(d, new(big.Rat).Mul(y0, y1)).Sign()
	}
	if dot(ux, uy, wx, wy) <= 0 {
		return sqLen(wx, wy).Cmp(rr)
	}
	vx := new(big.Rat).Sub(wx, ux)
	vy := new(big.Rat).Sub(wy, uy)
	if dot(ux, uy, vx, vy) >= 0 {
		return sqLen(vx, vy).Cmp(rr)
	}
	cross := new(big.Rat).Mul(ux, wy)
	cross.Sub(cross, new(big.Rat).Mul(uy, wx))
	cross.Mul(cross, cross)
	return cross.Cmp(rr.Mul(rr, sqLen(ux, uy)))
}

// decide returns the sign of d when the filter's error bound settles it: d
// lies farther from zero than bound, and mag, the size of the terms, is
// finite and too large to have underflowed.
func decide(d, bound, mag float64) (int, bool) {
	switch {
	case math.IsInf(mag, 0) || !(mag > tiny):
		return 0, false
	case d > bound:
		return 1, true
	case -d > bound:
		return -1, true
	}
	return 0, false
}
