package hostile

import (
	"fmt"
	"math"
	"strings"
)

// Star returns a ruleset whose start rule makes a star of leaves leaves
// and whose other rule's pattern is a star of k leaves: leaves!/(leaves-k)!
// structural matches, the worst case of collecting every match. With
// flips, the pattern's leaves are on a ring, so that only the matches that
// keep their cyclic order apply; without, they share one point, which says
// nothing about orientation, and every match applies.
func Star(leaves, k int, flips bool) string {
	var b strings.Builder
	fmt.Fprintf(&b, "name = \"star\"\n[build]\nmax_vertices = %d\nmax_iterations = 3\nmax_valence = %d\n", leaves+k+2, leaves+1)
	b.WriteString("[[rules]]\nname = \"start\"\npattern.vertices = [ { id = \"s\", tags = [\"s\"] } ]\n")
	b.WriteString("substitute.vertices = [ { id = \"s\", tag = \"c\", at = [0, 0] },\n")
	ring := func(n int, field, tag string, round bool) {
		for i := range n {
			x, y := 100.0, 0.0
			if round {
				a := 2 * math.Pi * float64(i) / float64(n)
				x, y = 100*math.Cos(a), 100*math.Sin(a)
			}
			fmt.Fprintf(&b, "  { id = \"l%d\", %s = %s, at = [%.3f, %.3f] },\n", i, field, tag, x, y)
		}
		b.WriteString("]\n")
	}
	edges := func(key string, n int) {
		fmt.Fprintf(&b, "%s = [", key)
		for i := range n {
			fmt.Fprintf(&b, " { between = [\"c\", \"l%d\"] },", i)
		}
		b.WriteString(" ]\n")
	}
	ring(leaves, "tag", `"l"`, true)
	b.WriteString("substitute.edges = [")
	for i := range leaves {
		fmt.Fprintf(&b, " { between = [\"s\", \"l%d\"] },", i)
	}
	b.WriteString(" ]\n")
	b.WriteString("[[rules]]\nname = \"fan\"\npattern.vertices = [ { id = \"c\", tags = [\"c\"], at = [0, 0] },\n")
	ring(k, "tags", `["l"]`, flips)
	edges("pattern.edges", k)
	b.WriteString("substitute.vertices = [ { id = \"c\", tag = \"c\", at = [0, 0] },\n")
	ring(k, "tag", `"m"`, true)
	edges("substitute.edges", k)
	return b.String()
}

// Grid returns a ruleset whose start rule substitutes a grid of n
// vertices: one rewrite that the construction drawing must place.
func Grid(n int) string {
	side := int(math.Ceil(math.Sqrt(float64(n))))
	var b strings.Builder
	fmt.Fprintf(&b, "name = \"grid\"\n[build]\nmax_vertices = %d\nmax_iterations = 2\n", n+10)
	b.WriteString("[[rules]]\nname = \"start\"\npattern.vertices = [ { id = \"s\", tags = [\"s\"] } ]\nsubstitute.vertices = [\n")
	id := func(i int) string {
		if i == 0 {
			return "s"
		}
		return fmt.Sprintf("v%d", i)
	}
	for i := range n {
		fmt.Fprintf(&b, "  { id = %q, tag = \"a\", at = [%d, %d] },\n", id(i), 100*(i%side), 100*(i/side))
	}
	b.WriteString("]\nsubstitute.edges = [\n")
	for i := range n {
		if i%side+1 < side && i+1 < n {
			fmt.Fprintf(&b, "  { between = [%q, %q] },\n", id(i), id(i+1))
		}
		if i+side < n {
			fmt.Fprintf(&b, "  { between = [%q, %q] },\n", id(i), id(i+side))
		}
	}
	b.WriteString("]\n")
	return b.String()
}
