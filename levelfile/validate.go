package levelfile

import (
	"math"
	"reflect"
	"slices"
	"strings"

	"github.com/dungraph/dungraph/params"
	"github.com/dungraph/dungraph/route"
)

// The values of a tag's role (Tag.Role) and of params.build.planar: the
// ruleset's words, which level tests keep equal to rulesets' constants.
const (
	RoleEntrance = "entrance"
	RoleGoal     = "goal"
	RoleKey      = "key"
	RoleLock     = "lock"
	RoleJunction = "junction"

	PlanarReject   = "reject"
	PlanarJunction = "junction"
	PlanarOff      = "off"
)

// Validate reports every problem with d that the format forbids: a wrong
// format or version, a number that is not finite or out of its range, an
// id that is not dense, an edge or a trace entry that names a vertex that
// does not exist, a tag without its settings. WriteJSON, Graph and the
// renderers refuse a document that fails it. The error is an ErrorList.
func (d *Document) Validate() error {
	var p problems
	if d.Format != Format {
		p.add("format", "is %q, want %q", d.Format, Format)
	}
	if d.Version != Version {
		p.add("version", "is %d, want %d", d.Version, Version)
	}
	finite(&p, reflect.ValueOf(d).Elem(), "")
	if d.Attempt < 0 {
		p.add("attempt", "is %d, want >= 0", d.Attempt)
	}
	d.validateRuleset(&p)
	d.validateParams(&p)
	n := len(d.Vertices)
	for i, v := range d.Vertices {
		vp := index("vertices", i)
		if v.ID != i {
			p.add(member(vp, "id"), "is %d, want %d: ids are the vertices' indices", v.ID, i)
		}
		if !isIdent(v.Tag) {
			p.add(member(vp, "tag"), "%q is not a tag: tags use letters, digits and '_' only", v.Tag)
		} else if _, ok := d.Params.Tags[v.Tag]; !ok {
			p.add(member(vp, "tag"), "tag %q has no entry in params.tags", v.Tag)
		}
		for _, f := range []struct {
			key string
			v   Float
		}{{"w", v.W}, {"h", v.H}, {"radius", v.Radius}} {
			if f.v < 0 {
				p.add(member(vp, f.key), "is %v, want >= 0", float64(f.v))
			}
		}
		if v.CreatedBy < -1 || v.CreatedBy >= len(d.Trace.Steps) {
			p.add(member(vp, "created_by"), "is %d: want -1 (the start vertex) or a step of trace.steps (0 to %d)", v.CreatedBy, len(d.Trace.Steps)-1)
		}
	}
	seen := make(map[[2]int]int, len(d.Edges))
	for i, e := range d.Edges {
		ep := index("edges", i)
		okA, okB := e.A >= 0 && e.A < n, e.B >= 0 && e.B < n
		if !okA {
			p.add(member(ep, "a"), "vertex %d does not exist (the level has %d vertices)", e.A, n)
		}
		if !okB {
			p.add(member(ep, "b"), "vertex %d does not exist (the level has %d vertices)", e.B, n)
		}
		if okA && okB && e.A >= e.B {
			p.add(ep, "a is %d and b %d: want a < b", e.A, e.B)
		}
		if j, dup := seen[[2]int{e.A, e.B}]; dup {
			p.add(ep, "same edge as edges[%d]", j)
		} else {
			seen[[2]int{e.A, e.B}] = i
		}
		if e.LengthFactor <= 0 {
			p.add(member(ep, "length_factor"), "is %v, want > 0", float64(e.LengthFactor))
		}
	}
	m := d.Metrics
	for _, c := range []struct {
		path string
		v    int
	}{
		{"metrics.rooms", m.Rooms}, {"metrics.corridors", m.Corridors}, {"metrics.attempts", m.Attempts},
		{"metrics.construction_crossings", m.ConstructionCrossings}, {"metrics.rejected_conflicts", m.RejectedConflicts},
		{"metrics.construct.rewrites", m.Construct.Rewrites}, {"metrics.construct.local_phases", m.Construct.LocalPhases},
		{"metrics.construct.global_phases", m.Construct.GlobalPhases}, {"metrics.construct.iterations", m.Construct.Iterations},
		{"metrics.relax.iterations", m.Relax.Iterations},
	} {
		if c.v < 0 {
			p.add(c.path, "is %d, want >= 0", c.v)
		}
	}
	d.validateTrace(&p, n)
	if len(p.list) == 0 {
		// The route is derived from the graph: recompute it, which needs
		// valid vertices and edges.
		d.validateRoute(&p)
	}
	for i, f := range d.Failures {
		if f.Attempt < 0 || f.Attempt >= d.Attempt {
			p.add(member(index("failures", i), "attempt"), "is %d: failures are of earlier attempts, 0 to %d", f.Attempt, d.Attempt-1)
		}
	}
	return p.err()
}

func (d *Document) validateRuleset(p *problems) {
	if h := d.Ruleset.SHA256; len(h) != 64 || strings.Trim(h, "0123456789abcdef") != "" {
		p.add("ruleset.sha256", "%q is not 64 lower-case hex digits", h)
	}
	for i, o := range d.Ruleset.Overrides {
		if k, _, ok := strings.Cut(o, "="); !ok || strings.TrimSpace(k) == "" {
			p.add(index("ruleset.overrides", i), "%q is not key=value", o)
		}
	}
}

func (d *Document) validateParams(p *problems) {
	pp := &d.Params
	if pp.Weights != "rule" && pp.Weights != "match" {
		p.add("params.weights", "is %q, want \"rule\" or \"match\"", pp.Weights)
	}
	atLeast := func(path string, v, lo int) {
		if v < lo {
			p.add(path, "is %d, want >= %d", v, lo)
		}
	}
	positive := func(path string, v Float) {
		if v <= 0 { // NaN is reported by finite
			p.add(path, "is %v, want > 0", float64(v))
		}
	}
	order := func(path string, lo, hi int) {
		if lo > hi {
			p.add(path, "min_extent %d is greater than max_extent %d", lo, hi)
		}
	}
	b := pp.Build
	atLeast("params.build.max_iterations", b.MaxIterations, 1)
	atLeast("params.build.min_vertices", b.MinVertices, 1)
	atLeast("params.build.max_vertices", b.MaxVertices, 1)
	atLeast("params.build.max_valence", b.MaxValence, 1)
	atLeast("params.build.attempts", b.Attempts, 1)
	switch b.Planar {
	case "", PlanarJunction, PlanarOff:
	default:
		p.add("params.build.planar", "planar %q is not %q or %q (or left out for %q)", b.Planar, PlanarJunction, PlanarOff, PlanarReject)
	}
	if b.MinVertices > b.MaxVertices {
		p.add("params.build", "min_vertices %d is greater than max_vertices %d", b.MinVertices, b.MaxVertices)
	}
	for _, t := range []struct {
		path string
		f    params.Forces
	}{{"params.layout", pp.Layout}, {"params.relax", pp.Relax}} {
		f := t.f
		positive(member(t.path, "spring_strength"), Float(f.SpringStrength))
		positive(member(t.path, "edge_length"), Float(f.EdgeLength))
		positive(member(t.path, "repulsion"), Float(f.Repulsion))
		positive(member(t.path, "max_delta"), Float(f.MaxDelta))
		positive(member(t.path, "convergence_distance"), Float(f.ConvergenceDistance))
		if f.Spring != "log" && f.Spring != "hooke" {
			p.add(member(t.path, "spring"), "is %q, want \"log\" or \"hooke\"", f.Spring)
		}
		positive(member(t.path, "cutoff"), Float(f.Cutoff))
		atLeast(member(t.path, "max_iterations"), f.MaxIterations, 1)
		if g := float64(f.Gravity); !(g >= 0 && g <= 1) {
			p.add(member(t.path, "gravity"), "is %v, want a number from 0 to 1", g)
		}
	}
	r := pp.Rooms
	positive("params.rooms.margin", Float(r.Margin))
	atLeast("params.rooms.min_extent", r.MinExtent, 1)
	atLeast("params.rooms.max_extent", r.MaxExtent, 1)
	order("params.rooms", r.MinExtent, r.MaxExtent)
	positive("params.rooms.radius_fudge", Float(r.RadiusFudge))
	q := pp.Quality
	positive("params.quality.max_stretch", q.MaxStretch)
	positive("params.quality.max_tail", q.MaxTail)
	positive("params.quality.max_worst", q.MaxWorst)
	positive("params.quality.min_density", q.MinDensity)
	validateShapes(pp, p)
	for _, name := range namesOf(pp.Tags) {
		t, tp := pp.Tags[name], member("params.tags", name)
		if !isIdent(name) {
			p.add(tp, "%q is not a tag: tags use letters, digits and '_' only", name)
		}
		if t.Color != "" {
			if _, ok := ParseColor(t.Color); !ok {
				p.add(member(tp, "color"), "%q is not a colour: want \"#rrggbb\" or \"\"", t.Color)
			}
		}
		atLeast(member(tp, "min_extent"), t.MinExtent, 1)
		atLeast(member(tp, "max_extent"), t.MaxExtent, 1)
		order(tp, t.MinExtent, t.MaxExtent)
		if v := t.Variation; v != "" && (len(v) != 1 || v[0] < 'A' || v[0] > 'Z') {
			p.add(member(tp, "variation"), "is %q, want a letter A-Z or \"\"", v)
		}
		switch t.Role {
		case "", RoleEntrance, RoleGoal, RoleKey, RoleJunction:
		case RoleLock:
			if k, ok := pp.Tags[t.Key]; !ok || k.Role != RoleKey {
				p.add(member(tp, "key"), "%q is not a tag of params.tags with role %q", t.Key, RoleKey)
			}
		default:
			p.add(member(tp, "role"), "is %q, want \"\", %q, %q, %q, %q or %q", t.Role, RoleEntrance, RoleGoal, RoleKey, RoleLock, RoleJunction)
		}
		if t.Role != RoleLock && (t.Key != "" || t.Consumed) {
			p.add(tp, "key and consumed are for tags with role %q", RoleLock)
		}
	}
	for _, name := range namesOf(pp.Rules) {
		r, rp := pp.Rules[name], member("params.rules", name)
		atLeast(member(rp, "max_uses"), r.MaxUses, 0)
		positive(member(rp, "weight"), r.Weight)
	}
	knownRules := func(path string, rules []string) {
		for i, r := range rules {
			if _, ok := pp.Rules[r]; !ok {
				p.add(index(path, i), "rule %q has no entry in params.rules", r)
			}
		}
	}
	for _, name := range namesOf(pp.Groups) {
		g, gp := pp.Groups[name], member("params.groups", name)
		atLeast(member(gp, "max_uses"), g.MaxUses, 0)
		knownRules(member(gp, "rules"), g.Rules)
	}
	orders := make([]bool, len(pp.Passes))
	for _, name := range namesOf(pp.Passes) {
		ps, pp2 := pp.Passes[name], member("params.passes", name)
		atLeast(member(pp2, "max_iterations"), ps.MaxIterations, 0)
		knownRules(member(pp2, "rules"), ps.Rules)
		if ps.Order < 0 || ps.Order >= len(orders) || orders[ps.Order] {
			p.add(member(pp2, "order"), "is %d: the passes' orders must be 0..%d, each once", ps.Order, len(orders)-1)
		} else {
			orders[ps.Order] = true
		}
	}
}

// namesOf returns m's keys in order, so that problems come out in a
// fixed order.
func namesOf[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

func (d *Document) validateTrace(p *problems, n int) {
	ids := func(path string, vs []int) {
		for j, v := range vs {
			if v < 0 || v >= n {
				p.add(index(path, j), "vertex %d does not exist (the level has %d vertices)", v, n)
			}
		}
	}
	for i, s := range d.Trace.Passes {
		if s.Iterations < 0 {
			p.add(member(index("trace.passes", i), "iterations"), "is %d, want >= 0", s.Iterations)
		}
		if s.End != "stalled" && s.End != "budget" && s.End != "max_iterations" {
			p.add(member(index("trace.passes", i), "end"), "is %q, want \"stalled\", \"budget\" or \"max_iterations\"", s.End)
		}
	}
	for i, s := range d.Trace.Steps {
		sp := index("trace.steps", i)
		if s.Iteration != i {
			p.add(member(sp, "iteration"), "is %d, want %d: steps are in build order", s.Iteration, i)
		}
		if s.Rule == "" {
			p.add(member(sp, "rule"), "empty rule name")
		}
		ids(member(sp, "match"), s.Match)
		ids(member(sp, "added"), s.Added)
		for j, rs := range s.Stats {
			rp := index(member(sp, "stats"), j)
			if rs.Rule == "" {
				p.add(member(rp, "rule"), "empty rule name")
			}
			if min(rs.Candidates, rs.Checked, rs.Negated, rs.Valence, rs.Flip, rs.Crossing, rs.NonPlanar, rs.Nest, rs.Wrap) < 0 {
				p.add(rp, "counters must be >= 0")
			}
		}
	}
}

// finite reports every float in v (a Float, or a number of a params
// table) that is NaN or infinite, which JSON cannot hold.
func finite(p *problems, v reflect.Value, path string) {
	switch v.Kind() {
	case reflect.Pointer:
		if !v.IsNil() {
			finite(p, v.Elem(), path)
		}
	case reflect.Struct:
		t := v.Type()
		for i := range t.NumField() {
			name, _, _ := strings.Cut(t.Field(i).Tag.Get("json"), ",")
			finite(p, v.Field(i), member(path, name))
		}
	case reflect.Slice:
		for i := range v.Len() {
			finite(p, v.Index(i), index(path, i))
		}
	case reflect.Map:
		for _, k := range sortedKeys(v) {
			finite(p, v.MapIndex(k), member(path, k.String()))
		}
	case reflect.Float64:
		if f := v.Float(); math.IsNaN(f) || math.IsInf(f, 0) {
			p.add(path, "is %v: JSON numbers must be finite", f)
		}
	}
}

// Roles returns the tags that take the entrance, goal, key and lock roles
// in d.Params.Tags.
func (d *Document) Roles() route.Roles {
	var r route.Roles
	for _, name := range namesOf(d.Params.Tags) {
		switch t := d.Params.Tags[name]; t.Role {
		case RoleEntrance:
			r.Entrance = name
		case RoleGoal:
			r.Goal = name
		case RoleKey:
			r.Keys = append(r.Keys, name)
		case RoleLock:
			r.Locks = append(r.Locks, route.Lock{Tag: name, Key: t.Key, Consumed: t.Consumed})
		}
	}
	return r
}

// validateRoute checks the route and its metrics against the route of
// the graph.
func (d *Document) validateRoute(p *problems) {
	g, err := d.RouteGraph()
	if err != nil {
		p.add("route", "%v", err)
		return
	}
	r, err := route.Find(g, d.Roles())
	if err != nil {
		p.add("route", "%v", err)
		return
	}
	want := routeOf(r)
	got := d.Route
	check := func(key string, ok bool, format string, args ...any) {
		if !ok {
			p.add(key, format, args...)
		}
	}
	check("route.entrance", got.Entrance == want.Entrance, "is %d, the graph's entrance is %d", got.Entrance, want.Entrance)
	check("route.goal", got.Goal == want.Goal, "is %d, the graph's goal is %d", got.Goal, want.Goal)
	check("route.critical_path", slices.Equal(got.CriticalPath, want.CriticalPath), "is %v, the graph's critical path is %v", got.CriticalPath, want.CriticalPath)
	check("route.length", got.Length == want.Length, "is %v, the critical path is %v long", float64(got.Length), float64(want.Length))
	check("route.depth", slices.Equal(got.Depth, want.Depth), "does not match the graph's depths %v", want.Depth)
	check("route.distance", slices.Equal(got.Distance, want.Distance), "does not match the graph's distances from the entrance")
	check("route.dead_ends", slices.Equal(got.DeadEnds, want.DeadEnds), "is %v, the graph's dead ends are %v", got.DeadEnds, want.DeadEnds)
	m := d.Metrics
	check("metrics.critical_path_rooms", m.CriticalPathRooms == len(want.CriticalPath), "is %d, the critical path has %d rooms", m.CriticalPathRooms, len(want.CriticalPath))
	check("metrics.critical_path_length", m.CriticalPathLength == want.Length, "is %v, the critical path is %v long", float64(m.CriticalPathLength), float64(want.Length))
	check("metrics.dead_ends", m.DeadEnds == len(want.DeadEnds), "is %d, the level has %d dead ends", m.DeadEnds, len(want.DeadEnds))
	check("metrics.max_depth", m.MaxDepth == r.MaxDepth(), "is %d, the deepest room is at depth %d", m.MaxDepth, r.MaxDepth())
	d.validateSolution(p, g, r)
}
