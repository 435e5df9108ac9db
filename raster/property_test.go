package raster

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// verify checks a grid against lv from its tile document and text level
// alone, with its own neighbour tables, and returns every violation.
func verify(lv Level, g *Grid) []string {
	var errs []string
	fail := func(format string, args ...any) { errs = append(errs, fmt.Sprintf(format, args...)) }
	doc := g.Tiles()
	steps := [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}
	if doc.Lattice == "hex" {
		steps = append(steps, [2]int{-1, 1}, [2]int{1, -1})
	}
	type key struct{ q, r int }
	rowStart := func(r int) int {
		if doc.Lattice == "hex" {
			return -(r / 2)
		}
		return 0
	}
	index := func(q, r int) int {
		col := q - rowStart(r)
		if r < 0 || r >= doc.Height || col < 0 || col >= doc.Width {
			return -1
		}
		return r*doc.Width + col
	}
	if len(doc.Tiles) != doc.Width*doc.Height {
		fail("%d tiles for %d × %d", len(doc.Tiles), doc.Width, doc.Height)
	}
	for i, t := range doc.Tiles {
		r, col := i/doc.Width, i%doc.Width
		if t.Q != rowStart(r)+col || t.R != r {
			fail("tile %d is (%d,%d), want (%d,%d)", i, t.Q, t.R, rowStart(r)+col, r)
		}
		if (r == 0 || r == doc.Height-1 || col == 0 || col == doc.Width-1) && t.Kind != "wall" {
			fail("border tile (%d,%d) is %s", t.Q, t.R, t.Kind)
		}
	}
	at := func(q, r int) TileJSON {
		if i := index(q, r); i >= 0 && i < len(doc.Tiles) {
			return doc.Tiles[i]
		}
		return TileJSON{Kind: "wall", Room: -1, Corridor: -1}
	}
	rooms := map[int]Room{}
	for _, r := range lv.Rooms {
		rooms[r.ID] = r
	}
	joined := map[[2]int]bool{}
	for _, c := range lv.Corridors {
		joined[[2]int{c.A, c.B}], joined[[2]int{c.B, c.A}] = true, true
	}
	isRoom := func(t TileJSON) bool { return t.Kind == "floor" || t.Kind == "entrance" || t.Kind == "goal" }

	count := map[string]int{}
	owners := map[int]bool{}
	corridors := map[int]bool{}
	for _, t := range doc.Tiles {
		count[t.Kind]++
		switch {
		case isRoom(t):
			owners[t.Room] = true
			if r, ok := rooms[t.Room]; !ok || r.Tag != t.Tag || t.Corridor != -1 {
				fail("room tile (%d,%d) of room %d, tag %q, corridor %d", t.Q, t.R, t.Room, t.Tag, t.Corridor)
			}
		case t.Kind == "corridor" || t.Kind == "door":
			corridors[t.Corridor] = true
			if t.Corridor < 0 || t.Corridor >= len(lv.Corridors) {
				fail("tile (%d,%d) of unknown corridor %d", t.Q, t.R, t.Corridor)
			}
		}
	}
	if count["entrance"] != 1 || count["goal"] != 1 {
		fail("%d entrances and %d goals", count["entrance"], count["goal"])
	}
	if e := at(doc.Entrance.Q, doc.Entrance.R); e.Kind != "entrance" || e.Room != lv.Entrance {
		fail("entrance tile is %+v, want room %d", e, lv.Entrance)
	}
	if e := at(doc.Goal.Q, doc.Goal.R); e.Kind != "goal" || e.Room != lv.Goal {
		fail("goal tile is %+v, want room %d", e, lv.Goal)
	}
	if len(owners) != len(lv.Rooms) {
		fail("%d rooms have tiles, want %d", len(owners), len(lv.Rooms))
	}
	if len(corridors) != len(lv.Corridors) {
		fail("%d corridors have tiles, want %d", len(corridors), len(lv.Corridors))
	}

	// Flood fill from the entrance over every tile that is not a wall.
	seen := make([]bool, len(doc.Tiles))
	stack := []key{{doc.Entrance.Q, doc.Entrance.R}}
	if i := index(doc.Entrance.Q, doc.Entrance.R); i >= 0 {
		seen[i] = true
	}
	for len(stack) > 0 {
		c := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, s := range steps {
			n := key{c.q + s[0], c.r + s[1]}
			if i := index(n.q, n.r); i >= 0 && !seen[i] && at(n.q, n.r).Kind != "wall" {
				seen[i] = true
				stack = append(stack, n)
			}
		}
	}
	for i, t := range doc.Tiles {
		if t.Kind != "wall" && !seen[i] {
			fail("tile (%d,%d) (%s) cannot be reached", t.Q, t.R, t.Kind)
		}
	}

	// Neighbours of different owners are related.
	for _, t := range doc.Tiles {
		if t.Kind == "wall" {
			continue
		}
		for _, s := range steps {
			n := at(t.Q+s[0], t.R+s[1])
			if n.Kind == "wall" {
				continue
			}
			switch {
			case isRoom(t) && isRoom(n):
				if t.Room != n.Room && !joined[[2]int{t.Room, n.Room}] {
					fail("rooms %d and %d touch at (%d,%d)", t.Room, n.Room, t.Q, t.R)
				}
			case !isRoom(t) && !isRoom(n):
				if t.Corridor != n.Corridor && !shareRoom(lv.Corridors[t.Corridor], lv.Corridors[n.Corridor]) {
					fail("corridors %d and %d touch at (%d,%d)", t.Corridor, n.Corridor, t.Q, t.R)
				}
			case isRoom(t):
				c := lv.Corridors[n.Corridor]
				if n.Kind != "door" || (c.A != t.Room && c.B != t.Room) {
					fail("room %d touches corridor %d's %s at (%d,%d)", t.Room, n.Corridor, n.Kind, t.Q, t.R)
				}
			}
		}
	}

	// Every door stands between a tile of its room and the next tile of
	// its corridor (or the other room), in line.
	for _, t := range doc.Tiles {
		if t.Kind != "door" {
			continue
		}
		c := lv.Corridors[t.Corridor]
		ok := false
		for _, s := range steps {
			behind, ahead := at(t.Q-s[0], t.R-s[1]), at(t.Q+s[0], t.R+s[1])
			if !isRoom(behind) || behind.Room != c.A && behind.Room != c.B {
				continue
			}
			if ahead.Corridor == t.Corridor || isRoom(ahead) && ahead.Room != behind.Room && (ahead.Room == c.A || ahead.Room == c.B) ||
				ahead.Kind == "corridor" && shareRoom(lv.Corridors[ahead.Corridor], c) {
				if doc.Lattice == "square" {
					side := at(t.Q+s[1], t.R+s[0]).Kind == "wall" && at(t.Q-s[1], t.R-s[0]).Kind == "wall"
					dir := "left-right"
					if s[0] == 0 {
						dir = "up-down"
					}
					if !side || t.Door != dir {
						continue
					}
				}
				ok = true
			}
		}
		if !ok {
			fail("door (%d,%d) of corridor %d is not in line between its room and its corridor", t.Q, t.R, t.Corridor)
		}
	}

	if doc.Lattice == "square" {
		errs = append(errs, verifyText(g, doc)...)
	}
	return errs
}

func shareRoom(c, d Corridor) bool { return c.A == d.A || c.A == d.B || c.B == d.A || c.B == d.B }

// verifyText checks the text layers against the tile document.
func verifyText(g *Grid, doc *TileDocument) []string {
	var errs []string
	entity, variations, err := g.Text(TextOptions{})
	if err != nil {
		return []string{err.Error()}
	}
	if len(variations) != len(entity) {
		errs = append(errs, "layers of different sizes")
	}
	lines := strings.Split(string(entity), "\n")
	if lines[len(lines)-1] != "" || len(lines)-1 != doc.Height {
		return append(errs, fmt.Sprintf("%d lines, want %d and a final newline", len(lines)-1, doc.Height))
	}
	for _, l := range lines[:doc.Height] {
		if len(l) != doc.Width {
			errs = append(errs, fmt.Sprintf("line %q is %d long, want %d", l, len(l), doc.Width))
		}
	}
	if n, m := bytes.Count(entity, []byte("P")), bytes.Count(entity, []byte("G")); n != 1 || m != 1 {
		errs = append(errs, fmt.Sprintf("%d P and %d G", n, m))
	}
	want := map[string]byte{"wall": '*', "floor": ' ', "corridor": ' ', "entrance": 'P', "goal": 'G'}
	for i, t := range doc.Tiles {
		got := entity[i+i/doc.Width]
		w, ok := want[t.Kind]
		if t.Kind == "door" {
			w, ok = 'I', true
			if t.Door == "up-down" {
				w = 'H'
			}
		}
		if !ok || got != w {
			errs = append(errs, fmt.Sprintf("tile (%d,%d) %s is %q in the text", t.Q, t.R, t.Kind, got))
		}
	}
	return errs
}

// propertyCell is the cell size of the property tests per lattice and
// shape: fine enough that most random levels pass at once.
func propertyCell(l Lattice, s Shape) float64 {
	if l == Square && s == RoomDisc {
		return 5
	}
	return 8
}

// TestRandomLevels rasterises random valid levels and checks every grid
// with verify. A level the cell size is too coarse for must come with a
// suggestion that works; most must pass at once.
func TestRandomLevels(t *testing.T) {
	seeds := 60
	if testing.Short() {
		seeds = 15
	}
	for _, l := range []Lattice{Square, Hex} {
		for _, shape := range []Shape{RoomRect, RoomDisc} {
			t.Run(fmt.Sprintf("%v-%v", l, shape), func(t *testing.T) {
				coarse := 0
				for seed := range seeds {
					rng := rand.New(rand.NewPCG(uint64(seed), 7))
					lv := randomLevel(rng, 2+rng.IntN(25))
					opts := Options{Lattice: l, Shape: shape, Cell: propertyCell(l, shape), CorridorWidth: 1 + seed%3}
					g, err := Rasterise(lv, opts)
					var ce *CheckError
					if errors.As(err, &ce) {
						coarse++
						if ce.Suggestion <= 0 || ce.Suggestion >= opts.Cell {
							t.Fatalf("seed %d: no usable suggestion: %v", seed, err)
						}
						opts.Cell = ce.Suggestion
						g, err = Rasterise(lv, opts)
					}
					if err != nil {
						t.Fatalf("seed %d: %v", seed, err)
					}
					if errs := verify(lv, g); len(errs) > 0 {
						t.Fatalf("seed %d (cell %v): %d violations, first: %s", seed, opts.Cell, len(errs), strings.Join(errs[:min(5, len(errs))], "; "))
					}
					// The same input gives the same grid.
					if again, _ := Rasterise(lv, opts); !slices.Equal(g.cells, again.cells) {
						t.Fatalf("seed %d: two rasterisations differ", seed)
					}
				}
				if coarse > seeds/5 {
					t.Errorf("%d of %d levels were too coarse at cell %v", coarse, seeds, propertyCell(l, shape))
				}
			})
		}
	}
}

// TestVerifyCatches makes sure verify can fail: it breaks a good grid in
// several ways and expects a complaint each time.
func TestVerifyCatches(t *testing.T) {
	lv := randomLevel(rand.New(rand.NewPCG(1, 7)), 12)
	for _, l := range []Lattice{Square, Hex} {
		g, err := Rasterise(lv, Options{Lattice: l, Cell: 8})
		if err != nil {
			t.Fatal(err)
		}
		if errs := verify(lv, g); len(errs) > 0 {
			t.Fatalf("%v: the good grid fails: %v", l, errs[0])
		}
		breakers := map[string]func(g *Grid){
			"wall in a corridor": func(g *Grid) {
				g.cells[g.firstOf(KindCorridor)] = wallCell
			},
			"door turned into corridor": func(g *Grid) {
				g.cells[g.doors[0][0].tile].kind = KindCorridor
			},
			"room given to another room": func(g *Grid) {
				for _, i := range g.roomTiles[0] {
					g.cells[i].room = 1
				}
			},
			"stray floor": func(g *Grid) {
				g.cells[g.Width+1] = cell{kind: KindFloor, room: 0, corr: -1}
			},
		}
		for name, breakIt := range breakers {
			g, _ := Rasterise(lv, Options{Lattice: l, Cell: 8})
			breakIt(g)
			if errs := verify(lv, g); len(errs) == 0 {
				t.Errorf("%v: verify accepts a grid with a %s", l, name)
			}
		}
	}
}

// firstOf returns the first tile of a kind.
func (g *Grid) firstOf(k Kind) int {
	for i, c := range g.cells {
		if c.kind == k {
			return i
		}
	}
	panic("no tile of kind " + k.String())
}
