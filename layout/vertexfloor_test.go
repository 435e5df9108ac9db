package layout

import (
	"testing"

	"github.com/dungraph/dungraph/grammar"
	"github.com/dungraph/dungraph/params"
)

// floorFace is a crowded face around anchor x, at the scale of a
// construction drawing of 10,000 caves rooms: x has corridors to w (east)
// and u (north), a room q lies 0.004 units from x to the north-east, and
// a corridor v1–v2 passes 0.007 units from x to the south-west. A new room
// n joined to x is drawn 70 units to the south-west, across v1–v2. Every
// spot that crosses nothing lies within 0.007 of x, so nearer to x's own
// corridors than placeFloor (keep 5 for an edge length of 100, 1/1024 of
// it: 0.0049) everywhere but in a sliver no halving lands in.
func floorFace(t *testing.T) (*Constructor, *grammar.Graph, int) {
	t.Helper()
	g := grammar.NewGraph()
	g.SetPos(0, at(0, 0)) // x
	w := g.AddVertex(grammar.Vertex{Tag: "c", Pos: at(100, 0)})
	u := g.AddVertex(grammar.Vertex{Tag: "c", Pos: at(0, 100)})
	g.AddVertex(grammar.Vertex{Tag: "c", Pos: at(0.004/1.4142135623730951, 0.004/1.4142135623730951)}) // q
	v1 := g.AddVertex(grammar.Vertex{Tag: "c", Pos: at(-60, 60-0.01)})
	v2 := g.AddVertex(grammar.Vertex{Tag: "c", Pos: at(60-0.01, -60)})
	n := g.AddVertex(grammar.Vertex{Tag: "c", Pos: at(-50, -50)})
	for _, e := range [][2]int{{0, w}, {0, u}, {v1, v2}, {0, n}} {
		if err := g.AddEdge(grammar.Edge{A: e[0], B: e[1]}); err != nil {
			t.Fatal(err)
		}
	}
	c := &Constructor{}
	c.d = newDrawing(g, params.Forces{CrossingFree: true, EdgeLength: 100})
	return c, g, n
}

// TestRetractBelowPlaceFloor: a room retracted into a face narrower than
// placeFloor is placed (its corridor is far longer than the rounding
// error the floor is for); with the floor at placeFloor alone every
// retracted spot was refused and the room was left across v1–v2, as
// caves at 10,000 rooms left rewrites crossing on seeds 1, 5 and 7.
func TestRetractBelowPlaceFloor(t *testing.T) {
	c, g, n := floorFace(t)
	if !c.crossesLocal(g, n, nil) {
		t.Fatal("the room as drawn crosses nothing: the test is void")
	}
	if got := c.clearance(g, 0, n, nil); !(got < 2*placeFloor(c.d)) {
		t.Fatalf("anchor clearance %v, want under twice placeFloor %v: the test is void", got, placeFloor(c.d))
	}
	if !c.retract(g, []int{n}) {
		t.Fatalf("retract left room %d at %v across the drawing", n, c.d.Pos[n])
	}
	if c.crossesLocal(g, n, nil) {
		t.Errorf("room %d at %v still crosses", n, c.d.Pos[n])
	}
	if cs := conflicts(c.d, false); len(cs) > 0 {
		t.Errorf("conflicts after retraction: %v", cs)
	}
}

// TestFloorCatchesRoundingError: a room a rounding error off a corridor
// of its anchor (corner.toml seed 5: 10⁻¹³ units) still counts as on it;
// one 0.05 units off does not, though its corridor passes q 0.0028 units
// away, under placeFloor but 10⁻⁵ of the corridor's 50 units.
func TestFloorCatchesRoundingError(t *testing.T) {
	for _, tt := range []struct {
		off  float64
		want bool
	}{{1e-13, true}, {0.05, false}} {
		c, g, n := floorFace(t)
		c.d.Pos[n] = at(50, tt.off) // along x–w, 50 units out
		if got := c.crossesLocal(g, n, nil); got != tt.want {
			t.Errorf("room %v off x–w: crossesLocal %v, want %v", tt.off, got, tt.want)
		}
	}
}
