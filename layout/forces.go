package layout

import (
	"math"

	"gonum.org/v1/gonum/spatial/r2"
)

// The force kernel: the design's forces as pure functions of positions,
// radii and parameters, on the FMA-safe vector helpers of vec.go. The
// drawing decides which pairs feel them (drawing.go).

// stiffness is d(force)/d(length) of both springs at their target length, per
// unit of spring strength: 2/ln 2, from the log spring's 2·log2(d/t).
const stiffness = 2 / math.Ln2

// springFactor returns the factor f such that the force on the first end of
// an edge of length d and target t is f times the vector to the other end
// (positive pulls together).
func springFactor(hooke bool, strength, d, t float64) float64 {
	if hooke {
		return float64(strength * stiffness * float64(d/t-1))
	}
	return float64(strength * 2 * log2(d/t))
}

// repulsionFactor returns the design's repulsion between two things whose
// gap (distance less radii) is gap world units, as a factor of the vector
// between them: repulsion / (gap/edge)², with gap/edge at least 0.5/edge,
// and ok false beyond cutoff edge lengths.
func repulsionFactor(gap, edge, repulsion, cutoff float64) (f float64, ok bool) {
	g := gap / edge
	if g > cutoff {
		return 0, false
	}
	if min := 0.5 / edge; g < min {
		g = min
	}
	return repulsion / float64(g*g), true
}

// beyondCutoff reports, from the squared distance dist2 between two
// vertices and lim = cutoff × edge length + both radii, that
// repulsionFactor is certainly not ok for them, without a square root:
// most candidates the repulsion grid's 3×3 cells give lie beyond the
// cutoff (77% of 954 million at 10,000 caves rooms, seed 1), and the
// force law's square root and division are what they would cost. The
// bound is widened by a millionth, far more than the rounding of the
// gap, so a pair the force law keeps is never rejected and the forces
// are the same to the bit. (atLeast only lengthens a distance below both
// radii, well within the cutoff.)
func beyondCutoff(dist2, lim float64) bool {
	return dist2 > float64(float64(lim*lim)*(1+1e-6))
}

// atLeast stretches the vector to, of length dist, to length min when it
// is shorter, keeping its direction (for a zero vector, one fixed by the
// ids u and v); it returns the vector and its length.
func atLeast(to r2.Vec, dist, min float64, u, v int32) (r2.Vec, float64) {
	if dist >= min || min <= 0 {
		return to, dist
	}
	if dist == 0 {
		to, dist = r2.Vec{X: 1, Y: float64(v - u)}, math.Sqrt(float64(1+float64(v-u)*float64(v-u)))
		if v < u {
			to.X = -to.X
		}
	}
	return scale(min/dist, to), min
}
