package route

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"

	"gonum.org/v1/gonum/graph"
	"gonum.org/v1/gonum/graph/iterator"
	"gonum.org/v1/gonum/graph/path"
	"gonum.org/v1/gonum/graph/simple"
	"gonum.org/v1/gonum/graph/traverse"
	"gonum.org/v1/gonum/spatial/r2"
)

// Graph is a level's graph as a route reads it: every vertex, indexed by
// its id, and the edges between them. level makes one from a generated
// level and levelfile from a level file, so that route depends on
// neither the rule engine nor the file format.
type Graph struct {
	Vertices []Vertex
	// Edges join two distinct vertices of Vertices, each pair once.
	Edges []Edge
}

// Vertex is a room, or a cosmetic vertex that is not walked.
type Vertex struct {
	Tag      string
	Pos      r2.Vec
	Cosmetic bool
}

// Edge is a corridor between vertices A and B; a cosmetic edge is not
// walked.
type Edge struct {
	A, B     int
	Cosmetic bool
}

// check reports the first edge that does not join two distinct vertices
// of g, or joins two that an earlier edge joins.
func (g *Graph) check() error {
	n := len(g.Vertices)
	seen := make(map[[2]int]bool, len(g.Edges))
	for i, e := range g.Edges {
		if e.A < 0 || e.A >= n || e.B < 0 || e.B >= n || e.A == e.B {
			return fmt.Errorf("route: edge %d joins %d and %d, not two distinct vertices of %d", i, e.A, e.B, n)
		}
		key := [2]int{min(e.A, e.B), max(e.A, e.B)}
		if seen[key] {
			return fmt.Errorf("route: edge %d joins %d and %d a second time", i, e.A, e.B)
		}
		seen[key] = true
	}
	return nil
}

// Roles name the tags that choose the entrance and the goal (a ruleset's
// [tags.<name>] role key); "" leaves the choice to the defaults described
// in the package documentation. Keys and Locks are the tags whose rooms
// hold keys and are locked, for Solve; Find does not read them.
type Roles struct {
	Entrance, Goal string
	Keys           []string
	Locks          []Lock
}

// Route is what a player walks through in a level. Slices indexed by
// vertex id have an entry for every vertex; cosmetic vertices get -1.
type Route struct {
	// Entrance and Goal are vertex ids.
	Entrance, Goal int
	// Path is the critical path: the rooms of a shortest path from the
	// entrance to the goal by corridor length, both included.
	Path []int
	// Length is the path's length in world units.
	Length float64
	// Depth is each room's corridor count from the entrance.
	Depth []int
	// Distance is each room's shortest corridor length from the entrance,
	// in world units.
	Distance []float64
	// DeadEnds lists the dead ends in ascending id order.
	DeadEnds []int
}

// MaxDepth is the largest depth of a room.
func (r *Route) MaxDepth() int {
	return slices.Max(r.Depth)
}

// Find returns the route of g. It fails when g has no room, when a room
// has a position that is not finite, when a corridor is too long for a
// float64, or when some room cannot be reached from the entrance: a level
// the generator produced has none of these.
func Find(g *Graph, roles Roles) (*Route, error) {
	return FindContext(context.Background(), g, roles)
}

// findPoll is how many rooms the searches of FindContext expand between
// two looks at the context: a few milliseconds of work.
const findPoll = 4096

// FindContext is Find stopped by ctx: it looks at ctx between its passes
// and every findPoll rooms its breadth-first search and Dijkstra expand,
// and returns ctx's error, wrapped, once ctx is done.
func FindContext(ctx context.Context, g *Graph, roles Roles) (*Route, error) {
	if err := g.check(); err != nil {
		return nil, err
	}
	v := NewWalkable(g)
	v.ctx = ctx
	if err := v.stopped(); err != nil {
		return nil, err
	}
	if len(v.rooms) == 0 {
		return nil, errors.New("route: the level has no room")
	}
	for _, id := range v.rooms {
		p := g.Vertices[id].Pos
		if math.IsNaN(p.X) || math.IsInf(p.X, 0) || math.IsNaN(p.Y) || math.IsInf(p.Y, 0) {
			return nil, fmt.Errorf("route: room %d is at (%v, %v), not a finite position", id, p.X, p.Y)
		}
	}
	r := &Route{Entrance: v.entrance(roles.Entrance)}
	n := len(g.Vertices)
	r.Depth = make([]int, n)
	r.Distance = make([]float64, n)
	for i := range n {
		r.Depth[i], r.Distance[i] = -1, -1
	}

	var bfs traverse.BreadthFirst
	bfs.Walk(v, simple.Node(r.Entrance), func(node graph.Node, d int) bool {
		r.Depth[node.ID()] = d
		return false
	})
	if err := v.stopped(); err != nil {
		return nil, err
	}
	var unreached []int64
	for _, id := range v.rooms {
		if r.Depth[id] < 0 {
			unreached = append(unreached, id)
		}
	}
	if len(unreached) > 0 {
		return nil, fmt.Errorf("route: rooms %v cannot be reached from the entrance, room %d", unreached, r.Entrance)
	}

	for _, x := range v.rooms {
		for _, y := range v.adj[x] {
			if l := v.length(x, y); !(l <= math.MaxFloat64) {
				return nil, fmt.Errorf("route: rooms %d and %d are too far apart to measure: the corridor's length overflows float64", x, y)
			}
		}
	}
	sp := path.DijkstraFrom(simple.Node(r.Entrance), v)
	if err := v.stopped(); err != nil {
		return nil, err
	}
	for _, id := range v.rooms {
		r.Distance[id] = sp.WeightTo(id)
	}
	r.Goal = v.goal(roles.Goal, r.Distance)
	nodes, length := sp.To(int64(r.Goal))
	for _, node := range nodes {
		r.Path = append(r.Path, int(node.ID()))
	}
	r.Length = length

	for _, id := range v.rooms {
		if int(id) != r.Entrance && int(id) != r.Goal && len(v.adj[id]) == 1 {
			r.DeadEnds = append(r.DeadEnds, int(id))
		}
	}
	return r, nil
}

// Walkable is the walkable part of a level as a gonum weighted undirected
// graph: its rooms (non-cosmetic vertices), and the non-cosmetic corridors
// between them, weighted by length (the distance between the rooms'
// centres). Nodes and neighbours come in ascending id order, so gonum's
// algorithms visit them, and break ties, the same way on every run; over
// gonum's own simple graphs they follow map order.
type Walkable struct {
	g     *Graph
	rooms []int64   // ascending
	adj   [][]int64 // by vertex id, ascending; nil for cosmetic vertices
	// ctx (FindContext; nil: none) is looked at every findPoll calls of
	// From; once it is done, err holds its error and From returns no
	// neighbours, so that a search under way ends at once.
	ctx   context.Context
	err   error
	steps int
}

// stopped returns, wrapped, the error of v's context once it is done.
func (v *Walkable) stopped() error {
	if v.err == nil && v.ctx != nil {
		if err := v.ctx.Err(); err != nil {
			v.err = fmt.Errorf("route: stopped: %w", err)
		}
	}
	return v.err
}

var (
	_ graph.Undirected = (*Walkable)(nil)
	_ graph.Weighted   = (*Walkable)(nil)
)

// NewWalkable returns the walkable view of g. It reads g when it is built
// and when lengths are asked for; g must not change meanwhile. It panics
// when an edge names a vertex g does not have (Find and Solve check that
// first and return an error).
func NewWalkable(g *Graph) *Walkable {
	v := &Walkable{g: g, adj: make([][]int64, len(g.Vertices))}
	for id, x := range g.Vertices {
		if !x.Cosmetic {
			v.rooms = append(v.rooms, int64(id))
		}
	}
	for _, e := range g.Edges {
		if !e.Cosmetic && !g.Vertices[e.A].Cosmetic && !g.Vertices[e.B].Cosmetic {
			v.adj[e.A] = append(v.adj[e.A], int64(e.B))
			v.adj[e.B] = append(v.adj[e.B], int64(e.A))
		}
	}
	for _, a := range v.adj {
		slices.Sort(a)
	}
	return v
}

// entrance is the lowest-numbered room of tag, or when tag is "" or no
// room has it the lowest-numbered room: vertex 0, the start vertex, unless
// the start rule made it cosmetic.
func (v *Walkable) entrance(tag string) int {
	if tag != "" {
		for _, id := range v.rooms {
			if v.g.Vertices[id].Tag == tag {
				return int(id)
			}
		}
	}
	return int(v.rooms[0])
}

// goal is the room farthest from the entrance among the rooms of tag (all
// rooms when tag is "" or no room has it); ties go to the lowest id.
func (v *Walkable) goal(tag string, dist []float64) int {
	best := -1
	pick := func(want string) {
		for _, id := range v.rooms {
			if want != "" && v.g.Vertices[id].Tag != want {
				continue
			}
			if best < 0 || dist[id] > dist[best] {
				best = int(id)
			}
		}
	}
	pick(tag)
	if best < 0 {
		pick("")
	}
	return best
}

// Rooms returns the rooms' ids, ascending; the slice is the view's own.
func (v *Walkable) Rooms() []int64 { return v.rooms }

// Neighbours returns the rooms joined to room id by a corridor, ascending;
// the slice is the view's own.
func (v *Walkable) Neighbours(id int64) []int64 {
	if !v.isRoom(id) {
		return nil
	}
	return v.adj[id]
}

// Corridors returns the number of corridors.
func (v *Walkable) Corridors() int {
	n := 0
	for _, a := range v.adj {
		n += len(a)
	}
	return n / 2
}

func (v *Walkable) isRoom(id int64) bool {
	return id >= 0 && id < int64(len(v.adj)) && !v.g.Vertices[id].Cosmetic
}

func (v *Walkable) Node(id int64) graph.Node {
	if !v.isRoom(id) {
		return nil
	}
	return simple.Node(id)
}

func (v *Walkable) Nodes() graph.Nodes { return nodes(v.rooms) }

func (v *Walkable) From(id int64) graph.Nodes {
	if v.ctx != nil {
		if v.steps++; v.steps%findPoll == 0 {
			v.stopped()
		}
	}
	if !v.isRoom(id) || v.err != nil {
		return graph.Empty
	}
	return nodes(v.adj[id])
}

func nodes(ids []int64) graph.Nodes {
	ns := make([]graph.Node, len(ids))
	for i, id := range ids {
		ns[i] = simple.Node(id)
	}
	return iterator.NewOrderedNodes(ns)
}

func (v *Walkable) HasEdgeBetween(x, y int64) bool {
	if !v.isRoom(x) || !v.isRoom(y) {
		return false
	}
	_, ok := slices.BinarySearch(v.adj[x], y)
	return ok
}

func (v *Walkable) Edge(u, w int64) graph.Edge { return v.WeightedEdge(u, w) }

func (v *Walkable) EdgeBetween(x, y int64) graph.Edge { return v.WeightedEdge(x, y) }

func (v *Walkable) WeightedEdge(u, w int64) graph.WeightedEdge {
	if !v.HasEdgeBetween(u, w) {
		return nil
	}
	return simple.WeightedEdge{F: simple.Node(u), T: simple.Node(w), W: v.length(u, w)}
}

func (v *Walkable) Weight(x, y int64) (float64, bool) {
	if x == y {
		return 0, v.isRoom(x)
	}
	if !v.HasEdgeBetween(x, y) {
		return 0, false
	}
	return v.length(x, y), true
}

// length is the distance between the centres of rooms x and y. Only
// + - * and math.Sqrt, which are correctly rounded everywhere, so the
// result is the same on every platform; the explicit conversions keep Go
// from fusing a multiply-add on arm64.
func (v *Walkable) length(x, y int64) float64 {
	a, b := v.g.Vertices[x].Pos, v.g.Vertices[y].Pos
	dx, dy := float64(a.X-b.X), float64(a.Y-b.Y)
	sq := float64(dx*dx) + float64(dy*dy)
	if !math.IsInf(sq, 0) {
		return math.Sqrt(sq)
	}
	// The squares overflow although the length may not: scale by the
	// larger difference first.
	m := max(math.Abs(dx), math.Abs(dy))
	dx, dy = dx/m, dy/m
	return m * math.Sqrt(float64(dx*dx)+float64(dy*dy))
}
