package level

import (
	"encoding/hex"
	"errors"
	"fmt"
	"math"
	"slices"

	"gonum.org/v1/gonum/spatial/r2"

	"github.com/dungraph/dungraph/grammar"
	"github.com/dungraph/dungraph/layout"
	"github.com/dungraph/dungraph/levelfile"
	"github.com/dungraph/dungraph/route"
	"github.com/dungraph/dungraph/rulesets"
)

// Document returns lv in the level file format, with the running
// program's provenance. The document passes levelfile's Validate.
func (lv *Level) Document() (*levelfile.Document, error) {
	switch {
	case lv == nil:
		return nil, errors.New("level: nil level")
	case lv.Ruleset == nil:
		return nil, errors.New("level: level without a ruleset")
	case lv.Graph == nil:
		return nil, errors.New("level: level without a graph")
	case len(lv.Rooms) != lv.Graph.Order():
		return nil, fmt.Errorf("level: level has %d rooms for %d vertices", len(lv.Rooms), lv.Graph.Order())
	}
	rs := lv.Ruleset
	d := &levelfile.Document{
		Format:    levelfile.Format,
		Version:   levelfile.Version,
		Generator: levelfile.BuildProvenance(),
		Seed:      lv.Seed,
		Attempt:   lv.Attempt,
		Ruleset: levelfile.RulesetRef{
			Name:      rs.Name,
			SHA256:    hex.EncodeToString(rs.SHA256[:]),
			Overrides: make([]string, len(rs.Overrides)),
		},
		Params: levelfile.Params{
			Weights: rs.Weights.String(),
			Build:   buildOf(rs),
			Layout:  rs.Layout,
			Relax:   rs.Relax,
			Rooms:   rs.Rooms,
			Quality: levelfile.Quality{MaxStretch: levelfile.Float(rs.Quality.MaxStretch), MaxTail: levelfile.Float(rs.Quality.MaxTail), MaxWorst: levelfile.Float(rs.Quality.MaxWorst), MinDensity: levelfile.Float(rs.Quality.MinDensity)},
			Tags:    map[string]levelfile.Tag{},
			Rules:   map[string]levelfile.RuleParams{},
			Groups:  map[string]levelfile.GroupParams{},
			Passes:  map[string]levelfile.PassParams{},
		},
		Vertices: make([]levelfile.Vertex, lv.Graph.Order()),
		Edges:    []levelfile.Edge{},
		Failures: make([]levelfile.Failure, len(lv.Failures)),
	}
	for i, o := range rs.Overrides {
		d.Ruleset.Overrides[i] = o.String()
	}
	if rs.Map != rulesets.DefaultMap() {
		d.Params.Map = &levelfile.MapParams{CorridorWidth: rs.Map.CorridorWidth, Cell: levelfile.Float(rs.Map.Cell)}
	}
	addTag := func(name string) {
		if _, ok := d.Params.Tags[name]; ok {
			return
		}
		t, _ := rs.Tag(name)
		d.Params.Tags[name] = levelfile.Tag{Label: t.Label, Color: t.Color, MinExtent: t.MinExtent, MaxExtent: t.MaxExtent, Variation: t.Variation, Role: t.Role, Entity: t.Entity, Key: t.Key, Consumed: t.Consumed, Shape: t.Shape, Templates: slices.Clone(t.Templates)}
	}
	for _, t := range rs.Tags {
		addTag(t.Name)
	}
	for _, t := range rs.Templates {
		if d.Params.Templates == nil {
			d.Params.Templates = map[string][]string{}
		}
		d.Params.Templates[t.Name] = t.Rows()
	}
	for _, r := range rs.Rules {
		w := r.Weight
		if w == 0 {
			w = 1
		}
		d.Params.Rules[r.Name] = levelfile.RuleParams{MaxUses: r.MaxUses, Priority: r.Priority, Weight: levelfile.Float(w), NoRepeat: r.NoRepeat}
	}
	for _, gr := range rs.Groups {
		d.Params.Groups[gr.Name] = levelfile.GroupParams{Rules: append([]string{}, gr.Rules...), MaxUses: gr.MaxUses}
	}
	for i, p := range rs.Passes {
		d.Params.Passes[p.Name] = levelfile.PassParams{Order: i, Rules: append([]string{}, p.Rules...), MaxIterations: p.MaxIterations}
	}
	g := lv.Graph
	for id := range d.Vertices {
		v, r := g.Vertex(id), lv.Rooms[id]
		addTag(v.Tag)
		d.Vertices[id] = levelfile.Vertex{
			ID: id, Tag: v.Tag, X: levelfile.Float(v.Pos.X), Y: levelfile.Float(v.Pos.Y),
			W: levelfile.Float(r.W), H: levelfile.Float(r.H), Radius: levelfile.Float(r.Radius),
			Cosmetic: v.Cosmetic, CreatedBy: v.CreatedBy,
		}
	}
	for _, e := range g.Edges() {
		d.Edges = append(d.Edges, levelfile.Edge{A: e.A, B: e.B, Cosmetic: e.Cosmetic, LengthFactor: levelfile.Float(e.LengthFactor)})
	}
	if lv.Route == nil {
		return nil, errors.New("level: level without a route")
	}
	d.Route = levelfile.RouteOf(lv.Route, lv.Solution)
	d.Metrics = metricsOf(lv.Metrics)
	d.Trace = traceOf(lv.Build, rs.Grammar)
	for i, f := range lv.Failures {
		d.Failures[i] = levelfile.Failure(f)
	}
	if err := d.Validate(); err != nil {
		return nil, err
	}
	return d, nil
}

func buildOf(rs *rulesets.Ruleset) levelfile.Build {
	b := rs.Build
	out := levelfile.Build{MaxIterations: b.MaxIterations, MinVertices: b.MinVertices, MaxVertices: b.MaxVertices, MaxValence: b.MaxValence, Attempts: b.Attempts}
	if b.Planar != rulesets.PlanarReject {
		out.Planar = b.Planar
	}
	if len(rs.Locks()) > 0 {
		out.RequireSolvable = &b.RequireSolvable
	}
	return out
}

func metricsOf(m Metrics) levelfile.Metrics {
	q := m.Quality
	return levelfile.Metrics{
		Rooms: m.Rooms, Corridors: m.Corridors, Attempts: m.Attempts,
		ConstructionCrossings: m.ConstructionCrossings, RejectedConflicts: m.RejectedConflicts,
		Construct: levelfile.ConstructMetrics(m.Construct),
		Relax:     levelfile.RelaxMetrics{Scale: levelfile.Float(m.Relax.Scale), Iterations: m.Relax.Iterations, Converged: m.Relax.Converged},
		Quality: levelfile.QualityMetrics{
			EdgeDeviation: levelfile.Float(q.EdgeDeviation), Stress: levelfile.Float(q.Stress), AngularResolution: levelfile.Float(q.AngularResolution),
			Min: pointOf(q.Min), Max: pointOf(q.Max), Aspect: levelfile.Float(q.Aspect),
			Stretch: levelfile.Float(q.Stretch), Tail: levelfile.Float(q.Tail), Worst: levelfile.Float(q.Worst), Density: levelfile.Float(q.Density),
		},
		Clearance:         levelfile.ClearanceMetrics{Rooms: gap(m.Clearance.Rooms), Corridors: gap(m.Clearance.Corridors)},
		CriticalPathRooms: m.CriticalPathRooms, CriticalPathLength: levelfile.Float(m.CriticalPathLength),
		DeadEnds: m.DeadEnds, MaxDepth: m.MaxDepth,
	}
}

func pointOf(p r2.Vec) levelfile.Point {
	return levelfile.Point{X: levelfile.Float(p.X), Y: levelfile.Float(p.Y)}
}

// gap maps layout.Clearance's +Inf, "no pair", to nil.
func gap(v float64) *levelfile.Float {
	if math.IsInf(v, 1) {
		return nil
	}
	f := levelfile.Float(v)
	return &f
}

func traceOf(res *grammar.Result, gr *grammar.Grammar) levelfile.Trace {
	t := levelfile.Trace{Passes: []levelfile.PassResult{}, Steps: []levelfile.Step{}}
	if res == nil {
		return t
	}
	var rules []grammar.Rule
	if gr != nil {
		rules = gr.Rules()
	}
	ruleName := func(i int) string {
		if i >= 0 && i < len(rules) {
			return rules[i].Name
		}
		return fmt.Sprintf("rules[%d]", i)
	}
	for _, p := range res.Passes {
		t.Passes = append(t.Passes, levelfile.PassResult(p))
	}
	for _, s := range res.Steps {
		st := levelfile.Step{
			Iteration: s.Iteration, Rule: ruleName(s.Rule),
			Match: slices.Clone([]int(s.Match)), Added: slices.Clone(s.Added), Stats: []levelfile.RuleStats{},
		}
		if s.Pass >= 0 && s.Pass < len(res.Passes) {
			st.Pass = res.Passes[s.Pass].Name
		}
		if st.Match == nil {
			st.Match = []int{}
		}
		if st.Added == nil {
			st.Added = []int{}
		}
		for i, rs := range s.Stats {
			if rs == (grammar.RuleStats{}) {
				continue
			}
			st.Stats = append(st.Stats, levelfile.RuleStats{
				Rule: ruleName(i), Eligible: rs.Eligible, Candidates: rs.Candidates, Checked: rs.Checked,
				Negated: rs.Negated, Valence: rs.Valence, Flip: rs.Flip, Crossing: rs.Crossing,
				NonPlanar: rs.NonPlanar, Nest: rs.Nest, Wrap: rs.Wrap,
			})
		}
		t.Steps = append(t.Steps, st)
	}
	return t
}

// GraphOf rebuilds the graph of a level file: tags, positions, cosmetic
// flags, creators and edges with their length factors. Rules matched on it
// see the level as it was generated.
func GraphOf(d *levelfile.Document) (*grammar.Graph, error) {
	if err := d.Validate(); err != nil {
		return nil, err
	}
	g := new(grammar.Graph)
	for _, v := range d.Vertices {
		g.AddVertex(grammar.Vertex{Tag: v.Tag, Pos: r2.Vec{X: float64(v.X), Y: float64(v.Y)}, Cosmetic: v.Cosmetic, CreatedBy: v.CreatedBy})
	}
	for i, e := range d.Edges {
		if err := g.AddEdge(grammar.Edge{A: e.A, B: e.B, Cosmetic: e.Cosmetic, LengthFactor: float64(e.LengthFactor)}); err != nil {
			return nil, fmt.Errorf("level: edges[%d]: %w", i, err)
		}
	}
	return g, nil
}

// RoomsOf returns the rooms' sizes of a level file, indexed by vertex id.
func RoomsOf(d *levelfile.Document) []layout.Room {
	out := make([]layout.Room, len(d.Vertices))
	for i, v := range d.Vertices {
		out[i] = layout.Room{W: float64(v.W), H: float64(v.H), Radius: float64(v.Radius)}
	}
	return out
}

// RouteGraph is g as package route reads it.
func RouteGraph(g *grammar.Graph) *route.Graph {
	out := &route.Graph{Vertices: make([]route.Vertex, g.Order())}
	for id := range out.Vertices {
		v := g.Vertex(id)
		out.Vertices[id] = route.Vertex{Tag: v.Tag, Pos: v.Pos, Cosmetic: v.Cosmetic}
	}
	for _, e := range g.Edges() {
		out.Edges = append(out.Edges, route.Edge{A: e.A, B: e.B, Cosmetic: e.Cosmetic})
	}
	return out
}
