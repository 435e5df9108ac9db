package grammar

import (
	"fmt"
	"slices"

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
	tf := c.fit(g, m, startSize)
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

// fit returns the similarity that places the substitute's new vertices
// for match m: the least-squares fit of its mapped vertices onto their
// host vertices (fitStart for a one-vertex pattern).
func (c *compiled) fit(g *Graph, m []int, startSize float64) similarity {
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
	if c.n == 1 {
		return fitStart(all, src, dst, startSize)
	}
	return fitSimilarity(src, dst)
}

// Rewrite is a rewrite of several new rooms as it would be drawn, before
// it is applied (Options.MayPlace): the substitute's vertices, where the
// rule draws them and where the rewrite would put them, and its corridors.
type Rewrite struct {
	// Rule is the index of the rule (Step.Rule once applied): two rules
	// of one pattern and substitute shape may draw their rooms apart.
	Rule int
	// Match is the match, by pattern vertex (Step.Match once applied).
	Match []int
	// Host is, per substitute vertex, the host vertex it maps to, or -1
	// for a new vertex. The k-th new vertex (in substitute order) becomes
	// host vertex First+k.
	Host  []int
	First int
	// Sub are the substitute's positions as the rule draws them; Fit are
	// the positions the rewrite gives them (a mapped vertex keeps its
	// host position), and Mirror those of the mirror image of the
	// substitute's drawing under its own least-squares fit to the match.
	Sub, Fit, Mirror []r2.Vec
	// Corridors are the substitute's corridors (cosmetic edges left out),
	// as pairs of substitute vertex indices.
	Corridors [][2]int
	// Dropped are the host corridors the rewrite removes: those a pattern
	// edge matched, as pairs of host vertices. The substitute's corridors
	// between mapped vertices are in Corridors.
	Dropped [][2]int
}

// preview returns the rewrite of g by c at match m as Rewrite describes
// it, without applying it.
func (c *compiled) preview(g *Graph, m []int) *Rewrite {
	tf := c.fit(g, m, DefaultStartSize)
	flip := func(p r2.Vec) r2.Vec { return r2.Vec{X: p.X, Y: -p.Y} }
	var src, dst []r2.Vec
	for _, sv := range c.sub {
		if sv.mapped >= 0 {
			src = append(src, flip(sv.pos))
			dst = append(dst, g.vs[m[sv.mapped]].Pos)
		}
	}
	mf := fitSimilarity(src, dst)
	r := &Rewrite{Rule: c.index, Match: slices.Clone(m), First: g.Order()}
	for _, sv := range c.sub {
		if sv.mapped >= 0 {
			h := m[sv.mapped]
			r.Host = append(r.Host, h)
			r.Fit = append(r.Fit, g.vs[h].Pos)
			r.Mirror = append(r.Mirror, g.vs[h].Pos)
		} else {
			r.Host = append(r.Host, -1)
			r.Fit = append(r.Fit, tf.apply(sv.pos))
			r.Mirror = append(r.Mirror, mf.apply(flip(sv.pos)))
		}
		r.Sub = append(r.Sub, sv.pos)
	}
	for _, e := range c.subEdges {
		if !e.cosm {
			r.Corridors = append(r.Corridors, [2]int{e.a, e.b})
		}
	}
	for _, e := range c.pedges {
		if !e.cosm {
			r.Dropped = append(r.Dropped, [2]int{m[e.a], m[e.b]})
		}
	}
	return r
}

// placesSeveral reports whether c's rewrites add two or more new rooms
// whose corridors, through one another, reach two or more mapped
// vertices: a loop or a path of new rooms between rooms already drawn,
// which a fit of the substitute to a match it does not resemble can draw
// twisted. It also returns the new vertices that only hang off the rest
// (trees of new rooms, found by pruning new vertices of at most one
// corridor): they are left out of that count (tree.toml's star between
// two rooms has such a leaf), though MayPlace places and checks them
// with the rest. New rooms that reach one mapped vertex are left to the
// construction drawing's retractGroup and retractSectors, which may
// leave them crossing (caves' gallery), and one new room hung on two is
// MayDraw's (findHang).
func (c *compiled) placesSeveral() (bool, []bool) {
	if c.newCount < 2 || c.n < 2 {
		return false, nil
	}
	adj := make([][]int, len(c.sub))
	for _, e := range c.subEdges {
		if !e.cosm && e.a != e.b {
			adj[e.a] = append(adj[e.a], e.b)
			adj[e.b] = append(adj[e.b], e.a)
		}
	}
	pendant := make([]bool, len(c.sub))
	deg := make([]int, len(c.sub))
	var queue []int
	for v := range c.sub {
		deg[v] = len(adj[v])
		if c.sub[v].mapped < 0 && deg[v] <= 1 {
			pendant[v] = true
			queue = append(queue, v)
		}
	}
	for len(queue) > 0 {
		v := queue[0]
		queue = queue[1:]
		for _, u := range adj[v] {
			if deg[u]--; c.sub[u].mapped < 0 && !pendant[u] && deg[u] <= 1 {
				pendant[u] = true
				queue = append(queue, u)
			}
		}
	}
	seen := make([]bool, len(c.sub))
	reached := make([]int, len(c.sub)) // the last component that reached a mapped vertex
	for i := range reached {
		reached[i] = -1
	}
	for s := range c.sub {
		if c.sub[s].mapped >= 0 || pendant[s] || seen[s] {
			continue
		}
		seen[s] = true
		size, reach := 0, 0
		for stack := []int{s}; len(stack) > 0; {
			v := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			size++
			for _, u := range adj[v] {
				switch {
				case c.sub[u].mapped >= 0:
					if reached[u] != s {
						reached[u] = s
						reach++
					}
				case !pendant[u] && !seen[u]:
					seen[u] = true
					stack = append(stack, u)
				}
			}
		}
		if size >= 2 && reach >= 2 {
			return true, pendant
		}
	}
	return false, nil
}
