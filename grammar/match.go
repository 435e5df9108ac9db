package grammar

import (
	"errors"
	"fmt"
	"slices"

	"github.com/dungraph/dungraph/geom"
)

// Match maps a rule's pattern onto a host graph: Match[i] is the host vertex
// that pattern vertex i (in Rule.Pattern.Vertices order) is mapped to.
type Match []int

// Reason says why a structural match of a rule cannot be applied.
type Reason int

const (
	// OK: the match can be applied.
	OK Reason = iota
	// Lock: a locked pattern vertex sits on a host vertex of another valence.
	Lock
	// Negated: a host neighbour outside the match carries a tag the pattern
	// vertex negates.
	Negated
	// Valence: the rewrite would push a mapped host vertex past max_valence.
	Valence
	// Flip: the match is the mirror image of the pattern.
	Flip
	// Crossing: the rewrite would join two mapped vertices by a corridor
	// that crosses an existing corridor (checked only when
	// Options.RejectCrossings is set).
	Crossing
	// NonPlanar: the rewrite would leave corridors that no drawing can
	// keep apart: the corridor graph would not be planar, or (with
	// Options.RejectCrossings) two corridors it adds between mapped
	// vertices would cross each other (checked only when
	// Options.RejectNonPlanar is set).
	NonPlanar
	// Nest: the rewrite would hang a room on a corridor where the rooms
	// one triangle must hold would pass the caller's limit (checked only
	// when Options.MayHang is set, and only for rules that hang one room
	// on two mapped vertices).
	Nest
	// Wrap: the rewrite would hang a room on two mapped vertices not
	// joined by a corridor, closing a cycle that may come to enclose more
	// of the rooms still to come than the caller's limit (checked only
	// when Options.WrapLimit is set, and only for rules that hang one
	// room on two mapped vertices); or Options.MayFill refused it: its
	// new rooms would put more rooms inside a loop of corridors than the
	// loop can wrap (asked only for rules that join several new rooms to
	// two or more mapped vertices).
	Wrap
)

var reasonNames = [...]string{OK: "ok", Lock: "lock", Negated: "negated", Valence: "valence", Flip: "flip", Crossing: "crossing", NonPlanar: "nonplanar", Nest: "nest", Wrap: "wrap"}

// String returns the reason's name as the CLI prints it: "ok", "lock",
// "negated", "valence", "flip", "crossing", "nonplanar", "nest" or "wrap".
func (r Reason) String() string {
	if r < 0 || int(r) >= len(reasonNames) {
		return fmt.Sprintf("Reason(%d)", int(r))
	}
	return reasonNames[r]
}

// Candidate is a structural match together with the verdict on it.
type Candidate struct {
	Match  Match
	Reason Reason
}

// search enumerates the structural matches of one rule: tags, cosmetic
// flags, pattern edges and (when locks is set) locks. It is reused across
// searches to avoid allocation.
type search struct {
	g     *Graph
	c     *compiled
	locks bool
	img   []int // pattern vertex → host vertex, -1 when unplaced
	// excluded reports host vertices the search must not use (the
	// incremental matcher's deduplication); nil means none.
	excluded func(h int) bool
	emit     func(img []int)
	// stop, if set, is asked at every step of the search whether to give
	// up; once it says so the search emits nothing more.
	stop func() bool
}

func newSearch(g *Graph, c *compiled, locks bool) *search {
	s := &search{g: g, c: c, locks: locks, img: make([]int, c.n)}
	for i := range s.img {
		s.img[i] = -1
	}
	return s
}

// fits reports whether host vertex h can stand for pattern vertex p, looking
// only at h itself.
func (s *search) fits(p, h int) bool {
	c, g := s.c, s.g
	v := &g.vs[h]
	if v.Cosmetic != c.cosm[p] {
		return false
	}
	if !c.wild[p] && !slices.Contains(c.tags[p], v.Tag) {
		return false
	}
	cd := int(g.cdeg[h])
	nd := len(g.adj[h]) - cd
	if nd < c.degN[p] || cd < c.degC[p] {
		return false
	}
	if s.locks && c.lock[p] && len(g.adj[h]) != c.degN[p]+c.degC[p] {
		return false
	}
	return s.excluded == nil || !s.excluded(h)
}

func (s *search) used(h int, upto int, order []int) bool {
	for _, p := range order[:upto] {
		if s.img[p] == h {
			return true
		}
	}
	return false
}

// from enumerates the matches in which pattern vertex first is mapped to
// host vertex h.
func (s *search) from(first, h int) {
	if !s.fits(first, h) {
		return
	}
	pl := &s.c.plans[first]
	s.img[first] = h
	s.extend(pl, 1)
	s.img[first] = -1
}

func (s *search) extend(pl *plan, i int) {
	if s.stop != nil && s.stop() {
		return
	}
	if i == len(pl.order) {
		s.emit(s.img)
		return
	}
	p := pl.order[i]
	parent := s.img[pl.order[pl.parent[i]]]
	for _, half := range s.g.adj[parent] {
		h := half.To
		if half.Cosmetic != pl.parentCosm[i] || s.used(h, i, pl.order) || !s.fits(p, h) {
			continue
		}
		ok := true
		for _, ch := range pl.checks[i] {
			e, has := s.g.Edge(h, s.img[pl.order[ch.pos]])
			if !has || e.Cosmetic != ch.cosm {
				ok = false
				break
			}
		}
		if !ok {
			continue
		}
		s.img[p] = h
		s.extend(pl, i+1)
		s.img[p] = -1
	}
}

// all enumerates every structural match, each once.
func (s *search) all() {
	for h := range s.g.Order() {
		s.from(s.c.root, h)
	}
}

// compareMatches orders matches lexicographically by host vertex, pattern
// vertex by pattern vertex: the canonical order.
func compareMatches(a, b Match) int { return slices.Compare(a, b) }

// verdict checks the conditions that depend on more than the matched
// vertices' own tags and edges, in a fixed order: negated tags, valence,
// flips. The first that fails is the reason.
func (c *compiled) verdict(g *Graph, m []int, maxValence int) Reason {
	if !c.negatedOK(g, m) {
		return Negated
	}
	if !c.valenceOK(g, m, maxValence) {
		return Valence
	}
	if !c.flipOK(g, m) {
		return Flip
	}
	return OK
}

func (c *compiled) negatedOK(g *Graph, m []int) bool {
	for p, neg := range c.neg {
		if len(neg) == 0 {
			continue
		}
		for _, h := range g.adj[m[p]] {
			if slices.Contains(neg, g.vs[h.To].Tag) && !slices.Contains(m, h.To) {
				return false
			}
		}
	}
	return true
}

// valenceOK rejects a match if the rewrite would leave a mapped host vertex
// with more than maxValence edges and more than it had before. A vertex
// that a substitute made larger than the limit may still take part in
// rewrites that do not grow it further.
func (c *compiled) valenceOK(g *Graph, m []int, maxValence int) bool {
	if maxValence <= 0 {
		return true
	}
	for p := range c.n {
		before := len(g.adj[m[p]])
		after := c.valenceAfter(g, m, p)
		if after > maxValence && after > before {
			return false
		}
	}
	return true
}

// valenceAfter is the valence host vertex m[p] will have after the rewrite:
// its pattern edges go, its substitute edges come, and a substitute edge
// that lands on an existing context edge merges with it.
func (c *compiled) valenceAfter(g *Graph, m []int, p int) int {
	v := len(g.adj[m[p]]) - c.degN[p] - c.degC[p]
	sp := c.subOf[p]
	for _, e := range c.subEdges {
		var other int
		switch sp {
		case e.a:
			other = e.b
		case e.b:
			other = e.a
		default:
			continue
		}
		if q := c.sub[other].mapped; e.pattern < 0 && q >= 0 && g.HasEdge(m[p], m[q]) {
			continue
		}
		v++
	}
	return v
}

// flipOK reports whether the host turns the same way as the pattern between
// every consecutive pair of edges. A host pair that is exactly parallel (or
// has a zero-length edge) cannot tell a match from its mirror image and is
// accepted.
func (c *compiled) flipOK(g *Graph, m []int) bool {
	for _, f := range c.flips {
		s := geom.Orient(g.vs[m[f.v]].Pos, g.vs[m[f.a]].Pos, g.vs[m[f.b]].Pos)
		if s != 0 && s != f.sign {
			return false
		}
	}
	return true
}

// MaxListed is the most structural matches Matches and Diagnose list, far
// more than anyone reads (a 5,000-room level has about 10,000 places for a
// two-vertex pattern): a pattern can have hundreds of millions in a small
// host (a star of 11 leaves in one of 12 has 479,001,600), more than
// memory holds. Builds do not list matches this way; their budgets are
// Options.Context and Options.Check.
const MaxListed = 100_000

// ErrTooManyMatches is wrapped by the error of Matches and Diagnose when a
// rule has more than MaxListed structural matches.
var ErrTooManyMatches = errors.New("too many matches to list")

// structural returns every structural match of rule c in canonical order,
// or an error past MaxListed.
func (c *compiled) structural(g *Graph, locks bool) ([]Match, error) {
	var out []Match
	s := newSearch(g, c, locks)
	s.emit = func(img []int) { out = append(out, slices.Clone(Match(img))) }
	s.stop = func() bool { return len(out) > MaxListed }
	s.all()
	if len(out) > MaxListed {
		return nil, fmt.Errorf("grammar: rule %q has more than %d structural matches in this graph: %w", c.rule.Name, MaxListed, ErrTooManyMatches)
	}
	slices.SortFunc(out, compareMatches)
	return out, nil
}

// RuleIndex returns the index of the rule named name, and whether there is
// one.
func (gr *Grammar) RuleIndex(name string) (int, bool) {
	for i, r := range gr.def.Rules {
		if r.Name == name {
			return i, true
		}
	}
	return -1, false
}

// Rules returns the grammar's rules, in definition order. The slice belongs
// to the grammar: do not modify it.
func (gr *Grammar) Rules() []Rule { return gr.def.Rules }

// Definition returns a copy of the definition the grammar was compiled from.
func (gr *Grammar) Definition() Definition { return cloneDefinition(gr.def) }

func (gr *Grammar) rule(i int) (*compiled, error) {
	if i < 0 || i >= len(gr.rules) {
		return nil, fmt.Errorf("grammar: rule index %d out of range 0..%d", i, len(gr.rules)-1)
	}
	return gr.rules[i], nil
}

// Matches returns the matches of rule i in g that can be applied under
// maxValence (0: no limit), in canonical order: sorted by the host vertex of
// pattern vertex 0, then 1, and so on.
func (gr *Grammar) Matches(g *Graph, i int, maxValence int) ([]Match, error) {
	c, err := gr.rule(i)
	if err != nil {
		return nil, err
	}
	ms, err := c.structural(g, true)
	if err != nil {
		return nil, err
	}
	var out []Match
	for _, m := range ms {
		if c.verdict(g, m, maxValence) == OK {
			out = append(out, m)
		}
	}
	return out, nil
}

// Diagnose returns every structural match of rule i in g (tags, cosmetic
// flags and pattern edges agree) with its verdict, in canonical order: the
// matches Matches returns have Reason OK, the others say why they were
// rejected. It is how a ruleset author finds out why a rule never fires.
func (gr *Grammar) Diagnose(g *Graph, i int, maxValence int) ([]Candidate, error) {
	c, err := gr.rule(i)
	if err != nil {
		return nil, err
	}
	ms, err := c.structural(g, false)
	if err != nil {
		return nil, err
	}
	var out []Candidate
	for _, m := range ms {
		r := OK
		if !c.locksOK(g, m) {
			r = Lock
		} else {
			r = c.verdict(g, m, maxValence)
		}
		out = append(out, Candidate{Match: m, Reason: r})
	}
	return out, nil
}

func (c *compiled) locksOK(g *Graph, m []int) bool {
	for p, h := range m {
		if c.lock[p] && len(g.adj[h]) != c.degN[p]+c.degC[p] {
			return false
		}
	}
	return true
}

// crossingOK reports whether every corridor the rewrite adds between two
// mapped vertices (a new edge, or a cosmetic pattern edge turned into a
// corridor) stays clear of the host's corridors: it neither
// crosses nor touches one that does not share an end, and passes through no
// vertex. New vertices are placed by the layout, which keeps their
// corridors clear itself; mapped vertices do not move, so a corridor between
// them that crosses another would stay crossed. The check scans the host's
// corridors, and runs only for rules with such edges.
func (c *compiled) crossingOK(g *Graph, m []int) bool {
	for _, e := range c.closing {
		a, b := m[c.sub[e.a].mapped], m[c.sub[e.b].mapped]
		if h, ok := g.Edge(a, b); ok && (!h.Cosmetic || e.pattern < 0) {
			// Already a corridor, or a cosmetic context edge that the
			// substitute edge merges into: no new corridor.
			continue
		}
		pa, pb := g.vs[a].Pos, g.vs[b].Pos
		for u, hs := range g.adj {
			pu := g.vs[u].Pos
			if u != a && u != b && geom.OnSegment(pa, pb, pu) {
				return false
			}
			for _, h := range hs {
				w := h.To
				if w < u || h.Cosmetic || u == a || u == b || w == a || w == b {
					continue
				}
				if geom.SegmentsIntersect(pa, pb, pu, g.vs[w].Pos) != geom.Disjoint {
					return false
				}
			}
		}
	}
	return true
}
