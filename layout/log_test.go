package layout

import (
	"math"
	"math/rand/v2"
	"testing"
)

func TestLog2MatchesMath(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	funcs := []struct {
		f   func(float64) float64
		tol float64
	}{{log2, 1e-15}, {log2Series, 4e-16}}
	for i := range 100000 {
		var x float64
		switch i % 3 {
		case 0:
			x = r.Float64() * 4
		case 1:
			x = r.Float64() * 1e6
		default:
			x = math.Ldexp(r.Float64()+0.5, r.IntN(200)-100)
		}
		if x == 0 {
			continue
		}
		want := math.Log2(x)
		// log2 adds three rounded terms (exponent, table, series): a few
		// ulps; log2Series is within 2.
		for _, c := range funcs {
			if got := c.f(x); math.Abs(got-want) > c.tol*max(1, math.Abs(want)) {
				t.Fatalf("log2(%v) = %v, math.Log2 = %v (diff %g)", x, got, want, got-want)
			}
		}
	}
	for _, tt := range []struct{ x, want float64 }{{1, 0}, {2, 1}, {0.5, -1}, {1024, 10}} {
		if got := log2(tt.x); got != tt.want {
			t.Errorf("log2(%v) = %v, want %v exactly", tt.x, got, tt.want)
		}
	}
	if sub := 3 * math.SmallestNonzeroFloat64; log2(sub) != log2Series(sub) || math.Abs(log2(sub)-math.Log2(sub)) > 1e-12 {
		t.Errorf("log2 of a subnormal: %v, want %v", log2(sub), math.Log2(sub))
	}
	if !math.IsInf(log2(math.Inf(1)), 1) || !math.IsNaN(log2(math.NaN())) || !math.IsNaN(log2(math.Inf(-1))) {
		t.Error("log2 of an infinity or NaN")
	}
	if !math.IsInf(log2(0), -1) || !math.IsNaN(log2(-1)) {
		t.Error("log2 of 0 or a negative number")
	}
}

func TestAtan2MatchesMath(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for range 100000 {
		x, y := r.Float64()*200-100, r.Float64()*200-100
		if r.IntN(10) == 0 {
			x = 0
		}
		got, want := atan2(y, x), math.Atan2(y, x)
		if math.Abs(got-want) > 2e-15 {
			t.Fatalf("atan2(%v, %v) = %v, math.Atan2 = %v", y, x, got, want)
		}
	}
	for _, tt := range []struct{ y, x, want float64 }{{0, 1, 0}, {1, 0, math.Pi / 2}, {0, -1, math.Pi}, {-1, 0, -math.Pi / 2}, {0, 0, 0}} {
		if got := atan2(tt.y, tt.x); math.Abs(got-tt.want) > 1e-15 {
			t.Errorf("atan2(%v, %v) = %v, want %v", tt.y, tt.x, got, tt.want)
		}
	}
}
