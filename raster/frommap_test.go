package raster

import (
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/dungraph/dungraph/gridmap"
)

// tileKind is the tile kind FromMap gives a map cell of kind k.
var tileKind = [...]Kind{
	gridmap.CellWall: KindWall, gridmap.CellFloor: KindFloor, gridmap.CellCorridor: KindCorridor,
	gridmap.CellDoor: KindDoor, gridmap.CellEntrance: KindFloor, gridmap.CellGoal: KindFloor,
}

// TestFromMapTiles checks the grid against the map it comes from, cell
// by cell, on both lattices and at two corridor widths: the kind, the
// room of floor tiles and their tag, the spawn and goal, each tile's
// world centre inside its cell, and each room's tiles.
func TestFromMapTiles(t *testing.T) {
	for _, hex := range []bool{false, true} {
		for _, width := range []int{1, 2} {
			m, g := mapGrid(t, fiveRooms(), gridmap.Options{Cell: 10, Hex: hex, CorridorWidth: width})
			name := map[bool]string{false: "square", true: "hex"}[hex]
			if g.Width != m.W || g.Height != m.H || g.Cell != m.CellSize || (g.Lattice == Hex) != hex {
				t.Fatalf("%s: %d × %d %v grid of cell %v from a %d × %d map of cell %v", name, g.Width, g.Height, g.Lattice, g.Cell, m.W, m.H, m.CellSize)
			}
			rows := 1.0
			if hex {
				rows = sqrt3by2
			}
			tiles := map[int]int{}
			for y := range m.H {
				for x := range m.W {
					c := Coord{x - y>>1, y}
					if !hex {
						c = Coord{x, y}
					}
					tile, k := g.At(c), m.At(x, y)
					if tile.Kind != tileKind[k] {
						t.Fatalf("%s width %d: cell (%d, %d) is a %v, tile %v a %v", name, width, x, y, k, c, tile.Kind)
					}
					if o := m.Owner[m.Index(gridmap.Point{X: x, Y: y})]; o >= 0 {
						r := m.Rooms[o]
						if tile.Room != r.ID || tile.Tag != r.Tag {
							t.Errorf("%s: tile %v is of room %d %q, the cell of room %d %q", name, c, tile.Room, tile.Tag, r.ID, r.Tag)
						}
						tiles[r.ID]++
					}
					// The centre of cell (x, y), in cells: x + ½ (+ ½ on odd
					// hex rows), (y + ½)·rows.
					wx, wy := g.World(c)
					cx := float64(x) + 0.5
					if hex {
						cx += float64(y%2) / 2
					}
					if math.Abs(wx-m.OriginX-cx*m.CellSize) > 1e-9 || math.Abs(wy-m.OriginY-(float64(y)+0.5)*rows*m.CellSize) > 1e-9 {
						t.Fatalf("%s: tile %v is centred at (%v, %v), cell (%d, %d) at (%v, %v)", name, c, wx, wy, x, y, m.OriginX+cx*m.CellSize, m.OriginY+(float64(y)+0.5)*rows*m.CellSize)
					}
					if got := g.TileAt(wx, wy); got != c {
						t.Fatalf("%s: TileAt(World(%v)) = %v", name, c, got)
					}
				}
			}
			if m.At(m.Entrance.X, m.Entrance.Y) != gridmap.CellEntrance || g.At(g.Entrance).Kind != KindFloor ||
				m.At(m.Goal.X, m.Goal.Y) != gridmap.CellGoal || g.At(g.Goal).Kind != KindFloor {
				t.Errorf("%s: spawn %v and goal %v", name, g.Entrance, g.Goal)
			}
			for _, r := range m.Rooms {
				if got := len(g.RoomTiles(r.ID)); got != tiles[r.ID] || got == 0 {
					t.Errorf("%s: room %d has %d tiles, the map %d cells", name, r.ID, got, tiles[r.ID])
				}
			}
			if !g.Contains(g.Entrance) || g.Contains(Coord{-1, 0}) || g.Contains(Coord{0, g.Height}) || g.At(Coord{0, -1}).Kind != KindWall {
				t.Errorf("%s: Contains and At outside the grid", name)
			}
			if g.RoomTiles(99) != nil {
				t.Errorf("%s: tiles of a room that is not there", name)
			}
			if tags := strings.Join(g.Tags(), " "); tags != "goal hall start vault" {
				t.Errorf("%s: tags %q", name, tags)
			}
		}
	}
}

// TestFromMapProblems breaks a good map in one place at a time and checks
// that FromMap names the problem as a *CheckError with the grid attached.
func TestFromMapProblems(t *testing.T) {
	// wallAround returns a wall cell whose neighbours (corners included)
	// are walls and that is not on the map's edge.
	wallAround := func(m *gridmap.Map) gridmap.Point {
		for y := 2; y < m.H-2; y++ {
		cell:
			for x := 2; x < m.W-2; x++ {
				for dy := -1; dy <= 1; dy++ {
					for dx := -1; dx <= 1; dx++ {
						if m.At(x+dx, y+dy) != gridmap.CellWall {
							continue cell
						}
					}
				}
				return gridmap.Point{X: x, Y: y}
			}
		}
		t.Fatal("no wall cell away from everything")
		return gridmap.Point{}
	}
	set := func(m *gridmap.Map, p gridmap.Point, k gridmap.Kind, owner int32) {
		m.Cells[m.Index(p)], m.Owner[m.Index(p)] = k, owner
	}
	tests := []struct {
		name  string
		hex   bool
		spoil func(m *gridmap.Map)
		want  ProblemKind
	}{
		{"a room tile cut off", false, func(m *gridmap.Map) {
			set(m, wallAround(m), gridmap.CellFloor, 0)
		}, ProblemUnreachable},
		{"a corridor tile cut off", false, func(m *gridmap.Map) {
			p := wallAround(m)
			set(m, p, gridmap.CellCorridor, -1)
			m.Corridors[0].Path = append(m.Corridors[0].Path, p)
		}, ProblemUnreachable},
		{"a room with no tiles", false, func(m *gridmap.Map) {
			for i, o := range m.Owner {
				if o == 3 {
					m.Owner[i], m.Cells[i] = -1, gridmap.CellWall
				}
			}
		}, ProblemEmpty},
		{"rooms that the level keeps apart touch", false, func(m *gridmap.Map) {
			// Room 10 (index 0) and room 12 (index 2) share no corridor:
			// a tile of room 12 goes beside room 10.
			for i, o := range m.Owner {
				if x, y := i%m.W, i/m.W; o == 0 && m.At(x+1, y) == gridmap.CellWall {
					set(m, gridmap.Point{X: x + 1, Y: y}, gridmap.CellFloor, 2)
					return
				}
			}
		}, ProblemTouch},
		{"corridors that the level keeps apart touch", false, func(m *gridmap.Map) {
			// Corridor 0 (rooms 10-11) and corridor 2 (rooms 12-13)
			// share no room: a tile of corridor 2 goes beside corridor 0.
			for _, p := range m.Corridors[0].Path {
				if q := (gridmap.Point{X: p.X, Y: p.Y - 1}); m.At(q.X, q.Y) == gridmap.CellWall && m.At(p.X, p.Y) == gridmap.CellCorridor {
					set(m, q, gridmap.CellCorridor, -1)
					m.Corridors[2].Path = append(m.Corridors[2].Path, q)
					return
				}
			}
		}, ProblemTouch},
		{"a door with floor beside it", false, func(m *gridmap.Map) {
			d := m.Doors[0].At
			for _, q := range []gridmap.Point{{X: d.X + 1, Y: d.Y}, {X: d.X - 1, Y: d.Y}, {X: d.X, Y: d.Y + 1}, {X: d.X, Y: d.Y - 1}} {
				if m.At(q.X, q.Y) == gridmap.CellWall {
					set(m, q, gridmap.CellCorridor, -1)
					m.Corridors[0].Path = append(m.Corridors[0].Path, q)
					return
				}
			}
		}, ProblemBadDoor},
		{"a hex room tile cut off", true, func(m *gridmap.Map) {
			set(m, wallAround(m), gridmap.CellFloor, 1)
		}, ProblemUnreachable},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m, err := gridmap.Build(fiveRooms(), gridmap.Options{Cell: 10, Hex: tc.hex})
			if err != nil {
				t.Fatal(err)
			}
			tc.spoil(m)
			g, err := FromMap(m)
			var ce *CheckError
			if g != nil || !errors.As(err, &ce) {
				t.Fatalf("FromMap gives %v, %v; want a CheckError", g, err)
			}
			if ce.Grid == nil || ce.Cell != 10 || !strings.HasPrefix(err.Error(), "raster: cell size 10 does not work for this level (") {
				t.Errorf("CheckError %+v: %v", ce, err)
			}
			kinds := map[ProblemKind]bool{}
			for _, p := range ce.Problems {
				kinds[p.Kind] = true
				if p.String() == "" || !strings.Contains(err.Error(), p.Msg) && len(ce.Problems) <= maxListed {
					t.Errorf("problem %+v is not in the message %q", p, err)
				}
			}
			if !kinds[tc.want] {
				t.Errorf("problems %v, want one of kind %d", ce.Problems, tc.want)
			}
		})
	}
}

// TestCheckErrorMessage: the message lists the first problems and counts
// the rest.
func TestCheckErrorMessage(t *testing.T) {
	var ps []Problem
	for i := range maxListed + 4 {
		ps = append(ps, Problem{Kind: ProblemTouch, Msg: "problem " + string(rune('a'+i))})
	}
	msg := (&CheckError{Cell: 2.5, Problems: ps}).Error()
	if !strings.HasPrefix(msg, "raster: cell size 2.5 does not work for this level (problem a)\n  also: problem b") ||
		!strings.HasSuffix(msg, "\n  and 3 more problems") || strings.Count(msg, "also:") != maxListed {
		t.Errorf("message %q", msg)
	}
	if msg := (&CheckError{Cell: 1}).Error(); msg != "raster: cell size 1 does not work for this level (no problems)" {
		t.Errorf("message of no problems %q", msg)
	}
}

// TestValidate: levels that no grid can hold are plain errors naming the
// problem.
func TestValidate(t *testing.T) {
	with := func(f func(*levelSpec)) levelSpec {
		lv := levelSpec{
			Rooms:     []roomSpec{{ID: 1, W: 40, H: 40}, {ID: 2, X: 120, W: 40, H: 40}},
			Corridors: []corridorSpec{{1, 2}},
			Entrance:  1, Goal: 2,
		}
		f(&lv)
		return lv
	}
	tests := []struct {
		name string
		lv   levelSpec
		want string // a word the message must contain
	}{
		{"empty level", levelSpec{}, "no rooms"},
		{"NaN x", with(func(lv *levelSpec) { lv.Rooms[1].X = math.NaN() }), "room 2"},
		{"infinite y", with(func(lv *levelSpec) { lv.Rooms[0].Y = math.Inf(-1) }), "room 1"},
		{"negative size", with(func(lv *levelSpec) { lv.Rooms[0].W = -3 }), "negative"},
		{"duplicate IDs", with(func(lv *levelSpec) { lv.Rooms[1].ID = 1 }), "ID 1"},
		{"unknown room", with(func(lv *levelSpec) { lv.Corridors[0].B = 9 }), "ID 9"},
		{"self corridor", with(func(lv *levelSpec) { lv.Corridors[0].B = 1 }), "itself"},
		{"duplicate corridor", with(func(lv *levelSpec) { lv.Corridors = append(lv.Corridors, corridorSpec{2, 1}) }), "both join"},
		{"disconnected", with(func(lv *levelSpec) { lv.Corridors = nil }), "no corridors lead"},
		{"unknown entrance", with(func(lv *levelSpec) { lv.Entrance = 5 }), "entrance"},
		{"unknown goal", with(func(lv *levelSpec) { lv.Goal = 5 }), "goal"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := validate(tc.lv)
			if err == nil || !strings.HasPrefix(err.Error(), "raster: ") || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v: want the prefix raster: and %q", err, tc.want)
			}
		})
	}
	if _, err := validate(with(func(*levelSpec) {})); err != nil {
		t.Errorf("a good level: %v", err)
	}
}

func TestShapeString(t *testing.T) {
	for s, want := range map[Shape]string{RoomRect: "rect", RoomDisc: "disc", 7: "Shape(7)"} {
		if got := s.String(); got != want {
			t.Errorf("Shape(%d) is %q, want %q", s, got, want)
		}
	}
}
