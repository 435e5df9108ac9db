package grammar

import (
	"fmt"
	"slices"

	"gonum.org/v1/gonum/spatial/r2"
)

// Vertex is a vertex of a host graph.
type Vertex struct {
	// Tag is the vertex's single tag, for example "a" or "s".
	Tag string
	// Pos is the vertex's position in the drawing.
	Pos r2.Vec
	// Cosmetic vertices shape the drawing but are not rooms a player walks
	// through (the catacomb ruleset's chasms).
	Cosmetic bool
	// CreatedBy is the index into the build trace of the rule application
	// that created the vertex, or -1 for the start vertex.
	CreatedBy int
}

// Half is one end of an edge as seen from a vertex: the neighbour and the
// edge's attributes.
type Half struct {
	To           int
	Cosmetic     bool
	LengthFactor float64
}

// Edge is an undirected edge between A and B.
type Edge struct {
	A, B int
	// Cosmetic edges shape the drawing but are not corridors.
	Cosmetic bool
	// LengthFactor multiplies the layout's edge length for this edge; the
	// zero value means 1.
	LengthFactor float64
}

// Graph is an undirected simple graph with dense vertex ids 0..Order()-1.
// Vertices are never removed: a rewrite changes mapped vertices in place and
// appends new ones, so an id names the same room for the whole build.
//
// The zero value is an empty graph ready to use.
type Graph struct {
	vs  []Vertex
	adj [][]Half // each sorted by To
	// cdeg counts each vertex's cosmetic edges, so that degree filters need
	// not scan the adjacency.
	cdeg  []int32
	edges int
}

// NewGraph returns a graph holding one start vertex tagged "s" at the origin.
func NewGraph() *Graph {
	g := &Graph{}
	g.AddVertex(Vertex{Tag: StartTag, CreatedBy: -1})
	return g
}

// Order returns the number of vertices.
func (g *Graph) Order() int { return len(g.vs) }

// Size returns the number of edges.
func (g *Graph) Size() int { return g.edges }

// Vertex returns vertex id. It panics if id is out of range, like a slice
// index.
func (g *Graph) Vertex(id int) Vertex { return g.vs[id] }

// Neighbors returns the edges at id, sorted by neighbour id. The slice
// belongs to the graph: do not modify it, and do not keep it across changes.
func (g *Graph) Neighbors(id int) []Half { return g.adj[id] }

// Valence returns the number of edges at id, cosmetic ones included.
func (g *Graph) Valence(id int) int { return len(g.adj[id]) }

// SetPos moves vertex id.
func (g *Graph) SetPos(id int, p r2.Vec) { g.vs[id].Pos = p }

// AddVertex appends a vertex and returns its id.
func (g *Graph) AddVertex(v Vertex) int {
	g.vs = append(g.vs, v)
	g.adj = append(g.adj, nil)
	g.cdeg = append(g.cdeg, 0)
	return len(g.vs) - 1
}

// Edge returns the edge between a and b, and whether it exists.
func (g *Graph) Edge(a, b int) (Half, bool) {
	i, ok := g.find(a, b)
	if !ok {
		return Half{}, false
	}
	return g.adj[a][i], true
}

// HasEdge reports whether a and b are adjacent.
func (g *Graph) HasEdge(a, b int) bool {
	_, ok := g.find(a, b)
	return ok
}

func (g *Graph) find(a, b int) (int, bool) {
	// Adjacency lists are short (bounded by max_valence in practice), so a
	// linear scan beats a binary search.
	for i, h := range g.adj[a] {
		if h.To == b {
			return i, true
		}
		if h.To > b {
			return i, false
		}
	}
	return len(g.adj[a]), false
}

// AddEdge adds an edge. It returns an error for a self-loop, an unknown
// vertex, or an edge that already exists.
func (g *Graph) AddEdge(e Edge) error {
	switch {
	case e.A < 0 || e.A >= len(g.vs) || e.B < 0 || e.B >= len(g.vs):
		return fmt.Errorf("grammar: edge %d-%d names a vertex outside 0..%d", e.A, e.B, len(g.vs)-1)
	case e.A == e.B:
		return fmt.Errorf("grammar: edge %d-%d is a self-loop", e.A, e.B)
	case g.HasEdge(e.A, e.B):
		return fmt.Errorf("grammar: edge %d-%d already exists", e.A, e.B)
	}
	g.addEdge(e)
	return nil
}

func (g *Graph) addEdge(e Edge) {
	lf := e.LengthFactor
	if lf == 0 {
		lf = 1
	}
	g.insertHalf(e.A, Half{To: e.B, Cosmetic: e.Cosmetic, LengthFactor: lf})
	g.insertHalf(e.B, Half{To: e.A, Cosmetic: e.Cosmetic, LengthFactor: lf})
	g.edges++
}

func (g *Graph) insertHalf(a int, h Half) {
	i, _ := g.find(a, h.To)
	g.adj[a] = slices.Insert(g.adj[a], i, h)
	if h.Cosmetic {
		g.cdeg[a]++
	}
}

// RemoveEdge removes the edge between a and b and returns it; ok is false if
// there was none.
func (g *Graph) RemoveEdge(a, b int) (h Half, ok bool) {
	i, ok := g.find(a, b)
	if !ok {
		return Half{}, false
	}
	h = g.adj[a][i]
	g.adj[a] = slices.Delete(g.adj[a], i, i+1)
	j, _ := g.find(b, a)
	g.adj[b] = slices.Delete(g.adj[b], j, j+1)
	if h.Cosmetic {
		g.cdeg[a]--
		g.cdeg[b]--
	}
	g.edges--
	return h, true
}

// Edges returns every edge once, with A < B, ordered by A then B.
func (g *Graph) Edges() []Edge {
	out := make([]Edge, 0, g.edges)
	for a, hs := range g.adj {
		for _, h := range hs {
			if h.To > a {
				out = append(out, Edge{A: a, B: h.To, Cosmetic: h.Cosmetic, LengthFactor: h.LengthFactor})
			}
		}
	}
	return out
}

// Clone returns a deep copy.
func (g *Graph) Clone() *Graph {
	c := &Graph{
		vs:    slices.Clone(g.vs),
		adj:   make([][]Half, len(g.adj)),
		cdeg:  slices.Clone(g.cdeg),
		edges: g.edges,
	}
	for i, hs := range g.adj {
		c.adj[i] = slices.Clone(hs)
	}
	return c
}
