package gridmap

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestNegotiateRandom routes every corridor of random levels by
// negotiation alone (no greedy pass: the hardest start) and checks the
// result against a brute-force reference: each corridor is a chain of
// side-neighbours from a door place of one of its rooms to one of the
// other, enters no footprint but at those doors, and has no cell within
// a cell (corners included) of another corridor's; the drawn map passes
// Verify. Negotiation must settle on nearly every level.
func TestNegotiateRandom(t *testing.T) {
	n := 60
	if testing.Short() {
		n = 15
	}
	settled := 0
	for seed := range uint64(n) {
		rng := rand.New(rand.NewPCG(seed, 7))
		lv := randomLevel(t, rng)
		p, err := check(lv)
		if err != nil {
			t.Fatal(err)
		}
		o, _ := Options{Cell: 10}.withDefaults()
		b := &builder{ctx: context.Background(), p: p, o: o, cell: o.Cell, row: o.Cell, spreads: spreadTries}
		if err := b.footprints(); err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		b.assignDoors()
		var at []Point
		var g *grid
		var rt *router
		var off Point
		for s := 1.0; ; s *= spreadStep {
			if at, g, rt, off, err = b.place(s, s); err == nil {
				break
			}
		}
		order := b.routeOrder(at)
		paths := make([][]Point, len(p.ends))
		if err := b.negotiate(g, rt, at, order, paths); err != nil {
			t.Logf("seed %d: %v", seed, err)
			continue
		}
		settled++
		inside := func(r int32, c Point) bool {
			a, f := at[r], &b.fps[r]
			return c.X >= a.X && c.Y >= a.Y && c.X < a.X+f.w && c.Y < a.Y+f.h
		}
		owner := make([]int32, g.w*g.h) // corridor+1 of each cell, brute force
		for k, path := range paths {
			e := p.ends[k]
			for i := 1; i < len(path); i++ {
				if abs(path[i].X-path[i-1].X)+abs(path[i].Y-path[i-1].Y) != 1 {
					t.Errorf("seed %d: corridor %d jumps from %v to %v", seed, k, path[i-1], path[i])
				}
			}
			for j, r := range e {
				a := path[0]
				if j == 1 {
					a = path[len(path)-1]
				}
				if !slices.ContainsFunc(b.slotsFor(r, int32(k), true), func(s doorSpot) bool { return rt.anchor(at[r].X, at[r].Y, s) == a }) {
					t.Errorf("seed %d: corridor %d ends at %v, not at a door place of room %d", seed, k, a, r)
				}
			}
			for i, a := range path {
				c := a // width 1: the anchor is the cell
				for r := range at {
					if inside(int32(r), c) && !((i == 0 && int32(r) == e[0]) || (i == len(path)-1 && int32(r) == e[1])) {
						t.Errorf("seed %d: corridor %d enters room %d at %v", seed, k, r, c)
					}
				}
				owner[c.Y*g.w+c.X] = int32(k) + 1
			}
		}
		for k, path := range paths {
			for _, c := range path {
				for dy := -1; dy <= 1; dy++ {
					for dx := -1; dx <= 1; dx++ {
						x, y := c.X+dx, c.Y+dy
						if x >= 0 && y >= 0 && x < g.w && y < g.h && owner[y*g.w+x] != 0 && owner[y*g.w+x] != int32(k)+1 {
							t.Errorf("seed %d: corridor %d at %v touches corridor %d", seed, k, c, owner[y*g.w+x]-1)
						}
					}
				}
			}
		}
		if err := Verify(b.draw(g, at, paths, 1, 1, off), lv); err != nil {
			t.Errorf("seed %d: %v", seed, err)
		}
	}
	if settled < n*9/10 {
		t.Errorf("negotiation settled %d of %d levels, want at least 90%%", settled, n)
	}
}
