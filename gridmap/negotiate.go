package gridmap

import (
	"fmt"
	"slices"
)

// Negotiated congestion. Corridors are routed one at a time, and a
// corridor may not come within a cell of another, so the first corridors
// can wall in a later one: two corridors taking the door places on either
// side of the one a third needs, or an L-shaped corridor passing between
// a room and its neighbour. When greedy routing leaves a corridor with no
// way, the map stage negotiates, after PathFinder (McMurchie and Ebeling,
// "PathFinder: a negotiation-based performance-driven router for FPGAs",
// 1995): other corridors become a cost instead of an obstacle, the
// corridors in conflict (closer than a cell to another) are ripped up and
// routed again, round after round, while the cost of a cell grows with
// the corridors near it now (present) and with the rounds it was fought
// over (history), until every corridor keeps a cell from every other.
// Rooms' cells and the cells reserved for a room's doors stay obstacles.
const (
	// negotiateRounds bounds the rounds of rip-up and reroute.
	negotiateRounds = 16
	// presentFirst is the first round's cost, in quarter cells, of each
	// other corridor cell within a cell of a brush cell; it doubles every
	// round up to presentMax.
	presentFirst = 2
	presentMax   = 1 << 14
	// historyStep is what a round adds to the cost of each cell where
	// corridors conflict.
	historyStep = 3
)

// negotiation is the state of one negotiated routing: the present factor,
// each cell's history, and which corridors hold each cell: claims counts
// them and claimSum adds their indices plus one, so that a cell held by
// corridor k alone (claims 1, claimSum k+1) is told from one held by
// another without a list per cell (a corridor holds a cell at most once).
type negotiation struct {
	present  int32
	hist     []int32
	claims   []uint16
	claimSum []int32
}

// hold adds d (1 or −1) to the claims of corridor k on cells.
func (n *negotiation) hold(k int32, cells []int, d int) {
	for _, i := range cells {
		n.claims[i] = uint16(int(n.claims[i]) + d)
		n.claimSum[i] += int32(d) * (k + 1)
	}
}

// conflict reports whether a cell of another corridor than k lies within
// a cell (corners included) of cell i: what g.corrNear1[i] says with k's
// own cells taken out of the counts, without taking them out.
func (n *negotiation) conflict(g *grid, k int32, i int) bool {
	x, y := i%g.w, i/g.w
	for ny := max(0, y-1); ny <= min(g.h-1, y+1); ny++ {
		for nx := max(0, x-1); nx <= min(g.w-1, x+1); nx++ {
			j := ny*g.w + nx
			if c := n.claims[j]; c > 1 || c == 1 && n.claimSum[j] != k+1 {
				return true
			}
		}
	}
	return false
}

// congestion is the extra cost of the brush at p during a negotiation: its
// cells' history, and present for each other corridor cell within a cell
// of each of them. It is 0 outside a negotiation.
func (r *router) congestion(p Point) int32 {
	n := r.neg
	if n == nil {
		return 0
	}
	g := r.g
	var c int32
	for y := p.Y; y < p.Y+r.width; y++ {
		for x := p.X; x < p.X+r.width; x++ {
			i := y*g.w + x
			c += n.hist[i] + n.present*int32(g.corrNear1[i])
		}
	}
	return c
}

// brushCells returns the cells a corridor's path covers with a width ×
// width brush, sorted, each once.
func brushCells(path []Point, width, w int) []int {
	out := make([]int, 0, len(path)*width)
	for _, a := range path {
		for y := a.Y; y < a.Y+width; y++ {
			for x := a.X; x < a.X+width; x++ {
				out = append(out, y*w+x)
			}
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// negotiate routes the corridors of paths that have none (nil) and moves
// the others until no two are closer than a cell, or returns the error of
// a corridor still in conflict after negotiateRounds rounds (a routeError,
// so that Build spreads the rooms). On success every corridor's cells are
// claimed in g.
func (b *builder) negotiate(g *grid, rt *router, at []Point, order []int32, paths [][]Point) error {
	width := b.o.CorridorWidth
	cells := make([][]int, len(paths))
	for k, path := range paths {
		if path == nil {
			continue
		}
		// The greedy pass claimed these cells; during the negotiation
		// g.own holds rooms only (door cells back to their rooms), and
		// corridors are in the counts alone.
		cells[k] = brushCells(path, width, g.w)
		for _, i := range cells[k] {
			g.own[i] = b.roomAt(at, cellPoint(i, g.w), b.p.ends[k])
		}
	}
	n := g.w * g.h
	neg := &negotiation{present: presentFirst, hist: make([]int32, n), claims: make([]uint16, n), claimSum: make([]int32, n)}
	for k := range paths {
		neg.hold(int32(k), cells[k], 1)
	}
	rt.neg = neg
	defer func() { rt.neg = nil }()
	// inConflict reports whether any of corridor k's cells is within a cell
	// of another corridor's.
	inConflict := func(k int32) bool {
		return slices.ContainsFunc(cells[k], func(i int) bool { return neg.conflict(g, k, i) })
	}
	// take adds corridor k's cells to the counts (d = 1) or takes them
	// out (d = −1).
	take := func(k int32, d int) {
		for _, i := range cells[k] {
			g.near(i, d)
		}
		neg.hold(k, cells[k], d)
	}
	for range negotiateRounds {
		if err := b.ctx.Err(); err != nil {
			return err
		}
		for _, k := range order {
			if paths[k] != nil {
				if !inConflict(k) {
					continue
				}
				take(k, -1)
			}
			path, ok := b.routeOne(rt, at, k)
			if rt.stopped {
				return b.ctx.Err()
			}
			if !ok {
				// Not even through other corridors: rooms or reserved door
				// cells wall it in.
				return noRoute(b.p, k)
			}
			paths[k], cells[k] = path, brushCells(path, width, g.w)
			take(k, 1)
		}
		conflicts := false
		for _, k := range order {
			for _, i := range cells[k] {
				if neg.conflict(g, k, i) {
					neg.hist[i] += historyStep
					conflicts = true
				}
			}
		}
		if !conflicts {
			for k := range paths {
				for _, i := range cells[k] {
					g.own[i] = g.nRooms + int32(k)
				}
			}
			return nil
		}
		neg.present = min(2*neg.present, presentMax)
	}
	// Still in conflict: report the first corridor that is, and the one
	// it comes too near. Such a pair persists at every scale when one of
	// them takes a way the layout's drawing puts on the other side of the
	// other's rooms (see NOTES.md, the map stage): pricing conflicts does
	// not move a corridor across a room.
	for _, k := range order {
		if inConflict(k) {
			return b.stillInConflict(g, neg, k, cells[k])
		}
	}
	return noRoute(b.p, order[0])
}

// stillInConflict is the error of corridor k, whose cells are cells (sorted),
// still within a cell of another corridor when the rounds run out.
func (b *builder) stillInConflict(g *grid, n *negotiation, k int32, cells []int) error {
	for _, i := range cells {
		x, y := i%g.w, i/g.w
		for ny := max(0, y-1); ny <= min(g.h-1, y+1); ny++ {
			for nx := max(0, x-1); nx <= min(g.w-1, x+1); nx++ {
				j := ny*g.w + nx
				c, s := int(n.claims[j]), n.claimSum[j]
				if _, own := slices.BinarySearch(cells, j); own {
					c, s = c-1, s-(k+1)
				}
				if c == 1 {
					return &routeError{fmt.Sprintf("gridmap: %s: still within a cell of %s after %d rounds of negotiation", b.p.corridorName(k), b.p.corridorName(s-1), negotiateRounds), k}
				}
			}
		}
	}
	// Its neighbours claim cells near it together: no one corridor to name.
	return &routeError{fmt.Sprintf("gridmap: %s: still within a cell of other corridors after %d rounds of negotiation", b.p.corridorName(k), negotiateRounds), k}
}

// cellPoint returns the point of cell index i on a grid w cells wide.
func cellPoint(i, w int) Point { return Point{i % w, i / w} }

// roomAt returns the room of corridor ends e whose footprint holds c, else
// -1: a corridor's cells lie outside every footprint but its doors.
func (b *builder) roomAt(at []Point, c Point, e [2]int32) int32 {
	for _, r := range e {
		a, f := at[r], &b.fps[r]
		if c.X >= a.X && c.Y >= a.Y && c.X < a.X+f.w && c.Y < a.Y+f.h {
			return r
		}
	}
	return -1
}
