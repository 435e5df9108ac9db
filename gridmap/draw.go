package gridmap

import (
	"cmp"
	"math/bits"
	"slices"

	"github.com/dungraph/dungraph/roomshape"
)

// draw turns the routed grid into a Map: the rooms' floors, the corridors
// and their doors, the passages dug from a cave's doors to its floor, the
// entrance, the goal and the entities.
func (b *builder) draw(g *grid, at []Point, paths [][]Point, sx, sy float64, off Point) *Map {
	p := b.p
	width := b.o.CorridorWidth
	m := &Map{
		W: g.w, H: g.h, CellSize: b.cell,
		OriginX: (float64(-off.X) - 0.5) * b.cell, OriginY: (float64(-off.Y) - 0.5) * b.row,
		Cells: make([]Kind, g.w*g.h), Owner: make([]int32, g.w*g.h),
		CorridorWidth: width, ScaleX: sx, ScaleY: sy, Hex: b.o.Hex,
	}
	for i := range m.Owner {
		m.Owner[i] = -1
	}
	order := make([]int32, len(p.lv.Rooms))
	for i := range order {
		order[i] = int32(i)
	}
	slices.SortFunc(order, func(i, j int32) int { return cmp.Compare(p.lv.Rooms[i].ID, p.lv.Rooms[j].ID) })
	out := make([]int32, len(order)) // room index → index in m.Rooms
	for o, r := range order {
		out[r] = int32(o)
	}
	for r := range p.lv.Rooms {
		f := &b.fps[r]
		kind := CellFloor
		if b.shapes[r] == roomshape.Door {
			kind = CellDoor
		}
		for y := range f.h {
			for x := range f.w {
				if f.floor[y*f.w+x] {
					i := (at[r].Y+y)*g.w + at[r].X + x
					m.Cells[i], m.Owner[i] = kind, out[r]
				}
			}
		}
	}
	inside := func(r int32, c Point) bool {
		a, f := at[r], &b.fps[r]
		return c.X >= a.X && c.Y >= a.Y && c.X < a.X+f.w && c.Y < a.Y+f.h
	}
	m.Corridors = make([]Corridor, len(paths))
	for k, path := range paths {
		e := p.ends[k]
		m.Corridors[k] = Corridor{A: p.lv.Corridors[k].A, B: p.lv.Corridors[k].B, Path: path}
		for _, a := range path {
			for y := a.Y; y < a.Y+width; y++ {
				for x := a.X; x < a.X+width; x++ {
					m.Cells[y*g.w+x] = CellCorridor
				}
			}
		}
		for side, a := range [2]Point{path[0], path[len(path)-1]} {
			r := e[side]
			for y := a.Y; y < a.Y+width; y++ {
				for x := a.X; x < a.X+width; x++ {
					if c := (Point{x, y}); inside(r, c) {
						m.Cells[y*g.w+x] = CellDoor
						m.Doors = append(m.Doors, Door{Room: p.lv.Rooms[r].ID, Corridor: k, At: c})
						if b.fps[r].carve {
							b.dig(m, r, at[r], c, out[r])
						}
					}
				}
			}
		}
	}
	m.Rooms = make([]Room, len(order))
	for o, r := range order {
		rs := p.lv.Rooms[r]
		m.Rooms[o] = Room{ID: rs.ID, Tag: rs.Tag, Label: rs.Label, Shape: b.shapes[r], Depth: rs.Depth, OnCriticalPath: rs.OnCriticalPath, Entity: rs.Entity, Role: rs.Role, Key: rs.Key}
		m.Rooms[o].Bounds, m.Rooms[o].Outline, m.Rooms[o].Holes = m.outline(int32(o), Rect{at[r].X, at[r].Y, b.fps[r].w, b.fps[r].h})
	}
	m.Entrance = m.central(out[p.entrance], nil)
	m.Goal = m.central(out[p.goal], []Point{m.Entrance})
	for o := range m.Rooms {
		m.Rooms[o].At = m.central(int32(o), []Point{m.Entrance, m.Goal})
	}
	m.Cells[m.Index(m.Entrance)] = CellEntrance
	if m.Goal != m.Entrance {
		m.Cells[m.Index(m.Goal)] = CellGoal
	}
	return m
}

// dig joins door d of room r (footprint at a) to the room's floor: it
// makes floor of the shortest path of cells inside the footprint's wall
// from the cell behind the door to the nearest floor cell.
func (b *builder) dig(m *Map, r int32, a Point, d Point, room int32) {
	f := &b.fps[r]
	lx, ly := d.X-a.X, d.Y-a.Y
	var in Point
	switch {
	case ly == 0:
		in = Point{d.X, d.Y + 1}
	case ly == f.h-1:
		in = Point{d.X, d.Y - 1}
	case lx == 0:
		in = Point{d.X + 1, d.Y}
	default:
		in = Point{d.X - 1, d.Y}
	}
	interior := func(c Point) bool {
		return c.X > a.X && c.Y > a.Y && c.X < a.X+f.w-1 && c.Y < a.Y+f.h-1
	}
	from := map[Point]Point{in: in}
	queue := []Point{in}
	for len(queue) > 0 {
		c := queue[0]
		queue = queue[1:]
		if m.Owner[m.Index(c)] == room {
			for c != in {
				c = from[c]
				m.Cells[m.Index(c)], m.Owner[m.Index(c)] = CellFloor, room
			}
			return
		}
		for _, v := range dirs {
			n := Point{c.X + v.X, c.Y + v.Y}
			if _, seen := from[n]; !seen && interior(n) {
				from[n] = c
				queue = append(queue, n)
			}
		}
	}
}

// central returns the floor cell of room o nearest its bounds' centre,
// avoiding the cells in taken when the room has another, the first in row
// order among equals.
func (m *Map) central(o int32, taken []Point) Point {
	bd := m.Rooms[o].Bounds
	best, bestD, bestTaken := Point{-1, -1}, 0, true
	for y := bd.Y; y < bd.Y+bd.H; y++ {
		for x := bd.X; x < bd.X+bd.W; x++ {
			if m.Owner[y*m.W+x] != o {
				continue
			}
			c := Point{x, y}
			dx, dy := 2*x+1-2*bd.X-bd.W, 2*y+1-2*bd.Y-bd.H
			d := dx*dx + dy*dy
			t := slices.Contains(taken, c)
			if best.X < 0 || bestTaken && !t || t == bestTaken && d < bestD {
				best, bestD, bestTaken = c, d, t
			}
		}
	}
	return best
}

// outline returns the bounds of room o's cells, which lie in area, the
// outline of its outer edge and the outlines of its holes (wall islands
// inside it). The outer outline runs clockwise on screen from the top-left
// corner of its first cell in row order; each hole's runs counter-clockwise
// from its first corner in row order, so the room lies on the right of
// every edge. No corner lies on a straight run. Where two of its cells
// touch only at a corner an outline passes from one to the other, so the
// outer outline goes round the whole room.
func (m *Map) outline(o int32, area Rect) (Rect, []Point, [][]Point) {
	bd := Rect{X: area.X + area.W, Y: area.Y + area.H}
	x1, y1 := area.X-1, area.Y-1
	in := func(x, y int) bool {
		return x >= area.X && y >= area.Y && x < area.X+area.W && y < area.Y+area.H && m.Owner[y*m.W+x] == o
	}
	vw := area.W + 1
	out := make([]uint8, vw*(area.H+1)) // outgoing edge directions per corner, as bits
	vi := func(x, y int) int { return (y-area.Y)*vw + x - area.X }
	start := Point{-1, -1}
	for y := area.Y; y < area.Y+area.H; y++ {
		for x := area.X; x < area.X+area.W; x++ {
			if !in(x, y) {
				continue
			}
			if start.X < 0 {
				start = Point{x, y}
			}
			bd.X, bd.Y = min(bd.X, x), min(bd.Y, y)
			x1, y1 = max(x1, x), max(y1, y)
			if !in(x, y-1) {
				out[vi(x, y)] |= 1 << 0
			}
			if !in(x+1, y) {
				out[vi(x+1, y)] |= 1 << 1
			}
			if !in(x, y+1) {
				out[vi(x+1, y+1)] |= 1 << 2
			}
			if !in(x-1, y) {
				out[vi(x, y+1)] |= 1 << 3
			}
		}
	}
	if start.X < 0 {
		return Rect{}, nil, nil
	}
	bd.W, bd.H = x1-bd.X+1, y1-bd.Y+1
	// trace follows the edges from corner c, turning left where it can
	// (which keeps a loop apart from another at a shared corner), and
	// takes each edge it walks out of out.
	trace := func(c Point) []Point {
		first, heading := c, -1
		var poly []Point
		for {
			b := out[vi(c.X, c.Y)]
			next := -1
			if heading < 0 {
				next = bits.TrailingZeros8(b)
			}
			for _, turn := range [3]int{3, 0, 1} { // left, straight, right
				if h := (heading + turn) % 4; heading >= 0 && b&(1<<h) != 0 {
					next = h
					break
				}
			}
			if next < 0 || next > 3 {
				return poly
			}
			out[vi(c.X, c.Y)] &^= 1 << next
			if next != heading {
				poly = append(poly, c)
			}
			heading = next
			c = Point{c.X + edgeStep[heading].X, c.Y + edgeStep[heading].Y}
			if c == first && out[vi(c.X, c.Y)] == 0 {
				return poly
			}
		}
	}
	outer := trace(start)
	var holes [][]Point
	for y := bd.Y; y <= bd.Y+bd.H; y++ {
		for x := bd.X; x <= bd.X+bd.W; x++ {
			if out[vi(x, y)] != 0 {
				holes = append(holes, trace(Point{x, y}))
			}
		}
	}
	return bd, outer, holes
}

// edgeStep is the step along an outline edge of each heading: right,
// down, left, up.
var edgeStep = [4]Point{{1, 0}, {0, 1}, {-1, 0}, {0, -1}}
