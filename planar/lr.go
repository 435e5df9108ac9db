package planar

import "fmt"

// Edge is an undirected edge between vertices U and V.
type Edge struct{ U, V int }

// none marks a missing edge reference.
const none = -1

// interval is a run of return edges, from its lowest (by lowpoint,
// lowest on the stack) to its highest, linked through ref.
type interval struct{ low, high int32 }

func (i interval) empty() bool { return i.low == none && i.high == none }

// conflictPair holds two intervals whose return edges must lie on
// different sides.
type conflictPair struct{ l, r interval }

var emptyPair = conflictPair{l: interval{none, none}, r: interval{none, none}}

// Tester runs the left-right planarity test. The zero value is ready to
// use; a Tester reuses its scratch slices across calls and must not be
// used by two goroutines at once.
type Tester struct {
	// Undirected graph in compressed rows: the edge ids at vertex v are
	// inc[start[v]:start[v+1]]; edge k joins ends[2k] and ends[2k+1].
	start, inc, ends []int32
	mark             []int32

	// Orientation: edge k runs from src[k] to dst[k] once oriented.
	oriented            []bool
	src, dst            []int32
	height, parentEdge  []int32
	lowpt, lowpt2, nest []int32
	iter                []int32
	dfs                 []int32

	// Testing: the outgoing edges of v ordered by nesting depth are
	// out[ostart[v]:ostart[v+1]].
	ostart, out, count []int32
	ref, lowptEdge     []int32
	stackBottom        []int32
	descended          []bool
	stack              []conflictPair
	roots              []int32
}

// Planar reports whether the graph with vertices 0..n-1 and the given
// edges is planar. Self-loops and repeated edges do not change planarity
// and are ignored. An edge that names a vertex outside 0..n-1 is an
// error.
func Planar(n int, edges []Edge) (bool, error) {
	var t Tester
	return t.Planar(n, edges)
}

// Planar reports whether the graph with vertices 0..n-1 and the given
// edges is planar; see the package function Planar.
func (t *Tester) Planar(n int, edges []Edge) (bool, error) {
	for _, e := range edges {
		if e.U < 0 || e.U >= n || e.V < 0 || e.V >= n {
			return false, fmt.Errorf("planar: edge %d-%d names a vertex outside 0..%d", e.U, e.V, n-1)
		}
	}
	m := t.load(n, edges)
	// Euler: a simple planar graph on n ≥ 3 vertices has at most 3n − 6
	// edges.
	if n > 2 && m > 3*n-6 {
		return false, nil
	}
	t.orient(n, m)
	t.order(n, m)
	return t.test(m), nil
}

func grow[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	return s[:n]
}

// load builds the compressed adjacency of the simple graph underlying
// edges and returns its number of edges.
func (t *Tester) load(n int, edges []Edge) int {
	// Forward rows (from the smaller end) to drop repeated edges with a
	// mark per vertex.
	t.start = grow(t.start, n+1)
	clear(t.start)
	for _, e := range edges {
		if e.U != e.V {
			t.start[min(e.U, e.V)+1]++
		}
	}
	for v := range n {
		t.start[v+1] += t.start[v]
	}
	fwd := grow(t.inc, len(edges))
	t.count = grow(t.count, n)
	copy(t.count, t.start[:n])
	for _, e := range edges {
		if e.U != e.V {
			a, b := min(e.U, e.V), max(e.U, e.V)
			fwd[t.count[a]] = int32(b)
			t.count[a]++
		}
	}
	t.mark = grow(t.mark, n)
	for v := range t.mark {
		t.mark[v] = none
	}
	t.ends = t.ends[:0]
	for a := range n {
		for _, b := range fwd[t.start[a]:t.start[a+1]] {
			if t.mark[b] != int32(a) {
				t.mark[b] = int32(a)
				t.ends = append(t.ends, int32(a), b)
			}
		}
	}
	m := len(t.ends) / 2
	// Undirected rows of edge ids.
	clear(t.start)
	for _, v := range t.ends {
		t.start[v+1]++
	}
	for v := range n {
		t.start[v+1] += t.start[v]
	}
	t.inc = grow(fwd, 2*m)
	copy(t.count, t.start[:n])
	for k := range m {
		for _, v := range t.ends[2*k : 2*k+2] {
			t.inc[t.count[v]] = int32(k)
			t.count[v]++
		}
	}
	return m
}

// orient is the first depth-first search: it orients every edge away
// from the root along tree edges and toward an ancestor along back edges,
// and computes each edge's lowpoint (the lowest height a return edge from
// it reaches), second lowpoint and nesting depth.
func (t *Tester) orient(n, m int) {
	t.height = grow(t.height, n)
	t.parentEdge = grow(t.parentEdge, n)
	t.iter = grow(t.iter, n)
	for v := range n {
		t.height[v], t.parentEdge[v], t.iter[v] = none, none, 0
	}
	t.oriented = grow(t.oriented, m)
	clear(t.oriented)
	t.src, t.dst = grow(t.src, m), grow(t.dst, m)
	t.lowpt, t.lowpt2, t.nest = grow(t.lowpt, m), grow(t.lowpt2, m), grow(t.nest, m)
	t.roots = t.roots[:0]
	for s := range int32(n) {
		if t.height[s] != none {
			continue
		}
		t.height[s] = 0
		t.roots = append(t.roots, s)
		t.dfs = append(t.dfs[:0], s)
		for len(t.dfs) > 0 {
			v := t.dfs[len(t.dfs)-1]
			if t.start[v]+t.iter[v] == t.start[v+1] {
				t.dfs = t.dfs[:len(t.dfs)-1]
				if e := t.parentEdge[v]; e != none {
					// Back at the parent: finish the tree edge.
					u := t.src[e]
					t.finishEdge(u, e)
					t.iter[u]++
				}
				continue
			}
			k := t.inc[t.start[v]+t.iter[v]]
			if t.oriented[k] {
				t.iter[v]++
				continue
			}
			w := t.ends[2*k]
			if w == v {
				w = t.ends[2*k+1]
			}
			t.oriented[k] = true
			t.src[k], t.dst[k] = v, w
			t.lowpt[k], t.lowpt2[k] = t.height[v], t.height[v]
			if t.height[w] == none {
				// Tree edge: descend; the edge is finished on return.
				t.parentEdge[w] = k
				t.height[w] = t.height[v] + 1
				t.dfs = append(t.dfs, w)
				continue
			}
			// Back edge.
			t.lowpt[k] = t.height[w]
			t.finishEdge(v, k)
			t.iter[v]++
		}
	}
}

// finishEdge sets the nesting depth of k, an outgoing edge of v whose
// lowpoints are final, and folds them into v's parent edge.
func (t *Tester) finishEdge(v, k int32) {
	t.nest[k] = 2 * t.lowpt[k]
	if t.lowpt2[k] < t.height[v] {
		t.nest[k]++ // chordal: the edge's return edges reach two heights
	}
	e := t.parentEdge[v]
	if e == none {
		return
	}
	switch {
	case t.lowpt[k] < t.lowpt[e]:
		t.lowpt2[e] = min(t.lowpt[e], t.lowpt2[k])
		t.lowpt[e] = t.lowpt[k]
	case t.lowpt[k] > t.lowpt[e]:
		t.lowpt2[e] = min(t.lowpt2[e], t.lowpt[k])
	default:
		t.lowpt2[e] = min(t.lowpt2[e], t.lowpt2[k])
	}
}

// order lists each vertex's outgoing edges by nesting depth with a
// counting sort (depths are below 2n + 2), so the whole order takes
// linear time; ties keep edge id order.
func (t *Tester) order(n, m int) {
	depths := 2*n + 2
	t.count = grow(t.count, max(depths, n)+1)
	clear(t.count[:depths+1])
	for k := range m {
		t.count[t.nest[k]+1]++
	}
	for d := range depths {
		t.count[d+1] += t.count[d]
	}
	byDepth := grow(t.mark, max(m, n))[:m]
	for k := range int32(m) {
		byDepth[t.count[t.nest[k]]] = k
		t.count[t.nest[k]]++
	}
	t.ostart = grow(t.ostart, n+1)
	clear(t.ostart)
	for k := range m {
		t.ostart[t.src[k]+1]++
	}
	for v := range n {
		t.ostart[v+1] += t.ostart[v]
	}
	t.out = grow(t.out, m)
	copy(t.count[:n], t.ostart[:n])
	for _, k := range byDepth {
		s := t.src[k]
		t.out[t.count[s]] = k
		t.count[s]++
	}
	t.mark = byDepth[:cap(byDepth)]
}
