package serve

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"

	"gonum.org/v1/gonum/spatial/r2"

	"github.com/dungraph/dungraph/grammar"
	"github.com/dungraph/dungraph/layout"
	"github.com/dungraph/dungraph/level"
	"github.com/dungraph/dungraph/rulesets"
)

// frames is the answer of /api/steps: a level's construction drawing after
// every rule application and its relax pass step by step.
//
// level.Generate keeps neither, so replay makes them by running the
// successful attempt again with the same random source, recording the
// graph after every rewrite and the relax pass one Step at a time, and
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
	// after some step. Every phase's first and last frames are kept; when
	// the pass ran more iterations than fit the frame budget, only every
	// Stride-th iteration besides them.
	Scale  float64      `json:"scale"`
	Stride int          `json:"stride"`
	Relax  []relaxFrame `json:"relax"`
	// Turn is the turn layout.Orient gave the finished drawing, nil when
	// it kept the drawing as the relax pass left it: Relax's last frame
	// is the drawing before the turn, Turn's positions the level's.
	Turn *turnFrame `json:"turn,omitempty"`
	// tail is the latest relax frame not kept yet (see addRelax).
	tail *relaxFrame
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
	// Phase is the relax pass's phase (layout.Phase): "inflate" while the
	// rooms grow, "settle" at full size, "done" for the rounded final
	// positions.
	Phase     string `json:"phase"`
	Iteration int    `json:"iteration"`
	// Grow is the size of the rooms in this frame, as a fraction of their
	// final size: below 1 while the relax pass inflates them.
	Grow float64 `json:"grow"`
	posFrame
}

// turnFrame is the level turned to lie along the axes. Cos and Sin are
// those the level records (level.Metrics.Turn: counter-clockwise with y
// up, so clockwise on a page whose y points down); the page names the
// angle from them. Before and After are the areas of the rooms' bounding
// box before and after the turn.
type turnFrame struct {
	Cos    float64 `json:"cos"`
	Sin    float64 `json:"sin"`
	Before float64 `json:"before"`
	After  float64 `json:"after"`
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

	// The successful attempt again, under a watch: level's own pipeline,
	// so the frames are those of the level.
	w := &level.Watch{
		Rewrite: func(g *grammar.Graph, s *grammar.Step) error {
			if s.Iteration == 0 {
				// The start graph: the start vertex, which the first
				// rewrite maps, at the origin.
				if err := snapshot(grammar.NewGraph(), -1); err != nil {
					return err
				}
			}
			return snapshot(g, s.Iteration)
		},
		Restart: func() {
			fr.Build, used = fr.Build[:0], 0
		},
		Built: func(g *grammar.Graph) {
			fr.Finish = new(positions(g.Order(), func(v int) r2.Vec { return g.Vertex(v).Pos }))
		},
		Relax: func(r *layout.Relaxation) { fr.addRelax(r, used, rs.Relax.MaxIterations) },
	}
	fr.Stride = 0
	again, err := level.GenerateAttempt(ctx, rs, lv.Seed, lv.Attempt, level.Options{Watch: w})
	switch {
	case errors.Is(err, errTooLarge):
		return unverified("the build is too large to play step by step (more than %d numbers); the page plays the trace instead", frameBudget)
	case ctx.Err() != nil:
		return nil, ctx.Err()
	case err != nil:
		return unverified("the replayed attempt failed: %v", err)
	}
	fr.Stride = max(fr.Stride, 1)
	if len(fr.Build) == 0 {
		// No rule applied: the level is the start graph.
		if err := snapshot(grammar.NewGraph(), -1); err != nil {
			return nil, err
		}
	}
	// The same pipeline from the same seed gives the same level; checking
	// it keeps the frames honest should a caller's level come from
	// elsewhere (another ruleset, an edited file).
	if i := divergence(again.Build.Steps, lv.Build.Steps); i >= 0 {
		return unverified("the replayed build differs from the level's trace at step %d", i)
	}
	if !slices.Equal(again.Rooms, lv.Rooms) {
		return unverified("the replayed rooms differ from the level's")
	}
	fr.Scale = again.Metrics.Relax.Scale
	if again.Metrics.Relax != lv.Metrics.Relax {
		return unverified("the replayed relax pass ran %d iterations at scale %g, the level's %d at %g", again.Metrics.Relax.Iterations, again.Metrics.Relax.Scale, lv.Metrics.Relax.Iterations, lv.Metrics.Relax.Scale)
	}
	for v := range again.Graph.Order() {
		if got, want := again.Graph.Vertex(v).Pos, lv.Graph.Vertex(v).Pos; got != want {
			return unverified("the replayed relax pass ends with vertex %d at (%g, %g), the level has it at (%g, %g)", v, got.X, got.Y, want.X, want.Y)
		}
	}
	if t := again.Metrics.Turn; t.Turned() {
		fr.Turn = &turnFrame{Cos: t.Cos, Sin: t.Sin, Before: t.Before, After: t.After,
			posFrame: positions(again.Graph.Order(), func(v int) r2.Vec { return again.Graph.Vertex(v).Pos })}
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

// addRelax records the relax pass r after a step (or before the first):
// every phase's first and last frames, the final one, and in between every
// Stride-th iteration, Stride chosen at the first frame so that the pass
// (at most two phases of maxIter iterations each) fits what is left of the
// frame budget after used numbers. A frame that is not kept at once waits
// in tail, in case it is its phase's last.
func (fr *frames) addRelax(r *layout.Relaxation, used, maxIter int) {
	pos := r.Positions()
	if fr.Stride == 0 {
		maxFrames := max(max(frameBudget-used, 0)/(2*len(pos)), 2)
		fr.Stride = max((2*maxIter+maxFrames-1)/maxFrames, 1)
	}
	f := relaxFrame{Phase: r.Phase().String(), Iteration: r.Iterations(), Grow: r.Growth(), posFrame: positions(len(pos), func(v int) r2.Vec { return pos[v] })}
	n := len(fr.Relax)
	newPhase := n == 0 || fr.Relax[n-1].Phase != f.Phase
	switch {
	case !newPhase && fr.Relax[n-1].Iteration == f.Iteration:
		// A step that ran no iteration (the phase ended without one):
		// the frame it leaves replaces the last.
		fr.Relax[n-1], fr.tail = f, nil
		return
	case newPhase && fr.tail != nil:
		fr.Relax = append(fr.Relax, *fr.tail) // the last phase's last frame
	}
	fr.tail = nil
	if newPhase || f.Iteration%fr.Stride == 0 || r.Phase() == layout.Done {
		fr.Relax = append(fr.Relax, f)
	} else {
		fr.tail = &f
	}
}

func positions(n int, at func(v int) r2.Vec) posFrame {
	f := posFrame{X: make([]float64, n), Y: make([]float64, n)}
	for v := range n {
		p := at(v)
		f.X[v], f.Y[v] = math.Round(p.X*100)/100, math.Round(p.Y*100)/100
	}
	return f
}
