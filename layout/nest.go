package layout

import (
	"cmp"
	"math"
	"slices"

	"gonum.org/v1/gonum/spatial/r2"

	"github.com/dungraph/dungraph/grammar"
)

// A hanging rewrite adds one room c joined to exactly the two ends of a
// corridor a–b (a triangle fan's room). In a straight-line drawing the
// triangles on one side of a–b nest: each new one goes into the face
// beside a–b, inside the ones drawn before it on that side, so the
// triangle a–b–c must grow to hold every room later hung inside it. Which
// side each one takes decides how many rooms one triangle must hold, and
// so how long its corridors get; chosen one rewrite at a time, without
// knowing which rooms will grow, the first triangles end up holding most
// of the level.
//
// nestLog records the build, and plan chooses every hanging room's
// side with the whole build known: the sides that minimise the most rooms
// any one triangle encloses (NestPlan.bound). The level pipeline rebuilds
// an attempt with the plan (Constructor.Plan) when it encloses fewer.
//
// The model: each room's weight is its subtree in the tree of rooms where
// a room's parent is the newest placed room it was joined to when it was
// made, so a hanging room stands for everything later hung from it. A
// corridor made by a rewrite has an inner side, where the rewrite's other
// corridors lie (for a–c of a hanging room c, toward b). A triangle a–b–c
// encloses the rooms hung on the inner sides of a–c and b–c and those hung
// on a–b on its own side after it. The corridors a rewrite made together
// (a fan's two, a start rule's three) bound one cycle, which encloses
// every room hung on their inner sides.
type nestLog struct {
	// parent is each room's parent, -1 for none.
	parent []int
	// hang is the corridor a hanging room was hung on (a < b), {-1, -1}
	// for other rooms.
	hang [][2]int
	// made is the rewrite (its index in rewrites) that made each room.
	made []int
	// rewrites lists each rewrite's corridors made, with the vertices
	// on their inner sides.
	rewrites [][]madeCorridor
	// byCorridor finds the corridor record of a corridor made: rewrite
	// and index, keyed by its ends.
	byCorridor map[[2]int][2]int
	// mark and stamp mark the vertices of the rewrite being recorded.
	mark  []uint32
	stamp uint32
	// ends is scratch: the ends of the corridors a rewrite made.
	ends []int
	// pinned is set once a hanging rewrite's match held a room joined
	// to both ends of its corridor (pinsSide): its side was the match's.
	pinned bool
}

// madeCorridor is a corridor a rewrite made and the vertices on its inner
// side.
type madeCorridor struct {
	a, b   int
	thirds []int
}

// record notes rewrite s, after it is applied to g.
func (l *nestLog) record(g *grammar.Graph, s *grammar.Step) {
	if l.byCorridor == nil {
		l.byCorridor = map[[2]int][2]int{}
	}
	for len(l.mark) < g.Order() {
		l.mark = append(l.mark, 0)
	}
	l.stamp++
	for _, v := range s.Added {
		l.mark[v] = l.stamp
	}
	added := l.stamp
	isNew := func(v int) bool { return l.mark[v] == added }
	r := len(l.rewrites)
	var made []madeCorridor
	for _, v := range s.Added {
		for len(l.parent) <= v {
			l.parent = append(l.parent, -1)
			l.hang = append(l.hang, [2]int{-1, -1})
			l.made = append(l.made, -1)
		}
		l.made[v] = r
		for _, h := range g.Neighbors(v) {
			if h.Cosmetic {
				continue
			}
			if !isNew(h.To) && h.To > l.parent[v] {
				l.parent[v] = h.To
			}
			if !isNew(h.To) || h.To > v {
				made = append(made, madeCorridor{a: min(v, h.To), b: max(v, h.To)})
			}
		}
	}
	// A corridor's thirds close a triangle with it: vertices of this
	// rewrite (new, or an end of a corridor it made) joined to both ends,
	// in increasing order. They are looked for among the rewrite's own
	// vertices, not among an end's neighbours, so that a rewrite at a hub
	// costs what the rewrite made, not the hub's degree.
	l.stamp++
	ends := l.ends[:0]
	for _, m := range made {
		for _, v := range [2]int{m.a, m.b} {
			if l.mark[v] != l.stamp {
				l.mark[v] = l.stamp
				ends = append(ends, v)
			}
		}
	}
	slices.Sort(ends)
	l.ends = ends
	for i := range made {
		a, b := made[i].a, made[i].b
		for _, x := range ends {
			if x != a && x != b && joined(g, a, x) && joined(g, b, x) {
				made[i].thirds = append(made[i].thirds, x)
			}
		}
		l.byCorridor[[2]int{a, b}] = [2]int{r, i}
	}
	l.rewrites = append(l.rewrites, made)
	if len(s.Added) == 1 {
		c := s.Added[0]
		if a, b, ok := twoAnchors(g, s.Added); ok && adjacent(g, a, b) && len(g.Neighbors(c)) == 2 {
			l.hang[c] = [2]int{min(a, b), max(a, b)}
			l.pinned = l.pinned || pinsSide(g, s.Match, a, b)
		}
	}
}

// pinsSide reports whether a match that hung a room on a–b also holds a
// room joined to both a and b by corridors: flip elimination keeps the
// pattern's turn through that room, so the side the room hangs on follows
// from the match (a pattern of a whole triangle hangs it away from the
// third), not from the plan, and a rebuild with other sides makes other
// matches.
func pinsSide(g *grammar.Graph, match []int, a, b int) bool {
	for _, x := range match {
		if x != a && x != b && joined(g, a, x) && joined(g, b, x) {
			return true
		}
	}
	return false
}

// edgeAt returns the half-edge from a to b and whether there is one, by a
// binary search of a's neighbours (sorted by id): grammar.Graph.Edge scans
// them, which costs a hub's degree at every lookup.
func edgeAt(g *grammar.Graph, a, b int) (grammar.Half, bool) {
	adj := g.Neighbors(a)
	i, ok := slices.BinarySearchFunc(adj, b, func(h grammar.Half, b int) int { return cmp.Compare(h.To, b) })
	if !ok {
		return grammar.Half{}, false
	}
	return adj[i], true
}

// adjacent reports whether an edge, cosmetic or not, joins a and b.
func adjacent(g *grammar.Graph, a, b int) bool {
	_, ok := edgeAt(g, a, b)
	return ok
}

// joined reports whether a corridor (not a cosmetic edge) joins a and b.
func joined(g *grammar.Graph, a, b int) bool {
	h, ok := edgeAt(g, a, b)
	return ok && !h.Cosmetic
}

// inner reports whether p lies on the inner side of the corridor a–b
// (a < b) as drawn at pos: the side of its thirds' centroid, or the left
// of a→b when it has none.
func (l *nestLog) inner(pos []r2.Vec, a, b int, p r2.Vec) bool {
	s := orient(pos[a], pos[b], p) > 0
	if k, ok := l.byCorridor[[2]int{a, b}]; ok {
		m := l.rewrites[k[0]][k[1]]
		if len(m.thirds) > 0 {
			var c r2.Vec
			for _, x := range m.thirds {
				c = r2.Add(c, pos[x])
			}
			c = scale(1/float64(len(m.thirds)), c)
			return s == (orient(pos[a], pos[b], c) > 0)
		}
	}
	return s
}

// NestPlan is the side of every hanging room: inner[c] is 1 for the inner
// side of its corridor, 2 for the outer, 0 for rooms not hung.
type NestPlan struct {
	inner []int8
	hang  [][2]int
	// bound is the most rooms one triangle encloses with these sides.
	bound int
}

// Bound returns the most rooms one triangle encloses by the model with
// the plan's sides: the least the model allows for the build it was made
// from.
func (p *NestPlan) Bound() int { return p.bound }

// weights returns each room's subtree size in the parent tree.
func (l *nestLog) weights() []int {
	w := make([]int, len(l.parent))
	for v := len(w) - 1; v >= 0; v-- {
		w[v]++
		if p := l.parent[v]; p >= 0 && p < v {
			w[p] += w[v]
		}
	}
	return w
}

// children returns the hanging rooms of each corridor, oldest first.
func (l *nestLog) children() map[[2]int][]int {
	kids := map[[2]int][]int{}
	for c, h := range l.hang {
		if h[0] >= 0 {
			kids[h] = append(kids[h], c)
		}
	}
	return kids
}

// maxMaskChildren bounds the hanging rooms of one corridor whose sides
// the plan tries in every combination; beyond it they alternate.
const maxMaskChildren = 8

// plan returns the sides that minimise the most rooms one cycle encloses,
// by a search on that bound: for a bound M, the rewrites are visited
// newest first, and each corridor's hanging rooms take the sides that keep
// every triangle within M and put the least weight on the inner side
// (which the cycle the corridor bounds must hold).
func (l *nestLog) plan() *NestPlan {
	w := l.weights()
	kids := l.children()
	n := len(l.parent)
	lo, hi := 0, n
	var best []int8
	for lo < hi {
		m := (lo + hi) / 2
		if sides, ok := l.feasible(m, w, kids); ok {
			hi, best = m, sides
		} else {
			lo = m + 1
		}
	}
	if best == nil {
		best, _ = l.feasible(hi, w, kids)
	}
	return &NestPlan{inner: best, hang: l.hang, bound: hi}
}

// feasible tries to keep every cycle within bound m; it returns the sides
// and whether it could.
func (l *nestLog) feasible(m int, w []int, kids map[[2]int][]int) ([]int8, bool) {
	sides := make([]int8, len(l.parent))
	// need[r] is the least weight rewrite r's cycle must enclose.
	need := make([]int, len(l.rewrites))
	ok := true
	for r := len(l.rewrites) - 1; r >= 0; r-- {
		for _, mc := range l.rewrites[r] {
			in, fits := l.corridorSides(m, w, need, kids[[2]int{mc.a, mc.b}], sides)
			if !fits {
				ok = false
			}
			if len(mc.thirds) > 0 {
				need[r] += in
			}
		}
		if need[r] > m {
			ok = false
		}
	}
	return sides, ok
}

// corridorSides chooses the sides of one corridor's hanging rooms ch
// (oldest first): each room's triangle holds its own need plus the weight
// hung after it on its side, at most m, with the least weight inside. It
// returns that weight and whether m was kept. Up to maxMaskChildren rooms
// every combination is tried; more alternate sides.
func (l *nestLog) corridorSides(m int, w, need []int, ch []int, sides []int8) (int, bool) {
	k := len(ch)
	// cost returns the weight inside and the fullest triangle when room
	// i takes the inner side iff inside(i). Newest first, later[s] is the
	// weight hung after room i on side s, so one pass does.
	cost := func(inside func(i int) bool) (in, over int) {
		var later [2]int
		for i := k - 1; i >= 0; i-- {
			c, s := ch[i], 0
			if inside(i) {
				s = 1
				in += w[c]
			}
			over = max(over, need[l.made[c]]+later[s])
			later[s] += w[c]
		}
		return in, over
	}
	if k > maxMaskChildren {
		alternate := func(i int) bool { return i%2 == 0 }
		for i, c := range ch {
			sides[c] = sideOf(alternate(i))
		}
		in, over := cost(alternate)
		return in, over <= m
	}
	bestIn, bestMask, bestOver := -1, 0, 0
	for mask := range 1 << k {
		in, over := cost(func(i int) bool { return mask>>i&1 == 1 })
		// Within m, the least weight inside; else the least over m.
		fits, bestFits := over <= m, bestOver <= m
		better := bestIn < 0 || fits && !bestFits ||
			fits && bestFits && in < bestIn || !fits && !bestFits && over < bestOver
		if better {
			bestIn, bestMask, bestOver = in, mask, over
		}
	}
	for i, c := range ch {
		sides[c] = sideOf(bestMask>>i&1 == 1)
	}
	return bestIn, bestOver <= m
}

// sideOf returns a NestPlan side: 1 inner, 2 outer.
func sideOf(inner bool) int8 {
	if inner {
		return 1
	}
	return 2
}

// drawnEnclosed returns the most rooms that one of the model's triangles
// holds in the drawing pos: a hanging room's triangle, or three corridors
// one rewrite made. Measured, not modelled: a room drawn around what lies
// on its side encloses it, which the model has no word for.
func (l *nestLog) drawnEnclosed(pos []r2.Vec) int {
	worst := 0
	l.enclosures(pos, func(_, _, _ int, inside []int32) { worst = max(worst, len(inside)) })
	return worst
}

// enclosures calls fn with the corners of each triangle of the build in
// the drawing pos and the rooms strictly inside it (the slice is reused
// between calls).
//
// The rooms are filed in a grid of about one room per cell, so a triangle
// tests the rooms in the cells its bounding box meets, or every room when
// that box meets more cells than there are rooms.
func (l *nestLog) enclosures(pos []r2.Vec, fn func(p, q, r int, inside []int32)) {
	if len(pos) == 0 {
		return
	}
	lo, hi := pos[0], pos[0]
	for _, p := range pos {
		lo = r2.Vec{X: min(lo.X, p.X), Y: min(lo.Y, p.Y)}
		hi = r2.Vec{X: max(hi.X, p.X), Y: max(hi.Y, p.Y)}
	}
	var grid hashGrid
	grid.reset(max(float64(hi.X-lo.X), float64(hi.Y-lo.Y), 1) / math.Sqrt(float64(len(pos))))
	for x, p := range pos {
		grid.add(int32(x), p)
	}
	var inside []int32
	l.triangles(len(pos), func(p, q, r int) {
		inside = inside[:0]
		test := func(x int32) {
			if y := int(x); y != p && y != q && y != r && inTriangle(pos[p], pos[q], pos[r], pos[y]) {
				inside = append(inside, x)
			}
		}
		a, b, c := pos[p], pos[q], pos[r]
		blo := r2.Vec{X: min(a.X, b.X, c.X), Y: min(a.Y, b.Y, c.Y)}
		bhi := r2.Vec{X: max(a.X, b.X, c.X), Y: max(a.Y, b.Y, c.Y)}
		if _, _, cells := grid.boxCells(blo, bhi); cells > int64(len(pos)) {
			for x := range pos {
				test(int32(x))
			}
		} else {
			grid.inBox(blo, bhi, test)
		}
		fn(p, q, r, inside)
	})
}

// triangles calls fn with the corners of each triangle of the build among
// the first n vertices: a hanging room's, and three corridors one rewrite
// made.
func (l *nestLog) triangles(n int, fn func(p, q, r int)) {
	for c, h := range l.hang {
		if h[0] >= 0 && c < n {
			fn(h[0], h[1], c)
		}
	}
	for _, made := range l.rewrites {
		if len(made) == 3 && len(made[0].thirds) == 1 && len(made[1].thirds) == 1 && len(made[2].thirds) == 1 &&
			max(made[0].a, made[0].b, made[0].thirds[0]) < n {
			fn(made[0].a, made[0].b, made[0].thirds[0])
		}
	}
}

// orient returns the sign of the turn p → q → r: positive counter-clockwise.
func orient(p, q, r r2.Vec) float64 {
	return float64(float64(q.X-p.X)*float64(r.Y-p.Y)) - float64(float64(q.Y-p.Y)*float64(r.X-p.X))
}

// inTriangle reports whether x lies strictly inside the triangle p, q, r.
func inTriangle(p, q, r, x r2.Vec) bool {
	s1, s2, s3 := orient(p, q, x), orient(q, r, x), orient(r, p, x)
	return s1 > 0 && s2 > 0 && s3 > 0 || s1 < 0 && s2 < 0 && s3 < 0
}
