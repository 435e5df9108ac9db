package planar

import "math/bits"

// minorPlanar is the brute-force reference: by Wagner's theorem a graph is
// planar exactly when it has neither K5 nor K3,3 as a minor. It tries
// every partition of the vertices into blocks; a minor model is a choice
// of 5 (or 6) connected blocks that are pairwise adjacent (or adjacent
// across a 3 + 3 split). Time grows with the Bell number of n: use it for
// n ≤ 9.
func minorPlanar(n int, edges []Edge) bool {
	adj := make([]uint16, n)
	for _, e := range edges {
		if e.U != e.V {
			adj[e.U] |= 1 << e.V
			adj[e.V] |= 1 << e.U
		}
	}
	block := make([]int, n)
	var rec func(v, k int) bool // reports whether a model was found
	rec = func(v, k int) bool {
		if v == n {
			return k >= 5 && hasModel(adj, block, k)
		}
		// Prune: the vertices left can add at most n−v blocks.
		if k+(n-v) < 5 {
			return false
		}
		for b := 0; b <= k; b++ {
			block[v] = b
			nk := k
			if b == k {
				nk++
			}
			if rec(v+1, nk) {
				return true
			}
		}
		return false
	}
	return !rec(0, 0)
}

// hasModel reports whether the partition block (k blocks) holds a K5 or
// K3,3 minor model.
func hasModel(adj []uint16, block []int, k int) bool {
	sets := make([]uint16, k)
	for v, b := range block {
		sets[b] |= 1 << v
	}
	connected := make([]bool, k)
	for b, s := range sets {
		connected[b] = connectedSet(adj, s)
	}
	// touch[b] has bit c when blocks b and c are joined by an edge.
	touch := make([]uint16, k)
	for b, s := range sets {
		var nb uint16
		for x := s; x != 0; x &= x - 1 {
			nb |= adj[bits.TrailingZeros16(x)]
		}
		for c, t := range sets {
			if c != b && nb&t != 0 {
				touch[b] |= 1 << c
			}
		}
	}
	var good uint16
	for b := range k {
		if connected[b] {
			good |= 1 << b
		}
	}
	for sub := uint16(0); sub < 1<<k; sub++ {
		if sub&^good != 0 {
			continue
		}
		switch bits.OnesCount16(sub) {
		case 5:
			ok := true
			for x := sub; x != 0; x &= x - 1 {
				b := bits.TrailingZeros16(x)
				if touch[b]&sub != sub&^(1<<b) {
					ok = false
				}
			}
			if ok {
				return true
			}
		case 6:
			for side := sub; side != 0; side = (side - 1) & sub {
				if bits.OnesCount16(side) != 3 {
					continue
				}
				other := sub &^ side
				ok := true
				for x := side; x != 0; x &= x - 1 {
					if touch[bits.TrailingZeros16(x)]&other != other {
						ok = false
					}
				}
				if ok {
					return true
				}
			}
		}
	}
	return false
}

func connectedSet(adj []uint16, s uint16) bool {
	if s == 0 {
		return false
	}
	seen := s & -s
	for {
		var next uint16
		for x := seen; x != 0; x &= x - 1 {
			next |= adj[bits.TrailingZeros16(x)] & s
		}
		next |= seen
		if next == seen {
			return seen == s
		}
		seen = next
	}
}
