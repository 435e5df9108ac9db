package level

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/dungraph/dungraph/rulesets"
)

// starRuleset is a ruleset whose start rule makes a star of leaves leaves
// and whose other rule's pattern is a star of k leaves: leaves!/(leaves-k)!
// structural matches, the worst case of collecting every match. With
// flips, the pattern's leaves are on a ring, so that only the matches that
// keep their cyclic order apply; without, they share one point, which says
// nothing about orientation, and every match applies.
func starRuleset(leaves, k int, flips bool) string {
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

// gridRuleset is a ruleset whose start rule substitutes a grid of n
// vertices: one rewrite that the construction drawing must place.
func gridRuleset(n int) string {
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

func mustLoad(t testing.TB, src string) *rulesets.Ruleset {
	t.Helper()
	rs, err := rulesets.Load("hostile.toml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	return rs
}

// slack is what a budget may be overrun by in these tests: the design's
// second, doubled for a loaded test machine.
const slack = 2 * time.Second

// Matching holds memory linear in the level, whatever the number of
// matches. A pattern with 479 million matches, almost all of them flipped,
// runs a memory budget of 48 MiB into the time budget instead (counting
// them takes longer than any budget here); one with 362,880 matches, all
// applicable, makes a level within the same memory budget.
func TestMatchingMemory(t *testing.T) {
	budget := 2 * time.Second
	rs := mustLoad(t, starRuleset(12, 11, true))
	start := time.Now()
	_, err := Generate(context.Background(), rs, 1, Options{MaxHeap: HeapBytes() + 48<<20, Timeout: budget})
	took := time.Since(start)
	var te *TimeoutError
	if !errors.As(err, &te) || te.Stage != StageMatching {
		t.Fatalf("Generate: %v; want the time budget to run out during matching", err)
	}
	if took > budget+slack {
		t.Errorf("a budget of %v took %v", budget, took)
	}
	t.Logf("479,001,600 matches: %v after %v", err, took.Round(time.Millisecond))

	rs = mustLoad(t, starRuleset(9, 8, false))
	start = time.Now()
	lv, err := Generate(context.Background(), rs, 1, Options{MaxHeap: HeapBytes() + 48<<20, Timeout: time.Minute})
	if err != nil {
		t.Fatalf("Generate: %v", err)
	}
	fan, _ := rs.Grammar.RuleIndex("fan")
	if u := lv.Build.Uses; len(u) != 2 || u[fan] == 0 {
		t.Errorf("rule uses %v: the fan never applied", u)
	}
	if st := lv.Build.Steps[len(lv.Build.Steps)-1].Stats[fan]; st.Candidates != 362880 {
		t.Errorf("the fan's last draw saw %d candidates, want 9!/1! = 362,880", st.Candidates)
	}
	t.Logf("362,880 matches: a level in %v", time.Since(start).Round(time.Millisecond))
}

// A start rule of 2,000 vertices stops at the time budget (and at a
// cancelled context) inside the construction drawing.
func TestTimeBudgetInLayout(t *testing.T) {
	if testing.Short() {
		t.Skip("loads a ruleset of 2,000 vertices")
	}
	rs := mustLoad(t, gridRuleset(2000))
	budget := 300 * time.Millisecond
	start := time.Now()
	_, err := Generate(context.Background(), rs, 1, Options{Timeout: budget})
	took := time.Since(start)
	var te *TimeoutError
	if !errors.As(err, &te) {
		t.Fatalf("Generate: %v; want a TimeoutError", err)
	}
	if took > budget+slack {
		t.Errorf("a budget of %v took %v (stage %s)", budget, took, te.Stage)
	}

	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(budget, cancel)
	start = time.Now()
	_, err = Generate(ctx, rs, 1, Options{})
	if took := time.Since(start); !errors.Is(err, context.Canceled) || took > budget+slack {
		t.Errorf("cancelled after %v: %v after %v", budget, err, took)
	}
}

// FuzzBudgets: small hostile rulesets (stars whose matches explode, grids
// that one rewrite places) with tiny time budgets end within the budget
// and the slack, with the budget's error or a level.
func FuzzBudgets(f *testing.F) {
	f.Add(uint8(12), uint8(11), uint8(0), uint16(20))
	f.Add(uint8(8), uint8(7), uint8(1), uint16(5))
	f.Add(uint8(3), uint8(2), uint8(1), uint16(1))
	f.Add(uint8(9), uint8(8), uint8(2), uint16(150))
	f.Fuzz(func(t *testing.T, leaves, k, kind uint8, ms uint16) {
		var src string
		switch kind % 2 {
		case 0:
			n := int(leaves%14) + 1
			src = starRuleset(n, int(k)%n+1, kind&2 == 0)
		case 1:
			src = gridRuleset(int(leaves)%400 + 2)
		}
		rs, err := rulesets.Load("fuzz.toml", []byte(src))
		if err != nil {
			t.Skip(err) // not every shape is a valid ruleset
		}
		budget := time.Duration(ms%200+1) * time.Millisecond
		start := time.Now()
		_, err = Generate(context.Background(), rs, 1, Options{Timeout: budget, MaxHeap: HeapBytes() + 256<<20})
		took := time.Since(start)
		var te *TimeoutError
		var me *MemoryError
		if err != nil && !errors.As(err, &te) && !errors.As(err, &me) && !errors.Is(err, ErrNoValidLevel) {
			t.Fatalf("Generate: %v", err)
		}
		if took > budget+slack {
			t.Fatalf("a budget of %v took %v: %v", budget, took, err)
		}
	})
}
