package render

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"strings"
	"testing"

	"github.com/dungraph/dungraph/internal/golden"
	"github.com/dungraph/dungraph/levelfile"

	"github.com/dungraph/dungraph/raster"
)

// TestTextGolden checks the text level and the hex tile grid of the golden
// levels: the text layers byte for byte, the tile JSON (large) by hash.
func TestTextGolden(t *testing.T) {
	for _, c := range goldenCases {
		t.Run(c.String(), func(t *testing.T) {
			d := testDoc(t, c)
			var ent, vars, tiles bytes.Buffer
			if err := (Raster{}).WriteText(&ent, &vars, d); err != nil {
				t.Fatal(err)
			}
			if err := (Raster{Lattice: raster.Hex}).WriteTiles(&tiles, nil, d); err != nil {
				t.Fatal(err)
			}
			sum := sha256.Sum256(tiles.Bytes())
			for _, f := range []struct {
				name string
				got  []byte
			}{
				{c.String() + ".txt", ent.Bytes()},
				{c.String() + ".variations.txt", vars.Bytes()},
				{c.String() + ".hex-tiles.sha256", []byte(hex.EncodeToString(sum[:]) + "\n")},
			} {
				golden.Check(t, f.name, f.got)
			}
		})
	}
}

// checkText checks a text level against its grid: rectangular, walled all
// round, one spawn in the entrance room and one goal in the goal room,
// every floor cell reachable from the spawn, every door between a tile of
// its room and a corridor tile, in line, with walls on its sides, and the
// variation layer the same size with letters only on room tiles.
func checkText(t *testing.T, d *levelfile.Document, g *raster.Grid, ent, vars []byte) {
	t.Helper()
	lines := strings.Split(strings.TrimSuffix(string(ent), "\n"), "\n")
	vlines := strings.Split(strings.TrimSuffix(string(vars), "\n"), "\n")
	if len(lines) != g.Height || len(vlines) != g.Height {
		t.Fatalf("%d and %d lines, want %d", len(lines), len(vlines), g.Height)
	}
	w := len(lines[0])
	at := func(r, q int) byte {
		if r < 0 || r >= len(lines) || q < 0 || q >= w {
			return '*'
		}
		return lines[r][q]
	}
	var corridors []levelfile.Edge // as Raster.Grid numbers them
	for _, e := range d.Edges {
		if !e.Cosmetic && !d.Vertices[e.A].Cosmetic && !d.Vertices[e.B].Cosmetic {
			corridors = append(corridors, e)
		}
	}
	var spawn [2]int
	counts := map[byte]int{}
	for r, l := range lines {
		if len(l) != w || len(vlines[r]) != w {
			t.Fatalf("line %d is %d and %d bytes long, want %d", r, len(l), len(vlines[r]), w)
		}
		for q := range w {
			c := l[q]
			counts[c]++
			if (r == 0 || q == 0 || r == len(lines)-1 || q == w-1) && c != '*' {
				t.Fatalf("(%d,%d) is %q on the border", q, r, c)
			}
			tile := g.At(raster.Coord{Q: q, R: r})
			switch c {
			case 'P':
				spawn = [2]int{r, q}
				if tile.Room != d.Route.Entrance {
					t.Errorf("P in room %d, the entrance is %d", tile.Room, d.Route.Entrance)
				}
			case 'G':
				if tile.Room != d.Route.Goal {
					t.Errorf("G in room %d, the goal is %d", tile.Room, d.Route.Goal)
				}
			case 'H', 'I':
				dr, dq := 1, 0 // H: up-down
				if c == 'I' {
					dr, dq = 0, 1
				}
				a := g.At(raster.Coord{Q: q - dq, R: r - dr})
				b := g.At(raster.Coord{Q: q + dq, R: r + dr})
				room := func(x raster.Tile) bool { return x.Kind == raster.KindFloor && x.Room == tile.Room }
				// The other side is the corridor, or when the rooms are a
				// single door apart, the corridor's other room.
				path := func(x raster.Tile) bool {
					if x.Kind == raster.KindCorridor || x.Kind == raster.KindDoor {
						return true
					}
					c := corridors[tile.Corridor]
					return x.Kind == raster.KindFloor && x.Room == c.A+c.B-tile.Room
				}
				if !(room(a) && path(b)) && !(room(b) && path(a)) {
					t.Errorf("door %c at (%d,%d) of room %d is between %v and %v", c, q, r, tile.Room, a, b)
				}
				if at(r-dq, q-dr) != '*' || at(r+dq, q+dr) != '*' {
					t.Errorf("door %c at (%d,%d) has an opening on its side", c, q, r)
				}
			}
			v := vlines[r][q]
			if v != '.' && (c == '*' || tile.Kind != raster.KindFloor) {
				t.Errorf("variation %q at (%d,%d), not a room tile", v, q, r)
			}
		}
	}
	if counts['P'] != 1 || counts['G'] != 1 {
		t.Fatalf("%d spawns and %d goals, want one of each", counts['P'], counts['G'])
	}
	// Flood fill from the spawn, 4-connected, over every non-wall cell.
	seen := map[[2]int]bool{spawn: true}
	stack := [][2]int{spawn}
	for len(stack) > 0 {
		p := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, dd := range [][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
			n := [2]int{p[0] + dd[0], p[1] + dd[1]}
			if !seen[n] && at(n[0], n[1]) != '*' {
				seen[n] = true
				stack = append(stack, n)
			}
		}
	}
	if open := len(lines)*w - counts['*']; len(seen) != open {
		t.Errorf("the flood fill from P reaches %d of %d open cells", len(seen), open)
	}
	rooms := map[int]bool{}
	for _, tile := range g.All() {
		if tile.Kind == raster.KindFloor {
			rooms[tile.Room] = true
		}
	}
	for _, v := range d.Vertices {
		if !v.Cosmetic && !rooms[v.ID] {
			t.Errorf("room %d has no tile", v.ID)
		}
	}
}

// TestTextLevels checks the text export of levels of every bundled ruleset,
// rooms as rectangles and as discs, against checkText. Every export must
// succeed at the default cell size (measured over seeds 0-39 of every
// ruleset, none fails; BENCHMARKS.md).
func TestTextLevels(t *testing.T) {
	seeds, caves := uint64(10), uint64(2)
	if testing.Short() {
		seeds, caves = 1, 1
	}
	for _, c := range sweep(t, seeds, caves) {
		t.Run(c.String(), func(t *testing.T) {
			d, err := testLevel(t, c).Document()
			if err != nil {
				t.Fatal(err)
			}
			for _, shape := range []raster.Shape{raster.RoomRect, raster.RoomDisc} {
				o := Raster{Shape: shape}
				g, err := o.Grid(d)
				var ce *raster.CheckError
				if errors.As(err, &ce) {
					t.Errorf("%v rooms: %v", shape, strings.SplitN(err.Error(), "\n", 2)[0])
					continue
				}
				if err != nil {
					t.Fatal(err)
				}
				var ent, vars bytes.Buffer
				if err := o.WriteText(&ent, &vars, d); err != nil {
					t.Fatal(err)
				}
				checkText(t, d, g, ent.Bytes(), vars.Bytes())
			}
		})
	}
}

func TestVariations(t *testing.T) {
	d := tinyDoc()
	// "c" claims C; "a" gets the first free letter, A. A cosmetic-only tag
	// gets none unless it claims one.
	got := Variations(d)
	if got["a"] != 'A' || got["c"] != 'C' || len(got) != 2 {
		t.Errorf("variations %q", got)
	}
	d.Params.Tags["a"] = levelfile.Tag{Label: "a", MinExtent: 3, MaxExtent: 4, Variation: "A"}
	d.Params.Tags["b"] = levelfile.Tag{Label: "b", MinExtent: 3, MaxExtent: 4}
	d.Vertices[1].Tag = "b"
	if err := d.UpdateRoute(); err != nil {
		t.Fatal(err)
	}
	if got := Variations(d); got["a"] != 'A' || got["b"] != 'B' {
		t.Errorf("variations %q, want b to skip the claimed A", got)
	}
}

// TestTextKeysAndLocks checks that the text level of a dungeon level puts
// a key entity in every key room and a lock entity in every locked room.
func TestTextKeysAndLocks(t *testing.T) {
	d := testDoc(t, goldenCase{"dungeon", 1})
	var ent, vars bytes.Buffer
	if err := (Raster{}).WriteText(&ent, &vars, d); err != nil {
		t.Fatal(err)
	}
	sol := d.Route.Solution
	if got, want := bytes.Count(ent.Bytes(), []byte{KeyEntity}), len(sol.Keys); got != want {
		t.Errorf("%d key entities %q, want one per key room: %d", got, KeyEntity, want)
	}
	if got, want := bytes.Count(ent.Bytes(), []byte{LockEntity}), len(sol.Locks); got != want {
		t.Errorf("%d lock entities %q, want one per locked room: %d", got, LockEntity, want)
	}
}
