package layout

import (
	"math"
	"slices"

	"gonum.org/v1/gonum/graph"
	"gonum.org/v1/gonum/graph/path"
	"gonum.org/v1/gonum/graph/simple"
	"gonum.org/v1/gonum/spatial/r2"

	"github.com/dungraph/dungraph/grammar"
)

// Quality measures a drawing whose rooms are known. Every value is computed
// with operations that give the same bits on every platform.
type Quality struct {
	// EdgeDeviation is the relative RMS deviation of edge lengths from their
	// targets: √(mean(((length − target) / target)²)).
	EdgeDeviation float64
	// Stress is the normalised stress over sampled pairs:
	// mean(((distance − path length) / path length)²), path lengths along
	// corridors weighted by their targets, from up to StressSources source
	// vertices spread evenly over the ids.
	Stress float64
	// AngularResolution is the smallest angle between two consecutive edges
	// at a vertex, divided by the ideal 2π/degree, over vertices of degree
	// ≥ 2: 1 is perfect, 0 means two edges overlap.
	AngularResolution float64
	// Min and Max are the corners of the bounding box of the rooms' discs;
	// Aspect is its longer side over its shorter.
	Min, Max r2.Vec
	Aspect   float64
	// Geometry is the level's geometry in rooms (see Geometry).
	Geometry
}

// spread returns Geometry.Spread: the sum of the non-cosmetic corridors'
// targets with their length factors above 1, over the sum with those at
// 1. Only factors above 1 count: the density limit guards against sprawl,
// which a corridor asked to be short does not excuse, and rooms cannot
// pack closer for it. It is exactly 1 without such factors.
func spread(g *grammar.Graph, rooms []Room, gap float64) float64 {
	var asked, plain float64
	for _, e := range g.Edges() {
		if e.Cosmetic {
			continue
		}
		to := r2.Sub(g.Vertex(e.B).Pos, g.Vertex(e.A).Pos)
		f := max(1, lengthFactor(e.LengthFactor))
		asked += roomTarget(gap, rooms[e.A], rooms[e.B], to, f)
		plain += corridorTarget(gap, rooms[e.A].Radius, rooms[e.B].Radius, 1)
	}
	if plain == 0 {
		return 1
	}
	return asked / plain
}

// StressSources is how many source vertices Stress samples.
const StressSources = 32

// Measure computes the quality of g's drawing with the given rooms and
// corridor gap.
func Measure(g *grammar.Graph, rooms []Room, gap float64) Quality {
	var q Quality
	target := func(a, b int) float64 {
		h, _ := g.Edge(a, b)
		return roomTarget(gap, rooms[a], rooms[b], r2.Sub(g.Vertex(b).Pos, g.Vertex(a).Pos), h.LengthFactor)
	}
	edges := g.Edges()
	if len(edges) > 0 {
		var sum float64
		for _, e := range edges {
			l := dist(g.Vertex(e.A).Pos, g.Vertex(e.B).Pos)
			t := target(e.A, e.B)
			dev := float64(l-t) / t
			sum += float64(dev * dev)
		}
		q.EdgeDeviation = math.Sqrt(sum / float64(len(edges)))
	}
	q.Stress = stress(g, target)
	q.AngularResolution = angularResolution(g)
	q.Geometry = MeasureGeometry(g, rooms)
	q.Spread = spread(g, rooms, gap)
	if g.Order() > 0 {
		q.Min = r2.Vec{X: math.Inf(1), Y: math.Inf(1)}
		q.Max = r2.Vec{X: math.Inf(-1), Y: math.Inf(-1)}
		for v := range g.Order() {
			p, r := g.Vertex(v).Pos, rooms[v].Radius
			q.Min = r2.Vec{X: min(q.Min.X, p.X-r), Y: min(q.Min.Y, p.Y-r)}
			q.Max = r2.Vec{X: max(q.Max.X, p.X+r), Y: max(q.Max.Y, p.Y+r)}
		}
		w, h := q.Max.X-q.Min.X, q.Max.Y-q.Min.Y
		if lo := min(w, h); lo > 0 {
			q.Aspect = max(w, h) / lo
		}
	}
	return q
}

// targetView weights a graph's edges by their target lengths for gonum's
// shortest paths, keeping the ordered iteration of grammar.Graph's view.
type targetView struct {
	graph.Weighted
	target func(a, b int) float64
}

func (t targetView) Weight(x, y int64) (float64, bool) {
	if x == y {
		return 0, true
	}
	if !t.HasEdgeBetween(x, y) {
		return 0, false
	}
	return t.target(int(x), int(y)), true
}

func (t targetView) WeightedEdge(u, v int64) graph.WeightedEdge {
	w, ok := t.Weight(u, v)
	if !ok {
		return nil
	}
	return simple.WeightedEdge{F: simple.Node(u), T: simple.Node(v), W: w}
}

func stress(g *grammar.Graph, target func(a, b int) float64) float64 {
	n := g.Order()
	if n < 2 {
		return 0
	}
	view := targetView{Weighted: g.Undirected(true), target: target}
	k := min(n, StressSources)
	var sum float64
	var pairs int
	for i := range k {
		src := i * n / k
		sp := path.DijkstraFrom(simple.Node(src), view)
		for v := range n {
			if v == src {
				continue
			}
			pl := sp.WeightTo(int64(v))
			if pl == 0 || math.IsInf(pl, 0) {
				continue
			}
			d := dist(g.Vertex(src).Pos, g.Vertex(v).Pos)
			rel := float64(d-pl) / pl
			sum += float64(rel * rel)
			pairs++
		}
	}
	if pairs == 0 {
		return 0
	}
	return sum / float64(pairs)
}

func angularResolution(g *grammar.Graph) float64 {
	best := math.Inf(1)
	var angles []float64
	for v := range g.Order() {
		hs := g.Neighbors(v)
		if len(hs) < 2 {
			continue
		}
		p := g.Vertex(v).Pos
		angles = angles[:0]
		for _, h := range hs {
			q := g.Vertex(h.To).Pos
			angles = append(angles, atan2(q.Y-p.Y, q.X-p.X))
		}
		slices.Sort(angles)
		ideal := 2 * math.Pi / float64(len(hs))
		for i, a := range angles {
			next := angles[(i+1)%len(angles)]
			gap := next - a
			if i == len(angles)-1 {
				gap += 2 * math.Pi
			}
			best = min(best, gap/ideal)
		}
	}
	if math.IsInf(best, 1) {
		return 1
	}
	return best
}
