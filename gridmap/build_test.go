package gridmap

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/dungraph/dungraph/params"
	"github.com/dungraph/dungraph/roomshape"
)

var update = flag.Bool("update", false, "rewrite the golden maps in testdata")

// hall is a template used by the tests: a pillared room with a door on
// each side.
const hall = `
##D##
#...#
D.#.D
#...#
##D##
`

// gallery is a template whose doors take corridors two cells wide.
const gallery = `
###DD###
#......#
D......#
D..##..#
#......#
###DD###
`

func mustTemplate(t testing.TB, name, art string) roomshape.Template {
	t.Helper()
	tm, err := roomshape.ParseTemplate(name, art)
	if err != nil {
		t.Fatal(err)
	}
	return tm
}

// row returns a level of rooms in a row, 200 units apart, each 60 × 60,
// joined in order, with the given shapes.
func row(t testing.TB, shapes ...string) Level {
	lv := Level{Seed: 7, Templates: []roomshape.Template{mustTemplate(t, "hall", hall)}}
	for i, s := range shapes {
		r := RoomSpec{ID: i, X: float64(200 * i), Y: 0, W: 60, H: 60, Tag: s, Shape: s}
		if s == roomshape.FromTemplate {
			r.Templates = []string{"hall"}
		}
		lv.Rooms = append(lv.Rooms, r)
		if i > 0 {
			lv.Corridors = append(lv.Corridors, Edge{i - 1, i})
		}
	}
	lv.Goal = len(shapes) - 1
	return lv
}

func TestBuildErrors(t *testing.T) {
	base := func() Level { return row(t, roomshape.Rect, roomshape.Rect) }
	tests := []struct {
		name   string
		edit   func(lv *Level, o *Options)
		want   []string // fragments of the error
		reason string
	}{
		{"no rooms", func(lv *Level, o *Options) { lv.Rooms = nil }, []string{"no rooms"}, "nothing to draw"},
		{"unknown shape", func(lv *Level, o *Options) { lv.Rooms[1].Shape = "blob" }, []string{"room 1", `unknown shape "blob"`}, "shapes are a closed list"},
		{"no template", func(lv *Level, o *Options) {
			lv.Rooms[0].Shape, lv.Rooms[0].Templates = roomshape.FromTemplate, []string{"nave"}
		}, []string{"room 0", `"nave"`}, "a template must exist"},
		{"template shape without templates", func(lv *Level, o *Options) { lv.Rooms[0].Shape = roomshape.FromTemplate }, []string{"room 0", "names no templates"}, ""},
		{"every problem at once", func(lv *Level, o *Options) {
			lv.Rooms[0].Shape, lv.Rooms[1].Shape = "blob", "goo"
		}, []string{"2 problems", `"blob"`, `"goo"`}, "problems are reported together"},
		{"missing room", func(lv *Level, o *Options) { lv.Corridors = append(lv.Corridors, Edge{1, 5}) }, []string{"corridor 1", "not in the level"}, ""},
		{"disconnected", func(lv *Level, o *Options) { lv.Corridors = nil }, []string{"no corridors lead from the entrance", "[1]"}, "a map is walked from the entrance"},
		{"duplicate corridor", func(lv *Level, o *Options) { lv.Corridors = append(lv.Corridors, Edge{1, 0}) }, []string{"corridors 0 and 1"}, ""},
		{"wide corridor", func(lv *Level, o *Options) { o.CorridorWidth = params.MaxCorridorWidth + 1 }, []string{"corridor width"}, ""},
		{"negative cell", func(lv *Level, o *Options) { o.Cell = -1 }, []string{"cell size"}, ""},
		{"door too narrow", func(lv *Level, o *Options) {
			lv.Rooms[0].Shape, lv.Rooms[0].Templates = roomshape.FromTemplate, []string{"hall"}
			o.CorridorWidth = 2
		}, []string{"room 0", "no place on its wall for a door 2 cells wide"}, "the hall's doors are single cells"},
		{"too many cells", func(lv *Level, o *Options) { o.MaxCells = 100 }, []string{"more than 100"}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			lv, o := base(), Options{Cell: 10}
			tt.edit(&lv, &o)
			_, err := Build(lv, o)
			if err == nil {
				t.Fatalf("no error (%s)", tt.reason)
			}
			for _, w := range tt.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not say %q (%s)", err, w, tt.reason)
				}
			}
		})
	}
}

func TestBuildShapes(t *testing.T) {
	tests := []struct {
		name   string
		lv     Level
		opts   Options
		check  func(t *testing.T, m *Map)
		reason string
	}{
		{"rect", row(t, roomshape.Rect, roomshape.Rect), Options{Cell: 10}, func(t *testing.T, m *Map) {
			for _, r := range m.Rooms {
				if r.Bounds.W != 6 || r.Bounds.H != 6 || len(r.Outline) != 4 {
					t.Errorf("room %d: bounds %+v, outline %v; want a 6 × 6 square", r.ID, r.Bounds, r.Outline)
				}
			}
		}, "a 60-unit room on 10-unit cells is 6 cells wide"},
		{"disc", row(t, roomshape.Disc, roomshape.Disc), Options{Cell: 10}, func(t *testing.T, m *Map) {
			if n := floorCells(m, 0); n >= 36 || n < 20 {
				t.Errorf("a 6 × 6 disc has %d cells", n)
			}
		}, "the disc is inside its square"},
		{"cave", row(t, roomshape.Cave, roomshape.Cave, roomshape.Cave), Options{Cell: 5}, func(t *testing.T, m *Map) {
			for o := range m.Rooms {
				if n := floorCells(m, o); n >= 144 || n < 144/caveMinShare {
					t.Errorf("a 12 × 12 cave has %d cells", n)
				}
			}
		}, "a cave keeps at least a third of its square"},
		{"template", row(t, roomshape.FromTemplate, roomshape.Rect, roomshape.FromTemplate), Options{Cell: 10}, func(t *testing.T, m *Map) {
			for _, o := range []int{0, 2} {
				if n := floorCells(m, o); n != 8 {
					t.Errorf("room %d: the hall has %d floor cells, want 8", o, n)
				}
			}
		}, "a template room is its art"},
		{"door", row(t, roomshape.Rect, roomshape.Door, roomshape.Rect), Options{Cell: 10}, func(t *testing.T, m *Map) {
			if n := floorCells(m, 1); n != 1 || m.At(m.Rooms[1].Bounds.X, m.Rooms[1].Bounds.Y) != CellDoor {
				t.Errorf("the door room has %d cells, want one door cell", n)
			}
		}, "a door is one door cell in its corridor"},
		{"wide", row(t, roomshape.Rect, roomshape.Door, roomshape.Cave), Options{Cell: 5, CorridorWidth: 3}, func(t *testing.T, m *Map) {
			if len(m.Doors) != 4*3 {
				t.Errorf("%d door cells, want 3 at each end of two corridors", len(m.Doors))
			}
		}, "a door of a wide corridor is as wide as the corridor"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, err := Build(tt.lv, tt.opts)
			if err != nil {
				t.Fatal(err)
			}
			checkCorridors(t, m)
			tt.check(t, m)
			again, err := Build(tt.lv, tt.opts)
			if err != nil || !bytes.Equal(again.Text(), m.Text()) {
				t.Errorf("a second build differs (%v)", err)
			}
		})
	}
}

func floorCells(m *Map, o int) int {
	n := 0
	for _, w := range m.Owner {
		if int(w) == o {
			n++
		}
	}
	return n
}

// checkCorridors checks what Verify does not: each corridor's path is a
// chain of side-neighbours that starts and ends on door cells.
func checkCorridors(t *testing.T, m *Map) {
	t.Helper()
	for k, c := range m.Corridors {
		for i := 1; i < len(c.Path); i++ {
			a, b := c.Path[i-1], c.Path[i]
			if abs(a.X-b.X)+abs(a.Y-b.Y) != 1 {
				t.Errorf("corridor %d jumps from %v to %v", k, a, b)
			}
		}
		for _, end := range []Point{c.Path[0], c.Path[len(c.Path)-1]} {
			doors := 0
			for y := end.Y; y < end.Y+m.CorridorWidth; y++ {
				for x := end.X; x < end.X+m.CorridorWidth; x++ {
					if m.At(x, y) == CellDoor {
						doors++
					}
				}
			}
			if doors != m.CorridorWidth {
				t.Errorf("corridor %d ends at %v on %d door cells, want %d", k, end, doors, m.CorridorWidth)
			}
		}
	}
}

// randomLevel returns a level of rooms on a jittered lattice, joined by a
// random spanning tree of the lattice and a few more lattice edges (so the
// level is planar), in random shapes.
func randomLevel(t testing.TB, rng *rand.Rand) Level {
	cols, rows := 2+rng.IntN(4), 2+rng.IntN(3)
	lv := Level{Seed: rng.Uint64(), Templates: []roomshape.Template{mustTemplate(t, "hall", hall), mustTemplate(t, "gallery", gallery)}}
	shapes := roomshape.Names()
	for j := range rows {
		for i := range cols {
			s := shapes[rng.IntN(len(shapes))]
			r := RoomSpec{
				ID: j*cols + i, X: float64(200*i + rng.IntN(61) - 30), Y: float64(200*j + rng.IntN(61) - 30),
				W: float64(40 + rng.IntN(81)), H: float64(40 + rng.IntN(81)), Shape: s, Tag: s,
			}
			if s == roomshape.FromTemplate {
				r.Templates = []string{"hall", "gallery"}
			}
			lv.Rooms = append(lv.Rooms, r)
		}
	}
	var edges []Edge
	for j := range rows {
		for i := range cols {
			if i+1 < cols {
				edges = append(edges, Edge{j*cols + i, j*cols + i + 1})
			}
			if j+1 < rows {
				edges = append(edges, Edge{j*cols + i, (j+1)*cols + i})
			}
		}
	}
	rng.Shuffle(len(edges), func(i, j int) { edges[i], edges[j] = edges[j], edges[i] })
	comp := make([]int, len(lv.Rooms))
	for i := range comp {
		comp[i] = i
	}
	var find func(int) int
	find = func(v int) int {
		if comp[v] != v {
			comp[v] = find(comp[v])
		}
		return comp[v]
	}
	for _, e := range edges {
		if a, b := find(e.A), find(e.B); a != b || rng.IntN(4) == 0 {
			comp[a] = b
			lv.Corridors = append(lv.Corridors, e)
		}
	}
	// The gallery has three doors apart: a room of four corridors can only
	// be a hall, and only with corridors one cell wide (Build refuses the
	// rest, as TestBuildErrors checks).
	deg := make([]int, len(lv.Rooms))
	for _, e := range lv.Corridors {
		deg[e.A]++
		deg[e.B]++
	}
	for i := range lv.Rooms {
		if lv.Rooms[i].Shape == roomshape.FromTemplate && deg[i] > 3 {
			lv.Rooms[i].Templates = []string{"hall"}
		}
	}
	lv.Goal = len(lv.Rooms) - 1
	return lv
}

// bruteNeighbours returns the cells beside c: on squares the four, on a
// Hex map the six, found through axial coordinates (q = x - (y - y&1)/2,
// r = y; Red Blob Games, "Hexagonal Grids") rather than Map.Neighbours.
// Cells outside the map are included.
func bruteNeighbours(m *Map, c Point) []Point {
	if !m.Hex {
		return []Point{{c.X, c.Y - 1}, {c.X + 1, c.Y}, {c.X, c.Y + 1}, {c.X - 1, c.Y}}
	}
	q, r := c.X-(c.Y-c.Y&1)/2, c.Y
	var out []Point
	for _, d := range [6][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, -1}, {-1, 1}} {
		nq, nr := q+d[0], r+d[1]
		out = append(out, Point{nq + (nr-nr&1)/2, nr})
	}
	return out
}

// joinedBrute returns whether rooms a and b (indices in m.Rooms) are joined
// by walkable cells outside every room, by a search from each cell of a.
func joinedBrute(m *Map, a, b int) bool {
	seen := make([]bool, len(m.Cells))
	var queue []Point
	for i, o := range m.Owner {
		if int(o) == a {
			queue = append(queue, Point{i % m.W, i / m.W})
		}
	}
	for len(queue) > 0 {
		c := queue[0]
		queue = queue[1:]
		for _, n := range bruteNeighbours(m, c) {
			if !m.At(n.X, n.Y).Walkable() || seen[m.Index(n)] {
				continue
			}
			switch m.RoomAt(n.X, n.Y) {
			case b:
				if m.RoomAt(c.X, c.Y) != a {
					return true
				}
			case -1:
				seen[m.Index(n)] = true
				queue = append(queue, n)
			}
		}
	}
	return false
}

// TestBuildRandom builds random planar levels in random shapes and checks
// each map against a brute-force reference: two rooms are joined through
// corridor cells exactly when the level has a corridor between them.
func TestBuildRandom(t *testing.T) {
	n := 60
	if testing.Short() {
		n = 15
	}
	for seed := range uint64(n) {
		rng := rand.New(rand.NewPCG(seed, 1))
		lv := randomLevel(t, rng)
		o := Options{Cell: 10, CorridorWidth: 1 + rng.IntN(2), Compact: rng.IntN(2) == 0, Hex: seed%2 == 1}
		if slices.ContainsFunc(lv.Rooms, func(r RoomSpec) bool { return len(r.Templates) == 1 }) {
			o.CorridorWidth = 1
		}
		m, err := Build(lv, o)
		if err != nil {
			t.Errorf("seed %d: %v", seed, err)
			continue
		}
		checkCorridors(t, m)
		want := map[[2]int]bool{}
		for _, e := range lv.Corridors {
			want[[2]int{min(e.A, e.B), max(e.A, e.B)}] = true
		}
		for a := range m.Rooms {
			for b := a + 1; b < len(m.Rooms); b++ {
				key := [2]int{m.Rooms[a].ID, m.Rooms[b].ID}
				if got := joinedBrute(m, a, b); got != want[key] {
					t.Errorf("seed %d: rooms %d and %d joined %t, want %t", seed, key[0], key[1], got, want[key])
				}
			}
		}
	}
}

// TestVerifyFails breaks good maps and checks that the proof says what
// broke.
func TestVerifyFails(t *testing.T) {
	lv := row(t, roomshape.Rect, roomshape.Rect, roomshape.Rect)
	tests := []struct {
		name   string
		break_ func(m *Map)
		want   string
	}{
		{"cut corridor", func(m *Map) {
			p := m.Corridors[1].Path
			m.Cells[m.Index(p[len(p)/2])] = CellWall
		}, "corridor 1 (rooms 1-2) is missing"},
		{"stray corridor", func(m *Map) { m.Cells[0] = CellCorridor }, "join no room"},
		{"extra corridor", func(m *Map) {
			// A corridor from room 0 straight to room 2, below the rooms.
			y := m.Rooms[0].Bounds.Y + m.Rooms[0].Bounds.H
			x0 := m.Rooms[0].Bounds.X + 1
			x1 := m.Rooms[2].Bounds.X + 1
			m.Cells[m.Index(Point{x0, y})] = CellDoor
			m.Cells[m.Index(Point{x1, y})] = CellDoor
			for x := x0; x <= x1; x++ {
				if m.At(x, y+1) == CellWall {
					m.Cells[m.Index(Point{x, y + 1})] = CellCorridor
				}
			}
		}, "rooms 0 and 2 are joined"},
		{"no door", func(m *Map) {
			for i, k := range m.Cells {
				if k == CellDoor {
					m.Cells[i] = CellCorridor
					break
				}
			}
		}, "without a door"},
		{"lost entrance", func(m *Map) { m.Cells[m.Index(m.Entrance)] = CellFloor }, "the entrance cell"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, err := Build(lv, Options{Cell: 10})
			if err != nil {
				t.Fatal(err)
			}
			tt.break_(m)
			err = Verify(m, lv)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Verify = %v, want an error saying %q", err, tt.want)
			}
		})
	}
}

// TestVerifyHex checks that the proof reads a Hex map with six
// neighbours: two rooms whose cells touch only at a corner on squares
// touch on hexes.
func TestVerifyHex(t *testing.T) {
	lv := Level{Rooms: []RoomSpec{{ID: 0}, {ID: 1}}}
	m := &Map{W: 4, H: 2, Cells: make([]Kind, 8), Owner: slices.Repeat([]int32{-1}, 8), Rooms: []Room{{ID: 0}, {ID: 1}}}
	// Room 0 at (2,0) in an even row, room 1 at (1,1) in the odd row
	// below: a corner apart on squares, side by side on hexes.
	m.Cells[m.Index(Point{2, 0})], m.Owner[m.Index(Point{2, 0})] = CellEntrance, 0
	m.Cells[m.Index(Point{1, 1})], m.Owner[m.Index(Point{1, 1})] = CellFloor, 1
	m.Entrance, m.Goal = Point{2, 0}, Point{2, 0}
	for _, tt := range []struct {
		hex  bool
		want string
	}{{false, "room 1: its cell (1,1) cannot be reached"}, {true, "rooms 0 and 1 touch at (2,0)"}} {
		m.Hex = tt.hex
		if err := Verify(m, lv); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("hex %v: Verify = %v, want an error saying %q", tt.hex, err, tt.want)
		}
	}
}

// TestGoldenMaps compares the text of a few maps with testdata; run with
// -update to rewrite them.
func TestGoldenMaps(t *testing.T) {
	square := Level{Seed: 3, Templates: []roomshape.Template{mustTemplate(t, "hall", hall), mustTemplate(t, "gallery", gallery)}}
	shapes := []string{roomshape.Rect, roomshape.Cave, roomshape.FromTemplate, roomshape.Disc}
	for i, s := range shapes {
		r := RoomSpec{ID: i, X: float64(300 * (i % 2)), Y: float64(300 * (i / 2)), W: 120, H: 100, Shape: s}
		if s == roomshape.FromTemplate {
			r.Templates = []string{"hall", "gallery"}
		}
		square.Rooms = append(square.Rooms, r)
	}
	square.Rooms = append(square.Rooms, RoomSpec{ID: 4, X: 150, Y: 150, W: 20, H: 20, Shape: roomshape.Door})
	square.Corridors = []Edge{{0, 1}, {1, 3}, {2, 3}, {0, 4}, {4, 3}}
	square.Goal = 3
	tests := []struct {
		name string
		lv   Level
		opts Options
	}{
		{"shapes", square, Options{Cell: 10}},
		{"shapes-compact", square, Options{Cell: 10, Compact: true}},
		{"shapes-wide", square, Options{Cell: 10, CorridorWidth: 2}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, err := Build(tt.lv, tt.opts)
			if err != nil {
				t.Fatal(err)
			}
			got := m.Text()
			file := filepath.Join("testdata", tt.name+".txt")
			if *update {
				if err := os.WriteFile(file, got, 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(file)
			if err != nil {
				t.Fatalf("%v (run go test ./gridmap -run TestGoldenMaps -update)", err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("%s differs from the golden map:\n got:\n%s\nwant:\n%s", file, got, want)
			}
		})
	}
}

func TestOutline(t *testing.T) {
	// Cells of room 0: an L with a notch.
	m := &Map{W: 5, H: 4, Cells: make([]Kind, 20), Owner: slices.Repeat([]int32{-1}, 20), Rooms: []Room{{ID: 0}}}
	for _, p := range []Point{{1, 1}, {2, 1}, {3, 1}, {1, 2}} {
		m.Owner[m.Index(p)] = 0
	}
	bd, poly, _ := m.outline(0, Rect{0, 0, 5, 4})
	want := []Point{{1, 1}, {4, 1}, {4, 2}, {2, 2}, {2, 3}, {1, 3}}
	if bd != (Rect{1, 1, 3, 2}) || fmt.Sprint(poly) != fmt.Sprint(want) {
		t.Errorf("outline = %+v %v, want %+v %v", bd, poly, Rect{1, 1, 3, 2}, want)
	}
}

// A hub room with more corridors than its wall has door places at the
// chosen cell is drawn on a finer cell instead: the chosen cell (the
// median room five cells across) fails when asked for explicitly, and the
// map Build chooses itself is proven at a cell 2/3 as large or finer.
func TestBuildRefinesCrampedCell(t *testing.T) {
	lv := hubLevel(14, 600)
	chosen := defaultCell(lv.Rooms)
	if _, err := Build(lv, Options{Cell: chosen}); err == nil || !strings.Contains(err.Error(), "doors a cell apart") {
		t.Fatalf("at the chosen cell %v: %v, want the hub cramped", chosen, err)
	}
	m, err := Build(lv, Options{})
	if err != nil {
		t.Fatalf("Build chose no cell that holds the hub: %v", err)
	}
	if m.CellSize > float64(chosen*2)/3 {
		t.Errorf("cell %v, want at most 2/3 of %v", m.CellSize, chosen)
	}
	if err := Verify(m, lv); err != nil {
		t.Errorf("the refined map fails its proof: %v", err)
	}
}

// TestCellErrorSays checks that the error of a level no cell draws says
// what the user can change: for a corridor with no way, the cells tried,
// the cell to choose and the crowded room; for too few door places, the
// room (in the wrapped error) and the cells tried.
func TestCellErrorSays(t *testing.T) {
	route := noRoute(&plan{lv: Level{Rooms: []RoomSpec{{ID: 35}, {ID: 59}}, Corridors: []Edge{{35, 59}}}, ends: [][2]int32{{0, 1}}}, 0)
	for _, tt := range []struct {
		name string
		err  *CellError
		want []string
	}{
		{"route", &CellError{Cell: 50, Finest: 9.876543, Crowded: `room 35 (tag "a", 8 corridors)`, Err: route},
			[]string{"rooms 35-59", "cell sizes 50 down to 9.877", "choose a cell size below 9.877", `fewer corridors at room 35 (tag "a", 8 corridors)`}},
		{"cramped", &CellError{Cell: 50, Finest: 9.876543, Err: errors.New("gridmap: room 9 (tag \"g\", shape \"template\"): room on its wall for 3 doors a cell apart, for 4 corridors")},
			[]string{"room 9", "cell sizes 50 down to 9.877"}},
		{"explicit", &CellError{Cell: 400, Suggestion: 30, Err: route}, []string{"cell size 400 is too coarse", "cell size 30 works"}},
	} {
		got := tt.err.Error()
		for _, w := range tt.want {
			if !strings.Contains(got, w) {
				t.Errorf("%s: %q does not say %q", tt.name, got, w)
			}
		}
	}
}

// TestBuildContextStops: a done context stops BuildContext with its error,
// at a given cell and at a cell Build chooses, where the same level draws
// with a live one.
func TestBuildContextStops(t *testing.T) {
	lv := row(t, roomshape.Rect, roomshape.Rect)
	done, cancel := context.WithCancel(context.Background())
	cancel()
	for _, o := range []Options{{Cell: 10}, {}} {
		if _, err := BuildContext(context.Background(), lv, o); err != nil {
			t.Fatalf("cell %v: %v", o.Cell, err)
		}
		if m, err := BuildContext(done, lv, o); !errors.Is(err, context.Canceled) || m != nil {
			t.Errorf("cell %v: a done context gave %v, %v; want context.Canceled and no map", o.Cell, m, err)
		}
	}
}

// countdown is a context whose deadline strikes after its Err was asked
// n times: a deadline measured in the build's own looks at it, with no
// clock. looks counts every Err call.
type countdown struct {
	context.Context
	n, looks int
}

func (c *countdown) Err() error {
	c.looks++
	if c.looks > c.n {
		return context.DeadlineExceeded
	}
	return nil
}

// TestBuildContextStopsWithinAttempt: BuildContext looks at its context
// while it routes (before each corridor and every stopEvery search
// states), so a deadline that strikes in the middle of an attempt stops
// it there: BuildContext returns the deadline's error, no map, and looks
// at most four times more (routing, the attempt, Build's own two), where
// the whole build goes on looking dozens of times.
func TestBuildContextStopsWithinAttempt(t *testing.T) {
	// 12 spokes 2,500 units long at cell 10: one attempt of long
	// searches.
	lv := hubLevel(12, 2500)
	o := Options{Cell: 10}
	live := &countdown{Context: context.Background(), n: math.MaxInt}
	if _, err := BuildContext(live, lv, o); err != nil {
		t.Fatal(err)
	}
	if live.looks < 50 {
		t.Fatalf("the whole build looked at its context %d times; want a level that takes longer", live.looks)
	}
	for _, n := range []int{1, 5, live.looks / 3, live.looks - 10} {
		c := &countdown{Context: context.Background(), n: n}
		m, err := BuildContext(c, lv, o)
		if !errors.Is(err, context.DeadlineExceeded) || m != nil {
			t.Errorf("deadline at look %d: %v, %v; want context.DeadlineExceeded and no map", n, m, err)
		}
		if c.looks > n+4 {
			t.Errorf("deadline at look %d: the build looked %d times, went on after it (the whole build looks %d times)", n, c.looks, live.looks)
		}
	}
}

// TestBuildCellErrorFinest: a hub with 80 corridors is cramped at every
// cell Build tries, with more door places at each finer cell; the error
// names the finest cell and says what failed there (the failure itself,
// not the finest build's own CellError), as Build at that cell does.
func TestBuildCellErrorFinest(t *testing.T) {
	lv := hubLevel(80, 1600)
	_, err := Build(lv, Options{})
	var ce *CellError
	if !errors.As(err, &ce) {
		t.Fatalf("Build = %v; want a CellError", err)
	}
	finest := ce.Cell
	for range refinements {
		finest = float64(finest*2) / 3
	}
	_, at := Build(lv, Options{Cell: finest})
	var want *CellError
	if !errors.As(at, &want) {
		t.Fatalf("Build at the finest cell %v = %v; want a CellError", finest, at)
	}
	var inner *CellError
	if ce.Finest != finest || errors.As(ce.Err, &inner) || ce.Err.Error() != want.Err.Error() {
		t.Errorf("CellError{Cell: %v, Finest: %v, Err: %v}; want Finest %v and the failure at it, %v", ce.Cell, ce.Finest, ce.Err, finest, want.Err)
	}
	if !strings.Contains(err.Error(), fmt.Sprintf("down to %.4g", finest)) {
		t.Errorf("error %q does not name the finest cell %.4g", err, finest)
	}
}

// TestBuildSpreadHitsMaxCells: two rooms that overlap at scale 1 spread
// until the next scale would pass MaxCells (400: 22 × 18 cells fit, the
// next scale's 23 × 18 do not). The error says the scale it failed at and
// the size fact, without the size error's "choose a larger cell", so never
// both that and a CellError's "choose a cell size below".
func TestBuildSpreadHitsMaxCells(t *testing.T) {
	lv := row(t, roomshape.Rect, roomshape.Rect)
	lv.Rooms[1].X = 40
	_, err := Build(lv, Options{Cell: 10, MaxCells: 400})
	if err == nil {
		t.Fatal("no error; want the overlap at scale 1")
	}
	msg := err.Error()
	for _, w := range []string{"overlap", "at scale 1", "more than 400"} {
		if !strings.Contains(msg, w) {
			t.Errorf("error %q does not say %q", msg, w)
		}
	}
	if strings.Contains(msg, "larger") && strings.Contains(msg, "below") {
		t.Errorf("error %q advises both a larger and a smaller cell", msg)
	}
	if strings.Contains(msg, "choose a larger cell") {
		t.Errorf("error %q embeds the size error's advice, not only its size", msg)
	}
}

// hubLevel returns a 100-unit hub room joined to spokes rooms of its size
// on a circle of the given radius around it, the last one the goal.
func hubLevel(spokes int, radius float64) Level {
	lv := Level{Seed: 1}
	lv.Rooms = append(lv.Rooms, RoomSpec{ID: 0, W: 100, H: 100, Tag: "hub"})
	for i := 1; i <= spokes; i++ {
		a := float64(i) * 2 * math.Pi / float64(spokes)
		lv.Rooms = append(lv.Rooms, RoomSpec{ID: i, X: radius * math.Cos(a), Y: radius * math.Sin(a), W: 100, H: 100, Tag: "leaf"})
		lv.Corridors = append(lv.Corridors, Edge{0, i})
	}
	lv.Goal = spokes
	return lv
}
