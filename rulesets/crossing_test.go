package rulesets

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"gonum.org/v1/gonum/spatial/r2"

	"github.com/dungraph/dungraph/geom"
	"github.com/dungraph/dungraph/grammar"
)

func TestCrossingSubstituteWarnings(t *testing.T) {
	const head = `[[rules]]
name = "start"
pattern.vertices = [ { id = "s", tags = ["s"], at = [0, 0] } ]
substitute.vertices = [
  { id = "s", tag = "a", at = [0, 0] },
  { id = "b", tag = "a", at = [100, 0] },
  { id = "c", tag = "a", at = [100, 100] },
  { id = "d", tag = "a", at = [0, 100] },
]
`
	tests := []struct {
		name  string
		edges string
		want  []string // "line:col fragment" per warning
	}{
		{"a square", `substitute.edges = [ { between = ["s", "b"] }, { between = ["b", "c"] }, { between = ["c", "d"] }, { between = ["d", "s"] } ]`, nil},
		{"a square with one diagonal", `substitute.edges = [ { between = ["s", "b"] }, { between = ["b", "c"] }, { between = ["s", "c"] }, { between = ["c", "d"] } ]`, nil},
		{"both diagonals", "substitute.edges = [\n  { between = [\"s\", \"c\"] },\n  { between = [\"b\", \"d\"] },\n  { between = [\"s\", \"b\"] },\n]", []string{`12:3 corridor "b"-"d" crosses corridor "s"-"c"`}},
		{"cosmetic diagonal", `substitute.edges = [ { between = ["s", "c"] }, { between = ["b", "d"], cosmetic = true }, { between = ["s", "b"] }, { between = ["c", "d"] } ]`, nil},
		{"both diagonals among the sides", `substitute.edges = [ { between = ["s", "b"] }, { between = ["c", "d"] }, { between = ["b", "d"] }, { between = ["s", "c"] } ]`, []string{`10:100 corridor "s"-"c" crosses corridor "b"-"d"`}},
	}
	for _, tc := range tests {
		rs, err := Load("w.toml", []byte(head+tc.edges+"\n"))
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if len(rs.Warnings) != len(tc.want) {
			t.Errorf("%s: %d warnings, want %d: %v", tc.name, len(rs.Warnings), len(tc.want), rs.Warnings)
			continue
		}
		for i, w := range tc.want {
			pos, frag, _ := strings.Cut(w, " ")
			e := rs.Warnings[i]
			if got := fmt.Sprintf("%d:%d", e.Line, e.Col); got != pos || !strings.Contains(e.Msg, frag) || !strings.Contains(e.Path, `rules[0] "start"`) {
				t.Errorf("%s: warning %d is %s; want at %s with %q", tc.name, i, e, pos, frag)
			}
		}
	}
}

func TestBundledHaveNoWarnings(t *testing.T) {
	for _, info := range ListBundled() {
		rs, err := Bundled(info.Name)
		if err != nil {
			t.Fatal(err)
		}
		if len(rs.Warnings) > 0 {
			t.Errorf("%s: %v", info.Name, rs.Warnings)
		}
	}
}

// TestFirstCrossingsAgainstAllPairs compares the sweep with the test of
// every pair on random substitutes drawn on a small integer grid, where
// touching, collinear and shared-end cases are common.
func TestFirstCrossingsAgainstAllPairs(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := range 2000 {
		var s grammar.Substitute
		n := 2 + rng.IntN(9)
		for i := range n {
			s.Vertices = append(s.Vertices, grammar.SubstituteVertex{
				ID:  fmt.Sprint("v", i),
				Pos: r2.Vec{X: float64(rng.IntN(5)), Y: float64(rng.IntN(5))},
			})
		}
		for range rng.IntN(3 * n) {
			a, b := rng.IntN(n), rng.IntN(n)
			if a == b {
				continue
			}
			s.Edges = append(s.Edges, grammar.SubstituteEdge{A: s.Vertices[a].ID, B: s.Vertices[b].ID, Cosmetic: rng.IntN(6) == 0})
		}
		want := make([]int, len(s.Edges))
		pos := func(id string) r2.Vec {
			for _, v := range s.Vertices {
				if v.ID == id {
					return v.Pos
				}
			}
			return r2.Vec{}
		}
		for k, e := range s.Edges {
			want[k] = -1
			for f, g := range s.Edges[:k] {
				if e.Cosmetic || g.Cosmetic || e.A == g.A || e.A == g.B || e.B == g.A || e.B == g.B {
					continue
				}
				if geom.SegmentsIntersect(pos(e.A), pos(e.B), pos(g.A), pos(g.B)) != geom.Disjoint {
					want[k] = f
					break
				}
			}
		}
		if got := firstCrossings(s, noStop); !slices.Equal(got, want) {
			t.Fatalf("trial %d: %+v: got %v, want %v", trial, s, got, want)
		}
	}
}

func noStop() error { return nil }
