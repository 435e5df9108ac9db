package layout

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/dungraph/dungraph/grammar"
	"github.com/dungraph/dungraph/params"
)

// relaxedFans builds fans of 60 rooms for seed with the construction
// drawing, gives them rooms and relaxes them under lim; it returns the
// level's geometry and the exact Checker's conflicts of the result.
func relaxedFans(t *testing.T, gr *grammar.Grammar, seed uint64, lim Limits) (Geometry, []Conflict) {
	t.Helper()
	c := &Constructor{Forces: params.Forces{CrossingFree: true}}
	opts := grammar.Options{MaxIterations: 60, MaxVertices: 60, MaxValence: 8, RejectCrossings: true, AfterRewrite: c.AfterRewrite}
	rng := rand.New(rand.NewPCG(seed, 0))
	res, err := gr.Build(opts, rng)
	if err != nil {
		t.Fatal(err)
	}
	g := res.Graph
	rooms, err := AssignRooms(g, params.Rooms{}, nil, rng)
	if err != nil {
		t.Fatal(err)
	}
	const gap = 30
	if _, err := Relax(context.Background(), g, rooms, gap, params.DefaultRelax(), lim, nil); err != nil {
		t.Fatalf("seed %d: %v", seed, err)
	}
	var discs []Disc
	for v := range g.Order() {
		discs = append(discs, Disc{ID: v, Center: g.Vertex(v).Pos, Radius: rooms[v].Radius})
	}
	var corrs []Corridor
	for _, e := range g.Edges() {
		corrs = append(corrs, Corridor{A: e.A, B: e.B})
	}
	var checker Checker
	return MeasureGeometry(g, rooms), checker.Check(discs, corrs)
}

// TestTailPressLowersTail relaxes fans levels twice: with limits so loose
// that no press runs, and with the default ones, under which a level
// whose tail is near 5 is pressed at its tail. The pressed levels stay
// valid, none has a higher tail, and some that missed tail ≤ 5 keep it,
// the same to the bit when relaxed again.
func TestTailPressLowersTail(t *testing.T) {
	gr := fanGrammar(t)
	loose := Limits{MaxStretch: 1e9, MaxTail: 1e9, MaxWorst: 1e9, MinDensity: 1e-12}
	mended := 0
	for _, seed := range []uint64{1, 2, 4} {
		free, _ := relaxedFans(t, gr, seed, loose)
		pressed, cs := relaxedFans(t, gr, seed, Limits{})
		if len(cs) > 0 {
			t.Fatalf("seed %d: the pressed level has conflicts, first %v", seed, cs[0])
		}
		t.Logf("seed %d: tail %.2f unpressed, %.2f pressed (stretch %.2f, %.2f)", seed, free.Tail, pressed.Tail, free.Stretch, pressed.Stretch)
		if free.Tail >= float64(pressNear*5) && pressed.Tail > free.Tail {
			t.Errorf("seed %d: pressing raised tail from %.2f to %.2f", seed, free.Tail, pressed.Tail)
		}
		if free.Tail > 5 && pressed.Tail <= 5 {
			mended++
			if again, _ := relaxedFans(t, gr, seed, Limits{}); again != pressed {
				t.Errorf("seed %d: two relaxations give %+v and %+v", seed, pressed, again)
			}
		}
	}
	if mended == 0 {
		t.Error("no level that missed tail ≤ 5 unpressed keeps it pressed")
	}
}
