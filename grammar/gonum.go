package grammar

import (
	"gonum.org/v1/gonum/graph"
	"gonum.org/v1/gonum/graph/iterator"
	"gonum.org/v1/gonum/graph/simple"
	"gonum.org/v1/gonum/graph/topo"
)

// Undirected returns a read-only gonum view of g. Nodes and neighbours come
// in ascending id order, so gonum's algorithms (Dijkstra, connected
// components, ...) visit them in the same order on every run; over
// gonum's own simple graphs they follow map order instead. Edge weights are
// the length factors. cosmetic selects whether cosmetic edges are part of the
// view.
func (g *Graph) Undirected(cosmetic bool) graph.Weighted {
	return gonumView{g: g, cosmetic: cosmetic}
}

type gonumView struct {
	g        *Graph
	cosmetic bool
}

var _ graph.Undirected = gonumView{}

func (v gonumView) Node(id int64) graph.Node {
	if id < 0 || id >= int64(v.g.Order()) {
		return nil
	}
	return simple.Node(id)
}

func (v gonumView) Nodes() graph.Nodes {
	ns := make([]graph.Node, v.g.Order())
	for i := range ns {
		ns[i] = simple.Node(i)
	}
	return iterator.NewOrderedNodes(ns)
}

func (v gonumView) From(id int64) graph.Nodes {
	if id < 0 || id >= int64(v.g.Order()) {
		return graph.Empty
	}
	var ns []graph.Node
	for _, h := range v.g.adj[id] {
		if v.cosmetic || !h.Cosmetic {
			ns = append(ns, simple.Node(h.To))
		}
	}
	return iterator.NewOrderedNodes(ns)
}

func (v gonumView) half(xid, yid int64) (Half, bool) {
	n := int64(v.g.Order())
	if xid < 0 || yid < 0 || xid >= n || yid >= n {
		return Half{}, false
	}
	h, ok := v.g.Edge(int(xid), int(yid))
	if !ok || (h.Cosmetic && !v.cosmetic) {
		return Half{}, false
	}
	return h, true
}

func (v gonumView) HasEdgeBetween(xid, yid int64) bool {
	_, ok := v.half(xid, yid)
	return ok
}

func (v gonumView) Edge(uid, vid int64) graph.Edge { return v.WeightedEdge(uid, vid) }

func (v gonumView) EdgeBetween(xid, yid int64) graph.Edge { return v.WeightedEdge(xid, yid) }

func (v gonumView) WeightedEdge(uid, vid int64) graph.WeightedEdge {
	h, ok := v.half(uid, vid)
	if !ok {
		return nil
	}
	return simple.WeightedEdge{F: simple.Node(uid), T: simple.Node(vid), W: h.LengthFactor}
}

func (v gonumView) Weight(xid, yid int64) (float64, bool) {
	if xid == yid {
		return 0, true
	}
	h, ok := v.half(xid, yid)
	if !ok {
		return 0, false
	}
	return h.LengthFactor, true
}

// Connected reports whether the graph is connected. With cosmetic false,
// only non-cosmetic vertices joined by non-cosmetic edges count (the rooms a
// player can walk between); cosmetic vertices are then ignored.
func (g *Graph) Connected(cosmetic bool) bool {
	if g.Order() == 0 {
		return true
	}
	comps := topo.ConnectedComponents(gonumView{g: g, cosmetic: cosmetic})
	if cosmetic {
		return len(comps) == 1
	}
	n := 0
	for _, c := range comps {
		for _, node := range c {
			if !g.vs[node.ID()].Cosmetic {
				n++
				break
			}
		}
	}
	return n <= 1
}
