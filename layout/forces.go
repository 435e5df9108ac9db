package layout

import (
	"context"

	"fmt"
	"math"
)

// SpringKind selects the spring force.
type SpringKind int

const (
	// LogSpring is the design's spring: its pull grows with the logarithm
	// (base √2) of the ratio of an edge's length to its target, so short
	// edges push hard and long edges pull gently.
	LogSpring SpringKind = iota
	// HookeSpring is linear in the ratio; it has the log spring's stiffness
	// at the target length but pulls long edges harder.
	HookeSpring
)

// String returns "log" or "hooke", the names rulesets use.
func (k SpringKind) String() string {
	if k == HookeSpring {
		return "hooke"
	}
	return "log"
}

// ParseSpring parses "log" or "hooke".
func ParseSpring(s string) (SpringKind, error) {
	switch s {
	case "log":
		return LogSpring, nil
	case "hooke":
		return HookeSpring, nil
	}
	return 0, fmt.Errorf("layout: unknown spring %q: use \"log\" or \"hooke\"", s)
}

// Forces are the parameters of one force-drawing stage: the construction
// drawing after each rewrite ([layout] in a ruleset) or the relax pass after
// rooms get their sizes ([relax]). The zero value of each field means its
// default, the design's base values for [layout] (DefaultForces), also in a
// relax pass: start from DefaultRelax there. The rulesets package checks
// ranges; fields here are used as given.
type Forces struct {
	// SpringStrength scales the spring force. Default 1.
	SpringStrength float64
	// EdgeLength is the target length of an edge of length factor 1, in
	// world units. Default 100.
	EdgeLength float64
	// Repulsion scales the force between vertices that share no edge:
	// Repulsion / (gap / EdgeLength)², where gap is their distance less
	// both room radii. Default 1.
	Repulsion float64
	// MaxDelta caps each vertex's move in one iteration, in edge lengths.
	// (The design capped it in world units, which made its drawing take
	// thousands of iterations; see NOTES.md.) Default 0.5.
	MaxDelta float64
	// ConvergenceDistance: the stage stops when no vertex moved farther than
	// this in an iteration, in world units. Default 4.
	ConvergenceDistance float64
	// Spring selects the spring force. Default LogSpring.
	Spring SpringKind
	// Cutoff: vertices whose gap is more than Cutoff edge lengths do not
	// repel. Default 3.
	Cutoff float64
	// MaxIterations caps the iterations of one stage so that it always
	// ends. Default 400.
	MaxIterations int
	// CrossingFree bounds every move so that a vertex cannot pass through
	// an edge and no edge can sweep over a vertex (PrEd): a drawing without
	// crossings keeps none. Ignored while the drawing has crossings.
	CrossingFree bool
	// Gravity pulls every vertex toward the drawing's centroid in phases
	// that move every vertex: alone, a vertex would move this fraction of
	// its distance to the centroid per iteration. 0: none (the zero value
	// does not take a default).
	Gravity float64
	// Context, if set, ends a phase at the head of its next iteration once
	// it is done: Update returns false with the drawing unconverged, and
	// the caller reads the context's error. A drawing that completes is
	// the same with or without it.
	Context context.Context
}

// DefaultForces returns the design's base values for the construction
// drawing ([layout]).
func DefaultForces() Forces {
	return Forces{SpringStrength: 1, EdgeLength: 100, Repulsion: 1, MaxDelta: 0.5, ConvergenceDistance: 4, Cutoff: 3, MaxIterations: 400}
}

// DefaultRelax returns the design's base values for the relax pass
// ([relax]).
func DefaultRelax() Forces {
	return Forces{SpringStrength: 10, EdgeLength: 100, Repulsion: 0.05, MaxDelta: 0.5, ConvergenceDistance: 0.01, Cutoff: 3, MaxIterations: 300, Gravity: 0.0025}
}

func (f Forces) withDefaults() Forces {
	d := DefaultForces()
	if f.SpringStrength == 0 {
		f.SpringStrength = d.SpringStrength
	}
	if f.EdgeLength == 0 {
		f.EdgeLength = d.EdgeLength
	}
	if f.Repulsion == 0 {
		f.Repulsion = d.Repulsion
	}
	if f.MaxDelta == 0 {
		f.MaxDelta = d.MaxDelta
	}
	if f.ConvergenceDistance == 0 {
		f.ConvergenceDistance = d.ConvergenceDistance
	}
	if f.Cutoff == 0 {
		f.Cutoff = d.Cutoff
	}
	if f.MaxIterations == 0 {
		f.MaxIterations = d.MaxIterations
	}
	return f
}

// stiffness is d(force)/d(length) of both springs at their target length, per
// unit of spring strength: 2/ln 2, from the log spring's 2·log2(d/t).
const stiffness = 2 / math.Ln2

// springFactor returns the factor f such that the force on the first end of
// an edge of length d and target t is f times the vector to the other end
// (positive pulls together).
func springFactor(kind SpringKind, strength, d, t float64) float64 {
	if kind == HookeSpring {
		return float64(strength * stiffness * float64(d/t-1))
	}
	return float64(strength * 2 * log2(d/t))
}
