package layout

import (
	"math"

	"gonum.org/v1/gonum/spatial/r2"
)

// hashGrid is an unbounded uniform grid of points (vertex ids) for the
// force drawing's neighbour queries, hashed by cell so that it needs no
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

// addBox files id under every cell that the box lo–hi overlaps.
func (g *hashGrid) addBox(id int32, lo, hi r2.Vec) {
	a, b, _ := g.boxCells(lo, hi)
	for y := a.y; y <= b.y; y++ {
		for x := a.x; x <= b.x; x++ {
			c := hcell{x, y}
			g.cells[c] = append(g.cells[c], id)
		}
	}
}

// inBox calls fn for every id filed in a cell that the box lo–hi
// overlaps, once per filing: a superset of the boxes filed with addBox
// that meet it.
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
