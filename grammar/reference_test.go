package grammar

import (
	"math"
	"math/big"
	"slices"
	"strings"

	"gonum.org/v1/gonum/spatial/r2"
)

// The brute-force reference matcher. It is written from the specification
// (docs/rulesets.md, "Matching and mapping", and the doc comments of Rule, PatternVertex, Matches
// and Diagnose), not from match.go: it reads rules as the user wrote them
// (Rule, not the compiled form) and hosts through the exported Graph API,
// enumerates every injective assignment of pattern vertices to host
// vertices, and checks every condition on the complete assignment. Geometry
// is exact (math/big, or int64 for small integers), and edges are ordered
// around a vertex by quadrant and cross product rather than by
// geom.AngleLess. Two things are taken from the engine because the
// specification leaves them open: pattern edges in exactly the same
// direction are ordered by pattern vertex index, and a pattern edge of
// length zero (a vertex on its neighbour) is not supported: the random
// rules never make one (see TestRegression_FlipPairsDependOnEdgeOrder).
//
// refRewrite, at the end, is the reference for what a rewrite does to
// tags, cosmetic flags, edges and length factors.

// refHost is the reference's own copy of a host graph.
type refHost struct {
	n    int
	tag  []string
	cosm []bool
	pos  []r2.Vec
	// edge[a][b] is 0 without an edge, 1 for a plain edge, 2 for a
	// cosmetic one.
	edge [][]int8
	nbrs [][]int
}

func newRefHost(g *Graph) *refHost {
	h := &refHost{n: g.Order()}
	h.nbrs = make([][]int, h.n)
	h.edge = make([][]int8, h.n)
	for i := range h.edge {
		h.edge[i] = make([]int8, h.n)
	}
	for i := range h.n {
		v := g.Vertex(i)
		h.tag = append(h.tag, v.Tag)
		h.cosm = append(h.cosm, v.Cosmetic)
		h.pos = append(h.pos, v.Pos)
	}
	for _, e := range g.Edges() {
		f := int8(1)
		if e.Cosmetic {
			f = 2
		}
		h.edge[e.A][e.B], h.edge[e.B][e.A] = f, f
		h.nbrs[e.A] = append(h.nbrs[e.A], e.B)
		h.nbrs[e.B] = append(h.nbrs[e.B], e.A)
	}
	return h
}

func (h *refHost) hasEdge(a, b int) (cosm, ok bool) {
	return h.edge[a][b] == 2, h.edge[a][b] != 0
}

// refRule is a rule as the reference reads it; pattern vertex i is
// Rule.Pattern.Vertices[i].
type refRule struct {
	n    int
	pos  []r2.Vec
	tags [][]string // positive tags
	wild []bool
	neg  [][]string
	lock []bool
	cosm []bool
	// pedges are the pattern edges as {a, b, cosmetic}.
	pedges [][3]int
	// sedges are the substitute edges with each end named by its pattern
	// vertex, or by -1-k for the k-th new vertex.
	sedges [][2]int
	turns  []turn
}

func newRefRule(r *Rule) *refRule {
	rr := &refRule{n: len(r.Pattern.Vertices)}
	pat := map[string]int{}
	for i, v := range r.Pattern.Vertices {
		pat[v.ID] = i
		rr.pos = append(rr.pos, v.Pos)
		rr.lock = append(rr.lock, v.Lock)
		rr.cosm = append(rr.cosm, v.Cosmetic)
		var pos, neg []string
		wild := false
		for _, t := range v.Tags {
			switch {
			case t == "-":
				wild = true
			case strings.HasPrefix(t, "!"):
				neg = append(neg, t[1:])
			default:
				pos = append(pos, t)
			}
		}
		rr.tags = append(rr.tags, pos)
		rr.neg = append(rr.neg, neg)
		rr.wild = append(rr.wild, wild)
	}
	for _, e := range r.Pattern.Edges {
		c := 0
		if e.Cosmetic {
			c = 1
		}
		rr.pedges = append(rr.pedges, [3]int{pat[e.A], pat[e.B], c})
	}
	end := map[string]int{}
	k := 0
	for _, v := range r.Substitute.Vertices {
		if p, ok := pat[v.ID]; ok {
			end[v.ID] = p
		} else {
			end[v.ID] = -1 - k
			k++
		}
	}
	for _, e := range r.Substitute.Edges {
		rr.sedges = append(rr.sedges, [2]int{end[e.A], end[e.B]})
	}
	rr.findTurns()
	return rr
}

// degree is the valence of pattern vertex p in the pattern, cosmetic edges
// included.
func (r *refRule) degree(p int) int {
	d := 0
	for _, e := range r.pedges {
		if e[0] == p || e[1] == p {
			d++
		}
	}
	return d
}

// structural returns, in lexicographic order, every injective assignment m
// of pattern vertices to host vertices under which tags, cosmetic vertex
// flags and pattern edges (with their cosmetic flags) agree, and, if locks
// is set, locks hold too.
func (r *refRule) structural(h *refHost, locks bool) []Match {
	var out []Match
	m := make(Match, r.n)
	used := make([]bool, h.n)
	var rec func(i int)
	rec = func(i int) {
		if i == r.n {
			if r.fits(h, m) && (!locks || r.locksOK(h, m)) {
				out = append(out, slices.Clone(m))
			}
			return
		}
		for v := range h.n {
			if used[v] {
				continue
			}
			used[v] = true
			m[i] = v
			rec(i + 1)
			used[v] = false
		}
	}
	rec(0)
	slices.SortFunc(out, func(a, b Match) int { return slices.Compare(a, b) })
	return out
}

// fits checks tags, cosmetic flags and pattern edges of a complete
// assignment.
func (r *refRule) fits(h *refHost, m Match) bool {
	for p, v := range m {
		if h.cosm[v] != r.cosm[p] {
			return false
		}
		if !r.wild[p] && !slices.Contains(r.tags[p], h.tag[v]) {
			return false
		}
	}
	for _, e := range r.pedges {
		cosm, ok := h.hasEdge(m[e[0]], m[e[1]])
		if !ok || cosm != (e[2] == 1) {
			return false
		}
	}
	return true
}

func (r *refRule) locksOK(h *refHost, m Match) bool {
	for p, v := range m {
		if r.lock[p] && len(h.nbrs[v]) != r.degree(p) {
			return false
		}
	}
	return true
}

func (r *refRule) negatedOK(h *refHost, m Match) bool {
	for p, v := range m {
		for _, u := range h.nbrs[v] {
			if !slices.Contains(m, u) && slices.Contains(r.neg[p], h.tag[u]) {
				return false
			}
		}
	}
	return true
}

// valenceOK simulates the rewrite on the edges at each mapped host vertex:
// the matched pattern edges go, the substitute's edges come (as a set, so an
// edge that already exists is not added twice). A vertex may end above
// maxValence only if it does not grow.
func (r *refRule) valenceOK(h *refHost, m Match, maxValence int) bool {
	if maxValence <= 0 {
		return true
	}
	img := func(e int) int {
		if e >= 0 {
			return m[e]
		}
		return -1_000_000 + e // a new vertex: not a host id
	}
	for p, v := range m {
		after := map[int]bool{}
		for _, u := range h.nbrs[v] {
			after[u] = true
		}
		for _, e := range r.pedges {
			switch p {
			case e[0]:
				delete(after, m[e[1]])
			case e[1]:
				delete(after, m[e[0]])
			}
		}
		for _, e := range r.sedges {
			switch p {
			case e[0]:
				after[img(e[1])] = true
			case e[1]:
				after[img(e[0])] = true
			}
		}
		if len(after) > maxValence && len(after) > len(h.nbrs[v]) {
			return false
		}
	}
	return true
}

// flipOK compares the turn between each pair of pattern edges that are
// consecutive around their vertex (see turns) with the host's. A host pair
// that does not turn is accepted.
func (r *refRule) flipOK(h *refHost, m Match) bool {
	for _, t := range r.turns {
		if hs := ratOrient(h.pos[m[t.v]], h.pos[m[t.a]], h.pos[m[t.b]]); hs != 0 && hs != t.sign {
			return false
		}
	}
	return true
}

// turn says that pattern edges v-a and v-b are consecutive around v, b
// after a counter-clockwise, and that the pattern turns by sign from a to b.
type turn struct{ v, a, b, sign int }

// findTurns orders each pattern vertex's pattern edges by angle and records
// the turn between each cyclically consecutive pair (the last wraps to the
// first). Pairs that do not turn in the pattern say nothing and are left
// out.
func (r *refRule) findTurns() {
	for v := range r.n {
		var nbs []int
		for _, e := range r.pedges {
			switch v {
			case e[0]:
				nbs = append(nbs, e[1])
			case e[1]:
				nbs = append(nbs, e[0])
			}
		}
		if len(nbs) < 2 {
			continue
		}
		// Insertion sort: by angle, equal directions by pattern index (the
		// engine's tie-break; see angleBefore).
		for i := 1; i < len(nbs); i++ {
			for j := i; j > 0 && r.angleBefore(v, nbs[j], nbs[j-1]); j-- {
				nbs[j], nbs[j-1] = nbs[j-1], nbs[j]
			}
		}
		for i, a := range nbs {
			b := nbs[(i+1)%len(nbs)]
			if s := ratOrient(r.pos[v], r.pos[a], r.pos[b]); s != 0 {
				r.turns = append(r.turns, turn{v, a, b, s})
			}
		}
	}
}

// angleBefore reports whether pattern edge v-a comes before v-b when v's
// edges are ordered counter-clockwise by angle from the positive x axis.
// Edges in exactly the same direction are ordered by pattern vertex index,
// as the engine breaks the tie; the random rules keep pattern positions
// distinct, so no edge has length zero.
func (r *refRule) angleBefore(v, a, b int) bool {
	da, db := r2.Sub(r.pos[a], r.pos[v]), r2.Sub(r.pos[b], r.pos[v])
	qa, qb := quadrant(da), quadrant(db)
	if qa != qb {
		return qa < qb
	}
	// Within one quadrant (a quarter turn) b is after a exactly when it is
	// counter-clockwise from it.
	switch s := ratOrient(r2.Vec{}, da, db); {
	case s > 0:
		return true
	case s < 0:
		return false
	}
	return a < b
}

// quadrant numbers the quarter turns [0, π/2), [π/2, π), [π, 3π/2),
// [3π/2, 2π) of a non-zero direction.
func quadrant(d r2.Vec) int {
	switch {
	case d.X > 0 && d.Y >= 0:
		return 0
	case d.X <= 0 && d.Y > 0:
		return 1
	case d.X < 0 && d.Y <= 0:
		return 2
	case d.X >= 0 && d.Y < 0:
		return 3
	}
	panic("reference: zero-length pattern edge")
}

// ratOrient is the exact sign of (a − o) × (b − o).
func ratOrient(o, a, b r2.Vec) int {
	if small(o.X) && small(o.Y) && small(a.X) && small(a.Y) && small(b.X) && small(b.Y) {
		// Integers below 2²⁴: the products below 2⁵⁰ are exact in int64.
		l := (int64(a.X) - int64(o.X)) * (int64(b.Y) - int64(o.Y))
		r := (int64(a.Y) - int64(o.Y)) * (int64(b.X) - int64(o.X))
		switch {
		case l > r:
			return 1
		case l < r:
			return -1
		}
		return 0
	}
	rat := func(f float64) *big.Rat { return new(big.Rat).SetFloat64(f) }
	ax := new(big.Rat).Sub(rat(a.X), rat(o.X))
	ay := new(big.Rat).Sub(rat(a.Y), rat(o.Y))
	bx := new(big.Rat).Sub(rat(b.X), rat(o.X))
	by := new(big.Rat).Sub(rat(b.Y), rat(o.Y))
	return new(big.Rat).Mul(ax, by).Cmp(new(big.Rat).Mul(ay, bx))
}

func small(f float64) bool { return f == math.Trunc(f) && math.Abs(f) < 1<<24 }

// reason is the verdict on a structural match: the first condition that
// fails, in the order lock, negated tags, valence, flip.
func (r *refRule) reason(h *refHost, m Match, maxValence int) Reason {
	switch {
	case !r.locksOK(h, m):
		return Lock
	case !r.negatedOK(h, m):
		return Negated
	case !r.valenceOK(h, m, maxValence):
		return Valence
	case !r.flipOK(h, m):
		return Flip
	}
	return OK
}

// diagnose is the reference's Diagnose: every structural match (locks not
// required) with its reason. structural is r.structural(h, false), passed
// in so that callers trying several limits enumerate only once.
func (r *refRule) diagnose(h *refHost, structural []Match, maxValence int) []Candidate {
	var out []Candidate
	for _, m := range structural {
		out = append(out, Candidate{Match: m, Reason: r.reason(h, m, maxValence)})
	}
	return out
}

// matches is the reference's Matches: the structural matches with reason
// OK.
func (r *refRule) matches(h *refHost, maxValence int) []Match {
	var out []Match
	for _, c := range r.diagnose(h, r.structural(h, false), maxValence) {
		if c.Reason == OK {
			out = append(out, c.Match)
		}
	}
	return out
}

// refRewrite is what rewriting host g with rule r at match m must produce,
// per the specification ("Rewriting"), except the new vertices' positions:
// the vertices in id order and the edges (A < B) ordered by A then B.
// Mapped vertices keep their ids and positions and take the substitute's
// tag (or keep theirs for "-") and cosmetic flag; new vertices are appended
// in substitute order; the matched pattern edges go; host edges between
// matched vertices that the pattern does not mention stay, with their
// attributes, even where a substitute edge lands on them; every other
// substitute edge is added with its cosmetic flag and a length factor that
// is the host edge's for a pattern edge, LengthFactor times the mean factor
// of the matched host edges for a subdivide edge, and 1 otherwise.
func refRewrite(g *Graph, r *Rule, m Match, created int) ([]Vertex, []Edge) {
	vs := make([]Vertex, g.Order())
	for i := range vs {
		vs[i] = g.Vertex(i)
	}
	type key [2]int
	k := func(a, b int) key { return key{min(a, b), max(a, b)} }
	edges := map[key]Edge{}
	for _, e := range g.Edges() {
		edges[k(e.A, e.B)] = e
	}
	pat := map[string]int{}
	for i, v := range r.Pattern.Vertices {
		pat[v.ID] = i
	}
	matched := map[key]float64{} // pattern edge → host length factor
	sum := 0.0
	for _, e := range r.Pattern.Edges {
		hk := k(m[pat[e.A]], m[pat[e.B]])
		matched[hk] = edges[hk].LengthFactor
		sum += edges[hk].LengthFactor
		delete(edges, hk)
	}
	mean := 1.0
	if len(r.Pattern.Edges) > 0 {
		mean = sum / float64(len(r.Pattern.Edges))
	}
	id := map[string]int{}
	for _, sv := range r.Substitute.Vertices {
		if p, ok := pat[sv.ID]; ok {
			id[sv.ID] = m[p]
			if sv.Tag != Wildcard {
				vs[m[p]].Tag = sv.Tag
			}
			vs[m[p]].Cosmetic = sv.Cosmetic
			continue
		}
		id[sv.ID] = len(vs)
		vs = append(vs, Vertex{Tag: sv.Tag, Cosmetic: sv.Cosmetic, CreatedBy: created})
	}
	for _, se := range r.Substitute.Edges {
		a, b := id[se.A], id[se.B]
		if old, ok := edges[k(a, b)]; ok {
			// A context edge stays, and becomes a corridor if the
			// substitute's edge is one.
			if !se.Cosmetic {
				old.Cosmetic = false
				edges[k(a, b)] = old
			}
			continue
		}
		e := Edge{A: min(a, b), B: max(a, b), Cosmetic: se.Cosmetic, LengthFactor: 1}
		_, pa := pat[se.A]
		_, pb := pat[se.B]
		if lf, ok := matched[k(a, b)]; ok && pa && pb {
			e.LengthFactor = lf
		} else if se.Subdivide {
			e.LengthFactor = se.LengthFactor * mean
		}
		edges[k(a, b)] = e
	}
	out := make([]Edge, 0, len(edges))
	for _, e := range edges {
		out = append(out, e)
	}
	slices.SortFunc(out, func(x, y Edge) int { return slices.Compare([]int{x.A, x.B}, []int{y.A, y.B}) })
	return vs, out
}
