package layout

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/spatial/r2"

	"github.com/dungraph/dungraph/grammar"
	"github.com/dungraph/dungraph/params"
)

func ExampleRelaxation() {
	// A path of three rooms, as a construction drawing might leave it:
	// two rooms crowded together, one far off.
	g := &grammar.Graph{}
	for _, x := range []float64{0, 3, 200} {
		g.AddVertex(grammar.Vertex{Tag: "a", Pos: r2.Vec{X: x}})
	}
	g.AddEdge(grammar.Edge{A: 0, B: 1})
	g.AddEdge(grammar.Edge{A: 1, B: 2})
	rooms := []Room{{W: 60, H: 80, Radius: 50}, {W: 60, H: 80, Radius: 50}, {W: 60, H: 80, Radius: 50}}
	r, err := NewRelaxation(context.Background(), g, rooms, 50, params.DefaultRelax(), Limits{})
	if err != nil {
		fmt.Println(err)
		return
	}
	// Step through the pass, printing where each phase starts.
	phase := Phase(255)
	for more := true; more; more = r.Step() {
		if r.Phase() != phase {
			phase = r.Phase()
			fmt.Printf("%s from iteration %d, rooms at %.2f of their size\n", phase, r.Iterations(), r.Growth())
		}
	}
	fmt.Printf("%s at iteration %d; corridors %.0f and %.0f long\n", r.Phase(), r.Stats().Iterations,
		dist(g.Vertex(0).Pos, g.Vertex(1).Pos), dist(g.Vertex(1).Pos, g.Vertex(2).Pos))
	// Output:
	// inflate from iteration 0, rooms at 0.00 of their size
	// settle from iteration 9, rooms at 1.00 of their size
	// done at iteration 10; corridors 149 and 149 long
}

func TestScheduleEnds(t *testing.T) {
	for _, c := range []struct {
		name     string
		largest  float64
		starved  bool
		growing  bool
		iters    int
		want     phaseEnd
		wantIter int
	}{
		{"settled", 0.1, false, false, 10, converged, 1},
		{"moving", 5, false, false, 10, capped, 10},
		{"starved", 0.1, true, false, 10, capped, 10},
		{"growing", 0.1, false, true, 10, capped, 10},
	} {
		var s schedule
		s.reset(1, c.iters, 1)
		for s.beginIteration(); s.endIteration(1, c.largest, c.starved, c.growing); s.beginIteration() {
		}
		if s.end != c.want || s.iter != c.wantIter {
			t.Errorf("%s: ended %d after %d iterations, want %d after %d", c.name, s.end, s.iter, c.want, c.wantIter)
		}
	}
}

// The convergence distance grows by half every 100 iterations, and the
// cooling shrinks the step after a window that moved more than the last and
// grows it after five that moved less.
func TestScheduleCooling(t *testing.T) {
	var s schedule
	s.reset(1, 1000, 8)
	for i := range 200 {
		s.beginIteration()
		s.endIteration(1, 5, false, false) // the same total every window
		if i == 99 && s.convergence != 1.5 {
			t.Errorf("convergence %v after 100 iterations, want 1.5", s.convergence)
		}
	}
	if want := math.Pow(0.9, 24); math.Abs(s.cool-want) > 1e-12 {
		// 25 windows of 8: every window but the first moved as much as
		// the one before.
		t.Errorf("cool %v after 25 equal windows, want %v", s.cool, want)
	}
	s.reset(1, 1000, 1)
	total := 1000.0
	for range 10 {
		s.beginIteration()
		total /= 2
		s.endIteration(total, 5, false, false)
	}
	if want := 1 / 0.81; math.Abs(s.cool-want) > 1e-12 {
		t.Errorf("cool %v after 10 shrinking iterations, want %v", s.cool, want)
	}
}

// The rooms have stalled when they grew less than stallGrowth over
// stallWindows windows.
func TestInflationStalls(t *testing.T) {
	var n inflation
	n.grow = 0.5
	for i, t0 := range []float64{0.6, 0.7, 0.8, 0.801, 0.802, 0.803, 0.804, 0.805, 0.806, 0.807, 0.808} {
		if n.observe(t0) {
			n.grow = t0
		}
		if want := i == 10; n.stalled != want {
			t.Errorf("window %d at %v: stalled %v, want %v", i, t0, n.stalled, want)
		}
	}
	if !n.grew || !n.growing() {
		t.Error("the last window grew the rooms, yet growing says no")
	}
}

// Watching a relaxation step by step changes nothing, and what it reports
// holds together: phases only move forward, iterations never go back
// within a phase, the rooms are full size from Settle on, and the final
// stats are the last step's.
func TestRelaxationSteps(t *testing.T) {
	inflated := 0
	for c := range 8 {
		rng := rand.New(rand.NewPCG(uint64(c), 11))
		g := planarDrawing(rng, 6+rng.IntN(40), 1)
		rooms, err := AssignRooms(g, params.Rooms{Margin: 10 + float64(rng.IntN(50))}, nil, rng)
		if err != nil {
			t.Fatal(err)
		}
		plain := g.Clone()
		want, err := Relax(context.Background(), plain, rooms, 30, params.DefaultRelax(), Limits{}, nil)
		if err != nil {
			t.Fatalf("case %d: %v", c, err)
		}
		phase, iter, steps := Inflate, 0, 0
		got, err := Relax(context.Background(), g, rooms, 30, params.DefaultRelax(), Limits{}, func(r *Relaxation) {
			steps++
			switch {
			case r.Phase() < phase:
				t.Errorf("case %d: phase %s after %s", c, r.Phase(), phase)
			case r.Phase() == phase && r.Iterations() < iter:
				t.Errorf("case %d: iteration %d after %d in phase %s", c, r.Iterations(), iter, phase)
			case r.Phase() != Inflate && r.Growth() != 1:
				t.Errorf("case %d: rooms at %v in phase %s", c, r.Growth(), r.Phase())
			}
			if r.Phase() == Inflate && r.Iterations() == 1 {
				inflated++
			}
			phase, iter = r.Phase(), r.Iterations()
		})
		if err != nil {
			t.Fatal(err)
		}
		if got != want || phase != Done || steps <= got.Iterations {
			t.Errorf("case %d: watched %+v ending in %s after %d steps, unwatched %+v", c, got, phase, steps, want)
		}
		for v := range g.Order() {
			if g.Vertex(v).Pos != plain.Vertex(v).Pos {
				t.Fatalf("case %d: vertex %d at %v watched, %v not", c, v, g.Vertex(v).Pos, plain.Vertex(v).Pos)
			}
		}
	}
	if inflated == 0 {
		t.Error("no case inflated its rooms: the Inflate phase went untested")
	}
	t.Logf("%d of 8 cases inflated", inflated)
}
