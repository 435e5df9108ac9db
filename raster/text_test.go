package raster

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/dungraph/dungraph/gridmap"
)

func TestTextOptions(t *testing.T) {
	_, g := mapGrid(t, fiveRooms(), gridmap.Options{Cell: 10})
	tests := []struct {
		name    string
		opts    TextOptions
		wantErr string // "" for success
	}{
		{"defaults", TextOptions{}, ""},
		{"goal char", TextOptions{Goal: '$'}, ""},
		{"goal is a wall", TextOptions{Goal: '*'}, "goal character"},
		{"goal is a door", TextOptions{Goal: 'H'}, "goal character"},
		{"goal is the spawn", TextOptions{Goal: 'P'}, "goal character"},
		{"goal not printable", TextOptions{Goal: '\n'}, "goal character"},
		{"goal not ASCII", TextOptions{Goal: 0xe9}, "goal character"},
		{"entity is a door", TextOptions{Entities: map[int]byte{11: 'I'}}, "entity"},
		{"entity is a space", TextOptions{Entities: map[int]byte{11: ' '}}, "entity"},
		{"entity is the goal", TextOptions{Goal: 'x', Entities: map[int]byte{11: 'x'}}, "entity"},
		{"entity in unknown room", TextOptions{Entities: map[int]byte{99: 'a'}}, "no room 99"},
		{"variation not a letter", TextOptions{Variations: map[int]byte{11: 'a'}}, "variation"},
		{"variation of unknown room", TextOptions{Variations: map[int]byte{99: 'A'}}, "no room 99"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			e, v, err := g.Text(tc.opts)
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) || !strings.HasPrefix(err.Error(), "raster: ") {
					t.Fatalf("error %v, want one about %q", err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			goal := tc.opts.Goal
			if goal == 0 {
				goal = 'G'
			}
			if bytes.Count(e, []byte{goal}) != 1 || len(v) != len(e) {
				t.Errorf("goal %q appears %d times", goal, bytes.Count(e, []byte{goal}))
			}
		})
	}
}

// TestEntityPlacement: entities go on the room's centre tile, else on the
// nearest free tile of the room; a room runs out of tiles.
func TestEntityPlacement(t *testing.T) {
	lv := gridmap.Level{Rooms: []gridmap.RoomSpec{{ID: 1, W: 30, H: 20}, {ID: 2, X: 60, W: 20, H: 10}}, Corridors: []gridmap.Edge{{A: 1, B: 2}}, Entrance: 1, Goal: 2}
	_, g := mapGrid(t, lv, gridmap.Options{Cell: 10})
	// Room 1 is 3 × 2 tiles with the spawn above its centre tile; room 2
	// is 2 × 1 with the goal on one tile.
	e, _, err := g.Text(TextOptions{Entities: map[int]byte{1: 'a', 2: 'b'}})
	if err != nil {
		t.Fatal(err)
	}
	// 'a' goes on room 1's free centre tile; 'b' on room 2's tile beside
	// the goal.
	want := strings.Repeat("********************\n", 6) +
		"****** P ***********\n****** a I IGb******\n" +
		strings.Repeat("********************\n", 6)
	if string(e) != want {
		t.Errorf("got\n%s\nwant\n%s", e, want)
	}
	rows := strings.Split(strings.TrimSuffix(string(e), "\n"), "\n")
	for _, r := range []struct {
		ch   byte
		room int
	}{{'a', 1}, {'b', 2}} {
		pos := bytes.IndexByte(e, r.ch)
		if pos < 0 {
			t.Fatalf("entity %q missing:\n%s", r.ch, e)
		}
		c := Coord{pos % (g.Width + 1), pos / (g.Width + 1)}
		tile := g.At(c)
		if tile.Kind != KindFloor || tile.Room != r.room {
			t.Errorf("entity %q on %+v at %v, want a floor tile of room %d", r.ch, tile, c, r.room)
		}
		if d := Square.Distance(c, g.Entrance); r.room == 1 && d != 1 {
			t.Errorf("entity %q is %d tiles from the spawn, want the nearest free tile", r.ch, d)
		}
	}
	if len(rows) != g.Height {
		t.Errorf("%d rows", len(rows))
	}
	// Room 2 has two tiles: the goal and the entity; a third entity has
	// nowhere to go.
	one := gridmap.Level{Rooms: []gridmap.RoomSpec{{ID: 1, W: 10, H: 10}, {ID: 2, X: 30, W: 10, H: 10}}, Corridors: []gridmap.Edge{{A: 1, B: 2}}, Entrance: 1, Goal: 2}
	_, g = mapGrid(t, one, gridmap.Options{Cell: 10})
	if _, _, err := g.Text(TextOptions{Entities: map[int]byte{2: 'b'}}); err == nil || !strings.Contains(err.Error(), "no free tile") {
		t.Errorf("an entity in a full room: %v", err)
	}
}

func TestTextHex(t *testing.T) {
	_, g := mapGrid(t, fiveRooms(), gridmap.Options{Cell: 10, Hex: true})
	if _, _, err := g.Text(TextOptions{}); err == nil {
		t.Error("Text accepts a hex grid")
	}
}

// TestTilesJSON checks that the JSON holds every tile once with the kinds
// of the grid, and reads back into the same document.
func TestTilesJSON(t *testing.T) {
	for _, l := range []Lattice{Square, Hex} {
		_, g := mapGrid(t, fiveRooms(), gridmap.Options{Cell: 12, Hex: l == Hex})
		var b bytes.Buffer
		if err := g.WriteTilesJSON(&b); err != nil {
			t.Fatal(err)
		}
		var doc TileDocument
		dec := json.NewDecoder(&b)
		dec.DisallowUnknownFields()
		if err := dec.Decode(&doc); err != nil {
			t.Fatalf("%v: %v", l, err)
		}
		want := g.Tiles()
		if doc.Format != TilesFormat || doc.Version != TilesVersion || doc.Lattice != l.String() || doc.Cell != 12 ||
			doc.Width != g.Width || doc.Height != g.Height || doc.Entrance != want.Entrance || doc.Goal != want.Goal {
			t.Errorf("%v: header %+v", l, doc)
		}
		if len(doc.Tiles) != g.Width*g.Height {
			t.Fatalf("%v: %d tiles, want %d", l, len(doc.Tiles), g.Width*g.Height)
		}
		kinds := map[string]int{}
		i := 0
		for c, tile := range g.All() {
			got := doc.Tiles[i]
			i++
			kinds[got.Kind]++
			if got.Q != c.Q || got.R != c.R || got.Room != tile.Room || got.Corridor != tile.Corridor || got.Tag != tile.Tag {
				t.Fatalf("%v: tile %d is %+v, want %v %+v", l, i, got, c, tile)
			}
			wantKind := tile.Kind.String()
			if c == g.Entrance {
				wantKind = "entrance"
			} else if c == g.Goal {
				wantKind = "goal"
			}
			if got.Kind != wantKind {
				t.Errorf("%v: tile %v is %q, want %q", l, c, got.Kind, wantKind)
			}
			if (got.Door != "") != (l == Square && tile.Kind == KindDoor) {
				t.Errorf("%v: tile %v of kind %v has door %q", l, c, tile.Kind, got.Door)
			}
		}
		for _, k := range []string{"wall", "floor", "corridor", "door", "entrance", "goal"} {
			if kinds[k] == 0 || (k == "entrance" || k == "goal") && kinds[k] != 1 {
				t.Errorf("%v: %d tiles of kind %s", l, kinds[k], k)
			}
		}
	}
}
