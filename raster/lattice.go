package raster

import (
	"fmt"
	"math"
)

// Lattice is the shape of the tiles: square cells or hexagons.
type Lattice uint8

const (
	// Square is the lattice of square cells: 4 neighbours per tile.
	Square Lattice = iota
	// Hex is the lattice of hexagons in ZTile's FlatHex arrangement: rows
	// of tiles along x, every row shifted half a tile from the one above,
	// 6 neighbours per tile.
	Hex
)

// sqrt3by2 is √3/2 correctly rounded: the height of a hex row, in cells.
const sqrt3by2 = 0.8660254037844386

// Coord is a tile's coordinates. On the square lattice Q is the column and
// R the row. On the hex lattice they are axial coordinates: R is the row
// and Q grows to the right along it; the third cube coordinate is -Q-R.
type Coord struct{ Q, R int }

func (c Coord) String() string { return fmt.Sprintf("(%d,%d)", c.Q, c.R) }

func (c Coord) add(d Coord) Coord { return Coord{c.Q + d.Q, c.R + d.R} }
func (c Coord) sub(d Coord) Coord { return Coord{c.Q - d.Q, c.R - d.R} }

// The neighbour directions, in ZTile's order. Opposite directions are
// consecutive: 2k and 2k+1.
var (
	squareDirs = [...]Coord{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}
	hexDirs    = [...]Coord{{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {-1, 1}, {1, -1}}
)

// ParseLattice parses "square" or "hex".
func ParseLattice(s string) (Lattice, error) {
	switch s {
	case "square":
		return Square, nil
	case "hex":
		return Hex, nil
	}
	return 0, fmt.Errorf("raster: unknown lattice %q: want square or hex", s)
}

func (l Lattice) String() string {
	switch l {
	case Square:
		return "square"
	case Hex:
		return "hex"
	}
	return fmt.Sprintf("Lattice(%d)", uint8(l))
}

func (l Lattice) valid() bool { return l == Square || l == Hex }

// dirs returns the neighbour directions; callers must not modify them.
func (l Lattice) dirs() []Coord {
	if l == Hex {
		return hexDirs[:]
	}
	return squareDirs[:]
}

// Neighbours returns the tiles that share an edge with c, in a fixed order:
// (+1,0), (-1,0), (0,+1), (0,-1), and on the hex lattice (-1,+1), (+1,-1).
func (l Lattice) Neighbours(c Coord) []Coord {
	d := l.dirs()
	out := make([]Coord, len(d))
	for i, v := range d {
		out[i] = c.add(v)
	}
	return out
}

// Distance is the lattice distance between two tiles, ZTile's distance:
// on the hex lattice the number of steps between them,
// max(|dq|, |dr|, |dq+dr|); on the square lattice the Chebyshev distance
// max(|dq|, |dr|), the number of king's moves (FlatSq), which is not the
// number of 4-neighbour steps, |dq|+|dr|.
func (l Lattice) Distance(a, b Coord) int {
	dq, dr := iabs(a.Q-b.Q), iabs(a.R-b.R)
	if l == Hex {
		return max(dq, dr, iabs(a.Q-b.Q+a.R-b.R))
	}
	return max(dq, dr)
}

// steps is the number of neighbour steps between two tiles on an empty
// lattice: |dq|+|dr| on squares, Distance on hexes.
func (l Lattice) steps(a, b Coord) int {
	if l == Hex {
		return l.Distance(a, b)
	}
	return iabs(a.Q-b.Q) + iabs(a.R-b.R)
}

// Centre returns the centre of tile c in cell units, y growing downwards
// with R: (Q, R) on squares, (Q + R/2, R·√3/2) on hexes, where the centres
// of neighbouring tiles are one cell apart.
func (l Lattice) Centre(c Coord) (x, y float64) {
	if l == Hex {
		// 2Q+R is exact in an int and halving it is exact.
		return float64(2*c.Q+c.R) / 2, float64(float64(c.R) * sqrt3by2)
	}
	return float64(c.Q), float64(c.R)
}

// TileAt returns the tile whose centre is nearest to the point (x, y) in
// cell units. Points halfway between tiles go to the tile with the larger
// coordinate on squares; on hexes ties are broken by cube rounding.
// Coordinates beyond ±2^52 give meaningless tiles.
func (l Lattice) TileAt(x, y float64) Coord {
	if l == Hex {
		fr := y / sqrt3by2
		fq := x - float64(fr/2)
		fs := -fq - fr
		q, r, s := math.Round(fq), math.Round(fr), math.Round(fs)
		dq, dr, ds := math.Abs(q-fq), math.Abs(r-fr), math.Abs(s-fs)
		switch {
		case dq > dr && dq > ds:
			q = -r - s
		case dr > ds:
			r = -q - s
		}
		return Coord{int(q), int(r)}
	}
	return Coord{int(math.Floor(x + 0.5)), int(math.Floor(y + 0.5))}
}

// line returns the tiles of a lattice line from a to b, both included,
// each a neighbour of the one before.
//
// On squares it walks one 4-neighbour step at a time, taking the step that
// stays closest to the segment between the centres: the x step when the
// segment leaves the current tile through its vertical side, the y step
// when through its horizontal side, and the x step when it passes exactly
// through the corner. On hexes it is the standard hex line: the points
// a + (b-a)·i/N, i = 0..N, cube-rounded, computed exactly in integers with
// the customary nudge (+1, +2, -3 in units far below a tile) that keeps
// points off the edges between tiles.
func (l Lattice) line(a, b Coord) []Coord {
	if l == Hex {
		return hexLine(a, b)
	}
	return squareLine(a, b)
}

func squareLine(a, b Coord) []Coord {
	nx, ny := iabs(b.Q-a.Q), iabs(b.R-a.R)
	sx, sy := isign(b.Q-a.Q), isign(b.R-a.R)
	out := make([]Coord, 0, nx+ny+1)
	p := a
	out = append(out, p)
	for ix, iy := 0, 0; ix < nx || iy < ny; {
		// Compare (ix+½)/nx with (iy+½)/ny: the fractions of the segment
		// at which it crosses the next vertical and horizontal grid lines.
		if int64(1+2*ix)*int64(ny) <= int64(1+2*iy)*int64(nx) {
			p.Q += sx
			ix++
		} else {
			p.R += sy
			iy++
		}
		out = append(out, p)
	}
	return out
}

func hexLine(a, b Coord) []Coord {
	n := hexDistance(a, b)
	out := make([]Coord, 0, n+1)
	if n == 0 {
		return append(out, a)
	}
	// Cube coordinates x = Q, z = R, y = -Q-R, scaled by 8N and nudged.
	ax, az := int64(a.Q), int64(a.R)
	ay := -ax - az
	dx, dz := int64(b.Q)-ax, int64(b.R)-az
	dy := -dx - dz
	den := 8 * int64(n)
	for i := int64(0); i <= int64(n); i++ {
		x := 8*(ax*int64(n)+dx*i) + 1
		y := 8*(ay*int64(n)+dy*i) + 2
		z := 8*(az*int64(n)+dz*i) - 3
		rx, ry, rz := roundDiv(x, den), roundDiv(y, den), roundDiv(z, den)
		ex, ey, ez := iabs64(rx*den-x), iabs64(ry*den-y), iabs64(rz*den-z)
		switch {
		case ex > ey && ex > ez:
			rx = -ry - rz
		case ey > ez:
			// y is dropped: it is not stored.
		default:
			rz = -rx - ry
		}
		out = append(out, Coord{int(rx), int(rz)})
	}
	return out
}

func hexDistance(a, b Coord) int { return Hex.Distance(a, b) }

// roundDiv rounds n/d to the nearest integer, for d > 0; the nudge in
// hexLine keeps n/d off the halves.
func roundDiv(n, d int64) int64 {
	q := n / d
	r := n % d
	if r < 0 {
		q--
		r += d
	}
	if 2*r > d {
		q++
	}
	return q
}

// dot returns a positive multiple of the dot product of the
// displacements between the centres of tiles u and v apart from the
// origin, computed exactly: the dot product itself on squares, twice it on
// hexes, whose centres are (q + r/2, r·√3/2) and (√3/2)² = 3/4.
func (l Lattice) dot(u, v Coord) int64 {
	uq, ur, vq, vr := int64(u.Q), int64(u.R), int64(v.Q), int64(v.R)
	if l == Hex {
		// (2uq+ur)(2vq+vr)/2 + 3·ur·vr/2; the numerator is even.
		return ((2*uq+ur)*(2*vq+vr) + 3*ur*vr) / 2
	}
	return uq*vq + ur*vr
}

// axisToward returns the neighbour direction that points most nearly from
// a to b: the largest dot product with b-a, ties to the earlier direction
// in Neighbours order.
func (l Lattice) axisToward(a, b Coord) Coord {
	v := b.sub(a)
	best, bestDot := Coord{}, int64(math.MinInt64)
	for _, d := range l.dirs() {
		if dot := l.dot(d, v); dot > bestDot {
			best, bestDot = d, dot
		}
	}
	return best
}

func iabs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

func iabs64(v int64) int64 {
	if v < 0 {
		return -v
	}
	return v
}

func isign(v int) int {
	switch {
	case v > 0:
		return 1
	case v < 0:
		return -1
	}
	return 0
}
