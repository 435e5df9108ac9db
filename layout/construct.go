package layout

import (
	"github.com/dungraph/dungraph/grammar"
)

// Constructor redraws a graph while a grammar builds it: set its
// AfterRewrite as grammar.Options.AfterRewrite.
//
// After a rewrite it first relaxes the neighbourhood of the change (the
// vertices within Hops edges of a mapped or new vertex) with the rest of the
// graph held still; only if that does not converge does it relax the whole
// graph. Small graphs are always relaxed whole.
type Constructor struct {
	// Forces of the construction drawing ([layout]).
	Forces Forces
	// Hops is the radius, in edges, of the neighbourhood relaxed first.
	// Default 2.
	Hops int
	// Whole: graphs of at most this many vertices are always relaxed
	// whole. Default 64.
	Whole int

	d     *Drawing
	stats ConstructStats
	seen  []uint32
	stamp uint32
}

// ConstructStats counts the construction drawing's work.
type ConstructStats struct {
	Rewrites     int
	LocalPhases  int
	GlobalPhases int
	Iterations   int
}

// Stats returns the work done so far.
func (c *Constructor) Stats() ConstructStats { return c.stats }

// Drawing returns the drawing, or nil before the first rewrite.
func (c *Constructor) Drawing() *Drawing { return c.d }

// AfterRewrite relaxes g after the rewrite s. Its signature fits
// grammar.Options.AfterRewrite.
func (c *Constructor) AfterRewrite(g *grammar.Graph, s *grammar.Step) error {
	hops, whole := c.Hops, c.Whole
	if hops <= 0 {
		hops = 2
	}
	if whole <= 0 {
		whole = 64
	}
	if c.d == nil {
		c.d = NewDrawing(g, c.Forces)
	}
	d := c.d
	d.Sync()
	c.stats.Rewrites++
	if g.Order() <= whole {
		d.SetActive(nil)
		c.stats.Iterations += d.Run()
		c.stats.GlobalPhases++
		d.CommitAll()
		return nil
	}
	seeds := make([]int, 0, len(s.Match)+len(s.Added))
	seeds = append(append(seeds, s.Match...), s.Added...)
	d.SetActive(c.neighbourhood(g, seeds, hops))
	c.stats.Iterations += d.Run()
	c.stats.LocalPhases++
	d.Commit()
	if !d.Converged() {
		d.SetActive(nil)
		c.stats.Iterations += d.Run()
		c.stats.GlobalPhases++
		d.CommitAll()
	}
	return nil
}

// finishIterations caps Finish: the relax pass that follows does the rest.
const finishIterations = 100

// Finish relaxes the whole graph once more, for the end of a build, for at
// most finishIterations iterations.
func (c *Constructor) Finish(g *grammar.Graph) {
	f := c.Forces
	f.MaxIterations = min(f.withDefaults().MaxIterations, finishIterations)
	if c.d == nil {
		c.d = NewDrawing(g, f)
	} else {
		c.d.SetForces(f)
	}
	c.d.Sync()
	c.d.SetActive(nil)
	c.stats.Iterations += c.d.Run()
	c.stats.GlobalPhases++
	c.d.CommitAll()
}

// neighbourhood returns the vertices within hops edges of seeds, in
// breadth-first order from the seeds.
func (c *Constructor) neighbourhood(g *grammar.Graph, seeds []int, hops int) []int {
	if len(c.seen) < g.Order() {
		c.seen = append(c.seen, make([]uint32, g.Order()-len(c.seen))...)
	}
	c.stamp++
	var out []int
	for _, v := range seeds {
		if c.seen[v] != c.stamp {
			c.seen[v] = c.stamp
			out = append(out, v)
		}
	}
	frontier := out
	for range hops {
		var next []int
		for _, v := range frontier {
			for _, h := range g.Neighbors(v) {
				if c.seen[h.To] != c.stamp {
					c.seen[h.To] = c.stamp
					next = append(next, h.To)
				}
			}
		}
		out = append(out, next...)
		frontier = next
	}
	return out
}
