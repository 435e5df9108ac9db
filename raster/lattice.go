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

func iabs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}
