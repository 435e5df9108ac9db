package tiled

import (
	"io"
	"syscall"
	"testing"
	"time"

	"github.com/dungraph/dungraph/gridmap"
	"github.com/dungraph/dungraph/raster"
	"github.com/dungraph/dungraph/render"
)

// roomGrid is a map of n rooms of 6 × 6 floor cells on a grid of 10 × 10
// slots, each joined to its right neighbour by a corridor through a door
// on each wall, every room with an entity: the size of a map stage's map
// of n rooms.
func roomGrid(n int) *gridmap.Map {
	cols := 1
	for cols*cols < n {
		cols++
	}
	rows := (n + cols - 1) / cols
	m := &gridmap.Map{W: cols*10 + 2, H: rows*10 + 2, CellSize: 10}
	m.Cells = make([]gridmap.Kind, m.W*m.H)
	set := func(x, y int, k gridmap.Kind) { m.Cells[y*m.W+x] = k }
	for i := range n {
		x0, y0 := 2+i%cols*10, 2+i/cols*10
		for y := range 6 {
			for x := range 6 {
				set(x0+x, y0+y, gridmap.CellFloor)
			}
		}
		m.Rooms = append(m.Rooms, gridmap.Room{ID: i, Tag: "room", Label: "Room", Shape: "rect", Depth: i, OnCriticalPath: i%2 == 0,
			Bounds:  gridmap.Rect{X: x0, Y: y0, W: 6, H: 6},
			Outline: []gridmap.Point{{X: x0, Y: y0}, {X: x0 + 6, Y: y0}, {X: x0 + 6, Y: y0 + 6}, {X: x0, Y: y0 + 6}},
			Entity:  "key", At: gridmap.Point{X: x0 + 1, Y: y0 + 1}})
		if i%cols != cols-1 && i+1 < n {
			c := len(m.Corridors)
			path := []gridmap.Point{{X: x0 + 6, Y: y0 + 2}, {X: x0 + 7, Y: y0 + 2}, {X: x0 + 8, Y: y0 + 2}, {X: x0 + 9, Y: y0 + 2}}
			m.Corridors = append(m.Corridors, gridmap.Corridor{A: i, B: i + 1, Path: path})
			m.Doors = append(m.Doors, gridmap.Door{Room: i, Corridor: c, At: path[0]}, gridmap.Door{Room: i + 1, Corridor: c, At: path[3]})
			for j, p := range path {
				k := gridmap.CellCorridor
				if j == 0 || j == 3 {
					k = gridmap.CellDoor
				}
				set(p.X, p.Y, k)
			}
		}
	}
	m.Entrance, m.Goal = gridmap.Point{X: 3, Y: 3}, gridmap.Point{X: 4, Y: 4}
	set(3, 3, gridmap.CellEntrance)
	set(4, 4, gridmap.CellGoal)
	return m
}

// benchMaps are the maps the benchmarks write: dungeon's seed 3 (30
// rooms, 148 × 151 cells, as the map stage draws it) and a grid of 1,000
// rooms (322 × 322 cells).
func benchMaps(b *testing.B) []struct {
	name string
	m    *gridmap.Map
} {
	return []struct {
		name string
		m    *gridmap.Map
	}{{"dungeon-3", bundledMap(b, "dungeon", 3)}, {"rooms=1000", roomGrid(1000)}}
}

func BenchmarkWriteTMX(b *testing.B) {
	for _, c := range benchMaps(b) {
		b.Run(c.name, func(b *testing.B) {
			benchCPU(b, func() error { return (Options{}).WriteTMX(io.Discard, c.m) })
		})
	}
}

func BenchmarkWriteTMJ(b *testing.B) {
	for _, c := range benchMaps(b) {
		b.Run(c.name, func(b *testing.B) {
			benchCPU(b, func() error { return (Options{}).WriteTMJ(io.Discard, c.m) })
		})
	}
}

// BenchmarkMapTMX is the measure: the map stage and the TMX export
// of dungeon's seed 3 (30 rooms), from the level document to the bytes,
// on squares and on hexes.
func BenchmarkMapTMX(b *testing.B) {
	d := bundledDoc(b, "dungeon", 3)
	for _, l := range []raster.Lattice{raster.Square, raster.Hex} {
		b.Run(l.String(), func(b *testing.B) {
			benchCPU(b, func() error {
				m, err := render.Raster{Lattice: l}.Map(d)
				if err != nil {
					return err
				}
				return Options{Document: d}.WriteTMX(io.Discard, m)
			})
		})
	}
}

// benchCPU times f, and reports besides the wall time the process's CPU
// time per call (cpu-ns/op), which a shared machine's load does not
// inflate.
func benchCPU(b *testing.B, f func() error) {
	b.ReportAllocs()
	start := cpuTime()
	for b.Loop() {
		if err := f(); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(cpuTime()-start)/float64(b.N), "cpu-ns/op")
}

func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
