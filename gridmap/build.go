package gridmap

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/dungraph/dungraph/roomshape"
)

// Spreading and compaction. A level's rooms are placed at their layout
// positions times a scale (ScaleX, ScaleY on the Map); sizes are not
// scaled. When rooms overlap on the grid or a corridor finds no way, the
// scale grows by spreadStep, at most spreadTries times. Compaction then
// shrinks each axis by compactStep while the map still builds and passes
// its proof, at most compactTries builds in all.
const (
	spreadStep  = 1.25
	spreadTries = 10
	// quickSpreads is how many scales a cell size chosen by Build tries
	// before a finer one while negotiating; greedySpreads, routing
	// greedily (the finest cell included, since negotiation follows).
	quickSpreads  = 3
	greedySpreads = 4
	compactStep   = 0.85
	compactTries  = 12
	// rerouteTries bounds the times a corridor that found no way is moved
	// to the front of the routing order, for the whole build.
	rerouteTries = 8
	// cellsPerRoom is how many cells the median room's shorter side gets
	// when Options.Cell is 0.
	cellsPerRoom = 5
	// refinements is how many times a chosen cell that cannot hold the
	// level is tried again at 2/3 of its size (down to 16/81: about 25
	// times the cells).
	refinements = 4
)

// Build draws lv on a grid and proves the result (see Verify): a map that
// fails its proof is never returned. Problems with lv itself are reported
// all at once. Corridors are routed greedily; when that fails at every
// scale and cell within reach, they are routed again by negotiation (see
// negotiate). A level that still cannot be drawn is an error naming the
// rooms that overlap or the corridor that found no way and, for a cell
// Build chose, the cell size to choose and the crowded room (CellError).
func Build(lv Level, o Options) (*Map, error) {
	return BuildContext(context.Background(), lv, o)
}

// BuildContext is Build that gives up with ctx's error once ctx is done:
// it looks before each corridor it routes and every few thousand states
// of a corridor's search, so a level whose map takes minutes (the finest
// cells of a crowded level) stops within milliseconds of a server's
// request deadline, for one.
func BuildContext(ctx context.Context, lv Level, o Options) (*Map, error) {
	m, err := build(ctx, lv, o, spreadTries, pass{}, true)
	if ctx.Err() != nil {
		return nil, ctx.Err()
	}
	var re *routeError
	var ce *CellError
	if err != nil && (errors.As(err, &re) || errors.As(err, &ce)) {
		// Negotiation is the last resort: greedy routing at a finer cell
		// draws straighter, shorter corridors where it can (see
		// negotiate).
		nm, nerr := build(ctx, lv, o, spreadTries, pass{negotiate: true}, false)
		if nerr != nil && ctx.Err() == nil && (errors.As(nerr, &re) || errors.As(nerr, &ce)) {
			// Still no map: a corridor may have taken a way across
			// another's that the layout's drawing does not have. Guided
			// corridors keep near their lines (see guide).
			gm, gerr := build(ctx, lv, o, spreadTries, pass{negotiate: true, guided: true}, false)
			if gerr == nil {
				nm, nerr = gm, nil
			} else if ctx.Err() == nil && !errors.As(gerr, &re) && !errors.As(gerr, &ce) {
				// Not a corridor with no way but a fault, a map that
				// fails its proof: that is the error to report.
				return nil, gerr
			}
		}
		if ctx.Err() != nil {
			// A deadline that struck during compaction leaves a map
			// less compact than the same level gets with time to spare:
			// the map is not returned, so a map depends on its level only.
			return nil, ctx.Err()
		}
		if nerr == nil {
			return nm, nil
		}
		if o.Cell == 0 {
			// Of cells Build chose, the negotiating pass spread the
			// finest furthest: its failure is the one to report. An
			// explicit cell's greedy failure names a cell that works.
			return nil, nerr
		}
	}
	return m, err
}

// build is Build with at most spreads scales tried per cell size, and
// negotiation when negotiate says; an explicit cell that fails names the
// default cell in its error when suggest says and the default draws.
// pass says how a build routes: greedily, negotiating when greedy
// routing leaves a corridor with no way, and guided by the corridors'
// lines.
type pass struct {
	negotiate, guided bool
}

func build(ctx context.Context, lv Level, o Options, spreads int, ps pass, suggest bool) (*Map, error) {
	negotiate := ps.negotiate
	o, err := o.withDefaults()
	if err != nil {
		return nil, err
	}
	p, err := check(lv)
	if err != nil {
		return nil, err
	}
	b := &builder{ctx: ctx, p: p, o: o, cell: o.Cell, spreads: spreads, negotiates: negotiate, guided: ps.guided}
	if b.cell == 0 {
		b.cell = defaultCell(lv.Rooms)
		// Spreading does not give a crowded room more wall; a finer
		// cell does, and every spread makes the map 1.56 times larger
		// and its searches as much longer. The chosen cell spreads as
		// far as the levels that draw at it need (every bundled
		// ruleset's seeds 1-50 drew at scale 1.953 or less, and all
		// but three at 1.5625), then gives way to finer cells.
		b.spreads = greedySpreads
		if negotiate {
			b.spreads = quickSpreads
		}
	}
	b.row = b.cell
	if o.Hex {
		b.row = b.cell * hexRow
	}
	err = b.footprints()
	var m *Map
	var sx, sy float64
	if err == nil {
		b.assignDoors()
		m, sx, sy, err = b.spread()
	}
	var re *routeError
	if err != nil && o.Cell == 0 && (errors.As(err, &re) || b.cramped) {
		// The chosen cell cannot hold the level (a room with more
		// corridors than door places, or a corridor with no way): finer
		// cells give rooms more wall and corridors more room. The
		// finest spreads as far as an explicit cell would when
		// negotiating, the last resort.
		fine := o
		for c, i := b.cell, 0; i < refinements; i++ {
			c = float64(c*2) / 3
			fine.Cell = c
			n := greedySpreads
			if negotiate {
				n = quickSpreads
				if i == refinements-1 {
					n = spreads
				}
			}
			m, ferr := build(ctx, lv, fine, n, ps, false)
			if ferr == nil {
				return m, nil
			}
			if ctx.Err() != nil {
				return nil, ctx.Err()
			}
			err = ferr
			if ce := (*CellError)(nil); errors.As(ferr, &ce) {
				err = ce.Err
			}
		}
		return nil, &CellError{Cell: b.cell, Finest: fine.Cell, Crowded: b.crowded(err), Err: err}
	}
	if err != nil && o.Cell > 0 && (errors.As(err, &re) || b.cramped) {
		// An explicit cell that cannot hold the level: name one that can,
		// the default, when it does.
		ce := &CellError{Cell: o.Cell, Err: err}
		if def := defaultCell(lv.Rooms); suggest && def < o.Cell {
			o.Cell = def
			if _, err := BuildContext(ctx, lv, o); err == nil {
				ce.Suggestion = def
			}
		}
		return nil, ce
	}
	if err != nil {
		return nil, err
	}
	if o.Compact {
		m = b.compact(m, sx, sy)
	}
	return m, nil
}

// CellError is a level that an explicit cell size cannot draw: rooms that
// overlap on the grid or a corridor that finds no way, however far the
// rooms are spread.
type CellError struct {
	Cell float64
	// Finest is, when Build chose Cell, the finest cell it tried after
	// it; 0 for a cell of Options.
	Finest float64
	// Crowded names the room at an end of the corridor that found no
	// way with the most corridors, "" when none did.
	Crowded string
	// Suggestion is a cell size that draws the level (the default for
	// it), 0 when there is none to offer.
	Suggestion float64
	// Err says what failed at Cell, or when Build chose Cell, at
	// Finest.
	Err error
}

func (e *CellError) Error() string {
	msg := strings.TrimPrefix(e.Err.Error(), "gridmap: ")
	if lines := strings.Split(msg, "\n\t"); len(lines) > 2 {
		// One line: the first problem, and how many more.
		msg = fmt.Sprintf("%s, and %d more problems", lines[1], len(lines)-2)
	}
	if e.Finest > 0 && e.Crowded != "" {
		return fmt.Sprintf("gridmap: %s at cell sizes %.4g down to %.4g: choose a cell size below %.4g, or fewer corridors at %s", msg, e.Cell, e.Finest, e.Finest, e.Crowded)
	}
	if e.Finest > 0 {
		// Too few door places at every cell: the message names the room.
		return fmt.Sprintf("gridmap: %s at cell sizes %.4g down to %.4g", msg, e.Cell, e.Finest)
	}
	if e.Suggestion > 0 {
		return fmt.Sprintf("gridmap: cell size %v is too coarse for this level (%s); cell size %.4g works", e.Cell, msg, e.Suggestion)
	}
	return fmt.Sprintf("gridmap: cell size %v: %s", e.Cell, msg)
}

func (e *CellError) Unwrap() error { return e.Err }

// crowded names the room at an end of the corridor err found no way for
// with the most corridors, with their number, or returns "".
func (b *builder) crowded(err error) string {
	var re *routeError
	if !errors.As(err, &re) || re.corridor < 0 {
		return ""
	}
	e := b.p.ends[re.corridor]
	r := e[0]
	if len(b.p.adj[e[1]]) > len(b.p.adj[r]) {
		r = e[1]
	}
	rs := b.p.lv.Rooms[r]
	return fmt.Sprintf("room %d (tag %q, %d corridors)", rs.ID, rs.Tag, len(b.p.adj[r]))
}

// spread builds the map at scale 1, rerouting and spreading the rooms
// while it fails for want of room; it returns the map and its scale.
func (b *builder) spread() (*Map, float64, float64, error) {
	sx, sy := 1.0, 1.0
	var m *Map
	var err error
	var last *routeError
	reroutes := 0
	for try := 0; ; try++ {
		if err := b.ctx.Err(); err != nil {
			return nil, sx, sy, err
		}
		m, err = b.attempt(sx, sy, b.negotiates)
		var re *routeError
		var se *sizeError
		if errors.As(err, &se) && last != nil {
			// Spread as far as the map may grow: what failed at the
			// last scale is what to act on, not the size of the next.
			// Only the size fact: a larger cell is not the advice for a
			// corridor that needs more room (CellError gives that).
			err = &routeError{fmt.Sprintf("%s (at scale %.4g; the next scale would be %d × %d cells, more than %d)", last.msg, sx/spreadStep, se.w, se.h, se.max), last.corridor}
			break
		}
		if err == nil || !errors.As(err, &re) {
			break
		}
		last = re
		if !b.negotiates && re.corridor >= 0 && reroutes < rerouteTries && (len(b.first) == 0 || b.first[0] != re.corridor) {
			// Rip up and reroute: the corridor that found no way goes
			// first, before the corridors that walled it in.
			b.first = append([]int32{re.corridor}, slices.DeleteFunc(b.first, func(k int32) bool { return k == re.corridor })...)
			reroutes++
			try--
			continue
		}
		if try+1 >= b.spreads {
			break
		}
		sx, sy = sx*spreadStep, sy*spreadStep
	}
	return m, sx, sy, err
}

// compact shrinks the map's scale axis by axis while it still builds.
func (b *builder) compact(m *Map, sx, sy float64) *Map {
	shrinkX, shrinkY := true, true
	for try := 0; try < compactTries && (shrinkX || shrinkY); try++ {
		axisX := shrinkX && (try%2 == 0 || !shrinkY)
		nx, ny := sx, sy
		if axisX {
			nx *= compactStep
		} else {
			ny *= compactStep
		}
		next, err := b.attempt(nx, ny, false)
		switch {
		case err != nil && axisX:
			shrinkX = false
		case err != nil:
			shrinkY = false
		default:
			m, sx, sy = next, nx, ny
		}
	}
	return m
}

// defaultCell returns the cell that gives the median room's shorter side
// cellsPerRoom cells.
func defaultCell(rooms []RoomSpec) float64 {
	sides := make([]float64, 0, len(rooms))
	for _, r := range rooms {
		if s := min(r.W, r.H); s > 0 {
			sides = append(sides, s)
		}
	}
	if len(sides) == 0 {
		return 1
	}
	slices.Sort(sides)
	return sides[len(sides)/2] / cellsPerRoom
}

// builder draws one level; attempt places and routes it at one scale.
type builder struct {
	// ctx stops the build: spread between attempts, negotiate between
	// rounds, and routing (router.ctx) within an attempt.
	ctx  context.Context
	p    *plan
	o    Options
	cell float64
	// spreads bounds the scales spread tries.
	spreads int
	// negotiates says that a corridor greedy routing leaves with no way
	// is found by negotiation before the rooms are spread.
	negotiates bool
	// guided keeps every corridor near its line (see guide).
	guided bool
	// row is the distance between rows in world units: cell on squares,
	// cell·√3/2 on hexes.
	row float64
	fps []footprint
	// shapes holds each room's shape as drawn: its own, but a door with
	// more than two corridors is drawn as a rectangle.
	shapes []string
	// first lists the corridors routed before all others, in order.
	first []int32
	// rt is the last attempt's router, whose arrays the next reuses.
	rt *router
	// cramped says that a room has fewer door places than corridors,
	// which smaller cells may cure.
	cramped bool
	// doorsOf holds, for a room with two or more corridors, the door
	// slots each of its corridors (by corridor index) may use; nil for
	// others, whose corridors may use every slot.
	doorsOf []map[int32][]doorSpot
	// ring lists, for a room with doorsOf, its corridors in their cyclic
	// order around it.
	ring [][]int32
	// exact says that a room has no door places to spare: each corridor
	// has one, and the cells in front of them are reserved.
	exact []bool
}

// hexRow is the distance between the rows of a Hex map in cells: √3/2,
// correctly rounded, so that the hexagons are regular.
const hexRow = 0.8660254037844386

// cells returns a length in cells: v world units along a row, rounded, at
// least 1.
func (b *builder) cells(v float64) int {
	return max(1, int(math.Floor(v/b.cell+0.5)))
}

// rows returns a height in rows: v world units, rounded, at least 1.
func (b *builder) rows(v float64) int {
	return max(1, int(math.Floor(v/b.row+0.5)))
}

// roomRNG returns the random source of room r's own choices: derived from
// the level's seed and the room's ID, so that a room's cave does not
// change when another room does.
func (b *builder) roomRNG(r int32) *rand.Rand {
	return rand.New(rand.NewPCG(b.p.lv.Seed, uint64(b.p.lv.Rooms[r].ID)<<8|0x6d))
}

// footprints draws every room's shape, once for all scales.
func (b *builder) footprints() error {
	var errs problems
	b.fps = make([]footprint, len(b.p.lv.Rooms))
	b.shapes = make([]string, len(b.p.lv.Rooms))
	for i, r := range b.p.lv.Rooms {
		ri := int32(i)
		fw, fh := b.cells(r.W), b.rows(r.H)
		b.shapes[i] = b.p.shape(ri)
		if b.shapes[i] == roomshape.Door && len(b.p.adj[i]) > 2 {
			// A door has two sides: with more corridors it is a room.
			b.shapes[i] = roomshape.Rect
		}
		switch b.shapes[i] {
		case roomshape.Rect:
			b.fps[i] = rectFootprint(fw, fh)
		case roomshape.Disc:
			b.fps[i] = discFootprint(fw, fh)
		case roomshape.Cave:
			b.fps[i] = caveFootprint(fw, fh, b.roomRNG(ri))
		case roomshape.Door:
			b.fps[i] = doorFootprint(b.o.CorridorWidth)
		case roomshape.FromTemplate:
			b.fps[i] = b.templateFor(ri, fw, fh)
		}
		if n := len(b.fps[i].apart(b.o.CorridorWidth)); n == 0 && len(b.p.adj[i]) > 0 {
			errs.addf("room %d (tag %q, shape %q): no place on its wall for a door %d cells wide", r.ID, r.Tag, b.shapes[i], b.o.CorridorWidth)
		} else if n < len(b.p.adj[i]) {
			b.cramped = true
			errs.addf("room %d (tag %q, shape %q): room on its wall for %d doors a cell apart, for %d corridors", r.ID, r.Tag, b.shapes[i], n, len(b.p.adj[i]))
		}
	}
	return errs.err()
}

// templateFor chooses room r's template and orientation: a template drawn
// at random from those of the tag's list with a door, as wide as the
// corridors, for each of the room's corridors, turned and mirrored so that as many of
// the room's corridors as can face a door do, then so that its size is
// nearest the room's, then the first orientation.
func (b *builder) templateFor(r int32, fw, fh int) footprint {
	rs := b.p.lv.Rooms[r]
	// Only templates with a door for each corridor, as wide as the
	// corridors, can be joined.
	var fit []*roomshape.Template
	for _, name := range rs.Templates {
		t := b.p.templates[name]
		if f := templateFootprint(t); len(f.apart(b.o.CorridorWidth)) >= max(1, len(b.p.adj[r])) {
			fit = append(fit, t)
		}
	}
	if len(fit) == 0 {
		fit = append(fit, b.p.templates[rs.Templates[0]])
	}
	t := fit[b.roomRNG(r).IntN(len(fit))]
	var toward []Point
	for _, k := range b.p.adj[r] {
		o := b.p.lv.Rooms[b.p.other(k, r)]
		toward = append(toward, Point{int(math.Round((o.X - rs.X) / b.cell)), int(math.Round((o.Y - rs.Y) / b.row))})
	}
	var best footprint
	bestScore, bestFit := -1, 0
	for o := range 8 {
		ot := t.Orient(o)
		f := templateFootprint(&ot)
		score := templateScore(&f, b.o.CorridorWidth, toward)
		fit := abs(ot.W-fw-2) + abs(ot.H-fh-2)
		if score > bestScore || score == bestScore && fit < bestFit {
			best, bestScore, bestFit = f, score, fit
		}
	}
	return best
}

// attempt places the rooms at scale (sx, sy), routes every corridor and
// draws and proves the map. With negotiate, corridors that greedy routing
// leaves with no way are found by negotiation (see negotiate) instead of
// failing the attempt.
func (b *builder) attempt(sx, sy float64, negotiate bool) (*Map, error) {
	p := b.p
	at, g, rt, off, err := b.place(sx, sy)
	if err != nil {
		return nil, err
	}
	paths := make([][]Point, len(p.ends))
	order := b.routeOrder(at)
	stuck := false
	for _, k := range order {
		path, ok := b.routeOne(rt, at, k)
		if rt.stopped {
			return nil, b.ctx.Err()
		}
		if !ok && !negotiate {
			return nil, noRoute(p, k)
		}
		if !ok {
			stuck = true
			continue
		}
		paths[k] = path
		for _, a := range path {
			for y := a.Y; y < a.Y+b.o.CorridorWidth; y++ {
				for x := a.X; x < a.X+b.o.CorridorWidth; x++ {
					g.claimCorridor(k, y*g.w+x)
				}
			}
		}
	}
	if stuck {
		if err := b.negotiate(g, rt, at, order, paths); err != nil {
			return nil, err
		}
	}
	m := b.draw(g, at, paths, sx, sy, off)
	if err := Verify(m, p.lv); err != nil {
		return nil, err
	}
	return m, nil
}

// sizeError is a map that would have more cells than Options.MaxCells.
type sizeError struct {
	w, h, max int
	cell      float64
}

func (e *sizeError) Error() string {
	return fmt.Sprintf("gridmap: the map would be %d × %d cells, more than %d: choose a larger cell (now %.4g world units)", e.w, e.h, e.max, e.cell)
}

// overlaps reports rooms whose footprints share a cell, as a routeError so
// that Build spreads the rooms.
func (b *builder) overlaps(at []Point) error {
	order := make([]int, len(at))
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(i, j int) int { return cmp.Or(cmp.Compare(at[i].X, at[j].X), cmp.Compare(i, j)) })
	for a, i := range order {
		fi := &b.fps[i]
		for _, j := range order[a+1:] {
			if at[j].X >= at[i].X+fi.w {
				break
			}
			fj := &b.fps[j]
			if at[j].Y < at[i].Y+fi.h && at[i].Y < at[j].Y+fj.h {
				lo, hi := min(i, j), max(i, j)
				return &routeError{fmt.Sprintf("gridmap: rooms %d and %d overlap on the grid", b.p.lv.Rooms[lo].ID, b.p.lv.Rooms[hi].ID), -1}
			}
		}
	}
	return nil
}

// place places the rooms at scale (sx, sy) on a new grid with a router
// for it: each room's top-left cell, the grid, the router, and the offset
// of world cell (0, 0) on the grid.
func (b *builder) place(sx, sy float64) ([]Point, *grid, *router, Point, error) {
	p := b.p
	n := len(p.lv.Rooms)
	at := make([]Point, n)
	pad := 3 + 2*b.o.CorridorWidth
	minX, minY, maxX, maxY := math.MaxInt, math.MaxInt, math.MinInt, math.MinInt
	for i, r := range p.lv.Rooms {
		f := &b.fps[i]
		cx := int(math.Floor(float64(sx*r.X)/b.cell + 0.5))
		cy := int(math.Floor(float64(sy*r.Y)/b.row + 0.5))
		at[i] = Point{cx - f.w/2, cy - f.h/2}
		minX, minY = min(minX, at[i].X), min(minY, at[i].Y)
		maxX, maxY = max(maxX, at[i].X+f.w), max(maxY, at[i].Y+f.h)
	}
	w, h := maxX-minX+2*pad, maxY-minY+2*pad
	if int64(w)*int64(h) > int64(b.o.MaxCells) {
		return nil, nil, nil, Point{}, &sizeError{w, h, b.o.MaxCells, b.cell}
	}
	for i := range at {
		at[i].X += pad - minX
		at[i].Y += pad - minY
	}
	if err := b.overlaps(at); err != nil {
		return nil, nil, nil, Point{}, err
	}
	g := newGrid(w, h, n)
	for i := range at {
		g.claimRoom(int32(i), at[i].X, at[i].Y, b.fps[i].w, b.fps[i].h)
	}
	rt := newRouter(b.ctx, g, b.o.CorridorWidth, b.rt)
	b.rt = rt
	for i := range at {
		if b.exact[i] {
			rt.reserve(int32(i), at[i].X, at[i].Y, b.fps[i].apart(b.o.CorridorWidth))
		}
	}
	return at, g, rt, Point{pad - minX, pad - minY}, nil
}

// routeOne routes corridor k, first in its window, then on the whole map.
// It finds none, and sets rt.stopped, once b's context is done.
func (b *builder) routeOne(rt *router, at []Point, k int32) ([]Point, bool) {
	if b.ctx.Err() != nil {
		rt.stopped = true
		return nil, false
	}
	e := b.p.ends[k]
	g := rt.g
	rt.guide = nil
	if b.guided {
		fa, fb := &b.fps[e[0]], &b.fps[e[1]]
		rt.guide = newGuide(Point{at[e[0]].X + fa.w/2, at[e[0]].Y + fa.h/2}, Point{at[e[1]].X + fb.w/2, at[e[1]].Y + fb.h/2})
	}
	from := end{room: e[0], x0: at[e[0]].X, y0: at[e[0]].Y, slots: b.slotsFor(e[0], k, rt.neg != nil)}
	to := end{room: e[1], x0: at[e[1]].X, y0: at[e[1]].Y, slots: b.slotsFor(e[1], k, rt.neg != nil)}
	if path, ok := rt.route(k, from, to, b.window(at, e, g.w, g.h), false); ok {
		return path, true
	}
	// Most corridors are found in their windows, where a failed search
	// costs at most the window; on the whole map the floods look first,
	// but not negotiating, where other corridors are no obstacle and a
	// way almost always exists.
	return rt.route(k, from, to, rect{1, 1, g.w - 1, g.h - 1}, rt.neg == nil)
}

// routeOrder is the order corridors are routed in: the corridors in
// b.first, then shortest first (by the grid distance between their rooms'
// centres), then by index. Short corridors have the fewest ways to go, so
// they choose first.
func (b *builder) routeOrder(at []Point) []int32 {
	dist := make([]int, len(b.p.ends))
	order := make([]int32, len(b.p.ends))
	for k, e := range b.p.ends {
		a, c := at[e[0]], at[e[1]]
		fa, fc := &b.fps[e[0]], &b.fps[e[1]]
		dist[k] = abs(2*a.X+fa.w-2*c.X-fc.w) + abs(2*a.Y+fa.h-2*c.Y-fc.h)
		order[k] = int32(k)
	}
	slices.SortFunc(order, func(i, j int32) int { return cmp.Or(cmp.Compare(dist[i], dist[j]), cmp.Compare(i, j)) })
	return append(slices.Clone(b.first), slices.DeleteFunc(order, func(k int32) bool { return slices.Contains(b.first, k) })...)
}

// window is the part of the grid a first search for corridor e looks in:
// its rooms' footprints and a margin of half their distance.
func (b *builder) window(at []Point, e [2]int32, w, h int) rect {
	a, c := at[e[0]], at[e[1]]
	fa, fc := &b.fps[e[0]], &b.fps[e[1]]
	x0, y0 := min(a.X, c.X), min(a.Y, c.Y)
	x1, y1 := max(a.X+fa.w, c.X+fc.w), max(a.Y+fa.h, c.Y+fc.h)
	m := max(6+2*b.o.CorridorWidth, (x1-x0+y1-y0)/4)
	return rect{max(1, x0-m), max(1, y0-m), min(w-1, x1+m), min(h-1, y1+m)}
}
