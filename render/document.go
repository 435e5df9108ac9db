package render

import (
	"encoding/hex"
	"errors"
	"fmt"
	"math"
	"runtime"
	"runtime/debug"
	"slices"

	"gonum.org/v1/gonum/spatial/r2"

	"github.com/dungraph/dungraph/grammar"
	"github.com/dungraph/dungraph/layout"
	"github.com/dungraph/dungraph/level"
	"github.com/dungraph/dungraph/params"
	"github.com/dungraph/dungraph/route"
	"github.com/dungraph/dungraph/rulesets"
)

// Format is the value of a document's "format" key.
const Format = "dungraph.level"

// Version is the version of the level format this package writes and the
// only one it reads. It changes when a key is removed, renamed or changes
// meaning; see docs/level-format.md.
const Version = 2

// ModulePath is the module whose version Provenance reports.
const ModulePath = "github.com/dungraph/dungraph"

// Document is a level in the JSON level format. Its fields are written in
// the order they are declared here; docs/level-format.md documents each
// key. Lengths and coordinates are in world units.
type Document struct {
	Format  string `json:"format"`
	Version int    `json:"version"`
	// Generator says which build of dungraph wrote the document. It is the
	// only part that depends on the build rather than on the ruleset and
	// seed: drop it to compare two levels.
	Generator Provenance `json:"generator"`
	Seed      uint64     `json:"seed"`
	Attempt   int        `json:"attempt"`
	Ruleset   RulesetRef `json:"ruleset"`
	Params    Params     `json:"params"`
	Vertices  []Vertex   `json:"vertices"`
	Edges     []Edge     `json:"edges"`
	Route     Route      `json:"route"`
	Metrics   Metrics    `json:"metrics"`
	Trace     Trace      `json:"trace"`
	Failures  []Failure  `json:"failures"`
}

// Provenance identifies the program that wrote a document.
type Provenance struct {
	// Module is ModulePath.
	Module string `json:"module"`
	// Version is the module's version, "devel" when it was built from a
	// working tree rather than a tagged module.
	Version string `json:"version"`
	// Revision is the VCS revision the program was built from, "" when
	// unknown; Modified says the working tree had uncommitted changes.
	Revision string `json:"revision"`
	Modified bool   `json:"modified"`
	// Go is the Go version (runtime.Version) and Platform GOOS/GOARCH.
	Go       string `json:"go"`
	Platform string `json:"platform"`
}

// RulesetRef identifies the ruleset a level was generated from.
type RulesetRef struct {
	Name string `json:"name"`
	// SHA256 is the hex SHA-256 of the ruleset file's bytes, before
	// overrides.
	SHA256 string `json:"sha256"`
	// Overrides are the "key=value" overrides applied on top of the file,
	// in order.
	Overrides []string `json:"overrides"`
}

// Params are the effective parameters of the ruleset, overrides and
// defaults included: the ruleset's tables of the same names.
type Params struct {
	// Weights is "rule" or "match" (see grammar.WeightMode).
	Weights string        `json:"weights"`
	Build   Build         `json:"build"`
	Layout  params.Forces `json:"layout"`
	Relax   params.Forces `json:"relax"`
	Rooms   params.Rooms  `json:"rooms"`
	Quality Quality       `json:"quality"`
	// Map is the ruleset's [map] table, absent when it is the defaults
	// (corridors one cell wide, the cell chosen by the map stage).
	Map *MapParams `json:"map,omitempty"`
	// Tags holds, for every tag the ruleset configures or the level uses,
	// its effective settings, by tag name.
	Tags map[string]Tag `json:"tags"`
	// Rules, Groups and Passes hold the metarules of every rule, group and
	// pass, by name: the values --set can override (rules.<name>.weight,
	// groups.<name>.max_uses, passes.<name>.max_iterations, ...).
	Rules  map[string]RuleParams  `json:"rules"`
	Groups map[string]GroupParams `json:"groups"`
	Passes map[string]PassParams  `json:"passes"`
	// Templates holds the ruleset's ASCII-art rooms, by name: the rows of
	// each template's art (see gridmap.ParseTemplate). Absent when the
	// ruleset has none.
	Templates map[string][]string `json:"templates,omitempty"`
}

// RuleParams are a rule's metarules, defaults filled in (weight 1).
type RuleParams struct {
	MaxUses  int   `json:"max_uses"`
	Priority int   `json:"priority"`
	Weight   Float `json:"weight"`
	NoRepeat bool  `json:"no_repeat"`
}

// GroupParams is a [[groups]] entry's budget; Rules lists its members.
type GroupParams struct {
	Rules   []string `json:"rules"`
	MaxUses int      `json:"max_uses"`
}

// PassParams is a [[passes]] entry: its place in the order, its rules and its
// budget (0: build.max_iterations).
type PassParams struct {
	Order         int      `json:"order"`
	Rules         []string `json:"rules"`
	MaxIterations int      `json:"max_iterations"`
}

// Build is the [build] table.
type Build struct {
	MaxIterations int `json:"max_iterations"`
	MinVertices   int `json:"min_vertices"`
	MaxVertices   int `json:"max_vertices"`
	MaxValence    int `json:"max_valence"`
	Attempts      int `json:"attempts"`
	// Planar is build.planar when it is not the default "reject"; a
	// level of the default leaves it out, so its file reads as one
	// written before the key existed.
	Planar string `json:"planar,omitempty"`
	// RequireSolvable is written only for a ruleset that declares locks:
	// it does nothing in one that does not.
	RequireSolvable *bool `json:"require_solvable,omitempty"`
}

// Quality is the [quality] table.
type Quality struct {
	MaxStretch Float `json:"max_stretch"`
	MaxTail    Float `json:"max_tail"`
	MaxWorst   Float `json:"max_worst"`
	MinDensity Float `json:"min_density"`
}

// MapParams is the [map] table: the corridors' width in cells and the
// side of a cell in world units (0: the map stage chooses).
type MapParams struct {
	CorridorWidth int   `json:"corridor_width"`
	Cell          Float `json:"cell"`
}

// Tag is a [tags.<name>] table with its defaults filled in.
type Tag struct {
	Label string `json:"label"`
	// Color is "#rrggbb", or "" to let the renderer choose.
	Color     string `json:"color"`
	MinExtent int    `json:"min_extent"`
	MaxExtent int    `json:"max_extent"`
	Variation string `json:"variation"`
	Role      string `json:"role"`
	Entity    string `json:"entity"`
	// Key and Consumed are written for lock tags only.
	Key      string `json:"key,omitempty"`
	Consumed bool   `json:"consumed,omitempty"`
	// Shape is the shape the map stage draws the tag's rooms in (see
	// gridmap.Shapes); absent means "rect". Templates names the
	// params.templates a "template" room is drawn from.
	Shape     string   `json:"shape,omitempty"`
	Templates []string `json:"templates,omitempty"`
}

// Vertex is a room: a W × H rectangle centred on (X, Y), inside the disc of
// radius Radius the layout checks. Cosmetic vertices shape the drawing but
// are not rooms a player walks through.
type Vertex struct {
	ID       int    `json:"id"`
	Tag      string `json:"tag"`
	X        Float  `json:"x"`
	Y        Float  `json:"y"`
	W        Float  `json:"w"`
	H        Float  `json:"h"`
	Radius   Float  `json:"radius"`
	Cosmetic bool   `json:"cosmetic"`
	// CreatedBy is the index in Trace.Steps of the rule application that
	// created the vertex, -1 for the start vertex.
	CreatedBy int `json:"created_by"`
}

// Edge is a corridor between vertices A and B, A < B; a cosmetic edge is
// not walked. LengthFactor scales the layout's target length.
type Edge struct {
	A            int   `json:"a"`
	B            int   `json:"b"`
	Cosmetic     bool  `json:"cosmetic"`
	LengthFactor Float `json:"length_factor"`
}

// Route is route.Route: the entrance, the goal, the critical path between
// them, and each vertex's depth and distance from the entrance (-1 for
// cosmetic vertices). Validate checks it against the graph.
type Route struct {
	Entrance     int     `json:"entrance"`
	Goal         int     `json:"goal"`
	CriticalPath []int   `json:"critical_path"`
	Length       Float   `json:"length"`
	Depth        []int   `json:"depth"`
	Distance     []Float `json:"distance"`
	DeadEnds     []int   `json:"dead_ends"`
	// Solution is written for levels whose ruleset declares locks.
	Solution *Solution `json:"solution,omitempty"`
}

// Metrics are level.Metrics. None depends on the clock.
type Metrics struct {
	Rooms                 int              `json:"rooms"`
	Corridors             int              `json:"corridors"`
	Attempts              int              `json:"attempts"`
	ConstructionCrossings int              `json:"construction_crossings"`
	RejectedConflicts     int              `json:"rejected_conflicts"`
	Construct             ConstructMetrics `json:"construct"`
	Relax                 RelaxMetrics     `json:"relax"`
	Quality               QualityMetrics   `json:"quality"`
	Clearance             ClearanceMetrics `json:"clearance"`
	CriticalPathRooms     int              `json:"critical_path_rooms"`
	CriticalPathLength    Float            `json:"critical_path_length"`
	DeadEnds              int              `json:"dead_ends"`
	MaxDepth              int              `json:"max_depth"`
}

// ConstructMetrics are layout.ConstructStats.
type ConstructMetrics struct {
	Rewrites     int `json:"rewrites"`
	LocalPhases  int `json:"local_phases"`
	GlobalPhases int `json:"global_phases"`
	Iterations   int `json:"iterations"`
}

// RelaxMetrics are layout.RelaxStats.
type RelaxMetrics struct {
	Scale      Float `json:"scale"`
	Iterations int   `json:"iterations"`
	Converged  bool  `json:"converged"`
}

// QualityMetrics are layout.Quality.
type QualityMetrics struct {
	EdgeDeviation     Float `json:"edge_deviation"`
	Stress            Float `json:"stress"`
	AngularResolution Float `json:"angular_resolution"`
	Min               Point `json:"min"`
	Max               Point `json:"max"`
	Aspect            Float `json:"aspect"`
	Stretch           Float `json:"stretch"`
	Tail              Float `json:"tail"`
	Worst             Float `json:"worst"`
	Density           Float `json:"density"`
}

// Point is a position in world units.
type Point struct {
	X Float `json:"x"`
	Y Float `json:"y"`
}

// ClearanceMetrics are layout.Clearance. A gap is nil (null in JSON) where
// layout.Clearance has +Inf: there is no pair to measure.
type ClearanceMetrics struct {
	Rooms     *Float `json:"rooms"`
	Corridors *Float `json:"corridors"`
}

// Trace is the build: how each pass ended and every rule application.
type Trace struct {
	Passes []PassResult `json:"passes"`
	Steps  []Step       `json:"steps"`
}

// PassResult is grammar.PassResult. A ruleset without passes has one pass
// named "".
type PassResult struct {
	Name       string `json:"name"`
	Iterations int    `json:"iterations"`
	End        string `json:"end"`
}

// Step is one rule application, grammar.Step with names for indices.
type Step struct {
	Iteration int    `json:"iteration"`
	Pass      string `json:"pass"`
	Rule      string `json:"rule"`
	// Match lists the host vertices the rule's pattern vertices were
	// mapped to, in pattern order; Added the vertices it created.
	Match []int `json:"match"`
	Added []int `json:"added"`
	// Stats holds what the draw saw of each rule, for the rules with a
	// non-zero counter only, in rule order.
	Stats []RuleStats `json:"stats"`
}

// RuleStats is grammar.RuleStats for one rule.
type RuleStats struct {
	Rule       string `json:"rule"`
	Eligible   bool   `json:"eligible"`
	Candidates int    `json:"candidates"`
	Checked    int    `json:"checked"`
	Negated    int    `json:"negated"`
	Valence    int    `json:"valence"`
	Flip       int    `json:"flip"`
	Crossing   int    `json:"crossing"`
	// NonPlanar is left out when 0, as in every level of a planar
	// grammar.
	NonPlanar int `json:"nonplanar,omitempty"`
}

// Failure is a rejected earlier attempt.
type Failure struct {
	Attempt int    `json:"attempt"`
	Reason  string `json:"reason"`
}

// BuildProvenance returns the provenance of the running program, from its
// build information.
func BuildProvenance() Provenance {
	p := Provenance{Module: ModulePath, Version: "devel", Go: runtime.Version(), Platform: runtime.GOOS + "/" + runtime.GOARCH}
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return p
	}
	mod := &bi.Main
	if mod.Path != ModulePath {
		mod = nil
		for _, d := range bi.Deps {
			if d.Path == ModulePath {
				mod = d
				break
			}
		}
	}
	if mod != nil && mod.Version != "" && mod.Version != "(devel)" {
		p.Version = mod.Version
	}
	// VCS settings describe the main module only.
	if bi.Main.Path == ModulePath {
		for _, s := range bi.Settings {
			switch s.Key {
			case "vcs.revision":
				p.Revision = s.Value
			case "vcs.modified":
				p.Modified = s.Value == "true"
			}
		}
	}
	return p
}

// FromLevel returns the document of lv, with the running program's
// provenance.
func FromLevel(lv *level.Level) (*Document, error) {
	switch {
	case lv == nil:
		return nil, errors.New("render: nil level")
	case lv.Ruleset == nil:
		return nil, errors.New("render: level without a ruleset")
	case lv.Graph == nil:
		return nil, errors.New("render: level without a graph")
	case len(lv.Rooms) != lv.Graph.Order():
		return nil, fmt.Errorf("render: level has %d rooms for %d vertices", len(lv.Rooms), lv.Graph.Order())
	}
	rs := lv.Ruleset
	d := &Document{
		Format:    Format,
		Version:   Version,
		Generator: BuildProvenance(),
		Seed:      lv.Seed,
		Attempt:   lv.Attempt,
		Ruleset: RulesetRef{
			Name:      rs.Name,
			SHA256:    hex.EncodeToString(rs.SHA256[:]),
			Overrides: make([]string, len(rs.Overrides)),
		},
		Params: Params{
			Weights: rs.Weights.String(),
			Build:   buildOf(rs),
			Layout:  rs.Layout,
			Relax:   rs.Relax,
			Rooms:   rs.Rooms,
			Quality: Quality{MaxStretch: Float(rs.Quality.MaxStretch), MaxTail: Float(rs.Quality.MaxTail), MaxWorst: Float(rs.Quality.MaxWorst), MinDensity: Float(rs.Quality.MinDensity)},
			Tags:    map[string]Tag{},
			Rules:   map[string]RuleParams{},
			Groups:  map[string]GroupParams{},
			Passes:  map[string]PassParams{},
		},
		Vertices: make([]Vertex, lv.Graph.Order()),
		Edges:    []Edge{},
		Failures: make([]Failure, len(lv.Failures)),
	}
	for i, o := range rs.Overrides {
		d.Ruleset.Overrides[i] = o.String()
	}
	if rs.Map != rulesets.DefaultMap() {
		d.Params.Map = &MapParams{CorridorWidth: rs.Map.CorridorWidth, Cell: Float(rs.Map.Cell)}
	}
	addTag := func(name string) {
		if _, ok := d.Params.Tags[name]; ok {
			return
		}
		t, _ := rs.Tag(name)
		d.Params.Tags[name] = Tag{Label: t.Label, Color: t.Color, MinExtent: t.MinExtent, MaxExtent: t.MaxExtent, Variation: t.Variation, Role: t.Role, Entity: t.Entity, Key: t.Key, Consumed: t.Consumed, Shape: t.Shape, Templates: slices.Clone(t.Templates)}
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
		d.Params.Rules[r.Name] = RuleParams{MaxUses: r.MaxUses, Priority: r.Priority, Weight: Float(w), NoRepeat: r.NoRepeat}
	}
	for _, gr := range rs.Groups {
		d.Params.Groups[gr.Name] = GroupParams{Rules: nonNil(slices.Clone(gr.Rules)), MaxUses: gr.MaxUses}
	}
	for i, p := range rs.Passes {
		d.Params.Passes[p.Name] = PassParams{Order: i, Rules: nonNil(slices.Clone(p.Rules)), MaxIterations: p.MaxIterations}
	}
	g := lv.Graph
	for id := range d.Vertices {
		v, r := g.Vertex(id), lv.Rooms[id]
		addTag(v.Tag)
		d.Vertices[id] = Vertex{
			ID: id, Tag: v.Tag, X: Float(v.Pos.X), Y: Float(v.Pos.Y),
			W: Float(r.W), H: Float(r.H), Radius: Float(r.Radius),
			Cosmetic: v.Cosmetic, CreatedBy: v.CreatedBy,
		}
	}
	for _, e := range g.Edges() {
		d.Edges = append(d.Edges, Edge{A: e.A, B: e.B, Cosmetic: e.Cosmetic, LengthFactor: Float(lengthFactor(e.LengthFactor))})
	}
	if lv.Route == nil {
		return nil, errors.New("render: level without a route")
	}
	d.Route = routeOf(lv.Route)
	d.Route.Solution = solutionOf(lv.Solution)
	d.Metrics = metricsOf(lv.Metrics)
	d.Trace = traceOf(lv.Build, rs.Grammar)
	for i, f := range lv.Failures {
		d.Failures[i] = Failure(f)
	}
	if err := d.Validate(); err != nil {
		return nil, err
	}
	return d, nil
}

// lengthFactor is the effective factor: grammar.Edge's zero value means 1.
func lengthFactor(f float64) float64 {
	if f == 0 {
		return 1
	}
	return f
}

func routeOf(r *route.Route) Route {
	out := Route{
		Entrance: r.Entrance, Goal: r.Goal, CriticalPath: nonNil(slices.Clone(r.Path)), Length: Float(r.Length),
		Depth: nonNil(slices.Clone(r.Depth)), Distance: make([]Float, len(r.Distance)), DeadEnds: nonNil(slices.Clone(r.DeadEnds)),
	}
	for i, v := range r.Distance {
		out.Distance[i] = Float(v)
	}
	return out
}

func buildOf(rs *rulesets.Ruleset) Build {
	b := rs.Build
	out := Build{MaxIterations: b.MaxIterations, MinVertices: b.MinVertices, MaxVertices: b.MaxVertices, MaxValence: b.MaxValence, Attempts: b.Attempts}
	if b.Planar != rulesets.PlanarReject {
		out.Planar = b.Planar
	}
	if len(rs.Locks()) > 0 {
		out.RequireSolvable = &b.RequireSolvable
	}
	return out
}

func metricsOf(m level.Metrics) Metrics {
	q := m.Quality
	return Metrics{
		Rooms: m.Rooms, Corridors: m.Corridors, Attempts: m.Attempts,
		ConstructionCrossings: m.ConstructionCrossings, RejectedConflicts: m.RejectedConflicts,
		Construct: ConstructMetrics(m.Construct),
		Relax:     RelaxMetrics{Scale: Float(m.Relax.Scale), Iterations: m.Relax.Iterations, Converged: m.Relax.Converged},
		Quality: QualityMetrics{
			EdgeDeviation: Float(q.EdgeDeviation), Stress: Float(q.Stress), AngularResolution: Float(q.AngularResolution),
			Min: pointOf(q.Min), Max: pointOf(q.Max), Aspect: Float(q.Aspect),
			Stretch: Float(q.Stretch), Tail: Float(q.Tail), Worst: Float(q.Worst), Density: Float(q.Density),
		},
		Clearance:         ClearanceMetrics{Rooms: gap(m.Clearance.Rooms), Corridors: gap(m.Clearance.Corridors)},
		CriticalPathRooms: m.CriticalPathRooms, CriticalPathLength: Float(m.CriticalPathLength),
		DeadEnds: m.DeadEnds, MaxDepth: m.MaxDepth,
	}
}

func pointOf(p r2.Vec) Point { return Point{X: Float(p.X), Y: Float(p.Y)} }

// gap maps layout.Clearance's +Inf, "no pair", to nil.
func gap(v float64) *Float {
	if math.IsInf(v, 1) {
		return nil
	}
	f := Float(v)
	return &f
}

func traceOf(res *grammar.Result, gr *grammar.Grammar) Trace {
	t := Trace{Passes: []PassResult{}, Steps: []Step{}}
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
		t.Passes = append(t.Passes, PassResult(p))
	}
	for _, s := range res.Steps {
		st := Step{
			Iteration: s.Iteration, Rule: ruleName(s.Rule),
			Match: slices.Clone([]int(s.Match)), Added: slices.Clone(s.Added), Stats: []RuleStats{},
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
			st.Stats = append(st.Stats, RuleStats{
				Rule: ruleName(i), Eligible: rs.Eligible, Candidates: rs.Candidates, Checked: rs.Checked,
				Negated: rs.Negated, Valence: rs.Valence, Flip: rs.Flip, Crossing: rs.Crossing,
				NonPlanar: rs.NonPlanar,
			})
		}
		t.Steps = append(t.Steps, st)
	}
	return t
}

// Graph rebuilds the level's graph: tags, positions, cosmetic flags,
// creators and edges with their length factors. Rules matched on it see the
// level as it was generated.
func (d *Document) Graph() (*grammar.Graph, error) {
	if err := d.Validate(); err != nil {
		return nil, err
	}
	return d.graph()
}

// UpdateRoute recomputes d.Route and the route's metrics from the graph,
// for a document whose rooms or corridors were edited: Validate refuses a
// route that does not match the graph.
func (d *Document) UpdateRoute() error {
	g, err := d.graph()
	if err != nil {
		return err
	}
	r, err := route.Find(g, d.Roles())
	if err != nil {
		return err
	}
	d.Route = routeOf(r)
	if d.hasLocks() {
		sol, err := route.Solve(g, r, d.Roles())
		if err != nil {
			return err
		}
		d.Route.Solution = solutionOf(sol)
	}
	d.Metrics.CriticalPathRooms, d.Metrics.CriticalPathLength = len(r.Path), Float(r.Length)
	d.Metrics.DeadEnds, d.Metrics.MaxDepth = len(r.DeadEnds), r.MaxDepth()
	return nil
}

// graph builds the graph of a document whose vertices and edges are valid.
func (d *Document) graph() (*grammar.Graph, error) {
	g := new(grammar.Graph)
	for _, v := range d.Vertices {
		g.AddVertex(grammar.Vertex{Tag: v.Tag, Pos: r2.Vec{X: float64(v.X), Y: float64(v.Y)}, Cosmetic: v.Cosmetic, CreatedBy: v.CreatedBy})
	}
	for i, e := range d.Edges {
		if err := g.AddEdge(grammar.Edge{A: e.A, B: e.B, Cosmetic: e.Cosmetic, LengthFactor: float64(e.LengthFactor)}); err != nil {
			return nil, fmt.Errorf("render: edges[%d]: %w", i, err)
		}
	}
	return g, nil
}

// Rooms returns the rooms' sizes, indexed by vertex id.
func (d *Document) Rooms() []layout.Room {
	out := make([]layout.Room, len(d.Vertices))
	for i, v := range d.Vertices {
		out[i] = layout.Room{W: float64(v.W), H: float64(v.H), Radius: float64(v.Radius)}
	}
	return out
}
