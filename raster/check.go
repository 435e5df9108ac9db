package raster

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
)

// ProblemKind classifies a Problem.
type ProblemKind uint8

const (
	// ProblemOverlap: two rooms claim the same tile.
	ProblemOverlap ProblemKind = iota + 1
	// ProblemEmpty: a room has no tile left.
	ProblemEmpty
	// ProblemCrossing: a corridor runs into a room or into a corridor that
	// shares no room with it.
	ProblemCrossing
	// ProblemDoor: a corridor's rooms are too close for its doors.
	ProblemDoor
	// ProblemBadDoor: a door does not stand in line between a tile of its
	// room and a tile of its corridor, or has floor beside it.
	ProblemBadDoor
	// ProblemTouch: neighbouring tiles belong to rooms or corridors that
	// the level keeps apart.
	ProblemTouch
	// ProblemUnreachable: tiles that cannot be walked to from the entrance.
	ProblemUnreachable
	// ProblemGoal: the entrance room is also the goal room and has a
	// single tile, so spawn and goal cannot both be placed.
	ProblemGoal
)

// Problem is one thing wrong with a raster.
type Problem struct {
	Kind ProblemKind
	// Tile is where the problem shows.
	Tile Coord
	// Rooms are the IDs of the rooms involved, Corridors the indices of
	// the corridors involved.
	Rooms     []int
	Corridors []int
	// Msg describes the problem, naming the rooms, corridors and tile.
	Msg string
}

func (p Problem) String() string { return p.Msg }

// CheckError is the error of a raster that fails its checks. It lists
// every problem, and the largest smaller cell size that works if one was
// found.
type CheckError struct {
	// Cell is the cell size that failed.
	Cell     float64
	Problems []Problem
	// Suggestion is the largest cell size found that works, 0 if none.
	Suggestion float64
	// Grid is the raster that failed, for inspection (render.WriteTilesPNG
	// draws it); its spawn and goal may be missing.
	Grid *Grid
	// tried is the smallest cell size tried for a suggestion.
	tried float64
}

// maxListed bounds the problems listed in an error message.
const maxListed = 10

func (e *CheckError) Error() string {
	var b strings.Builder
	first := "no problems"
	if len(e.Problems) > 0 {
		first = e.Problems[0].Msg
	}
	cell := formatCell(e.Cell)
	if e.Suggestion > 0 {
		fmt.Fprintf(&b, "raster: cell size %s is too coarse for this level (%s); cell size %s works", cell, first, formatCell(e.Suggestion))
	} else {
		fmt.Fprintf(&b, "raster: cell size %s does not work for this level (%s)", cell, first)
		if e.tried > 0 {
			fmt.Fprintf(&b, ", nor does any smaller size down to %s", formatCell(e.tried))
		} else {
			b.WriteString(", and smaller sizes exceed the tile limit")
		}
	}
	for i, p := range e.Problems[min(1, len(e.Problems)):] {
		if i == maxListed {
			fmt.Fprintf(&b, "\n  and %d more problems", len(e.Problems)-1-maxListed)
			break
		}
		b.WriteString("\n  also: " + p.Msg)
	}
	return b.String()
}

func formatCell(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }

// problems collects a raster's problems, once per kind and set of rooms
// and corridors.
type problems struct {
	lv   *level
	list []Problem
	seen map[string]bool
}

func (p *problems) add(kind ProblemKind, at Coord, rooms, corrs []int32, format string, args ...any) {
	pr := Problem{Kind: kind, Tile: at, Msg: fmt.Sprintf(format, args...)}
	for _, r := range rooms {
		pr.Rooms = append(pr.Rooms, p.lv.id(r))
	}
	for _, k := range corrs {
		pr.Corridors = append(pr.Corridors, int(k))
	}
	slices.Sort(pr.Rooms)
	slices.Sort(pr.Corridors)
	key := fmt.Sprint(kind, pr.Rooms, pr.Corridors)
	if p.seen[key] {
		return
	}
	p.seen[key] = true
	p.list = append(p.list, pr)
}

// check runs the checks that need the finished raster.
func (b *builder) check() {
	for ri, tiles := range b.roomTiles {
		if len(tiles) == 0 {
			r := b.lv.rooms[ri]
			at := b.TileAt(r.X, r.Y)
			b.probs.add(ProblemEmpty, at, []int32{int32(ri)}, nil, "room %d has no tile of its own near %v", r.ID, at)
		}
	}
	if !b.mapDoors {
		b.checkDoors()
	}
	b.checkTouch()
	b.checkReach()
}

func (g *Grid) cellAt(c Coord) cell {
	if i, ok := g.index(c); ok {
		return g.cells[i]
	}
	return wallCell
}

// checkDoors checks that every door stands in line between a tile of its
// room and the next tile of its corridor (or the other room, or the other
// door), and on squares that both tiles beside it are walls, so that the
// door is walked through straight.
func (b *builder) checkDoors() {
	for k, ends := range b.lv.corridors {
		k := int32(k)
		for side, di := range b.doors[k] {
			if di.tile < 0 || b.cells[di.tile].kind != KindDoor || b.cells[di.tile].corr != k {
				continue // not placed, or reported as a crossing
			}
			room, other := ends.a, ends.b
			if side == 1 {
				room, other = other, room
			}
			d, e := b.coord(int(di.tile)), di.dir
			next := d.add(e)
			n := b.cellAt(next)
			ok := b.roomAt(d.sub(e)) == room
			switch n.kind {
			case KindFloor:
				ok = ok && n.room == other
			case KindDoor:
				ok = ok && n.corr == k
			case KindCorridor:
				ok = ok && (n.corr == k || b.lv.related(n.corr, k))
			default:
				ok = false
			}
			if b.Lattice == Square {
				side := Coord{e.R, e.Q}
				ok = ok && b.cellAt(d.add(side)).kind == KindWall && b.cellAt(d.sub(side)).kind == KindWall
			} else {
				for _, dir := range b.Lattice.dirs() {
					nb := d.add(dir)
					if c := b.cellAt(nb); nb != next && c.kind != KindWall && c.kind != KindFloor && c.corr == k {
						ok = false
					}
				}
			}
			if !ok {
				b.probs.add(ProblemBadDoor, d, []int32{room}, []int32{k},
					"%s: the door of room %d at tile %v does not lead straight from its room into its corridor", b.lv.corridorName(k), b.lv.id(room), d)
			}
		}
	}
}

// owner numbers what a tile belongs to: rooms by index, then corridors.
func (g *Grid) owner(c cell) int32 {
	if c.kind == KindFloor {
		return c.room
	}
	return int32(len(g.lv.rooms)) + c.corr
}

// checkTouch checks that neighbouring tiles of different owners belong to
// rooms joined by a corridor, to corridors that share a room, or to a room
// and the door of one of its corridors.
func (b *builder) checkTouch() {
	fwd := []Coord{{1, 0}, {0, 1}}
	if b.Lattice == Hex {
		fwd = append(fwd, Coord{-1, 1})
	}
	for i, ci := range b.cells {
		if ci.kind == KindWall {
			continue
		}
		at := b.coord(i)
		for _, d := range fwd {
			j, ok := b.index(at.add(d))
			if !ok {
				continue
			}
			cj := b.cells[j]
			if cj.kind == KindWall || b.owner(ci) == b.owner(cj) || b.touchAllowed(ci, cj, i, j) {
				continue
			}
			switch {
			case ci.kind == KindFloor && cj.kind == KindFloor:
				b.probs.add(ProblemTouch, at, []int32{ci.room, cj.room}, nil,
					"rooms %d and %d touch at tile %v", b.lv.id(ci.room), b.lv.id(cj.room), at)
			case ci.kind != KindFloor && cj.kind != KindFloor:
				b.probs.add(ProblemTouch, at, nil, []int32{ci.corr, cj.corr},
					"%s and %s touch at tile %v", b.lv.corridorName(ci.corr), b.lv.corridorName(cj.corr), at)
			default:
				room, corr := ci, cj
				if ci.kind != KindFloor {
					room, corr = cj, ci
				}
				b.probs.add(ProblemTouch, at, []int32{room.room}, []int32{corr.corr},
					"room %d and %s touch at tile %v", b.lv.id(room.room), b.lv.corridorName(corr.corr), at)
			}
		}
	}
}

func (b *builder) touchAllowed(ci, cj cell, i, j int) bool {
	switch {
	case ci.kind == KindFloor && cj.kind == KindFloor:
		return b.lv.joined[pairKey(ci.room, cj.room)]
	case ci.kind != KindFloor && cj.kind != KindFloor:
		return b.lv.related(ci.corr, cj.corr)
	case ci.kind != KindFloor:
		ci, cj, i, j = cj, ci, j, i
	}
	// ci is a room tile, cj a corridor tile at j: only a door of the
	// corridor into that room may touch it (one door tile, or on a map of
	// wide corridors each tile of the door).
	ends := b.lv.corridors[cj.corr]
	ds := b.doors[cj.corr]
	isDoor := func(side int) bool {
		return ds[side].tile == int32(j) || ds[side].tile < 0 && cj.room == ci.room
	}
	return cj.kind == KindDoor && (ends.a == ci.room && isDoor(0) || ends.b == ci.room && isDoor(1))
}

// region returns the tiles connected to start through neighbours for which
// same holds (start included), and the neighbours of that region for which
// it does not: the region-and-neighbours search of Flag Coloring, with a
// stack instead of recursion.
func (g *Grid) region(start int, same func(cell) bool) (region, border []int32) {
	marks := make([]bool, len(g.cells))
	marks[start] = true
	stack := []int32{int32(start)}
	for len(stack) > 0 {
		i := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if !same(g.cells[i]) {
			border = append(border, i)
			continue
		}
		region = append(region, i)
		g.neighbours(int(i), func(j int) {
			if !marks[j] {
				marks[j] = true
				stack = append(stack, int32(j))
			}
		})
	}
	return region, border
}

func walkable(c cell) bool { return c.kind != KindWall }

// checkReach checks that every floor, corridor and door tile can be walked
// to from the spawn tile.
func (b *builder) checkReach() {
	start, ok := b.index(b.Entrance)
	if !ok || b.centre[b.lv.entrance] < 0 {
		return
	}
	region, _ := b.region(start, walkable)
	reached := make([]bool, len(b.cells))
	for _, i := range region {
		reached[i] = true
	}
	for i, c := range b.cells {
		if c.kind == KindWall || reached[i] {
			continue
		}
		at := b.coord(i)
		if c.kind == KindFloor {
			b.probs.add(ProblemUnreachable, at, []int32{c.room}, nil,
				"room %d cannot be reached from the entrance (tile %v)", b.lv.id(c.room), at)
		} else {
			b.probs.add(ProblemUnreachable, at, nil, []int32{c.corr},
				"%s cannot be reached from the entrance (tile %v)", b.lv.corridorName(c.corr), at)
		}
	}
}

// Suggestions are searched at cell × 0.9^k for k = 1..suggestSteps.
const (
	suggestSteps  = 40
	suggestFactor = 0.9
	// suggestBudget bounds the tiles the search builds, in MaxCells.
	suggestBudget = 4
)

// SuggestCell returns the largest cell size that rasterises lv without
// problems, searching down from opts.Cell: opts.Cell itself if it works,
// else the first that works of opts.Cell × 0.9^k, k = 1..40, each rounded
// down to a multiple of 1/8 (of a power of two at least 32 times smaller
// than the size, below 2), as long as the grid stays within opts.MaxCells.
func SuggestCell(lv Level, opts Options) (float64, error) {
	l, err := validate(lv)
	if err != nil {
		return 0, err
	}
	if opts, err = opts.withDefaults(); err != nil {
		return 0, err
	}
	_, probs, err := build(l, opts)
	if err != nil {
		return 0, err
	}
	if len(probs) == 0 {
		return opts.Cell, nil
	}
	if c, tried := suggest(l, opts); c > 0 {
		return c, nil
	} else if tried > 0 {
		return 0, fmt.Errorf("raster: no cell size from %s down to %s works for this level (%s)", formatCell(opts.Cell), formatCell(tried), probs[0].Msg)
	}
	return 0, fmt.Errorf("raster: no cell size below %s could be tried for this level (%s)", formatCell(opts.Cell), probs[0].Msg)
}

// suggest searches down from opts.Cell, which fails, for a cell size that
// works. It returns it, or 0, and the smallest size tried.
func suggest(l *level, opts Options) (cell, tried float64) {
	f, prev := 1.0, opts.Cell
	// The search stops once the grids it built hold suggestBudget ×
	// MaxCells tiles in all: a few grids near the limit, rather than forty.
	work := 0
	for range suggestSteps {
		if work > suggestBudget*opts.MaxCells {
			break
		}
		f *= suggestFactor
		c := roundCell(float64(opts.Cell * f))
		if !(c > 0) {
			break
		}
		if c >= prev {
			continue
		}
		prev = c
		o := opts
		o.Cell = c
		g, probs, err := build(l, o)
		if err != nil {
			break // the grid is too large: smaller cells would be larger
		}
		work += g.Width * g.Height
		tried = c
		if len(probs) == 0 {
			return c, tried
		}
	}
	return 0, tried
}

// roundCell rounds a cell size down to a multiple of 1/8, or for sizes
// below 2 of the power of two at most 1/32 of it, so that suggestions read
// well and are exact in decimal.
func roundCell(c float64) float64 {
	step := 0.125
	if c < 2 {
		_, e := math.Frexp(c) // c in [2^(e-1), 2^e)
		step = math.Ldexp(1, e-6)
	}
	return math.Floor(c/step) * step
}
