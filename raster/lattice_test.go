package raster

import (
	"math"
	"math/rand/v2"
	"testing"
)

// bfs returns the number of steps from the origin to every tile of region
// through the given steps, never leaving region.
func bfs(region map[Coord]bool, steps []Coord) map[Coord]int {
	dist := map[Coord]int{{}: 0}
	queue := []Coord{{}}
	for len(queue) > 0 {
		c := queue[0]
		queue = queue[1:]
		for _, s := range steps {
			n := Coord{c.Q + s.Q, c.R + s.R}
			if _, seen := dist[n]; !seen && region[n] {
				dist[n] = dist[c] + 1
				queue = append(queue, n)
			}
		}
	}
	return dist
}

// TestDistanceBFS checks Distance and Neighbours against breadth-first
// search: on a hex region of radius 6 through Neighbours (all pairs, by
// translation), and on a 13 × 13 square through the king's moves
// (Distance, ZTile's FlatSq).
func TestDistanceBFS(t *testing.T) {
	const radius = 6
	hexRegion := map[Coord]bool{}
	square := map[Coord]bool{}
	for r := -2 * radius; r <= 2*radius; r++ {
		for q := -2 * radius; q <= 2*radius; q++ {
			c := Coord{q, r}
			// The region is the hexagon of cube radius 2·radius, so
			// that the difference of any two tiles of radius ≤ radius
			// lies in it.
			if max(iabs(q), iabs(r), iabs(q+r)) <= 2*radius {
				hexRegion[c] = true
			}
			if iabs(q) <= 2*radius && iabs(r) <= 2*radius {
				square[c] = true
			}
		}
	}
	hexDist := bfs(hexRegion, Hex.Neighbours(Coord{}))
	king := append(Square.Neighbours(Coord{}), Coord{1, 1}, Coord{-1, -1}, Coord{1, -1}, Coord{-1, 1})
	kingDist := bfs(square, king)

	var tiles []Coord
	for r := -radius; r <= radius; r++ {
		for q := -radius; q <= radius; q++ {
			tiles = append(tiles, Coord{q, r})
		}
	}
	for _, a := range tiles {
		for _, b := range tiles {
			d := Coord{b.Q - a.Q, b.R - a.R}
			if hexRegion[a] && hexRegion[b] && max(iabs(a.Q), iabs(a.R), iabs(a.Q+a.R)) <= radius && max(iabs(b.Q), iabs(b.R), iabs(b.Q+b.R)) <= radius {
				if got, want := Hex.Distance(a, b), hexDist[d]; got != want {
					t.Fatalf("Hex.Distance(%v, %v) = %d, BFS says %d", a, b, got, want)
				}
			}
			if got, want := Square.Distance(a, b), kingDist[d]; got != want {
				t.Fatalf("Square.Distance(%v, %v) = %d, king's-move BFS says %d", a, b, got, want)
			}
		}
	}
}

// TestNeighbours checks that neighbours are one cell apart in the plane,
// that there are 4 and 6 of them, distinct, and that opposite directions
// are consecutive.
func TestNeighbours(t *testing.T) {
	for _, tc := range []struct {
		l    Lattice
		want int
	}{{Square, 4}, {Hex, 6}} {
		c := Coord{3, -5}
		ns := tc.l.Neighbours(c)
		if len(ns) != tc.want {
			t.Fatalf("%v: %d neighbours, want %d", tc.l, len(ns), tc.want)
		}
		cx, cy := tc.l.Centre(c)
		seen := map[Coord]bool{}
		for i, n := range ns {
			if seen[n] {
				t.Errorf("%v: neighbour %v twice", tc.l, n)
			}
			seen[n] = true
			x, y := tc.l.Centre(n)
			if d := (x-cx)*(x-cx) + (y-cy)*(y-cy); math.Abs(d-1) > 1e-12 {
				t.Errorf("%v: neighbour %v is %v cells away, want 1", tc.l, n, math.Sqrt(d))
			}
			if tc.l.Distance(c, n) != 1 {
				t.Errorf("%v: Distance to neighbour %v = %d", tc.l, n, tc.l.Distance(c, n))
			}
			if i%2 == 1 && (n.Q+ns[i-1].Q != 2*c.Q || n.R+ns[i-1].R != 2*c.R) {
				t.Errorf("%v: neighbours %v and %v are not opposite", tc.l, ns[i-1], n)
			}
		}
	}
}

// TestTileAt checks TileAt against a brute-force search for the nearest
// centre, and that it inverts Centre.
func TestTileAt(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, l := range []Lattice{Square, Hex} {
		for range 3000 {
			x, y := rng.Float64()*40-20, rng.Float64()*40-20
			got := l.TileAt(x, y)
			gx, gy := l.Centre(got)
			gd := (gx-x)*(gx-x) + (gy-y)*(gy-y)
			if gd > 0.5+1e-9 {
				t.Fatalf("%v.TileAt(%v, %v) = %v, %v cells away", l, x, y, got, math.Sqrt(gd))
			}
			// The nearest centre is within a cell of the point.
			for r := got.R - 3; r <= got.R+3; r++ {
				for q := got.Q - 4; q <= got.Q+4; q++ {
					cx, cy := l.Centre(Coord{q, r})
					if d := (cx-x)*(cx-x) + (cy-y)*(cy-y); d < gd-1e-9 {
						t.Fatalf("%v.TileAt(%v, %v) = %v at distance² %v, but %v is at %v", l, x, y, got, gd, Coord{q, r}, d)
					}
				}
			}
		}
		for r := -7; r <= 7; r++ {
			for q := -7; q <= 7; q++ {
				c := Coord{q, r}
				if got := l.TileAt(l.Centre(c)); got != c {
					t.Errorf("%v.TileAt(Centre(%v)) = %v", l, c, got)
				}
			}
		}
	}
}

func TestParseLattice(t *testing.T) {
	tests := []struct {
		in      string
		want    Lattice
		wantErr bool
	}{
		{"square", Square, false},
		{"hex", Hex, false},
		{"Hex", 0, true},
		{"", 0, true},
		{"triangle", 0, true},
	}
	for _, tc := range tests {
		got, err := ParseLattice(tc.in)
		if (err != nil) != tc.wantErr || got != tc.want {
			t.Errorf("ParseLattice(%q) = %v, %v; want %v, error %v", tc.in, got, err, tc.want, tc.wantErr)
		}
		if err == nil && got.String() != tc.in {
			t.Errorf("ParseLattice(%q).String() = %q", tc.in, got.String())
		}
	}
}

func FuzzParseLattice(f *testing.F) {
	for _, s := range []string{"square", "hex", "", "squar", "hexx"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		l, err := ParseLattice(s)
		if err != nil {
			return
		}
		if l.String() != s {
			t.Errorf("ParseLattice(%q) = %v, which prints as %q", s, l, l.String())
		}
	})
}
