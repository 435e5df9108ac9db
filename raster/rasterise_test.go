package raster

import (
	"errors"
	"math"
	"strings"
	"testing"
)

// twoRooms is a level of two 40 × 40 rooms, the first centred on the
// origin, joined by one corridor.
func twoRooms(x, y float64) Level {
	return Level{
		Rooms:     []Room{{ID: 1, W: 40, H: 40, Tag: "a"}, {ID: 2, X: x, Y: y, W: 40, H: 40, Tag: "b"}},
		Corridors: []Corridor{{A: 1, B: 2}},
		Entrance:  1,
		Goal:      2,
	}
}

func TestRasteriseSmall(t *testing.T) {
	tests := []struct {
		name   string
		lv     Level
		opts   Options
		want   string
		reason string
	}{
		{
			name: "horizontal", lv: twoRooms(120, 0), opts: Options{Cell: 10},
			reason: "a horizontal corridor has left-right doors, each with walls above and below",
			want: `
*********************
*********************
**    ********    ***
** P  I      I G  ***
**    ********    ***
**    ********    ***
*********************
*********************
*********************
`,
		},
		{
			name: "vertical", lv: twoRooms(0, 120), opts: Options{Cell: 10},
			reason: "a vertical corridor has up-down doors",
			want: `
*********
*********
**    ***
** P  ***
**    ***
**    ***
***H*****
*** *****
*** *****
*** *****
*** *****
*** *****
*** *****
***H*****
**    ***
** G  ***
**    ***
**    ***
*********
*********
*********
`,
		},
		{
			name: "diagonal", lv: twoRooms(100, 100), opts: Options{Cell: 10},
			reason: "the line leaves each room by its side, x step first at corners, then the corridor steps straight once past each door",
			want: `
*******************
*******************
**    *************
** P  *************
**    *************
**    I ***********
*******  **********
******** **********
********  *********
********* *********
********* *********
*********  ********
********** I    ***
************ G  ***
************    ***
************    ***
*******************
*******************
*******************
`,
		},
		{
			name: "width 2", lv: twoRooms(120, 10), opts: Options{Cell: 10, CorridorWidth: 2},
			reason: "the body is two tiles wide, widened right and down, but not beside the doors",
			want: `
***********************
***********************
***********************
***    ****************
*** P  I     **    ****
***    *      I G  ****
***    ****   *    ****
***************    ****
***********************
***********************
***********************
***********************
`,
		},
		{
			name: "width 3", lv: twoRooms(120, 10), opts: Options{Cell: 10, CorridorWidth: 3},
			reason: "the body is three tiles wide, but not beside the doors",
			want: `
***********************
***********************
***********************
***    *     **********
*** P  I      *    ****
***    *      I G  ****
***    ***    *    ****
***************    ****
***********************
***********************
***********************
***********************
`,
		},
		{
			name: "two doors", lv: twoRooms(60, 0), opts: Options{Cell: 10},
			reason: "two tiles between the rooms hold a door each and nothing else",
			want: `
***************
***************
**    **    ***
** P  II G  ***
**    **    ***
**    **    ***
***************
***************
***************
`,
		},
		{
			name: "one door", lv: twoRooms(50, 0), opts: Options{Cell: 10},
			reason: "a single tile between the rooms is a door of both",
			want: `
**************
**************
**    *    ***
** P  I G  ***
**    *    ***
**    *    ***
**************
**************
**************
`,
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g, err := Rasterise(tc.lv, tc.opts)
			if err != nil {
				t.Fatal(err)
			}
			got, _, err := g.Text(TextOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if want := strings.TrimPrefix(tc.want, "\n"); string(got) != want {
				t.Errorf("%s\n(-want +got):\n-%s\n+%s", tc.reason, want, got)
			}
			if errs := verify(tc.lv, g); len(errs) > 0 {
				t.Errorf("verify: %v", errs)
			}
		})
	}
}

// TestTooCoarse rasterises two rooms 3 units apart, one above the other,
// at a cell of 20: no door fits. The error must name the rooms and the
// corridor and suggest a cell size that works.
func TestTooCoarse(t *testing.T) {
	lv := twoRooms(0, 43)
	for _, l := range []Lattice{Square, Hex} {
		opts := Options{Cell: 20, Lattice: l}
		_, err := Rasterise(lv, opts)
		var ce *CheckError
		if !errors.As(err, &ce) {
			t.Fatalf("%v: error %v, want a *CheckError", l, err)
		}
		if p := ce.Problems; len(p) == 0 || !(equalInts(p[0].Rooms, []int{1, 2}) || equalInts(p[0].Corridors, []int{0})) {
			t.Fatalf("%v: problems %+v, want one of rooms 1 and 2 or corridor 0 first", l, ce.Problems)
		}
		if ce.Suggestion <= 0 || ce.Suggestion >= 20 {
			t.Fatalf("%v: suggestion %v", l, ce.Suggestion)
		}
		if !strings.Contains(err.Error(), "; cell size "+formatCell(ce.Suggestion)+" works") || !strings.Contains(err.Error(), "cell size 20 is too coarse") {
			t.Errorf("%v: message %q does not name both sizes", l, err)
		}
		if got, err := SuggestCell(lv, opts); err != nil || got != ce.Suggestion {
			t.Errorf("%v: SuggestCell = %v, %v; want %v", l, got, err, ce.Suggestion)
		}
		opts.Cell = ce.Suggestion
		g, err := Rasterise(lv, opts)
		if err != nil {
			t.Fatalf("%v: the suggested cell %v fails: %v", l, opts.Cell, err)
		}
		if errs := verify(lv, g); len(errs) > 0 {
			t.Errorf("%v: %v", l, errs)
		}
		// The suggestion is the first size of the sequence that works.
		f := 1.0
		for range suggestSteps {
			f *= suggestFactor
			c := roundCell(20 * f)
			if c <= ce.Suggestion {
				break
			}
			opts.Cell = c
			if _, err := Rasterise(lv, opts); err == nil {
				t.Errorf("%v: cell %v works and is larger than the suggestion %v", l, c, ce.Suggestion)
			}
		}
	}
}

// TestNoSuggestion: rooms that touch in the world cannot be kept apart by
// any cell size.
func TestNoSuggestion(t *testing.T) {
	lv := twoRooms(40, 0)
	// A small MaxCells ends the search early.
	_, err := Rasterise(lv, Options{Cell: 10, MaxCells: 1 << 14})
	var ce *CheckError
	if !errors.As(err, &ce) || ce.Suggestion != 0 {
		t.Fatalf("error %v, want a *CheckError without suggestion", err)
	}
	if !strings.Contains(err.Error(), "nor does any smaller size") {
		t.Errorf("message %q", err)
	}
	if _, err := SuggestCell(lv, Options{Cell: 10, MaxCells: 1 << 14}); err == nil {
		t.Error("SuggestCell found a size")
	}
}

// TestProblems builds levels that break each check and expects the
// problem, naming the rooms and corridors involved.
func TestProblems(t *testing.T) {
	tests := []struct {
		name      string
		lv        Level
		opts      Options
		kind      ProblemKind
		rooms     []int
		corridors []int
	}{
		{
			name: "overlap",
			lv: Level{Rooms: []Room{{ID: 1, W: 40, H: 40}, {ID: 2, X: 10, W: 40, H: 40}, {ID: 3, X: 100, W: 40, H: 40}},
				Corridors: []Corridor{{1, 3}, {2, 3}}, Entrance: 1, Goal: 3},
			opts: Options{Cell: 10}, kind: ProblemOverlap, rooms: []int{1, 2},
		},
		{
			name: "crossing",
			lv: Level{Rooms: []Room{{ID: 1, W: 40, H: 40}, {ID: 2, X: 200, W: 40, H: 40}, {ID: 3, X: 100, Y: 5, W: 20, H: 20}},
				Corridors: []Corridor{{1, 2}, {1, 3}}, Entrance: 1, Goal: 2},
			opts: Options{Cell: 10}, kind: ProblemCrossing, rooms: []int{3}, corridors: []int{0},
		},
		{
			name: "touch",
			lv: Level{Rooms: []Room{{ID: 1, W: 40, H: 40}, {ID: 2, X: 200, W: 40, H: 40}, {ID: 3, X: 100, Y: 15, W: 20, H: 20}},
				Corridors: []Corridor{{1, 2}, {2, 3}}, Entrance: 1, Goal: 2},
			opts: Options{Cell: 10}, kind: ProblemTouch, rooms: []int{3}, corridors: []int{0},
		},
		{
			name: "empty room",
			lv: Level{Rooms: []Room{{ID: 1, W: 40, H: 40}, {ID: 2, W: 20, H: 20}, {ID: 3, X: 100, W: 40, H: 40}},
				Corridors: []Corridor{{1, 2}, {2, 3}}, Entrance: 1, Goal: 3},
			opts: Options{Cell: 10}, kind: ProblemEmpty, rooms: []int{2},
		},
		{
			name: "unreachable",
			lv: Level{Rooms: []Room{{ID: 1, W: 40, H: 40}, {ID: 2, W: 20, H: 20}, {ID: 3, X: 100, W: 40, H: 40}},
				Corridors: []Corridor{{1, 2}, {2, 3}}, Entrance: 1, Goal: 3},
			opts: Options{Cell: 10}, kind: ProblemUnreachable, rooms: []int{3},
		},
		{
			name: "single tile goal",
			lv:   Level{Rooms: []Room{{ID: 1}}, Entrance: 1, Goal: 1},
			opts: Options{Cell: 10}, kind: ProblemGoal, rooms: []int{1},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tc.opts.MaxCells = 1 << 14 // no suggestion is to be found: end the search early
			_, err := Rasterise(tc.lv, tc.opts)
			var ce *CheckError
			if !errors.As(err, &ce) {
				t.Fatalf("error %v, want a *CheckError", err)
			}
			for _, p := range ce.Problems {
				if p.Kind == tc.kind && equalInts(p.Rooms, tc.rooms) && equalInts(p.Corridors, tc.corridors) {
					if !ce.Grid.Contains(p.Tile) {
						t.Errorf("problem %q at %v, outside the grid", p.Msg, p.Tile)
					}
					if p.String() != p.Msg || !strings.Contains(err.Error(), p.Msg) {
						t.Errorf("problem %q is not in the error:\n%v", p.Msg, err)
					}
					return
				}
			}
			t.Errorf("no problem of kind %d with rooms %v and corridors %v in:\n%v", tc.kind, tc.rooms, tc.corridors, err)
		})
	}
}

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// TestInputErrors: invalid levels and options are plain errors naming the
// problem, never CheckErrors, and never panics.
func TestInputErrors(t *testing.T) {
	good := twoRooms(120, 0)
	with := func(f func(*Level)) Level {
		lv := twoRooms(120, 0)
		lv.Rooms = append([]Room(nil), lv.Rooms...)
		lv.Corridors = append([]Corridor(nil), lv.Corridors...)
		f(&lv)
		return lv
	}
	tests := []struct {
		name string
		lv   Level
		opts Options
		want string // a word the message must contain
	}{
		{"empty level", Level{}, Options{Cell: 10}, "no rooms"},
		{"zero cell", good, Options{}, "cell size"},
		{"negative cell", good, Options{Cell: -1}, "cell size"},
		{"NaN cell", good, Options{Cell: math.NaN()}, "cell size"},
		{"infinite cell", good, Options{Cell: math.Inf(1)}, "cell size"},
		{"bad lattice", good, Options{Cell: 10, Lattice: 7}, "lattice"},
		{"bad shape", good, Options{Cell: 10, Shape: 9}, "shape"},
		{"negative width", good, Options{Cell: 10, CorridorWidth: -1}, "corridor width"},
		{"huge width", good, Options{Cell: 10, CorridorWidth: 1000}, "corridor width"},
		{"negative max cells", good, Options{Cell: 10, MaxCells: -5}, "max cells"},
		{"too many cells", good, Options{Cell: 0.001}, "limit"},
		{"NaN x", with(func(lv *Level) { lv.Rooms[1].X = math.NaN() }), Options{Cell: 10}, "room 2"},
		{"infinite y", with(func(lv *Level) { lv.Rooms[0].Y = math.Inf(-1) }), Options{Cell: 10}, "room 1"},
		{"negative size", with(func(lv *Level) { lv.Rooms[0].W = -3 }), Options{Cell: 10}, "negative"},
		{"huge coordinates", with(func(lv *Level) { lv.Rooms[0].X = 1e300 }), Options{Cell: 10}, "too large"},
		{"duplicate IDs", with(func(lv *Level) { lv.Rooms[1].ID = 1 }), Options{Cell: 10}, "ID 1"},
		{"unknown room", with(func(lv *Level) { lv.Corridors[0].B = 9 }), Options{Cell: 10}, "ID 9"},
		{"self corridor", with(func(lv *Level) { lv.Corridors[0].B = 1 }), Options{Cell: 10}, "itself"},
		{"duplicate corridor", with(func(lv *Level) { lv.Corridors = append(lv.Corridors, Corridor{2, 1}) }), Options{Cell: 10}, "both join"},
		{"disconnected", with(func(lv *Level) { lv.Corridors = nil }), Options{Cell: 10}, "no corridors lead"},
		{"unknown entrance", with(func(lv *Level) { lv.Entrance = 5 }), Options{Cell: 10}, "entrance"},
		{"unknown goal", with(func(lv *Level) { lv.Goal = 5 }), Options{Cell: 10}, "goal"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Rasterise(tc.lv, tc.opts)
			var ce *CheckError
			if err == nil || errors.As(err, &ce) {
				t.Fatalf("error %v, want an input error", err)
			}
			if !strings.HasPrefix(err.Error(), "raster: ") || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("message %q: want the prefix raster: and %q", err, tc.want)
			}
			if _, err2 := SuggestCell(tc.lv, tc.opts); err2 == nil {
				t.Errorf("SuggestCell accepts it")
			}
		})
	}
	if _, err := Rasterise(good, Options{Cell: 0.01}); !errors.Is(err, ErrTooManyCells) {
		t.Errorf("a huge grid gives %v, want ErrTooManyCells", err)
	}
}

// TestOneRoom: a level of one room puts the goal on the tile farthest from
// the spawn, ties to the lowest row then column; a zero-size room gets the
// tile of its centre.
func TestOneRoom(t *testing.T) {
	lv := Level{Rooms: []Room{{ID: 4, X: 0, Y: 0, W: 50, H: 30}}, Entrance: 4, Goal: 4}
	g, err := Rasterise(lv, Options{Cell: 10})
	if err != nil {
		t.Fatal(err)
	}
	entity, _, err := g.Text(TextOptions{})
	if err != nil {
		t.Fatal(err)
	}
	// The grid keeps a frame of walls at least two tiles wide; here the
	// room's right and bottom edges fall on tile centres, which the room
	// does not include, so the frame is a tile wider there.
	want := "**********\n**********\n**G    ***\n**  P  ***\n**     ***\n**********\n**********\n**********\n"
	if string(entity) != want {
		t.Errorf("got\n%s\nwant\n%s", entity, want)
	}
	tiny := Level{Rooms: []Room{{ID: 1}, {ID: 2, X: 30}}, Corridors: []Corridor{{1, 2}}, Entrance: 1, Goal: 2}
	g, err = Rasterise(tiny, Options{Cell: 10})
	if err != nil {
		t.Fatal(err)
	}
	if errs := verify(tiny, g); len(errs) > 0 {
		t.Error(errs)
	}
	if n := len(g.RoomTiles(1)); n != 1 {
		t.Errorf("a zero-size room has %d tiles, want 1", n)
	}
}

// TestDiscShape: a disc room holds the tiles strictly inside the disc of
// radius min(W, H)/2.
func TestDiscShape(t *testing.T) {
	lv := Level{Rooms: []Room{{ID: 1, W: 100, H: 70}}, Entrance: 1, Goal: 1}
	for _, l := range []Lattice{Square, Hex} {
		g, err := Rasterise(lv, Options{Cell: 7, Lattice: l, Shape: RoomDisc})
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for c, tile := range g.All() {
			x, y := g.World(c)
			d := x*x + y*y
			inside := d < 35*35
			if math.Abs(d-35*35) > 1e-6 && (tile.Kind == KindFloor) != inside {
				t.Errorf("%v: tile %v at (%v, %v) is %v", l, c, x, y, tile.Kind)
			}
			if inside {
				n++
			}
		}
		if got := len(g.RoomTiles(1)); got < n || got > n+4 {
			t.Errorf("%v: RoomTiles has %d tiles, want %d (and up to 4 on the circle)", l, got, n)
		}
	}
}

// TestGridCoordinates: World and TileAt are inverse, tiles cover world
// squares [i·Cell, (i+1)·Cell) on the square lattice, and Tags lists the
// tags once, sorted.
func TestGridCoordinates(t *testing.T) {
	for _, l := range []Lattice{Square, Hex} {
		g, err := Rasterise(fiveRooms(), Options{Cell: 10, Lattice: l})
		if err != nil {
			t.Fatal(err)
		}
		for c, tile := range g.All() {
			x, y := g.World(c)
			if got := g.TileAt(x, y); got != c {
				t.Fatalf("%v: TileAt(World(%v)) = %v", l, c, got)
			}
			if l == Square && (math.Mod(x, 10) != 5 && math.Mod(x, 10) != -5 || math.Mod(y, 10) != 5 && math.Mod(y, 10) != -5) {
				t.Fatalf("square tile %v has its centre at (%v, %v), not the middle of a 10-unit cell", c, x, y)
			}
			if tile.Kind == KindFloor && g.At(c) != tile {
				t.Fatalf("%v: At(%v) = %+v, All gave %+v", l, c, g.At(c), tile)
			}
		}
		if got := g.At(Coord{-5, -5}); got.Kind != KindWall || got.Room != -1 || got.Corridor != -1 {
			t.Errorf("%v: outside the grid is %+v, want a wall", l, got)
		}
		if got := strings.Join(g.Tags(), ","); got != "goal,hall,start,vault" {
			t.Errorf("%v: Tags = %s", l, got)
		}
		if g.RoomTiles(99) != nil {
			t.Errorf("%v: tiles for an unknown room", l)
		}
	}
}
