package layout

import (
	"slices"

	"gonum.org/v1/gonum/spatial/r2"

	"github.com/dungraph/dungraph/geom"
	"github.com/dungraph/dungraph/grammar"
)

// loopFill follows the loops of corridors the build closes and how many
// rooms each holds in the construction drawing, for MayFill. A loop is
// kept as its rooms in order round it; when a later rewrite replaces one
// of its corridors by a path of new rooms (nested.toml's open subdivides
// the corridor it opens), the path is spliced in, so the loop's length is
// that of the boundary its corridors must stretch round.
type loopFill struct {
	loops []fillLoop
	// live lists the loops not dropped, in the order they were found.
	live []int
	// at lists, per room, the live loops through it.
	at [][]int
	// dist, prev and queue are the searches' scratch, dist all -1
	// between searches; mark[v] == stamp marks the rooms a splice has
	// put on its loop.
	dist, prev, queue, mark []int
	stamp                   int
	stats                   FillStats
}

// fillLoop is one loop: its rooms in order, the vertex count when it was
// last spliced, and, as drawn after version rewrites (-1: not measured
// since found or spliced), its bounding box and the rooms strictly inside
// it (inside is -1 when not counted yet).
type fillLoop struct {
	cyc             []int
	checked, inside int
	version         int
	box             r2.Box
	dead            bool
}

// FillStats counts the work of following the loops (Constructor.MayFill).
type FillStats struct {
	// Calls and Refusals count MayFill's answers.
	Calls, Refusals int
	// Searches counts the breadth-first searches for a loop or a path
	// to splice in, and Visited the rooms they reached.
	Searches, Visited int
	// Counts counts the times the rooms inside a loop were counted, and
	// Scanned the rooms within its bounding box those counts tested.
	Counts, Scanned int
	// Loops counts the loops found, Spliced the times a path was
	// spliced into one, and Dropped the loops dropped since.
	Loops, Spliced, Dropped int
}

// FillStats returns the work MayFill and the loops it reads have done so
// far (zero when NestLimit is 0).
func (c *Constructor) FillStats() FillStats {
	if c.fill == nil {
		return FillStats{}
	}
	return c.fill.stats
}

// maxFillLoop is the longest loop, in corridors, that loopFill looks for
// when a rewrite closes one, so the search stays local. fillLimit is
// linear in a loop's length: a loop of 16 corridors may hold 16/3 times
// the nest limit (32 rooms for the default 6), a fifth to a quarter of a
// level of the sizes whose tails it keeps (nested.toml: 20 to 130 rooms).
// nested.toml keeps 98.5% of its first attempts within the limits with
// 16 and with 32 (NOTES.md, "Fill limit"): longer loops do not help.
const maxFillLoop = 16

// maxFillSearch caps the rooms one search for a loop reaches: in a dense
// level a breadth-first search of depth maxFillLoop reaches hundreds, at
// every corridor of every rewrite's new rooms (caves at 3,000 rooms: 20%
// more time for its construction drawing with 512), and a loop found
// only past that many rooms is long for its surroundings.
const maxFillSearch = 128

// fillLimit returns the most rooms a loop of p corridors may hold: a
// triangle may hold nest rooms (Limits.NestLimit, from the measured tail
// ≈ 1.95·√k of a triangle holding k), and a loop of p corridors p/3 times
// as many. Linear, not as the area a perimeter of p corridors could
// span: the corridors of a loop do not stretch alike (those a later
// rewrite subdivided bound small loops of their own and stay short, the
// loop's first corridors take the stretch), and with (p/3)² nested.toml
// kept 17 of its 22 misses in seeds 1–200 (NOTES.md, "Fill limit").
func fillLimit(nest, p int) int { return nest * p / 3 }

// MayFill reports whether the new rooms of the rewrite r keep every loop
// of corridors of g within fillLimit of the rooms it holds: the loops a
// rewrite closed and the rooms each holds strictly inside it as drawn,
// counted with the rewrite's new rooms where its fit puts them and with
// a loop's corridors the rewrite subdivides counted as the path that
// replaces them. Always true when NestLimit is 0. Its signature fits
// grammar.Options.MayFill.
//
// A loop closed early in a build is wrapped round by whatever grows from
// its rooms into its face (nested.toml: the loops that end longest were
// closed while the level had 9 to 42 rooms and end round 7 to 33), and a
// rewrite that closes a loop cannot know what will grow inside; so the
// rewrite that would put more into a full loop is the one refused, and the
// build grows elsewhere.
func (c *Constructor) MayFill(g *grammar.Graph, r *grammar.Rewrite) bool {
	if c.NestLimit <= 0 {
		return true
	}
	f := c.fill
	if f == nil {
		return true
	}
	f.stats.Calls++
	for _, i := range f.live {
		l := &f.loops[i]
		if l.version != c.stats.Rewrites {
			l.box, l.inside, l.version = boxOf(g, l.cyc), -1, c.stats.Rewrites
		}
		add := 0
		for v, h := range r.Host {
			if h < 0 && inBox(l.box, r.Fit[v]) && inLoop(g, l.cyc, r.Fit[v]) {
				add++
			}
		}
		if add == 0 {
			continue
		}
		// The new rooms of a path that replaces one of the loop's
		// corridors lie on the loop once it is spliced, not inside.
		on := make([]bool, len(r.Host))
		p := len(l.cyc) + grown(g, r, l.cyc, on)
		for v, h := range r.Host {
			if h < 0 && on[v] && inLoop(g, l.cyc, r.Fit[v]) {
				add--
			}
		}
		if add == 0 {
			continue
		}
		if l.inside < 0 {
			l.inside = f.roomsInside(g, l)
		}
		if l.inside+add > fillLimit(c.NestLimit, p) {
			f.stats.Refusals++
			return false
		}
	}
	return true
}

// followLoops brings c's loops up to date after the rewrite s (when
// NestLimit is set: MayFill is the only reader).
func (c *Constructor) followLoops(g *grammar.Graph, s *grammar.Step) {
	if c.NestLimit <= 0 {
		return
	}
	if c.fill == nil {
		c.fill = &loopFill{}
	}
	c.fill.follow(g, s)
}

// grown returns how many corridors the rewrite r adds to the loop cyc by
// replacing its corridors with paths of new rooms, and sets on[v] for the
// new rooms v of r on those paths. Like splice, it takes a path outside
// the loop (at r's fit) when there is one.
func grown(g *grammar.Graph, r *grammar.Rewrite, cyc []int, on []bool) int {
	add := 0
	for _, d := range r.Dropped {
		i := slices.Index(cyc, d[0])
		if i < 0 {
			continue
		}
		n := len(cyc)
		if cyc[(i+1)%n] != d[1] && cyc[(i+n-1)%n] != d[1] {
			continue
		}
		su, sv := slices.Index(r.Host, d[0]), slices.Index(r.Host, d[1])
		if su < 0 || sv < 0 {
			continue
		}
		path := subPath(r, su, sv, func(v int) bool { return !inLoop(g, cyc, r.Fit[v]) })
		if path == nil {
			path = subPath(r, su, sv, func(int) bool { return true })
		}
		if len(path) > 0 {
			add += len(path)
			for _, v := range path {
				on[v] = true
			}
		}
	}
	return add
}

// subPath returns the new rooms strictly between su and sv on a shortest
// path of r's substitute from su to sv through new rooms ok allows, or
// nil when there is none (nor a corridor su–sv).
func subPath(r *grammar.Rewrite, su, sv int, ok func(v int) bool) []int {
	prev := make([]int, len(r.Host))
	for i := range prev {
		prev[i] = -1
	}
	prev[su] = su
	queue := []int{su}
	for i := 0; i < len(queue); i++ {
		u := queue[i]
		for _, e := range r.Corridors {
			for k := range 2 {
				if e[k] != u {
					continue
				}
				w := e[1-k]
				if w == sv {
					var path []int
					for x := u; x != su; x = prev[x] {
						path = append(path, x)
					}
					slices.Reverse(path)
					return path
				}
				if r.Host[w] < 0 && prev[w] < 0 && ok(w) {
					prev[w] = u
					queue = append(queue, w)
				}
			}
		}
	}
	return nil
}

// follow brings the loops up to date with g after the rewrite s: it
// splices into the loops through s's matched rooms the paths of new rooms
// that replaced their corridors (a loop with a corridor gone and no such
// path is dropped), and adds, for every corridor of s's new rooms, the
// shortest loop through that corridor when it is not known yet (for
// open, its own new loop and the loop on the far side of the corridor it
// opens). A rewrite changes only the corridors among its matched and new
// rooms, so no other loop needs a look.
func (f *loopFill) follow(g *grammar.Graph, s *grammar.Step) {
	n := g.Order()
	for len(f.dist) < n {
		f.dist = append(f.dist, -1)
		f.prev = append(f.prev, -1)
		f.mark = append(f.mark, 0)
		f.at = append(f.at, nil)
	}
	var touched []int
	for _, v := range s.Match {
		for _, i := range f.at[v] {
			if !slices.Contains(touched, i) {
				touched = append(touched, i)
			}
		}
	}
	slices.Sort(touched)
	for _, i := range touched {
		if l := &f.loops[i]; !l.dead {
			f.splice(g, l, i)
		}
	}
	if len(touched) > 0 {
		f.live = slices.DeleteFunc(f.live, func(i int) bool { return f.loops[i].dead })
	}
	if len(s.Added) == 0 {
		return
	}
	lo, hi := slices.Min(s.Added), slices.Max(s.Added)+1
	for v := lo; v < hi; v++ {
		for _, h := range g.Neighbors(v) {
			if h.Cosmetic || h.To >= lo && h.To < v {
				continue
			}
			if cyc := f.around(g, v, h.To); cyc != nil && !f.known(cyc) {
				i := len(f.loops)
				f.loops = append(f.loops, fillLoop{cyc: cyc, checked: n, inside: -1, version: -1})
				f.live = append(f.live, i)
				f.stats.Loops++
				for _, u := range cyc {
					f.at[u] = append(f.at[u], i)
				}
			}
		}
	}
}

// known reports whether a live loop has the rooms of cyc.
func (f *loopFill) known(cyc []int) bool {
	for _, i := range f.at[cyc[0]] {
		if l := f.loops[i]; len(l.cyc) == len(cyc) {
			same := true
			for _, v := range cyc {
				if !slices.Contains(l.cyc, v) {
					same = false
					break
				}
			}
			if same {
				return true
			}
		}
	}
	return false
}

// splice replaces each corridor of l that is gone by a shortest path of
// rooms added since l was last spliced, taking, when it can, rooms not
// inside l as drawn (the loop's boundary is its outer side), and drops l
// when some corridor has no such path. A path never takes a room already
// on the loop, so the loop stays a simple cycle.
func (f *loopFill) splice(g *grammar.Graph, l *fillLoop, id int) {
	f.stamp++
	for _, v := range l.cyc {
		f.mark[v] = f.stamp
	}
	var out, added []int
	for i, u := range l.cyc {
		w := l.cyc[(i+1)%len(l.cyc)]
		out = append(out, u)
		if joinedBy(g, u, w) {
			continue
		}
		path := f.path(g, u, w, l.checked, l.cyc, true)
		if path == nil {
			path = f.path(g, u, w, l.checked, l.cyc, false)
		}
		if path == nil {
			f.drop(l, id)
			return
		}
		out = append(out, path...)
		added = append(added, path...)
		for _, v := range path {
			f.mark[v] = f.stamp
		}
	}
	if added != nil {
		for _, v := range added {
			f.at[v] = append(f.at[v], id)
		}
		l.cyc, l.inside, l.version = out, -1, -1
		f.stats.Spliced++
	}
	l.checked = g.Order()
}

// drop marks the loop l (number id) dead and takes it off its rooms.
func (f *loopFill) drop(l *fillLoop, id int) {
	for _, v := range l.cyc {
		f.at[v] = slices.DeleteFunc(f.at[v], func(i int) bool { return i == id })
	}
	l.cyc, l.dead = nil, true
	f.stats.Dropped++
}

// path returns the rooms strictly between u and w on a shortest path of
// corridors through rooms numbered from first on and not marked as on the
// loop being spliced (and, with outside, not inside the loop cyc as
// drawn), of at most maxFillLoop corridors and reaching at most
// maxFillSearch rooms, or nil when there is none.
func (f *loopFill) path(g *grammar.Graph, u, w, first int, cyc []int, outside bool) []int {
	f.stats.Searches++
	f.queue = append(f.queue[:0], u)
	f.dist[u] = 0
	var found bool
	for i := 0; i < len(f.queue) && !found; i++ {
		x := f.queue[i]
		if f.dist[x]+1 > maxFillLoop || len(f.queue) > maxFillSearch {
			break
		}
		for _, h := range g.Neighbors(x) {
			y := h.To
			if h.Cosmetic || f.dist[y] >= 0 {
				continue
			}
			if y == w && x != u {
				f.prev[y], found = x, true
				break
			}
			if y < first || f.mark[y] == f.stamp || outside && inLoop(g, cyc, g.Vertex(y).Pos) {
				continue
			}
			f.dist[y], f.prev[y] = f.dist[x]+1, x
			f.queue = append(f.queue, y)
		}
	}
	f.stats.Visited += len(f.queue)
	var rooms []int
	if found {
		for x := f.prev[w]; x != u; x = f.prev[x] {
			rooms = append(rooms, x)
		}
		slices.Reverse(rooms)
	}
	for _, x := range f.queue {
		f.dist[x], f.prev[x] = -1, -1
	}
	f.prev[w] = -1
	return rooms
}

// around returns the shortest loop through the corridor v–w: v, then a
// shortest path from w back to v not using that corridor, of at most
// maxFillLoop corridors in all; nil when there is none.
func (f *loopFill) around(g *grammar.Graph, v, w int) []int {
	f.stats.Searches++
	f.queue = append(f.queue[:0], w)
	f.dist[w] = 0
	found := false
	for i := 0; i < len(f.queue) && !found; i++ {
		x := f.queue[i]
		if f.dist[x]+2 > maxFillLoop || len(f.queue) > maxFillSearch {
			break
		}
		for _, h := range g.Neighbors(x) {
			y := h.To
			if h.Cosmetic || f.dist[y] >= 0 || x == w && y == v {
				continue
			}
			f.dist[y], f.prev[y] = f.dist[x]+1, x
			if y == v {
				found = true
				break
			}
			f.queue = append(f.queue, y)
		}
	}
	f.stats.Visited += len(f.queue)
	var cyc []int
	if found {
		for x := v; ; x = f.prev[x] {
			cyc = append(cyc, x)
			if x == w {
				break
			}
		}
	}
	for _, x := range f.queue {
		f.dist[x], f.prev[x] = -1, -1
	}
	f.dist[v], f.prev[v] = -1, -1
	return cyc
}

// joinedBy reports whether a corridor (not a cosmetic edge) joins a and b.
func joinedBy(g *grammar.Graph, a, b int) bool {
	h, ok := g.Edge(a, b)
	return ok && !h.Cosmetic
}

// inLoop reports whether p lies strictly inside the polygon of the rooms
// cyc of g, by the winding number with exact orientations.
func inLoop(g *grammar.Graph, cyc []int, p r2.Vec) bool {
	w := 0
	for i, u := range cyc {
		a, b := g.Vertex(u).Pos, g.Vertex(cyc[(i+1)%len(cyc)]).Pos
		if a.Y <= p.Y {
			if b.Y > p.Y && geom.Orient(a, b, p) > 0 {
				w++
			}
		} else if b.Y <= p.Y && geom.Orient(a, b, p) < 0 {
			w--
		}
	}
	return w != 0
}

// roomsInside counts the rooms of g (cosmetic vertices left out) strictly
// inside the loop l as drawn; only the rooms within its box are tested.
func (f *loopFill) roomsInside(g *grammar.Graph, l *fillLoop) int {
	f.stats.Counts++
	// The loop's own rooms lie on it: skipped before the winding
	// number, whose exact orientations are slow on the polygon's sides.
	f.stamp++
	for _, v := range l.cyc {
		f.mark[v] = f.stamp
	}
	k := 0
	for v := range g.Order() {
		x := g.Vertex(v)
		if x.Cosmetic || f.mark[v] == f.stamp || !inBox(l.box, x.Pos) {
			continue
		}
		f.stats.Scanned++
		if inLoop(g, l.cyc, x.Pos) {
			k++
		}
	}
	return k
}

// boxOf returns the bounding box of the rooms cyc of g as drawn.
func boxOf(g *grammar.Graph, cyc []int) r2.Box {
	p := g.Vertex(cyc[0]).Pos
	b := r2.Box{Min: p, Max: p}
	for _, v := range cyc[1:] {
		p := g.Vertex(v).Pos
		b.Min.X, b.Min.Y = min(b.Min.X, p.X), min(b.Min.Y, p.Y)
		b.Max.X, b.Max.Y = max(b.Max.X, p.X), max(b.Max.Y, p.Y)
	}
	return b
}

// inBox reports whether p lies in b, sides included: a point outside
// the box of a loop is outside the loop.
func inBox(b r2.Box, p r2.Vec) bool {
	return p.X >= b.Min.X && p.X <= b.Max.X && p.Y >= b.Min.Y && p.Y <= b.Max.Y
}
