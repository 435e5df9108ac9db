package stats

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"time"

	"gonum.org/v1/gonum/graph"
	"gonum.org/v1/gonum/graph/iterator"
	"gonum.org/v1/gonum/graph/simple"
	"gonum.org/v1/gonum/graph/topo"
	"gonum.org/v1/gonum/graph/traverse"

	"github.com/dungraph/dungraph/render"
)

// Sample is what stats measures of one seed: a level, or the failure to
// generate one. The level's measures are zero for a failure.
type Sample struct {
	Seed uint64
	// Valid reports whether a level was generated; Reason says why not
	// otherwise.
	Valid  bool
	Reason string
	// Attempt is the attempt (from 0) that produced the level; Attempts
	// the attempts made, the successful one included, or all of them for
	// a failure.
	Attempt, Attempts int
	// Time is how long generation took, when Timed.
	Time  time.Duration
	Timed bool

	// Rooms counts the non-cosmetic vertices, Corridors the non-cosmetic
	// edges between two rooms.
	Rooms, Corridors int
	// Cycles is the cyclomatic number of the walkable graph: corridors −
	// rooms + connected components, which is corridors − rooms + 1 for a
	// level (its rooms are connected).
	Cycles int
	// Diameter is the longest shortest path between two rooms, in
	// corridors.
	Diameter int
	// Valence counts rooms by their number of corridors: Valence[k] rooms
	// have k corridors.
	Valence []int
	// CriticalPathRooms and CriticalPathLength are the route's critical
	// path, entrance and goal included, and its length in world units.
	CriticalPathRooms  int
	CriticalPathLength float64
	// DeadEnds counts the route's dead ends.
	DeadEnds int
	// Linearity is CriticalPathRooms / Rooms and DeadEndRatio DeadEnds /
	// Rooms.
	Linearity, DeadEndRatio float64
	// Tags counts rooms by tag and Rules the applications of each rule,
	// both sorted by name. Every tag and rule of the document's params is
	// listed, unused ones with 0.
	Tags, Rules []Count
	// EdgeDeviation is the document's metrics.quality.edge_deviation.
	EdgeDeviation float64
	// Clearance is the smaller of metrics.clearance.rooms and
	// metrics.clearance.corridors, +Inf when the level has neither.
	Clearance float64
	// Compactness is the rooms' total area (w × h) over the area of the
	// bounding box of their rectangles.
	Compactness float64
}

// Count is a name and how often it occurs.
type Count struct {
	Name string
	N    int
}

// Measure measures the level of d. It fails only when d is malformed: a
// document that render.ReadJSON or render.FromLevel returned is not.
func Measure(d *render.Document) (Sample, error) {
	if d == nil {
		return Sample{}, errors.New("stats: nil document")
	}
	w, err := newWalkable(d)
	if err != nil {
		return Sample{}, err
	}
	s := Sample{
		Seed: d.Seed, Valid: true, Attempt: d.Attempt, Attempts: d.Metrics.Attempts,
		Rooms: len(w.rooms), Corridors: w.corridors,
		CriticalPathRooms: len(d.Route.CriticalPath), CriticalPathLength: float64(d.Route.Length),
		DeadEnds: len(d.Route.DeadEnds), EdgeDeviation: float64(d.Metrics.Quality.EdgeDeviation),
		Clearance: math.Inf(1),
	}
	if s.Attempts < s.Attempt+1 {
		s.Attempts = s.Attempt + 1
	}
	s.Cycles = s.Corridors - s.Rooms + len(topo.ConnectedComponents(w))
	s.Diameter = w.diameter()
	for _, id := range w.rooms {
		k := len(w.adj[id])
		for len(s.Valence) <= k {
			s.Valence = append(s.Valence, 0)
		}
		s.Valence[k]++
	}
	if s.Rooms > 0 {
		s.Linearity = float64(s.CriticalPathRooms) / float64(s.Rooms)
		s.DeadEndRatio = float64(s.DeadEnds) / float64(s.Rooms)
	}
	for _, g := range []*render.Float{d.Metrics.Clearance.Rooms, d.Metrics.Clearance.Corridors} {
		if g != nil {
			s.Clearance = min(s.Clearance, float64(*g))
		}
	}
	s.Compactness = compactness(d)
	s.Tags = tagCounts(d)
	s.Rules = ruleCounts(d)
	return s, nil
}

// compactness is the rooms' area over their bounding box's.
func compactness(d *render.Document) float64 {
	var area float64
	x0, y0 := math.Inf(1), math.Inf(1)
	x1, y1 := math.Inf(-1), math.Inf(-1)
	for _, v := range d.Vertices {
		if v.Cosmetic {
			continue
		}
		x, y, hw, hh := float64(v.X), float64(v.Y), float64(v.W)/2, float64(v.H)/2
		area += float64(float64(v.W) * float64(v.H))
		x0, x1 = min(x0, x-hw), max(x1, x+hw)
		y0, y1 = min(y0, y-hh), max(y1, y+hh)
	}
	box := float64(x1-x0) * float64(y1-y0)
	if !(box > 0) {
		return 0
	}
	return area / box
}

func tagCounts(d *render.Document) []Count {
	n := map[string]int{}
	for name := range d.Params.Tags {
		n[name] = 0
	}
	for _, v := range d.Vertices {
		if !v.Cosmetic {
			n[v.Tag]++
		}
	}
	return sortedCounts(n)
}

func ruleCounts(d *render.Document) []Count {
	n := map[string]int{}
	for name := range d.Params.Rules {
		n[name] = 0
	}
	for _, st := range d.Trace.Steps {
		n[st.Rule]++
	}
	return sortedCounts(n)
}

func sortedCounts(n map[string]int) []Count {
	out := make([]Count, 0, len(n))
	for name, k := range n {
		out = append(out, Count{name, k})
	}
	slices.SortFunc(out, func(a, b Count) int {
		switch {
		case a.Name < b.Name:
			return -1
		case a.Name > b.Name:
			return 1
		}
		return 0
	})
	return out
}

// walkable is the walkable part of a level as a gonum undirected graph:
// rooms and the corridors between them. Nodes and neighbours come in
// ascending id order, so gonum's algorithms visit them the same way on
// every run (over gonum's simple graphs they follow map order).
type walkable struct {
	room      []bool
	rooms     []int64   // ascending
	adj       [][]int64 // by vertex id, ascending, no duplicates
	corridors int
}

var _ graph.Undirected = (*walkable)(nil)

func newWalkable(d *render.Document) (*walkable, error) {
	n := len(d.Vertices)
	w := &walkable{room: make([]bool, n), adj: make([][]int64, n)}
	for i, v := range d.Vertices {
		if !v.Cosmetic {
			w.room[i] = true
			w.rooms = append(w.rooms, int64(i))
		}
	}
	for i, e := range d.Edges {
		if e.A < 0 || e.A >= n || e.B < 0 || e.B >= n || e.A == e.B {
			return nil, fmt.Errorf("stats: edges[%d] joins %d and %d in a level of %d vertices", i, e.A, e.B, n)
		}
		if e.Cosmetic || !w.room[e.A] || !w.room[e.B] {
			continue
		}
		w.adj[e.A] = append(w.adj[e.A], int64(e.B))
		w.adj[e.B] = append(w.adj[e.B], int64(e.A))
	}
	for i := range w.adj {
		slices.Sort(w.adj[i])
		w.adj[i] = slices.Compact(w.adj[i])
		w.corridors += len(w.adj[i])
	}
	w.corridors /= 2
	return w, nil
}

// diameter is the largest eccentricity of a room, in corridors, over the
// rooms it can reach: gonum's breadth-first walk from every room.
func (w *walkable) diameter() int {
	diam := 0
	var bfs traverse.BreadthFirst
	for _, id := range w.rooms {
		bfs.Reset()
		bfs.Walk(w, simple.Node(id), func(_ graph.Node, depth int) bool {
			diam = max(diam, depth)
			return false
		})
	}
	return diam
}

func (w *walkable) isRoom(id int64) bool {
	return id >= 0 && id < int64(len(w.room)) && w.room[id]
}

func (w *walkable) Node(id int64) graph.Node {
	if !w.isRoom(id) {
		return nil
	}
	return simple.Node(id)
}

func (w *walkable) Nodes() graph.Nodes { return nodes(w.rooms) }

func (w *walkable) From(id int64) graph.Nodes {
	if !w.isRoom(id) {
		return graph.Empty
	}
	return nodes(w.adj[id])
}

func nodes(ids []int64) graph.Nodes {
	ns := make([]graph.Node, len(ids))
	for i, id := range ids {
		ns[i] = simple.Node(id)
	}
	return iterator.NewOrderedNodes(ns)
}

func (w *walkable) HasEdgeBetween(x, y int64) bool {
	if !w.isRoom(x) || !w.isRoom(y) {
		return false
	}
	_, ok := slices.BinarySearch(w.adj[x], y)
	return ok
}

func (w *walkable) Edge(u, v int64) graph.Edge { return w.EdgeBetween(u, v) }

func (w *walkable) EdgeBetween(x, y int64) graph.Edge {
	if !w.HasEdgeBetween(x, y) {
		return nil
	}
	return simple.Edge{F: simple.Node(x), T: simple.Node(y)}
}
