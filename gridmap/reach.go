package gridmap

// Reachability before A*. A corridor that has no way still costs its A*
// search every state it can reach: at a wide scale that is most of the
// map (1.4 million states of fans seed 1 at cell 14.8, for each of a
// dozen failed searches per build). Two breadth-first floods over cells,
// one from the free source slots and one from the free target slots,
// each step taken by the side with the smaller frontier, settle the
// question first: when either side runs out before they touch, the ends
// lie in different pieces of the free grid and A* would fail, so it is
// not run; the cost is at most about twice the smaller piece. The floods
// take every move A* takes (any heading, any cell the brush fits on) and
// more, so they never refuse a corridor A* would find, and every route
// is the one A* finds without them.

// floodState holds the floods' reusable arrays: seen marks a cell with
// 2·gen for the source side and 2·gen+1 for the target side.
type floodState struct {
	seen   []uint32
	gen    uint32
	fa, fb []int32
}

// connected reports whether a brush could go from a free slot of from to
// one of the goal anchors (grid indices, marked in r.goal) inside win. A
// false answer is certain; a true one says only that A* must look.
func (r *router) connected(from, to end, win rect, goals []int) bool {
	g := r.g
	f := &r.flood
	if len(f.seen) < g.w*g.h {
		f.seen = make([]uint32, g.w*g.h)
	}
	f.gen++
	if f.gen >= 1<<31 {
		clear(f.seen)
		f.gen = 1
	}
	src, dst := 2*f.gen, 2*f.gen+1
	qa, qb := f.fa[:0], f.fb[:0]
	defer func() { f.fa, f.fb = qa[:0], qb[:0] }() // every return keeps the grown queues
	for _, s := range from.slots {
		p := r.anchor(from.x0, from.y0, s)
		if i := p.Y*g.w + p.X; f.seen[i] != src && r.free(p, from.room, from.room, to.room, win) {
			f.seen[i] = src
			qa = append(qa, int32(i))
		}
	}
	for _, i := range goals {
		if f.seen[i] == src {
			return true
		}
		if f.seen[i] != dst {
			f.seen[i] = dst
			qb = append(qb, int32(i))
		}
	}
	ha, hb := 0, 0
	for ha < len(qa) && hb < len(qb) {
		if r.checkStop() {
			return false // the caller sees r.stopped
		}
		// Expand the side with the smaller frontier.
		q, h, own, other := &qa, &ha, src, dst
		if len(qb)-hb < len(qa)-ha {
			q, h, own, other = &qb, &hb, dst, src
		}
		i := int((*q)[*h])
		*h++
		p := cellPoint(i, g.w)
		for _, v := range dirs {
			n := Point{p.X + v.X, p.Y + v.Y}
			if n.X < 0 || n.Y < 0 || n.X >= g.w || n.Y >= g.h {
				continue
			}
			j := n.Y*g.w + n.X
			switch f.seen[j] {
			case other:
				return true
			case own:
				continue
			}
			// Goal anchors are marked already: any other cell must be
			// free of rooms.
			if r.free(n, -1, from.room, to.room, win) {
				f.seen[j] = own
				*q = append(*q, int32(j))
			}
		}
	}
	return false
}
