package layout

import (
	"math"

	"gonum.org/v1/gonum/spatial/r2"
)

// grid is a uniform grid of square cells, each listing the items (small
// integers) registered in it. It only proposes candidate pairs: an item is
// registered in every cell it could reach, segments padded against
// rounding, and the caller decides each candidate exactly.
//
// The cells are stored in a table of buckets sized by the number of items,
// not by the area: the cell side can follow the size of the rooms even
// when the drawing is mostly empty space (a long chain of rooms, clusters
// far apart) without memory growing with the area. When the box has more
// cells than buckets the table wraps around like a torus, so cells a whole
// table apart share a bucket; that only adds candidates, and neighbouring
// cells stay in neighbouring buckets, which keeps the memory access as
// local as a plain grid's. Buckets are stored compressed (one slice of
// items, one of offsets) and the storage is reused from one build to the
// next.
type grid struct {
	minX, minY float64
	size, inv  float64 // cell side and its inverse
	pad        float64 // segment cells are widened by this much
	nx, ny     int     // the box [lo, hi] in cells; cells are clamped to it
	tx, ty     int     // the table in buckets: cell (x, y) is in bucket (x mod tx, y mod ty)

	start []int32 // items of bucket b are items[start[b]:start[b+1]]
	items []int32
	pairs []cellItem // registrations in order: (bucket, item)
	cells []int32    // scratch for segCells
}

type cellItem struct{ bucket, item int32 }

// maxSide bounds the box's side in cells, so that cell coordinates fit in
// an int32 with room for the ring searches to step past the edge.
const maxSide = 1 << 30

// reset prepares an empty grid with cells of side size over the box
// [lo, hi], with buckets for about nItems items. size must be positive and
// finite, the box finite.
func (g *grid) reset(lo, hi r2.Vec, size float64, nItems int) {
	w, h := float64(hi.X-lo.X), float64(hi.Y-lo.Y)
	size = max(size, w/maxSide, h/maxSide)
	g.minX, g.minY = lo.X, lo.Y
	g.size, g.inv = size, 1/size
	g.nx = min(int(w*g.inv)+1, maxSide)
	g.ny = min(int(h*g.inv)+1, maxSide)
	// Rooms and corridors each take a few cells on the drawings we see;
	// four buckets an item keeps the load near one.
	limit := max(64, 4*nItems)
	switch {
	case g.nx <= limit/g.ny: // the whole box fits: a plain grid
		g.tx, g.ty = g.nx, g.ny
	case g.ny < g.nx:
		// Wrap the long side. A table about as square as the box, but
		// never wider or taller than the box itself.
		g.ty = min(g.ny, max(1, int(math.Sqrt(float64(limit)*float64(g.ny)/float64(g.nx)))))
		g.tx = min(g.nx, limit/g.ty)
	default:
		g.tx = min(g.nx, max(1, int(math.Sqrt(float64(limit)*float64(g.nx)/float64(g.ny)))))
		g.ty = min(g.ny, limit/g.tx)
	}
	// The pad covers the rounding in computing segment cells: far larger
	// than a few ulps of the largest coordinate, far smaller than a cell.
	mag := max(math.Abs(lo.X), math.Abs(lo.Y), math.Abs(hi.X), math.Abs(hi.Y))
	g.pad = max(g.size*0x1p-10, mag*0x1p-40)
	g.pairs = g.pairs[:0]
}

// col and row return the clamped column and row of an abscissa and an
// ordinate.
func (g *grid) col(x float64) int { return clampCell(float64(x-g.minX)*g.inv, g.nx) }
func (g *grid) row(y float64) int { return clampCell(float64(y-g.minY)*g.inv, g.ny) }

func clampCell(f float64, n int) int {
	switch {
	case !(f > 0): // also NaN
		return 0
	case f >= float64(n-1):
		return n - 1
	}
	return int(f)
}

// bucket returns the bucket of cell (x, y), 0 <= x < nx, 0 <= y < ny.
func (g *grid) bucket(x, y int) int32 {
	if x >= g.tx {
		x %= g.tx
	}
	if y >= g.ty {
		y %= g.ty
	}
	return int32(y*g.tx + x)
}

// discCells returns the range of cells of a disc's bounding box. It needs
// no pad: rounding is monotone, so when two discs, or a disc and a point,
// share a point, their computed column (and row) ranges overlap.
func (g *grid) discCells(c r2.Vec, r float64) (x0, y0, x1, y1 int) {
	return g.col(c.X - r), g.row(c.Y - r), g.col(c.X + r), g.row(c.Y + r)
}

// wide reports whether the range of cells [x0, x1] × [y0, y1] has more
// cells than there are buckets: visiting every bucket once is then the
// cheaper way to visit them all. It bounds the work for a room far larger
// than the cells.
func (g *grid) wide(x0, y0, x1, y1 int) bool {
	return (x1-x0+1)*(y1-y0+1) > g.tx*g.ty
}

// nBuckets returns the number of buckets.
func (g *grid) nBuckets() int32 { return int32(g.tx * g.ty) }

// addDisc registers item in every cell of the disc's bounding box.
func (g *grid) addDisc(item int32, c r2.Vec, r float64) {
	x0, y0, x1, y1 := g.discCells(c, r)
	if g.wide(x0, y0, x1, y1) {
		for b := range g.nBuckets() {
			g.pairs = append(g.pairs, cellItem{b, item})
		}
		return
	}
	for y := y0; y <= y1; y++ {
		for x := x0; x <= x1; x++ {
			g.pairs = append(g.pairs, cellItem{g.bucket(x, y), item})
		}
	}
}

// addSegment registers item in every cell within about pad of the segment
// pq.
func (g *grid) addSegment(item int32, p, q r2.Vec) {
	for _, b := range g.segCells(p, q) {
		g.pairs = append(g.pairs, cellItem{b, item})
	}
}

// segCells returns the buckets of the cells within about pad of the
// segment pq, column by column, in a scratch slice valid until the next
// call. In each column the segment's rows span the ordinates at the
// column's two (padded) edges; the pad in y also covers the rounding of
// that interpolation, which grows with the slope, so steep segments fall
// back to their whole y range.
func (g *grid) segCells(p, q r2.Vec) []int32 {
	g.cells = g.cells[:0]
	if p.X > q.X {
		p, q = q, p
	}
	ylo, yhi := min(p.Y, q.Y)-g.pad, max(p.Y, q.Y)+g.pad
	c0, c1 := g.col(p.X-g.pad), g.col(q.X+g.pad)
	dx, dy := float64(q.X-p.X), float64(q.Y-p.Y)
	slope := dy / dx
	mag := max(math.Abs(p.X), math.Abs(q.X), math.Abs(p.Y), math.Abs(q.Y))
	pady := g.pad + float64(float64(mag*(1+math.Abs(slope)))*0x1p-40)
	r0, r1 := g.row(ylo), g.row(yhi)
	if c1-c0+r1-r0+2 > g.tx*g.ty {
		// Longer than there are buckets: every bucket, once.
		for b := range g.nBuckets() {
			g.cells = append(g.cells, b)
		}
		return g.cells
	}
	if c0 == c1 || !(pady < float64(yhi-ylo)) {
		// One column, or so steep (vertical included) that interpolating
		// gains nothing: the whole y range in every column.
		for c := c0; c <= c1; c++ {
			g.appendColumn(c, r0, r1)
		}
		return g.cells
	}
	for c := c0; c <= c1; c++ {
		xa := float64(g.minX+float64(float64(c)*g.size)) - g.pad
		xb := float64(xa+g.size) + float64(2*g.pad)
		xa, xb = max(xa, p.X), min(xb, q.X)
		ya := float64(p.Y + float64(float64(xa-p.X)*slope))
		yb := float64(p.Y + float64(float64(xb-p.X)*slope))
		lo := max(min(ya, yb)-pady, ylo)
		hi := min(max(ya, yb)+pady, yhi)
		g.appendColumn(c, g.row(lo), g.row(hi))
	}
	return g.cells
}

func (g *grid) appendColumn(c, r0, r1 int) {
	for r := r0; r <= r1; r++ {
		g.cells = append(g.cells, g.bucket(c, r))
	}
}

// finish sorts the registrations into per-bucket lists (a counting sort,
// so items stay in registration order within a bucket).
func (g *grid) finish() {
	n := g.tx * g.ty
	g.start = resize(g.start, n+1)
	clear(g.start)
	for _, p := range g.pairs {
		g.start[p.bucket+1]++
	}
	for k := 1; k <= n; k++ {
		g.start[k] += g.start[k-1]
	}
	g.items = resize(g.items, len(g.pairs))
	// start[b] serves as the fill cursor of bucket b, then is restored.
	for _, p := range g.pairs {
		g.items[g.start[p.bucket]] = p.item
		g.start[p.bucket]++
	}
	for k := n; k > 0; k-- {
		g.start[k] = g.start[k-1]
	}
	g.start[0] = 0
}

// cell returns the items registered in cell (x, y), and in the cells that
// share its bucket.
func (g *grid) cell(x, y int) []int32 {
	return g.bucketItems(g.bucket(x, y))
}

func (g *grid) bucketItems(b int32) []int32 {
	return g.items[g.start[b]:g.start[b+1]]
}

// resize returns s with length n, reusing its storage when it is big
// enough. The contents are unspecified.
func resize[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	return s[:n]
}
