package raster

import (
	"errors"
	"math"
	"testing"
)

// FuzzRasterise builds levels from bytes (rooms of 4 bytes each, joined in
// a tree the bytes choose) and rasterises them with fuzzed options: it
// must never panic, and a grid it returns must pass verify.
func FuzzRasterise(f *testing.F) {
	f.Add([]byte{0, 0, 8, 8, 20, 0, 8, 8}, 10.0, uint8(0), uint8(0), int8(1))
	f.Add([]byte{0, 0, 8, 8, 0, 20, 8, 8, 20, 20, 4, 12}, 10.0, uint8(1), uint8(1), int8(3))
	f.Add([]byte{0, 0, 0, 0, 3, 0, 0, 0}, 7.5, uint8(0), uint8(0), int8(2))
	f.Add([]byte{0, 0, 8, 8, 1, 0, 8, 8}, math.NaN(), uint8(0), uint8(0), int8(1))
	f.Add([]byte{0, 0, 8, 8}, math.Inf(1), uint8(2), uint8(5), int8(-1))
	f.Add([]byte{}, 10.0, uint8(0), uint8(0), int8(0))
	f.Fuzz(func(t *testing.T, data []byte, cell float64, lattice, shape uint8, width int8) {
		var lv Level
		for i := 0; i+4 <= len(data) && len(lv.Rooms) < 12; i += 4 {
			id := len(lv.Rooms)
			lv.Rooms = append(lv.Rooms, Room{
				ID: 3 * id, X: float64(int8(data[i])) * 5, Y: float64(int8(data[i+1])) * 5,
				W: float64(data[i+2]) * 2, H: float64(data[i+3]) * 2, Tag: "t",
			})
			if id > 0 {
				parent := int(data[i]^data[i+3]) % id
				lv.Corridors = append(lv.Corridors, Corridor{A: 3 * parent, B: 3 * id})
			}
		}
		if n := len(lv.Rooms); n > 0 {
			lv.Goal = 3 * (int(data[0]) % n)
		}
		opts := Options{Cell: cell, Lattice: Lattice(lattice % 3), Shape: Shape(shape % 3), CorridorWidth: int(width) % 5, MaxCells: 1 << 16}
		g, err := Rasterise(lv, opts)
		var ce *CheckError
		if errors.As(err, &ce) {
			if ce.Suggestion > 0 {
				opts.Cell = ce.Suggestion
				if g, err = Rasterise(lv, opts); err != nil {
					t.Fatalf("the suggested cell %v fails: %v", opts.Cell, err)
				}
			}
		}
		if err != nil {
			return
		}
		if errs := verify(lv, g); len(errs) > 0 {
			t.Fatalf("cell %v: %d violations, first %s", opts.Cell, len(errs), errs[0])
		}
	})
}
