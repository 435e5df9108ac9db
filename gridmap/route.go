package gridmap

import (
	"context"
	"fmt"
	"math"
)

// Corridor routing costs, in quarter cells: a step, a bend, and a step
// beside another room's wall or within two cells of another corridor. A
// bend costs two and a half steps, so a route takes a detour of up to two
// cells to save a bend; running beside something costs most of a step
// more, so a route keeps a cell of air from other rooms and corridors
// when that costs at most a few steps.
const (
	costStep       = 4
	costBend       = 10
	costBesideRoom = 3
	costBesideCorr = 3
)

// costMax caps a search's costs. Late negotiation rounds make a step
// dear (a brush of up to params.MaxCorridorWidth² cells, each with its
// history and presentMax for each of 9 neighbours: under 2^24; a guided
// step adds at most guideCost<<20 more, see guide.cost), and a long
// corridor could take its sum past 2^31, where the radix heap's
// unsigned order and the signed comparisons would disagree. A cost or an
// estimate at costMax stays there: a step added to one never reaches
// 2^31, and f = min(cost + h, costMax) still never decreases along a
// search, as the radix heap needs. Below costMax a search is the same as
// without the cap.
const costMax = math.MaxInt32 / 2

// saturate returns c capped at costMax; c must be below 2^31, which
// holds for a saturated cost plus a step or the heuristic.
func saturate(c int32) int32 { return min(c, costMax) }

// grid is the map being built: who owns each cell, and the layers the
// router reads to keep corridors apart.
type grid struct {
	w, h   int
	nRooms int32
	// own is -1 for a free cell, r for a cell of room r's footprint, and
	// nRooms+k for a cell of corridor k.
	own []int32
	// corrNear1 and corrNear2 count the corridor cells within one and
	// two cells (Chebyshev distance) of each cell.
	corrNear1, corrNear2 []uint16
	// roomNear is r+1 for a free cell beside the footprint of room r
	// only, -1 beside several, 0 beside none.
	roomNear []int32
	// reserved is r+1 for a cell in front of a door place of room r that
	// has no door places to spare (a template with a door per corridor):
	// only r's corridors may use it.
	reserved []int32
}

func newGrid(w, h int, nRooms int) *grid {
	n := w * h
	g := &grid{w: w, h: h, nRooms: int32(nRooms), own: make([]int32, n), corrNear1: make([]uint16, n), corrNear2: make([]uint16, n), roomNear: make([]int32, n), reserved: make([]int32, n)}
	for i := range g.own {
		g.own[i] = -1
	}
	return g
}

// claimRoom marks the footprint of room r at (x0, y0).
func (g *grid) claimRoom(r int32, x0, y0, fw, fh int) {
	for y := y0 - 1; y <= y0+fh; y++ {
		for x := x0 - 1; x <= x0+fw; x++ {
			i := y*g.w + x
			if x >= x0 && x < x0+fw && y >= y0 && y < y0+fh {
				g.own[i] = r
				continue
			}
			switch g.roomNear[i] {
			case 0:
				g.roomNear[i] = r + 1
			case r + 1:
			default:
				g.roomNear[i] = -1
			}
		}
	}
}

// claimCorridor marks cell i as corridor k's.
func (g *grid) claimCorridor(k int32, i int) {
	if g.own[i] == g.nRooms+k {
		return
	}
	g.own[i] = g.nRooms + k
	g.near(i, 1)
}

// near adds d to the corridor counts around cell i: a corridor cell at i
// is within one or two cells of each cell counted.
func (g *grid) near(i int, d int) {
	x, y := i%g.w, i/g.w
	for dy := -2; dy <= 2; dy++ {
		for dx := -2; dx <= 2; dx++ {
			nx, ny := x+dx, y+dy
			if nx < 0 || ny < 0 || nx >= g.w || ny >= g.h {
				continue
			}
			j := ny*g.w + nx
			g.corrNear2[j] = uint16(int(g.corrNear2[j]) + d)
			if abs(dx) <= 1 && abs(dy) <= 1 {
				g.corrNear1[j] = uint16(int(g.corrNear1[j]) + d)
			}
		}
	}
}

// router finds corridors with A* over (cell, heading) states. Its arrays
// are reused from corridor to corridor; a generation stamp marks which
// entries belong to the current search.
type router struct {
	g      *grid
	width  int
	cost   []int32
	parent []int32
	stamp  []uint32
	gen    uint32
	goal   []int8 // heading+1 that enters the target room at each anchor
	open   stateQueue
	// neg, when not nil, makes other corridors a cost instead of an
	// obstacle (see negotiation).
	neg *negotiation
	// guide, when not nil, makes leaving the corridor's line a cost (see
	// guide).
	guide *guide
	// flood is the reachability test's state (see connected).
	flood floodState
	// ctx stops a search: every stopEvery states, routing looks at it,
	// and once it is done stopped is set and every search fails at once.
	ctx     context.Context
	work    uint32
	stopped bool
}

// stopEvery is how many search states routing expands between looks at
// its context: about a millisecond of A*.
const stopEvery = 1 << 12

// checkStop counts a search state and reports whether routing must stop:
// its context was done at the last look.
func (r *router) checkStop() bool {
	r.work++
	if r.work%stopEvery == 0 && !r.stopped && r.ctx.Err() != nil {
		r.stopped = true
	}
	return r.stopped
}

// newRouter returns a router for g, reusing the search arrays of prev (a
// router of an earlier attempt, or nil): their stamps are all older than
// its generation, so they mark nothing.
func newRouter(ctx context.Context, g *grid, width int, prev *router) *router {
	r := &router{g: g, width: width, goal: make([]int8, g.w*g.h), ctx: ctx}
	if prev != nil {
		r.cost, r.parent, r.stamp, r.gen, r.open = prev.cost, prev.parent, prev.stamp, prev.gen, prev.open
		r.flood = prev.flood
	}
	return r
}

// grow makes room for n search states. New arrays are zero, which no
// generation is, so growing keeps the stamps meaningful.
func (r *router) grow(n int) {
	if len(r.cost) >= n {
		return
	}
	r.cost, r.parent, r.stamp = make([]int32, n), make([]int32, n), make([]uint32, n)
}

// end is one end of a corridor: a room, its position and its door slots.
type end struct {
	room   int32
	x0, y0 int // the footprint's top-left cell
	slots  []doorSpot
}

// anchor returns the top-left cell of the corridor brush that stands in
// slot s of a footprint at (x0, y0): the brush's inner side lies on the
// wall.
func (r *router) anchor(x0, y0 int, s doorSpot) Point {
	x, y := x0+s.x, y0+s.y
	switch s.dir {
	case 0:
		y -= r.width - 1
	case 3:
		x -= r.width - 1
	}
	return Point{x, y}
}

// reserve keeps the cells in front of each of room ri's door slots (at
// (x0, y0)) for its own corridors.
func (r *router) reserve(ri int32, x0, y0 int, slots []doorSpot) {
	g := r.g
	for _, s := range slots {
		a := r.anchor(x0, y0, s)
		v := dirs[s.dir]
		for step := 1; step <= 2; step++ {
			for y := a.Y + step*v.Y; y < a.Y+step*v.Y+r.width; y++ {
				for x := a.X + step*v.X; x < a.X+step*v.X+r.width; x++ {
					if x >= 0 && y >= 0 && x < g.w && y < g.h && g.own[y*g.w+x] == -1 {
						g.reserved[y*g.w+x] = ri + 1
					}
				}
			}
		}
	}
}

// free reports whether the brush at anchor p can be corridor between rooms
// a and b: inside the map's border, on free cells (or cells of room allow,
// for the door itself), not reserved for another room's door and not
// beside another corridor.
func (r *router) free(p Point, allow, a, b int32, win rect) bool {
	g := r.g
	if p.X < win.x0 || p.Y < win.y0 || p.X+r.width > win.x1 || p.Y+r.width > win.y1 {
		return false
	}
	for y := p.Y; y < p.Y+r.width; y++ {
		for x := p.X; x < p.X+r.width; x++ {
			i := y*g.w + x
			if o := g.own[i]; (o != -1 && o != allow) || r.neg == nil && g.corrNear1[i] != 0 {
				return false
			}
			if v := g.reserved[i]; v != 0 && v != a+1 && v != b+1 {
				return false
			}
		}
	}
	return true
}

// besideCost is the extra cost of the brush at p for a corridor between
// rooms a and b.
func (r *router) besideCost(p Point, a, b int32) int32 {
	g := r.g
	var c int32
	room, corr := false, false
	for y := p.Y; y < p.Y+r.width; y++ {
		for x := p.X; x < p.X+r.width; x++ {
			i := y*g.w + x
			if n := g.roomNear[i]; n != 0 && n != a+1 && n != b+1 {
				room = true
			}
			if g.corrNear2[i] != 0 {
				corr = true
			}
		}
	}
	if room {
		c += costBesideRoom
	}
	if corr {
		c += costBesideCorr
	}
	return c
}

// rect is the cells x0 ≤ x < x1, y0 ≤ y < y1.
type rect struct{ x0, y0, x1, y1 int }

// route finds corridor k's cheapest brush path from a slot of from to a
// slot of to, inside win, and returns its anchors; ok is false when there
// is none. With flood, the reachability floods (see connected) look
// first, since A* fails only after every state it can reach.
func (r *router) route(k int32, from, to end, win rect, flood bool) ([]Point, bool) {
	g := r.g
	r.gen++
	if r.gen == 0 {
		clear(r.stamp)
		r.gen = 1
	}
	r.open.reset()
	// The target box bounds the anchors of every slot of to, for the
	// heuristic.
	box := rect{x0: g.w, y0: g.h, x1: -1, y1: -1}
	var goals []int
	for _, s := range to.slots {
		p := r.anchor(to.x0, to.y0, s)
		if !r.free(p, to.room, from.room, to.room, win) {
			continue
		}
		i := p.Y*g.w + p.X
		r.goal[i] = int8((s.dir+2)%4) + 1
		goals = append(goals, i)
		box.x0, box.y0 = min(box.x0, p.X), min(box.y0, p.Y)
		box.x1, box.y1 = max(box.x1, p.X), max(box.y1, p.Y)
	}
	defer func() {
		for _, i := range goals {
			r.goal[i] = 0
		}
	}()
	if len(goals) == 0 || flood && !r.connected(from, to, win, goals) {
		return nil, false
	}
	h := func(p Point) int32 {
		dx := max(box.x0-p.X, 0, p.X-box.x1)
		dy := max(box.y0-p.Y, 0, p.Y-box.y1)
		return int32(costStep * (dx + dy))
	}
	// Search states are (cell, heading) pairs of the window, numbered
	// row by row.
	ww := win.x1 - win.x0
	r.grow(4 * ww * (win.y1 - win.y0))
	state := func(p Point, d int) int32 { return int32(((p.Y-win.y0)*ww+p.X-win.x0)*4 + d) }
	at := func(st int32) Point { c := int(st / 4); return Point{c%ww + win.x0, c/ww + win.y0} }
	for _, s := range from.slots {
		p := r.anchor(from.x0, from.y0, s)
		if !r.free(p, from.room, from.room, to.room, win) {
			continue
		}
		st := state(p, s.dir)
		c := saturate(r.congestion(p) + r.guide.cost(p))
		r.stamp[st], r.cost[st], r.parent[st] = r.gen, c, -1
		r.open.push(saturate(c+h(p)), st)
	}
	for {
		it, ok := r.open.pop()
		if !ok {
			return nil, false
		}
		if r.checkStop() {
			return nil, false
		}
		st := it.s
		c := r.cost[st]
		p, dir := at(st), int(st%4)
		if it.f != saturate(c+h(p)) {
			continue // a stale entry
		}
		if r.goal[p.Y*g.w+p.X] == int8(dir)+1 && r.parent[st] >= 0 {
			var path []Point
			for s := st; s >= 0; s = r.parent[s] {
				path = append(path, at(s))
			}
			for i, j := 0, len(path)-1; i < j; i, j = i+1, j-1 {
				path[i], path[j] = path[j], path[i]
			}
			return path, true
		}
		for nd, v := range dirs {
			if nd == (dir+2)%4 {
				continue
			}
			q := Point{p.X + v.X, p.Y + v.Y}
			qi := q.Y*g.w + q.X
			allow := int32(-1)
			if r.goal[qi] == int8(nd)+1 {
				allow = to.room
			}
			if !r.free(q, allow, from.room, to.room, win) {
				continue
			}
			nc := c + costStep + r.besideCost(q, from.room, to.room) + r.congestion(q) + r.guide.cost(q)
			if nd != dir {
				nc += costBend
			}
			nc = saturate(nc)
			ns := state(q, nd)
			if r.stamp[ns] == r.gen && r.cost[ns] <= nc {
				continue
			}
			r.stamp[ns], r.cost[ns], r.parent[ns] = r.gen, nc, st
			r.open.push(saturate(nc+h(q)), ns)
		}
	}
}

// routeError is a map that a larger scale may fix: rooms that overlap
// on the grid, or a corridor (index corridor, else -1) that found no way.
type routeError struct {
	msg      string
	corridor int32
}

func (e *routeError) Error() string { return e.msg }

func noRoute(p *plan, k int32) error {
	return &routeError{fmt.Sprintf("gridmap: %s: no route on the grid between its rooms' doors", p.corridorName(k)), k}
}
