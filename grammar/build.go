package grammar

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/dungraph/dungraph/planar"
)

// The design's base values for the build limits.
const (
	DefaultMaxIterations = 10
	DefaultMinVertices   = 1
	DefaultMaxVertices   = 20
	DefaultMaxValence    = 8
)

// Options control a build. The zero value of every field means its default.
type Options struct {
	// MaxIterations caps the rule applications of the whole build; each pass
	// also has its own budget. Default DefaultMaxIterations.
	MaxIterations int
	// MinVertices: a build that ends with fewer vertices fails with
	// ErrTooFewVertices. Default DefaultMinVertices.
	MinVertices int
	// MaxVertices: a rule is not applied if its new vertices would take the
	// graph past this. Default DefaultMaxVertices.
	MaxVertices int
	// MaxValence: a rule is not applied if it would push a mapped vertex
	// past this valence (new vertices may exceed it). Default
	// DefaultMaxValence; negative means no limit.
	MaxValence int
	// StartSize is the smallest box, in world units, a start rule's
	// substitute is fitted into. Default DefaultStartSize.
	StartSize float64
	// AfterRewrite, if set, is called after every rule application with the
	// graph and the step just taken, before the next match is drawn; the
	// layout hooks in here to redraw the graph. Flip elimination then sees
	// the positions it leaves. An error stops the build and is returned.
	AfterRewrite func(g *Graph, s *Step) error
	// RejectCrossings rejects a match (reason Crossing) when the rewrite
	// would join two mapped vertices by a corridor that crosses an existing
	// one, as drawn at the time. Pipelines that lay levels out set it: such
	// a crossing cannot be undone by moving new vertices.
	RejectCrossings bool
	// RejectNonPlanar rejects a match (reason NonPlanar) when the graph
	// of corridors after the rewrite would not be planar, so that a build
	// from a planar graph stays planar; with RejectCrossings it also
	// rejects a rewrite whose new corridors between mapped vertices cross
	// one another as drawn. Rules whose rewrites cannot break planarity
	// (see NOTES.md) are not tested. Pipelines set it for the ruleset
	// setting build.planar = "reject".
	RejectNonPlanar bool
	// MayHang, if set, is asked before a match of a rule whose rewrite
	// hangs one new room on two mapped vertices a and b (joins it to
	// them by corridors and to nothing else) is applied, as the graph is
	// before the rewrite; false rejects the match, reason Nest. The layout
	// hooks in here to keep the rooms one triangle must hold within what
	// the ruleset's limits allow. When every candidate of a step is
	// rejected and some only by MayHang, the step is drawn again without
	// asking it (the Step's Stats are that draw's), so the limit never
	// ends a build early. Rules that hang no room never call it.
	MayHang func(g *Graph, a, b int) bool
	// MayDraw, if set with RejectCrossings, is asked before a match of a
	// rule whose rewrite hangs one new room on two mapped vertices a and b
	// (as for MayHang) is applied, as the graph is before the rewrite;
	// false rejects the match, reason Crossing: the layout finds no place
	// for the room from which its corridors to a and b cross nothing as
	// drawn, and a crossing it drew would stay. Unlike MayHang it is never
	// lifted. It is asked before MayHang.
	MayDraw func(g *Graph, a, b int) bool
	// WrapLimit, if positive, is the most rooms still to come that the
	// cycle closed by a room hung on two mapped vertices not joined by a
	// corridor may be expected to enclose (see builder.wrapOK: μ + 2σ of
	// a Pólya urn over the cycle's rooms); a rewrite that may enclose
	// more is rejected, reason Wrap. Like MayHang it is lifted for a step
	// whose every candidate is rejected, some only by it, so it never
	// ends a build early. The level pipeline sets it to the nest limit
	// (layout.Limits.NestLimit), the rooms one face may hold within
	// max_tail. 0 means no limit.
	WrapLimit int
	// MayPlace, if set with RejectCrossings, is asked before a match of a
	// rule whose rewrite adds several new rooms joined, through one
	// another, to two or more mapped vertices (a loop or a path of new
	// rooms between rooms already drawn) is applied, with the rewrite as
	// it would be drawn; false rejects the match, reason Crossing, as
	// MayDraw does for one hung room. It is asked after MayDraw and never
	// lifted.
	MayPlace func(g *Graph, r *Rewrite) bool
	// MayFill, if set, is asked after MayPlace about the same rewrites,
	// with the same preview: false rejects the match, reason Wrap, when
	// its new rooms would put more rooms inside a loop of corridors
	// than the loop can wrap within the ruleset's limits. Like MayHang
	// it is lifted for a step whose every candidate is rejected, some
	// only by it or the other limits, so it never ends a build early.
	MayFill func(g *Graph, r *Rewrite) bool
	// KeepNonPlanar, with RejectCrossings, keeps a rewrite that would
	// leave the corridor graph non-planar and skips the crossing checks
	// for it (the crossing ones and MayDraw, MayPlace): its crossings are
	// the layout's to turn into junction rooms. Every other rewrite is
	// checked as without it. Pipelines set it for build.planar =
	// "junction".
	KeepNonPlanar bool
	// Exhaustive checks every candidate's conditions at every iteration so
	// that each Step's Stats are complete rather than counting only the
	// candidates the draw examined. It costs time linear in the number of
	// candidates but does not change the result: the draws are the same.
	Exhaustive bool
	// Context, if set, stops the build when it is done: Build returns its
	// error. It is polled inside a step too (while the match index is
	// brought up to date and while candidates are checked), so that one
	// long step cannot outlast it. Whether it is set does not change the
	// result of a build that completes.
	Context context.Context
	// Check, if set, is asked at every checkEvery-th poll of the context
	// whether the build of g may go on; an error stops the build and Build
	// returns it. The level package checks its memory budget here, so that
	// one step whose search finds millions of matches cannot outgrow it.
	// Like Context it decides only whether a build completes, never how.
	Check func(g *Graph) error

	// lazyAbove replaces the constant lazyAbove when positive, so that
	// tests can compare counted rules with listed ones on small graphs.
	lazyAbove int
}

func (o Options) withDefaults() Options {
	if o.MaxIterations == 0 {
		o.MaxIterations = DefaultMaxIterations
	}
	if o.MinVertices == 0 {
		o.MinVertices = DefaultMinVertices
	}
	if o.MaxVertices == 0 {
		o.MaxVertices = DefaultMaxVertices
	}
	if o.MaxValence == 0 {
		o.MaxValence = DefaultMaxValence
	}
	if o.StartSize <= 0 {
		o.StartSize = DefaultStartSize
	}
	return o
}

// Step records one rule application.
type Step struct {
	// Iteration counts rule applications from 0 over the whole build.
	Iteration int
	// Pass is the index of the pass (0 when the grammar has no passes).
	Pass int
	// Rule is the index of the rule applied.
	Rule int
	// Match is where it was applied, before the rewrite.
	Match Match
	// Added lists the vertices the rewrite created.
	Added []int
	// Stats has one entry per rule of the grammar: what the draw saw.
	Stats []RuleStats
}

// RuleStats says what a rule looked like at one draw.
type RuleStats struct {
	// Eligible: the metarules (pass, max uses, groups, no-repeat, vertex
	// budget) allowed the rule this iteration.
	Eligible bool
	// Candidates counts the rule's structural matches (tags, cosmetic
	// flags, edges and locks agree), eligible or not.
	Candidates int
	// Checked counts the candidates whose conditions were checked; with
	// Options.Exhaustive, all candidates of eligible rules.
	Checked int
	// Negated, Valence, Flip, Crossing, NonPlanar, Nest and Wrap count
	// the checked candidates rejected for each reason.
	Negated, Valence, Flip, Crossing, NonPlanar, Nest, Wrap int
}

// PassResult says how a pass ended.
type PassResult struct {
	Name       string
	Iterations int
	// End is "stalled" (no eligible rule had an applicable match),
	// "budget" (the pass's own budget ran out) or "max_iterations" (the
	// build's).
	End string
}

// Result is a finished build.
type Result struct {
	Graph  *Graph
	Steps  []Step
	Passes []PassResult
	// Uses counts the applications of each rule.
	Uses []int
}

// ErrTooFewVertices is wrapped by the error of a build that ended below
// Options.MinVertices.
var ErrTooFewVertices = errors.New("too few vertices")

// Build grows a graph from a single start vertex, drawing every choice from
// rng. The same grammar, options and rng state give the same result on every
// machine. A build that ends below MinVertices returns its result and an
// error wrapping ErrTooFewVertices.
func (gr *Grammar) Build(opts Options, rng *rand.Rand) (*Result, error) {
	opts = opts.withDefaults()
	g := NewGraph()
	b := &builder{
		gr: gr, opts: opts, rng: rng, g: g,
		uses: make([]int, len(gr.rules)), groupUses: make([]int, len(gr.groups)),
		last: -1,
	}
	for _, c := range gr.rules {
		b.maxNew = max(b.maxNew, c.newCount)
	}
	b.x = newIndex(g, gr.rules, b.stopped, opts.lazyAbove)
	res := &Result{Graph: g}
	if b.stopped() {
		return res, b.err
	}
	total := 0
	for pi, p := range gr.passes {
		budget := p.maxIterations
		if budget == 0 {
			budget = opts.MaxIterations
		}
		pr := PassResult{Name: p.name, End: "stalled"}
		for {
			if pr.Iterations >= budget {
				pr.End = "budget"
				break
			}
			if total >= opts.MaxIterations {
				pr.End = "max_iterations"
				break
			}
			b.nested = 0
			b.total = total
			step, ok := b.step(pi, total)
			if !ok && b.err == nil && b.nested > 0 {
				// Only the nest, wrap or fill limit stood in the way: a
				// build that stalls short of min_vertices is worse
				// than a crowded face.
				refused := b.refused
				b.hangFree = true
				step, ok = b.step(pi, total)
				b.hangFree = false
				if ok {
					// The step's counts say what kept the first draw
					// from every candidate, too.
					for r := range step.Stats {
						step.Stats[r].Nest += refused[r].Nest
						step.Stats[r].Wrap += refused[r].Wrap
					}
				}
			}
			if b.err != nil {
				res.Passes = append(res.Passes, pr)
				res.Uses = b.uses
				return res, b.err
			}
			if !ok {
				break
			}
			res.Steps = append(res.Steps, step)
			if opts.AfterRewrite != nil {
				if err := opts.AfterRewrite(g, &res.Steps[len(res.Steps)-1]); err != nil {
					res.Passes = append(res.Passes, pr)
					res.Uses = b.uses
					return res, err
				}
			}
			pr.Iterations++
			total++
		}
		res.Passes = append(res.Passes, pr)
	}
	res.Uses = b.uses
	if g.Order() < opts.MinVertices {
		return res, fmt.Errorf("grammar: the build ended with %d vertices, below min_vertices = %d: %w", g.Order(), opts.MinVertices, ErrTooFewVertices)
	}
	return res, nil
}

type builder struct {
	gr        *Grammar
	opts      Options
	rng       *rand.Rand
	g         *Graph
	x         *index
	uses      []int
	groupUses []int
	last      int
	// polls counts calls of stopped; err is the context's error once it
	// is done.
	polls int
	err   error
	// planar and planarEdges are the planarity test's scratch.
	planar      planar.Tester
	planarEdges []planar.Edge
	// nested counts the candidates the three limits (MayHang, the wrap
	// limit, MayFill) rejected in the current step; hangFree turns all
	// three off while a step is drawn again.
	nested   int
	hangFree bool
	// refused holds the counts of the last step that found no candidate,
	// for the step drawn again without the limits.
	refused []RuleStats
	// total is the build's iterations before the current step, and
	// maxNew the most rooms one rewrite adds: together they bound the
	// rooms still to come (wrapOK).
	total, maxNew int
	// hopDist and hopQueue are hops' scratch.
	hopDist, hopQueue []int
}

// pollEvery: stopped looks at the context once per this many calls, and
// at Options.Check once per checkEvery looks at the context. A call is a
// step of a match search (about 100 ns) or a candidate's check; reading the
// heap costs about a microsecond, so Check runs every 4096 steps, well under
// a millisecond apart.
const (
	pollEvery  = 256
	checkEvery = 16
)

// stopped reports whether the build's context is done or Options.Check
// refused (looking every pollEvery and pollEvery*checkEvery calls), and
// records the error.
func (b *builder) stopped() bool {
	if b.err != nil {
		return true
	}
	if b.opts.Context == nil && b.opts.Check == nil {
		return false
	}
	if b.polls++; b.polls%pollEvery != 1 {
		return false
	}
	if b.opts.Context != nil {
		b.err = b.opts.Context.Err()
	}
	if b.err == nil && b.opts.Check != nil && (b.polls/pollEvery)%checkEvery == 0 {
		b.err = b.opts.Check(b.g)
	}
	return b.err != nil
}

func (b *builder) eligible(r int) bool {
	c := b.gr.rules[r]
	switch {
	case c.rule.MaxUses > 0 && b.uses[r] >= c.rule.MaxUses:
		return false
	case c.rule.NoRepeat && b.last == r:
		return false
	case b.g.Order()+c.newCount > b.opts.MaxVertices:
		return false
	}
	for _, gi := range b.gr.ruleGroups[r] {
		if m := b.gr.groups[gi].maxUses; m > 0 && b.groupUses[gi] >= m {
			return false
		}
	}
	return true
}

// step draws and applies one rule in pass pi. It reports false when no
// eligible rule has an applicable match.
func (b *builder) step(pi, iteration int) (Step, bool) {
	stats := make([]RuleStats, len(b.gr.rules))
	var rules []int
	for r := range b.gr.rules {
		stats[r].Candidates = b.x.size(r)
	}
	for _, r := range b.gr.passes[pi].rules {
		if b.eligible(r) {
			stats[r].Eligible = true
			if stats[r].Candidates > 0 {
				rules = append(rules, r)
			}
		}
	}
	var verdicts [][]Reason
	if b.opts.Exhaustive {
		verdicts = make([][]Reason, len(b.gr.rules))
		for _, r := range rules {
			c := b.gr.rules[r]
			if t := b.x.lazy[r]; t != nil {
				// Too many to keep a verdict each: draw checks
				// its candidates again.
				t.each(func(m []int) { stats[r].count(b.verdict(c, m)) })
				if b.err != nil {
					return Step{}, false
				}
				continue
			}
			verdicts[r] = make([]Reason, len(b.x.lists[r]))
			for j, id := range b.x.lists[r] {
				if b.stopped() {
					return Step{}, false
				}
				v := b.verdict(c, b.hostMatch(id))
				verdicts[r][j] = v
				stats[r].count(v)
			}
		}
	}
	// Priorities, highest first.
	prios := make([]int, 0, len(rules))
	for _, r := range rules {
		prios = append(prios, b.gr.rules[r].rule.Priority)
	}
	slices.Sort(prios)
	prios = slices.Compact(prios)
	slices.Reverse(prios)
	for _, prio := range prios {
		var level []int
		for _, r := range rules {
			if b.gr.rules[r].rule.Priority == prio {
				level = append(level, r)
			}
		}
		r, m, ok := b.draw(level, stats, verdicts)
		if !ok {
			continue
		}
		added := b.gr.rules[r].rewrite(b.g, m, iteration, b.opts.StartSize)
		changed := append(slices.Clone([]int(m)), added...)
		slices.Sort(changed)
		b.x.update(changed)
		b.uses[r]++
		for _, gi := range b.gr.ruleGroups[r] {
			b.groupUses[gi]++
		}
		b.last = r
		return Step{Iteration: iteration, Pass: pi, Rule: r, Match: m, Added: added, Stats: stats}, true
	}
	b.refused = stats
	return Step{}, false
}

func (s *RuleStats) count(v Reason) {
	s.Checked++
	switch v {
	case Negated:
		s.Negated++
	case Valence:
		s.Valence++
	case Flip:
		s.Flip++
	case Crossing:
		s.Crossing++
	case NonPlanar:
		s.NonPlanar++
	case Nest:
		s.Nest++
	case Wrap:
		s.Wrap++
	}
}

func (b *builder) hostMatch(id int32) []int {
	hm := b.x.match(id)
	m := make([]int, len(hm))
	for i, h := range hm {
		m[i] = int(h)
	}
	return m
}

// draw picks a rule among level and one of its applicable matches. It draws
// a rule by weight (per rule, or per match times the rule's remaining
// candidates), then a candidate uniformly, and checks it; a rejected
// candidate is swapped behind the rule's remaining ones so that it is not
// drawn again. In PerRule mode the draw stays with the rule until it finds
// an applicable match or runs out, so a rule's chance is its weight over the
// weights of the rules that can be applied; in PerMatch mode every draw is
// over all remaining candidates. Either way the outcome has the distribution
// of filtering every candidate first and drawing from what is left, but only
// the candidates drawn are checked.
func (b *builder) draw(level []int, stats []RuleStats, verdicts [][]Reason) (rule int, m Match, ok bool) {
	rem := make([]int, len(level))
	for i, r := range level {
		rem[i] = b.x.size(r)
	}
	// rejected[i] holds, for a counted rule, the positions of the
	// candidates rejected so far, ascending: they stand behind the
	// remaining ones as the swaps do in a list. Made at the first.
	var rejected [][]int
	perMatch := b.gr.def.Weights == PerMatch
	weight := func(i int) float64 {
		if rem[i] == 0 {
			return 0
		}
		w := b.gr.rules[level[i]].weight
		if perMatch {
			w = float64(w * float64(rem[i]))
		}
		return w
	}
	for {
		total := 0.0
		for i := range level {
			total += weight(i)
		}
		if total == 0 {
			return 0, nil, false
		}
		x := float64(b.rng.Float64() * total)
		pick := -1
		for i := range level {
			w := weight(i)
			if w == 0 {
				continue
			}
			pick = i
			if x < w {
				break
			}
			x -= w
		}
		r := level[pick]
		c := b.gr.rules[r]
		for rem[pick] > 0 {
			if b.stopped() {
				return 0, nil, false
			}
			j := b.rng.IntN(rem[pick])
			var v Reason
			if t := b.x.lazy[r]; t != nil {
				if rejected == nil {
					rejected = make([][]int, len(level))
				}
				pos := skipping(j, rejected[pick])
				if m = t.at(pos); m == nil {
					return 0, nil, false
				}
				v = b.verdict(c, m)
				if verdicts == nil {
					stats[r].count(v)
				}
				if v != OK {
					k, _ := slices.BinarySearch(rejected[pick], pos)
					rejected[pick] = slices.Insert(rejected[pick], k, pos)
				}
			} else {
				last := rem[pick] - 1
				b.x.swap(r, j, last)
				cand := b.x.lists[r][last]
				m = b.hostMatch(cand)
				if verdicts != nil {
					verdicts[r][j], verdicts[r][last] = verdicts[r][last], verdicts[r][j]
					v = verdicts[r][last]
				} else {
					v = b.verdict(c, m)
					stats[r].count(v)
				}
			}
			if v == OK {
				return r, m, true
			}
			rem[pick]--
			if perMatch {
				break
			}
		}
	}
}

// verdict is the compiled rule's verdict plus, when the options ask for it,
// the crossing and planarity checks.
func (b *builder) verdict(c *compiled, m []int) Reason {
	v := c.verdict(b.g, m, b.opts.MaxValence)
	if v == OK && c.hanging && !b.hangFree && !b.wrapOK(m[c.hang[0]], m[c.hang[1]]) {
		// Asked first: it reads the graph only (one search), while the
		// planarity test and the layout's vetoes below cost a pass over
		// the whole level, and early in a build it refuses nearly every
		// loop. A candidate it refuses that a later check would refuse
		// too counts as wrap.
		b.nested++
		return Wrap
	}
	crossings := b.opts.RejectCrossings
	if v == OK && crossings && b.opts.KeepNonPlanar && !c.planarSafe && !b.planarAfter(c, m) {
		crossings = false
	}
	if v == OK && crossings && len(c.closing) > 0 && !c.crossingOK(b.g, m) {
		return Crossing
	}
	if v == OK && crossings && b.opts.KeepNonPlanar && len(c.closing) > 1 && c.closingCross(b.g, m) {
		return Crossing // a planar rewrite drawn crossed: mapped vertices stay
	}
	if v == OK && b.opts.RejectNonPlanar {
		if crossings && len(c.closing) > 1 && c.closingCross(b.g, m) {
			return NonPlanar
		}
		if !c.planarSafe && !b.planarAfter(c, m) {
			return NonPlanar
		}
	}
	if v == OK && c.hanging && crossings && b.opts.MayDraw != nil && !b.opts.MayDraw(b.g, m[c.hang[0]], m[c.hang[1]]) {
		return Crossing
	}
	var rw *Rewrite
	if v == OK && c.several && crossings && b.opts.MayPlace != nil {
		if rw = c.preview(b.g, m); !b.opts.MayPlace(b.g, rw) {
			return Crossing
		}
	}
	if v == OK && c.several && b.opts.MayFill != nil && !b.hangFree {
		if rw == nil {
			rw = c.preview(b.g, m)
		}
		if !b.opts.MayFill(b.g, rw) {
			b.nested++
			return Wrap
		}
	}
	if v == OK && c.hanging && b.opts.MayHang != nil && !b.hangFree && !b.opts.MayHang(b.g, m[c.hang[0]], m[c.hang[1]]) {
		b.nested++
		return Nest
	}
	return v
}
