package layout

import (
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"gonum.org/v1/gonum/spatial/r2"

	"github.com/dungraph/dungraph/geom"
)

func pt(x, y float64) r2.Vec { return r2.Vec{X: x, Y: y} }

// bruteCheck is the reference: every pair, no grid, written without the
// Checker's machinery.
func bruteCheck(rooms []Disc, corridors []Corridor) []Conflict {
	var out []Conflict
	byID := map[int]Disc{}
	ok := map[int]bool{}
	for _, r := range rooms {
		byID[r.ID] = r
		good := !math.IsNaN(r.Center.X+r.Center.Y+r.Radius) && !math.IsInf(r.Center.X+r.Center.Y+r.Radius, 0) && r.Radius >= 0
		ok[r.ID] = good
		if !good {
			out = append(out, Conflict{Kind: InvalidRoom, Room: r.ID})
		}
	}
	for i, a := range rooms {
		for _, b := range rooms[i+1:] {
			if ok[a.ID] && ok[b.ID] && geom.DiscGap(a.Center, a.Radius, b.Center, b.Radius) <= 0 {
				d := r2.Norm(r2.Sub(a.Center, b.Center))
				out = append(out, Conflict{Kind: RoomRoom, Room: min(a.ID, b.ID), Room2: max(a.ID, b.ID), Depth: max(0, a.Radius+b.Radius-d)})
			}
		}
	}
	type seg struct {
		l    Link
		p, q r2.Vec
	}
	var segs []seg
	seen := map[Link]bool{}
	for _, k := range corridors {
		l := linkOf(k.A, k.B)
		if k.Cosmetic || k.A == k.B || !ok[k.A] || !ok[k.B] || seen[l] {
			continue
		}
		seen[l] = true
		segs = append(segs, seg{l, byID[l.A].Center, byID[l.B].Center})
	}
	for _, s := range segs {
		for _, r := range rooms {
			if ok[r.ID] && r.ID != s.l.A && r.ID != s.l.B && geom.SegmentDiscGap(s.p, s.q, r.Center, r.Radius) <= 0 {
				out = append(out, Conflict{Kind: RoomCorridor, Room: r.ID, Corridor: s.l, Depth: max(0, r.Radius-segmentDist(s.p, s.q, r.Center))})
			}
		}
	}
	for i, s := range segs {
		for _, t := range segs[i+1:] {
			if s.l.A == t.l.A || s.l.A == t.l.B || s.l.B == t.l.A || s.l.B == t.l.B {
				continue
			}
			if geom.SegmentsIntersect(s.p, s.q, t.p, t.q) != geom.Disjoint {
				a, b := s.l, t.l
				if compareLinks(a, b) > 0 {
					a, b = b, a
				}
				out = append(out, Conflict{Kind: CorridorCorridor, Corridor: a, Corridor2: b})
			}
		}
	}
	slices.SortFunc(out, compareConflicts)
	return out
}

// sameConflicts compares two sorted lists: every key exactly, depths to a
// rounding error (the reference measures them its own way).
func sameConflicts(got, want []Conflict) bool {
	if len(got) != len(want) {
		return false
	}
	for i := range got {
		g, w := got[i], want[i]
		if compareConflicts(g, w) != 0 || math.Abs(g.Depth-w.Depth) > 1e-9*(1+math.Abs(w.Depth)) {
			return false
		}
	}
	return true
}

func TestCheck(t *testing.T) {
	nan := math.NaN()
	tests := []struct {
		name      string
		rooms     []Disc
		corridors []Corridor
		want      []Conflict
		reason    string
	}{
		{
			name:   "touching rooms",
			rooms:  []Disc{{1, pt(0, 0), 3}, {2, pt(5, 0), 2}},
			want:   []Conflict{{Kind: RoomRoom, Room: 1, Room2: 2}},
			reason: "distance 5 = 3 + 2: touching rooms conflict",
		},
		{
			name:  "overlapping rooms, ids reversed",
			rooms: []Disc{{9, pt(0, 0), 3}, {2, pt(4, 0), 2}},
			want:  []Conflict{{Kind: RoomRoom, Room: 2, Room2: 9, Depth: 1}},
		},
		{
			name:   "rooms apart",
			rooms:  []Disc{{1, pt(0, 0), 3}, {2, pt(5, 0), 1.5}},
			reason: "a gap of 0.5",
		},
		{
			name:   "rooms apart by one ulp",
			rooms:  []Disc{{1, pt(0, 0), 3}, {2, pt(5, 0), math.Nextafter(2, 0)}},
			reason: "exact: no epsilon swallows the gap",
		},
		{
			name:      "corridor tangent to a room",
			rooms:     []Disc{{0, pt(0, 0), 1}, {1, pt(10, 0), 1}, {2, pt(5, 3), 3}},
			corridors: []Corridor{{A: 0, B: 1}},
			want:      []Conflict{{Kind: RoomCorridor, Room: 2, Corridor: Link{0, 1}}},
			reason:    "touching a corridor is a conflict",
		},
		{
			name:      "corridor through a room",
			rooms:     []Disc{{0, pt(0, 0), 1}, {1, pt(10, 0), 1}, {2, pt(5, 1), 3}},
			corridors: []Corridor{{A: 1, B: 0}},
			want:      []Conflict{{Kind: RoomCorridor, Room: 2, Corridor: Link{0, 1}, Depth: 2}},
		},
		{
			name:      "corridor clear of a room",
			rooms:     []Disc{{0, pt(0, 0), 1}, {1, pt(10, 0), 1}, {2, pt(5, 4), 3}},
			corridors: []Corridor{{A: 0, B: 1}},
		},
		{
			name:      "corridor past its end room",
			rooms:     []Disc{{0, pt(0, 0), 1}, {1, pt(10, 0), 0.5}, {2, pt(13, 2), 3}},
			corridors: []Corridor{{A: 0, B: 1}},
			reason:    "room 2 cuts the corridor's line but not the corridor, which ends at room 1's centre, √13 from room 2's",
		},
		{
			name:      "cosmetic corridor through a room",
			rooms:     []Disc{{0, pt(0, 0), 1}, {1, pt(10, 0), 1}, {2, pt(5, 1), 3}},
			corridors: []Corridor{{A: 0, B: 1, Cosmetic: true}},
			reason:    "cosmetic corridors are not walked",
		},
		{
			name:      "room on its own corridor",
			rooms:     []Disc{{0, pt(0, 0), 4}, {1, pt(10, 0), 1}},
			corridors: []Corridor{{A: 0, B: 1}},
			reason:    "a corridor starts inside its own rooms",
		},
		{
			name:      "corridors cross",
			rooms:     []Disc{{0, pt(0, 0), 1}, {1, pt(10, 10), 1}, {2, pt(0, 10), 1}, {3, pt(10, 0), 1}},
			corridors: []Corridor{{A: 0, B: 1}, {A: 2, B: 3}},
			want:      []Conflict{{Kind: CorridorCorridor, Corridor: Link{0, 1}, Corridor2: Link{2, 3}}},
		},
		{
			name:      "cosmetic corridors cross",
			rooms:     []Disc{{0, pt(0, 0), 1}, {1, pt(10, 10), 1}, {2, pt(0, 10), 1}, {3, pt(10, 0), 1}},
			corridors: []Corridor{{A: 0, B: 1}, {A: 2, B: 3, Cosmetic: true}},
		},
		{
			name:      "corridors share a room",
			rooms:     []Disc{{0, pt(0, 0), 1}, {1, pt(10, 0), 1}, {2, pt(0, 10), 1}},
			corridors: []Corridor{{A: 0, B: 1}, {A: 0, B: 2}, {A: 1, B: 2}},
		},
		{
			name:      "corridor ends on another",
			rooms:     []Disc{{0, pt(0, 0), 0}, {1, pt(10, 0), 0}, {2, pt(5, 0), 0}, {3, pt(5, 7), 1}},
			corridors: []Corridor{{A: 0, B: 1}, {A: 2, B: 3}},
			want: []Conflict{
				{Kind: RoomCorridor, Room: 2, Corridor: Link{0, 1}},
				{Kind: CorridorCorridor, Corridor: Link{0, 1}, Corridor2: Link{2, 3}},
			},
			reason: "a T junction touches; with radius 0 the room at the junction touches the corridor too",
		},
		{
			name:      "collinear corridors overlap",
			rooms:     []Disc{{0, pt(0, 0), 0.5}, {1, pt(6, 0), 0.5}, {2, pt(4, 0), 0.5}, {3, pt(10, 0), 0.5}},
			corridors: []Corridor{{A: 0, B: 1}, {A: 2, B: 3}},
			want: []Conflict{
				{Kind: RoomCorridor, Room: 1, Corridor: Link{2, 3}, Depth: 0.5},
				{Kind: RoomCorridor, Room: 2, Corridor: Link{0, 1}, Depth: 0.5},
				{Kind: CorridorCorridor, Corridor: Link{0, 1}, Corridor2: Link{2, 3}},
			},
		},
		{
			name:      "collinear corridors end to end",
			rooms:     []Disc{{0, pt(0, 0), 0}, {1, pt(4, 0), 0}, {2, pt(4, 0), 0}, {3, pt(10, 0), 0}},
			corridors: []Corridor{{A: 0, B: 1}, {A: 2, B: 3}},
			want: []Conflict{
				{Kind: RoomRoom, Room: 1, Room2: 2},
				{Kind: RoomCorridor, Room: 1, Corridor: Link{2, 3}},
				{Kind: RoomCorridor, Room: 2, Corridor: Link{0, 1}},
				{Kind: CorridorCorridor, Corridor: Link{0, 1}, Corridor2: Link{2, 3}},
			},
			reason: "two point rooms at the same place touch, and each lies on the other's corridor",
		},
		{
			name:      "collinear corridors apart",
			rooms:     []Disc{{0, pt(0, 0), 1}, {1, pt(4, 0), 1}, {2, pt(7, 0), 1}, {3, pt(10, 0), 1}},
			corridors: []Corridor{{A: 0, B: 1}, {A: 2, B: 3}},
		},
		{
			name:      "corridor given twice",
			rooms:     []Disc{{0, pt(0, 0), 1}, {1, pt(10, 0), 1}, {2, pt(5, 1), 3}},
			corridors: []Corridor{{A: 0, B: 1}, {A: 1, B: 0}, {A: 0, B: 1, Cosmetic: true}},
			want:      []Conflict{{Kind: RoomCorridor, Room: 2, Corridor: Link{0, 1}, Depth: 2}},
		},
		{
			name:      "corridor from a room to itself",
			rooms:     []Disc{{0, pt(0, 0), 1}, {1, pt(10, 0), 1}},
			corridors: []Corridor{{A: 0, B: 0}},
		},
		{
			name:      "invalid rooms",
			rooms:     []Disc{{0, pt(nan, 0), 1}, {1, pt(0, 0), -1}, {2, pt(0, 0), math.Inf(1)}, {3, pt(1e308, 0), 1e308}, {4, pt(10, 0), 1}},
			corridors: []Corridor{{A: 0, B: 4}, {A: 1, B: 4}},
			want: []Conflict{
				{Kind: InvalidRoom, Room: 0}, {Kind: InvalidRoom, Room: 1},
				{Kind: InvalidRoom, Room: 2}, {Kind: InvalidRoom, Room: 3},
			},
			reason: "an unplaceable room fails the drawing; its corridors are not checked",
		},
		{
			name:  "empty",
			rooms: nil,
		},
		{
			name:   "one point room",
			rooms:  []Disc{{5, pt(3, 3), 0}},
			reason: "a degenerate grid",
		},
		{
			name:   "sparse ids",
			rooms:  []Disc{{-1 << 40, pt(0, 0), 3}, {1 << 40, pt(5, 0), 2}, {7, pt(100, 0), 1}},
			want:   []Conflict{{Kind: RoomRoom, Room: -1 << 40, Room2: 1 << 40}},
			reason: "ids far apart use the sorted index",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Check(tt.rooms, tt.corridors)
			if !sameConflicts(got, tt.want) {
				t.Errorf("Check = %v, want %v (%s)", got, tt.want, tt.reason)
			}
			if ref := bruteCheck(tt.rooms, tt.corridors); !sameConflicts(ref, tt.want) {
				t.Errorf("reference = %v, want %v: the table or the reference is wrong", ref, tt.want)
			}
		})
	}
}

// TestCheckMalformed: rooms sharing an id and corridors naming an unknown
// room are reported as conflicts, never a panic, and the rest of the drawing
// is still checked.
func TestCheckMalformed(t *testing.T) {
	tests := []struct {
		name      string
		rooms     []Disc
		corridors []Corridor
		want      []Conflict
	}{
		{"duplicate id", []Disc{{1, pt(0, 0), 1}, {1, pt(10, 0), 1}}, nil,
			[]Conflict{{Kind: InvalidRoom, Room: 1}}},
		{"duplicate sparse id", []Disc{{1 << 50, pt(0, 0), 1}, {0, pt(5, 0), 1}, {1 << 50, pt(10, 0), 1}}, nil,
			[]Conflict{{Kind: InvalidRoom, Room: 1 << 50}}},
		{"unknown room", []Disc{{1, pt(0, 0), 1}}, []Corridor{{A: 1, B: 2}},
			[]Conflict{{Kind: InvalidCorridor, Corridor: Link{1, 2}}}},
		{"unknown room, cosmetic", []Disc{{1, pt(0, 0), 1}}, []Corridor{{A: 3, B: 1, Cosmetic: true}},
			[]Conflict{{Kind: InvalidCorridor, Corridor: Link{1, 3}}}},
		// The first room of a repeated id keeps it: the corridor is checked
		// against room 2, which it crosses.
		{"first room keeps the id", []Disc{{1, pt(0, 0), 1}, {3, pt(20, 0), 1}, {2, pt(10, 0), 2}, {1, pt(100, 100), 1}},
			[]Corridor{{A: 1, B: 3}},
			[]Conflict{{Kind: RoomCorridor, Room: 2, Corridor: Link{1, 3}, Depth: 2}, {Kind: InvalidRoom, Room: 1}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Check(tt.rooms, tt.corridors); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("Check = %v, want %v", got, tt.want)
			}
		})
	}
}

// randomDrawing makes a drawing built to hit the hard cases: integer
// coordinates and radii on a small board give touching rooms, tangent
// corridors and collinear corridors often; some rooms are huge, some are
// points, some invalid; ids are shuffled and sometimes sparse; corridors
// repeat, reverse, loop and are sometimes cosmetic.
func randomDrawing(rng *rand.Rand) ([]Disc, []Corridor) {
	n := 2 + rng.IntN(40)
	board := 4 + rng.IntN(3*n)
	scale := []float64{1, 0x1p-6, 1 << 20}[rng.IntN(3)]
	offset := []float64{0, -1e6, 3.5}[rng.IntN(3)]
	ids := rng.Perm(n)
	sparse := rng.IntN(4) == 0
	rooms := make([]Disc, n)
	for i := range rooms {
		id := ids[i]
		if sparse {
			id = id*1_000_003 - 1<<40
		}
		r := float64(rng.IntN(4))
		switch rng.IntN(20) {
		case 0:
			r = float64(board) / 2 // a huge room
		case 1:
			r = 0
		}
		c := pt(float64(rng.IntN(board)), float64(rng.IntN(board)))
		rooms[i] = Disc{ID: id, Center: pt(c.X*scale+offset, c.Y*scale+offset), Radius: r * scale}
		if rng.IntN(100) == 0 {
			rooms[i].Radius = math.NaN()
		}
	}
	// Constructed cases: a pair of rooms exactly touching along a 3-4-5
	// triangle, and a room exactly tangent to a corridor.
	if n >= 4 && rng.IntN(2) == 0 {
		a, b := &rooms[0], &rooms[1]
		b.Center = pt(a.Center.X+3*scale, a.Center.Y+4*scale)
		a.Radius, b.Radius = 2*scale, 3*scale
	}
	var corridors []Corridor
	m := rng.IntN(2 * n)
	for range m {
		a, b := rooms[rng.IntN(n)].ID, rooms[rng.IntN(n)].ID
		corridors = append(corridors, Corridor{A: a, B: b, Cosmetic: rng.IntN(6) == 0})
	}
	if n >= 4 && rng.IntN(2) == 0 {
		// Room 3 tangent to corridor 2-4 at its midpoint... when the
		// corridor is axis-aligned; otherwise just another case.
		c, d := &rooms[2], &rooms[3]
		d.Center = pt(c.Center.X+6*scale, c.Center.Y)
		if n >= 5 {
			e := &rooms[4]
			e.Center = pt(c.Center.X+3*scale, c.Center.Y+2*scale)
			e.Radius = 2 * scale
			corridors = append(corridors, Corridor{A: c.ID, B: d.ID})
		}
	}
	if len(corridors) > 0 && rng.IntN(3) == 0 {
		k := corridors[rng.IntN(len(corridors))]
		corridors = append(corridors, Corridor{A: k.B, B: k.A}) // reversed repeat
	}
	return rooms, corridors
}

func TestCheckMatchesBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	var c Checker // reused, as the layout will
	counts := map[ConflictKind]int{}
	valid := 0
	for i := range 2000 {
		rooms, corridors := randomDrawing(rng)
		// Half the cases on a grid of random fineness, from a fraction
		// of a room to the whole board: the answer must not depend on it.
		c.cellSide = 0
		if i%2 == 1 {
			c.cellSide = math.Exp2(float64(rng.IntN(14)-4)) * boardScale(rooms)
		}
		got, want := c.Check(rooms, corridors), bruteCheck(rooms, corridors)
		if !sameConflicts(got, want) {
			t.Fatalf("case %d (cell side %v): rooms %v corridors %v:\nCheck %v\nbrute %v", i, c.cellSide, rooms, corridors, got, want)
		}
		if len(got) == 0 {
			valid++
		}
		for _, k := range got {
			counts[k.Kind]++
		}
		touching := 0
		for _, k := range got {
			if k.Depth == 0 && k.Kind != CorridorCorridor && k.Kind != InvalidRoom {
				touching++
			}
		}
		counts[0] += touching
	}
	for _, k := range []ConflictKind{RoomRoom, RoomCorridor, CorridorCorridor, InvalidRoom, 0} {
		if counts[k] < 50 {
			t.Errorf("only %d conflicts of kind %v (0: touching) in the random cases", counts[k], k)
		}
	}
	if valid < 20 {
		t.Errorf("only %d valid drawings in the random cases", valid)
	}
}

// boardScale is a typical room radius of a random drawing, for choosing
// cell sides relative to it.
func boardScale(rooms []Disc) float64 {
	for _, r := range rooms {
		if r.Radius > 0 && !math.IsInf(r.Radius, 0) {
			return r.Radius
		}
	}
	return 1
}

// spreadDrawing lays n rooms on a jittered square lattice and joins
// lattice neighbours, like a relaxed level: mostly valid, a few conflicts.
func spreadDrawing(rng *rand.Rand, n int) ([]Disc, []Corridor) {
	side := int(math.Ceil(math.Sqrt(float64(n))))
	const spacing = 100.0
	rooms := make([]Disc, n)
	for i := range rooms {
		x, y := i%side, i/side
		rooms[i] = Disc{
			ID:     i,
			Center: pt(float64(x)*spacing+rng.Float64()*50-25, float64(y)*spacing+rng.Float64()*50-25),
			Radius: 15 + rng.Float64()*15,
		}
	}
	var corridors []Corridor
	for i := range rooms {
		x := i % side
		if x+1 < side && i+1 < n && rng.IntN(4) != 0 {
			corridors = append(corridors, Corridor{A: i, B: i + 1})
		}
		if i+side < n && rng.IntN(4) != 0 {
			corridors = append(corridors, Corridor{A: i, B: i + side, Cosmetic: rng.IntN(10) == 0})
		}
		if x+1 < side && i+side+1 < n && rng.IntN(8) == 0 {
			corridors = append(corridors, Corridor{A: i, B: i + side + 1})
		}
		if x+1 < side && i+side < n && rng.IntN(16) == 0 {
			corridors = append(corridors, Corridor{A: i + 1, B: i + side})
		}
	}
	return rooms, corridors
}

func TestCheckLargeMatchesBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	for _, n := range []int{200, 600} {
		rooms, corridors := spreadDrawing(rng, n)
		got, want := Check(rooms, corridors), bruteCheck(rooms, corridors)
		if !sameConflicts(got, want) {
			t.Fatalf("n=%d: Check found %d conflicts, brute force %d", n, len(got), len(want))
		}
		if len(want) == 0 {
			t.Errorf("n=%d: no conflicts; the case tests little", n)
		}
	}
}

func TestCheckDeterministic(t *testing.T) {
	// Shuffling the input and reversing corridors must not change a bit of
	// the output, depths included.
	rng := rand.New(rand.NewPCG(15, 16))
	for range 300 {
		rooms, corridors := randomDrawing(rng)
		want := Check(rooms, corridors)
		rooms2, corridors2 := slices.Clone(rooms), slices.Clone(corridors)
		rng.Shuffle(len(rooms2), func(i, j int) { rooms2[i], rooms2[j] = rooms2[j], rooms2[i] })
		rng.Shuffle(len(corridors2), func(i, j int) { corridors2[i], corridors2[j] = corridors2[j], corridors2[i] })
		for i := range corridors2 {
			if rng.IntN(2) == 0 {
				corridors2[i].A, corridors2[i].B = corridors2[i].B, corridors2[i].A
			}
		}
		got := Check(rooms2, corridors2)
		if !slices.Equal(got, want) {
			t.Fatalf("shuffled input changed the output:\n%v\n%v", got, want)
		}
	}
}

func TestCheckLimit(t *testing.T) {
	rng := rand.New(rand.NewPCG(23, 24))
	for range 300 {
		rooms, corridors := randomDrawing(rng)
		all := Check(rooms, corridors)
		for _, limit := range []int{1, 3, len(all) + 1} {
			c := Checker{Limit: limit}
			got := c.Check(rooms, corridors)
			if want := min(limit, len(all)); len(got) != want {
				t.Fatalf("Limit %d: %d conflicts, want %d", limit, len(got), want)
			}
			for _, k := range got {
				if _, ok := slices.BinarySearchFunc(all, k, compareConflicts); !ok {
					t.Fatalf("Limit %d: %v is not a conflict", limit, k)
				}
			}
			if again := c.Check(rooms, corridors); !slices.Equal(again, got) {
				t.Fatalf("Limit %d: %v then %v", limit, got, again)
			}
		}
	}
	// A pile of rooms has a conflict for every pair; Limit 1 stops at the
	// first instead of listing 2 million.
	pile := make([]Disc, 2000)
	for i := range pile {
		pile[i] = Disc{ID: i, Center: pt(float64(i%3), 0), Radius: 10}
	}
	c := Checker{Limit: 1}
	if got := c.Check(pile, nil); len(got) != 1 || got[0].Kind != RoomRoom {
		t.Errorf("Limit 1 on a pile: %v", got)
	}
}

func TestConflictString(t *testing.T) {
	tests := []struct {
		c    Conflict
		want string
	}{
		{Conflict{Kind: RoomRoom, Room: 1, Room2: 2, Depth: 0.5}, "room 1 overlaps room 2 (depth 0.5)"},
		{Conflict{Kind: RoomCorridor, Room: 3, Corridor: Link{1, 2}}, "room 3 overlaps corridor 1-2 (depth 0)"},
		{Conflict{Kind: CorridorCorridor, Corridor: Link{1, 2}, Corridor2: Link{3, 4}}, "corridor 1-2 crosses corridor 3-4"},
		{Conflict{Kind: InvalidRoom, Room: 7}, "room 7 is invalid: a non-finite or negative size or position, or an id used twice"},
		{Conflict{Kind: InvalidCorridor, Corridor: Link{4, 9}}, "corridor 4-9 names a room that is not in the drawing"},
	}
	for _, tt := range tests {
		if got := tt.c.String(); got != tt.want {
			t.Errorf("String() = %q, want %q", got, tt.want)
		}
	}
}

// bruteClearance is the reference for Clearance: every pair, with the same
// floating-point formulas in the same operand order, so the minima agree
// exactly.
func bruteClearance(rooms []Disc, corridors []Corridor) Clearance {
	var c Checker
	c.prepare(rooms, corridors) // for validity and the deduplicated corridors
	best := Clearance{Rooms: math.Inf(1), Corridors: math.Inf(1)}
	for i := range rooms {
		if !c.valid[i] {
			continue
		}
		for j := i + 1; j < len(rooms); j++ {
			if c.valid[j] {
				best.Rooms = min(best.Rooms, discGap(rooms[i], rooms[j]))
			}
		}
		for _, s := range c.segs {
			if int(s.a) != i && int(s.b) != i {
				best.Corridors = min(best.Corridors, segmentDist(s.p, s.q, rooms[i].Center)-rooms[i].Radius)
			}
		}
	}
	return best
}

func TestClearance(t *testing.T) {
	rooms := []Disc{{0, pt(0, 0), 1}, {1, pt(10, 0), 1}, {2, pt(5, 5), 2}, {3, pt(30, 0), 2}}
	corridors := []Corridor{{A: 0, B: 1}, {A: 1, B: 3, Cosmetic: true}}
	var c Checker
	got := c.Clearance(rooms, corridors)
	want := Clearance{Rooms: math.Sqrt(50) - 3, Corridors: 3}
	if math.Abs(got.Rooms-want.Rooms) > 1e-12 || got.Corridors != want.Corridors {
		t.Errorf("Clearance = %+v, want %+v", got, want)
	}
	if got := c.Clearance(rooms[:1], nil); !math.IsInf(got.Rooms, 1) || !math.IsInf(got.Corridors, 1) {
		t.Errorf("Clearance of one room = %+v, want +Inf both", got)
	}
	// Overlap gives a negative gap.
	if got := c.Clearance([]Disc{{0, pt(0, 0), 3}, {1, pt(4, 0), 2}}, nil); got.Rooms != -1 {
		t.Errorf("Clearance of overlapping rooms = %v, want -1", got.Rooms)
	}
	// Two rooms far apart in a large grid: the ring search must reach.
	far := []Disc{{0, pt(0, 0), 1}, {1, pt(1000, 1000), 1}}
	for i := 2; i < 200; i++ {
		far = append(far, Disc{i, pt(float64(i%20)*3+5000, float64(i/20)*3+5000), 1})
	}
	if got, want := c.Clearance(far, []Corridor{{A: 0, B: 2}}), bruteClearance(far, []Corridor{{A: 0, B: 2}}); got != want {
		t.Errorf("Clearance of a sparse drawing = %+v, want %+v", got, want)
	}
	// The only corridor is far from every room it does not join: the
	// search must go many rings out.
	lone := []Corridor{{A: 0, B: 1}}
	far[1].Center = pt(0, 100)
	if got, want := c.Clearance(far, lone), bruteClearance(far, lone); got != want || got.Corridors < 1000 {
		t.Errorf("Clearance with a lone corridor = %+v, want %+v", got, want)
	}
}

func TestClearanceMatchesBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(17, 18))
	var c Checker
	for i := range 1000 {
		rooms, corridors := randomDrawing(rng)
		c.cellSide = 0
		if i%2 == 1 {
			c.cellSide = math.Exp2(float64(rng.IntN(12)-4)) * boardScale(rooms)
		}
		if got, want := c.Clearance(rooms, corridors), bruteClearance(rooms, corridors); got != want {
			t.Fatalf("case %d (cell side %v): Clearance = %+v, want %+v", i, c.cellSide, got, want)
		}
	}
	c.cellSide = 0
	for _, n := range []int{300, 1000} {
		rooms, corridors := spreadDrawing(rng, n)
		if got, want := c.Clearance(rooms, corridors), bruteClearance(rooms, corridors); got != want {
			t.Fatalf("n=%d: Clearance = %+v, want %+v", n, got, want)
		}
	}
}

func TestMedian(t *testing.T) {
	rng := rand.New(rand.NewPCG(19, 20))
	for range 500 {
		xs := make([]float64, 1+rng.IntN(30))
		for i := range xs {
			xs[i] = float64(rng.IntN(8))
		}
		s := slices.Clone(xs)
		slices.Sort(s)
		if got, want := median(xs), s[len(s)/2]; got != want {
			t.Fatalf("median(%v) = %v, want %v", s, got, want)
		}
	}
}

func ExampleCheck() {
	rooms := []Disc{
		{ID: 0, Center: r2.Vec{X: 0, Y: 0}, Radius: 3},
		{ID: 1, Center: r2.Vec{X: 5, Y: 0}, Radius: 2},   // touches room 0
		{ID: 2, Center: r2.Vec{X: 20, Y: 0}, Radius: 2},  //
		{ID: 3, Center: r2.Vec{X: 12, Y: -5}, Radius: 1}, //
		{ID: 4, Center: r2.Vec{X: 12, Y: 5}, Radius: 1},  //
	}
	corridors := []Corridor{
		{A: 0, B: 2},                 // runs through room 1
		{A: 3, B: 4},                 // crosses 0-2
		{A: 1, B: 3, Cosmetic: true}, // cosmetic: ignored
	}
	for _, c := range Check(rooms, corridors) {
		fmt.Println(c)
	}
	// Output:
	// room 0 overlaps room 1 (depth 0)
	// room 1 overlaps corridor 0-2 (depth 2)
	// corridor 0-2 crosses corridor 3-4
}

func ExampleChecker_Clearance() {
	rooms := []Disc{
		{ID: 0, Center: r2.Vec{X: 0, Y: 0}, Radius: 3},
		{ID: 1, Center: r2.Vec{X: 10, Y: 0}, Radius: 2},
		{ID: 2, Center: r2.Vec{X: 5, Y: 8}, Radius: 2},
	}
	var c Checker
	cl := c.Clearance(rooms, []Corridor{{A: 0, B: 1}})
	fmt.Printf("rooms %.3f, corridors %.3f\n", cl.Rooms, cl.Corridors)
	// Output:
	// rooms 4.434, corridors 6.000
}

func BenchmarkCheck(b *testing.B) {
	for _, n := range []int{100, 1000, 10000} {
		rooms, corridors := spreadDrawing(rand.New(rand.NewPCG(1, uint64(n))), n)
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			var c Checker
			conflicts := 0
			for b.Loop() {
				conflicts = len(c.Check(rooms, corridors))
			}
			b.ReportMetric(float64(conflicts), "conflicts")
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/room")
		})
	}
}

func BenchmarkCheckValid(b *testing.B) {
	// A valid drawing: the common case for a layout that works.
	for _, n := range []int{100, 1000, 10000} {
		rooms, corridors := validDrawing(n)
		if k := Check(rooms, corridors); len(k) != 0 {
			b.Fatalf("validDrawing(%d) has %d conflicts", n, len(k))
		}
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			var c Checker
			for b.Loop() {
				c.Check(rooms, corridors)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/room")
		})
	}
}

// validDrawing is a jittered lattice of rooms joined to their right and
// upper neighbours: no conflicts. The jitter keeps the rooms out of step
// with the grid, as in a real drawing.
func validDrawing(n int) ([]Disc, []Corridor) {
	side := int(math.Ceil(math.Sqrt(float64(n))))
	rng := rand.New(rand.NewPCG(2, uint64(n)))
	rooms := make([]Disc, n)
	var corridors []Corridor
	for i := range rooms {
		x, y := i%side, i/side
		rooms[i] = Disc{ID: i, Center: pt(float64(x)*100+rng.Float64()*40, float64(y)*100+rng.Float64()*40), Radius: 15 + rng.Float64()*10}
		if x+1 < side && i+1 < n {
			corridors = append(corridors, Corridor{A: i, B: i + 1})
		}
		if i+side < n {
			corridors = append(corridors, Corridor{A: i, B: i + side})
		}
	}
	return rooms, corridors
}

func BenchmarkClearance(b *testing.B) {
	for _, n := range []int{100, 1000, 10000} {
		rooms, corridors := validDrawing(n)
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			var c Checker
			for b.Loop() {
				c.Clearance(rooms, corridors)
			}
		})
	}
}

// linkOf names the corridor between rooms a and b, lower id first.
func linkOf(a, b int) Link {
	if a > b {
		a, b = b, a
	}
	return Link{a, b}
}
