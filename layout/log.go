package layout

import (
	"math"

	"gonum.org/v1/gonum/spatial/r2"
)

// log2 returns the base-2 logarithm of x > 0 using only exact operations and
// + − × ÷, so that it gives the same bits on every platform (math.Log may
// not: its assembly and pure-Go versions differ by an ulp on some inputs,
// and a fused multiply-add changes the rounding of a polynomial).
//
// It is the spring force's logarithm, so it is fast: x = m·2^e with m in
// [1, 2), read from the bits; c = 1 + i/32 is the table point nearest m,
// and log2(x) = e + log2(c) + ln(m/c)/ln 2, with ln(m/c) = 2·atanh(z),
// z = (m−c)/(m+c), |z| ≤ 1/128, whose series 2(z + z³/3 + … + z⁹/9) is
// exact to double precision in five terms. The table comes from
// log2Series. Powers of two give their exponent exactly (c = 1, z = 0).
// Non-positive x gives −Inf (0) or NaN (< 0), like math.Log2; subnormal
// x goes through log2Series.
func log2(x float64) float64 {
	b := math.Float64bits(x)
	exp := int(b>>52) & 0x7ff
	if b>>63 != 0 || exp == 0 || exp == 0x7ff {
		return log2Series(x) // negative, zero, subnormal, Inf or NaN
	}
	m := math.Float64frombits(b&(1<<52-1) | 1023<<52)
	i := (b>>46&63 + 1) >> 1 // round((m−1)·32), 0…32
	c := float64(1 + float64(i)/32)
	z := float64(m-c) / float64(m+c)
	z2 := float64(z * z)
	s := float64(float64(float64(float64(float64(float64(float64(float64(z2*(1.0/9))+1.0/7)*z2)+1.0/5)*z2)+1.0/3)*z2) + 1)
	ln := float64(2 * float64(z*s))
	return float64(float64(float64(exp-1023)+log2Table[i]) + float64(ln*(1/math.Ln2)))
}

// log2Table holds log2(1 + i/32) for i = 0…32.
var log2Table = func() (t [33]float64) {
	for i := range t {
		t[i] = log2Series(float64(1 + float64(i)/32))
	}
	return t
}()

// log2Series is log2 by the atanh series alone: x = m·2^e with m in
// [1/√2, √2), log2(x) = e + ln(m)/ln 2 and ln(m) = 2·atanh(z) with
// z = (m−1)/(m+1), |z| ≤ 0.1716, whose series reaches full double
// precision in 12 terms.
func log2Series(x float64) float64 {
	switch {
	case x == 0:
		return math.Inf(-1)
	case x < 0 || math.IsNaN(x):
		return math.NaN()
	case math.IsInf(x, 1):
		return x
	}
	m, e := math.Frexp(x) // x = m·2^e, m in [0.5, 1)
	if m < math.Sqrt2/2 {
		m *= 2
		e--
	}
	z := float64(m-1) / float64(m+1)
	z2 := float64(z * z)
	// Horner form of z·(1 + z²/3 + z⁴/5 + … + z²²/23), each product
	// converted so it cannot fuse with the addition.
	s := 1.0 / 23
	for k := 21; k >= 1; k -= 2 {
		s = float64(float64(s*z2) + 1.0/float64(k))
	}
	ln := float64(2 * float64(z*s))
	return float64(float64(e) + float64(ln*(1/math.Ln2)))
}

// atan2 returns the angle of (x, y) in (−π, π], like math.Atan2, using only
// + − × ÷ and math.Sqrt, so it gives the same bits on every platform.
// Range reduction: the octant by comparisons, then two argument halvings
// t ↦ t / (1 + √(1 + t²)) bring |t| ≤ tan(π/32), where the Taylor series of
// atan converges to full precision in 10 terms.
func atan2(y, x float64) float64 {
	switch {
	case math.IsNaN(x) || math.IsNaN(y):
		return math.NaN()
	case x == 0 && y == 0:
		return 0
	}
	ax, ay := math.Abs(x), math.Abs(y)
	var a float64
	if ay <= ax {
		a = atanUnit(ay / ax)
	} else {
		a = math.Pi/2 - atanUnit(ax/ay)
	}
	if x < 0 {
		a = math.Pi - a
	}
	if y < 0 {
		a = -a
	}
	return a
}

// atanUnit returns atan(t) for t in [0, 1].
func atanUnit(t float64) float64 {
	for range 2 {
		t = t / float64(1+math.Sqrt(float64(1+float64(t*t))))
	}
	t2 := float64(t * t)
	s := 1.0 / 21
	for k := 19; k >= 1; k -= 2 {
		s = float64(float64(-s*t2) + 1.0/float64(k))
	}
	return float64(4 * float64(t*s))
}

// dist returns the distance between a and b as √(dx² + dy²), the same
// bits on every platform. (r2.Norm calls math.Hypot, which has an assembly
// version on amd64 that can round differently from the Go version used on
// arm64.)
func dist(a, b r2.Vec) float64 {
	dx, dy := float64(a.X-b.X), float64(a.Y-b.Y)
	return math.Sqrt(float64(dx*dx) + float64(dy*dy))
}
