package layout

import (
	"math"

	"gonum.org/v1/gonum/spatial/r2"
)

// hashGrid is an unbounded uniform grid of ids (vertices for the force
// drawing's neighbour queries, corridors filed by the cells their
// segments pass through for the crossing tests), hashed by cell so that it needs no
// bounding box and costs nothing for empty space. Cell lists keep insertion
// order, so a query visits points in an order that depends only on the
// inputs; the map is only ever looked up, never ranged over for output.
type hashGrid struct {
	size  float64
	cells map[hcell][]int32
}

type hcell struct{ x, y int32 }

func hcellOf(p r2.Vec, size float64) hcell {
	clamp := func(v float64) int32 {
		v = math.Floor(v / size)
		switch {
		case v > 1<<30:
			return 1 << 30
		case v < -(1 << 30):
			return -(1 << 30)
		case math.IsNaN(v):
			return 0
		}
		return int32(v)
	}
	return hcell{clamp(p.X), clamp(p.Y)}
}

// reset empties the grid and sets its cell size, keeping allocations.
func (g *hashGrid) reset(size float64) {
	if g.cells == nil {
		g.cells = make(map[hcell][]int32)
	}
	if len(g.cells) > 4096 {
		// Do not let cells from old positions pile up.
		clear(g.cells)
	}
	for k, v := range g.cells {
		g.cells[k] = v[:0]
	}
	g.size = size
}

func (g *hashGrid) add(id int32, p r2.Vec) {
	c := hcellOf(p, g.size)
	g.cells[c] = append(g.cells[c], id)
}

// near calls fn for every point in the 3×3 cells around p: every point
// within g.size of p, and some farther ones.
func (g *hashGrid) near(p r2.Vec, fn func(id int32)) {
	c := hcellOf(p, g.size)
	for dy := int32(-1); dy <= 1; dy++ {
		for dx := int32(-1); dx <= 1; dx++ {
			for _, id := range g.cells[hcell{c.x + dx, c.y + dy}] {
				fn(id)
			}
		}
	}
}

// boxCells returns the cells at the corners of the box lo–hi and how many
// cells the box overlaps.
func (g *hashGrid) boxCells(lo, hi r2.Vec) (a, b hcell, cells int64) {
	a, b = hcellOf(lo, g.size), hcellOf(hi, g.size)
	// In int64: the cells are clamped to ±2³⁰, so a span can pass int32.
	return a, b, (int64(b.x) - int64(a.x) + 1) * (int64(b.y) - int64(a.y) + 1)
}

// inBox calls fn for every id filed in a cell that the box lo–hi
// overlaps, once per filing: a superset of the points filed with add
// that lie in it.
func (g *hashGrid) inBox(lo, hi r2.Vec, fn func(id int32)) {
	a, b, _ := g.boxCells(lo, hi)
	for y := a.y; y <= b.y; y++ {
		for x := a.x; x <= b.x; x++ {
			for _, id := range g.cells[hcell{x, y}] {
				fn(id)
			}
		}
	}
}

// segmentSpan returns about how many cells walkSegment visits for the
// segment p–q (the columns plus the rows it spans, plus one), and whether
// an end lies in a cell clamped by hcellOf, where the walk does not follow
// the segment.
func (g *hashGrid) segmentSpan(p, q r2.Vec) (cells int64, clamped bool) {
	a, b := hcellOf(p, g.size), hcellOf(q, g.size)
	const edge = 1<<30 - 1
	for _, v := range []int32{a.x, a.y, b.x, b.y} {
		if v >= edge || v <= -edge {
			clamped = true
		}
	}
	dx, dy := int64(b.x)-int64(a.x), int64(b.y)-int64(a.y)
	return max(dx, -dx) + max(dy, -dy) + 1, clamped
}

// walkSegment calls fn for every cell the segment p–q passes through,
// each once, and for some cells beside it (the walk is widened by a
// rounding margin), until fn returns false; it reports whether fn never
// did. Two segments that meet share a point, so each walks the cell that
// holds it: filing a segment under the cells of its walk (addSegment) and
// walking a query segment finds every filed segment it meets, in a number
// of cells that grows with the segment's length, not with its bounding
// box's area. The walk goes along the segment's longer axis, a column (or
// row) at a time, so that the other coordinate changes by at most one
// cell width per column and rounding moves it by no more than the margin.
func (g *hashGrid) walkSegment(p, q r2.Vec, fn func(c hcell) bool) bool {
	swap := math.Abs(q.Y-p.Y) > math.Abs(q.X-p.X)
	if swap {
		p, q = r2.Vec{X: p.Y, Y: p.X}, r2.Vec{X: q.Y, Y: q.X}
	}
	if p.X > q.X {
		p, q = q, p
	}
	var slope float64
	if q.X > p.X {
		slope = (q.Y - p.Y) / (q.X - p.X)
	}
	eps := float64(1e-9 * (g.size + max(math.Abs(p.X), math.Abs(p.Y), math.Abs(q.X), math.Abs(q.Y))))
	at := func(x float64) float64 { return p.Y + float64((x-p.X)*slope) }
	a, b := hcellOf(p, g.size), hcellOf(q, g.size)
	for x := a.x; x <= b.x; x++ {
		x0, x1 := p.X, q.X
		if x > a.x {
			x0 = float64(float64(x) * g.size)
		}
		if x < b.x {
			x1 = float64(float64(x+1) * g.size)
		}
		y0, y1 := at(x0), at(x1)
		lo := hcellOf(r2.Vec{Y: min(y0, y1) - eps}, g.size).y
		hi := hcellOf(r2.Vec{Y: max(y0, y1) + eps}, g.size).y
		for y := lo; y <= hi; y++ {
			c := hcell{x, y}
			if swap {
				c = hcell{y, x}
			}
			if !fn(c) {
				return false
			}
		}
	}
	return true
}

// addSegment files id under every cell of walkSegment(p, q).
func (g *hashGrid) addSegment(id int32, p, q r2.Vec) {
	g.walkSegment(p, q, func(c hcell) bool {
		g.cells[c] = append(g.cells[c], id)
		return true
	})
}

// onSegment calls fn for every id filed under a cell of walkSegment(p,
// q), once per filing, until fn returns false; it reports whether fn
// never did.
func (g *hashGrid) onSegment(p, q r2.Vec, fn func(id int32) bool) bool {
	return g.walkSegment(p, q, func(c hcell) bool {
		for _, id := range g.cells[c] {
			if !fn(id) {
				return false
			}
		}
		return true
	})
}
