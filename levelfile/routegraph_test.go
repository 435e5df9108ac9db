package levelfile

import (
	"errors"
	"slices"
	"testing"

	"github.com/dungraph/dungraph/route"
)

// TestRouteGraph: the graph route reads from a document, for a valid one,
// one that repeats an edge (read once, as its first), and edges that name
// no vertex or join a vertex to itself (an error naming the edge).
func TestRouteGraph(t *testing.T) {
	withEdges := func(es ...Edge) *Document {
		d := tinyDoc()
		d.Edges = es
		return d
	}
	tiny := []route.Edge{{A: 0, B: 1}, {A: 0, B: 2, Cosmetic: true}}
	for _, c := range []struct {
		name string
		doc  *Document
		want []route.Edge
		path string
	}{
		{"valid", tinyDoc(), tiny, ""},
		{"a pair repeated, reversed, with another flag", withEdges(Edge{A: 0, B: 1}, Edge{A: 0, B: 2, Cosmetic: true}, Edge{A: 1, B: 0, Cosmetic: true}), tiny, ""},
		{"an end past the vertices", withEdges(Edge{A: 0, B: 1}, Edge{A: 1, B: 3}), nil, "edges[1]"},
		{"a negative end", withEdges(Edge{A: -1, B: 1}), nil, "edges[0]"},
		{"a loop", withEdges(Edge{A: 0, B: 1}, Edge{A: 0, B: 2}, Edge{A: 2, B: 2}), nil, "edges[2]"},
	} {
		g, err := c.doc.RouteGraph()
		if c.path != "" {
			var e *Error
			if !errors.As(err, &e) || e.Path != c.path {
				t.Errorf("%s: error %v, want one at %s", c.name, err, c.path)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if !slices.Equal(g.Edges, c.want) {
			t.Errorf("%s: edges %+v, want %+v", c.name, g.Edges, c.want)
		}
		if len(g.Vertices) != len(c.doc.Vertices) || g.Vertices[2].Tag != "c" || !g.Vertices[2].Cosmetic || g.Vertices[1].Pos.Y != 0.5 {
			t.Errorf("%s: vertices %+v do not follow the document's", c.name, g.Vertices)
		}
	}
}
