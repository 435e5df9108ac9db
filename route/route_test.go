package route

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"gonum.org/v1/gonum/spatial/r2"

	"github.com/dungraph/dungraph/grammar"
)

// room is a vertex of a test graph.
type room struct {
	tag      string
	x, y     float64
	cosmetic bool
}

type corridor struct {
	a, b     int
	cosmetic bool
}

func build(t testing.TB, rooms []room, cs []corridor) *grammar.Graph {
	t.Helper()
	g := new(grammar.Graph)
	for i, r := range rooms {
		g.AddVertex(grammar.Vertex{Tag: r.tag, Pos: r2.Vec{X: r.x, Y: r.y}, Cosmetic: r.cosmetic, CreatedBy: i - 1})
	}
	for _, c := range cs {
		if err := g.AddEdge(grammar.Edge{A: c.a, B: c.b, Cosmetic: c.cosmetic}); err != nil {
			t.Fatal(err)
		}
	}
	return g
}

// routeGraph is g as route reads it.
func routeGraph(g *grammar.Graph) *Graph {
	out := &Graph{Vertices: make([]Vertex, g.Order())}
	for id := range out.Vertices {
		v := g.Vertex(id)
		out.Vertices[id] = Vertex{Tag: v.Tag, Pos: v.Pos, Cosmetic: v.Cosmetic}
	}
	for _, e := range g.Edges() {
		out.Edges = append(out.Edges, Edge{A: e.A, B: e.B, Cosmetic: e.Cosmetic})
	}
	return out
}

func TestFind(t *testing.T) {
	tests := []struct {
		name     string
		rooms    []room
		cs       []corridor
		roles    Roles
		entrance int
		goal     int
		path     []int
		length   float64
		depth    []int
		deadEnds []int
		reason   string
	}{
		{
			name:  "line",
			rooms: []room{{"a", 0, 0, false}, {"a", 3, 4, false}, {"a", 3, 10, false}},
			cs:    []corridor{{0, 1, false}, {1, 2, false}},
			goal:  2, path: []int{0, 1, 2}, length: 11, depth: []int{0, 1, 2}, deadEnds: nil,
			reason: "the far end of a line is the goal; neither end is a dead end, both are entrance or goal",
		},
		{
			name: "branch",
			// 0 - 1 - 2, and 1 - 3 a short branch.
			rooms: []room{{"a", 0, 0, false}, {"a", 10, 0, false}, {"a", 30, 0, false}, {"a", 10, 5, false}},
			cs:    []corridor{{0, 1, false}, {1, 2, false}, {1, 3, false}},
			goal:  2, path: []int{0, 1, 2}, length: 30, depth: []int{0, 1, 2, 2}, deadEnds: []int{3},
			reason: "the short branch is a dead end",
		},
		{
			name: "shorter by length, not by count",
			// 0 - 3 directly is 100 long; 0 - 1 - 2 - 3 is 3 × ~33.5.
			rooms: []room{{"a", 0, 0, false}, {"a", 30, 15, false}, {"a", 70, 15, false}, {"a", 100, 0, false}, {"a", 100, 200, false}},
			cs:    []corridor{{0, 3, false}, {0, 1, false}, {1, 2, false}, {2, 3, false}, {3, 4, false}},
			goal:  4, path: []int{0, 3, 4}, length: 300, depth: []int{0, 1, 2, 1, 2},
			reason: "the critical path follows corridor length",
		},
		{
			name:  "ties go to the lowest id",
			rooms: []room{{"a", 0, 0, false}, {"a", -5, 0, false}, {"a", 5, 0, false}, {"a", 0, 5, false}},
			cs:    []corridor{{0, 1, false}, {0, 2, false}, {0, 3, false}},
			goal:  1, path: []int{0, 1}, length: 5, depth: []int{0, 1, 1, 1}, deadEnds: []int{2, 3},
			reason: "three rooms at the same distance: the lowest id is the goal",
		},
		{
			name: "cosmetic parts are not walked",
			// 2 is a cosmetic vertex far away; 0 - 1 cosmetic edge is a
			// shortcut that does not count.
			rooms: []room{{"a", 0, 0, false}, {"a", 10, 0, false}, {"c", 1000, 0, true}, {"a", 5, 5, false}},
			cs:    []corridor{{0, 1, true}, {0, 3, false}, {3, 1, false}, {1, 2, false}},
			goal:  1, path: []int{0, 3, 1}, length: 2 * math.Sqrt(50), depth: []int{0, 2, -1, 1},
			reason: "cosmetic vertices and edges are left out",
		},
		{
			name:  "roles",
			rooms: []room{{"a", 0, 0, false}, {"e", 10, 0, false}, {"g", 20, 0, false}, {"a", 100, 0, false}, {"e", 200, 0, false}},
			cs:    []corridor{{0, 1, false}, {1, 2, false}, {2, 3, false}, {3, 4, false}},
			roles: Roles{Entrance: "e", Goal: "g"}, entrance: 1, goal: 2, path: []int{1, 2}, length: 10,
			depth: []int{1, 0, 1, 2, 3}, deadEnds: []int{0, 4},
			reason: "the lowest room of the entrance tag; the farthest room of the goal tag",
		},
		{
			name:  "roles nobody has",
			rooms: []room{{"a", 0, 0, false}, {"a", 10, 0, false}},
			cs:    []corridor{{0, 1, false}},
			roles: Roles{Entrance: "x", Goal: "y"}, goal: 1, path: []int{0, 1}, length: 10, depth: []int{0, 1},
			reason: "the defaults apply when no room has the tag",
		},
		{
			name:     "cosmetic start",
			rooms:    []room{{"c", 0, 0, true}, {"a", 10, 0, false}, {"a", 20, 0, false}},
			cs:       []corridor{{0, 1, true}, {1, 2, false}},
			entrance: 1, goal: 2, path: []int{1, 2}, length: 10, depth: []int{-1, 0, 1},
			reason: "a start rule that makes vertex 0 cosmetic leaves the entrance to the first room",
		},
		{
			name:  "one room",
			rooms: []room{{"a", 0, 0, false}},
			goal:  0, path: []int{0}, length: 0, depth: []int{0},
			reason: "a level of one room starts and ends there",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, err := Find(routeGraph(build(t, tt.rooms, tt.cs)), tt.roles)
			if err != nil {
				t.Fatal(err)
			}
			got := fmt.Sprintf("entrance %d goal %d path %v length %.6f depth %v dead ends %v", r.Entrance, r.Goal, r.Path, r.Length, r.Depth, r.DeadEnds)
			want := fmt.Sprintf("entrance %d goal %d path %v length %.6f depth %v dead ends %v", tt.entrance, tt.goal, tt.path, tt.length, tt.depth, tt.deadEnds)
			if got != want {
				t.Errorf("%s\n got %s\nwant %s", tt.reason, got, want)
			}
		})
	}
}

func TestFindErrors(t *testing.T) {
	tests := []struct {
		name  string
		rooms []room
		cs    []corridor
		frag  string
	}{
		{"empty", nil, nil, "no room"},
		{"only cosmetic", []room{{"c", 0, 0, true}}, nil, "no room"},
		{"not finite", []room{{"a", 0, 0, false}, {"a", math.NaN(), 0, false}}, []corridor{{0, 1, false}}, "not a finite position"},
		{"overflow", []room{{"a", -math.MaxFloat64, 0, false}, {"a", math.MaxFloat64, 0, false}}, []corridor{{0, 1, false}}, "overflows float64"},
		{"cut", []room{{"a", 0, 0, false}, {"a", 1, 0, false}, {"a", 2, 0, false}}, []corridor{{0, 1, false}}, "rooms [2] cannot be reached"},
		{"cut by a cosmetic edge", []room{{"a", 0, 0, false}, {"a", 1, 0, false}}, []corridor{{0, 1, true}}, "rooms [1] cannot be reached"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Find(routeGraph(build(t, tt.rooms, tt.cs)), Roles{})
			if err == nil || !strings.Contains(err.Error(), tt.frag) {
				t.Fatalf("got %v, want an error containing %q", err, tt.frag)
			}
		})
	}
}

// reference computes a route by brute force: Floyd–Warshall over the rooms
// for distances, repeated relaxation for depths.
type reference struct {
	dist  [][]float64
	hops  [][]int
	rooms []int
	adj   [][]int
}

func newReference(g *grammar.Graph) *reference {
	n := g.Order()
	ref := &reference{dist: make([][]float64, n), hops: make([][]int, n), adj: make([][]int, n)}
	for i := range n {
		ref.dist[i] = make([]float64, n)
		ref.hops[i] = make([]int, n)
		for j := range n {
			ref.dist[i][j], ref.hops[i][j] = math.Inf(1), 1<<30
		}
		if !g.Vertex(i).Cosmetic {
			ref.rooms = append(ref.rooms, i)
			ref.dist[i][i], ref.hops[i][i] = 0, 0
		}
	}
	for _, e := range g.Edges() {
		if e.Cosmetic || g.Vertex(e.A).Cosmetic || g.Vertex(e.B).Cosmetic {
			continue
		}
		d := r2.Sub(g.Vertex(e.A).Pos, g.Vertex(e.B).Pos)
		l := math.Sqrt(d.X*d.X + d.Y*d.Y)
		ref.dist[e.A][e.B], ref.dist[e.B][e.A] = l, l
		ref.hops[e.A][e.B], ref.hops[e.B][e.A] = 1, 1
		ref.adj[e.A] = append(ref.adj[e.A], e.B)
		ref.adj[e.B] = append(ref.adj[e.B], e.A)
	}
	for _, k := range ref.rooms {
		for _, i := range ref.rooms {
			for _, j := range ref.rooms {
				ref.dist[i][j] = min(ref.dist[i][j], ref.dist[i][k]+ref.dist[k][j])
				ref.hops[i][j] = min(ref.hops[i][j], ref.hops[i][k]+ref.hops[k][j])
			}
		}
	}
	return ref
}

// randomLevel is a connected graph of n rooms at random integer positions
// (a random tree plus extra corridors), with a few cosmetic vertices.
func randomLevel(t testing.TB, rng *rand.Rand, n int) *grammar.Graph {
	var rooms []room
	var cs []corridor
	for i := range n {
		rooms = append(rooms, room{tag: string(rune('a' + rng.IntN(3))), x: float64(rng.IntN(1000)), y: float64(rng.IntN(1000))})
		if i > 0 {
			cs = append(cs, corridor{a: rng.IntN(i), b: i})
		}
	}
	for range rng.IntN(n) {
		a, b := rng.IntN(n), rng.IntN(n)
		if a != b && !slices.ContainsFunc(cs, func(c corridor) bool { return (c.a == a && c.b == b) || (c.a == b && c.b == a) }) {
			cs = append(cs, corridor{a: a, b: b, cosmetic: rng.IntN(4) == 0})
		}
	}
	for range rng.IntN(3) {
		rooms = append(rooms, room{tag: "c", x: float64(rng.IntN(1000)), y: float64(rng.IntN(1000)), cosmetic: true})
		cs = append(cs, corridor{a: rng.IntN(n), b: len(rooms) - 1, cosmetic: rng.IntN(2) == 0})
	}
	return build(t, rooms, cs)
}

// TestFindMatchesReference checks Find against brute force on random
// levels: depths exactly, distances and the path's length to rounding,
// the goal as a farthest room, the path as a walk along corridors, and the
// dead ends.
func TestFindMatchesReference(t *testing.T) {
	const cases = 400
	for i := range cases {
		rng := rand.New(rand.NewPCG(7, uint64(i)))
		g := randomLevel(t, rng, 1+rng.IntN(30))
		roles := Roles{}
		if rng.IntN(3) == 0 {
			roles = Roles{Entrance: "b", Goal: "c"}
		}
		r, err := Find(routeGraph(g), roles)
		if err != nil {
			t.Fatalf("case %d: %v", i, err)
		}
		ref := newReference(g)
		close := func(a, b float64) bool { return math.Abs(a-b) <= 1e-9*max(1, math.Abs(b)) }
		e := r.Entrance
		for v := range g.Order() {
			wantDepth, wantDist := -1, -1.0
			if !g.Vertex(v).Cosmetic {
				wantDepth, wantDist = ref.hops[e][v], ref.dist[e][v]
			}
			if r.Depth[v] != wantDepth || !close(r.Distance[v], wantDist) {
				t.Fatalf("case %d: vertex %d depth %d distance %v, want %d %v", i, v, r.Depth[v], r.Distance[v], wantDepth, wantDist)
			}
		}
		// The goal is a farthest room (of the goal tag, when one has it),
		// and the lowest id among rooms tied with it.
		candidates := slices.DeleteFunc(slices.Clone(ref.rooms), func(v int) bool { return roles.Goal != "" && g.Vertex(v).Tag != roles.Goal })
		if len(candidates) == 0 {
			candidates = ref.rooms
		}
		for _, v := range candidates {
			if ref.dist[e][v] > ref.dist[e][r.Goal] && !close(ref.dist[e][v], ref.dist[e][r.Goal]) {
				t.Fatalf("case %d: room %d (%v) is farther than the goal %d (%v)", i, v, ref.dist[e][v], r.Goal, ref.dist[e][r.Goal])
			}
			if v < r.Goal && ref.dist[e][v] == r.Distance[r.Goal] {
				t.Fatalf("case %d: room %d ties with goal %d and has a lower id", i, v, r.Goal)
			}
		}
		if r.Path[0] != e || r.Path[len(r.Path)-1] != r.Goal {
			t.Fatalf("case %d: path %v does not run from %d to %d", i, r.Path, e, r.Goal)
		}
		sum := 0.0
		for k := 1; k < len(r.Path); k++ {
			a, b := r.Path[k-1], r.Path[k]
			if !slices.Contains(ref.adj[a], b) {
				t.Fatalf("case %d: path %v steps %d-%d, not a corridor", i, r.Path, a, b)
			}
			sum += ref.dist[a][b]
		}
		if !close(sum, ref.dist[e][r.Goal]) || !close(r.Length, sum) {
			t.Fatalf("case %d: path length %v, walked %v, shortest %v", i, r.Length, sum, ref.dist[e][r.Goal])
		}
		var dead []int
		for _, v := range ref.rooms {
			if v != e && v != r.Goal && len(ref.adj[v]) == 1 {
				dead = append(dead, v)
			}
		}
		if !slices.Equal(dead, r.DeadEnds) {
			t.Fatalf("case %d: dead ends %v, want %v", i, r.DeadEnds, dead)
		}
	}
}

// TestFindRepeatable runs Find on a grid full of equally short paths many
// times: gonum over map-ordered graphs would choose among them differently
// from run to run.
func TestFindRepeatable(t *testing.T) {
	var rooms []room
	var cs []corridor
	const side = 8
	for y := range side {
		for x := range side {
			rooms = append(rooms, room{tag: "a", x: float64(10 * x), y: float64(10 * y)})
			id := y*side + x
			if x > 0 {
				cs = append(cs, corridor{a: id - 1, b: id})
			}
			if y > 0 {
				cs = append(cs, corridor{a: id - side, b: id})
			}
		}
	}
	g := build(t, rooms, cs)
	first, err := Find(routeGraph(g), Roles{})
	if err != nil {
		t.Fatal(err)
	}
	if first.Goal != side*side-1 || len(first.Path) != 2*side-1 {
		t.Fatalf("goal %d path %v, want the far corner over %d rooms", first.Goal, first.Path, 2*side-1)
	}
	for range 100 {
		r, _ := Find(routeGraph(g), Roles{})
		if !slices.Equal(r.Path, first.Path) {
			t.Fatalf("path %v, then %v", first.Path, r.Path)
		}
	}
}
