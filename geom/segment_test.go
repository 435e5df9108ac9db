package geom

import (
	"math"
	"math/big"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/spatial/r2"
)

func v(x, y float64) r2.Vec { return r2.Vec{X: x, Y: y} }

func TestSegmentsIntersect(t *testing.T) {
	tests := []struct {
		name       string
		a, b, c, d r2.Vec
		want       Intersection
	}{
		{"proper cross", v(0, 0), v(4, 4), v(0, 4), v(4, 0), Cross},
		{"apart", v(0, 0), v(1, 1), v(3, 0), v(4, 1), Disjoint},
		{"lines cross outside", v(0, 0), v(1, 1), v(3, 0), v(2, 1), Disjoint},
		{"parallel", v(0, 0), v(4, 0), v(0, 1), v(4, 1), Disjoint},
		{"T junction", v(0, 0), v(4, 0), v(2, 0), v(2, 3), Touch},
		{"T junction from below", v(0, 0), v(4, 0), v(2, -3), v(2, 0), Touch},
		{"shared endpoint", v(0, 0), v(4, 0), v(4, 0), v(5, 3), Touch},
		{"endpoint just short", v(0, 0), v(4, 0), v(2, 0x1p-40), v(2, 3), Disjoint},
		{"collinear overlap", v(0, 0), v(4, 0), v(2, 0), v(6, 0), Overlap},
		{"collinear contained", v(0, 0), v(6, 6), v(2, 2), v(3, 3), Overlap},
		{"collinear end to end", v(0, 0), v(4, 0), v(4, 0), v(6, 0), Touch},
		{"collinear apart", v(0, 0), v(4, 0), v(5, 0), v(6, 0), Disjoint},
		{"vertical overlap", v(1, 0), v(1, 4), v(1, 5), v(1, 3), Overlap},
		{"vertical end to end", v(1, 0), v(1, 4), v(1, 6), v(1, 4), Touch},
		{"identical", v(0, 0), v(3, 1), v(3, 1), v(0, 0), Overlap},
		{"point on segment", v(2, 1), v(2, 1), v(0, 0), v(4, 2), Touch},
		{"point on segment end", v(0, 0), v(4, 2), v(4, 2), v(4, 2), Touch},
		{"point off segment", v(2, 1), v(2, 1), v(0, 0), v(4, 3), Disjoint},
		{"point on line beyond", v(6, 3), v(6, 3), v(0, 0), v(4, 2), Disjoint},
		{"equal points", v(1, 1), v(1, 1), v(1, 1), v(1, 1), Touch},
		{"distinct points", v(1, 1), v(1, 1), v(1, 2), v(1, 2), Disjoint},
		// 0.1 and 0.3 are not what they look like; the exact answer is
		// that (0.1, 0.3) is not on the line y = 3x.
		{"inexact decimal near miss", v(0, 0), v(1, 3), v(0.1, 0.3), v(0, 2), Cross},
		{"inexact decimal near miss above", v(0, 0), v(1, 3), v(0.1, 0.30000000000000004), v(0, 2), Disjoint},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			// The answer must not depend on the order of the endpoints or of
			// the segments.
			for _, q := range [][4]r2.Vec{
				{tt.a, tt.b, tt.c, tt.d}, {tt.b, tt.a, tt.c, tt.d},
				{tt.a, tt.b, tt.d, tt.c}, {tt.c, tt.d, tt.a, tt.b},
				{tt.d, tt.c, tt.b, tt.a},
			} {
				if got := SegmentsIntersect(q[0], q[1], q[2], q[3]); got != tt.want {
					t.Errorf("SegmentsIntersect(%v, %v, %v, %v) = %v, want %v", q[0], q[1], q[2], q[3], got, tt.want)
				}
			}
		})
	}
}

// refIntersect classifies two segments a different way from
// SegmentsIntersect: it solves for the intersection parameters in
// rationals.
func refIntersect(a, b, c, d r2.Vec) Intersection {
	r := func(f float64) *big.Rat { return new(big.Rat).SetFloat64(f) }
	sub := func(x, y *big.Rat) *big.Rat { return new(big.Rat).Sub(x, y) }
	mul := func(x, y *big.Rat) *big.Rat { return new(big.Rat).Mul(x, y) }
	ax, ay, bx, by := r(a.X), r(a.Y), r(b.X), r(b.Y)
	cx, cy, dx, dy := r(c.X), r(c.Y), r(d.X), r(d.Y)
	ux, uy := sub(bx, ax), sub(by, ay)
	vx, vy := sub(dx, cx), sub(dy, cy)
	wx, wy := sub(cx, ax), sub(cy, ay)
	cross := func(x0, y0, x1, y1 *big.Rat) *big.Rat { return sub(mul(x0, y1), mul(y0, x1)) }
	dot := func(x0, y0, x1, y1 *big.Rat) *big.Rat { return new(big.Rat).Add(mul(x0, x1), mul(y0, y1)) }
	zero, one := new(big.Rat), big.NewRat(1, 1)
	in := func(t *big.Rat) bool { return t.Cmp(zero) >= 0 && t.Cmp(one) <= 0 }
	uu, vv := dot(ux, uy, ux, uy), dot(vx, vy, vx, vy)
	switch {
	case uu.Sign() == 0 && vv.Sign() == 0:
		if wx.Sign() == 0 && wy.Sign() == 0 {
			return Touch
		}
		return Disjoint
	case uu.Sign() == 0: // a on cd: a = c + s v
		if cross(vx, vy, wx, wy).Sign() != 0 {
			return Disjoint
		}
		if s := new(big.Rat).Quo(dot(new(big.Rat).Neg(wx), new(big.Rat).Neg(wy), vx, vy), vv); in(s) {
			return Touch
		}
		return Disjoint
	case vv.Sign() == 0: // c on ab: c = a + t u
		if cross(ux, uy, wx, wy).Sign() != 0 {
			return Disjoint
		}
		if t := new(big.Rat).Quo(dot(wx, wy, ux, uy), uu); in(t) {
			return Touch
		}
		return Disjoint
	}
	den := cross(ux, uy, vx, vy)
	if den.Sign() == 0 {
		if cross(ux, uy, wx, wy).Sign() != 0 {
			return Disjoint // parallel lines
		}
		// Collinear: c and d at parameters t0, t1 along ab.
		t0 := new(big.Rat).Quo(dot(wx, wy, ux, uy), uu)
		t1 := new(big.Rat).Quo(dot(sub(dx, ax), sub(dy, ay), ux, uy), uu)
		if t0.Cmp(t1) > 0 {
			t0, t1 = t1, t0
		}
		lo, hi := t0, t1
		if lo.Cmp(zero) < 0 {
			lo = zero
		}
		if hi.Cmp(one) > 0 {
			hi = one
		}
		switch lo.Cmp(hi) {
		case -1:
			return Overlap
		case 0:
			return Touch
		}
		return Disjoint
	}
	// a + t u = c + s v.
	t := new(big.Rat).Quo(cross(wx, wy, vx, vy), den)
	s := new(big.Rat).Quo(cross(wx, wy, ux, uy), den)
	if !in(t) || !in(s) {
		return Disjoint
	}
	if t.Sign() == 0 || t.Cmp(one) == 0 || s.Sign() == 0 || s.Cmp(one) == 0 {
		return Touch
	}
	return Cross
}

func TestSegmentsIntersectRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	// Small integer grids give every degenerate case often; scaling by a
	// power of two keeps them exact but moves them off the integers.
	coord := func(n int, scale float64) float64 { return float64(rng.IntN(2*n+1)-n) * scale }
	counts := map[Intersection]int{}
	for i := range 6000 {
		n, scale := 3, 1.0
		if i%2 == 1 {
			n, scale = 40, 0x1p-7
		}
		p := func() r2.Vec { return v(coord(n, scale), coord(n, scale)) }
		a, b, c, d := p(), p(), p(), p()
		if i%5 == 0 {
			// Force collinearity: c and d on the line through a and b.
			c = v(a.X+float64(rng.IntN(5)-2)*(b.X-a.X), a.Y+float64(rng.IntN(5)-2)*(b.Y-a.Y))
			d = v(a.X+float64(rng.IntN(5)-2)*(b.X-a.X)/2, a.Y+float64(rng.IntN(5)-2)*(b.Y-a.Y)/2)
		}
		got, want := SegmentsIntersect(a, b, c, d), refIntersect(a, b, c, d)
		if got != want {
			t.Fatalf("SegmentsIntersect(%v, %v, %v, %v) = %v, want %v", a, b, c, d, got, want)
		}
		counts[got]++
	}
	// The generator must exercise every class, or the test proves little.
	for _, k := range []Intersection{Disjoint, Cross, Touch, Overlap} {
		if counts[k] < 100 {
			t.Errorf("only %d random cases of %v", counts[k], k)
		}
	}
}

func TestSegmentsIntersectNearMiss(t *testing.T) {
	// A segment ending one ulp either side of another: floating-point
	// intersection tests with an epsilon get these wrong.
	a, b := v(0.1, 0.1), v(0.7, 0.7)
	mid := 0.3
	rng := rand.New(rand.NewPCG(3, 4))
	for range 500 {
		x := mid + rng.Float64()*0.1
		for _, y := range []float64{x, nextUp(x), nextDown(x)} {
			c, d := v(x, y), v(x+1, y-1)
			got, want := SegmentsIntersect(a, b, c, d), refIntersect(a, b, c, d)
			if got != want {
				t.Fatalf("SegmentsIntersect(%v, %v, %v, %v) = %v, want %v", a, b, c, d, got, want)
			}
		}
	}
}

func TestOrientMatchesExact(t *testing.T) {
	// Random floats: differences are inexact, so this exercises the
	// filter's bound; near-collinear triples make it hand over.
	rng := rand.New(rand.NewPCG(9, 10))
	for i := range 5000 {
		p, q := v(rng.Float64()*100, rng.Float64()*100), v(rng.Float64()*100, rng.Float64()*100)
		f := rng.Float64() * 2
		r := v(p.X+f*(q.X-p.X), p.Y+f*(q.Y-p.Y)) // about on the line
		if i%2 == 0 {
			r.X = math.Nextafter(r.X, math.Inf(rng.IntN(2)*2-1))
		}
		if got, want := Orient(p, q, r), exactOrient(p, q, r); got != want {
			t.Fatalf("Orient(%v, %v, %v) = %d, exact %d", p, q, r, got, want)
		}
	}
}
