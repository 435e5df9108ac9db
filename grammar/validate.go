package grammar

import (
	"context"
	"fmt"
	"math"
	"strings"

	"gonum.org/v1/gonum/spatial/r2"
)

// Side names the half of a rule a problem is in.
type Side int

const (
	NoSide Side = iota
	PatternSide
	SubstituteSide
)

func (s Side) String() string {
	switch s {
	case PatternSide:
		return "pattern"
	case SubstituteSide:
		return "substitute"
	}
	return ""
}

// Problem is one thing wrong with a grammar definition. The index fields say
// where it is, so that a loader can point at the line that caused it; -1
// means "not applicable".
type Problem struct {
	Rule     int    // index into Definition.Rules
	RuleName string // the rule's name, when it has one
	Group    int    // index into Definition.Groups
	Pass     int    // index into Definition.Passes
	Side     Side
	Vertex   int    // index into the side's Vertices
	Edge     int    // index into the side's Edges
	ID       string // the vertex's id, when Vertex is set
	// Field is the ruleset key the problem is about ("tags", "at",
	// "length_factor", "rules", ...), empty for the element as a whole.
	Field string
	// Item indexes into Field when it is a list (a tag, a rule name).
	Item int
	Msg  string
}

func newProblem() *Problem {
	return &Problem{Rule: -1, Group: -1, Pass: -1, Vertex: -1, Edge: -1, Item: -1}
}

// Error describes the problem and where it is, e.g.
// `grammar: rule "loop": pattern vertex "b": tag "": empty tag`.
func (p *Problem) Error() string {
	var b strings.Builder
	b.WriteString("grammar: ")
	b.WriteString(p.Where())
	b.WriteString(p.Msg)
	return b.String()
}

// Where is the location part of Error: the rule, group or pass and the
// element, each followed by ": ".
func (p *Problem) Where() string {
	var b strings.Builder
	switch {
	case p.Rule >= 0 && p.RuleName != "":
		fmt.Fprintf(&b, "rule %q: ", p.RuleName)
	case p.Rule >= 0:
		fmt.Fprintf(&b, "rules[%d]: ", p.Rule)
	case p.Group >= 0:
		fmt.Fprintf(&b, "groups[%d]: ", p.Group)
	case p.Pass >= 0:
		fmt.Fprintf(&b, "passes[%d]: ", p.Pass)
	}
	switch {
	case p.Vertex >= 0 && p.ID != "":
		fmt.Fprintf(&b, "%s vertex %q: ", p.Side, p.ID)
	case p.Vertex >= 0:
		fmt.Fprintf(&b, "%s vertex %d: ", p.Side, p.Vertex)
	case p.Edge >= 0:
		fmt.Fprintf(&b, "%s edge %d: ", p.Side, p.Edge)
	case p.Side != NoSide:
		fmt.Fprintf(&b, "%s: ", p.Side)
	}
	return b.String()
}

// Problems is every problem found in one definition. Compile returns it as
// its error.
type Problems []*Problem

func (ps Problems) Error() string {
	msgs := make([]string, len(ps))
	for i, p := range ps {
		msgs[i] = p.Error()
	}
	return strings.Join(msgs, "\n")
}

// validTag reports whether t is a plain tag name: letters, digits and '_'.
func validTag(t string) bool {
	if t == "" {
		return false
	}
	for _, c := range t {
		if !(c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9') {
			return false
		}
	}
	return true
}

// MaxPatternVertices is the largest pattern Compile accepts.
const MaxPatternVertices = 32

func finite(f float64) bool { return !math.IsNaN(f) && !math.IsInf(f, 0) }

type checker struct {
	out  Problems
	rule int
	name string
	// ctx stops the check (CompileContext); err is its error once done,
	// and steps counts the work between two looks (tick).
	ctx   context.Context
	err   error
	steps int
}

// tick counts a step of the check, a vertex or an edge, and looks at the
// context every 4,096 steps; it reports whether the check is stopped.
func (c *checker) tick() bool {
	if c.steps++; c.steps%4096 == 0 {
		c.stopped()
	}
	return c.err != nil
}

// stopped returns, wrapped, the error of the checker's context once it is
// done.
func (c *checker) stopped() error {
	if c.err == nil && c.ctx != nil {
		if err := c.ctx.Err(); err != nil {
			c.err = fmt.Errorf("grammar: compiling stopped at rule %d: %w", c.rule, err)
		}
	}
	return c.err
}

func (c *checker) add(p *Problem, format string, args ...any) {
	if p.Rule < 0 && c.rule >= 0 {
		p.Rule, p.RuleName = c.rule, c.name
	}
	p.Msg = fmt.Sprintf(format, args...)
	c.out = append(c.out, p)
}

func (c *checker) at(side Side, vertex int, id string, field string) *Problem {
	p := newProblem()
	p.Side, p.Vertex, p.ID, p.Field = side, vertex, id, field
	return p
}

func (c *checker) edgeAt(side Side, edge int, field string) *Problem {
	p := newProblem()
	p.Side, p.Edge, p.Field = side, edge, field
	return p
}

// checkRule validates one rule. It returns the indices of the pattern and
// substitute vertices by id, for the caller's use, or ok=false if the rule
// is too broken to compile.
func (c *checker) checkRule(r *Rule) (pIdx, sIdx map[string]int, ok bool) {
	before := len(c.out)
	rp := func(field string) *Problem { p := newProblem(); p.Field = field; return p }
	if r.Name == "" {
		c.add(rp("name"), "the rule has no name")
	}
	if r.MaxUses < 0 {
		c.add(rp("max_uses"), "max_uses is %d: use 0 for unlimited or a positive count", r.MaxUses)
	}
	if !finite(r.Weight) || r.Weight < 0 {
		c.add(rp("weight"), "weight is %v: it must be a finite number >= 0 (0 means the default, 1)", r.Weight)
	}
	pv, sv := r.Pattern.Vertices, r.Substitute.Vertices
	if len(pv) == 0 {
		p := newProblem()
		p.Side = PatternSide
		c.add(p, "the pattern has no vertices")
	}
	if len(sv) == 0 {
		p := newProblem()
		p.Side = SubstituteSide
		c.add(p, "the substitute has no vertices")
	}
	start := r.IsStart()
	pIdx = make(map[string]int, len(pv))
	for i, v := range pv {
		if v.ID == "" {
			c.add(c.at(PatternSide, i, "", "id"), "the vertex has no id")
		} else if _, dup := pIdx[v.ID]; dup {
			c.add(c.at(PatternSide, i, v.ID, "id"), "duplicate id %q: ids must be unique within the pattern", v.ID)
		} else {
			pIdx[v.ID] = i
		}
		if !finite(v.Pos.X) || !finite(v.Pos.Y) {
			c.add(c.at(PatternSide, i, v.ID, "at"), "position (%v, %v) is not finite", v.Pos.X, v.Pos.Y)
		}
		positive, bad := false, false
		for j, t := range v.Tags {
			p := c.at(PatternSide, i, v.ID, "tags")
			p.Item = j
			name, neg := strings.CutPrefix(t, "!")
			switch {
			case t == "":
				bad = true
				c.add(p, "empty tag: write a tag name, \"-\" for any tag or \"!name\" to forbid a neighbour")
			case t == Wildcard:
				positive = true
			case neg && name == Wildcard:
				bad = true
				c.add(p, "tag %q: the wildcard cannot be negated", t)
			case !validTag(name):
				bad = true
				c.add(p, "tag %q: tag names use letters, digits and '_' only", t)
			case name == StartTag && !(start && !neg):
				bad = true
				c.add(p, "tag %q: only a start rule's single pattern vertex may use the start tag %q", t, StartTag)
			case !neg:
				positive = true
			}
		}
		if len(v.Tags) == 0 {
			c.add(c.at(PatternSide, i, v.ID, "tags"), "no tags: give at least one tag, or \"-\" to match any tag")
		} else if !positive && !bad {
			c.add(c.at(PatternSide, i, v.ID, "tags"), "only negated tags: add a tag the vertex matches, or \"-\" for any")
		}
	}
	if len(pv) == 1 && !start {
		c.add(c.at(PatternSide, 0, pv[0].ID, "tags"),
			"a one-vertex pattern must be exactly the start vertex {tags = [%q]}; other rules need at least two vertices", StartTag)
	}
	if start && pv[0].Lock {
		c.add(c.at(PatternSide, 0, pv[0].ID, "lock"), "a start rule cannot lock its vertex")
	}
	sIdx = make(map[string]int, len(sv))
	for i, v := range sv {
		if c.tick() {
			return pIdx, sIdx, false
		}
		if v.ID == "" {
			c.add(c.at(SubstituteSide, i, "", "id"), "the vertex has no id")
		} else if _, dup := sIdx[v.ID]; dup {
			c.add(c.at(SubstituteSide, i, v.ID, "id"), "duplicate id %q: ids must be unique within the substitute", v.ID)
		} else {
			sIdx[v.ID] = i
		}
		if !finite(v.Pos.X) || !finite(v.Pos.Y) {
			c.add(c.at(SubstituteSide, i, v.ID, "at"), "position (%v, %v) is not finite", v.Pos.X, v.Pos.Y)
		}
		_, mapped := pIdx[v.ID]
		switch t := v.Tag; {
		case t == "":
			c.add(c.at(SubstituteSide, i, v.ID, "tag"), "empty tag: give the vertex a tag (or \"-\" to keep the host's, on mapped vertices)")
		case t == Wildcard && !mapped:
			c.add(c.at(SubstituteSide, i, v.ID, "tag"), "tag \"-\" keeps the host vertex's tag, so it is allowed only on vertices mapped to a pattern vertex (no pattern vertex has id %q)", v.ID)
		case t == Wildcard:
		case t == StartTag:
			c.add(c.at(SubstituteSide, i, v.ID, "tag"), "the start tag %q cannot appear in a substitute", StartTag)
		case strings.HasPrefix(t, "!"):
			c.add(c.at(SubstituteSide, i, v.ID, "tag"), "tag %q: negated tags belong in patterns only", t)
		case !validTag(t):
			c.add(c.at(SubstituteSide, i, v.ID, "tag"), "tag %q: tag names use letters, digits and '_' only", t)
		}
	}
	c.checkScale(pv, sv)
	if len(pv) > MaxPatternVertices {
		p := newProblem()
		p.Side = PatternSide
		c.add(p, "the pattern has %d vertices, more than %d: matching cost grows steeply with pattern size; split the rule", len(pv), MaxPatternVertices)
	}
	patternRooms := false
	for _, v := range pv {
		patternRooms = patternRooms || !v.Cosmetic
	}
	for i, v := range sv {
		if c.tick() {
			return pIdx, sIdx, false
		}
		j, mapped := pIdx[v.ID]
		switch {
		case mapped && !start && v.Cosmetic != pv[j].Cosmetic:
			c.add(c.at(SubstituteSide, i, v.ID, "cosmetic"),
				"a mapped vertex must keep its pattern vertex's cosmetic flag (%v): the host vertex may have corridors to the rest of the level, which must keep joining rooms", pv[j].Cosmetic)
		case !mapped && !start && !v.Cosmetic && !patternRooms && len(pv) > 0:
			c.add(c.at(SubstituteSide, i, v.ID, "cosmetic"),
				"the pattern has only cosmetic vertices, so a new room here would not be joined to the level's rooms: make it cosmetic or add a room to the pattern")
		}
	}
	for i, v := range pv {
		if _, ok := sIdx[v.ID]; v.ID != "" && !ok {
			c.add(c.at(PatternSide, i, v.ID, "id"),
				"pattern vertex %q is not mapped: add a substitute vertex with id %q (every pattern vertex must be kept)", v.ID, v.ID)
		}
	}
	pends := make([][2]string, len(r.Pattern.Edges))
	for i, e := range r.Pattern.Edges {
		pends[i] = [2]string{e.A, e.B}
	}
	sends := make([][2]string, len(r.Substitute.Edges))
	for i, e := range r.Substitute.Edges {
		sends[i] = [2]string{e.A, e.B}
	}
	c.checkEdges(PatternSide, pIdx, pends)
	c.checkEdges(SubstituteSide, sIdx, sends)
	for i, e := range r.Substitute.Edges {
		switch {
		case !finite(e.LengthFactor) || e.LengthFactor < 0:
			c.add(c.edgeAt(SubstituteSide, i, "length_factor"), "length_factor %v must be a finite number > 0", e.LengthFactor)
		case e.Subdivide && e.LengthFactor == 0:
			c.add(c.edgeAt(SubstituteSide, i, "length_factor"), "a subdivide edge needs a length_factor > 0 (for example 0.5)")
		case !e.Subdivide && e.LengthFactor != 0:
			c.add(c.edgeAt(SubstituteSide, i, "length_factor"), "length_factor applies only to subdivide edges: add subdivide = true or remove it")
		}
	}
	// Connectivity needs only well-formed ids and edges: check it whatever
	// else is wrong, so that every problem comes back at once.
	graphOK := len(pv) > 0 && len(sv) > 0
	for _, p := range c.out[before:] {
		if p.Field == "id" || p.Field == "between" {
			graphOK = false
		}
	}
	if graphOK && c.stopped() == nil {
		c.checkConnected(r, pIdx, sIdx)
	}
	return pIdx, sIdx, len(c.out) == before
}

// MaxCoordinate bounds a rule vertex's coordinates, and MinSpan the extent
// of a rule's drawing unless all its vertices coincide. New vertices are
// placed by fitting the pattern's drawing onto the host's, which squares
// coordinates: spans near 1e-154 underflow to nothing (every new vertex
// then lands on its match, and every attempt fails on crossings), and
// coordinates near 1e154 overflow. The bounds leave a wide margin on both
// sides of the bundled rulesets, drawn within ±719 units.
const (
	MaxCoordinate = 1e6
	MinSpan       = 1e-6
)

// checkScale reports a rule drawn too far out (at its first such vertex,
// with a count of the others) or too small.
func (c *checker) checkScale(pv []PatternVertex, sv []SubstituteVertex) {
	lo, hi := r2.Vec{X: math.Inf(1), Y: math.Inf(1)}, r2.Vec{X: math.Inf(-1), Y: math.Inf(-1)}
	first := -1
	var far *Problem
	var farPos r2.Vec
	farCount := 0
	see := func(side Side, i int, id string, p r2.Vec) {
		if !finite(p.X) || !finite(p.Y) {
			return // reported already
		}
		if math.Abs(p.X) > MaxCoordinate || math.Abs(p.Y) > MaxCoordinate {
			if farCount++; far == nil {
				far, farPos = c.at(side, i, id, "at"), p
			}
			return
		}
		if first < 0 && side == PatternSide {
			first = i
		}
		lo = r2.Vec{X: min(lo.X, p.X), Y: min(lo.Y, p.Y)}
		hi = r2.Vec{X: max(hi.X, p.X), Y: max(hi.Y, p.Y)}
	}
	for i, v := range pv {
		see(PatternSide, i, v.ID, v.Pos)
	}
	for i, v := range sv {
		see(SubstituteSide, i, v.ID, v.Pos)
	}
	if far != nil {
		others := ""
		if farCount > 1 {
			others = fmt.Sprintf(" (and %d more of the rule's vertices)", farCount-1)
		}
		c.add(far, "position (%.3g, %.3g)%s is more than %g from the origin: draw rules at the scale of a level (the bundled rulesets use tens to hundreds of units)", farPos.X, farPos.Y, others, float64(MaxCoordinate))
		return
	}
	if first < 0 {
		return
	}
	if span := max(hi.X-lo.X, hi.Y-lo.Y); span > 0 && span < MinSpan {
		c.add(c.at(PatternSide, first, pv[first].ID, "at"), "the rule's vertices span only %.3g units, too small to place new vertices from: scale the rule's positions up (the bundled rulesets use tens to hundreds of units)", span)
	}
}

func (c *checker) checkEdges(side Side, idx map[string]int, edges [][2]string) {
	seen := make(map[[2]int]bool)
	for i, e := range edges {
		if c.tick() {
			return
		}
		a, b := e[0], e[1]
		ia, oka := idx[a]
		ib, okb := idx[b]
		switch {
		case !oka:
			c.add(c.edgeAt(side, i, "between"), "edge names unknown vertex %q", a)
			continue
		case !okb:
			c.add(c.edgeAt(side, i, "between"), "edge names unknown vertex %q", b)
			continue
		case ia == ib:
			c.add(c.edgeAt(side, i, "between"), "self-loop on %q: an edge must join two different vertices", a)
			continue
		}
		k := [2]int{min(ia, ib), max(ia, ib)}
		if seen[k] {
			c.add(c.edgeAt(side, i, "between"), "duplicate edge %q-%q", a, b)
		}
		seen[k] = true
	}
}

// checkConnected requires each side to be connected twice over: as a whole,
// and in its non-cosmetic part (non-cosmetic vertices joined by non-cosmetic
// edges), so that a rule can never split the rooms of a level or join them
// only through a cosmetic edge.
func (c *checker) checkConnected(r *Rule, pIdx, sIdx map[string]int) {
	type sideGraph struct {
		side  Side
		n     int
		cosm  func(i int) bool
		edges [][3]int // a, b, cosmetic
	}
	pg := sideGraph{side: PatternSide, n: len(r.Pattern.Vertices), cosm: func(i int) bool { return r.Pattern.Vertices[i].Cosmetic }}
	for _, e := range r.Pattern.Edges {
		pg.edges = append(pg.edges, [3]int{pIdx[e.A], pIdx[e.B], b2i(e.Cosmetic)})
	}
	sg := sideGraph{side: SubstituteSide, n: len(r.Substitute.Vertices), cosm: func(i int) bool { return r.Substitute.Vertices[i].Cosmetic }}
	for _, e := range r.Substitute.Edges {
		sg.edges = append(sg.edges, [3]int{sIdx[e.A], sIdx[e.B], b2i(e.Cosmetic)})
	}
	for _, s := range []sideGraph{pg, sg} {
		if c.stopped() != nil {
			return
		}
		g := &Graph{}
		for i := 0; i < s.n; i++ {
			if c.tick() {
				return
			}
			g.AddVertex(Vertex{Cosmetic: s.cosm(i)})
		}
		for _, e := range s.edges {
			if c.tick() {
				return
			}
			g.addEdge(Edge{A: e[0], B: e[1], Cosmetic: e[2] == 1})
		}
		p := newProblem()
		p.Side = s.side
		switch {
		case c.stopped() != nil:
		case !g.Connected(true):
			c.add(p, "the %s is not connected: every vertex must be reachable from every other", s.side)
		case !g.Connected(false):
			c.add(p, "the %s is not connected when cosmetic edges are ignored: its rooms (non-cosmetic vertices) must be joined by non-cosmetic edges", s.side)
		}
	}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
