package serve

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"

	"gonum.org/v1/gonum/spatial/r2"

	"github.com/dungraph/dungraph/grammar"
	"github.com/dungraph/dungraph/layout"
	"github.com/dungraph/dungraph/level"
	"github.com/dungraph/dungraph/rulesets"
)

// frames is the answer of /api/steps: a level's construction drawing after
// every rule application and its relax pass iteration by iteration.
//
// level.Generate keeps neither, so replay makes them by running the
// successful attempt again with the same random source, recording the
// graph after every rewrite and the relax pass one Update at a time, and
// checks the replay against the level: the same trace, the same rooms and,
// after the relax pass, the same positions to the bit. Frames are only
// sent when every check passes (Verified); otherwise Reason says what
// differed and the page plays the trace instead.
type frames struct {
	Verified bool   `json:"verified"`
	Reason   string `json:"reason,omitempty"`
	// Tags is the table of tags the build frames' Tag indices refer to.
	Tags []string `json:"tags"`
	// Build[0] is the start graph; Build[i] is the graph after trace step
	// i-1, as the construction drawing left it.
	Build []buildFrame `json:"build"`
	// Finish is the drawing after the construction's last relaxation of
	// the whole graph, before rooms.
	Finish *posFrame `json:"finish"`
	// Scale is the factor the relax pass scaled the drawing by before it
	// started; Relax[0] is the scaled drawing and Relax[k] the drawing
	// after some iteration. When the pass ran more iterations than fit the
	// frame budget, only every Stride-th iteration and the last are kept.
	Scale  float64      `json:"scale"`
	Stride int          `json:"stride"`
	Relax  []relaxFrame `json:"relax"`
}

// buildFrame is the graph after one rewrite.
type buildFrame struct {
	// Step is the trace step just applied, -1 for the start graph.
	Step int `json:"step"`
	// Tag holds each vertex's tag, as an index into frames.Tags.
	Tag []int `json:"tag"`
	// Cosmetic lists the cosmetic vertices.
	Cosmetic []int `json:"cosmetic"`
	posFrame
	// Edges holds a triple a, b, cosmetic (0 or 1) per edge.
	Edges []int `json:"edges"`
}

// posFrame holds the vertices' positions, rounded to hundredths.
type posFrame struct {
	X []float64 `json:"x"`
	Y []float64 `json:"y"`
}

type relaxFrame struct {
	Iteration int `json:"iteration"`
	posFrame
}

// frameBudget caps the numbers in a frames answer (about 8 bytes each in
// JSON): beyond it the build is not sent and the relax pass is thinned.
const frameBudget = 1_500_000

// errTooLarge stops a replay whose build frames exceed the budget.
var errTooLarge = errors.New("too large")

// replay makes the frames of lv, whose ruleset is rs.
func replay(ctx context.Context, rs *rulesets.Ruleset, lv *level.Level) (*frames, error) {
	fr := &frames{Tags: []string{}, Build: []buildFrame{}, Relax: []relaxFrame{}, Stride: 1}
	tagIndex := map[string]int{}
	used := 0
	snapshot := func(g *grammar.Graph, step int) error {
		n := g.Order()
		f := buildFrame{Step: step, Tag: make([]int, n), Cosmetic: []int{}, Edges: []int{}, posFrame: positions(n, func(v int) r2.Vec { return g.Vertex(v).Pos })}
		for v := range n {
			vx := g.Vertex(v)
			i, ok := tagIndex[vx.Tag]
			if !ok {
				i = len(fr.Tags)
				tagIndex[vx.Tag] = i
				fr.Tags = append(fr.Tags, vx.Tag)
			}
			f.Tag[v] = i
			if vx.Cosmetic {
				f.Cosmetic = append(f.Cosmetic, v)
			}
		}
		for _, e := range g.Edges() {
			c := 0
			if e.Cosmetic {
				c = 1
			}
			f.Edges = append(f.Edges, e.A, e.B, c)
		}
		used += 3*n + len(f.Edges)
		if used > frameBudget {
			return errTooLarge
		}
		fr.Build = append(fr.Build, f)
		return nil
	}
	unverified := func(format string, args ...any) (*frames, error) {
		return &frames{Reason: fmt.Sprintf(format, args...), Tags: []string{}, Build: []buildFrame{}, Relax: []relaxFrame{}, Stride: 1}, nil
	}

	// The build, as level's attempt runs it.
	rng := rand.New(level.RandSource(lv.Seed, lv.Attempt))
	con := &layout.Constructor{Forces: forcesOf(rs.Layout)}
	bo := rs.Build.Options()
	bo.RejectCrossings = true
	bo.AfterRewrite = func(g *grammar.Graph, s *grammar.Step) error {
		if err := ctx.Err(); err != nil {
			return err
		}
		if s.Iteration == 0 {
			// The start graph: the start vertex, which the first
			// rewrite maps, at the origin.
			start := grammar.NewGraph()
			if err := snapshot(start, -1); err != nil {
				return err
			}
		}
		if err := con.AfterRewrite(g, s); err != nil {
			return err
		}
		return snapshot(g, s.Iteration)
	}
	res, err := rs.Grammar.Build(bo, rng)
	switch {
	case errors.Is(err, errTooLarge):
		return unverified("the build is too large to play step by step (more than %d numbers); the page plays the trace instead", frameBudget)
	case ctx.Err() != nil:
		return nil, ctx.Err()
	case err != nil:
		return unverified("the replayed build failed: %v", err)
	}
	if len(fr.Build) == 0 {
		// No rule applied: the level is the start graph.
		if err := snapshot(grammar.NewGraph(), -1); err != nil {
			return nil, err
		}
	}
	if i := divergence(res.Steps, lv.Build.Steps); i >= 0 {
		return unverified("the replayed build differs from the level's trace at step %d", i)
	}
	g := res.Graph
	con.Finish(g)
	fr.Finish = new(positions(g.Order(), func(v int) r2.Vec { return g.Vertex(v).Pos }))

	// Rooms, as level's attempt assigns them.
	rooms, err := layout.AssignRooms(g, roomsOf(rs), extentOf(rs), rng)
	if err != nil {
		return unverified("the replayed rooms failed: %v", err)
	}
	if !slices.Equal(rooms, lv.Rooms) {
		return unverified("the replayed rooms differ from the level's")
	}

	// The relax pass as layout.Relax runs it (its compaction attempts,
	// then the final pass), watched one Update at a time.
	left := max(frameBudget-used, 0)
	maxFrames := max(left/(2*g.Order()), 2)
	// The compaction attempts and the final pass: at most four phases.
	fr.Stride = max((4*forcesOf(rs.Relax).MaxIterations+maxFrames-1)/maxFrames, 1)
	var (
		phase          *layout.Drawing
		offset, latest int
	)
	st, err := layout.RelaxWatch(g, rooms, roomsOf(rs).Gap(), forcesOf(rs.Relax), func(d *layout.Drawing) {
		if d != phase {
			phase, offset = d, latest
		}
		latest = offset + d.Iterations()
		n := len(fr.Relax)
		if n > 0 && fr.Relax[n-1].Iteration == latest {
			return
		}
		if n == 0 || d.Iterations() == 0 || latest%fr.Stride == 0 {
			fr.Relax = append(fr.Relax, relaxFrame{Iteration: latest, posFrame: positions(len(d.Pos), func(v int) r2.Vec { return d.Pos[v] })})
		}
	})
	if err != nil {
		return unverified("the replayed relax pass failed: %v", err)
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	fr.Scale = st.Scale
	if st.Iterations != lv.Metrics.Relax.Iterations || st.Scale != lv.Metrics.Relax.Scale {
		return unverified("the replayed relax pass ran %d iterations at scale %g, the level's %d at %g", st.Iterations, st.Scale, lv.Metrics.Relax.Iterations, lv.Metrics.Relax.Scale)
	}
	for v := range g.Order() {
		if got, want := g.Vertex(v).Pos, lv.Graph.Vertex(v).Pos; got != want {
			return unverified("the replayed relax pass ends with vertex %d at (%g, %g), the level has it at (%g, %g)", v, got.X, got.Y, want.X, want.Y)
		}
	}
	fr.Verified = true
	return fr, nil
}

// divergence returns the first step where got and want differ in pass,
// rule, match or added vertices, or -1 if they agree.
func divergence(got, want []grammar.Step) int {
	for i := range max(len(got), len(want)) {
		if i >= len(got) || i >= len(want) {
			return i
		}
		a, b := got[i], want[i]
		if a.Iteration != b.Iteration || a.Pass != b.Pass || a.Rule != b.Rule || !slices.Equal(a.Match, b.Match) || !slices.Equal(a.Added, b.Added) {
			return i
		}
	}
	return -1
}

func positions(n int, at func(v int) r2.Vec) posFrame {
	f := posFrame{X: make([]float64, n), Y: make([]float64, n)}
	for v := range n {
		p := at(v)
		f.X[v], f.Y[v] = math.Round(p.X*100)/100, math.Round(p.Y*100)/100
	}
	return f
}

// The conversions level makes from a ruleset's tables to the layout's.

func forcesOf(f rulesets.Forces) layout.Forces {
	spring, _ := layout.ParseSpring(f.Spring) // the loader has checked it
	return layout.Forces{
		SpringStrength:      f.SpringStrength,
		EdgeLength:          f.EdgeLength,
		Repulsion:           f.Repulsion,
		MaxDelta:            f.MaxDelta,
		ConvergenceDistance: f.ConvergenceDistance,
		Spring:              spring,
		Cutoff:              f.Cutoff,
		MaxIterations:       f.MaxIterations,
		CrossingFree:        f.CrossingFree,
	}
}

func roomsOf(rs *rulesets.Ruleset) layout.Rooms {
	return layout.Rooms{Margin: rs.Rooms.Margin, MinExtent: rs.Rooms.MinExtent, MaxExtent: rs.Rooms.MaxExtent, RadiusFudge: rs.Rooms.RadiusFudge}
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
