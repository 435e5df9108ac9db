package layout

import (
	"math"
	"math/rand/v2"
	"testing"
)

// beyondCutoff never rejects a pair that repulsionFactor keeps: random
// distances around the cutoff (within rounding of it too), radii and edge
// lengths; and it rejects most of those well beyond it.
func TestBeyondCutoffKeepsWhatTheForceLawKeeps(t *testing.T) {
	rng := rand.New(rand.NewPCG(16, 2))
	rejected := 0
	for c := range 200_000 {
		edge := []float64{1, 100, 37.5, 1e-3}[c%4]
		cutoff := []float64{2, 3, 0.5}[rng.IntN(3)]
		rv, ru := rng.Float64()*5*edge, rng.Float64()*5*edge
		lim := float64(cutoff*edge) + rv + ru
		var dist float64
		switch rng.IntN(3) {
		case 0:
			dist = lim * (1 + (rng.Float64()-0.5)*1e-12)
		case 1:
			dist = math.Nextafter(lim, math.Inf(rng.IntN(2)*2-1))
		default:
			dist = lim * rng.Float64() * 3
		}
		dx := dist * rng.Float64()
		dy := math.Sqrt(math.Max(0, float64(dist*dist)-float64(dx*dx)))
		d2 := float64(dx*dx) + float64(dy*dy)
		if !beyondCutoff(d2, lim) {
			continue
		}
		rejected++
		if _, ok := repulsionFactor(math.Sqrt(d2)-rv-ru, edge, 1, cutoff); ok {
			t.Fatalf("case %d: distance %v, radii %v and %v, cutoff %v × %v: rejected, yet in range", c, math.Sqrt(d2), rv, ru, cutoff, edge)
		}
	}
	if rejected < 30_000 {
		t.Errorf("only %d of 200,000 rejected", rejected)
	}
}
