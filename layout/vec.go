package layout

import (
	"math"

	"gonum.org/v1/gonum/spatial/r2"
)

// FMA-safe vector arithmetic. Go may fuse a product that feeds a sum into
// one FMA instruction on arm64 (not on amd64), which rounds once instead
// of twice and changes the last bit, and so the level. An explicit
// float64(...) conversion rounds the product and prevents the fusion; these
// helpers carry that guard, so the formulas that use them need none. Check
// with `GOARCH=arm64 go build -gcflags=-S ./layout | grep FMADDD`: the only
// fused operations left are exact (see NOTES.md).

// dot returns a·b.
func dot(a, b r2.Vec) float64 { return float64(a.X*b.X) + float64(a.Y*b.Y) }

// norm2 returns |a|².
func norm2(a r2.Vec) float64 { return dot(a, a) }

// norm returns |a|, with math.Sqrt (exact on every platform) rather than
// math.Hypot.
func norm(a r2.Vec) float64 { return math.Sqrt(norm2(a)) }

// scale returns s·a.
func scale(s float64, a r2.Vec) r2.Vec { return r2.Vec{X: float64(s * a.X), Y: float64(s * a.Y)} }

// axpy returns y + s·x.
func axpy(s float64, x, y r2.Vec) r2.Vec {
	return r2.Vec{X: y.X + float64(s*x.X), Y: y.Y + float64(s*x.Y)}
}
