package roomshape

import (
	"fmt"
	"strings"
)

// Template is an ASCII-art room, parsed by ParseTemplate. Its cells are
// '#' wall, '.' floor, 'D' a wall cell that may become a door, and ' ' a
// cell outside the room (drawn as wall). The art holds the room's own wall:
// the map stage places it whole, its 'D' cells on the room's wall.
type Template struct {
	Name string
	// W and H are the art's size in cells; Cells holds its rows, Cells[y*W+x].
	W, H  int
	Cells []byte
}

// Dirs are the four directions on the grid, as (x, y) steps with y growing
// downwards: up, right, down, left.
var Dirs = [4][2]int{{0, -1}, {1, 0}, {0, 1}, {-1, 0}}

// MaxTemplateSide bounds a template's width and height.
const MaxTemplateSide = 64

// ArtError is a problem with a template's art, at a 1-based Row and Col of
// the art (Col counts characters).
type ArtError struct {
	Row, Col int
	Msg      string
}

func (e *ArtError) Error() string {
	return fmt.Sprintf("roomshape: art row %d, column %d: %s", e.Row, e.Col, e.Msg)
}

// ArtErrors is every problem of one template's art.
type ArtErrors []*ArtError

func (es ArtErrors) Error() string {
	parts := make([]string, len(es))
	for i, e := range es {
		parts[i] = e.Error()
	}
	return strings.Join(parts, "\n")
}

// ParseTemplate parses art: one row per line, '#' wall, '.' floor, 'D' a
// possible door, ' ' outside the room. Rows shorter than the longest are
// padded with ' '; blank lines before the first row and after the last are
// dropped (so a TOML multi-line string may start and end on lines of its
// own). The art must have floor, all of it one piece (cells joined side to
// side) and none of it on the art's outer edge; every 'D' must lie on the
// outer edge, not in a corner, with floor on its inner side; and there must
// be a 'D'. On failure the error is ArtErrors, every problem with its row
// and column.
func ParseTemplate(name, art string) (Template, error) {
	lines := strings.Split(strings.ReplaceAll(art, "\r\n", "\n"), "\n")
	first := 0
	for first < len(lines) && strings.TrimSpace(lines[first]) == "" {
		first++
	}
	last := len(lines)
	for last > first && strings.TrimSpace(lines[last-1]) == "" {
		last--
	}
	var errs ArtErrors
	fail := func(row, col int, format string, args ...any) {
		errs = append(errs, &ArtError{Row: row, Col: col, Msg: fmt.Sprintf(format, args...)})
	}
	rows := lines[first:last]
	t := Template{Name: name, H: len(rows)}
	if t.H == 0 {
		return t, ArtErrors{{Row: 1, Col: 1, Msg: "the art is empty: draw the room with '#', '.', 'D' and ' '"}}
	}
	for _, r := range rows {
		t.W = max(t.W, len([]rune(r)))
	}
	if t.W > MaxTemplateSide || t.H > MaxTemplateSide {
		return t, ArtErrors{{Row: 1, Col: 1, Msg: fmt.Sprintf("the art is %d × %d cells; at most %d × %d", t.W, t.H, MaxTemplateSide, MaxTemplateSide)}}
	}
	t.Cells = make([]byte, t.W*t.H)
	for y, r := range rows {
		x := 0
		for _, c := range r {
			switch c {
			case '#', '.', 'D', ' ':
				t.Cells[y*t.W+x] = byte(c)
			default:
				fail(first+y+1, x+1, "%q is not '#' (wall), '.' (floor), 'D' (door) or ' ' (outside)", c)
				t.Cells[y*t.W+x] = '#'
			}
			x++
		}
		for ; x < t.W; x++ {
			t.Cells[y*t.W+x] = ' '
		}
	}
	floors, doors := 0, 0
	for y := range t.H {
		for x := range t.W {
			row, col := first+y+1, x+1
			switch t.Cells[y*t.W+x] {
			case '.':
				floors++
				if t.onEdge(x, y) {
					fail(row, col, "floor on the art's edge: surround the floor with '#' or 'D'")
				}
			case 'D':
				doors++
				if _, ok := t.DoorDir(x, y); !ok {
					fail(row, col, "a 'D' must lie on the art's edge, not in a corner, with '.' on its inner side")
				}
			}
		}
	}
	if floors == 0 {
		fail(first+1, 1, "the art has no floor ('.')")
	} else if x, y, ok := t.secondPiece(); ok {
		fail(first+y+1, x+1, "the floor falls apart: this '.' cannot be reached from the first one through floor")
	}
	if doors == 0 {
		fail(first+1, 1, "the art has no door cell ('D') for corridors to enter by")
	}
	if len(errs) > 0 {
		return t, errs
	}
	return t, nil
}

func (t *Template) at(x, y int) byte {
	if x < 0 || y < 0 || x >= t.W || y >= t.H {
		return ' '
	}
	return t.Cells[y*t.W+x]
}

func (t *Template) onEdge(x, y int) bool { return x == 0 || y == 0 || x == t.W-1 || y == t.H-1 }

// DoorDir returns the outward direction of a 'D' at (x, y), as an index
// of Dirs: it must be on one edge of the art, not a corner, with floor
// inward.
func (t *Template) DoorDir(x, y int) (int, bool) {
	found, dir := 0, 0
	for d, v := range Dirs {
		ox, oy := x+v[0], y+v[1]
		ix, iy := x-v[0], y-v[1]
		if (ox < 0 || oy < 0 || ox >= t.W || oy >= t.H) && t.at(ix, iy) == '.' {
			found++
			dir = d
		}
	}
	corner := (x == 0 || x == t.W-1) && (y == 0 || y == t.H-1)
	return dir, found == 1 && !corner
}

// secondPiece returns a floor cell that the first floor cell (in row
// order) cannot reach through floor, if there is one.
func (t *Template) secondPiece() (int, int, bool) {
	seen := make([]bool, len(t.Cells))
	start := -1
	for i, c := range t.Cells {
		if c == '.' {
			start = i
			break
		}
	}
	stack := []int{start}
	seen[start] = true
	for len(stack) > 0 {
		i := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		x, y := i%t.W, i/t.W
		for _, v := range Dirs {
			nx, ny := x+v[0], y+v[1]
			if t.at(nx, ny) == '.' && !seen[ny*t.W+nx] {
				seen[ny*t.W+nx] = true
				stack = append(stack, ny*t.W+nx)
			}
		}
	}
	for i, c := range t.Cells {
		if c == '.' && !seen[i] {
			return i % t.W, i / t.W, true
		}
	}
	return 0, 0, false
}

// Orient returns t turned by o: bit 0 mirrors it left to right, then bits
// 1-2 turn it a quarter turn clockwise that many times.
func (t *Template) Orient(o int) Template {
	cur := *t
	if o&1 != 0 {
		m := Template{Name: cur.Name, W: cur.W, H: cur.H, Cells: make([]byte, len(cur.Cells))}
		for y := range cur.H {
			for x := range cur.W {
				m.Cells[y*m.W+(m.W-1-x)] = cur.Cells[y*cur.W+x]
			}
		}
		cur = m
	}
	for range (o >> 1) & 3 {
		r := Template{Name: cur.Name, W: cur.H, H: cur.W, Cells: make([]byte, len(cur.Cells))}
		for y := range cur.H {
			for x := range cur.W {
				// (x, y) → (H-1-y, x): a clockwise quarter turn on screen.
				r.Cells[x*r.W+(cur.H-1-y)] = cur.Cells[y*cur.W+x]
			}
		}
		cur = r
	}
	return cur
}
