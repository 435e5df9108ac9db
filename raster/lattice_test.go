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
// (Distance, ZTile's FlatSq) and through Neighbours (|dq|+|dr|, the steps
// the flood fill counts).
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
	rookDist := bfs(square, Square.Neighbours(Coord{}))

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
			if got, want := Square.steps(a, b), rookDist[d]; got != want {
				t.Fatalf("Square.steps(%v, %v) = %d, 4-neighbour BFS says %d", a, b, got, want)
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

// TestLine checks lattice lines: they join their ends in the fewest
// neighbour steps, and every tile is one of the nearest to the segment's
// point at the same fraction (hex) or within a tile's reach of the
// segment (square).
func TestLine(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, l := range []Lattice{Square, Hex} {
		for i := range 3000 {
			span := 3 + i%40
			a := Coord{rng.IntN(2*span) - span, rng.IntN(2*span) - span}
			b := Coord{rng.IntN(2*span) - span, rng.IntN(2*span) - span}
			line := l.line(a, b)
			if line[0] != a || line[len(line)-1] != b {
				t.Fatalf("%v.line(%v, %v) = %v: wrong ends", l, a, b, line)
			}
			if len(line) != l.steps(a, b)+1 {
				t.Fatalf("%v.line(%v, %v) has %d tiles, want %d", l, a, b, len(line), l.steps(a, b)+1)
			}
			ax, ay := l.Centre(a)
			bx, by := l.Centre(b)
			for j := 1; j < len(line); j++ {
				if l.Distance(line[j-1], line[j]) != 1 || l.steps(line[j-1], line[j]) != 1 {
					t.Fatalf("%v.line(%v, %v): %v and %v are not neighbours", l, a, b, line[j-1], line[j])
				}
			}
			for j, c := range line {
				x, y := l.Centre(c)
				if l == Hex {
					// The tile nearest the point at fraction j/N, up
					// to the nudge.
					f := float64(j) / float64(len(line)-1)
					px, py := ax+(bx-ax)*f, ay+(by-ay)*f
					d := (x-px)*(x-px) + (y-py)*(y-py)
					for _, n := range l.Neighbours(c) {
						nx, ny := l.Centre(n)
						if nd := (nx-px)*(nx-px) + (ny-py)*(ny-py); nd < d-1e-6 {
							t.Fatalf("hex line(%v, %v) tile %d is %v, but %v is nearer the line", a, b, j, c, n)
						}
					}
					continue
				}
				// A 4-connected walk that keeps the segment inside the
				// tile it enters stays within half a tile of it in both
				// axes.
				if dist := segmentDistance(x, y, ax, ay, bx, by); dist > math.Sqrt2/2+1e-9 {
					t.Fatalf("square line(%v, %v): tile %v is %v from the segment", a, b, c, dist)
				}
			}
		}
	}
}

func segmentDistance(px, py, ax, ay, bx, by float64) float64 {
	vx, vy := bx-ax, by-ay
	f := 0.0
	if l2 := vx*vx + vy*vy; l2 > 0 {
		f = math.Max(0, math.Min(1, ((px-ax)*vx+(py-ay)*vy)/l2))
	}
	dx, dy := px-(ax+f*vx), py-(ay+f*vy)
	return math.Sqrt(dx*dx + dy*dy)
}

// TestSquareLineTies pins the tie rule: through a corner, the x step
// comes first.
func TestSquareLineTies(t *testing.T) {
	got := Square.line(Coord{0, 0}, Coord{2, 2})
	want := []Coord{{0, 0}, {1, 0}, {1, 1}, {2, 1}, {2, 2}}
	if len(got) != len(want) {
		t.Fatalf("line = %v, want %v", got, want)
	}
	for i := range got {
		if got[i] != want[i] {
			t.Fatalf("line = %v, want %v", got, want)
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

// TestAxisToward checks the exact dot products against floating point.
func TestAxisToward(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for _, l := range []Lattice{Square, Hex} {
		for range 2000 {
			v := Coord{rng.IntN(41) - 20, rng.IntN(41) - 20}
			vx, vy := l.Centre(v)
			for _, d := range l.dirs() {
				dx, dy := l.Centre(d)
				want := dx*vx + dy*vy
				scale := 1.0
				if l == Hex {
					scale = 2
				}
				if got := float64(l.dot(d, v)); math.Abs(got-scale*want) > 1e-9 {
					t.Fatalf("%v.dot(%v, %v) = %v, want %v", l, d, v, got, scale*want)
				}
			}
		}
	}
}
