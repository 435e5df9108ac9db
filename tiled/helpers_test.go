package tiled

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/dungraph/dungraph/gridmap"
)

// sampleMap is a hand-drawn map of two rooms joined by a corridor (c):
//
//	############
//	#...DccD...#
//	#.E.#####..#
//	#...#####G.#
//	#########..#
//	############
func sampleMap() *gridmap.Map {
	rows := []string{
		"#############",
		"#...D..D....#",
		"#.E.####.#..#",
		"#...####..G.#",
		"#########...#",
		"#############",
	}
	m := &gridmap.Map{W: len(rows[0]), H: len(rows), CellSize: 5, OriginX: -10, OriginY: 2.5, ScaleX: 1.25, ScaleY: 0.85, CorridorWidth: 1}
	for _, r := range rows {
		for _, c := range r {
			k := gridmap.CellWall
			switch c {
			case '.':
				k = gridmap.CellFloor
			case 'D':
				k = gridmap.CellDoor
			case 'E':
				k = gridmap.CellEntrance
			case 'G':
				k = gridmap.CellGoal
			}
			m.Cells = append(m.Cells, k)
		}
	}
	// Room 0 (index 0) owns the floor left of the corridor, room 3
	// (index 1) the floor right of it, round a wall island at (9,2).
	m.Owner = make([]int32, len(m.Cells))
	for i, k := range m.Cells {
		switch {
		case k != gridmap.CellFloor:
			m.Owner[i] = -1
		case i%m.W > 6:
			m.Owner[i] = 1
		}
	}
	m.Cells[1*m.W+5] = gridmap.CellCorridor
	m.Cells[1*m.W+6] = gridmap.CellCorridor
	m.Rooms = []gridmap.Room{
		{ID: 0, Tag: "start", Label: "hall", Shape: "rect", Depth: 0, OnCriticalPath: true,
			Bounds:  gridmap.Rect{X: 1, Y: 1, W: 3, H: 3},
			Outline: []gridmap.Point{{X: 1, Y: 1}, {X: 4, Y: 1}, {X: 4, Y: 4}, {X: 1, Y: 4}}},
		{ID: 3, Tag: "treasure & gold", Label: "vault <B>", Shape: "template", Depth: 1, OnCriticalPath: false,
			Bounds:  gridmap.Rect{X: 8, Y: 1, W: 4, H: 4},
			Outline: []gridmap.Point{{X: 8, Y: 1}, {X: 12, Y: 1}, {X: 12, Y: 5}, {X: 9, Y: 5}, {X: 9, Y: 4}, {X: 8, Y: 4}},
			Holes:   [][]gridmap.Point{{{X: 9, Y: 2}, {X: 9, Y: 3}, {X: 10, Y: 3}, {X: 10, Y: 2}}},
			Entity:  "chest", At: gridmap.Point{X: 10, Y: 4}},
	}
	m.Corridors = []gridmap.Corridor{{A: 0, B: 3, Path: []gridmap.Point{{X: 4, Y: 1}, {X: 5, Y: 1}, {X: 6, Y: 1}, {X: 7, Y: 1}}}}
	m.Doors = []gridmap.Door{{Room: 0, Corridor: 0, At: gridmap.Point{X: 4, Y: 1}}, {Room: 3, Corridor: 0, At: gridmap.Point{X: 7, Y: 1}}}
	m.Entrance = gridmap.Point{X: 2, Y: 2}
	m.Goal = gridmap.Point{X: 10, Y: 3}
	return m
}

// hexSampleMap is a small hexagonal map drawn by the map stage: a
// rectangle, a cave and a disc joined in a row, with entities.
func hexSampleMap(t *testing.T) *gridmap.Map {
	t.Helper()
	lv := gridmap.Level{Goal: 2, Seed: 9}
	for i, shape := range []string{"rect", "cave", "disc"} {
		lv.Rooms = append(lv.Rooms, gridmap.RoomSpec{ID: i, X: float64(90 * i), Y: float64(40 * (i % 2)), W: 50, H: 40, Tag: shape, Label: shape + " room", Shape: shape, Entity: "e"})
	}
	lv.Corridors = []gridmap.Edge{{A: 0, B: 1}, {A: 1, B: 2}}
	m, err := gridmap.Build(lv, gridmap.Options{Cell: 5, Hex: true})
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// writeFiles writes every file of both formats of m into dir and returns
// the paths of the TMX and TMJ maps.
func writeFiles(t *testing.T, dir string, o Options, m *gridmap.Map) (tmx, tmj string) {
	t.Helper()
	files := []struct {
		name  string
		write func(b *bytes.Buffer) error
	}{
		{o.name() + ".tmx", func(b *bytes.Buffer) error { return o.WriteTMX(b, m) }},
		{o.name() + ".tmj", func(b *bytes.Buffer) error { return o.WriteTMJ(b, m) }},
		{o.TilesetFile(), func(b *bytes.Buffer) error { return o.WriteTSX(b, m) }},
		{o.ImageFile(), func(b *bytes.Buffer) error { return o.WriteTilesetPNG(b, m) }},
	}
	for _, f := range files {
		var b bytes.Buffer
		if err := f.write(&b); err != nil {
			t.Fatalf("%s: %v", f.name, err)
		}
		if err := os.WriteFile(filepath.Join(dir, f.name), b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return filepath.Join(dir, o.name()+".tmx"), filepath.Join(dir, o.name()+".tmj")
}
