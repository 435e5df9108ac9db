package grammar

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"

	"gonum.org/v1/gonum/spatial/r2"

	"github.com/dungraph/dungraph/geom"
	"github.com/dungraph/dungraph/internal/editdist"
)

// Definition is everything a grammar is made of: rules and metarules.
type Definition struct {
	Rules  []Rule
	Groups []Group
	// Passes, when given, are applied in order; every rule must be in at
	// least one. Without passes all rules form one pass.
	Passes  []Pass
	Weights WeightMode
}

// Grammar is a validated, compiled Definition, ready to match and build. It
// is immutable and safe for concurrent use.
type Grammar struct {
	def    Definition
	rules  []*compiled
	groups []compiledGroup
	passes []compiledPass
	// ruleGroups lists, for each rule, the groups it belongs to.
	ruleGroups [][]int
}

type compiledGroup struct {
	name    string
	rules   []int
	maxUses int
}

type compiledPass struct {
	name          string
	rules         []int
	maxIterations int
}

// compiled is a rule prepared for matching and rewriting. Pattern vertices
// are numbered by their index in Rule.Pattern.Vertices.
type compiled struct {
	rule   *Rule
	index  int
	start  bool
	weight float64
	n      int

	pos  []r2.Vec
	tags [][]string // positive tags
	wild []bool
	neg  [][]string
	lock []bool
	cosm []bool
	degN []int // non-cosmetic pattern degree
	degC []int // cosmetic pattern degree
	padj [][]pnbr
	// pedges are the pattern edges, by pattern vertex index.
	pedges []cEdge
	// plans[p] is the search order when pattern vertex p is fixed first.
	plans []plan
	// root is the pattern vertex a full search starts from.
	root  int
	flips []flipPair

	subOf    []int // pattern vertex → substitute vertex
	sub      []cSubVertex
	subEdges []cSubEdge
	// closing are the corridors (non-cosmetic substitute edges) between
	// two mapped vertices that may be new: not a pattern edge, or one that
	// matched a cosmetic edge and so turns it into a corridor.
	closing  []cSubEdge
	newCount int
	// newIndex numbers the new substitute vertices 0..newCount-1 in the
	// order the rewrite appends them (-1 for mapped ones).
	newIndex []int
	// planarSafe: no rewrite by the rule can make a planar corridor graph
	// non-planar (see keepsPlanar).
	planarSafe bool
	// hanging: every rewrite hangs one room on the mapped vertices with
	// pattern indices hang[0] and hang[1] (see findHang).
	hanging bool
	hang    [2]int
	// several: rewrites add new rooms joined, through one another, to
	// two or more mapped vertices (see placesSeveral).
	several bool
	pendant []bool
}

type pnbr struct {
	to   int
	cosm bool
}

type cEdge struct {
	a, b int
	cosm bool
}

type cSubVertex struct {
	tag    string // "" keeps the host's tag
	cosm   bool
	pos    r2.Vec
	mapped int // pattern vertex, or -1 for a new vertex
}

type cSubEdge struct {
	a, b      int // substitute vertex indices
	cosm      bool
	subdivide bool
	lf        float64
	// pattern is the index of the pattern edge between the two mapped
	// vertices this edge joins, or -1.
	pattern int
}

// plan is a search order: order[0] is fixed by the caller; each later vertex
// order[i] is found among the host neighbours of the image of
// order[parent[i]] along an edge of the given cosmetic flag, then checked
// against every other pattern edge to an already placed vertex.
type plan struct {
	order      []int
	parent     []int
	parentCosm []bool
	checks     [][]check
}

type check struct {
	pos  int // position in order of the other end
	cosm bool
}

// flipPair is two pattern edges v-a and v-b that are consecutive around v
// when v's edges are ordered by angle, with the sign of the turn from the
// first to the second. A match is flipped if the host turns the other way.
type flipPair struct {
	v, a, b int
	sign    int
}

// Compile validates def and prepares it for matching. On failure the error is
// a Problems value listing everything wrong, not just the first problem.
func Compile(def Definition) (*Grammar, error) {
	return CompileContext(context.Background(), def)
}

// CompileContext is Compile stopped by ctx: it looks at ctx before each
// rule and between the stages of a rule whose cost grows with its size
// (the connectivity of each side, compiling it, the check that it keeps
// a drawing planar), and returns ctx's error, wrapped, once ctx is done.
// A rule of 130,000 vertices spends at most about 0.3 s of CPU between
// two looks.
func CompileContext(ctx context.Context, def Definition) (*Grammar, error) {
	c := &checker{rule: -1, ctx: ctx}
	g := &Grammar{def: cloneDefinition(def)}
	names := make(map[string]int, len(def.Rules))
	hasStart := false
	for i := range g.def.Rules {
		if err := c.stopped(); err != nil {
			return nil, err
		}
		r := &g.def.Rules[i]
		c.rule, c.name = i, r.Name
		pIdx, sIdx, ok := c.checkRule(r)
		if err := c.stopped(); err != nil {
			return nil, err
		}
		if j, dup := names[r.Name]; dup && r.Name != "" {
			p := newProblem()
			p.Field = "name"
			c.add(p, "duplicate rule name %q (also rules[%d])", r.Name, j)
		} else if r.Name != "" {
			names[r.Name] = i
		}
		hasStart = hasStart || r.IsStart()
		if ok {
			cr := compileRule(c, r, i, pIdx, sIdx)
			if err := c.stopped(); err != nil {
				return nil, err
			}
			cr.planarSafe = cr.keepsPlanar()
			if a, b, ok := cr.findHang(); ok {
				cr.hanging, cr.hang = true, [2]int{a, b}
			}
			cr.several, cr.pendant = cr.placesSeveral()
			g.rules = append(g.rules, cr)
		}
	}
	c.rule, c.name = -1, ""
	if !hasStart {
		c.add(newProblem(), "no start rule: add a rule whose pattern is one vertex with tags = [%q]", StartTag)
	}
	if def.Weights != PerRule && def.Weights != PerMatch {
		c.add(newProblem(), "unknown weight mode %d", def.Weights)
	}
	g.ruleGroups = make([][]int, len(def.Rules))
	seen := map[string]bool{}
	for i, gr := range g.def.Groups {
		cg := compiledGroup{name: gr.Name, maxUses: gr.MaxUses}
		at := func(field string, item int) *Problem {
			p := newProblem()
			p.Group, p.Field, p.Item = i, field, item
			return p
		}
		switch {
		case gr.Name == "":
			c.add(at("name", -1), "the group has no name")
		case seen[gr.Name]:
			c.add(at("name", -1), "duplicate group name %q", gr.Name)
		}
		seen[gr.Name] = true
		if gr.MaxUses < 0 {
			c.add(at("max_uses", -1), "max_uses is %d: use 0 for unlimited or a positive count", gr.MaxUses)
		}
		for j, name := range gr.Rules {
			ri, ok := names[name]
			if !ok {
				c.add(at("rules", j), "unknown rule %q%s", name, suggest(name, names))
				continue
			}
			cg.rules = append(cg.rules, ri)
			if !slices.Contains(g.ruleGroups[ri], i) {
				g.ruleGroups[ri] = append(g.ruleGroups[ri], i)
			}
		}
		g.groups = append(g.groups, cg)
	}
	seen = map[string]bool{}
	inPass := make([]bool, len(def.Rules))
	for i, ps := range g.def.Passes {
		cp := compiledPass{name: ps.Name, maxIterations: ps.MaxIterations}
		at := func(field string, item int) *Problem {
			p := newProblem()
			p.Pass, p.Field, p.Item = i, field, item
			return p
		}
		switch {
		case ps.Name == "":
			c.add(at("name", -1), "the pass has no name")
		case seen[ps.Name]:
			c.add(at("name", -1), "duplicate pass name %q", ps.Name)
		}
		seen[ps.Name] = true
		if ps.MaxIterations < 0 {
			c.add(at("max_iterations", -1), "max_iterations is %d: use 0 for the build's limit or a positive count", ps.MaxIterations)
		}
		if len(ps.Rules) == 0 {
			c.add(at("rules", -1), "the pass has no rules")
		}
		for j, name := range ps.Rules {
			ri, ok := names[name]
			if !ok {
				c.add(at("rules", j), "unknown rule %q%s", name, suggest(name, names))
				continue
			}
			if !slices.Contains(cp.rules, ri) {
				cp.rules = append(cp.rules, ri)
			}
			inPass[ri] = true
		}
		g.passes = append(g.passes, cp)
	}
	if len(def.Passes) > 0 {
		for i, r := range g.def.Rules {
			if !inPass[i] && r.Name != "" {
				p := newProblem()
				p.Rule, p.RuleName = i, r.Name
				c.add(p, "the rule is in no pass, so it would never be applied: add it to a pass or remove it")
			}
		}
	} else {
		all := make([]int, len(def.Rules))
		for i := range all {
			all[i] = i
		}
		g.passes = []compiledPass{{name: "", rules: all}}
	}
	if len(c.out) > 0 {
		return nil, c.out
	}
	return g, nil
}

// suggest returns ` (did you mean "x"?)` for the known name closest to
// name, or "".
func suggest(name string, known map[string]int) string {
	cands := make([]string, 0, len(known))
	for k := range known {
		cands = append(cands, k)
	}
	slices.Sort(cands)
	best, d := editdist.Closest(name, cands)
	if best == "" || d >= 3 {
		return ""
	}
	return fmt.Sprintf(" (did you mean %q?)", best)
}

func cloneDefinition(d Definition) Definition {
	out := Definition{Weights: d.Weights}
	out.Rules = make([]Rule, len(d.Rules))
	for i, r := range d.Rules {
		r.Pattern.Vertices = slices.Clone(r.Pattern.Vertices)
		for j := range r.Pattern.Vertices {
			r.Pattern.Vertices[j].Tags = slices.Clone(r.Pattern.Vertices[j].Tags)
		}
		r.Pattern.Edges = slices.Clone(r.Pattern.Edges)
		r.Substitute.Vertices = slices.Clone(r.Substitute.Vertices)
		r.Substitute.Edges = slices.Clone(r.Substitute.Edges)
		out.Rules[i] = r
	}
	for _, gr := range d.Groups {
		gr.Rules = slices.Clone(gr.Rules)
		out.Groups = append(out.Groups, gr)
	}
	for _, p := range d.Passes {
		p.Rules = slices.Clone(p.Rules)
		out.Passes = append(out.Passes, p)
	}
	return out
}

// compileRule prepares r for matching; it returns nil once ck's context
// stops the compile.
func compileRule(ck *checker, r *Rule, index int, pIdx, sIdx map[string]int) *compiled {
	n := len(r.Pattern.Vertices)
	c := &compiled{
		rule: r, index: index, start: r.IsStart(), weight: r.Weight, n: n,
		pos: make([]r2.Vec, n), tags: make([][]string, n), wild: make([]bool, n),
		neg: make([][]string, n), lock: make([]bool, n), cosm: make([]bool, n),
		degN: make([]int, n), degC: make([]int, n), padj: make([][]pnbr, n),
		subOf: make([]int, n),
	}
	if c.weight == 0 {
		c.weight = 1
	}
	for i, v := range r.Pattern.Vertices {
		c.pos[i], c.lock[i], c.cosm[i] = v.Pos, v.Lock, v.Cosmetic
		for _, t := range v.Tags {
			switch name, neg := strings.CutPrefix(t, "!"); {
			case t == Wildcard:
				c.wild[i] = true
			case neg:
				c.neg[i] = append(c.neg[i], name)
			default:
				c.tags[i] = append(c.tags[i], t)
			}
		}
		c.subOf[i] = sIdx[v.ID]
	}
	for _, e := range r.Pattern.Edges {
		a, b := pIdx[e.A], pIdx[e.B]
		c.pedges = append(c.pedges, cEdge{a: a, b: b, cosm: e.Cosmetic})
		c.padj[a] = append(c.padj[a], pnbr{to: b, cosm: e.Cosmetic})
		c.padj[b] = append(c.padj[b], pnbr{to: a, cosm: e.Cosmetic})
		if e.Cosmetic {
			c.degC[a]++
			c.degC[b]++
		} else {
			c.degN[a]++
			c.degN[b]++
		}
	}
	for _, v := range r.Substitute.Vertices {
		if ck.tick() {
			return nil
		}
		sv := cSubVertex{tag: v.Tag, cosm: v.Cosmetic, pos: v.Pos, mapped: -1}
		if v.Tag == Wildcard {
			sv.tag = ""
		}
		if p, ok := pIdx[v.ID]; ok {
			sv.mapped = p
			c.newIndex = append(c.newIndex, -1)
		} else {
			c.newIndex = append(c.newIndex, c.newCount)
			c.newCount++
		}
		c.sub = append(c.sub, sv)
	}
	for _, e := range r.Substitute.Edges {
		if ck.tick() {
			return nil
		}
		se := cSubEdge{a: sIdx[e.A], b: sIdx[e.B], cosm: e.Cosmetic, subdivide: e.Subdivide, lf: e.LengthFactor, pattern: -1}
		if pa, pb := c.sub[se.a].mapped, c.sub[se.b].mapped; pa >= 0 && pb >= 0 {
			for k, pe := range c.pedges {
				if (pe.a == pa && pe.b == pb) || (pe.a == pb && pe.b == pa) {
					se.pattern = k
				}
			}
		}
		c.subEdges = append(c.subEdges, se)
		if !se.cosm && c.sub[se.a].mapped >= 0 && c.sub[se.b].mapped >= 0 &&
			(se.pattern < 0 || c.pedges[se.pattern].cosm) {
			c.closing = append(c.closing, se)
		}
	}
	c.plans = make([]plan, n)
	for p := range n {
		c.plans[p] = c.makePlan(p)
	}
	c.root = c.chooseRoot()
	c.flips = c.flipPairs()
	return c
}

// constraint orders pattern vertices for searching: more edges first, then
// a lock, then fewer accepted tags (a wildcard accepts the most).
func (c *compiled) constraint(p int) (deg int, lock bool, tags int) {
	tags = len(c.tags[p])
	if c.wild[p] {
		tags = 1 << 20
	}
	return len(c.padj[p]), c.lock[p], tags
}

func (c *compiled) chooseRoot() int {
	best := 0
	for p := 1; p < c.n; p++ {
		if c.moreConstrained(p, best) {
			best = p
		}
	}
	return best
}

func (c *compiled) moreConstrained(p, q int) bool {
	dp, lp, tp := c.constraint(p)
	dq, lq, tq := c.constraint(q)
	if dp != dq {
		return dp > dq
	}
	if lp != lq {
		return lp
	}
	return tp < tq
}

// makePlan orders the pattern from first, VF2++ style: next comes the
// unplaced vertex with the most edges to placed vertices, ties broken by the
// constraint order and then by index.
func (c *compiled) makePlan(first int) plan {
	pl := plan{order: []int{first}, parent: []int{-1}, parentCosm: []bool{false}, checks: [][]check{nil}}
	posOf := make([]int, c.n)
	for i := range posOf {
		posOf[i] = -1
	}
	posOf[first] = 0
	for len(pl.order) < c.n {
		best, bestLinks := -1, 0
		for p := range c.n {
			if posOf[p] >= 0 {
				continue
			}
			links := 0
			for _, nb := range c.padj[p] {
				if posOf[nb.to] >= 0 {
					links++
				}
			}
			if links == 0 {
				continue
			}
			if best < 0 || links > bestLinks || (links == bestLinks && c.moreConstrained(p, best)) {
				best, bestLinks = p, links
			}
		}
		// Validation guarantees a connected pattern, so best >= 0.
		nbs := slices.Clone(c.padj[best])
		slices.SortFunc(nbs, func(x, y pnbr) int { return cmp.Compare(posOf[x.to], posOf[y.to]) })
		var parent int = -1
		var parentCosm bool
		var checks []check
		for _, nb := range nbs {
			if posOf[nb.to] < 0 {
				continue
			}
			if parent < 0 {
				parent, parentCosm = posOf[nb.to], nb.cosm
				continue
			}
			checks = append(checks, check{pos: posOf[nb.to], cosm: nb.cosm})
		}
		posOf[best] = len(pl.order)
		pl.order = append(pl.order, best)
		pl.parent = append(pl.parent, parent)
		pl.parentCosm = append(pl.parentCosm, parentCosm)
		pl.checks = append(pl.checks, checks)
	}
	return pl
}

// flipPairs orders each pattern vertex's edges by angle and records the turn
// between each cyclically consecutive pair. Pairs whose pattern edges are
// parallel (a straight line, or coincident vertices) say nothing about
// orientation and are left out.
func (c *compiled) flipPairs() []flipPair {
	var out []flipPair
	for v := range c.n {
		if len(c.padj[v]) < 2 {
			continue
		}
		// A zero-length pattern edge (a neighbour drawn on top of v) has
		// no direction: it says nothing about orientation and would make
		// the angle order inconsistent, so it takes no part.
		var nbs []int
		for _, nb := range c.padj[v] {
			if c.pos[nb.to] != c.pos[v] {
				nbs = append(nbs, nb.to)
			}
		}
		if len(nbs) < 2 {
			continue
		}
		dir := func(u int) r2.Vec { return r2.Sub(c.pos[u], c.pos[v]) }
		slices.SortStableFunc(nbs, func(a, b int) int {
			switch {
			case geom.AngleLess(dir(a), dir(b)):
				return -1
			case geom.AngleLess(dir(b), dir(a)):
				return 1
			}
			return cmp.Compare(a, b)
		})
		for i, a := range nbs {
			b := nbs[(i+1)%len(nbs)]
			if s := geom.CrossSign(dir(a), dir(b)); s != 0 {
				out = append(out, flipPair{v: v, a: a, b: b, sign: s})
			}
		}
	}
	return out
}
