package raster

import (
	"fmt"
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

// CheckError is the error of a grid that fails its checks. It lists every
// problem.
type CheckError struct {
	// Cell is the grid's cell size.
	Cell     float64
	Problems []Problem
	// Grid is the grid that failed, for inspection (render.WriteTilesPNG
	// draws it).
	Grid *Grid
}

// maxListed bounds the problems listed in an error message.
const maxListed = 10

func (e *CheckError) Error() string {
	var b strings.Builder
	first := "no problems"
	if len(e.Problems) > 0 {
		first = e.Problems[0].Msg
	}
	fmt.Fprintf(&b, "raster: cell size %s does not work for this level (%s)", formatCell(e.Cell), first)
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

// checker runs the checks of a grid and collects its problems.
type checker struct {
	*Grid
	probs problems
	// mapDoors says that the doors are a hex map's, proved by the map
	// stage, whose corridors do not leave them in a hex line (FromMap):
	// checkDoors is skipped.
	mapDoors bool
}

// check runs every check of the grid.
func (b *checker) check() {
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

// roomAt returns the room of the floor tile at c, -1 for any other tile or
// outside the grid.
func (g *Grid) roomAt(c Coord) int32 {
	i, ok := g.index(c)
	if !ok || g.cells[i].kind != KindFloor {
		return -1
	}
	return g.cells[i].room
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
func (b *checker) checkDoors() {
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
func (b *checker) checkTouch() {
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

func (b *checker) touchAllowed(ci, cj cell, i, j int) bool {
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
func (b *checker) checkReach() {
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
