package raster

import (
	"errors"
	"fmt"
	"math"
	"slices"
)

// ErrTooManyCells is wrapped by the error of a raster that would have more
// than Options.MaxCells tiles.
var ErrTooManyCells = errors.New("too many tiles")

// maxCoord bounds coordinates in cell units, so that tile numbers are exact
// in a float64 and fit in an int.
const maxCoord = 1 << 50

// Rasterise lays lv out on tiles of opts.Cell world units and checks the
// result.
//
// Its error is a *CheckError, which lists every problem and suggests a
// smaller cell size that works, when the level is valid but the tiles are
// too coarse to keep its rooms and corridors apart; any other error is
// about lv or opts themselves (unknown rooms, coordinates that are not
// finite, a level that is not connected, a grid of more than
// opts.MaxCells tiles, ...). Rasterise never panics.
func Rasterise(lv Level, opts Options) (*Grid, error) {
	l, err := validate(lv)
	if err != nil {
		return nil, err
	}
	if opts, err = opts.withDefaults(); err != nil {
		return nil, err
	}
	g, probs, err := build(l, opts)
	if err != nil {
		return nil, err
	}
	if len(probs) > 0 {
		ce := &CheckError{Cell: opts.Cell, Problems: probs, Grid: g}
		ce.Suggestion, ce.tried = suggest(l, opts)
		return nil, ce
	}
	return g, nil
}

// builder holds the state of one rasterisation.
type builder struct {
	*Grid
	opts   Options
	probs  problems
	bodies [][]int32 // each corridor's centre line, without its doors
	// mapDoors says that the doors are a hex map's, proved by the map
	// stage, whose corridors do not leave them in a hex line (FromMap).
	mapDoors bool
}

// build rasterises l and runs the checks. It returns an error only when no
// grid can be made.
func build(l *level, opts Options) (*Grid, []Problem, error) {
	g, err := newGrid(l, opts)
	if err != nil {
		return nil, nil, err
	}
	b := &builder{Grid: g, opts: opts, probs: problems{lv: l, seen: map[string]bool{}}}
	b.placeRooms()
	b.placeCorridors()
	if opts.CorridorWidth > 1 {
		b.widen()
	}
	b.placeEnds()
	b.check()
	return g, b.probs.list, nil
}

// newGrid sizes the grid around the rooms, with a frame of wall wide enough
// for widened corridors and a forced step past a door.
func newGrid(l *level, opts Options) (*Grid, error) {
	minX, minY := math.Inf(1), math.Inf(1)
	maxX, maxY := math.Inf(-1), math.Inf(-1)
	for _, r := range l.rooms {
		hw, hh := r.W/2, r.H/2
		if opts.Shape == RoomDisc {
			hw = min(r.W, r.H) / 2
			hh = hw
		}
		minX, maxX = min(minX, r.X-hw), max(maxX, r.X+hw)
		minY, maxY = min(minY, r.Y-hh), max(maxY, r.Y+hh)
	}
	c := opts.Cell
	x0, x1, y0, y1 := minX/c, maxX/c, minY/c, maxY/c
	if opts.Lattice == Hex {
		y0, y1 = y0/sqrt3by2, y1/sqrt3by2
	}
	for _, v := range []float64{x0, x1, y0, y1} {
		if !(math.Abs(v) < maxCoord) {
			return nil, fmt.Errorf("raster: coordinates up to %v are too large for cell size %v", max(-minX, maxX, -minY, maxY), c)
		}
	}
	// Room tiles lie in the box of tiles [floor(x0), floor(x1)]; a door's
	// forced step reaches at most two tiles beyond it and a brush w/2
	// more, and the outer ring must stay wall.
	pad := float64(opts.CorridorWidth/2 + 2)
	g := &Grid{Lattice: opts.Lattice, Cell: c, lv: l}
	// kx and ky are the global numbers of the first column and row; the
	// lattice is anchored at the world origin, so a level moved by a whole
	// number of tiles gives the same grid.
	kx, ky := math.Floor(x0)-pad, math.Floor(y0)-pad
	w, h := math.Floor(x1)-kx+pad+1, math.Floor(y1)-ky+pad+1
	if opts.Lattice == Hex {
		// Rows start half a tile apart; an even first row keeps the
		// global and local layouts in step.
		ky = 2 * math.Floor(ky/2)
		w, h = w+1, math.Floor(y1)-ky+pad+2
		g.originX, g.originY = kx, float64(ky*sqrt3by2)
	} else {
		// Square tile i covers [i, i+1) cells: its centre is i + ½.
		g.originX, g.originY = kx+0.5, ky+0.5
	}
	if float64(w*h) > float64(opts.MaxCells) {
		return nil, fmt.Errorf("raster: at cell size %v the grid would be %.0f × %.0f = %.0f tiles, more than the limit of %d; use a larger cell: %w",
			c, w, h, float64(w*h), opts.MaxCells, ErrTooManyCells)
	}
	g.Width, g.Height = int(w), int(h)
	g.cells = make([]cell, g.Width*g.Height)
	for i := range g.cells {
		g.cells[i] = wallCell
	}
	g.roomTiles = make([][]int32, len(l.rooms))
	g.centre = make([]int32, len(l.rooms))
	g.doors = make([][2]doorInfo, len(l.corridors))
	for k := range g.doors {
		g.doors[k] = [2]doorInfo{{tile: -1}, {tile: -1}}
	}
	return g, nil
}

// local returns a world point in cell units relative to the grid.
func (g *Grid) local(x, y float64) (float64, float64) {
	return x/g.Cell - g.originX, y/g.Cell - g.originY
}

// roomAt returns the room of the floor tile at c, -1 for any other tile or
// outside the grid.
func (g *Grid) roomAt(c Coord) int32 {
	i, ok := g.index(c)
	if !ok || g.cells[i].kind != KindFloor {
		return -1
	}
	return g.cells[i].room
}

func (b *builder) placeRooms() {
	for ri, r := range b.lv.rooms {
		ri := int32(ri)
		cx, cy := b.local(r.X, r.Y)
		var inside func(x, y float64) bool
		var x0, x1, y0, y1 float64
		if b.opts.Shape == RoomDisc {
			rad := min(r.W, r.H) / 2 / b.Cell
			rr := float64(rad * rad)
			x0, x1, y0, y1 = cx-rad, cx+rad, cy-rad, cy+rad
			inside = func(x, y float64) bool {
				dx, dy := x-cx, y-cy
				return float64(dx*dx)+float64(dy*dy) < rr
			}
		} else {
			x0, y0 = b.local(r.X-r.W/2, r.Y-r.H/2)
			x1, y1 = b.local(r.X+r.W/2, r.Y+r.H/2)
			inside = func(x, y float64) bool { return x0 <= x && x < x1 && y0 <= y && y < y1 }
		}
		covered := false
		b.scan(x0, x1, y0, y1, func(i int, x, y float64) {
			if inside(x, y) {
				covered = true
				b.claimRoom(i, ri)
			}
		})
		if !covered {
			// Every room gets a tile: the one its centre is in.
			if i, ok := b.index(b.Lattice.TileAt(cx, cy)); ok {
				b.claimRoom(i, ri)
			}
		}
		b.centre[ri] = b.nearest(ri, cx, cy)
	}
}

// scan calls f with every tile whose centre (x, y) may lie in the box
// [x0, x1] × [y0, y1] (cell units), in row-major order.
func (b *builder) scan(x0, x1, y0, y1 float64, f func(i int, x, y float64)) {
	rowH := 1.0
	if b.Lattice == Hex {
		rowH = sqrt3by2
	}
	clamp := func(v float64, hi int) int { return int(max(min(v, float64(hi)), -1)) }
	rlo, rhi := clamp(math.Floor(y0/rowH)-1, b.Height), clamp(math.Ceil(y1/rowH)+1, b.Height)
	for r := max(rlo, 0); r <= min(rhi, b.Height-1); r++ {
		start := b.RowStart(r)
		// x = q + (centre offset of the row), the offset being r/2 on
		// hexes.
		off, _ := b.Lattice.Centre(Coord{0, r})
		qlo, qhi := clamp(math.Floor(x0-off)-1-float64(start), b.Width), clamp(math.Ceil(x1-off)+1-float64(start), b.Width)
		for col := max(qlo, 0); col <= min(qhi, b.Width-1); col++ {
			c := Coord{start + col, r}
			x, y := b.Lattice.Centre(c)
			f(r*b.Width+col, x, y)
		}
	}
}

func (b *builder) claimRoom(i int, ri int32) {
	c := &b.cells[i]
	if c.room >= 0 {
		b.probs.add(ProblemOverlap, b.coord(i), []int32{c.room, ri}, nil,
			"rooms %d and %d share tile %v", b.lv.id(c.room), b.lv.id(ri), b.coord(i))
		return
	}
	*c = cell{kind: KindFloor, room: ri, corr: -1}
	b.roomTiles[ri] = append(b.roomTiles[ri], int32(i))
}

// nearest returns the room's tile whose centre is nearest (cx, cy), ties
// to the lowest r then q; -1 if the room has no tile.
func (b *builder) nearest(ri int32, cx, cy float64) int32 {
	best, bestD := int32(-1), math.Inf(1)
	for _, t := range b.roomTiles[ri] {
		x, y := b.Lattice.Centre(b.coord(int(t)))
		dx, dy := x-cx, y-cy
		if d := float64(dx*dx) + float64(dy*dy); d < bestD {
			best, bestD = t, d
		}
	}
	return best
}

// exit finds where a corridor from room ri's centre tile a toward to
// leaves the room: a door d and the direction e from the room tile behind
// it. The door is the first tile of the line from a to to outside the
// room, if it makes a good door (see goodExit); else the good door nearest
// to it that leads toward to (past a notch of a disc room, a ragged hex
// edge or a door of another corridor in the way); else
// where the room is left going straight from a along the lattice axis
// nearest to the direction of to. ok is false if the line never leaves the
// room.
func (b *builder) exit(ri int32, a, to Coord) (d, e Coord, ok bool) {
	line := b.Lattice.line(a, to)
	i := 1
	for i < len(line) && b.roomAt(line[i]) == ri {
		i++
	}
	if i == len(line) {
		return Coord{}, Coord{}, false
	}
	d, e = line[i], line[i].sub(line[i-1])
	if b.goodExit(ri, d, e) {
		return d, e, true
	}
	if nd, ne, found := b.nearbyExit(ri, d, to.sub(a)); found {
		return nd, ne, true
	}
	axis := b.Lattice.axisToward(a, to)
	t := a.add(axis)
	for b.roomAt(t) == ri {
		t = t.add(axis)
	}
	if b.goodExit(ri, t, axis) {
		return t, axis, true
	}
	return d, e, true
}

// nearbyExit returns the good door of room ri nearest to d, by the
// distance between centres, whose direction makes an acute angle with
// toward; ties go to the room tile behind it lowest in r then q, then to
// the direction first in Neighbours order.
func (b *builder) nearbyExit(ri int32, d, toward Coord) (best, bestDir Coord, found bool) {
	dx, dy := b.Lattice.Centre(d)
	bestD := math.Inf(1)
	for _, t := range b.roomTiles[ri] {
		p := b.coord(int(t))
		for _, e := range b.Lattice.dirs() {
			c := p.add(e)
			if b.roomAt(c) >= 0 || b.Lattice.dot(e, toward) <= 0 {
				continue
			}
			x, y := b.Lattice.Centre(c)
			if dd := float64((x-dx)*(x-dx)) + float64((y-dy)*(y-dy)); dd < bestD && b.goodExit(ri, c, e) {
				best, bestDir, bestD, found = c, e, dd, true
			}
		}
	}
	return best, bestDir, found
}

// goodExit reports whether d makes a good door for room ri entered in
// direction e: d and the tile s past it in line are free (s may be
// another room's), s touches no other tile of the room, and on squares
// both tiles beside d are walls, so that the door is walked through
// straight and the corridor can start at s.
func (b *builder) goodExit(ri int32, d, e Coord) bool {
	di, ok := b.index(d)
	if !ok || b.onBorder(di) || b.cells[di].kind != KindWall {
		return false
	}
	s := d.add(e)
	si, ok := b.index(s)
	if !ok || b.onBorder(si) || b.roomAt(s) == ri || b.cells[si].kind == KindCorridor || b.cells[si].kind == KindDoor {
		return false
	}
	for _, dir := range b.Lattice.dirs() {
		if n := s.add(dir); n != d && b.roomAt(n) == ri {
			return false
		}
	}
	if b.Lattice == Square {
		side := Coord{e.R, e.Q}
		if b.cellAt(d.add(side)).kind != KindWall || b.cellAt(d.sub(side)).kind != KindWall {
			return false
		}
	}
	return true
}

func neg(c Coord) Coord { return Coord{-c.Q, -c.R} }

func (b *builder) placeCorridors() {
	b.bodies = make([][]int32, len(b.lv.corridors))
	for k, ends := range b.lv.corridors {
		k := int32(k)
		ca, cb := b.centre[ends.a], b.centre[ends.b]
		if ca < 0 || cb < 0 {
			continue // an empty room, reported by the checks
		}
		a, z := b.coord(int(ca)), b.coord(int(cb))
		dA, eA, okA := b.exit(ends.a, a, z)
		dB, eB, okB := b.exit(ends.b, z, a)
		tooClose := func(at Coord) {
			b.probs.add(ProblemDoor, at, []int32{ends.a, ends.b}, []int32{k},
				"%s: no room for its doors between the rooms at tile %v", b.lv.corridorName(k), at)
		}
		if !okA || !okB || b.roomAt(dA) == ends.b || b.roomAt(dB) == ends.a {
			tooClose(dA)
			continue
		}
		sA, sB := dA.add(eA), dB.add(eB)
		var body []Coord
		switch {
		case b.roomAt(sA) == ends.b:
			// A single door between the two rooms.
			dB, eB = dA, neg(eA)
		case b.roomAt(sB) == ends.a:
			dA, eA = dB, neg(eB)
		case sA == dB && sB == dA:
			// Two doors side by side.
		case sA == dB || sB == dA || dA == dB:
			tooClose(dA)
			continue
		default:
			body = b.Lattice.line(sA, sB)
			if slices.Contains(body, dA) || slices.Contains(body, dB) {
				tooClose(dA)
				continue
			}
		}
		b.claimDoor(k, 0, ends.a, dA, eA)
		if dB != dA {
			b.claimDoor(k, 1, ends.b, dB, eB)
		} else {
			b.doors[k][1] = doorInfo{b.doors[k][0].tile, eB}
		}
		for _, t := range body {
			b.claimBody(k, t)
		}
	}
}

func (b *builder) claimDoor(k int32, side int, room int32, d, e Coord) {
	i, ok := b.index(d)
	if !ok {
		return
	}
	b.doors[k][side] = doorInfo{int32(i), e}
	c := &b.cells[i]
	if c.kind != KindWall {
		b.crossing(k, i)
		return
	}
	dir := DoorLeftRight
	if e.Q == 0 {
		dir = DoorUpDown
	}
	if b.Lattice == Hex {
		dir = NoDoor
	}
	*c = cell{kind: KindDoor, door: dir, room: room, corr: k}
}

func (b *builder) claimBody(k int32, t Coord) {
	i, ok := b.index(t)
	if !ok {
		return
	}
	c := &b.cells[i]
	switch {
	case c.kind == KindWall:
		*c = cell{kind: KindCorridor, room: -1, corr: k}
		b.bodies[k] = append(b.bodies[k], int32(i))
	case c.kind == KindCorridor && (c.corr == k || b.lv.related(c.corr, k)):
		// Corridors from one room may merge: they are joined anyway.
		b.bodies[k] = append(b.bodies[k], int32(i))
	default:
		b.crossing(k, i)
	}
}

// crossing reports corridor k running into what is at cell i.
func (b *builder) crossing(k int32, i int) {
	c, at := b.cells[i], b.coord(i)
	ends := b.lv.corridors[k]
	if c.kind == KindFloor {
		b.probs.add(ProblemCrossing, at, []int32{c.room}, []int32{k},
			"%s runs into room %d at tile %v", b.lv.corridorName(k), b.lv.id(c.room), at)
		return
	}
	b.probs.add(ProblemCrossing, at, []int32{ends.a, ends.b}, []int32{c.corr, k},
		"%s and %s cross at tile %v", b.lv.corridorName(c.corr), b.lv.corridorName(k), at)
}

// widen carves each corridor's brush around its centre line. A brush tile
// is carved only if it touches the corridor already (so the corridor stays
// one piece) and touches no room, no door and no corridor that shares no
// room with it: widening never joins what the level keeps apart.
func (b *builder) widen() {
	var offs []Coord
	w := b.opts.CorridorWidth
	if b.Lattice == Hex {
		rad := w / 2
		for dr := -rad; dr <= rad; dr++ {
			for dq := -rad; dq <= rad; dq++ {
				if o := (Coord{dq, dr}); Hex.Distance(Coord{}, o) <= rad {
					offs = append(offs, o)
				}
			}
		}
	} else {
		lo := -(w - 1) / 2
		for dr := lo; dr < lo+w; dr++ {
			for dq := lo; dq < lo+w; dq++ {
				offs = append(offs, Coord{dq, dr})
			}
		}
	}
	// Nearest first: each tile then has a neighbour in the brush that is
	// considered before it.
	slices.SortStableFunc(offs, func(p, q Coord) int {
		return b.Lattice.steps(Coord{}, p) - b.Lattice.steps(Coord{}, q)
	})
	for k, body := range b.bodies {
		for _, t := range body {
			at := b.coord(int(t))
			for _, o := range offs {
				i, ok := b.index(at.add(o))
				if ok && b.cells[i].kind == KindWall && !b.onBorder(i) && b.carvable(i, int32(k)) {
					b.cells[i] = cell{kind: KindCorridor, room: -1, corr: int32(k)}
				}
			}
		}
	}
}

func (b *builder) carvable(i int, k int32) bool {
	ok, touches := true, false
	b.neighbours(i, func(j int) {
		switch c := b.cells[j]; c.kind {
		case KindFloor, KindDoor:
			ok = false
		case KindCorridor:
			if c.corr == k {
				touches = true
			} else if !b.lv.related(c.corr, k) {
				ok = false
			}
		}
	})
	return ok && touches
}

// placeEnds marks the spawn and goal tiles: the centre tiles of the
// entrance and goal rooms, or, when they are the same room, the goal on the
// room's tile farthest from the spawn (lattice distance, ties to the lowest
// r then q).
func (b *builder) placeEnds() {
	en, gl := b.lv.entrance, b.lv.goal
	if b.centre[en] >= 0 {
		b.Entrance = b.coord(int(b.centre[en]))
	}
	if b.centre[gl] < 0 {
		return // an empty room, reported by the checks
	}
	b.Goal = b.coord(int(b.centre[gl]))
	if en != gl {
		return
	}
	tiles := b.roomTiles[en]
	if len(tiles) == 1 {
		b.probs.add(ProblemGoal, b.Entrance, []int32{en}, nil,
			"room %d is both entrance and goal but has a single tile %v", b.lv.id(en), b.Entrance)
		return
	}
	best := -1
	for _, t := range tiles {
		c := b.coord(int(t))
		if d := b.Lattice.Distance(b.Entrance, c); d > best {
			best, b.Goal = d, c
		}
	}
}
