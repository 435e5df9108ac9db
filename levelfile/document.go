package levelfile

import (
	"fmt"
	"runtime"
	"runtime/debug"
	"slices"

	"gonum.org/v1/gonum/spatial/r2"

	"github.com/dungraph/dungraph/params"
	"github.com/dungraph/dungraph/route"
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
	// each template's art (see roomshape.ParseTemplate). Absent when the
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
	// roomshape.Names()); absent means "rect". Templates names the
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
	// Nest is left out when 0, as in every level of a grammar that
	// hangs no room on a corridor.
	Nest int `json:"nest,omitempty"`
	// Wrap is left out when 0, as in every level of a grammar that
	// hangs no room on two rooms not joined by a corridor.
	Wrap int `json:"wrap,omitempty"`
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

// routeOf converts r, with every list non-nil.
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

// RouteOf is route r and its solution sol (nil for a level without
// locks) in the level format, every list non-nil: what
// level.Level.Document writes.
func RouteOf(r *route.Route, sol *route.Solution) Route {
	out := routeOf(r)
	out.Solution = solutionOf(sol)
	return out
}

// UpdateRoute recomputes d.Route and the route's metrics from the graph,
// for a document whose rooms or corridors were edited: Validate refuses a
// route that does not match the graph.
func (d *Document) UpdateRoute() error {
	g, err := d.RouteGraph()
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

// RouteGraph returns the graph of d as route reads it (route.NewWalkable,
// route.Find, route.Solve): every vertex, and every edge once, a repeated
// pair read as its first. It needs only that every edge joins two
// different vertices d has, and fails, naming the edge, otherwise: a
// document that fails Validate for another reason (a hand-made one with no
// route, which stats measures) still has its graph.
func (d *Document) RouteGraph() (*route.Graph, error) {
	n := len(d.Vertices)
	g := &route.Graph{Vertices: make([]route.Vertex, n), Edges: make([]route.Edge, 0, len(d.Edges))}
	for i, v := range d.Vertices {
		g.Vertices[i] = route.Vertex{Tag: v.Tag, Pos: r2.Vec{X: float64(v.X), Y: float64(v.Y)}, Cosmetic: v.Cosmetic}
	}
	seen := make(map[[2]int]bool, len(d.Edges))
	for i, e := range d.Edges {
		if e.A < 0 || e.A >= n || e.B < 0 || e.B >= n || e.A == e.B {
			return nil, &Error{Pkg: pkg, Path: index("edges", i), Msg: fmt.Sprintf("joins %d and %d in a level of %d vertices", e.A, e.B, n)}
		}
		key := [2]int{min(e.A, e.B), max(e.A, e.B)}
		if seen[key] {
			continue
		}
		seen[key] = true
		g.Edges = append(g.Edges, route.Edge{A: e.A, B: e.B, Cosmetic: e.Cosmetic})
	}
	return g, nil
}
