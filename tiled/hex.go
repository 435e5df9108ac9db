package tiled

import (
	"math"

	"github.com/dungraph/dungraph/gridmap"
)

// geometry is where a map's cells lie in pixels. An orthogonal map's
// cells are tw × th squares. A hexagonal map (gridmap.Map.Hex) is Tiled's
// pointy-top hexagonal orientation with staggeraxis y and staggerindex
// odd: cell (x, y)'s tile has its top-left corner at (x·tw + (y mod 2)·tw/2,
// y·rowH), rowH = (th + side)/2, and the hexagon's corners are
// (tw/2, 0), (tw, off), (tw, off+side), (tw/2, th), (0, off+side) and (0,
// off) in it, off = (th - side)/2. Tiled's renderer rounds tile sizes down
// to even numbers, so a hexagonal map's are even.
type geometry struct {
	tw, th, side int
	hex          bool
}

// geometry returns the tile geometry of m: tiles of o's tile size, on a
// hexagonal map as wide (rounded up to even) and 2/√3 as high (even), with
// vertical sides half that high (even), which is nearest a regular
// hexagon in whole pixels (a 16-pixel tile is 16 × 18 with sides of 8).
func (o Options) geometry(m *gridmap.Map) geometry {
	n := o.tileSize()
	if !m.Hex {
		return geometry{tw: n, th: n}
	}
	tw := max(2, n+n&1)
	th := max(2, 2*int(math.Floor(float64(tw)/math.Sqrt(3)+0.5)))
	return geometry{tw: tw, th: th, side: th / 2 &^ 1, hex: true}
}

// A hexagonal map's stagger: odd rows shifted half a tile right.
const (
	staggerAxis  = "y"
	staggerIndex = "odd"
)

func (g geometry) orientation() string {
	if g.hex {
		return "hexagonal"
	}
	return "orthogonal"
}

// inside reports whether pixel (x, y) of a tile lies in the tile's shape:
// every pixel of a square; on a hexagonal map the pixels whose centres lie
// in the hexagon, those on its upper slopes included and those on its
// lower slopes not, so that the hexagons of a map take every pixel once.
func (g geometry) inside(x, y int) bool {
	if !g.hex {
		return true
	}
	off := (g.th - g.side) / 2
	// In half pixels: the centre (2x+1, 2y+1); the upper slopes run from
	// the top corner (tw, 0) to (0, 2off) and (2tw, 2off), the lower ones
	// mirror them.
	cx, cy := 2*x+1, 2*y+1
	switch {
	case cy < 2*off:
		return abs(cx-g.tw)*2*off <= g.tw*cy
	case cy > 2*(g.th-off):
		return abs(cx-g.tw)*2*off < g.tw*(2*g.th-cy)
	}
	return true
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

// size returns the size of the map's picture in pixels.
func (g geometry) size(w, h int) (int, int) {
	if !g.hex {
		return w * g.tw, h * g.th
	}
	return w*g.tw + g.tw/2, (h-1)*g.rowH() + g.th
}

// rowH is the distance between the tops of two rows of tiles.
func (g geometry) rowH() int {
	if g.hex {
		return (g.th + g.side) / 2
	}
	return g.th
}

// corner returns the top-left corner of cell (x, y)'s tile.
func (g geometry) corner(x, y int) (int, int) {
	px := x * g.tw
	if g.hex && y&1 == 1 {
		px += g.tw / 2
	}
	return px, y * g.rowH()
}

// centre returns the centre of cell (x, y), in pixels.
func (g geometry) centre(x, y int) (float64, float64) {
	px, py := g.corner(x, y)
	return float64(px) + float64(g.tw)/2, float64(py) + float64(g.th)/2
}

// hexEdges are, for each edge of a hexagon clockwise from its top corner
// (top to upper right, upper right to lower right, …), the neighbour across
// it: dx on even rows, dx on odd rows, dy.
var hexEdges = [6][3]int{{0, 1, -1}, {1, 1, 0}, {0, 1, 1}, {-1, 0, 1}, {-1, -1, 0}, {-1, 0, -1}}

// hexCorners returns the corners of cell (x, y)'s hexagon, clockwise from
// the top.
func (g geometry) hexCorners(x, y int) [6][2]int {
	l, t := g.corner(x, y)
	off := (g.th - g.side) / 2
	return [6][2]int{{l + g.tw/2, t}, {l + g.tw, t + off}, {l + g.tw, t + off + g.side}, {l + g.tw/2, t + g.th}, {l, t + off + g.side}, {l, t + off}}
}

// hexOutlines returns the outlines of room o's cells on a hexagonal map,
// in pixels: the outer one clockwise on screen, then each hole (a wall
// island inside the room) counter-clockwise, each loop starting at the
// first boundary edge in row order. Three hexagons meet at each corner, so
// a boundary passes through a corner at most once and the loops follow
// from the edges alone.
func (g geometry) hexOutlines(m *gridmap.Map, o int32) (outer [][2]int, holes [][][2]int) {
	type edge struct{ from, to [2]int }
	var edges []edge
	next := map[[2]int]int{} // a corner → the boundary edge leaving it
	bd := m.Rooms[o].Bounds
	// The room's cells are those of its bounds that it owns (a map's
	// bounds hold them all).
	in := func(x, y int) bool {
		return x >= bd.X && y >= bd.Y && x < bd.X+bd.W && y < bd.Y+bd.H && m.RoomAt(x, y) == int(o)
	}
	for y := bd.Y; y < bd.Y+bd.H; y++ {
		for x := bd.X; x < bd.X+bd.W; x++ {
			if !in(x, y) {
				continue
			}
			c := g.hexCorners(x, y)
			for i, e := range hexEdges {
				dx := e[0]
				if y&1 == 1 {
					dx = e[1]
				}
				if in(x+dx, y+e[2]) {
					continue
				}
				next[c[i]] = len(edges)
				edges = append(edges, edge{c[i], c[(i+1)%6]})
			}
		}
	}
	used := make([]bool, len(edges))
	for first := range edges {
		if used[first] {
			continue
		}
		var loop [][2]int
		for e := first; !used[e]; e = next[edges[e].to] {
			used[e] = true
			loop = append(loop, edges[e].from)
		}
		loop = straighten(loop)
		if len(loop) < 3 {
			continue
		}
		if area2(loop) > 0 && outer == nil {
			outer = loop
		} else {
			holes = append(holes, loop)
		}
	}
	return outer, holes
}

// straighten drops the corners of a closed polygon that lie on a straight
// run.
func straighten(loop [][2]int) [][2]int {
	var out [][2]int
	n := len(loop)
	for i, p := range loop {
		a, b := loop[(i+n-1)%n], loop[(i+1)%n]
		if (p[0]-a[0])*(b[1]-p[1]) != (p[1]-a[1])*(b[0]-p[0]) {
			out = append(out, p)
		}
	}
	return out
}

// area2 is twice the signed area of a polygon, positive when it runs
// clockwise on screen (y down).
func area2(poly [][2]int) int {
	a := 0
	for i, p := range poly {
		q := poly[(i+1)%len(poly)]
		a += p[0]*q[1] - q[0]*p[1]
	}
	return a
}
