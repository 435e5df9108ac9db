package grammar

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
)

// FuzzBuild applies random valid rules to the graphs they grow: the fuzzer
// chooses the seeds of the grammar, of the options and of the build. Every
// build must end without panicking in a simple graph with unique ids, whose
// rooms stay connected, within the valence and vertex limits, at finite
// positions.
func FuzzBuild(f *testing.F) {
	for i := range uint64(8) {
		f.Add(i, i*7919, uint8(i))
	}
	f.Fuzz(func(t *testing.T, grammarSeed, buildSeed uint64, knobs uint8) {
		rng := rand.New(rand.NewPCG(grammarSeed, 0x9e3779b97f4a7c15))
		loose := knobs&1 == 0
		alpha := 1 + int(knobs>>1)%3
		def := randDefinition(rng, 1+int(knobs>>3)%4, 4, alpha, loose)
		gr, err := compileOrFail(def)
		if err != nil {
			t.Fatal(err)
		}
		opts := Options{
			MaxIterations: int(knobs>>2)%40 + 1,
			MaxVertices:   []int{0, 3, 8, 16, 40}[int(knobs>>4)%5],
			MaxValence:    []int{0, 3, 4, 6}[int(knobs>>5)%4],
			Exhaustive:    knobs&0x80 != 0,
		}
		// max_valence: a rewrite may not leave a mapped vertex over the
		// limit with more edges than it had (new vertices may exceed it, as
		// the design lets substitutes do).
		var before []int
		var valenceErr error
		opts.AfterRewrite = func(g *Graph, st *Step) error {
			for _, h := range st.Match {
				if h < len(before) && opts.MaxValence > 0 && g.Valence(h) > opts.MaxValence && g.Valence(h) > before[h] {
					valenceErr = fmt.Errorf("step %d: vertex %d went from valence %d to %d, limit %d", st.Iteration, h, before[h], g.Valence(h), opts.MaxValence)
				}
			}
			before = before[:0]
			for v := range g.Order() {
				before = append(before, g.Valence(v))
			}
			return nil
		}
		res, err := gr.Build(opts, rand.New(rand.NewPCG(buildSeed, grammarSeed)))
		if valenceErr != nil {
			t.Fatal(valenceErr)
		}
		if err != nil && res == nil {
			return // a build that ends in an error (too few vertices) returns no graph to check
		}
		g := res.Graph
		if err := checkGraph(g); err != nil {
			t.Fatal(err)
		}
		if !g.Connected(false) {
			t.Fatal("the rooms are not connected")
		}
		if opts.MaxVertices > 0 && g.Order() > opts.MaxVertices {
			t.Fatalf("%d vertices, limit %d", g.Order(), opts.MaxVertices)
		}
		for v := range g.Order() {
			p := g.Vertex(v).Pos
			if math.IsNaN(p.X) || math.IsInf(p.X, 0) || math.IsNaN(p.Y) || math.IsInf(p.Y, 0) {
				t.Fatalf("vertex %d at %v", v, p)
			}
		}
	})
}
