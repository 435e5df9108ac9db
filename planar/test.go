package planar

// test is the second depth-first search, over the oriented edges in
// nesting order. It keeps a stack of conflict pairs: the return edges
// seen so far whose sides are still open, grouped into pairs of intervals
// that must lie on different sides. It returns false as soon as some
// interval would have to lie on both sides.
func (t *Tester) test(m int) bool {
	t.ref, t.lowptEdge = grow(t.ref, m), grow(t.lowptEdge, m)
	t.stackBottom = grow(t.stackBottom, m)
	for k := range m {
		t.ref[k], t.lowptEdge[k] = none, none
	}
	n := len(t.height)
	t.descended = grow(t.descended, n)
	clear(t.descended)
	clear(t.iter)
	t.stack = t.stack[:0]
	for _, s := range t.roots {
		t.dfs = append(t.dfs[:0], s)
		for len(t.dfs) > 0 {
			v := t.dfs[len(t.dfs)-1]
			e := t.parentEdge[v]
			if t.ostart[v]+t.iter[v] == t.ostart[v+1] {
				t.dfs = t.dfs[:len(t.dfs)-1]
				if e != none {
					t.removeBackEdges(e)
				}
				continue
			}
			ei := t.out[t.ostart[v]+t.iter[v]]
			if !t.descended[v] {
				t.stackBottom[ei] = int32(len(t.stack))
				if w := t.dst[ei]; t.parentEdge[w] == ei {
					// Tree edge: descend, integrate on return.
					t.descended[v] = true
					t.dfs = append(t.dfs, w)
					continue
				}
				t.lowptEdge[ei] = ei
				t.stack = append(t.stack, conflictPair{l: interval{none, none}, r: interval{ei, ei}})
			}
			t.descended[v] = false
			// Integrate the return edges of ei.
			if t.lowpt[ei] < t.height[v] {
				if t.iter[v] == 0 {
					t.lowptEdge[e] = t.lowptEdge[ei]
				} else if !t.addConstraints(ei, e) {
					return false
				}
			}
			t.iter[v]++
		}
	}
	return true
}

func (t *Tester) conflicting(i interval, b int32) bool {
	return !i.empty() && t.lowpt[i.high] > t.lowpt[b]
}

func (t *Tester) lowest(p conflictPair) int32 {
	switch {
	case p.l.empty():
		return t.lowpt[p.r.low]
	case p.r.empty():
		return t.lowpt[p.l.low]
	}
	return min(t.lowpt[p.l.low], t.lowpt[p.r.low])
}

func (t *Tester) pop() conflictPair {
	p := t.stack[len(t.stack)-1]
	t.stack = t.stack[:len(t.stack)-1]
	return p
}

func (t *Tester) setRef(k, to int32) {
	if k != none {
		t.ref[k] = to
	}
}

// addConstraints merges the return edges of ei, an outgoing edge of the
// source of e that is not its first, with the constraints of the earlier
// outgoing edges of the same vertex.
func (t *Tester) addConstraints(ei, e int32) bool {
	p := emptyPair
	// Merge the return edges of ei into p.r.
	for {
		q := t.pop()
		if !q.l.empty() {
			q.l, q.r = q.r, q.l
		}
		if !q.l.empty() {
			return false
		}
		if t.lowpt[q.r.low] > t.lowpt[e] {
			if p.r.empty() {
				p.r = q.r
			} else {
				t.setRef(p.r.low, q.r.high)
			}
			p.r.low = q.r.low
		} else {
			t.setRef(q.r.low, t.lowptEdge[e])
		}
		if int32(len(t.stack)) == t.stackBottom[ei] {
			break
		}
	}
	// Merge the conflicting return edges of the earlier edges into p.l.
	for len(t.stack) > 0 {
		top := t.stack[len(t.stack)-1]
		if !t.conflicting(top.l, ei) && !t.conflicting(top.r, ei) {
			break
		}
		q := t.pop()
		if t.conflicting(q.r, ei) {
			q.l, q.r = q.r, q.l
		}
		if t.conflicting(q.r, ei) {
			return false
		}
		t.setRef(p.r.low, q.r.high)
		if q.r.low != none {
			p.r.low = q.r.low
		}
		if p.l.empty() {
			p.l = q.l
		} else {
			t.setRef(p.l.low, q.l.high)
		}
		p.l.low = q.l.low
	}
	if !p.l.empty() || !p.r.empty() {
		t.stack = append(t.stack, p)
	}
	return true
}

// removeBackEdges drops the return edges that end at the source of the
// tree edge e, whose subtree is done, and sets ref[e] to its highest
// remaining return edge.
func (t *Tester) removeBackEdges(e int32) {
	u := t.src[e]
	for len(t.stack) > 0 && t.lowest(t.stack[len(t.stack)-1]) == t.height[u] {
		t.pop()
	}
	if len(t.stack) > 0 {
		p := t.pop()
		for p.l.high != none && t.dst[p.l.high] == u {
			p.l.high = t.ref[p.l.high]
		}
		if p.l.high == none && p.l.low != none {
			t.ref[p.l.low] = p.r.low
			p.l.low = none
		}
		for p.r.high != none && t.dst[p.r.high] == u {
			p.r.high = t.ref[p.r.high]
		}
		if p.r.high == none && p.r.low != none {
			t.ref[p.r.low] = p.l.low
			p.r.low = none
		}
		t.stack = append(t.stack, p)
	}
	if t.lowpt[e] < t.height[u] && len(t.stack) > 0 {
		top := t.stack[len(t.stack)-1]
		hl, hr := top.l.high, top.r.high
		if hl != none && (hr == none || t.lowpt[hl] > t.lowpt[hr]) {
			t.ref[e] = hl
		} else {
			t.ref[e] = hr
		}
	}
}
