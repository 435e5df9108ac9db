package gridmap

import "math/bits"

// stateQueue is A*'s open list: a radix heap (Ahuja, Mehlhorn, Orlin and
// Tarjan, "Faster algorithms for the shortest path problem", JACM 1990)
// over the states' estimated total cost f, each bucket first in, first
// out. It pops states by f, and states of equal f in the order they were
// pushed: the order of a binary heap on (f, push number), so a search
// expands the same states and finds the same path as with one.
//
// A radix heap needs monotone keys: no state pushed below the f last
// popped. The router's heuristic (4 × the Manhattan distance to the
// target box) is consistent, since every step costs at least costStep = 4
// and changes the distance by at most one, so f never decreases along a
// search; saturate (route.go) caps costs and f at costMax without breaking
// that, and keeps f below 2^31, where its unsigned order here and the
// router's signed one agree. Bucket i > 0 holds the states whose f first differs from the
// last popped f at bit i−1; bucket 0 those equal to it. A push is an
// append; a pop takes the head of bucket 0, or, when bucket 0 is empty,
// moves the lowest non-empty bucket's states down by the new minimum,
// each state moving at most 32 times in all.
//
// First in, first out holds in every bucket: a bucket is only filled by
// pushes, in push order, or while it is empty, from a higher bucket in
// that bucket's order.
type stateQueue struct {
	buckets [33][]queued
	// head is the next state of buckets[0] to pop.
	head int
	// last is the f of the state popped last (0 before the first pop).
	last uint32
}

// queued is a search state with its estimated total cost f.
type queued struct {
	f int32
	s int32
}

// reset empties q and keeps its buckets' arrays.
func (q *stateQueue) reset() {
	for i := range q.buckets {
		q.buckets[i] = q.buckets[i][:0]
	}
	q.head, q.last = 0, 0
}

// push adds state s with estimated total cost f ≥ 0, not below the f last
// popped.
func (q *stateQueue) push(f, s int32) {
	b := bits.Len32(uint32(f) ^ q.last)
	q.buckets[b] = append(q.buckets[b], queued{f, s})
}

// pop removes and returns the state of least f, first pushed among
// equals; ok is false when q is empty.
func (q *stateQueue) pop() (it queued, ok bool) {
	if q.head == len(q.buckets[0]) {
		q.buckets[0], q.head = q.buckets[0][:0], 0
		i := 1
		for i < len(q.buckets) && len(q.buckets[i]) == 0 {
			i++
		}
		if i == len(q.buckets) {
			return queued{}, false
		}
		b := q.buckets[i]
		m := b[0].f
		for _, it := range b[1:] {
			m = min(m, it.f)
		}
		q.last = uint32(m)
		// Every state of bucket i agrees with the new minimum above bit
		// i−1, so each moves to a lower bucket, all of them empty.
		for _, it := range b {
			j := bits.Len32(uint32(it.f) ^ q.last)
			q.buckets[j] = append(q.buckets[j], it)
		}
		q.buckets[i] = b[:0]
	}
	it = q.buckets[0][q.head]
	q.head++
	return it, true
}
