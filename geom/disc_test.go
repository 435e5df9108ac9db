package geom

import (
	"math"
	"math/big"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/spatial/r2"
)

func nextUp(x float64) float64   { return math.Nextafter(x, math.Inf(1)) }
func nextDown(x float64) float64 { return math.Nextafter(x, math.Inf(-1)) }

func TestDiscGap(t *testing.T) {
	tests := []struct {
		name   string
		p      r2.Vec
		rp     float64
		q      r2.Vec
		rq     float64
		want   int
		reason string
	}{
		{"touching", v(0, 0), 3, v(5, 0), 2, 0, "distance 5 = 3 + 2"},
		{"touching diagonal", v(1, 1), 2, v(4, 5), 3, 0, "3-4-5 triangle"},
		{"apart by an ulp", v(0, 0), 3, v(5, 0), nextDown(2), 1, ""},
		{"overlap by an ulp", v(0, 0), 3, v(nextDown(5), 0), 2, -1, ""},
		{"overlap", v(0, 0), 3, v(4, 0), 2, -1, ""},
		{"concentric", v(7, 7), 1, v(7, 7), 0, -1, "a point at the centre is inside"},
		{"points equal", v(7, 7), 0, v(7, 7), 0, 0, "two equal points touch"},
		{"points apart", v(7, 7), 0, v(7, 8), 0, 1, ""},
		{"decimal just outside", v(0, 0), 0, v(0.6, 0.8), 1, 1, "the doubles nearest 0.6 and 0.8 lie outside the unit circle; float arithmetic says touching"},
		{"decimal just inside", v(0, 0), 0, v(0.9, 1.2), 1.5, -1, "the doubles nearest 0.9 and 1.2 lie inside; float arithmetic says touching"},
		{"negative radii", v(0, 0), -3, v(0, 0), 1, 1, "a distance is never negative"},
		{"tiny", v(0, 0), 0x1p-600, v(0x1p-600, 0), 0, 0, "products underflow"},
		{"huge", v(-1e300, 0), 1e300, v(1e300, 0), 1e300, 0, "products overflow"},
		{"NaN", v(math.NaN(), 0), 1, v(0, 0), 1, 0, "non-finite gives 0"},
		{"Inf radius", v(0, 0), math.Inf(1), v(0, 0), 1, 0, "non-finite gives 0"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := DiscGap(tt.p, tt.rp, tt.q, tt.rq); got != tt.want {
				t.Errorf("DiscGap(%v, %v, %v, %v) = %d, want %d (%s)", tt.p, tt.rp, tt.q, tt.rq, got, tt.want, tt.reason)
			}
			if got := DiscGap(tt.q, tt.rq, tt.p, tt.rp); got != tt.want {
				t.Errorf("DiscGap swapped = %d, want %d", got, tt.want)
			}
		})
	}
}

func TestDiscGapRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	counts := map[int]int{}
	for i := range 10000 {
		var p, q r2.Vec
		var rp, rq float64
		if i%2 == 0 {
			// Small integers: touching happens often and int64 is exact.
			n := int64(6)
			px, py, qx, qy := rng.Int64N(2*n+1)-n, rng.Int64N(2*n+1)-n, rng.Int64N(2*n+1)-n, rng.Int64N(2*n+1)-n
			a, b := rng.Int64N(2*n), rng.Int64N(2*n)
			if i%8 == 0 {
				// Touching along a 3-4-5 triangle, in some orientation.
				k := 1 + rng.Int64N(2)
				qx, qy = px+[]int64{3, -3, 4, -4}[rng.IntN(4)]*k, py+[]int64{4, -4, 3, -3}[rng.IntN(4)]*k
				if (qx-px)*(qx-px)+(qy-py)*(qy-py) == 25*k*k {
					a = rng.Int64N(5*k + 1)
					b = 5*k - a
				}
			}
			dx, dy, s := px-qx, py-qy, a+b
			want := cmp64(dx*dx+dy*dy, s*s)
			p, q, rp, rq = v(float64(px), float64(py)), v(float64(qx), float64(qy)), float64(a), float64(b)
			if got := DiscGap(p, rp, q, rq); got != want {
				t.Fatalf("DiscGap(%v, %v, %v, %v) = %d, want %d", p, rp, q, rq, got, want)
			}
			counts[want]++
			continue
		}
		// Floats a few ulps from touching: the filter must hand these to
		// the exact path.
		ang := rng.Float64() * 2 * math.Pi
		d := 1 + rng.Float64()*100
		p = v(rng.Float64()*1000, rng.Float64()*1000)
		q = v(p.X+d*math.Cos(ang), p.Y+d*math.Sin(ang))
		rp = d * rng.Float64()
		rq = d - rp
		for range rng.IntN(3) {
			rq = nextUp(rq)
		}
		for range rng.IntN(3) {
			rq = nextDown(rq)
		}
		got, want := DiscGap(p, rp, q, rq), exactDiscGap(p, rp, q, rq)
		if got != want {
			t.Fatalf("DiscGap(%v, %v, %v, %v) = %d, exact %d", p, rp, q, rq, got, want)
		}
		counts[want]++
	}
	for _, s := range []int{-1, 0, 1} {
		if counts[s] < 50 {
			t.Errorf("only %d random cases with sign %d", counts[s], s)
		}
	}
}

func cmp64(a, b int64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

func TestSegmentDiscGap(t *testing.T) {
	tests := []struct {
		name    string
		a, b, c r2.Vec
		r       float64
		want    int
	}{
		{"tangent", v(0, 0), v(10, 0), v(5, 3), 3, 0},
		{"tangent slanted", v(0, 0), v(8, 6), v(-3, 4), 5, 0}, // foot at a: |c − a| = 5
		{"tangent slanted interior", v(0, 0), v(8, 6), v(1, 7), 5, 0},
		{"clear by an ulp", v(0, 0), v(10, 0), v(5, 3), nextDown(3), 1},
		{"cut by an ulp", v(0, 0), v(10, 0), v(5, nextDown(3)), 3, -1},
		{"through", v(0, 0), v(10, 0), v(5, 1), 3, -1},
		{"apart", v(0, 0), v(10, 0), v(5, 4), 3, 1},
		{"beyond b touching", v(0, 0), v(10, 0), v(13, 4), 5, 0},
		{"beyond b apart", v(0, 0), v(10, 0), v(13, 4), 4, 1},
		{"beyond a, line would cut", v(0, 0), v(10, 0), v(-3, 1), 3, 1},
		{"end inside disc", v(0, 0), v(10, 0), v(11, 0), 2, -1},
		{"point segment on boundary", v(3, 4), v(3, 4), v(0, 0), 5, 0},
		{"point segment inside", v(3, 4), v(3, 4), v(0, 0), 6, -1},
		{"centre on segment, radius 0", v(0, 0), v(10, 0), v(4, 0), 0, 0},
		{"negative radius", v(0, 0), v(10, 0), v(4, 0), -1, 1},
		{"inexact decimals", v(0, 0), v(1, 3), v(0.1, 0.3), 0, 1},
		{"NaN", v(0, 0), v(1, 3), v(math.NaN(), 0.3), 1, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := SegmentDiscGap(tt.a, tt.b, tt.c, tt.r); got != tt.want {
				t.Errorf("SegmentDiscGap(%v, %v, %v, %v) = %d, want %d", tt.a, tt.b, tt.c, tt.r, got, tt.want)
			}
			if got := SegmentDiscGap(tt.b, tt.a, tt.c, tt.r); got != tt.want {
				t.Errorf("SegmentDiscGap reversed = %d, want %d", got, tt.want)
			}
		})
	}
}

// refSegmentDiscGap compares dist(c, ab)² with r² by clamping the
// projection parameter t = w·u / u·u to [0, 1] and measuring |w − t·u|²,
// a different route from SegmentDiscGap's three regions.
func refSegmentDiscGap(a, b, c r2.Vec, r float64) int {
	rt := func(f float64) *big.Rat { return new(big.Rat).SetFloat64(f) }
	ux, uy := new(big.Rat).Sub(rt(b.X), rt(a.X)), new(big.Rat).Sub(rt(b.Y), rt(a.Y))
	wx, wy := new(big.Rat).Sub(rt(c.X), rt(a.X)), new(big.Rat).Sub(rt(c.Y), rt(a.Y))
	uu := new(big.Rat).Add(new(big.Rat).Mul(ux, ux), new(big.Rat).Mul(uy, uy))
	tp := new(big.Rat)
	if uu.Sign() != 0 {
		tp.Add(new(big.Rat).Mul(wx, ux), new(big.Rat).Mul(wy, uy))
		tp.Quo(tp, uu)
		if tp.Sign() < 0 {
			tp.SetInt64(0)
		}
		if tp.Cmp(big.NewRat(1, 1)) > 0 {
			tp.SetInt64(1)
		}
	}
	dx := new(big.Rat).Sub(wx, new(big.Rat).Mul(tp, ux))
	dy := new(big.Rat).Sub(wy, new(big.Rat).Mul(tp, uy))
	d2 := new(big.Rat).Add(new(big.Rat).Mul(dx, dx), new(big.Rat).Mul(dy, dy))
	if r < 0 {
		return 1
	}
	return d2.Cmp(new(big.Rat).Mul(rt(r), rt(r)))
}

func TestSegmentDiscGapRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	counts := map[int]int{}
	for i := range 6000 {
		var a, b, c r2.Vec
		var r float64
		switch i % 3 {
		case 0:
			// Small integers: tangents and endpoint contacts are common.
			n := 6
			in := func() float64 { return float64(rng.IntN(2*n+1) - n) }
			a, b, c, r = v(in(), in()), v(in(), in()), v(in(), in()), float64(rng.IntN(n))
			if rng.IntN(3) == 0 {
				// Tangent to an axis-aligned segment, in its span.
				b = v(a.X+in()*2, a.Y)
				h := in()
				c = v(a.X+(b.X-a.X)*float64(rng.IntN(5))/4, a.Y+h)
				r = math.Abs(h)
				if rng.IntN(2) == 0 {
					a, b, c = v(a.Y, a.X), v(b.Y, b.X), v(c.Y, c.X)
				}
			}
		case 1:
			// Binary fractions: exact, but not integers.
			f := func() float64 { return float64(rng.IntN(513)-256) * 0x1p-5 }
			a, b, c, r = v(f(), f()), v(f(), f()), v(f(), f()), float64(rng.IntN(128))*0x1p-5
		default:
			// Random floats with r set to the float nearest the distance,
			// give or take an ulp: the filter cannot decide these alone.
			f := func() float64 { return rng.Float64()*200 - 100 }
			a, b, c = v(f(), f()), v(f(), f()), v(f(), f())
			r = segDistFloat(a, b, c)
			for range rng.IntN(3) {
				r = nextUp(r)
			}
			for range rng.IntN(3) {
				r = nextDown(r)
			}
		}
		got, want := SegmentDiscGap(a, b, c, r), refSegmentDiscGap(a, b, c, r)
		if got != want {
			t.Fatalf("SegmentDiscGap(%v, %v, %v, %v) = %d, want %d", a, b, c, r, got, want)
		}
		counts[want]++
	}
	for _, s := range []int{-1, 0, 1} {
		if counts[s] < 50 {
			t.Errorf("only %d random cases with sign %d", counts[s], s)
		}
	}
}

func segDistFloat(a, b, c r2.Vec) float64 {
	u, w := r2.Sub(b, a), r2.Sub(c, a)
	t := 0.0
	if uu := r2.Dot(u, u); uu > 0 {
		t = min(1, max(0, r2.Dot(w, u)/uu))
	}
	return r2.Norm(r2.Sub(w, r2.Scale(t, u)))
}

func BenchmarkDiscGap(b *testing.B) {
	p, q := v(1.5, 2.25), v(40.125, -3.5)
	for b.Loop() {
		DiscGap(p, 3, q, 4)
	}
}

func BenchmarkSegmentDiscGap(b *testing.B) {
	a, e, c := v(1.5, 2.25), v(40.125, -3.5), v(20, 9)
	for b.Loop() {
		SegmentDiscGap(a, e, c, 3)
	}
}

func BenchmarkSegmentsIntersect(b *testing.B) {
	p, q, r, s := v(1.5, 2.25), v(40.125, -3.5), v(20, 9), v(22, -9)
	for b.Loop() {
		SegmentsIntersect(p, q, r, s)
	}
}

func TestDotOrient(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	for i := range 5000 {
		p, q := v(rng.Float64()*100, rng.Float64()*100), v(rng.Float64()*100, rng.Float64()*100)
		// r about on the line through p perpendicular to pq.
		f := rng.Float64()*2 - 1
		r := v(p.X-f*(q.Y-p.Y), p.Y+f*(q.X-p.X))
		if i%2 == 0 {
			r.Y = math.Nextafter(r.Y, math.Inf(rng.IntN(2)*2-1))
		}
		if got, want := dotOrient(p, q, r), exactDotOrient(p, q, r); got != want {
			t.Fatalf("dotOrient(%v, %v, %v) = %d, exact %d", p, q, r, got, want)
		}
	}
}
