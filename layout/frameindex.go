package layout

import (
	"gonum.org/v1/gonum/spatial/r2"

	"github.com/dungraph/dungraph/geom"
)

// frameIndex is a uniform grid of every vertex and corridor of a drawing,
// kept up to date as the drawing changes, so that a local phase finds its
// frame (buildFrame) at the cost of its neighbourhood instead of a pass
// over the whole level: building a level of n rooms made O(n) such
// passes, O(n²) in all.
//
// Each vertex is filed under the cell of ipos, the position it had when
// it was last indexed, and each corridor under every cell its indexed
// bounding box overlaps. A vertex is indexed again once it has drifted more
// than slack from ipos, so a query widened by slack finds every vertex and
// corridor near the current positions; the candidates are then tested
// exactly, as the Checker would, on the current positions. Cell lists and
// the corridor table change only with the drawing's own history, and the
// frame is sorted, so the frame depends on nothing else.
type frameIndex struct {
	cell, slack float64
	verts       map[hcell][]int32
	vcell       []hcell
	ipos        []r2.Vec
	indexed     []bool

	// Corridors, by slot: ends, the cell range they are filed under, and
	// the slots of each vertex's corridors.
	corrs   []indexedCorridor
	free    []int32
	ccells  map[hcell][]int32
	byVert  [][]int32
	stamp   []uint32
	query   uint32
	dirty   []int32
	isDirty []bool
	// stale says a phase of the whole drawing has moved vertices since
	// the index was last brought up to date: it is rebuilt at its next
	// use.
	stale bool
}

// live reports whether the index has been built.
func (x *frameIndex) live() bool { return x.verts != nil }

// invalidate marks the index stale.
func (x *frameIndex) invalidate() { x.stale = true }

// touch marks the vertices ids, of n, dirty: their corridors may have
// changed (a rewrite matched them).
func (x *frameIndex) touch(n int, ids []int) {
	if !x.live() {
		return
	}
	x.grow(n)
	for _, v := range ids {
		if v >= 0 && v < n {
			x.markDirty(int32(v))
		}
	}
}

type indexedCorridor struct {
	a, b   int32
	lo, hi hcell
}

// init empties the index for cells of the given size and drift slack.
func (x *frameIndex) init(cell, slack float64) {
	x.cell, x.slack, x.stale = cell, slack, false
	x.verts = make(map[hcell][]int32)
	x.ccells = make(map[hcell][]int32)
	x.vcell, x.ipos, x.indexed = x.vcell[:0], x.ipos[:0], x.indexed[:0]
	x.corrs, x.free, x.byVert = x.corrs[:0], x.free[:0], x.byVert[:0]
	x.dirty, x.isDirty = x.dirty[:0], x.isDirty[:0]
}

// grow makes room for n vertices and marks the new ones dirty.
func (x *frameIndex) grow(n int) {
	for v := len(x.vcell); v < n; v++ {
		x.vcell = append(x.vcell, hcell{})
		x.ipos = append(x.ipos, r2.Vec{})
		x.indexed = append(x.indexed, false)
		x.byVert = append(x.byVert, nil)
		x.isDirty = append(x.isDirty, false)
		x.markDirty(int32(v))
	}
}

// markDirty queues v to be indexed again, with its corridors.
func (x *frameIndex) markDirty(v int32) {
	if !x.isDirty[v] {
		x.isDirty[v] = true
		x.dirty = append(x.dirty, v)
	}
}

// drifted marks v dirty if it has moved more than slack from where it is
// indexed.
func (x *frameIndex) drifted(v int32, p r2.Vec) {
	if norm2(r2.Sub(p, x.ipos[v])) > x.slack*x.slack {
		x.markDirty(v)
	}
}

// flush indexes every dirty vertex at its current position and files its
// corridors again.
func (x *frameIndex) flush(d *drawing) {
	// First every vertex, then the corridors, so that a corridor is filed
	// with both ends' new positions.
	for _, v := range x.dirty {
		c := hcellOf(d.Pos[v], x.cell)
		if x.indexed[v] {
			if c != x.vcell[v] {
				x.verts[x.vcell[v]] = remove(x.verts[x.vcell[v]], v)
				x.verts[c] = append(x.verts[c], v)
			}
		} else {
			x.verts[c] = append(x.verts[c], v)
			x.indexed[v] = true
		}
		x.vcell[v], x.ipos[v] = c, d.Pos[v]
	}
	for _, v := range x.dirty {
		for len(x.byVert[v]) > 0 {
			x.unfile(x.byVert[v][0])
		}
	}
	for _, v := range x.dirty {
		for _, h := range d.g.Neighbors(int(v)) {
			w := int32(h.To)
			// Each corridor once: from its lower end when both ends are
			// dirty, else from v (every corridor of a dirty vertex was
			// dropped above).
			if h.Cosmetic || (x.isDirty[w] && w < v) {
				continue
			}
			x.file(min(v, w), max(v, w))
		}
	}
	for _, v := range x.dirty {
		x.isDirty[v] = false
	}
	x.dirty = x.dirty[:0]
}

// file files corridor ab under the cells of its indexed bounding box.
func (x *frameIndex) file(a, b int32) {
	pa, pb := x.ipos[a], x.ipos[b]
	lo := hcellOf(r2.Vec{X: min(pa.X, pb.X), Y: min(pa.Y, pb.Y)}, x.cell)
	hi := hcellOf(r2.Vec{X: max(pa.X, pb.X), Y: max(pa.Y, pb.Y)}, x.cell)
	var k int32
	if n := len(x.free); n > 0 {
		k, x.free = x.free[n-1], x.free[:n-1]
	} else {
		k = int32(len(x.corrs))
		x.corrs = append(x.corrs, indexedCorridor{})
		x.stamp = append(x.stamp, 0)
	}
	x.corrs[k] = indexedCorridor{a: a, b: b, lo: lo, hi: hi}
	for cy := lo.y; cy <= hi.y; cy++ {
		for cx := lo.x; cx <= hi.x; cx++ {
			c := hcell{cx, cy}
			x.ccells[c] = append(x.ccells[c], k)
		}
	}
	x.byVert[a] = append(x.byVert[a], k)
	x.byVert[b] = append(x.byVert[b], k)
}

// unfile removes corridor slot k from its cells and its ends' lists.
func (x *frameIndex) unfile(k int32) {
	c := x.corrs[k]
	for cy := c.lo.y; cy <= c.hi.y; cy++ {
		for cx := c.lo.x; cx <= c.hi.x; cx++ {
			h := hcell{cx, cy}
			x.ccells[h] = remove(x.ccells[h], k)
		}
	}
	x.byVert[c.a] = remove(x.byVert[c.a], k)
	x.byVert[c.b] = remove(x.byVert[c.b], k)
	x.free = append(x.free, k)
}

// remove deletes the first v from s, not keeping the order.
func remove(s []int32, v int32) []int32 {
	for i, e := range s {
		if e == v {
			s[i] = s[len(s)-1]
			return s[:len(s)-1]
		}
	}
	return s
}

// near calls vertex for every vertex, and corridor for every corridor slot
// once, filed in a cell that the square of half-side r+slack around p
// overlaps: a superset of those within r of p.
func (x *frameIndex) near(p r2.Vec, r float64, vertex func(int32), corridor func(indexedCorridor)) {
	r += x.slack
	lo := hcellOf(r2.Vec{X: float64(p.X - r), Y: float64(p.Y - r)}, x.cell)
	hi := hcellOf(r2.Vec{X: float64(p.X + r), Y: float64(p.Y + r)}, x.cell)
	x.query++
	if x.query == 0 {
		clear(x.stamp)
		x.query = 1
	}
	for cy := lo.y; cy <= hi.y; cy++ {
		for cx := lo.x; cx <= hi.x; cx++ {
			c := hcell{cx, cy}
			for _, v := range x.verts[c] {
				vertex(v)
			}
			for _, k := range x.ccells[c] {
				if x.stamp[k] != x.query {
					x.stamp[k] = x.query
					corridor(x.corrs[k])
				}
			}
		}
	}
}

// frameFromIndex marks the local vertices of a local phase as buildFrame
// defines them, through the index: every vertex whose point lies in an
// active vertex's disc inflated by the frame, and both ends of every
// corridor that disc touches and does not end in. The tests are the
// Checker's exact ones on the current positions.
func (d *drawing) frameFromIndex(mark func(int32)) {
	x := &d.index
	if !x.live() || x.stale || x.cell != d.extent {
		// First use, or every vertex may have moved (a phase of the whole
		// drawing ran), or the frame changed: index everything.
		x.init(d.extent, d.maxMove())
	}
	x.grow(len(d.Pos))
	for _, v := range d.active {
		x.drifted(v, d.Pos[v])
	}
	x.flush(d)
	for _, v := range d.active {
		pv := d.Pos[v]
		r := d.extent + d.Radius[v]
		x.near(pv, r, func(u int32) {
			if u != v && !d.isLocal[u] && geom.DiscGap(pv, r, d.Pos[u], 0) <= 0 {
				mark(u)
			}
		}, func(c indexedCorridor) {
			if c.a == v || c.b == v || (d.isLocal[c.a] && d.isLocal[c.b]) {
				return
			}
			if geom.SegmentDiscGap(d.Pos[c.a], d.Pos[c.b], pv, r) <= 0 {
				mark(c.a)
				mark(c.b)
			}
		})
	}
}
