package layout

import (
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

// A stall opens locally above openFrom, or when one more uniform scale
// (its square root) would take the product of those reopen applied past
// openFrom; below both it scales.
func TestOpensLocally(t *testing.T) {
	for _, c := range []struct {
		s, uniform float64
		want       bool
	}{
		{openFrom + 0.1, 1, true},
		{openFrom - 0.1, 1, false},
		{4, 2, false},  // 2·√4 = 4
		{4, 2.6, true}, // 2.6·√4 = 5.2
		{1.5, 4.5, true},
		{1.5, 4, false}, // 4·√1.5 ≈ 4.9
	} {
		if got := opensLocally(c.s, c.uniform); got != c.want {
			t.Errorf("opensLocally(%v, %v) = %v, want %v", c.s, c.uniform, got, c.want)
		}
	}
}
