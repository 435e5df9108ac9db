package grammar

import (
	"math"

	"gonum.org/v1/gonum/spatial/r2"
)

// similarity is the map x ↦ t + (a·x − b·x⊥): a rotation by the angle of
// (a, b), a uniform scale by |(a, b)| and a translation. It can never
// reflect.
type similarity struct {
	a, b float64
	t    r2.Vec
}

func (s similarity) apply(p r2.Vec) r2.Vec {
	// Each product is converted explicitly so that the compiler cannot fuse
	// it with the following addition (FMA on arm64 would round differently).
	return r2.Vec{
		X: float64(s.t.X + float64(s.a*p.X) - float64(s.b*p.Y)),
		Y: float64(s.t.Y + float64(s.b*p.X) + float64(s.a*p.Y)),
	}
}

// fitSimilarity returns the similarity that carries src onto dst with the
// least sum of squared errors. In complex numbers the model is
// dst ≈ z·src + t; centring both point sets gives
// z = Σ conj(src′)·dst′ / Σ |src′|², which needs only + − × ÷ and so is
// the same on every platform. If src is a single point (or all its points
// coincide), or the fit collapses to scale zero, it keeps scale 1 and no
// rotation and only translates.
func fitSimilarity(src, dst []r2.Vec) similarity {
	cs, cd := centroid(src), centroid(dst)
	var num, numB, den float64
	for i := range src {
		s := r2.Sub(src[i], cs)
		d := r2.Sub(dst[i], cd)
		num = float64(num + float64(s.X*d.X) + float64(s.Y*d.Y))
		numB = float64(numB + float64(s.X*d.Y) - float64(s.Y*d.X))
		den = float64(den + float64(s.X*s.X) + float64(s.Y*s.Y))
	}
	a, b := 1.0, 0.0
	if den > 0 {
		a, b = num/den, numB/den
	}
	if (a == 0 && b == 0) || !finite(a) || !finite(b) {
		a, b = 1, 0
	}
	s := similarity{a: a, b: b}
	// t = cd − z·cs
	zc := s.apply(cs)
	s.t = r2.Vec{X: float64(cd.X - zc.X), Y: float64(cd.Y - zc.Y)}
	return s
}

func centroid(ps []r2.Vec) r2.Vec {
	var c r2.Vec
	for _, p := range ps {
		c = r2.Add(c, p)
	}
	n := float64(len(ps))
	return r2.Vec{X: c.X / n, Y: c.Y / n}
}

// DefaultStartSize is the side, in world units, of the smallest box a start
// rule's substitute is fitted into: two of the default edge lengths.
const DefaultStartSize = 200

// fitStart places a start rule's substitute. A one-vertex match gives no
// rotation or scale to fit, so the substitute's bounding box is scaled
// uniformly to fit a box of the match's size grown to at least size on each
// side, and translated so that the mapped vertices land, in the least
// squares sense, on their host vertices.
func fitStart(sub []r2.Vec, src, dst []r2.Vec, size float64) similarity {
	lo, hi := bbox(sub)
	mlo, mhi := bbox(dst)
	tw := math.Max(float64(mhi.X-mlo.X), size)
	th := math.Max(float64(mhi.Y-mlo.Y), size)
	w, h := float64(hi.X-lo.X), float64(hi.Y-lo.Y)
	k := 1.0
	switch {
	case w > 0 && h > 0:
		k = math.Min(tw/w, th/h)
	case w > 0:
		k = tw / w
	case h > 0:
		k = th / h
	}
	s := similarity{a: k}
	cs, cd := centroid(src), centroid(dst)
	zc := s.apply(cs)
	s.t = r2.Vec{X: float64(cd.X - zc.X), Y: float64(cd.Y - zc.Y)}
	return s
}

func bbox(ps []r2.Vec) (lo, hi r2.Vec) {
	lo = r2.Vec{X: math.Inf(1), Y: math.Inf(1)}
	hi = r2.Vec{X: math.Inf(-1), Y: math.Inf(-1)}
	for _, p := range ps {
		lo.X, lo.Y = math.Min(lo.X, p.X), math.Min(lo.Y, p.Y)
		hi.X, hi.Y = math.Max(hi.X, p.X), math.Max(hi.Y, p.Y)
	}
	return lo, hi
}
