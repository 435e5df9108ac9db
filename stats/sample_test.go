package stats

import (
	"context"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/dungraph/dungraph/level"
	"github.com/dungraph/dungraph/levelfile"
	"github.com/dungraph/dungraph/rulesets"
)

// doc builds a document with n rooms at (10i, 0), 2 × 2 each, the given
// corridors, and the route's critical path and dead ends.
type docSpec struct {
	n         int
	edges     [][2]int
	cosmetic  []int    // cosmetic vertices
	cosEdges  [][2]int // cosmetic edges
	tags      []string // by vertex; "r" if nil
	path      []int
	deadEnds  []int
	steps     []string // rule of each step
	rules     []string // rules of the params
	paramTags []string
}

func (s docSpec) doc() *levelfile.Document {
	d := &levelfile.Document{
		Params:   levelfile.Params{Tags: map[string]levelfile.Tag{}, Rules: map[string]levelfile.RuleParams{}},
		Route:    levelfile.Route{CriticalPath: s.path, DeadEnds: s.deadEnds, Length: 12.5},
		Vertices: make([]levelfile.Vertex, s.n),
	}
	for i := range d.Vertices {
		tag := "r"
		if s.tags != nil {
			tag = s.tags[i]
		}
		d.Vertices[i] = levelfile.Vertex{ID: i, Tag: tag, X: levelfile.Float(10 * i), W: 2, H: 2, Cosmetic: slices.Contains(s.cosmetic, i)}
	}
	for _, e := range s.edges {
		d.Edges = append(d.Edges, levelfile.Edge{A: e[0], B: e[1], LengthFactor: 1})
	}
	for _, e := range s.cosEdges {
		d.Edges = append(d.Edges, levelfile.Edge{A: e[0], B: e[1], Cosmetic: true, LengthFactor: 1})
	}
	for _, r := range s.steps {
		d.Trace.Steps = append(d.Trace.Steps, levelfile.Step{Rule: r})
	}
	for _, r := range s.rules {
		d.Params.Rules[r] = levelfile.RuleParams{}
	}
	for _, t := range s.paramTags {
		d.Params.Tags[t] = levelfile.Tag{}
	}
	d.Metrics.Attempts = 1
	return d
}

func TestMeasure(t *testing.T) {
	tests := []struct {
		name string
		spec docSpec
		// want
		rooms, corridors, cycles, diameter int
		valence                            []int
		linearity, deadEndRatio            float64
		reason                             string
	}{
		{
			name:  "path",
			spec:  docSpec{n: 4, edges: [][2]int{{0, 1}, {1, 2}, {2, 3}}, path: []int{0, 1, 2, 3}},
			rooms: 4, corridors: 3, cycles: 0, diameter: 3, valence: []int{0, 2, 2}, linearity: 1,
			reason: "a path has no cycle and its length is its diameter",
		},
		{
			name: "square with a tail",
			spec: docSpec{n: 5, edges: [][2]int{{0, 1}, {1, 2}, {2, 3}, {3, 0}, {3, 4}}, path: []int{0, 3, 4}, deadEnds: []int{}},
			// ecc(1) = 3: 1-0-3-4.
			rooms: 5, corridors: 5, cycles: 1, diameter: 3, valence: []int{0, 1, 3, 1}, linearity: 0.6,
			reason: "one loop; the farthest pair goes round half the loop and down the tail",
		},
		{
			name: "cosmetic parts are not walked",
			spec: docSpec{
				n: 6, edges: [][2]int{{0, 1}, {1, 2}, {2, 3}, {3, 0}, {3, 4}, {0, 5}, {2, 5}},
				cosmetic: []int{5}, cosEdges: [][2]int{{1, 3}}, path: []int{0, 3, 4}, deadEnds: []int{4},
			},
			rooms: 5, corridors: 5, cycles: 1, diameter: 3, valence: []int{0, 1, 3, 1}, linearity: 0.6, deadEndRatio: 0.2,
			reason: "the cosmetic vertex 5 and the cosmetic edge 1-3 would add two cycles and shorten the diameter",
		},
		{
			name:  "K4",
			spec:  docSpec{n: 4, edges: [][2]int{{0, 1}, {0, 2}, {0, 3}, {1, 2}, {1, 3}, {2, 3}}, path: []int{0, 3}, deadEnds: nil},
			rooms: 4, corridors: 6, cycles: 3, diameter: 1, valence: []int{0, 0, 0, 4}, linearity: 0.5,
			reason: "6 − 4 + 1",
		},
		{
			name: "two components",
			spec: docSpec{n: 5, edges: [][2]int{{0, 1}, {1, 2}, {2, 0}, {3, 4}}, path: []int{0, 1}, deadEnds: []int{3, 4}},
			// E − V + C = 4 − 5 + 2.
			rooms: 5, corridors: 4, cycles: 1, diameter: 1, valence: []int{0, 2, 3}, linearity: 0.4, deadEndRatio: 0.4,
			reason: "a disconnected graph counts a cycle per independent loop, and its diameter is over reachable pairs",
		},
		{
			name:  "duplicate corridor",
			spec:  docSpec{n: 2, edges: [][2]int{{0, 1}, {0, 1}}, path: []int{0, 1}},
			rooms: 2, corridors: 1, cycles: 0, diameter: 1, valence: []int{0, 2}, linearity: 1,
			reason: "a corridor listed twice is one corridor",
		},
		{
			name:  "one room",
			spec:  docSpec{n: 1, path: []int{0}},
			rooms: 1, corridors: 0, cycles: 0, diameter: 0, valence: []int{1}, linearity: 1,
			reason: "a lone room",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := Measure(tt.spec.doc())
			if err != nil {
				t.Fatal(err)
			}
			got := []int{s.Rooms, s.Corridors, s.Cycles, s.Diameter}
			want := []int{tt.rooms, tt.corridors, tt.cycles, tt.diameter}
			if !slices.Equal(got, want) {
				t.Errorf("rooms, corridors, cycles, diameter = %v, want %v (%s)", got, want, tt.reason)
			}
			if !slices.Equal(s.Valence, tt.valence) {
				t.Errorf("valence = %v, want %v (%s)", s.Valence, tt.valence, tt.reason)
			}
			if s.Linearity != tt.linearity || s.DeadEndRatio != tt.deadEndRatio {
				t.Errorf("linearity, dead-end ratio = %v, %v, want %v, %v (%s)", s.Linearity, s.DeadEndRatio, tt.linearity, tt.deadEndRatio, tt.reason)
			}
			if s.CriticalPathRooms != len(tt.spec.path) || s.CriticalPathLength != 12.5 {
				t.Errorf("critical path = %d rooms, %v long, want %d, 12.5", s.CriticalPathRooms, s.CriticalPathLength, len(tt.spec.path))
			}
		})
	}
}

func TestMeasureCounts(t *testing.T) {
	spec := docSpec{
		n: 5, edges: [][2]int{{0, 1}, {1, 2}, {2, 3}, {3, 4}}, path: []int{0, 4},
		tags: []string{"e", "r", "r", "k", "r"}, cosmetic: []int{3},
		steps:     []string{"start", "grow", "grow", "key", "grow"},
		rules:     []string{"start", "grow", "key", "never"},
		paramTags: []string{"e", "r", "k", "unused"},
	}
	s, err := Measure(spec.doc())
	if err != nil {
		t.Fatal(err)
	}
	wantTags := []Count{{"e", 1}, {"k", 0}, {"r", 3}, {"unused", 0}}
	if !slices.Equal(s.Tags, wantTags) {
		t.Errorf("tags = %v, want %v (rooms only: vertex 3, a k, is cosmetic)", s.Tags, wantTags)
	}
	wantRules := []Count{{"grow", 3}, {"key", 1}, {"never", 0}, {"start", 1}}
	if !slices.Equal(s.Rules, wantRules) {
		t.Errorf("rules = %v, want %v", s.Rules, wantRules)
	}
}

func TestMeasureLayout(t *testing.T) {
	d := docSpec{n: 3, edges: [][2]int{{0, 1}}, path: []int{0, 1}}.doc()
	// Rooms 2 × 2 at x = 0 and 10; the cosmetic one at 20 is not a room.
	d.Vertices[2].Cosmetic = true
	two, three := levelfile.Float(2), levelfile.Float(3)
	d.Metrics.Clearance = levelfile.ClearanceMetrics{Rooms: &three, Corridors: &two}
	d.Metrics.Quality.EdgeDeviation = 0.25
	d.Metrics.Quality.Density = 8.0 / 24 // 8 of area in a 12 × 2 box
	s, err := Measure(d)
	if err != nil {
		t.Fatal(err)
	}
	if want := 8.0 / 24; s.Density != want {
		t.Errorf("density = %v, want %v (metrics.quality.density)", s.Density, want)
	}
	if s.Clearance != 2 || s.EdgeDeviation != 0.25 {
		t.Errorf("clearance, deviation = %v, %v, want 2, 0.25", s.Clearance, s.EdgeDeviation)
	}
	d.Metrics.Clearance = levelfile.ClearanceMetrics{}
	if s, _ := Measure(d); !math.IsInf(s.Clearance, 1) {
		t.Errorf("clearance without pairs = %v, want +Inf", s.Clearance)
	}
}

func TestMeasureBadEdge(t *testing.T) {
	d := docSpec{n: 2, edges: [][2]int{{0, 2}}}.doc()
	if _, err := Measure(d); err == nil {
		t.Error("an edge to a missing vertex: no error")
	}
	if _, err := Measure(nil); err == nil {
		t.Error("nil document: no error")
	}
}

// TestDiameterProperty checks the diameter and the cycles against brute
// force on random graphs: BFS from every room over an adjacency matrix,
// and components by union-find.
func TestDiameterProperty(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	for iter := range 300 {
		n := 1 + rng.IntN(14)
		var spec docSpec
		spec.n = n
		adj := make([][]bool, n)
		for i := range adj {
			adj[i] = make([]bool, n)
		}
		cosmetic := make([]bool, n)
		for i := range n {
			if rng.IntN(6) == 0 {
				cosmetic[i] = true
				spec.cosmetic = append(spec.cosmetic, i)
			}
		}
		p := rng.Float64() * 0.5
		for a := range n {
			for b := a + 1; b < n; b++ {
				if rng.Float64() >= p {
					continue
				}
				if rng.IntN(8) == 0 {
					spec.cosEdges = append(spec.cosEdges, [2]int{a, b})
					continue
				}
				spec.edges = append(spec.edges, [2]int{a, b})
				if !cosmetic[a] && !cosmetic[b] {
					adj[a][b], adj[b][a] = true, true
				}
			}
		}
		s, err := Measure(spec.doc())
		if err != nil {
			t.Fatal(err)
		}
		diam, rooms, edges := 0, 0, 0
		parent := make([]int, n)
		for i := range parent {
			parent[i] = i
		}
		find := func(i int) int {
			for parent[i] != i {
				i = parent[i]
			}
			return i
		}
		for src := range n {
			if cosmetic[src] {
				continue
			}
			rooms++
			dist := make([]int, n)
			for i := range dist {
				dist[i] = -1
			}
			dist[src] = 0
			queue := []int{src}
			for len(queue) > 0 {
				u := queue[0]
				queue = queue[1:]
				diam = max(diam, dist[u])
				for v := range n {
					if adj[u][v] && dist[v] < 0 {
						dist[v] = dist[u] + 1
						queue = append(queue, v)
					}
				}
			}
			for v := src + 1; v < n; v++ {
				if adj[src][v] {
					edges++
					parent[find(v)] = find(src)
				}
			}
		}
		comps := 0
		for i := range n {
			if !cosmetic[i] && find(i) == i {
				comps++
			}
		}
		if s.Diameter != diam {
			t.Fatalf("graph %d (%d vertices, edges %v, cosmetic %v): diameter %d, brute force %d", iter, n, spec.edges, spec.cosmetic, s.Diameter, diam)
		}
		if want := edges - rooms + comps; s.Cycles != want || s.Rooms != rooms || s.Corridors != edges {
			t.Fatalf("graph %d: rooms %d, corridors %d, cycles %d; brute force %d, %d, %d", iter, s.Rooms, s.Corridors, s.Cycles, rooms, edges, want)
		}
	}
}

func BenchmarkMeasure(b *testing.B) {
	rs, err := rulesets.Bundled("dungeon")
	if err != nil {
		b.Fatal(err)
	}
	lv, err := level.Generate(context.Background(), rs, 1, level.Options{})
	if err != nil {
		b.Fatal(err)
	}
	d, err := lv.Document()
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Measure(d); err != nil {
			b.Fatal(err)
		}
	}
}

// TestMeasureWalkthrough measures a dungeon level's walkthrough and checks
// that the walkthrough metrics appear in a report of levels with locks
// only.
func TestMeasureWalkthrough(t *testing.T) {
	sample := func(ruleset string, failures ...levelfile.Failure) Sample {
		rs, err := rulesets.Bundled(ruleset)
		if err != nil {
			t.Fatal(err)
		}
		lv, err := level.Generate(context.Background(), rs, 1, level.Options{})
		if err != nil {
			t.Fatal(err)
		}
		d, err := lv.Document()
		if err != nil {
			t.Fatal(err)
		}
		d.Failures = append(d.Failures, failures...)
		s, err := Measure(d)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	s := sample("dungeon")
	if !s.Locked || !s.Solvable || s.WalkSteps != 21 || s.Backtracking != 4 || s.Locks != 2 || s.EssentialLocks != 2 {
		t.Fatalf("dungeon seed 1: %+v; want a solvable walk of 21 steps, 4 back, 2 locks, both essential", s)
	}
	if d := Summarize(Series{"dungeon", []Sample{s}}).Metric("backtracking"); d.N != 1 || d.Max != 4 {
		t.Errorf("backtracking over one dungeon level: %+v", d)
	}
	s = sample("dungeon", levelfile.Failure{Attempt: 0, Reason: level.UnsolvablePrefix + "the goal ..."}, levelfile.Failure{Attempt: 1, Reason: "3 conflicts after relaxing"})
	if s.UnsolvableAttempts != 1 {
		t.Errorf("%d unsolvable attempts counted, want 1 of the 2 failures", s.UnsolvableAttempts)
	}
	q := sample("quads")
	if q.Locked {
		t.Fatalf("a quads level has a walkthrough: %+v", q)
	}
	set := Summarize(Series{"quads", []Sample{q}})
	if slices.ContainsFunc(set.Metrics, func(d Dist) bool { return d.Metric == "solvable" }) {
		t.Errorf("a report of levels without locks lists solvable")
	}
}
