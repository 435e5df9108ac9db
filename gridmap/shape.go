package gridmap

import (
	"math/rand/v2"

	"github.com/dungraph/dungraph/roomshape"
)

// dirs are the four side directions, clockwise from up (roomshape.Dirs):
// a door's outward direction is an index into dirs.
var dirs = func() (d [4]Point) {
	for i, v := range roomshape.Dirs {
		d[i] = Point{v[0], v[1]}
	}
	return d
}()

// footprint is a room as drawn, before it is placed: a w × h rectangle of
// cells whose border is the room's wall, the floor inside it, and the
// places on the wall where a corridor may enter.
type footprint struct {
	w, h  int
	floor []bool
	// doors are the wall cells a corridor may enter by, with their outward
	// direction, in row order.
	doors []doorSpot
	// carve says that a door need not have floor behind it: Build digs
	// from the door to the floor (the cave's passages).
	carve bool
}

type doorSpot struct{ x, y, dir int }

func (f *footprint) isFloor(x, y int) bool {
	return x >= 0 && y >= 0 && x < f.w && y < f.h && f.floor[y*f.w+x]
}

// wallSpots returns the cells of f's wall that are not corners, with
// their outward direction, those with floor behind them only if
// needFloor.
func (f *footprint) wallSpots(needFloor bool) []doorSpot {
	var out []doorSpot
	for y := range f.h {
		for x := range f.w {
			var d int
			switch {
			case (x == 0 || x == f.w-1) && (y == 0 || y == f.h-1):
				continue
			case y == 0:
				d = 0
			case x == f.w-1:
				d = 1
			case y == f.h-1:
				d = 2
			case x == 0:
				d = 3
			default:
				continue
			}
			if needFloor && !f.isFloor(x-dirs[d].X, y-dirs[d].Y) {
				continue
			}
			out = append(out, doorSpot{x, y, d})
		}
	}
	return out
}

// rectFootprint is a fw × fh floor inside a one-cell wall.
func rectFootprint(fw, fh int) footprint {
	f := footprint{w: fw + 2, h: fh + 2}
	f.floor = make([]bool, f.w*f.h)
	for y := 1; y <= fh; y++ {
		for x := 1; x <= fw; x++ {
			f.floor[y*f.w+x] = true
		}
	}
	f.doors = f.wallSpots(true)
	return f
}

// discFootprint is the ellipse inscribed in a fw × fh floor: the cells whose
// centres lie inside it, and the middle rows and columns, so that the
// floor reaches the middle of each wall however long the ellipse.
func discFootprint(fw, fh int) footprint {
	f := footprint{w: fw + 2, h: fh + 2}
	f.floor = make([]bool, f.w*f.h)
	for y := range fh {
		for x := range fw {
			// In half-cells: centre (2x+1, 2y+1), ellipse centre (fw, fh),
			// semi-axes fw and fh; inside when
			// (dx·fh)² + (dy·fw)² ≤ (fw·fh)², all integers.
			dx, dy := int64(2*x+1-fw), int64(2*y+1-fh)
			a, b := int64(fw), int64(fh)
			in := dx*dx*b*b+dy*dy*a*a <= a*a*b*b
			mid := abs(2*x+1-fw) <= 1 || abs(2*y+1-fh) <= 1
			if in || mid {
				f.floor[(y+1)*f.w+x+1] = true
			}
		}
	}
	f.doors = f.wallSpots(true)
	return f
}

// Cave parameters: the share of wall in the first random fill, the number
// of smoothing steps, and the neighbour count at which a cell becomes
// wall. 45 %, 4 steps and the 4-5 rule are the classic values (Johnson,
// Yannakakis and Togelius 2010; RogueBasin "Cellular Automata Method for
// Generating Random Cave-Like Levels").
const (
	caveFill      = 0.45
	caveSteps     = 4
	caveWallAt    = 5
	caveTries     = 8
	caveMinShare  = 3 // the kept cave holds at least 1/caveMinShare of the area
	caveMinExtent = 4 // smaller rooms are drawn as discs
)

// caveFootprint grows a cave in a fw × fh floor with a cellular automaton
// and keeps its largest piece. A cave too small to keep a third of its area
// after caveTries fills is drawn as a disc.
func caveFootprint(fw, fh int, rng *rand.Rand) footprint {
	if fw < caveMinExtent || fh < caveMinExtent {
		f := discFootprint(fw, fh)
		f.carve = true
		f.doors = f.wallSpots(false)
		return f
	}
	w, h := fw+2, fh+2
	cur := make([]bool, w*h) // true: floor
	next := make([]bool, w*h)
	for range caveTries {
		for y := 1; y <= fh; y++ {
			for x := 1; x <= fw; x++ {
				cur[y*w+x] = rng.Float64() >= caveFill
			}
		}
		for range caveSteps {
			for y := 1; y <= fh; y++ {
				for x := 1; x <= fw; x++ {
					walls := 0
					for dy := -1; dy <= 1; dy++ {
						for dx := -1; dx <= 1; dx++ {
							if (dx != 0 || dy != 0) && !cur[(y+dy)*w+x+dx] {
								walls++
							}
						}
					}
					next[y*w+x] = walls < caveWallAt
				}
			}
			cur, next = next, cur
		}
		keep := largestPiece(cur, w, h)
		if n := count(keep); n*caveMinShare >= fw*fh {
			f := footprint{w: w, h: h, floor: keep, carve: true}
			f.doors = f.wallSpots(false)
			return f
		}
	}
	f := discFootprint(fw, fh)
	f.carve = true
	f.doors = f.wallSpots(false)
	return f
}

func count(b []bool) int {
	n := 0
	for _, v := range b {
		if v {
			n++
		}
	}
	return n
}

// largestPiece returns the largest side-connected piece of floor, the first
// in row order among equals.
func largestPiece(floor []bool, w, h int) []bool {
	label := make([]int32, len(floor))
	best, bestSize := int32(0), 0
	var stack []int
	next := int32(0)
	for i, f := range floor {
		if !f || label[i] != 0 {
			continue
		}
		next++
		size := 0
		label[i] = next
		stack = append(stack[:0], i)
		for len(stack) > 0 {
			c := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			size++
			x, y := c%w, c/w
			for _, d := range dirs {
				nx, ny := x+d.X, y+d.Y
				if nx < 0 || ny < 0 || nx >= w || ny >= h {
					continue
				}
				if j := ny*w + nx; floor[j] && label[j] == 0 {
					label[j] = next
					stack = append(stack, j)
				}
			}
		}
		if size > bestSize {
			best, bestSize = next, size
		}
	}
	out := make([]bool, len(floor))
	for i, l := range label {
		out[i] = l != 0 && l == best
	}
	return out
}

// doorFootprint is a room drawn as a door: a width × width floor (one
// corridor wide) that its corridors pass through.
func doorFootprint(width int) footprint {
	f := rectFootprint(width, width)
	return f
}

// templateFootprint is template t as it lies.
func templateFootprint(t *roomshape.Template) footprint {
	f := footprint{w: t.W, h: t.H, floor: make([]bool, len(t.Cells))}
	for y := range t.H {
		for x := range t.W {
			switch t.Cells[y*t.W+x] {
			case '.':
				f.floor[y*t.W+x] = true
			case 'D':
				if d, ok := t.DoorDir(x, y); ok {
					f.doors = append(f.doors, doorSpot{x, y, d})
				}
			}
		}
	}
	return f
}

// slots returns the places a corridor of the given width may enter f: runs
// of width door spots side by side along one wall, each given by its first
// spot (the one with the smaller x or y).
func (f *footprint) slots(width int) []doorSpot {
	if width == 1 {
		return f.doors
	}
	has := make(map[doorSpot]bool, len(f.doors))
	for _, d := range f.doors {
		has[d] = true
	}
	var out []doorSpot
	for _, d := range f.doors {
		ok := true
		for i := 1; i < width && ok; i++ {
			s := d
			if d.dir == 0 || d.dir == 2 {
				s.x += i
			} else {
				s.y += i
			}
			ok = has[s]
		}
		if ok {
			out = append(out, d)
		}
	}
	return out
}

// apart returns a largest-first greedy set of f's slots for the given width
// of which no two doors come within a cell of each other (corners
// included): corridors may not touch, so doors closer than that cannot
// both be used. Its size is the number of corridors f can take.
func (f *footprint) apart(width int) []doorSpot {
	var out []doorSpot
	cells := func(s doorSpot) (x0, y0, x1, y1 int) {
		if s.dir == 0 || s.dir == 2 {
			return s.x, s.y, s.x + width - 1, s.y
		}
		return s.x, s.y, s.x, s.y + width - 1
	}
	for _, s := range f.slots(width) {
		ax0, ay0, ax1, ay1 := cells(s)
		ok := true
		for _, t := range out {
			bx0, by0, bx1, by1 := cells(t)
			if ax0 <= bx1+1 && bx0 <= ax1+1 && ay0 <= by1+1 && by0 <= ay1+1 {
				ok = false
				break
			}
		}
		if ok {
			out = append(out, s)
		}
	}
	return out
}

// templateScore rates orientation f of a template for a room whose
// corridors lead toward the cell offsets in toward: one point for each
// corridor with a door slot facing it (within 45° of the door's outward
// direction).
func templateScore(f *footprint, width int, toward []Point) int {
	score := 0
	for _, v := range toward {
		for _, s := range f.slots(width) {
			d := dirs[s.dir]
			dot := d.X*v.X + d.Y*v.Y
			cross := d.X*v.Y - d.Y*v.X
			if dot > 0 && dot >= abs(cross) {
				score++
				break
			}
		}
	}
	return score
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}
