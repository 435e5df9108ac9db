package raster

import (
	"github.com/dungraph/dungraph/gridmap"
)

// FromMap returns the grid of a map drawn by the map stage (package
// gridmap), so that the text and tile exports write the map's shapes and
// corridors: square tiles, or on a Hex map hex tiles, cell (x, y) of the
// map becoming tile (x - floor(y/2), y), since the map's odd-r rows are the
// grid's axial ones. The grid's rooms are the map's, its corridors the
// map's in order; each room's rectangle is its bounds. The grid is checked
// as Rasterise checks its own (every room has tiles, doors stand in line
// between their room and their corridor, only joined things touch, every
// tile is reached from the spawn), but for one check on hexes: a map's
// corridor runs along a row or zigzags down a column, so it does not leave
// its door in a straight hex line, and the door's proof is the map's own
// (a corridor enters a room only through its door cells, on six
// neighbours). A map that fails is an error. The cells of a room drawn as
// a door (shape "door") are floor tiles of that room.
func FromMap(m *gridmap.Map) (*Grid, error) {
	lv := Level{Rooms: make([]Room, len(m.Rooms)), Corridors: make([]Corridor, len(m.Corridors))}
	c := m.CellSize
	lattice, row := Square, c
	if m.Hex {
		lattice, row = Hex, float64(c*sqrt3by2)
	}
	for i, r := range m.Rooms {
		b := r.Bounds
		lv.Rooms[i] = Room{
			ID:  r.ID,
			X:   float64(m.OriginX) + float64(float64(2*b.X+b.W)*c)/2,
			Y:   float64(m.OriginY) + float64(float64(2*b.Y+b.H)*row)/2,
			W:   float64(b.W) * c,
			H:   float64(b.H) * row,
			Tag: r.Tag,
		}
		if m.Owner[m.Index(m.Entrance)] == int32(i) {
			lv.Entrance = r.ID
		}
		if m.Owner[m.Index(m.Goal)] == int32(i) {
			lv.Goal = r.ID
		}
	}
	for k, cr := range m.Corridors {
		lv.Corridors[k] = Corridor{A: cr.A, B: cr.B}
	}
	l, err := validate(lv)
	if err != nil {
		return nil, err
	}
	g := &Grid{
		Lattice: lattice, Cell: c, Width: m.W, Height: m.H,
		originX: m.OriginX/c + 0.5, originY: m.OriginY/c + float64(row/c)/2,
		cells: make([]cell, m.W*m.H), lv: l,
		roomTiles: make([][]int32, len(l.rooms)), centre: make([]int32, len(l.rooms)),
		doors: make([][2]doorInfo, len(l.corridors)),
	}
	g.Entrance, g.Goal = g.coord(m.Index(m.Entrance)), g.coord(m.Index(m.Goal))
	for i := range g.cells {
		g.cells[i] = wallCell
	}
	for k := range g.doors {
		g.doors[k] = [2]doorInfo{{tile: -1}, {tile: -1}}
	}
	// Map rooms and grid rooms share their order: both by ascending ID.
	for i, o := range m.Owner {
		if o >= 0 {
			g.cells[i] = cell{kind: KindFloor, room: o, corr: -1}
			g.roomTiles[o] = append(g.roomTiles[o], int32(i))
		}
	}
	for o, r := range m.Rooms {
		g.centre[o] = int32(m.Index(r.At))
	}
	w := m.CorridorWidth
	for k, cr := range m.Corridors {
		for _, a := range cr.Path {
			for y := a.Y; y < a.Y+w; y++ {
				for x := a.X; x < a.X+w; x++ {
					if i := y*m.W + x; m.Cells[i] == gridmap.CellCorridor {
						g.cells[i] = cell{kind: KindCorridor, room: -1, corr: int32(k)}
					}
				}
			}
		}
	}
	for _, d := range m.Doors {
		i := m.Index(d.At)
		ri := l.index[d.Room]
		var e Coord // from the room through the door, on the map's squares
		for _, v := range Square.dirs() {
			if m.RoomAt(d.At.X-v.Q, d.At.Y-v.R) == int(ri) {
				e = v
			}
		}
		dir := DoorLeftRight
		if e.Q == 0 {
			dir = DoorUpDown
		}
		if m.Hex {
			// The way through the door between the tiles of the
			// square step, which are hex neighbours too.
			e = g.coord(i).sub(g.coord(m.Index(gridmap.Point{X: d.At.X - e.Q, Y: d.At.Y - e.R})))
			dir = NoDoor
		}
		g.cells[i] = cell{kind: KindDoor, door: dir, room: ri, corr: int32(d.Corridor)}
		if w == 1 {
			side := 0
			if l.corridors[d.Corridor].b == ri {
				side = 1
			}
			g.doors[d.Corridor][side] = doorInfo{int32(i), e}
		}
	}
	b := &builder{Grid: g, probs: problems{lv: l, seen: map[string]bool{}}, mapDoors: m.Hex}
	b.check()
	if len(b.probs.list) > 0 {
		return nil, &CheckError{Cell: c, Problems: b.probs.list, Grid: g}
	}
	return g, nil
}
