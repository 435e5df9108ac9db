package rulesets

import (
	"context"
	"errors"
	"slices"

	"gonum.org/v1/gonum/spatial/r2"

	"github.com/dungraph/dungraph/grammar"
)

// The [[rules]], [[groups]] and [[passes]] of a ruleset file, and their
// conversion to a grammar.Definition. Fields tagged "param" may be set by
// an Override, as "rules.<rule>.<key>".

type fileRule struct {
	Name       string         `toml:"name"`
	MaxUses    int            `toml:"max_uses,param"`
	Priority   int            `toml:"priority,param"`
	Weight     *float64       `toml:"weight,param"`
	NoRepeat   bool           `toml:"no_repeat,param"`
	Enabled    *bool          `toml:"enabled,param"`
	Pattern    filePattern    `toml:"pattern"`
	Substitute fileSubstitute `toml:"substitute"`
}

type filePattern struct {
	Vertices []patternVertex `toml:"vertices"`
	Edges    []patternEdge   `toml:"edges"`
}

type fileSubstitute struct {
	Vertices []substituteVertex `toml:"vertices"`
	Edges    []substituteEdge   `toml:"edges"`
}

type patternVertex struct {
	ID       string    `toml:"id"`
	Tags     []string  `toml:"tags"`
	At       []float64 `toml:"at"`
	Lock     bool      `toml:"lock"`
	Cosmetic bool      `toml:"cosmetic"`
}

type substituteVertex struct {
	ID       string    `toml:"id"`
	Tag      string    `toml:"tag"`
	At       []float64 `toml:"at"`
	Cosmetic bool      `toml:"cosmetic"`
}

type patternEdge struct {
	Between  []string `toml:"between"`
	Cosmetic bool     `toml:"cosmetic"`
}

type substituteEdge struct {
	Between      []string `toml:"between"`
	Cosmetic     bool     `toml:"cosmetic"`
	Subdivide    bool     `toml:"subdivide"`
	LengthFactor float64  `toml:"length_factor"`
}

type fileGroup struct {
	Name    string   `toml:"name"`
	Rules   []string `toml:"rules"`
	MaxUses int      `toml:"max_uses,param"`
}

type filePass struct {
	Name          string   `toml:"name"`
	Rules         []string `toml:"rules"`
	MaxIterations int      `toml:"max_iterations,param"`
}

// definition converts the decoded rules and metarules for the grammar,
// reporting what only the file format can get wrong (a position that is
// not two numbers, an edge that does not name two vertices).
func (d *decoder) definition(f *file) grammar.Definition {
	def := grammar.Definition{}
	for i, r := range f.Rules {
		p := keyPath{"rules", i}
		gr := grammar.Rule{Name: r.Name, MaxUses: r.MaxUses, Priority: r.Priority, NoRepeat: r.NoRepeat}
		if r.Weight != nil {
			if *r.Weight == 0 {
				d.errAt(p.with("weight"), false, "weight 0 would never draw the rule: give it a weight > 0, or remove the rule (omit weight for the default, 1)")
			}
			gr.Weight = *r.Weight
		}
		// A one-vertex pattern is a start rule's (the grammar rejects any
		// other), and a single vertex has no orientation to give.
		pv := r.Pattern.Vertices
		for j, v := range pv {
			vp := p.with("pattern", "vertices", j)
			gr.Pattern.Vertices = append(gr.Pattern.Vertices, grammar.PatternVertex{
				ID: v.ID, Tags: v.Tags, Lock: v.Lock, Cosmetic: v.Cosmetic,
				Pos: d.position(v.At, vp, len(pv) > 1),
			})
		}
		for j, e := range r.Pattern.Edges {
			a, b := d.between(e.Between, p.with("pattern", "edges", j))
			gr.Pattern.Edges = append(gr.Pattern.Edges, grammar.PatternEdge{A: a, B: b, Cosmetic: e.Cosmetic})
		}
		for j, v := range r.Substitute.Vertices {
			if d.tick() {
				return def // Load returns the context's error
			}
			vp := p.with("substitute", "vertices", j)
			gr.Substitute.Vertices = append(gr.Substitute.Vertices, grammar.SubstituteVertex{
				ID: v.ID, Tag: v.Tag, Cosmetic: v.Cosmetic, Pos: d.position(v.At, vp, true),
			})
		}
		for j, e := range r.Substitute.Edges {
			if d.tick() {
				return def
			}
			a, b := d.between(e.Between, p.with("substitute", "edges", j))
			gr.Substitute.Edges = append(gr.Substitute.Edges, grammar.SubstituteEdge{
				A: a, B: b, Cosmetic: e.Cosmetic, Subdivide: e.Subdivide, LengthFactor: e.LengthFactor,
			})
		}
		def.Rules = append(def.Rules, gr)
	}
	for _, g := range f.Groups {
		def.Groups = append(def.Groups, grammar.Group{Name: g.Name, Rules: g.Rules, MaxUses: g.MaxUses})
	}
	for _, ps := range f.Passes {
		def.Passes = append(def.Passes, grammar.Pass{Name: ps.Name, Rules: ps.Rules, MaxIterations: ps.MaxIterations})
	}
	return def
}

// position reads a vertex's `at`. Only a start rule's single pattern vertex
// may leave it out: everywhere else positions orient the pattern and place
// new vertices.
func (d *decoder) position(at []float64, vp keyPath, required bool) r2.Vec {
	switch {
	case at == nil && !d.isSet(vp, "at"):
		if required {
			d.errAt(vp.with("at"), false, "missing at: give the vertex a position, at = [x, y]")
		}
	case at == nil:
		// The decoder reported the value.
	case len(at) != 2:
		d.errAt(vp.with("at"), false, "at must be two numbers [x, y], not %d", len(at))
	default:
		return r2.Vec{X: at[0], Y: at[1]}
	}
	return r2.Vec{}
}

// between reads an edge's two ends.
func (d *decoder) between(ends []string, ep keyPath) (a, b string) {
	switch {
	case ends == nil && !d.isSet(ep, "between"):
		d.errAt(ep.with("between"), false, "missing between: name the edge's two vertices, between = [\"a\", \"b\"]")
	case ends == nil:
	case len(ends) != 2:
		d.errAt(ep.with("between"), false, "between must name two vertices, not %d", len(ends))
	default:
		return ends[0], ends[1]
	}
	return "", ""
}

// compile compiles def and reports the grammar's problems at the values
// they are about. A problem about a value the loader already reported is
// dropped: it would say the same thing twice.
func (d *decoder) compile(def grammar.Definition) *grammar.Grammar {
	if d.stopped() != nil {
		return nil
	}
	ctx := d.ctx
	if ctx == nil {
		ctx = context.Background()
	}
	g, err := grammar.CompileContext(ctx, def)
	if err == nil {
		return g
	}
	switch {
	// Load reports the context's error; asking the context again would
	// be a poll past the one that found it done.
	case errors.Is(err, context.Canceled):
		d.done = context.Canceled
		return nil
	case errors.Is(err, context.DeadlineExceeded):
		d.done = context.DeadlineExceeded
		return nil
	}
	var ps grammar.Problems
	if !errors.As(err, &ps) {
		d.errAt(keyPath{"rules"}, false, "%v", err)
		return nil
	}
	failed := slices.Clone(d.failed)
	for _, pr := range ps {
		pp := problemPath(def, pr)
		if slices.ContainsFunc(failed, func(f keyPath) bool {
			return pp.hasPrefix(f) || isSummary(pp) && f.hasPrefix(pp)
		}) {
			continue
		}
		d.report(pp, false, pr, pr.Msg)
	}
	return nil
}

// isSummary reports whether a problem at p is about the whole of what is
// under p (all the rules: "no start rule"; a rule's pattern or substitute:
// "not connected"), so that a problem the loader found inside p may be its
// cause.
func isSummary(p keyPath) bool {
	return len(p) == 1 && p[0] == "rules" || len(p) == 3 && p[0] == "rules"
}

// problemPath maps a grammar problem to the key path of the value it is
// about.
func problemPath(def grammar.Definition, pr *grammar.Problem) keyPath {
	var p keyPath
	switch {
	case pr.Rule >= 0:
		p = keyPath{"rules", pr.Rule}
	case pr.Group >= 0:
		p = keyPath{"groups", pr.Group}
	case pr.Pass >= 0:
		p = keyPath{"passes", pr.Pass}
	default:
		// Problems of the definition as a whole ("no start rule").
		return keyPath{"rules"}
	}
	if pr.Side != grammar.NoSide {
		p = p.with(pr.Side.String())
		switch {
		case pr.Vertex >= 0:
			p = p.with("vertices", pr.Vertex)
		case pr.Edge >= 0:
			p = p.with("edges", pr.Edge)
		}
	}
	if pr.Field == "" {
		return p
	}
	p = p.with(pr.Field)
	item := pr.Item
	if pr.Field == "between" && item < 0 && pr.Rule >= 0 && pr.Edge >= 0 {
		item = unknownEnd(def.Rules[pr.Rule], pr.Side, pr.Edge)
	}
	if item >= 0 {
		p = p.with(item)
	}
	return p
}

// unknownEnd returns which end (0 or 1) of edge e names no vertex of its
// side, or -1.
func unknownEnd(r grammar.Rule, side grammar.Side, e int) int {
	var ids []string
	var a, b string
	switch {
	case side == grammar.PatternSide && e < len(r.Pattern.Edges):
		for _, v := range r.Pattern.Vertices {
			ids = append(ids, v.ID)
		}
		a, b = r.Pattern.Edges[e].A, r.Pattern.Edges[e].B
	case side == grammar.SubstituteSide && e < len(r.Substitute.Edges):
		for _, v := range r.Substitute.Vertices {
			ids = append(ids, v.ID)
		}
		a, b = r.Substitute.Edges[e].A, r.Substitute.Edges[e].B
	default:
		return -1
	}
	switch {
	case !slices.Contains(ids, a):
		return 0
	case !slices.Contains(ids, b):
		return 1
	}
	return -1
}
