package level

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"runtime/metrics"
	"strings"
	"time"

	"github.com/dungraph/dungraph/grammar"
	"github.com/dungraph/dungraph/layout"
	"github.com/dungraph/dungraph/route"
	"github.com/dungraph/dungraph/rulesets"
)

// Options control Generate. The zero value uses the ruleset's settings.
type Options struct {
	// Attempts overrides the ruleset's build.attempts when positive.
	Attempts int
	// Exhaustive makes the trace's per-rule counters complete (see
	// grammar.Options.Exhaustive); the level is the same either way.
	Exhaustive bool
	// Timeout is the level's time budget, all attempts together; 0 means
	// none. Past it Generate fails with a *TimeoutError naming the stage
	// that ran out. The budget decides only whether a level is made, never
	// which: a level made within it is the same as without one.
	Timeout time.Duration
	// Watch, if set, sees every attempt as it runs; the level is the same
	// with or without it.
	Watch *Watch
	// MaxHeap is a memory budget in bytes (0: none): the live heap of the
	// whole process is read after every rule application and before the
	// rooms are laid out, and past it Generate fails with a *MemoryError
	// naming the stage. Like Timeout it decides only whether a level is
	// made, never which. With several generators in one process (batch
	// workers) it bounds them together.
	MaxHeap uint64
}

// Watch follows an attempt step by step, for tools that show a build as it
// happens (dungraph serve's step mode). A func left nil is not called; none
// may change what it is given.
type Watch struct {
	// Rewrite is called after each rule application, once the
	// construction drawing has followed it. An error ends the attempt and
	// Generate returns it. An attempt drawn again with its hanging rooms'
	// sides planned (layout.Constructor.Replan) calls Restart and then
	// Rewrite for each rule application of the next build: the calls after
	// the last Restart are those of the build the attempt keeps.
	Rewrite func(g *grammar.Graph, s *grammar.Step) error
	// Restart is called when the attempt drops the build so far and
	// builds again from its start.
	Restart func()
	// Built is called with the finished construction drawing, before the
	// rooms are sized.
	Built func(g *grammar.Graph)
	// Relax is called with the relax pass before its first step and
	// after each (see layout.Constructor.Relax).
	Relax func(r *layout.Relaxation)
}

// restart calls w.Restart, if w and it are set.
func (w *Watch) restart() {
	if w != nil && w.Restart != nil {
		w.Restart()
	}
}

// Stages of generating a level, as TimeoutError names them.
const (
	StageMatching = "matching"
	StageLayout   = "layout"
	StageRelax    = "relax"
)

// TimeoutError is Generate's error when the level's time budget ran out.
type TimeoutError struct {
	Ruleset string
	Seed    uint64
	Budget  time.Duration
	// Stage is the stage that was running when the budget ran out:
	// StageMatching (finding and drawing rule matches), StageLayout (the
	// construction drawing after each rewrite) or StageRelax (rooms and
	// the relax pass).
	Stage string
	// Attempt is the attempt that was running; Vertices the size its graph
	// had reached, of at most MaxVertices (build.max_vertices).
	Attempt, Vertices, MaxVertices int
}

func (e *TimeoutError) Error() string {
	return fmt.Sprintf("level: ruleset %q seed %d: the time budget of %v ran out during %s (attempt %d, %d vertices); raise the budget (to about %v) or lower build.max_vertices",
		e.Ruleset, e.Seed, e.Budget, e.Stage, e.Attempt, e.Vertices, e.Suggest())
}

// Suggest returns a budget that would likely have been enough, from how
// far the level got: a build stopped at v of its at most MaxVertices
// vertices has done about v/MaxVertices of its work (the drawing grows
// faster than the graph, so this errs low), and the relax pass, which
// starts once the build is done, about half. Earlier attempts spent the
// budget too, so each counts as a whole one. The result has a margin of
// half again, rounded up to a whole second (a minute, above ten minutes).
func (e *TimeoutError) Suggest() time.Duration {
	done := 0.5
	if e.Stage != StageRelax && e.MaxVertices > 0 {
		done = min(max(float64(e.Vertices)/float64(e.MaxVertices), 0.02), 1)
	}
	// Of the attempts made, the last got to done.
	need := float64(e.Budget) / (float64(e.Attempt) + done) * float64(e.Attempt+1) * 1.5
	unit := time.Second
	if need > float64(10*time.Minute) {
		unit = time.Minute
	}
	d := time.Duration(need).Truncate(unit) + unit
	return max(d, 2*e.Budget)
}

// Unwrap makes a TimeoutError a context.DeadlineExceeded.
func (e *TimeoutError) Unwrap() error { return context.DeadlineExceeded }

// MemoryError is Generate's error when the process's heap passed
// Options.MaxHeap.
type MemoryError struct {
	Ruleset string
	Seed    uint64
	// Limit and Heap are the budget and the heap found, in bytes.
	Limit, Heap uint64
	// Stage, Attempt and Vertices are as in TimeoutError.
	Stage             string
	Attempt, Vertices int
}

func (e *MemoryError) Error() string {
	return fmt.Sprintf("level: ruleset %q seed %d: the memory budget of %d MiB ran out during %s (attempt %d, %d vertices, heap %d MiB); raise the budget or lower build.max_vertices",
		e.Ruleset, e.Seed, e.Limit>>20, e.Stage, e.Attempt, e.Vertices, e.Heap>>20)
}

// HeapBytes returns the bytes of live and not yet swept heap objects, the
// measure of Options.MaxHeap.
func HeapBytes() uint64 {
	sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	metrics.Read(sample)
	if sample[0].Value.Kind() != metrics.KindUint64 {
		return 0
	}
	return sample[0].Value.Uint64()
}

// overBudget returns a MemoryError when the heap is past opts.MaxHeap.
func overBudget(rs *rulesets.Ruleset, seed uint64, a int, opts Options, pr *progress) error {
	if opts.MaxHeap == 0 {
		return nil
	}
	if h := HeapBytes(); h > opts.MaxHeap {
		return &MemoryError{Ruleset: rs.Name, Seed: seed, Limit: opts.MaxHeap, Heap: h, Stage: pr.stage, Attempt: a, Vertices: pr.vertices}
	}
	return nil
}

// errBudget is the cause of the budget's deadline, telling it apart from a
// deadline of the caller's context.
var errBudget = errors.New("level: time budget")

// Level is a generated level.
type Level struct {
	Ruleset *rulesets.Ruleset
	// Seed is the user's seed; Attempt the attempt (from 0) that produced
	// the level, whose random source is RandSource(Seed, Attempt).
	Seed    uint64
	Attempt int
	Graph   *grammar.Graph
	Rooms   []layout.Room
	// Route is the level's entrance, goal, critical path, depths and dead
	// ends.
	Route *route.Route
	// Solution is the level's walkthrough, nil when the ruleset declares
	// no locks.
	Solution *route.Solution
	// Build is the grammar's result: the trace of rule applications, how
	// each pass ended and how often each rule was used.
	Build *grammar.Result
	// Failures lists why each earlier attempt was rejected.
	Failures []Failure
	Metrics  Metrics
}

// Failure is a rejected attempt.
type Failure struct {
	Attempt int
	Reason  string
}

// Metrics describe a level. None depends on the clock, so a level's metrics
// are the same on every run.
type Metrics struct {
	Rooms, Corridors int
	// Attempts is the number of attempts made, the successful one included.
	Attempts int
	// ConstructionCrossings counts pairs of corridors that cross in the
	// construction drawing at the end of the build, before rooms.
	ConstructionCrossings int
	// RejectedConflicts counts, over the rejected attempts, what rejected
	// them: the corridor crossings left in the construction drawing, or the
	// conflicts found after relaxing.
	RejectedConflicts int
	Construct         layout.ConstructStats
	Relax             layout.RelaxStats
	Quality           layout.Quality
	// Turn is how the finished drawing was turned to lie along the axes
	// (layout.Orient); it is in the room positions, not in the level file.
	Turn      layout.Turn
	Clearance layout.Clearance
	// CriticalPathRooms and CriticalPathLength are the rooms on the
	// critical path, entrance and goal included, and its length in world
	// units; DeadEnds counts the dead ends and MaxDepth is the largest
	// room depth (see package route).
	CriticalPathRooms  int
	CriticalPathLength float64
	DeadEnds           int
	MaxDepth           int
}

// Playable returns the level's rooms and corridors as a player meets
// them: the vertices and edges that are not cosmetic. (Metrics.Rooms and
// Metrics.Corridors count the graph's, cosmetic ones included.)
func (l *Level) Playable() (rooms, corridors int) {
	g := l.Graph
	for v := range g.Order() {
		if !g.Vertex(v).Cosmetic {
			rooms++
		}
	}
	for _, e := range g.Edges() {
		if !e.Cosmetic {
			corridors++
		}
	}
	return rooms, corridors
}

// RandSource returns the random source of an attempt: PCG whose 128-bit
// seed is the user's seed (high half) and the attempt number (low half).
// Attempt 0 is the seed itself with 0; every attempt can be reproduced from
// the seed alone, and different attempts start from different states.
func RandSource(seed uint64, attempt int) *rand.PCG {
	return rand.NewPCG(seed, uint64(attempt))
}

// UnsolvablePrefix begins the reason of an attempt rejected because its
// level cannot be finished (see rulesets.Build.RequireSolvable).
const UnsolvablePrefix = "unsolvable: "

// QualityPrefix begins the reason of an attempt that was valid but whose
// geometry missed the ruleset's [quality] limits.
const QualityPrefix = "geometry outside the [quality] limits: "

// ErrNoValidLevel is wrapped by Generate's error when every attempt failed.
var ErrNoValidLevel = errors.New("no valid level")

// Generate generates the level of rs for seed. It returns an error wrapping
// ErrNoValidLevel, with every attempt's reason, when no attempt produced a
// valid level, and ctx's error if ctx ends first.
func Generate(ctx context.Context, rs *rulesets.Ruleset, seed uint64, opts Options) (*Level, error) {
	attempts := rs.Build.Attempts
	if opts.Attempts > 0 {
		attempts = opts.Attempts
	}
	attempts = max(attempts, 1)
	if opts.Timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeoutCause(ctx, opts.Timeout, errBudget)
		defer cancel()
	}
	var failures []Failure
	rejected := 0
	for a := range attempts {
		var pr progress
		lv, reason, conflicts, err := attempt(ctx, rs, seed, a, opts, &pr)
		if err != nil {
			if errors.Is(context.Cause(ctx), errBudget) {
				return nil, &TimeoutError{Ruleset: rs.Name, Seed: seed, Budget: opts.Timeout, Stage: pr.stage, Attempt: a, Vertices: pr.vertices, MaxVertices: rs.Build.MaxVertices}
			}
			return nil, err
		}
		if lv != nil {
			lv.Failures = failures
			lv.Metrics.Attempts = a + 1
			lv.Metrics.RejectedConflicts = rejected
			return lv, nil
		}
		rejected += conflicts
		failures = append(failures, Failure{Attempt: a, Reason: reason})
	}
	var b strings.Builder
	fmt.Fprintf(&b, "level: ruleset %q seed %d: all %d attempts failed:", rs.Name, seed, attempts)
	for _, f := range failures {
		fmt.Fprintf(&b, "\n  attempt %d: %s", f.Attempt, f.Reason)
	}
	b.WriteString("\n  try another seed, raise build.attempts, or tune [layout] and [relax] (see docs/rulesets.md)")
	return nil, fmt.Errorf("%s: %w", b.String(), ErrNoValidLevel)
}

// GenerateAttempt runs attempt a of seed alone, as Generate would: the
// level, or an error wrapping ErrNoValidLevel that says why the attempt
// was rejected. Generate's successful attempt is lv.Attempt, so
// GenerateAttempt(ctx, rs, lv.Seed, lv.Attempt, opts) runs it again, for
// instance under a Watch.
func GenerateAttempt(ctx context.Context, rs *rulesets.Ruleset, seed uint64, a int, opts Options) (*Level, error) {
	var pr progress
	lv, reason, _, err := attempt(ctx, rs, seed, a, opts, &pr)
	switch {
	case err != nil:
		return nil, err
	case lv == nil:
		return nil, fmt.Errorf("level: ruleset %q seed %d: attempt %d failed: %s: %w", rs.Name, seed, a, reason, ErrNoValidLevel)
	}
	lv.Metrics.Attempts = a + 1
	return lv, nil
}

// Construct builds rs's graph for seed with the construction drawing, as
// a level's first attempt does, and returns it before rooms, relax and the
// intersection check: the drawing benchmarks compare with other layouts.
func Construct(rs *rulesets.Ruleset, seed uint64) (*grammar.Graph, error) {
	res, _, err := planned(context.Background(), false, func(plan *layout.NestPlan) (*layout.Constructor, *grammar.Result, error) {
		con := &layout.Constructor{Forces: rs.Layout, Plan: plan}
		bo := buildOptions(rs)
		hangWithin(rs, con, &bo)
		bo.AfterRewrite = con.AfterRewrite
		res, err := rs.Grammar.Build(bo, rand.New(RandSource(seed, 0)))
		return con, res, err
	})
	if err != nil {
		return nil, err
	}
	return res.Graph, nil
}

// planned runs build without a plan and then, when that build's hanging
// rooms can be given sides that enclose fewer rooms in one triangle
// (layout.Constructor.Replan), once more with that plan. The planned build
// is kept only if it does enclose fewer: a grammar whose matches depend on
// where rooms lie can make other rewrites from the same random source. A
// planned build that fails other than by ctx ending is dropped like a
// worse one. With again set, a dropped planned build is followed by the
// first build made once more, so that the build kept is always the last
// one run: the one a Watch saw last, and the one whose state (random
// source, provenance) the caller goes on with. Without it the first
// build's result is returned as it was. It returns the kept build's
// result and its constructor.
func planned(ctx context.Context, again bool, build func(plan *layout.NestPlan) (*layout.Constructor, *grammar.Result, error)) (*grammar.Result, *layout.Constructor, error) {
	con, res, err := build(nil)
	if err != nil {
		return nil, nil, err
	}
	plan, drawn, better := con.Replan()
	if !better {
		return res, con, nil
	}
	pcon, pres, err := build(plan)
	switch {
	case err == nil && pcon.Enclosed() < drawn:
		return pres, pcon, nil
	case err != nil && ctx.Err() != nil:
		return nil, nil, err
	case !again:
		return res, con, nil
	}
	con, res, err = build(nil)
	if err != nil {
		return nil, nil, err
	}
	return res, con, nil
}

// buildOptions are the grammar options of rs's builds in the pipeline:
// matches whose corridors would cross are rejected, except under
// build.planar = "junction" those of rewrites that leave the graph
// non-planar, whose crossings become junction rooms.
func buildOptions(rs *rulesets.Ruleset) grammar.Options {
	bo := rs.Build.Options()
	bo.RejectCrossings = true
	bo.KeepNonPlanar = rs.Build.Planar == rulesets.PlanarJunction
	return bo
}

// hangWithin makes a build with the construction drawing con skip a room
// hung on a corridor that would need one triangle to hold more rooms than
// rs's tail limit allows (layout.Limits.NestLimit), as a crossing match is
// skipped, and likewise a room hung on two rooms not joined whose cycle may
// come to enclose more (grammar.Options.WrapLimit), and, when crossing matches are skipped, a hanging room the
// drawing has no place for without a crossing (layout.Constructor.MayDraw);
// and a rewrite of several rooms that would put more rooms into a loop
// of corridors than the loop may hold (layout.Constructor.MayFill).
func hangWithin(rs *rulesets.Ruleset, con *layout.Constructor, bo *grammar.Options) {
	con.NestLimit = limitsOf(rs).WithDefaults().NestLimit()
	bo.MayHang = con.MayHang
	bo.WrapLimit = con.NestLimit
	if bo.RejectCrossings {
		bo.MayDraw = con.MayDraw
		bo.MayPlace = con.MayPlace
	}
	bo.MayFill = con.MayFill
}

// progress is how far an attempt got: the stage that last ran and the
// graph's size, for TimeoutError.
type progress struct {
	stage    string
	vertices int
}

// attempt makes one attempt. It returns the level, or the reason it was
// rejected and how many conflicts it had; err is for ctx ending. ctx is
// checked after each stage's step, so that pr names the stage that used the
// time up.
func attempt(ctx context.Context, rs *rulesets.Ruleset, seed uint64, a int, opts Options, pr *progress) (lv *Level, reason string, conflicts int, err error) {
	var (
		rng  *rand.Rand
		prov *provenance
		runs int
	)
	res, con, err := planned(ctx, true, func(plan *layout.NestPlan) (*layout.Constructor, *grammar.Result, error) {
		if runs++; runs > 1 {
			opts.Watch.restart()
		}
		rng = rand.New(RandSource(seed, a))
		con := &layout.Constructor{Forces: rs.Layout, Context: ctx, Plan: plan}
		prov = newProvenance()
		res, err := build(ctx, rs, seed, a, opts, pr, rng, con, prov)
		return con, res, err
	})
	switch {
	case errors.Is(err, grammar.ErrTooFewVertices):
		return nil, err.Error(), 0, nil
	case err != nil:
		return nil, "", 0, err
	}
	g := res.Graph
	pr.stage, pr.vertices = StageLayout, g.Order()
	if err := ctx.Err(); err != nil {
		return nil, "", 0, err
	}
	var relaxWatch func(*layout.Relaxation)
	if w := opts.Watch; w != nil {
		if w.Built != nil {
			w.Built(g)
		}
		relaxWatch = w.Relax
	}
	pr.stage = StageRelax
	if err := overBudget(rs, seed, a, opts, pr); err != nil {
		return nil, "", 0, err
	}
	var checker layout.Checker
	corridors := corridorsOf(g)
	construction := checker.Check(discs(g, nil), corridors)
	crossings := 0
	for _, c := range construction {
		if c.Kind == layout.CorridorCorridor {
			crossings++
		}
	}
	if crossings > 0 && rs.Build.Planar == rulesets.PlanarJunction {
		planarise(g, construction, rs.Role(rulesets.RoleJunction), prov)
		corridors = corridorsOf(g)
		construction = checker.Check(discs(g, nil), corridors)
	}
	rooms, err := layout.AssignRooms(g, rs.Rooms, extentOf(rs), rng)
	if err != nil {
		return nil, "", 0, err
	}
	con.NestRooms(g, rooms)
	gap := rs.Rooms.Gap()
	relax, err := con.Relax(ctx, g, rooms, gap, rs.Relax, aimOf(rs), relaxWatch)
	if errors.Is(err, layout.ErrUnfixable) {
		reason := err.Error()
		if b := prov.blameCrossings(construction, rs, res); b != "" {
			reason += "; " + b
		}
		return nil, reason, crossings, nil
	} else if err != nil {
		return nil, "", 0, err
	}
	if err := ctx.Err(); err != nil {
		return nil, "", 0, err
	}
	turn := layout.Orient(g, rooms, gap, aimOf(rs), limitsOf(rs))
	ds := discs(g, rooms)
	if cs := checker.Check(ds, corridors); len(cs) > 0 {
		reason := describe(cs)
		if b := prov.blameCrossings(cs, rs, res); b != "" {
			reason += "; " + b
		}
		return nil, reason, len(cs), nil
	}
	quality := layout.Measure(g, rooms, gap)
	if miss := limitsOf(rs).Miss(quality.Geometry); miss != "" {
		// Valid but not good: a level of dots in a vast plane, or a few
		// corridors blown up past the rest, is retried like a conflict.
		return nil, QualityPrefix + miss, 0, nil
	}
	roles := Roles(rs)
	rg := RouteGraph(g)
	rt, err := route.FindContext(ctx, rg, roles)
	if ctx.Err() != nil {
		return nil, "", 0, ctx.Err()
	}
	if err != nil {
		// The build keeps the rooms connected, so this is not expected;
		// should it happen, the attempt fails rather than ship the level.
		return nil, err.Error(), 0, nil
	}
	var sol *route.Solution
	if len(roles.Locks) > 0 {
		if sol, err = (route.Solver{Context: ctx}).Solve(rg, rt, roles); err != nil {
			if ctx.Err() != nil {
				return nil, "", 0, ctx.Err()
			}
			return nil, err.Error(), 0, nil
		}
		if !sol.Solvable && rs.Build.RequireSolvable {
			return nil, UnsolvablePrefix + sol.Reason + " (build.require_solvable = false keeps such levels)", 0, nil
		}
	}
	lv = &Level{
		Ruleset: rs, Seed: seed, Attempt: a, Graph: g, Rooms: rooms, Build: res, Route: rt, Solution: sol,
		Metrics: Metrics{
			CriticalPathRooms: len(rt.Path), CriticalPathLength: rt.Length,
			DeadEnds: len(rt.DeadEnds), MaxDepth: rt.MaxDepth(),
			Rooms: g.Order(), Corridors: len(corridors),
			ConstructionCrossings: crossings,
			Construct:             con.Stats(),
			Relax:                 relax,
			Quality:               quality,
			Turn:                  turn,
			Clearance:             checker.Clearance(ds, corridors),
		},
	}
	return lv, "", 0, nil
}

// Roles returns the tags rs gives the entrance, goal, key and lock roles.
func Roles(rs *rulesets.Ruleset) route.Roles {
	r := route.Roles{Entrance: rs.Role(rulesets.RoleEntrance), Goal: rs.Role(rulesets.RoleGoal), Keys: rs.Keys()}
	for _, t := range rs.Locks() {
		r.Locks = append(r.Locks, route.Lock{Tag: t.Name, Key: t.Key, Consumed: t.Consumed})
	}
	return r
}

// build runs the grammar of one attempt with the construction drawing con,
// recording provenance in prov.
func build(ctx context.Context, rs *rulesets.Ruleset, seed uint64, a int, opts Options, pr *progress, rng *rand.Rand, con *layout.Constructor, prov *provenance) (*grammar.Result, error) {
	bo := buildOptions(rs)
	bo.Exhaustive = opts.Exhaustive
	bo.Context = ctx
	bo.Check = func(g *grammar.Graph) error {
		pr.vertices = g.Order()
		return overBudget(rs, seed, a, opts, pr)
	}
	pr.stage = StageMatching
	hangWithin(rs, con, &bo)
	bo.AfterRewrite = func(g *grammar.Graph, s *grammar.Step) error {
		pr.vertices = g.Order()
		if err := ctx.Err(); err != nil {
			return err
		}
		prov.record(g, s)
		pr.stage = StageLayout
		if err := con.AfterRewrite(g, s); err != nil {
			return err
		}
		if err := ctx.Err(); err != nil {
			return err
		}
		if err := overBudget(rs, seed, a, opts, pr); err != nil {
			return err
		}
		pr.stage = StageMatching
		if w := opts.Watch; w != nil && w.Rewrite != nil {
			return w.Rewrite(g, s)
		}
		return nil
	}
	return rs.Grammar.Build(bo, rng)
}

func describe(cs []layout.Conflict) string {
	const show = 3
	var parts []string
	for i, c := range cs {
		if i == show {
			parts = append(parts, fmt.Sprintf("and %d more", len(cs)-show))
			break
		}
		parts = append(parts, c.String())
	}
	return fmt.Sprintf("%d conflicts after relaxing: %s", len(cs), strings.Join(parts, "; "))
}

func limitsOf(rs *rulesets.Ruleset) layout.Limits {
	q := rs.Quality
	return layout.Limits{MaxStretch: q.MaxStretch, MaxTail: q.MaxTail, MaxWorst: q.MaxWorst, MinDensity: q.MinDensity}
}

// aimOf returns the limits the relax pass's press aims at: rs's stretch,
// worst and density limits, or the default where rs's is laxer, and its
// tail limit as written. Whether a level passes follows rs's limits as
// written, so lowering the stretch, worst or density limit, as a user does
// to see the level it rejected, shows that same level. max_tail also sets
// the build's nest limit (hangWithin): raising it builds deeper nests,
// which is what an author raises it for, so another level is built
// anyway, and its press follows the raised limit too.
func aimOf(rs *rulesets.Ruleset) layout.Limits {
	l, d := limitsOf(rs).WithDefaults(), layout.DefaultLimits()
	return layout.Limits{
		MaxStretch: min(l.MaxStretch, d.MaxStretch), MaxTail: l.MaxTail,
		MaxWorst: min(l.MaxWorst, d.MaxWorst), MinDensity: max(l.MinDensity, d.MinDensity),
	}
}

func extentOf(rs *rulesets.Ruleset) func(string) (layout.Extent, bool) {
	return func(tag string) (layout.Extent, bool) {
		t, ok := rs.Tag(tag)
		if !ok || (t.MinExtent == 0 && t.MaxExtent == 0) {
			return layout.Extent{}, false
		}
		e := layout.Extent{Min: t.MinExtent, Max: t.MaxExtent}
		if e.Min == 0 {
			e.Min = rs.Rooms.MinExtent
		}
		if e.Max == 0 {
			e.Max = rs.Rooms.MaxExtent
		}
		return e, true
	}
}

func corridorsOf(g *grammar.Graph) []layout.Corridor {
	es := g.Edges()
	out := make([]layout.Corridor, len(es))
	for i, e := range es {
		out[i] = layout.Corridor{A: e.A, B: e.B, Cosmetic: e.Cosmetic}
	}
	return out
}

// discs returns the rooms as discs; with rooms nil, as points.
func discs(g *grammar.Graph, rooms []layout.Room) []layout.Disc {
	out := make([]layout.Disc, g.Order())
	for v := range out {
		out[v] = layout.Disc{ID: v, Center: g.Vertex(v).Pos}
		if rooms != nil {
			out[v].Radius = rooms[v].Radius
		}
	}
	return out
}
