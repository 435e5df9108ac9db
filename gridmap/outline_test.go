package gridmap

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestOutlineHoles checks outlines against a brute-force reading of random
// caves (one piece of floor, wall islands inside): a cell is the room's
// exactly when its centre lies inside the outer outline and inside no
// hole; the outer outline runs clockwise on screen and each hole
// counter-clockwise; and each hole holds only wall.
func TestOutlineHoles(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 18))
	holes := 0
	for try := range 300 {
		fw, fh := 4+rng.IntN(20), 4+rng.IntN(20)
		f := caveFootprint(fw, fh, rng)
		m := &Map{W: f.w + 2, H: f.h + 2, Rooms: []Room{{ID: 0}}}
		m.Owner = slices.Repeat([]int32{-1}, m.W*m.H)
		for y := range f.h {
			for x := range f.w {
				if f.floor[y*f.w+x] {
					m.Owner[(y+1)*m.W+x+1] = 0
				}
			}
		}
		_, outer, hs := m.outline(0, Rect{1, 1, f.w, f.h})
		holes += len(hs)
		if a := area2(outer); a <= 0 {
			t.Fatalf("try %d: the outer outline's signed area is %d, want > 0 (clockwise)", try, a)
		}
		for i, h := range hs {
			if a := area2(h); a >= 0 {
				t.Fatalf("try %d: hole %d's signed area is %d, want < 0 (counter-clockwise)", try, i, a)
			}
		}
		for y := range m.H {
			for x := range m.W {
				inRoom := m.Owner[y*m.W+x] == 0
				got := contains(outer, x, y)
				for i, h := range hs {
					if contains(h, x, y) {
						if inRoom {
							t.Fatalf("try %d: room cell (%d,%d) lies in hole %d %v", try, x, y, i, h)
						}
						got = false
					}
				}
				if got != inRoom {
					t.Fatalf("try %d: cell (%d,%d): inside the outlines %v, a room cell %v\nouter %v\nholes %v", try, x, y, got, inRoom, outer, hs)
				}
			}
		}
	}
	if holes == 0 {
		t.Fatal("no random cave had a hole: the test proves nothing")
	}
}

// area2 is twice the signed area of poly, positive when it runs clockwise
// on screen (y down).
func area2(poly []Point) int {
	a := 0
	for i, p := range poly {
		q := poly[(i+1)%len(poly)]
		a += p.X*q.Y - q.X*p.Y
	}
	return a
}

// contains reports whether the centre of cell (x, y) lies inside poly, by
// the crossings of a ray to the right.
func contains(poly []Point, x, y int) bool {
	cx, cy := 2*x+1, 2*y+1 // in half cells
	in := false
	for i, p := range poly {
		q := poly[(i+1)%len(poly)]
		if p.X != q.X {
			continue // horizontal edges never cross a ray at a cell centre's height
		}
		if y0, y1 := 2*min(p.Y, q.Y), 2*max(p.Y, q.Y); cy > y0 && cy < y1 && 2*p.X > cx {
			in = !in
		}
	}
	return in
}
