package layout

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"gonum.org/v1/gonum/spatial/r2"

	"github.com/dungraph/dungraph/grammar"
	"github.com/dungraph/dungraph/params"
)

// crowdedDrawing returns a drawing of g, in the relax pass's mode with
// corridor gap 30, whose rooms all have radius r at full size.
func crowdedDrawing(g *grammar.Graph, r float64) (*drawing, []float64) {
	d := newDrawing(g, params.DefaultRelax())
	full := make([]float64, g.Order())
	for v := range full {
		full[v] = r
	}
	d.full = full
	d.UseRooms(30)
	d.setGrowth(0)
	return d, full
}

// Opening random crowded drawings never makes a crossing or puts a room
// centre on a corridor, lowers the clearance scale whenever it reports
// that it opened, leaves the drawing as it was when it did not, and is
// deterministic.
func TestOpenCrowdedStaysValid(t *testing.T) {
	opened := 0
	for c := range 40 {
		rng := rand.New(rand.NewPCG(uint64(c), 16))
		g := planarDrawing(rng, 8+rng.IntN(40), 1)
		d, full := crowdedDrawing(g, float64(40+rng.IntN(200)))
		margin := relaxKeep(30) + 1
		before, ok := d.clearScale(d.Pos, full, margin)
		if !ok {
			t.Fatalf("case %d: the random drawing has a crossing", c)
		}
		start := slices.Clone(d.Pos)
		got := d.openCrowded(full, margin)
		if cs := conflicts(d, false); len(cs) > 0 {
			t.Fatalf("case %d: opening left %v", c, cs[0])
		}
		after, _ := d.clearScale(d.Pos, full, margin)
		switch {
		case got && after >= before:
			t.Errorf("case %d: opened, yet the clearance scale went from %v to %v", c, before, after)
		case !got && !slices.Equal(d.Pos, start):
			t.Errorf("case %d: did not open, yet moved the drawing", c)
		}
		if got {
			opened++
		}
		again, _ := crowdedDrawing(g, full[0])
		again.openCrowded(full, margin)
		if !slices.Equal(again.Pos, d.Pos) {
			t.Fatalf("case %d: two openings of one drawing differ", c)
		}
	}
	if opened < 20 {
		t.Errorf("only %d of 40 crowded drawings opened", opened)
	}
}

// A crowded fan (three rooms nested in a small triangle) joined by one
// long corridor to a path of rooms with room to spare: opening makes the
// fan fit its rooms, and the path, which nothing crowds, stays exactly
// where it was; scaling the drawing would have moved it 30 times as far
// out.
func TestOpenCrowdedIsLocal(t *testing.T) {
	g := &grammar.Graph{}
	for _, p := range []r2.Vec{{X: 0, Y: 0}, {X: 40, Y: 0}, {X: 20, Y: 30}, {X: 20, Y: 12}, {X: 20, Y: 5},
		{X: 5000, Y: 0}, {X: 6000, Y: 0}, {X: 7000, Y: 0}} {
		g.AddVertex(grammar.Vertex{Tag: "a", Pos: p})
	}
	for _, e := range [][2]int{{0, 1}, {1, 2}, {2, 0}, {3, 0}, {3, 1}, {4, 0}, {4, 1}, {1, 5}, {5, 6}, {6, 7}} {
		g.AddEdge(grammar.Edge{A: e[0], B: e[1]})
	}
	d, full := crowdedDrawing(g, 100)
	margin := relaxKeep(30) + 1
	before, _ := d.clearScale(d.Pos, full, margin)
	if before < 20 {
		t.Fatalf("the fan needs a scale of only %v: not crowded enough to test", before)
	}
	path := slices.Clone(d.Pos[5:])
	if !d.openCrowded(full, margin) {
		t.Fatal("the crowded fan did not open")
	}
	if cs := conflicts(d, false); len(cs) > 0 {
		t.Fatalf("opening left %v", cs[0])
	}
	if s, _ := d.clearScale(d.Pos, full, margin); s > openEnough {
		t.Errorf("after opening the fan still needs a scale of %v (%v before)", s, before)
	}
	if !slices.Equal(d.Pos[5:], path) {
		t.Errorf("the uncrowded path moved: %v, was %v", d.Pos[5:], path)
	}
}

// take refuses a step that crosses two corridors, and every shorter step
// it halves down to that still crosses, leaving the drawing as it was; a
// step that keeps the drawing valid and lowers the clearance scale is
// taken.
func TestOpenTakeChecksExactly(t *testing.T) {
	// Two corridors side by side, too close for their rooms: 0–1 along
	// y = 0, 2–3 along y = 150.
	g := &grammar.Graph{}
	for _, p := range []r2.Vec{{X: 0, Y: 0}, {X: 1000, Y: 0}, {X: 0, Y: 150}, {X: 1000, Y: 150}} {
		g.AddVertex(grammar.Vertex{Tag: "a", Pos: p})
	}
	g.AddEdge(grammar.Edge{A: 0, B: 1})
	g.AddEdge(grammar.Edge{A: 2, B: 3})
	d, full := crowdedDrawing(g, 100)
	margin := relaxKeep(30) + 1
	s, ok := d.clearScale(d.Pos, full, margin)
	if !ok {
		t.Fatal("the drawing has a crossing")
	}
	start := slices.Clone(d.Pos)
	o := &opening{d: d}
	// Room 2 jumps far below corridor 0–1: corridor 2–3 would cross it
	// at every step from the whole one down to 1/2^openHalvings.
	o.next = slices.Clone(d.Pos)
	o.next[2] = r2.Vec{X: 500, Y: -1e6}
	if _, took := o.take(full, margin, s); took {
		t.Errorf("take moved room 2 across corridor 0–1 (now at %v)", d.Pos[2])
	}
	if !slices.Equal(d.Pos, start) {
		t.Error("a refused step changed the drawing")
	}
	// Parting the two corridors keeps the drawing valid and lowers the
	// clearance scale.
	o.next = slices.Clone(d.Pos)
	o.next[2].Y, o.next[3].Y = 600, 600
	got, took := o.take(full, margin, s)
	if !took || got >= s {
		t.Errorf("take of a parting step: took %v, scale %v → %v", took, s, got)
	}
	if d.maxGrowth(d.Pos, full) < 0 {
		t.Error("the step taken left two things closer than the margin at size 0")
	}
}

// A stall opens locally above openFrom, when one more uniform scale
// (its square root) would take the product of those reopen applied past
// openFrom, or when under openShare of the rooms are crowded; otherwise
// it scales.
func TestOpensLocally(t *testing.T) {
	for _, c := range []struct {
		s, uniform, share float64
		want              bool
	}{
		{openFrom + 0.1, 1, 1, true},
		{openFrom - 0.1, 1, 1, false},
		{4, 2, 1, false},  // 2·√4 = 4
		{4, 2.6, 1, true}, // 2.6·√4 = 5.2
		{1.5, 4.5, 1, true},
		{1.5, 4, 1, false}, // 4·√1.5 ≈ 4.9
		{1.5, 1, openShare / 2, true},
		{1.5, 1, openShare, false},
	} {
		if got := opensLocally(c.s, c.uniform, func() float64 { return c.share }); got != c.want {
			t.Errorf("opensLocally(%v, %v, %v) = %v, want %v", c.s, c.uniform, c.share, got, c.want)
		}
	}
}

// crowdedFanAndPath returns a triangle of rooms whose inner room lies 60
// units from corridor 0–1 (it needs 111 at full size: a clearance scale
// of about 1.9, below openFrom), and, when path > 0, a path of that many
// rooms with room to spare joined to corner 1.
func crowdedFanAndPath(path int) *grammar.Graph {
	g := &grammar.Graph{}
	for _, p := range []r2.Vec{{X: 0, Y: 0}, {X: 600, Y: 0}, {X: 300, Y: 450}, {X: 300, Y: 60}} {
		g.AddVertex(grammar.Vertex{Tag: "a", Pos: p})
	}
	for _, e := range [][2]int{{0, 1}, {1, 2}, {2, 0}, {3, 0}, {3, 1}} {
		g.AddEdge(grammar.Edge{A: e[0], B: e[1]})
	}
	prev := 1
	for i := range path {
		v := g.AddVertex(grammar.Vertex{Tag: "a", Pos: r2.Vec{X: float64(1000 + 400*i), Y: 0}})
		g.AddEdge(grammar.Edge{A: prev, B: v})
		prev = v
	}
	return g
}

// stalledRelaxation returns a relax pass of g whose inflation has just
// stalled with rooms of radius 100 at full size.
func stalledRelaxation(g *grammar.Graph) *Relaxation {
	d, _ := crowdedDrawing(g, 100)
	d.stalled = true
	return &Relaxation{g: g, gap: 30, f: params.DefaultRelax(), d: d}
}

// A stall whose crowding is one face of a larger level (one room of 64)
// opens that face and leaves the rest of the level where it was, though
// its clearance scale is below openFrom; the same face alone, crowding a
// quarter of its level, is scaled.
func TestReopenOpensFewCrowdedFacesLocally(t *testing.T) {
	margin := relaxKeep(30) + 1
	big := stalledRelaxation(crowdedFanAndPath(60))
	s, _ := big.d.clearScale(big.d.Pos, big.d.full, margin)
	if s <= 1.2 || s >= openFrom {
		t.Fatalf("the fan needs a scale of %v: not a stall below openFrom", s)
	}
	if share := crowdedShare(big.d.crowdNeeds(big.d.Pos, big.d.full, margin)); share != 1.0/64 {
		t.Fatalf("crowded share %v, want 1/64 (the inner room)", share)
	}
	path := slices.Clone(big.d.Pos[4:])
	if !big.reopen() {
		t.Fatal("the stall did not reopen")
	}
	if big.uniform != 0 {
		t.Errorf("one crowded room in 64 scaled the level by %v", big.uniform)
	}
	if !slices.Equal(big.d.Pos[4:], path) {
		t.Error("the uncrowded path moved")
	}
	if cs := conflicts(big.d, false); len(cs) > 0 {
		t.Fatalf("reopening left %v", cs[0])
	}

	alone := stalledRelaxation(crowdedFanAndPath(0))
	if !alone.reopen() {
		t.Fatal("the stall of the fan alone did not reopen")
	}
	if alone.uniform <= 1 {
		t.Errorf("a crowding of a quarter of the level was not scaled (uniform %v)", alone.uniform)
	}
}

// crowdNeeds gives the inner room of a crowded fan the factor its
// distance to corridor 0–1 must grow by, and every other room 1; the
// share and the bulk's need follow from it.
func TestCrowdNeeds(t *testing.T) {
	margin := relaxKeep(30) + 1
	r := stalledRelaxation(crowdedFanAndPath(60))
	need := r.d.crowdNeeds(r.d.Pos, r.d.full, margin)
	for v, f := range need {
		want := 1.0
		if v == 3 {
			want = float64(100+margin) / 60
		}
		if math.Abs(f-want) > 1e-12 {
			t.Errorf("room %d needs %v, want %v", v, f, want)
		}
	}
	if got := crowdedShare(need); got != 1.0/64 {
		t.Errorf("share %v, want 1/64", got)
	}
	// Of 64 rooms, the 99th percentile is the most crowded one.
	if got := bulkNeed(need); got != need[3] {
		t.Errorf("bulk need %v, want %v", got, need[3])
	}
}

// Two rooms at the same place, and a room whose centre lies on a corridor
// that does not end in it, are at distance 0: the most crowded pairs
// there are, which need more than any finite factor, not 1.
func TestCrowdNeedsAtDistanceZero(t *testing.T) {
	g := &grammar.Graph{}
	for _, p := range []r2.Vec{{X: 0, Y: 0}, {X: 0, Y: 0}, {X: 2000, Y: 0}, {X: 2000, Y: 1000}, {X: 2000, Y: 500}} {
		g.AddVertex(grammar.Vertex{Tag: "a", Pos: p})
	}
	for _, e := range [][2]int{{0, 2}, {2, 3}} {
		g.AddEdge(grammar.Edge{A: e[0], B: e[1]})
	}
	d, full := crowdedDrawing(g, 100)
	need := d.crowdNeeds(d.Pos, full, relaxKeep(30)+1)
	for _, v := range []int{0, 1, 4} {
		if !math.IsInf(need[v], 1) {
			t.Errorf("room %d at distance 0 needs %v, want +Inf", v, need[v])
		}
	}
	if need[2] != 1 || need[3] != 1 {
		t.Errorf("rooms 2 and 3 need %v and %v, want 1", need[2], need[3])
	}
	if got := crowdedShare(need); got != 3.0/5 {
		t.Errorf("share %v, want 3/5", got)
	}
}

// bulkNeed is the 99th percentile of the needs (index ⌈0.99n⌉ − 1): the
// most crowded hundredth of the rooms does not set it.
func TestBulkNeed(t *testing.T) {
	level := func(n int, tops ...float64) []float64 {
		need := make([]float64, n)
		for v := range need {
			need[v] = 1 + float64(v%7)/100
		}
		copy(need, tops)
		return need
	}
	for _, c := range []struct {
		name string
		need []float64
		want float64
	}{
		{"none", nil, 1},
		{"one room", []float64{3}, 3},
		{"one of a hundred", level(100, 30), 1.06},
		{"two of a hundred", level(100, 30, 20), 20},
		{"ten of a thousand", level(1000, 30, 29, 28, 27, 26, 25, 24, 23, 22, 21), 1.06},
		{"eleven of a thousand", level(1000, 30, 29, 28, 27, 26, 25, 24, 23, 22, 21, 20), 20},
	} {
		if got := bulkNeed(c.need); got != c.want {
			t.Errorf("%s: bulkNeed = %v, want %v", c.name, got, c.want)
		}
	}
}
