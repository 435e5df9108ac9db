package layout

import (
	"cmp"
	"fmt"
	"math"
	"slices"

	"gonum.org/v1/gonum/spatial/r2"

	"github.com/dungraph/dungraph/geom"
)

// Disc is a room as the intersection check sees it: the closed disc of
// radius Radius about Center, named by the room's ID. Cosmetic rooms
// (chasms, features) are rooms like any other here: they occupy space, so
// they may not overlap another room or sit on a corridor.
type Disc struct {
	ID     int
	Center r2.Vec
	Radius float64
}

// Corridor joins the rooms with ids A and B. It is the closed segment
// between the two rooms' centres. A cosmetic corridor is not walked, so it
// may cross anything; it is ignored by the check.
type Corridor struct {
	A, B     int
	Cosmetic bool
}

// Link names a corridor by the ids of its two rooms, lower id first.
type Link struct{ A, B int }

// ConflictKind says what is wrong with a drawing.
type ConflictKind uint8

const (
	// RoomRoom: two room discs overlap or touch.
	RoomRoom ConflictKind = iota + 1
	// RoomCorridor: a room disc overlaps or touches a non-cosmetic
	// corridor that does not end in it.
	RoomCorridor
	// CorridorCorridor: two non-cosmetic corridors with no room in common
	// cross, touch or overlap.
	CorridorCorridor
	// InvalidRoom: a room's centre or radius is not finite, its radius is
	// negative, it is so large that centre ± radius overflows, or its id
	// is already used by an earlier room. Such a room cannot be placed; it
	// and its corridors are left out of the other checks.
	InvalidRoom
	// InvalidCorridor: a corridor names a room id that no room has. It is
	// left out of the other checks.
	InvalidCorridor
)

func (k ConflictKind) String() string {
	switch k {
	case RoomRoom:
		return "room-room"
	case RoomCorridor:
		return "room-corridor"
	case CorridorCorridor:
		return "corridor-corridor"
	case InvalidRoom:
		return "invalid-room"
	case InvalidCorridor:
		return "invalid-corridor"
	}
	return fmt.Sprintf("ConflictKind(%d)", uint8(k))
}

// Conflict is one offending pair in a drawing. Fields that do not apply to
// its Kind are zero.
type Conflict struct {
	Kind ConflictKind
	// Room is the room of a RoomCorridor or InvalidRoom conflict, and the
	// lower id of a RoomRoom conflict.
	Room int
	// Room2 is the higher id of a RoomRoom conflict.
	Room2 int
	// Corridor is the corridor of a RoomCorridor or InvalidCorridor
	// conflict and the lower (A, then B) of a CorridorCorridor conflict.
	Corridor Link
	// Corridor2 is the higher corridor of a CorridorCorridor conflict.
	Corridor2 Link
	// Depth is how far the pair interpenetrates, for metrics and repair:
	// r1 + r2 − |c1 − c2| for RoomRoom, r − dist(c, corridor) for
	// RoomCorridor, 0 when they only touch and for the other kinds. It is
	// computed in floating point and never negative; the decision itself is
	// exact.
	Depth float64
}

func (c Conflict) String() string {
	switch c.Kind {
	case RoomRoom:
		return fmt.Sprintf("room %d overlaps room %d (depth %g)", c.Room, c.Room2, c.Depth)
	case RoomCorridor:
		return fmt.Sprintf("room %d overlaps corridor %d-%d (depth %g)", c.Room, c.Corridor.A, c.Corridor.B, c.Depth)
	case CorridorCorridor:
		return fmt.Sprintf("corridor %d-%d crosses corridor %d-%d", c.Corridor.A, c.Corridor.B, c.Corridor2.A, c.Corridor2.B)
	case InvalidRoom:
		return fmt.Sprintf("room %d is invalid: a non-finite or negative size or position, or an id used twice", c.Room)
	case InvalidCorridor:
		return fmt.Sprintf("corridor %d-%d names a room that is not in the drawing", c.Corridor.A, c.Corridor.B)
	}
	return fmt.Sprintf("%v conflict", c.Kind)
}

// compareConflicts orders conflicts canonically. It returns early rather
// than use cmp.Or, which would evaluate every comparison: sorting a badly
// broken drawing's conflicts is a visible part of Check's cost.
func compareConflicts(a, b Conflict) int {
	switch {
	case a.Kind != b.Kind:
		return cmp.Compare(a.Kind, b.Kind)
	case a.Room != b.Room:
		return cmp.Compare(a.Room, b.Room)
	case a.Room2 != b.Room2:
		return cmp.Compare(a.Room2, b.Room2)
	case a.Corridor != b.Corridor:
		return compareLinks(a.Corridor, b.Corridor)
	}
	return compareLinks(a.Corridor2, b.Corridor2)
}

func compareLinks(a, b Link) int {
	if a.A != b.A {
		return cmp.Compare(a.A, b.A)
	}
	return cmp.Compare(a.B, b.B)
}

// Check returns every conflict in the drawing of rooms and corridors, in
// canonical order (by Kind, then Room, Room2, Corridor, Corridor2), each
// pair once; nil when the drawing is valid. The rules:
//
//   - Two rooms conflict when their discs share a point: touching counts,
//     since a wall shared by two rooms merges them in play.
//   - A room conflicts with a non-cosmetic corridor that does not end in it
//     when the corridor's segment, centre to centre, shares a point with the
//     room's disc; tangent counts. Only the part of a corridor outside its
//     own two rooms is walked, but a room meeting the part inside an end
//     room also meets that end room, so testing the whole segment fails the
//     same drawings and is simpler to state.
//   - Two non-cosmetic corridors with no room in common conflict when their
//     segments share a point: a proper crossing, an end of one on the other
//     (possible only through a room on a corridor, which is reported too),
//     or a collinear overlap. Corridors with a common room meet there by
//     construction; if one runs along the other, the other's far room lies
//     on it, which the room rule reports.
//   - A corridor from a room to itself has no part outside its room and is
//     ignored. Corridors given twice are reported once.
//
// Every decision is exact (package geom): no epsilon, the same answer on
// every platform. Malformed input is reported, not a panic: a room whose id
// an earlier room already has is an InvalidRoom, and a corridor naming an id
// that no room has is an InvalidCorridor. It is Checker.Check on a fresh
// Checker; reuse a Checker to avoid allocating.
func Check(rooms []Disc, corridors []Corridor) []Conflict {
	var c Checker
	return c.Check(rooms, corridors)
}

// Checker checks drawings, keeping its grid and scratch storage from one
// call to the next. The zero value is ready to use. A Checker is not safe
// for concurrent use.
type Checker struct {
	// Limit, if positive, stops a check once it has found Limit conflicts.
	// The result is then a subset of the conflicts, still sorted and still
	// the same for the same input, which is enough to reject a drawing and
	// say why; Limit 1 makes Check a fast validity test, and bounds its
	// cost on a badly broken drawing, whose conflicts can number in the
	// square of its rooms. Default 0: no limit.
	Limit int

	ids   idIndex
	valid []bool     // by room index
	segs  []checkSeg // non-cosmetic corridors between valid rooms
	// dangling holds the corridors that name an unknown room.
	dangling []Link
	stamp    []uint32   // by grid item: the query that last saw it
	query    uint32     // current query's stamp
	g        grid       // rooms are items 0..len(rooms)-1, segments follow
	out      []Conflict // scratch, copied to the caller's slice
	// segCells[k] is where segment k's cells start in g.pairs, which keeps
	// the registrations in order after the grid is built.
	segCells []int
	scratch  [3][]int32 // for dropRepeats
	// cellSide, if positive, overrides the grid's cell side; tests use it
	// to check that the answer does not depend on the grid.
	cellSide float64
}

// checkSeg is a corridor as the check sees it: room indices, lower id
// first, and the segment between their centres in that direction, so a
// corridor given twice or reversed gives identical segments.
type checkSeg struct {
	a, b int32
	p, q r2.Vec
	link Link
}

// Check is like the package-level Check, with c.Limit.
func (c *Checker) Check(rooms []Disc, corridors []Corridor) []Conflict {
	c.unordered(rooms, corridors)
	if len(c.out) == 0 {
		return nil
	}
	// Each pair was tested once (rooms against later rooms, corridors
	// against later corridors, repeats dropped), so there is nothing to
	// merge, only to order.
	slices.SortFunc(c.out, compareConflicts)
	out := c.out
	if c.Limit > 0 && len(out) > c.Limit {
		out = out[:c.Limit] // a room or corridor may have added several
	}
	return slices.Clone(out)
}

// unordered is Check without the final ordering and copy: the conflicts in
// the order they were found, in the Checker's own storage, valid until its
// next call. The found order is a pure function of the input, so results
// built from it are reproducible; the force drawing uses it for the pairs
// that bound its moves, where order does not matter and sorting thousands of
// near pairs would cost more than finding them.
func (c *Checker) unordered(rooms []Disc, corridors []Corridor) []Conflict {
	c.prepare(rooms, corridors)
	c.out = c.out[:0]
	for i, r := range rooms {
		if !c.valid[i] && !c.full() {
			c.out = append(c.out, Conflict{Kind: InvalidRoom, Room: r.ID})
		}
	}
	for _, l := range c.dangling {
		if !c.full() {
			c.out = append(c.out, Conflict{Kind: InvalidCorridor, Corridor: l})
		}
	}
	c.checkRooms(rooms)
	c.checkCorridors(len(rooms))
	return c.out
}

func (c *Checker) full() bool { return c.Limit > 0 && len(c.out) >= c.Limit }

// checkRooms tests each room against the rooms after it and the corridors
// that share a cell with it.
func (c *Checker) checkRooms(rooms []Disc) {
	g := &c.g
	for i, r := range rooms {
		if !c.valid[i] {
			continue
		}
		if c.full() {
			return
		}
		c.nextQuery()
		x0, y0, x1, y1 := g.discCells(r.Center, r.Radius)
		if g.wide(x0, y0, x1, y1) {
			for b := range g.nBuckets() {
				c.roomAgainst(rooms, i, g.bucketItems(b))
			}
			continue
		}
		for y := y0; y <= y1; y++ {
			for x := x0; x <= x1; x++ {
				c.roomAgainst(rooms, i, g.cell(x, y))
			}
		}
	}
}

// roomAgainst tests room i against the rooms after it and the corridors
// not ending in it among items, skipping those this query has seen.
func (c *Checker) roomAgainst(rooms []Disc, i int, items []int32) {
	nr := int32(len(rooms))
	for _, e := range items {
		if c.stamp[e] == c.query {
			continue
		}
		c.stamp[e] = c.query
		if e < nr {
			if int(e) > i {
				c.roomRoom(rooms[i], rooms[e])
			}
			continue
		}
		if s := &c.segs[e-nr]; int(s.a) != i && int(s.b) != i {
			c.roomCorridor(rooms[i], s)
		}
	}
}

// checkCorridors tests each corridor against the corridors after it that
// share a cell with it.
func (c *Checker) checkCorridors(nRooms int) {
	nr := int32(nRooms)
	g := &c.g
	for k := range c.segs {
		if c.full() {
			return
		}
		s := &c.segs[k]
		c.nextQuery()
		for _, reg := range g.pairs[c.segCells[k]:c.segCells[k+1]] {
			for _, e := range g.bucketItems(reg.bucket) {
				if e < nr+int32(k)+1 || c.stamp[e] == c.query {
					continue
				}
				c.stamp[e] = c.query
				if t := &c.segs[e-nr]; t.a != s.a && t.a != s.b && t.b != s.a && t.b != s.b {
					c.corridorCorridor(s, t)
				}
			}
		}
	}
}

func (c *Checker) roomRoom(r, s Disc) {
	if geom.DiscGap(r.Center, r.Radius, s.Center, s.Radius) > 0 {
		return
	}
	dx, dy := float64(r.Center.X-s.Center.X), float64(r.Center.Y-s.Center.Y)
	d := math.Sqrt(float64(dx*dx) + float64(dy*dy))
	a, b := r.ID, s.ID
	if a > b {
		a, b = b, a
	}
	c.out = append(c.out, Conflict{Kind: RoomRoom, Room: a, Room2: b, Depth: max(0, float64(r.Radius+s.Radius)-d)})
}

func (c *Checker) roomCorridor(r Disc, s *checkSeg) {
	if geom.SegmentDiscGap(s.p, s.q, r.Center, r.Radius) > 0 {
		return
	}
	d := segmentDist(s.p, s.q, r.Center)
	c.out = append(c.out, Conflict{Kind: RoomCorridor, Room: r.ID, Corridor: s.link, Depth: max(0, r.Radius-d)})
}

func (c *Checker) corridorCorridor(s, t *checkSeg) {
	// Disjoint bounding boxes settle most candidates; the comparisons are
	// of input coordinates, so exact.
	if max(s.p.X, s.q.X) < min(t.p.X, t.q.X) || max(t.p.X, t.q.X) < min(s.p.X, s.q.X) ||
		max(s.p.Y, s.q.Y) < min(t.p.Y, t.q.Y) || max(t.p.Y, t.q.Y) < min(s.p.Y, s.q.Y) {
		return
	}
	if geom.SegmentsIntersect(s.p, s.q, t.p, t.q) == geom.Disjoint {
		return
	}
	a, b := s.link, t.link
	if compareLinks(a, b) > 0 {
		a, b = b, a
	}
	c.out = append(c.out, Conflict{Kind: CorridorCorridor, Corridor: a, Corridor2: b})
}

// segmentDist returns the distance from c to the segment pq in floating
// point, for metrics. The conversions keep products out of fused
// multiply-adds, so the result is the same on every platform.
func segmentDist(p, q, c r2.Vec) float64 {
	ux, uy := float64(q.X-p.X), float64(q.Y-p.Y)
	wx, wy := float64(c.X-p.X), float64(c.Y-p.Y)
	uu := float64(ux*ux) + float64(uy*uy)
	t := 0.0
	if uu > 0 {
		t = min(1, max(0, (float64(wx*ux)+float64(wy*uy))/uu))
	}
	dx, dy := float64(wx-float64(t*ux)), float64(wy-float64(t*uy))
	return math.Sqrt(float64(dx*dx) + float64(dy*dy))
}

func (c *Checker) nextQuery() {
	c.query++
	if c.query == 0 { // wrapped: old stamps could collide
		clear(c.stamp)
		c.query = 1
	}
}

// prepare validates the input, collects the corridors that matter and
// builds the grid over the valid rooms and those corridors.
func (c *Checker) prepare(rooms []Disc, corridors []Corridor) {
	c.ids.build(rooms)
	c.valid = resize(c.valid, len(rooms))
	lo := r2.Vec{X: math.Inf(1), Y: math.Inf(1)}
	hi := r2.Vec{X: math.Inf(-1), Y: math.Inf(-1)}
	nValid := 0
	for i, r := range rooms {
		ok := finite(r.Center.X) && finite(r.Center.Y) && finite(r.Radius) && r.Radius >= 0
		// The box must be finite too: a centre near the largest float
		// plus its radius overflows.
		ok = ok && finite(r.Center.X-r.Radius) && finite(r.Center.X+r.Radius) &&
			finite(r.Center.Y-r.Radius) && finite(r.Center.Y+r.Radius)
		ok = ok && !c.ids.repeated(i)
		c.valid[i] = ok
		if !ok {
			continue
		}
		nValid++
		lo.X, lo.Y = min(lo.X, r.Center.X-r.Radius), min(lo.Y, r.Center.Y-r.Radius)
		hi.X, hi.Y = max(hi.X, r.Center.X+r.Radius), max(hi.Y, r.Center.Y+r.Radius)
	}
	c.collectSegs(rooms, corridors)
	n := len(rooms) + len(c.segs)
	c.stamp = resize(c.stamp, n)
	clear(c.stamp)
	c.query = 0
	if nValid == 0 {
		lo, hi = r2.Vec{}, r2.Vec{}
	}
	c.g.reset(lo, hi, c.cellSize(rooms, lo, hi, nValid), n)
	for i, r := range rooms {
		if c.valid[i] {
			c.g.addDisc(int32(i), r.Center, r.Radius)
		}
	}
	c.segCells = c.segCells[:0]
	for k, s := range c.segs {
		c.segCells = append(c.segCells, len(c.g.pairs))
		c.g.addSegment(int32(len(rooms)+k), s.p, s.q)
	}
	c.segCells = append(c.segCells, len(c.g.pairs))
	c.g.finish()
}

// cellSize picks the grid's cell side from the sizes of things rather than
// from the area they spread over, so that a chain of rooms or clusters far
// apart get cells as fine as evenly spread rooms do: the larger of the
// typical room radius and half the typical corridor length. Finer cells
// cost registrations, coarser ones candidate pairs; on jittered lattices
// and chains of 1,000 to 100,000 rooms this was the fastest of the scales
// tried (0.35 to 1.4 times diameters and lengths). Typical means the median
// of an even sample, so that one huge room or one long corridor does not
// coarsen the grid for all, at a cost that does not grow with the drawing.
// It must run after collectSegs.
func (c *Checker) cellSize(rooms []Disc, lo, hi r2.Vec, n int) float64 {
	if c.cellSide > 0 {
		return c.cellSide
	}
	var buf [sampleSize]float64
	sample := buf[:0]
	for i := 0; i < len(rooms); i += stride(len(rooms)) {
		if c.valid[i] {
			sample = append(sample, rooms[i].Radius)
		}
	}
	r := median(sample)
	sample = buf[:0]
	for k := 0; k < len(c.segs); k += stride(len(c.segs)) {
		s := &c.segs[k]
		dx, dy := float64(s.q.X-s.p.X), float64(s.q.Y-s.p.Y)
		sample = append(sample, float64(dx*dx)+float64(dy*dy))
	}
	size := max(r, math.Sqrt(median(sample))/2)
	if size > 0 && !math.IsInf(size, 0) {
		return size
	}
	// Point rooms and no corridors: spread the rooms over the box.
	w, h := float64(hi.X-lo.X), float64(hi.Y-lo.Y)
	size = math.Sqrt(float64(w*h) / float64(max(n, 1)))
	if size > 0 && !math.IsInf(size, 0) {
		return size
	}
	if size = max(w, h); size > 0 && !math.IsInf(size, 0) {
		return size
	}
	return 1
}

// sampleSize bounds the sample cellSize takes the median of.
const sampleSize = 128

// stride returns the step that takes at most sampleSize evenly spaced
// elements of n.
func stride(n int) int { return (n + sampleSize - 1) / sampleSize }

// collectSegs gathers the non-cosmetic corridors between two distinct valid
// rooms, each once.
func (c *Checker) collectSegs(rooms []Disc, corridors []Corridor) {
	c.segs, c.dangling = c.segs[:0], c.dangling[:0]
	for _, k := range corridors {
		ia, ib := c.ids.index(k.A), c.ids.index(k.B)
		if ia < 0 || ib < 0 {
			c.dangling = append(c.dangling, Link{A: min(k.A, k.B), B: max(k.A, k.B)})
			continue
		}
		if k.Cosmetic || ia == ib || !c.valid[ia] || !c.valid[ib] {
			continue
		}
		if rooms[ia].ID > rooms[ib].ID {
			ia, ib = ib, ia
		}
		c.segs = append(c.segs, checkSeg{
			a: int32(ia), b: int32(ib),
			p: rooms[ia].Center, q: rooms[ib].Center,
			link: Link{rooms[ia].ID, rooms[ib].ID},
		})
	}
	c.dropRepeats(len(rooms))
}

// dropRepeats removes corridors given more than once, keeping the first,
// so that each pair is tested and counted (against Limit) once. It groups
// the corridors by their first room with a counting sort and marks each
// group's second rooms: linear, where sorting the pairs would not be.
func (c *Checker) dropRepeats(nRooms int) {
	if len(c.segs) < 2 {
		return
	}
	start := resize(c.scratch[0], nRooms+1)
	clear(start)
	for _, s := range c.segs {
		start[s.a+1]++
	}
	for i := 1; i <= nRooms; i++ {
		start[i] += start[i-1]
	}
	order := resize(c.scratch[1], len(c.segs))
	for k, s := range c.segs {
		order[start[s.a]] = int32(k)
		start[s.a]++
	}
	mark := resize(c.scratch[2], nRooms)
	for i := range mark {
		mark[i] = -1
	}
	dup := false
	for _, k := range order {
		s := &c.segs[k]
		if mark[s.b] == s.a {
			s.b = -1
			dup = true
			continue
		}
		mark[s.b] = s.a
	}
	c.scratch = [3][]int32{start, order, mark}
	if dup {
		c.segs = slices.DeleteFunc(c.segs, func(s checkSeg) bool { return s.b < 0 })
	}
}

func finite(f float64) bool { return !math.IsNaN(f) && !math.IsInf(f, 0) }

// median returns the median of xs (the upper one for an even count),
// reordering xs; 0 for none. Quickselect with a middle pivot: linear on
// the inputs we see, and deterministic.
func median(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	k := len(xs) / 2
	lo, hi := 0, len(xs)-1
	for lo < hi {
		pivot := xs[lo+(hi-lo)/2]
		i, j := lo, hi
		for i <= j {
			for xs[i] < pivot {
				i++
			}
			for xs[j] > pivot {
				j--
			}
			if i <= j {
				xs[i], xs[j] = xs[j], xs[i]
				i++
				j--
			}
		}
		switch {
		case k <= j:
			hi = j
		case k >= i:
			lo = i
		default:
			return xs[k]
		}
	}
	return xs[k]
}

// idIndex maps room ids to their index in the input: a table when the ids
// are dense enough, else a sorted list searched by halves.
type idIndex struct {
	min    int
	dense  []int32 // index+1 of id min+k, 0 for none
	sorted []idAt
	// dup marks, by room index, rooms whose id an earlier room has; the
	// index maps each id to its first room.
	dup []bool
}

// repeated reports whether room i's id was already used by an earlier room.
func (x *idIndex) repeated(i int) bool { return x.dup[i] }

type idAt struct{ id, i int }

func (x *idIndex) build(rooms []Disc) {
	x.dense, x.sorted = x.dense[:0], x.sorted[:0]
	x.dup = resize(x.dup, len(rooms))
	clear(x.dup)
	if len(rooms) == 0 {
		return
	}
	lo, hi := rooms[0].ID, rooms[0].ID
	for _, r := range rooms {
		lo, hi = min(lo, r.ID), max(hi, r.ID)
	}
	if span := uint64(hi) - uint64(lo); span < uint64(4*len(rooms)+64) {
		x.min = lo
		x.dense = resize(x.dense, int(span)+1)
		clear(x.dense)
		for i, r := range rooms {
			k := r.ID - lo
			if x.dense[k] != 0 {
				x.dup[i] = true
				continue
			}
			x.dense[k] = int32(i + 1)
		}
		return
	}
	for i, r := range rooms {
		x.sorted = append(x.sorted, idAt{r.ID, i})
	}
	// By id, then by index, so that the first room of an id comes first
	// and the binary search in index finds it.
	slices.SortFunc(x.sorted, func(a, b idAt) int { return cmp.Or(cmp.Compare(a.id, b.id), cmp.Compare(a.i, b.i)) })
	for i := 1; i < len(x.sorted); i++ {
		if x.sorted[i].id == x.sorted[i-1].id {
			x.dup[x.sorted[i].i] = true
		}
	}
}

// index returns the index of the room with the given id, or -1.
func (x *idIndex) index(id int) int {
	if len(x.dense) > 0 {
		k := uint64(id) - uint64(x.min)
		if k < uint64(len(x.dense)) {
			return int(x.dense[k]) - 1
		}
		return -1
	}
	i, ok := slices.BinarySearchFunc(x.sorted, id, func(a idAt, id int) int { return cmp.Compare(a.id, id) })
	if !ok {
		return -1
	}
	return x.sorted[i].i
}
