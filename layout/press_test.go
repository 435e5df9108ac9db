package layout

import (
	"context"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"gonum.org/v1/gonum/spatial/r2"

	"github.com/dungraph/dungraph/grammar"
	"github.com/dungraph/dungraph/params"
)

// settledDrawing relaxes a random crossing-free level of case c and
// returns the settle phase's drawing of it, as the relax pass hands it to
// the press, with the clearances it starts from.
func settledDrawing(t *testing.T, c int) *drawing {
	t.Helper()
	rng := rand.New(rand.NewPCG(uint64(c), 16))
	g := planarDrawing(rng, 8+rng.IntN(30), 1)
	rooms, err := AssignRooms(g, params.Rooms{Margin: 10 + float64(rng.IntN(40))}, nil, rng)
	if err != nil {
		t.Fatal(err)
	}
	const gap = 30
	f := params.DefaultRelax()
	f.SpringStrength = 1 + 5*rng.Float64()
	if _, err := Relax(context.Background(), g, rooms, gap, f, Limits{}, nil); err != nil {
		t.Fatalf("case %d: %v", c, err)
	}
	f.CrossingFree = true
	f.ConvergenceDistance = max(f.ConvergenceDistance, minRelaxConvergence)
	d := newDrawing(g, f)
	for v, rm := range rooms {
		d.Radius[v] = rm.Radius
	}
	d.UseRooms(gap)
	d.SetActive(nil)
	return d
}

// clearances returns, by brute force over every pair, the clearance of
// every two rooms and of every room and corridor not ending in it.
func clearances(d *drawing) []float64 {
	var out []float64
	n := len(d.Pos)
	for u := range n {
		for v := u + 1; v < n; v++ {
			out = append(out, float64(dist(d.Pos[u], d.Pos[v])-d.Radius[u])-d.Radius[v])
		}
	}
	for _, e := range d.g.Edges() {
		if e.Cosmetic {
			continue
		}
		for u := range n {
			if u != e.A && u != e.B {
				out = append(out, float64(pointSegmentDist(d.Pos[u], d.Pos[e.A], d.Pos[e.B])-d.Radius[u]))
			}
		}
	}
	return out
}

// TestPressKeepsClearances presses settled random levels and checks, by
// brute force over every pair and with the exact Checker, that no
// clearance ends below keep unless it started below keep and did not
// shrink, and that no two corridors cross; a second press of the same
// drawing gives the same bits.
func TestPressKeepsClearances(t *testing.T) {
	cases := 24
	if testing.Short() {
		cases = 8
	}
	pressed := 0
	for c := range cases {
		d := settledDrawing(t, c)
		twin := settledDrawing(t, c)
		k := d.keepDistance()
		before := clearances(d)
		moved := d.press(nil)
		if moved > 0 {
			pressed++
		}
		after := clearances(d)
		for i, now := range after {
			if now < min(k, before[i])-1e-6*k {
				t.Fatalf("case %d: clearance %d went from %v to %v, below keep %v", c, i, before[i], now, k)
			}
		}
		if cs := conflicts(d, true); len(cs) > 0 {
			t.Fatalf("case %d: pressed drawing has conflicts, first %v", c, cs[0])
		}
		twin.press(nil)
		if !reflect.DeepEqual(d.Pos, twin.Pos) {
			t.Fatalf("case %d: two presses of one drawing differ", c)
		}
	}
	if pressed == 0 {
		t.Fatal("the press moved none of the settled drawings")
	}
	t.Logf("%d of %d settled drawings pressed", pressed, cases)
}

// TestPressPassesContact pulls room 0 to the right by two long corridors
// at 45°, against room 1, which lies at keep from it and is held at its
// target by a corridor to room 4: the settle phase's bounded moves stop 0
// at 1, the press pushes 1 along.
func TestPressPassesContact(t *testing.T) {
	const r, gap = 20.0, 30.0
	k := relaxKeep(gap)
	b := float64(2*r+k) + 0.01
	g := new(grammar.Graph)
	for _, p := range []r2.Vec{
		{X: 0, Y: 0},
		{X: b, Y: 0},
		{X: 600, Y: 600},
		{X: 600, Y: -600},
		{X: b + corridorTarget(gap, r, r, 1), Y: 0},
	} {
		g.AddVertex(grammar.Vertex{Tag: "a", Pos: p})
	}
	for _, e := range [][2]int{{0, 2}, {0, 3}, {1, 4}} {
		g.AddEdge(grammar.Edge{A: e[0], B: e[1]})
	}
	f := params.DefaultRelax()
	f.CrossingFree = true
	f.ConvergenceDistance = minRelaxConvergence
	mk := func() *drawing {
		d := newDrawing(g, f)
		for v := range d.Radius {
			d.Radius[v] = r
		}
		d.UseRooms(gap)
		d.SetActive(nil)
		return d
	}
	if cs := conflicts(mk(), true); len(cs) > 0 {
		t.Fatalf("the start drawing has conflicts, first %v", cs[0])
	}
	settled := mk()
	for settled.Update() {
	}
	pressed := mk()
	if pressed.press(nil) == 0 {
		t.Fatal("the press did not move")
	}
	s, p := settled.Pos[0].X, pressed.Pos[0].X
	t.Logf("room 0 from x 0 (keep %.1f): settled at x %.1f, pressed to x %.1f; room 1 from %.1f to %.1f", k, s, p, b, pressed.Pos[1].X)
	if p < s+r {
		t.Errorf("room 0 pressed to x %.1f, not a room radius past where the settle phase stops it (%.1f)", p, s)
	}
}

func TestPressScore(t *testing.T) {
	within := Geometry{Stretch: 2, Tail: 2, Worst: 5, Density: 0.2}
	near := Geometry{Stretch: 2.8, Tail: 2, Worst: 5, Density: 0.2}
	beyond := Geometry{Stretch: 3.1, Tail: 2, Worst: 5, Density: 0.2}
	sparse := Geometry{Stretch: 1, Tail: 1, Worst: 1, Density: 0.052}
	spread := Geometry{Stretch: 1, Tail: 1, Worst: 1, Density: 0.052, Spread: 2}
	loose := Limits{MaxStretch: 10, MinDensity: 0.01}
	for _, c := range []struct {
		name string
		lim  Limits
		geo  Geometry
		want bool
	}{
		{"every metric well within", Limits{}, within, false},
		{"stretch at 0.93 of its limit", Limits{}, near, true},
		{"stretch beyond", Limits{}, beyond, true},
		{"density at 1.04 of its limit", Limits{}, sparse, true},
		{"the same density with spread 2 (limit ÷ 4)", Limits{}, spread, false},
		{"stretch beyond the default, within the ruleset's own limit", loose, beyond, false},
		{"density near the default, within the ruleset's own limit", loose, sparse, false},
		{"well within the defaults, near the ruleset's tighter limit", Limits{MaxWorst: 5.2}, within, true},
	} {
		if got := pressNeeded(c.lim, c.geo); got != c.want {
			t.Errorf("%s: pressNeeded %v, want %v", c.name, got, c.want)
		}
	}
	for _, c := range []struct {
		name     string
		now, was Geometry
		want     bool
	}{
		{"within from beyond", near, beyond, true},
		{"beyond from within, though the sum is lower", Geometry{Stretch: 3.05, Tail: 1, Worst: 1, Density: 0.3}, near, false},
		{"lower sum, as many misses", within, near, true},
		{"the same", near, near, false},
	} {
		if got := pressBetter(Limits{}, c.now, c.was); got != c.want {
			t.Errorf("%s: pressBetter %v, want %v", c.name, got, c.want)
		}
	}
	// Under a looser stretch limit neither misses, and the lower sum wins.
	if !pressBetter(loose, beyond, Geometry{Stretch: 2, Tail: 4, Worst: 11, Density: 0.2}) {
		t.Error("pressBetter under the ruleset's limits: a drawing within them with a lower sum of ratios is not better")
	}
}

// unjamBySweeps is unjam's definition, by brute force: sweep the pairs in
// order, stopping both or all three vertices of each jammed one, until a
// sweep finds none. It returns how many pairs it checked.
func unjamBySweeps(p *presser) int {
	checks := 0
	for again := true; again; {
		again = false
		for _, q := range p.pairs {
			checks++
			if p.closing(q) > q.hard {
				again = true
				p.delta[q.u], p.delta[q.a] = r2.Vec{}, r2.Vec{}
				if q.b >= 0 {
					p.delta[q.b] = r2.Vec{}
				}
			}
		}
	}
	return checks
}

// TestUnjamChain jams a row of rooms moving left against a room that does
// not move, its pairs listed from the far end: each stopped room jams the
// one behind it, so the sweeps take one sweep over every pair per room.
// unjam must stop the same rooms with a bounded number of checks per pair.
func TestUnjamChain(t *testing.T) {
	const k = 400
	p := &presser{delta: make([]r2.Vec, k+1)}
	for v := 1; v <= k; v++ {
		p.delta[v] = r2.Vec{X: -1}
	}
	for v := k - 1; v >= 0; v-- {
		p.pairs = append(p.pairs, pressPair{u: int32(v), a: int32(v + 1), b: -1, n: r2.Vec{X: 1}})
	}
	ref := &presser{delta: slices.Clone(p.delta), pairs: p.pairs}
	sweepChecks := unjamBySweeps(ref)
	p.unjam()
	if !reflect.DeepEqual(p.delta, ref.delta) {
		t.Fatal("unjam stopped other rooms than the sweeps")
	}
	for v, m := range p.delta {
		if m != (r2.Vec{}) {
			t.Fatalf("room %d still moves %v: the jam did not pass along the row", v, m)
		}
	}
	t.Logf("%d pairs: sweeps checked %d, unjam %d", len(p.pairs), sweepChecks, p.checks)
	if p.checks > 3*len(p.pairs) {
		t.Errorf("unjam checked %d pairs for a row of %d: more than 3 checks per pair", p.checks, len(p.pairs))
	}
}

// TestUnjamMatchesSweeps compares unjam with the sweeps on random pairs
// of rooms and of rooms and corridors among few vertices, so that jams
// chain and overlap: the moves left must be the same bits.
func TestUnjamMatchesSweeps(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 16))
	stopped := 0
	for c := range 2000 {
		n := 3 + rng.IntN(30)
		p := &presser{delta: make([]r2.Vec, n)}
		for v := range p.delta {
			if rng.IntN(4) > 0 {
				p.delta[v] = r2.Vec{X: rng.Float64()*2 - 1, Y: rng.Float64()*2 - 1}
			}
		}
		for range rng.IntN(3 * n) {
			u, a := int32(rng.IntN(n)), int32(rng.IntN(n))
			if u == a {
				continue
			}
			q := pressPair{u: u, a: a, b: -1, hard: rng.Float64() * 0.5}
			q.n, _ = unit(r2.Vec{X: rng.Float64()*2 - 1, Y: rng.Float64()*2 - 1})
			if b := int32(rng.IntN(n)); rng.IntN(2) == 0 && b != u && b != a {
				q.b, q.tau = b, rng.Float64()
			}
			p.pairs = append(p.pairs, q)
		}
		start := slices.Clone(p.delta)
		ref := &presser{delta: slices.Clone(p.delta), pairs: p.pairs}
		unjamBySweeps(ref)
		p.unjam()
		if !reflect.DeepEqual(p.delta, ref.delta) {
			t.Fatalf("case %d: unjam left %v, the sweeps %v", c, p.delta, ref.delta)
		}
		for v := range p.delta {
			if p.delta[v] != start[v] {
				stopped++
			}
		}
	}
	if stopped == 0 {
		t.Fatal("no case stopped a vertex")
	}
	t.Logf("%d moving vertices stopped over 2000 cases", stopped)
}

// checkQueue pops its keys in ascending order, however they were pushed
// and popped in between: against sorting them.
func TestCheckQueueOrder(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for trial := range 200 {
		var q checkQueue
		var want []int64
		for range 1 + rng.IntN(60) {
			if len(want) > 0 && rng.IntN(3) == 0 {
				slices.Sort(want)
				if got := q.pop(); got != want[0] {
					t.Fatalf("trial %d: popped %d, want %d", trial, got, want[0])
				}
				want = want[1:]
				continue
			}
			k := rng.Int64N(40)
			q.push(k)
			want = append(want, k)
		}
		slices.Sort(want)
		for _, w := range want {
			if got := q.pop(); got != w {
				t.Fatalf("trial %d: popped %d, want %d", trial, got, w)
			}
		}
	}
}
