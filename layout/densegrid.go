package layout

import (
	"gonum.org/v1/gonum/spatial/r2"
)

// denseGrid files points under the cells of a uniform grid, like hashGrid,
// but in one array over the points' bounding box: each cell's points lie
// together (ids[start[i]:start[i+1]], in the order they were filed), so a
// query reads slices instead of looking cells up in a map. It holds the
// points of one phase's iteration and is rebuilt at each; the force
// loop visits the same cells in the same order, and each cell's points in
// the same order, as hashGrid.near, so the forces are the same to the bit.
// A box with many more cells than points (a level spread thin) is not
// built: build reports false and the caller keeps the hash grid.
type denseGrid struct {
	size   float64
	x0, y0 int32
	w, h   int32
	start  []int32
	ids    []int32
	cell   []int32
}

// denseCells: the grid is built only when its box has at most this many
// cells per point (plus denseSlack).
const (
	denseCells = 4
	denseSlack = 64
)

// build files ids at pos[id] under cells of the given size and reports
// whether the box was small enough to build.
func (g *denseGrid) build(size float64, ids []int32, pos []r2.Vec) bool {
	g.size = size
	if len(ids) == 0 {
		return false
	}
	g.cell = resize(g.cell, len(ids))
	var lo, hi hcell
	for i, v := range ids {
		c := hcellOf(pos[v], size)
		if i == 0 {
			lo, hi = c, c
		}
		lo.x, lo.y = min(lo.x, c.x), min(lo.y, c.y)
		hi.x, hi.y = max(hi.x, c.x), max(hi.y, c.y)
	}
	w, h := int64(hi.x)-int64(lo.x)+1, int64(hi.y)-int64(lo.y)+1
	if w*h > int64(denseCells*len(ids)+denseSlack) {
		return false
	}
	g.x0, g.y0, g.w, g.h = lo.x, lo.y, int32(w), int32(h)
	cells := int(w * h)
	g.start = resize(g.start, cells+1)
	clear(g.start)
	for i, v := range ids {
		c := hcellOf(pos[v], size)
		k := (c.y-g.y0)*g.w + (c.x - g.x0)
		g.cell[i] = k
		g.start[k+1]++
	}
	for k := range cells {
		g.start[k+1] += g.start[k]
	}
	g.ids = resize(g.ids, len(ids))
	// Fill each cell in filing order, with start[k] as its cursor, then
	// shift the cursors back to the cells' starts.
	for i, v := range ids {
		k := g.cell[i]
		g.ids[g.start[k]] = v
		g.start[k]++
	}
	for k := cells; k > 0; k-- {
		g.start[k] = g.start[k-1]
	}
	g.start[0] = 0
	return true
}

// around returns the points of the 3×3 cells around p, cell by cell in
// hashGrid.near's order: every point within size of p, and some farther
// ones.
func (g *denseGrid) around(p r2.Vec) (cells [9][]int32) {
	c := hcellOf(p, g.size)
	i := 0
	for dy := int32(-1); dy <= 1; dy++ {
		for dx := int32(-1); dx <= 1; dx++ {
			cells[i] = g.at(c.x+dx, c.y+dy)
			i++
		}
	}
	return cells
}

// at returns the points filed under cell (x, y), none outside the box.
func (g *denseGrid) at(x, y int32) []int32 {
	x, y = x-g.x0, y-g.y0
	if x < 0 || y < 0 || x >= g.w || y >= g.h {
		return nil
	}
	k := y*g.w + x
	return g.ids[g.start[k]:g.start[k+1]]
}
