package editdist

// Distance returns the Levenshtein distance between a and b, in bytes.
func Distance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

// Closest returns the candidate closest to name and its distance; the first
// in candidates' order wins a tie, so callers pass them sorted. It returns
// ("", -1) for no candidates.
func Closest(name string, candidates []string) (string, int) {
	best, bestD := "", -1
	for _, c := range candidates {
		if d := Distance(name, c); bestD < 0 || d < bestD {
			best, bestD = c, d
		}
	}
	return best, bestD
}
