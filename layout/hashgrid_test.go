package layout

import (
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/spatial/r2"
)

// walkSegment visits each cell once, and every point of the segment (its
// ends, points along it, and points on it at cell boundaries) lies in a
// cell it visits: random segments, axis-parallel ones, ones along grid
// lines and through grid corners, and single points; addSegment and
// onSegment file and find an id under the same cells.
func TestWalkSegmentCoversTheSegment(t *testing.T) {
	rng := rand.New(rand.NewPCG(16, 5))
	coord := func(size float64) float64 {
		switch rng.IntN(4) {
		case 0: // on a grid line
			return float64(rng.IntN(41)-20) * size
		case 1: // near one
			return float64(rng.IntN(41)-20)*size + (rng.Float64()-0.5)*1e-9*size
		}
		return (rng.Float64()*40 - 20) * size
	}
	for c := range 3000 {
		size := []float64{1, 0.37, 100, 1e-3}[c%4]
		var g hashGrid
		g.reset(size)
		p := r2.Vec{X: coord(size), Y: coord(size)}
		q := r2.Vec{X: coord(size), Y: coord(size)}
		switch rng.IntN(5) {
		case 0:
			q.X = p.X
		case 1:
			q.Y = p.Y
		case 2:
			q = p
		}
		seen := map[hcell]bool{}
		g.walkSegment(p, q, func(cell hcell) bool {
			if seen[cell] {
				t.Fatalf("case %d: %v–%v visits %v twice", c, p, q, cell)
			}
			seen[cell] = true
			return true
		})
		at := func(s float64) r2.Vec {
			return r2.Vec{X: p.X + float64(s*(q.X-p.X)), Y: p.Y + float64(s*(q.Y-p.Y))}
		}
		points := []r2.Vec{p, q}
		for k := 1; k < 200; k++ {
			points = append(points, at(float64(k)/200))
		}
		// Where the segment crosses the grid lines x = i·size and y = j·size.
		for i := -21; i <= 21; i++ {
			l := float64(i) * size
			if q.X != p.X {
				if s := (l - p.X) / (q.X - p.X); s >= 0 && s <= 1 {
					points = append(points, r2.Vec{X: l, Y: at(s).Y})
				}
			}
			if q.Y != p.Y {
				if s := (l - p.Y) / (q.Y - p.Y); s >= 0 && s <= 1 {
					points = append(points, r2.Vec{X: at(s).X, Y: l})
				}
			}
		}
		lo, hi := bounds([]r2.Vec{p, q})
		for _, x := range points {
			// A point of the segment lies in its box; rounding in at may
			// put the computed one a bit outside.
			x = r2.Vec{X: min(max(x.X, lo.X), hi.X), Y: min(max(x.Y, lo.Y), hi.Y)}
			if !seen[hcellOf(x, size)] {
				t.Fatalf("case %d: the walk of %v–%v misses %v in cell %v", c, p, q, x, hcellOf(x, size))
			}
		}
		if cells, _ := g.segmentSpan(p, q); int64(len(seen)) > 3*cells {
			t.Fatalf("case %d: %v–%v walks %d cells for a span of %d", c, p, q, len(seen), cells)
		}
		g.addSegment(7, p, q)
		found := 0
		if g.onSegment(q, p, func(id int32) bool { found++; return id != 7 }) || found != 1 {
			t.Fatalf("case %d: onSegment of the filed segment found %d and did not stop at it", c, found)
		}
	}
}
