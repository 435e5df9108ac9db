package layout

import (
	"math"
	"slices"

	"gonum.org/v1/gonum/spatial/r2"
)

// activeFrame is the part of a drawing a phase works on: the active
// vertices, which move, and the local ones, which they can feel (the active
// ones, their neighbours, and everything within reach plus a margin for
// drift), found through the frame index.
type activeFrame struct {
	active   []int32
	isActive []bool
	local    []int32
	isLocal  []bool
	// origin holds the active vertices' positions when the frame was
	// built; extent is how far beyond reach the frame looks, and an active
	// vertex that drifts half of it from its origin rebuilds the frame.
	origin []r2.Vec
	extent float64
	// maxR is the largest room radius.
	maxR float64
	// index files every vertex and corridor for buildFrame.
	index frameIndex
}

// setActive makes ids (every vertex of n for nil) the active vertices,
// in increasing order.
func (f *activeFrame) setActive(n int, ids []int) {
	f.isActive = resize(f.isActive, n)
	clear(f.isActive)
	f.active = f.active[:0]
	if ids == nil {
		for v := range n {
			f.active = append(f.active, int32(v))
			f.isActive[v] = true
		}
		return
	}
	for _, v := range ids {
		if v >= 0 && v < n && !f.isActive[v] {
			f.isActive[v] = true
			f.active = append(f.active, int32(v))
		}
	}
	slices.Sort(f.active)
}

// buildFrame finds the local vertices: the active ones, their neighbours,
// and every vertex within reach (plus a margin for drift) of an active one.
func (d *drawing) buildFrame() {
	n := len(d.Pos)
	d.isLocal = resize(d.isLocal, n)
	d.origin = resize(d.origin, n)
	d.local = d.local[:0]
	if len(d.active) == n {
		for v := range n {
			d.isLocal[v] = true
			d.local = append(d.local, int32(v))
		}
		d.extent = math.Inf(1)
		return
	}
	clear(d.isLocal)
	d.extent = d.reach() + float64(3*d.maxMove())
	mark := func(v int32) {
		if !d.isLocal[v] {
			d.isLocal[v] = true
			d.local = append(d.local, v)
		}
	}
	for _, v := range d.active {
		d.origin[v] = d.Pos[v]
		mark(v)
		for _, h := range d.g.Neighbors(int(v)) {
			mark(int32(h.To))
		}
	}
	// Every vertex within the frame of an active vertex, and every corridor
	// passing within it (a long corridor can pass by with both ends far
	// away), found through the frame index.
	d.frameFromIndex(mark)
	slices.Sort(d.local)
}
