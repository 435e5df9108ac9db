package grammar

import (
	"fmt"

	"gonum.org/v1/gonum/spatial/r2"
)

// Apply rewrites g in place with rule i at match m, as a build would, and
// returns the ids of the vertices it added. created is recorded as the new
// vertices' CreatedBy. startSize is the minimum box a start rule's
// substitute is fitted into (0: DefaultStartSize). m must be a structural
// match of the rule (see Diagnose); Apply checks that and returns an error
// otherwise, but does not check the conditions (negated tags, valence,
// flips), so that a caller can apply a rejected match on purpose.
func (gr *Grammar) Apply(g *Graph, i int, m Match, created int, startSize float64) ([]int, error) {
	c, err := gr.rule(i)
	if err != nil {
		return nil, err
	}
	if err := c.checkStructural(g, m); err != nil {
		return nil, err
	}
	if startSize <= 0 {
		startSize = DefaultStartSize
	}
	return c.rewrite(g, m, created, startSize), nil
}

func (c *compiled) checkStructural(g *Graph, m Match) error {
	if len(m) != c.n {
		return fmt.Errorf("grammar: rule %q: match has %d vertices, the pattern %d", c.rule.Name, len(m), c.n)
	}
	for p, h := range m {
		if h < 0 || h >= g.Order() {
			return fmt.Errorf("grammar: rule %q: match maps pattern vertex %d to unknown host vertex %d", c.rule.Name, p, h)
		}
		for q := range p {
			if m[q] == h {
				return fmt.Errorf("grammar: rule %q: match maps two pattern vertices to host vertex %d", c.rule.Name, h)
			}
		}
	}
	s := newSearch(g, c, true)
	for p, h := range m {
		if !s.fits(p, h) {
			return fmt.Errorf("grammar: rule %q: host vertex %d (tag %q) does not fit pattern vertex %q", c.rule.Name, h, g.vs[h].Tag, c.rule.Pattern.Vertices[p].ID)
		}
	}
	for _, e := range c.pedges {
		h, ok := g.Edge(m[e.a], m[e.b])
		if !ok || h.Cosmetic != e.cosm {
			return fmt.Errorf("grammar: rule %q: host has no matching edge %d-%d for pattern edge %q-%q", c.rule.Name, m[e.a], m[e.b], c.rule.Pattern.Vertices[e.a].ID, c.rule.Pattern.Vertices[e.b].ID)
		}
	}
	return nil
}

// rewrite replaces the match in place. Mapped host vertices keep their ids
// and positions and take the substitute's tag and cosmetic flag; the host
// edges that matched pattern edges are removed; the substitute's new
// vertices are appended; the substitute's edges are added. Host edges between
// matched vertices that the pattern does not mention (context edges) stay, and
// a substitute edge that lands on one merges with it, keeping the host's
// attributes, except that a cosmetic host edge becomes a corridor when the
// substitute's edge is one. Edges to the rest of the graph are untouched, which is the
// design's "reconnect every dangling edge to the mapped vertex".
//
// It returns the ids of the new vertices.
func (c *compiled) rewrite(g *Graph, m []int, created int, startSize float64) []int {
	// Length factors of the matched host edges, before they go.
	lf := make([]float64, len(c.pedges))
	mean := 1.0
	if len(c.pedges) > 0 {
		sum := 0.0
		for k, e := range c.pedges {
			h, _ := g.RemoveEdge(m[e.a], m[e.b])
			lf[k] = h.LengthFactor
			sum += h.LengthFactor
		}
		mean = sum / float64(len(c.pedges))
	}
	// Place new vertices.
	src := make([]r2.Vec, 0, c.n)
	dst := make([]r2.Vec, 0, c.n)
	all := make([]r2.Vec, len(c.sub))
	for i, sv := range c.sub {
		all[i] = sv.pos
		if sv.mapped >= 0 {
			src = append(src, sv.pos)
			dst = append(dst, g.vs[m[sv.mapped]].Pos)
		}
	}
	var tf similarity
	if c.n == 1 {
		tf = fitStart(all, src, dst, startSize)
	} else {
		tf = fitSimilarity(src, dst)
	}
	ids := make([]int, len(c.sub))
	var added []int
	for i, sv := range c.sub {
		if sv.mapped >= 0 {
			h := m[sv.mapped]
			ids[i] = h
			if sv.tag != "" {
				g.vs[h].Tag = sv.tag
			}
			g.vs[h].Cosmetic = sv.cosm
			continue
		}
		id := g.AddVertex(Vertex{Tag: sv.tag, Pos: tf.apply(sv.pos), Cosmetic: sv.cosm, CreatedBy: created})
		ids[i] = id
		added = append(added, id)
	}
	for _, e := range c.subEdges {
		a, b := ids[e.a], ids[e.b]
		if h, ok := g.Edge(a, b); ok {
			// A context edge: keep the host's, except that a corridor of
			// the substitute turns a cosmetic edge into a corridor: the
			// substitute's rooms must stay joined (a FuzzBuild corpus
			// entry keeps the case).
			if h.Cosmetic && !e.cosm {
				g.RemoveEdge(a, b)
				g.addEdge(Edge{A: a, B: b, LengthFactor: h.LengthFactor})
			}
			continue
		}
		f := 1.0
		switch {
		case e.pattern >= 0:
			f = lf[e.pattern]
		case e.subdivide:
			f = float64(e.lf * mean)
		}
		g.addEdge(Edge{A: a, B: b, Cosmetic: e.cosm, LengthFactor: f})
	}
	return added
}
