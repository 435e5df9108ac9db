package main

import (
	"cmp"
	"fmt"
	"math"
	"slices"

	"gonum.org/v1/gonum/spatial/r2"

	"github.com/dungraph/dungraph/geom"
	"github.com/dungraph/dungraph/grammar"
	"github.com/dungraph/dungraph/layout"
	"github.com/dungraph/dungraph/level"
	"github.com/dungraph/dungraph/rulesets"
)

// printTail prints, for -tail, which corridors make each level's tail
// (the 99th percentile of the visible corridor lengths over their median,
// layout.Geometry.Tail) and how much the triangles they bound hold. Per
// seed: the tail, the most rooms one triangle of corridors holds (k max),
// the rooms held by the fullest triangle the p99 corridor bounds (k p99),
// the ratio c = p99 ÷ (√k p99 × (median room extent + median visible
// corridor)), and the fullest triangle's fill (room area inside it ÷ its
// area) next to the level's density; then a summary over the levels that
// miss the default tail limit, and the levels sorted into bands of k max.
func printTail(name string, ms []tailMeasure) {
	limit := rulesets.DefaultQuality().MaxTail
	fmt.Printf("\n%s\n\n| seed | tail | k max | k p99 | c | fill | density |\n", name)
	fmt.Println("| --- | --- | --- | --- | --- | --- | --- |")
	var miss []tailMeasure
	for _, m := range ms {
		fmt.Printf("| %d | %.2f | %d | %d | %.2f | %.3f | %.3f |\n", m.seed, m.tail, m.kMax, m.kP99, m.c, m.fill, m.density)
		if m.tail > limit {
			miss = append(miss, m)
		}
	}
	fullest, half, empty := 0, 0, 0
	for _, m := range miss {
		if m.kP99 == m.kMax {
			fullest++
		}
		if 2*m.kP99 >= m.kMax {
			half++
		}
		if m.kP99 == 0 {
			empty++
		}
	}
	fmt.Printf("\n%d levels, %d with tail > %g; of those, the p99 corridor bounds the fullest triangle in %d, one holding at least half as many rooms in %d, only empty triangles in %d\n",
		len(ms), len(miss), limit, fullest, half, empty)
	get := func(ms []tailMeasure, f func(tailMeasure) float64) float64 {
		if len(ms) == 0 {
			return math.NaN()
		}
		v := make([]float64, len(ms))
		for i, m := range ms {
			v[i] = f(m)
		}
		slices.Sort(v)
		return v[len(v)/2]
	}
	fmt.Printf("medians: c %.2f (%.2f where tail > %g), room extent ÷ visible corridor %.2f, fill %.3f, density %.3f\n",
		get(ms, func(m tailMeasure) float64 { return m.c }), get(miss, func(m tailMeasure) float64 { return m.c }), limit,
		get(ms, func(m tailMeasure) float64 { return m.extPerCorridor }), get(ms, func(m tailMeasure) float64 { return m.fill }),
		get(ms, func(m tailMeasure) float64 { return m.density }))
	fmt.Println("\n| k max | levels | tail within | tail median |")
	fmt.Println("| --- | --- | --- | --- |")
	for _, b := range [][2]int{{0, 5}, {6, 9}, {10, 14}, {15, math.MaxInt}} {
		var in []tailMeasure
		within := 0
		for _, m := range ms {
			if m.kMax >= b[0] && m.kMax <= b[1] {
				in = append(in, m)
				if m.tail <= limit {
					within++
				}
			}
		}
		hi := fmt.Sprint(b[1])
		if b[1] == math.MaxInt {
			hi = "…"
		}
		fmt.Printf("| %d–%s | %d | %d | %.2f |\n", b[0], hi, len(in), within, get(in, func(m tailMeasure) float64 { return m.tail }))
	}
}

// tailMeasure is one level's tail and the triangles behind it.
type tailMeasure struct {
	seed                                   int
	tail, c, fill, density, extPerCorridor float64
	kMax, kP99                             int
}

// measureTail measures lv; it reports false for a level without
// corridors.
func measureTail(lv *level.Level) (tailMeasure, bool) {
	g := lv.Graph
	lens := layout.VisibleLengths(g, lv.Rooms)
	if len(lens) == 0 {
		return tailMeasure{}, false
	}
	type corridor struct {
		a, b int
		l    float64
	}
	var cs []corridor
	for _, e := range g.Edges() {
		if !e.Cosmetic {
			cs = append(cs, corridor{e.A, e.B, lens[len(cs)]})
		}
	}
	slices.SortStableFunc(cs, func(x, y corridor) int { return cmp.Compare(x.l, y.l) })
	n := len(cs)
	med := cs[n/2].l
	p99 := cs[min(n-1, int(math.Ceil(0.99*float64(n)))-1)]
	var ext []float64
	for v := range g.Order() {
		if !g.Vertex(v).Cosmetic {
			r := lv.Rooms[v]
			ext = append(ext, max(r.W, r.H))
		}
	}
	slices.Sort(ext)
	e := ext[len(ext)/2]
	m := tailMeasure{seed: int(lv.Seed), tail: lv.Metrics.Quality.Geometry.Tail, density: lv.Metrics.Quality.Geometry.Density, extPerCorridor: e / max(med, 1e-9)}
	seen := false
	for _, c := range cs {
		for _, h := range g.Neighbors(c.a) {
			x := h.To
			if h.Cosmetic || x == c.b || !isCorridor(g, c.b, x) {
				continue
			}
			k, area, tri := holds(g, lv.Rooms, c.a, c.b, x)
			if c == p99 {
				m.kP99 = max(m.kP99, k)
			}
			if k > m.kMax || !seen {
				m.kMax, m.fill, seen = k, area/max(tri, 1e-9), true
			}
		}
	}
	m.c = p99.l / (math.Sqrt(float64(max(m.kP99, 1))) * (e + med))
	return m, true
}

// isCorridor reports whether a corridor (not a cosmetic edge) joins a and b.
func isCorridor(g *grammar.Graph, a, b int) bool {
	h, ok := g.Edge(a, b)
	return ok && !h.Cosmetic
}

// holds returns the rooms strictly inside the triangle of rooms p, q, r,
// their area, and the triangle's area. Inside is decided by geom.Orient,
// exactly; the areas are sums of products, each product rounded on its own
// (float64(...)) so that arm64 cannot fuse it into the sum and the numbers
// this tool puts in NOTES are the same on every platform.
func holds(g *grammar.Graph, rooms []layout.Room, p, q, r int) (int, float64, float64) {
	pp, pq, pr := g.Vertex(p).Pos, g.Vertex(q).Pos, g.Vertex(r).Pos
	k, area := 0, 0.0
	for y := range g.Order() {
		if y == p || y == q || y == r || g.Vertex(y).Cosmetic {
			continue
		}
		py := g.Vertex(y).Pos
		s1, s2, s3 := geom.Orient(pp, pq, py), geom.Orient(pq, pr, py), geom.Orient(pr, pp, py)
		if s1 > 0 && s2 > 0 && s3 > 0 || s1 < 0 && s2 < 0 && s3 < 0 {
			k++
			area += float64(rooms[y].W * rooms[y].H)
		}
	}
	return k, area, math.Abs(turn(pp, pq, pr)) / 2
}

// turn returns twice the signed area of the triangle p, q, r.
func turn(p, q, r r2.Vec) float64 {
	return float64((q.X-p.X)*(r.Y-p.Y)) - float64((q.Y-p.Y)*(r.X-p.X))
}
