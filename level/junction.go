package level

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"gonum.org/v1/gonum/spatial/r2"

	"github.com/dungraph/dungraph/geom"
	"github.com/dungraph/dungraph/grammar"
	"github.com/dungraph/dungraph/layout"
	"github.com/dungraph/dungraph/rulesets"
)

// provenance records which build step added each corridor, so that a
// crossing can be blamed on the rule applications that made it. A rewrite
// changes only the edges among its matched and new vertices, so after
// each step only the corridors among those need a look: the ones at
// each such vertex now, and the ones recorded at it (at), some of which
// the step may have removed. That is linear in the rewrite, where looking
// at every pair of its vertices took a second, outside any poll of the
// budget, for a start rule of 3,000 rooms.
type provenance struct {
	step map[layout.Link]int
	// at[v] lists the other ends of the corridors at v recorded in step.
	at map[int][]int
}

func newProvenance() *provenance {
	return &provenance{step: map[layout.Link]int{}, at: map[int][]int{}}
}

// record notes the corridors step s added and forgets those it removed.
func (p *provenance) record(g *grammar.Graph, s *grammar.Step) {
	touched := append(slices.Clone([]int(s.Match)), s.Added...)
	in := make(map[int]bool, len(touched))
	for _, v := range touched {
		in[v] = true
	}
	for _, a := range touched {
		kept := p.at[a][:0]
		for _, b := range p.at[a] {
			if h, ok := g.Edge(a, b); in[b] && (!ok || h.Cosmetic) {
				delete(p.step, linkOf(a, b))
				continue
			}
			kept = append(kept, b)
		}
		p.at[a] = kept
	}
	for _, a := range touched {
		for _, h := range g.Neighbors(a) {
			b := h.To
			if h.Cosmetic || !in[b] || b < a {
				continue
			}
			if l := linkOf(a, b); !hasStep(p.step, l) {
				p.step[l] = s.Iteration
				p.at[a] = append(p.at[a], b)
				p.at[b] = append(p.at[b], a)
			}
		}
	}
}

func hasStep(m map[layout.Link]int, l layout.Link) bool {
	_, ok := m[l]
	return ok
}

// of returns the step that added corridor l, or -1 (the corridor is older
// than the trace, which cannot happen after a build).
func (p *provenance) of(l layout.Link) int {
	if s, ok := p.step[l]; ok {
		return s
	}
	return -1
}

func linkOf(a, b int) layout.Link {
	if a > b {
		a, b = b, a
	}
	return layout.Link{A: a, B: b}
}

// blame names the rule application that added corridor l: `corridor 3-7
// (rule "cross", step 12)`.
func (p *provenance) blame(l layout.Link, rs *rulesets.Ruleset, res *grammar.Result) string {
	s := p.of(l)
	if s < 0 || s >= len(res.Steps) {
		return fmt.Sprintf("corridor %d-%d", l.A, l.B)
	}
	return fmt.Sprintf("corridor %d-%d (rule %q, step %d)", l.A, l.B, rs.Rules[res.Steps[s].Rule].Name, s)
}

// blameCrossings describes up to three corridor crossings of cs with the
// rule applications that added each corridor, and says what to change.
func (p *provenance) blameCrossings(cs []layout.Conflict, rs *rulesets.Ruleset, res *grammar.Result) string {
	const show = 3
	var parts []string
	n := 0
	for _, c := range cs {
		if c.Kind != layout.CorridorCorridor {
			continue
		}
		if n++; n <= show {
			parts = append(parts, p.blame(c.Corridor, rs, res)+" crosses "+p.blame(c.Corridor2, rs, res))
		}
	}
	if n == 0 {
		return ""
	}
	if n > show {
		parts = append(parts, fmt.Sprintf("and %d more", n-show))
	}
	hint := "change those rules so that their rewrites stay planar, or set build.planar = \"junction\""
	if rs.Build.Planar == rulesets.PlanarReject {
		hint = "the construction drawing found no place for those rewrites' new rooms that crosses nothing (the graph may still be planar: see \"planar\" in docs/rulesets.md); another attempt draws other matches, or set build.planar = \"junction\" to make such crossings junction rooms"
	}
	return fmt.Sprintf("construction crossings: %s; %s", strings.Join(parts, "; "), hint)
}

// cut is a point where a junction splits corridor l, at parameter t from
// l.A to l.B.
type cut struct {
	l layout.Link
	t float64
	j int
}

// planarise turns every proper crossing of two corridors in cs (the
// construction drawing's conflicts) into a junction room tagged tag at the
// crossing point, splitting both corridors there; a corridor crossed k
// times becomes k + 1 corridors, in order along it, sharing its length
// factor equally. Each junction is credited to the later of the two rule
// applications that added its corridors. Corridors that only touch are
// left for the relax pass to report. It returns the number of junctions.
func planarise(g *grammar.Graph, cs []layout.Conflict, tag string, prov *provenance) int {
	var cuts []cut
	junctions := 0
	for _, c := range cs {
		if c.Kind != layout.CorridorCorridor {
			continue
		}
		a, b := g.Vertex(c.Corridor.A).Pos, g.Vertex(c.Corridor.B).Pos
		x, y := g.Vertex(c.Corridor2.A).Pos, g.Vertex(c.Corridor2.B).Pos
		if geom.SegmentsIntersect(a, b, x, y) != geom.Cross {
			continue
		}
		t, u := crossing(a, b, x, y)
		created := max(prov.of(c.Corridor), prov.of(c.Corridor2))
		j := g.AddVertex(grammar.Vertex{Tag: tag, Pos: lerp(a, b, t), CreatedBy: created})
		junctions++
		cuts = append(cuts, cut{c.Corridor, t, j}, cut{c.Corridor2, u, j})
	}
	slices.SortFunc(cuts, func(p, q cut) int {
		return cmp.Or(cmp.Compare(p.l.A, q.l.A), cmp.Compare(p.l.B, q.l.B), cmp.Compare(p.t, q.t), cmp.Compare(p.j, q.j))
	})
	for i := 0; i < len(cuts); {
		k := i
		for k < len(cuts) && cuts[k].l == cuts[i].l {
			k++
		}
		l := cuts[i].l
		h, _ := g.RemoveEdge(l.A, l.B)
		step := prov.of(l)
		delete(prov.step, l)
		lf := h.LengthFactor / float64(k-i+1)
		prev := l.A
		for _, c := range cuts[i:k] {
			join(g, prov, prev, c.j, lf, step)
			prev = c.j
		}
		join(g, prov, prev, l.B, lf, step)
		i = k
	}
	return junctions
}

func join(g *grammar.Graph, prov *provenance, a, b int, lf float64, step int) {
	// a and b are a junction and a room it was made next to: never joined.
	_ = g.AddEdge(grammar.Edge{A: a, B: b, LengthFactor: lf})
	if step >= 0 {
		prov.step[linkOf(a, b)] = step
	}
}

// crossing returns where segments ab and xy, which cross properly, meet:
// at a + t(b − a) = x + u(y − x). The products are converted before they
// are added so that no platform fuses them.
func crossing(a, b, x, y r2.Vec) (t, u float64) {
	d, e, w := r2.Sub(b, a), r2.Sub(y, x), r2.Sub(x, a)
	den := cross(d, e)
	return cross(w, e) / den, cross(w, d) / den
}

func cross(p, q r2.Vec) float64 { return float64(p.X*q.Y) - float64(p.Y*q.X) }

func lerp(a, b r2.Vec, t float64) r2.Vec {
	return r2.Vec{X: float64(a.X + float64(t*float64(b.X-a.X))), Y: float64(a.Y + float64(t*float64(b.Y-a.Y)))}
}
