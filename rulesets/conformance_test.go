package rulesets

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// TestBundledConform builds every bundled ruleset for 100 seeds (fewer with
// -short) and checks every limit and metarule.
func TestBundledConform(t *testing.T) {
	seeds := 100
	if testing.Short() {
		seeds = 10
	}
	for _, info := range ListBundled() {
		t.Run(info.Name, func(t *testing.T) {
			t.Parallel()
			rs, err := Bundled(info.Name)
			if err != nil {
				t.Fatal(err)
			}
			if err := Conform(rs, seeds); err != nil {
				t.Fatal(err)
			}
		})
	}
}

// TestConformCatches breaks promises on purpose: the checks must notice.
func TestConformCatches(t *testing.T) {
	src := `
[build]
max_iterations = 6
max_vertices = 40
min_vertices = 30
[[rules]]
name = "start"
pattern.vertices = [ { id = "s", tags = ["s"] } ]
substitute.vertices = [ { id = "s", tag = "a", at = [0, 0] }, { id = "t", tag = "a", at = [100, 0] } ]
substitute.edges = [ { between = ["s", "t"] } ]
[[rules]]
name = "extend"
pattern.vertices = [ { id = "a", tags = ["a"], at = [0, 0] }, { id = "b", tags = ["a"], at = [100, 0] } ]
pattern.edges = [ { between = ["a", "b"] } ]
substitute.vertices = [ { id = "a", tag = "-", at = [0, 0] }, { id = "m", tag = "a", at = [50, 0] }, { id = "b", tag = "-", at = [100, 0] } ]
substitute.edges = [ { between = ["a", "m"] }, { between = ["m", "b"] } ]
`
	rs, err := Load("conform.toml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	err = Conform(rs, 3)
	if err == nil || !strings.Contains(err.Error(), "every build ended below min_vertices") {
		t.Fatalf("Conform = %v, want every build below min_vertices", err)
	}
	// Claim a tighter limit than the builds obeyed.
	res, _ := rs.Grammar.Build(rs.Build.Options(), nil2rng())
	rs.Build.MaxVertices = res.Graph.Order() - 1
	if err := rs.conformBuild(res); err == nil || !strings.Contains(err.Error(), "max_vertices") {
		t.Fatalf("conformBuild = %v, want a max_vertices violation", err)
	}
	rs.Build.MaxVertices = 40
	rs.Rules[1].MaxUses = 1
	if err := rs.conformBuild(res); err == nil || !strings.Contains(err.Error(), "max_uses") {
		t.Fatalf("conformBuild = %v, want a max_uses violation", err)
	}
}

func nil2rng() *rand.Rand { return rand.New(rand.NewPCG(1, 0)) }
