package raster

import (
	"fmt"
	"maps"
	"slices"
	"strings"
)

// reserved are the entity characters of DeepMind Lab's text levels that
// Text writes itself: wall, empty, spawn and the two doors.
const reserved = "* PHI"

// TextOptions control Grid.Text. The zero value writes the goal as 'G' and
// no other entities or variations.
type TextOptions struct {
	// Goal is the goal's character. Default 'G'.
	Goal byte
	// Entities puts a character of the caller's in a room, by room ID: on
	// the room's centre tile if it is free, else on the free tile of the
	// room nearest to it (lattice distance, ties to the lowest r then q).
	// Rooms are served in ID order.
	Entities map[int]byte
	// Variations gives rooms a variation, 'A' to 'Z', by room ID.
	Variations map[int]byte
}

func printable(c byte) bool { return c > ' ' && c <= '~' }

// Text writes a square grid as a DeepMind Lab text level: the entity layer
// and the variation layer, each a line of Width bytes per row, top row
// first, every line ending in "\n".
//
// The entity layer has '*' for walls, ' ' for floors and corridors, 'P'
// for the spawn tile, 'H' for doors traversed up-down and 'I' for doors
// traversed left-right, the goal character and the entities' characters.
// The variation layer has the room's variation letter on every tile of a
// room given one, and '.' everywhere else.
//
// Characters must be printable ASCII; the goal and entities may not be any
// of "* PHI" and entities may not be the goal's character. Text fails on
// the hex lattice, which text levels cannot describe.
func (g *Grid) Text(opts TextOptions) (entity, variations []byte, err error) {
	if g.Lattice != Square {
		return nil, nil, fmt.Errorf("raster: text levels need the square lattice, not %v", g.Lattice)
	}
	goal := opts.Goal
	if goal == 0 {
		goal = 'G'
	}
	if !printable(goal) || strings.IndexByte(reserved, goal) >= 0 {
		return nil, nil, fmt.Errorf("raster: goal character %q: want printable ASCII other than %q", goal, reserved)
	}
	chars := make([]byte, len(g.cells))
	for i, c := range g.cells {
		switch c.kind {
		case KindWall:
			chars[i] = '*'
		case KindDoor:
			chars[i] = 'I'
			if c.door == DoorUpDown {
				chars[i] = 'H'
			}
		default:
			chars[i] = ' '
		}
	}
	spawn, _ := g.index(g.Entrance)
	end, _ := g.index(g.Goal)
	chars[spawn], chars[end] = 'P', goal
	taken := map[int]bool{spawn: true, end: true}
	for _, id := range slices.Sorted(maps.Keys(opts.Entities)) {
		ch := opts.Entities[id]
		if !printable(ch) || strings.IndexByte(reserved, ch) >= 0 || ch == goal {
			return nil, nil, fmt.Errorf("raster: entity %q of room %d: want printable ASCII other than %q and the goal %q", ch, id, reserved, goal)
		}
		ri, ok := g.lv.index[id]
		if !ok {
			return nil, nil, fmt.Errorf("raster: entity %q: the level has no room %d", ch, id)
		}
		i := g.freeTile(ri, taken)
		if i < 0 {
			return nil, nil, fmt.Errorf("raster: entity %q: room %d has no free tile left", ch, id)
		}
		chars[i] = ch
		taken[i] = true
	}
	letters := make([]byte, len(g.lv.rooms))
	for i := range letters {
		letters[i] = '.'
	}
	for _, id := range slices.Sorted(maps.Keys(opts.Variations)) {
		v := opts.Variations[id]
		ri, ok := g.lv.index[id]
		switch {
		case v < 'A' || v > 'Z':
			return nil, nil, fmt.Errorf("raster: variation %q of room %d: want a letter from A to Z", v, id)
		case !ok:
			return nil, nil, fmt.Errorf("raster: variation %q: the level has no room %d", v, id)
		}
		letters[ri] = v
	}
	vars := make([]byte, len(g.cells))
	for i, c := range g.cells {
		vars[i] = '.'
		if c.kind == KindFloor {
			vars[i] = letters[c.room]
		}
	}
	return g.lines(chars), g.lines(vars), nil
}

// freeTile returns the tile of room ri for an entity: its centre tile if
// free, else the free tile nearest to it; -1 if none is free.
func (g *Grid) freeTile(ri int32, taken map[int]bool) int {
	c := int(g.centre[ri])
	if c < 0 {
		return -1
	}
	if !taken[c] {
		return c
	}
	best, bestD := -1, 0
	for _, t := range g.roomTiles[ri] {
		if taken[int(t)] {
			continue
		}
		d := g.Lattice.Distance(g.coord(c), g.coord(int(t)))
		if best < 0 || d < bestD {
			best, bestD = int(t), d
		}
	}
	return best
}

// lines cuts a row-major layer into lines.
func (g *Grid) lines(layer []byte) []byte {
	out := make([]byte, 0, len(layer)+g.Height)
	for r := range g.Height {
		out = append(out, layer[r*g.Width:(r+1)*g.Width]...)
		out = append(out, '\n')
	}
	return out
}
