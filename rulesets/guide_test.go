package rulesets

import (
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/dungraph/dungraph/internal/toml"
)

// guideBlocks returns the ```toml blocks of the authoring guide, and for
// each whether it is marked <!-- ruleset: loads -->.
func guideBlocks(t *testing.T) (blocks []string, loads []bool) {
	t.Helper()
	src, err := os.ReadFile("../docs/rulesets.md")
	if err != nil {
		t.Fatalf("the authoring guide: %v", err)
	}
	lines := strings.Split(string(src), "\n")
	for i := 0; i < len(lines); i++ {
		if lines[i] != "```toml" {
			continue
		}
		marked := i > 0 && lines[i-1] == "<!-- ruleset: loads -->"
		var b strings.Builder
		for i++; i < len(lines) && lines[i] != "```"; i++ {
			b.WriteString(lines[i])
			b.WriteByte('\n')
		}
		blocks = append(blocks, b.String())
		loads = append(loads, marked)
	}
	return blocks, loads
}

// TestGuide keeps docs/rulesets.md honest: every TOML example is TOML 1.0,
// the complete rulesets load, and the worked example makes the levels the
// guide says it makes.
func TestGuide(t *testing.T) {
	blocks, loads := guideBlocks(t)
	if len(blocks) < 10 {
		t.Fatalf("found %d TOML examples in the guide; the parser of this test is probably wrong", len(blocks))
	}
	var keep *Ruleset
	complete := 0
	for i, b := range blocks {
		if _, err := toml.Parse([]byte(b)); err != nil {
			t.Errorf("example %d is not TOML 1.0: %s\n%s", i, err, b)
			continue
		}
		if !loads[i] {
			continue
		}
		complete++
		rs, err := Load("keep.toml", []byte(b))
		if err != nil {
			t.Errorf("example %d does not load:\n%v", i, err)
			continue
		}
		if len(rs.Warnings) > 0 {
			// A reader who copies the guide's ruleset should not be
			// warned about it.
			t.Errorf("example %d loads with warnings:\n%v", i, rs.Warnings)
		}
		keep = rs
	}
	if complete < 2 || keep == nil {
		t.Fatalf("found %d complete rulesets in the guide; want the first step and the whole ruleset", complete)
	}
	// The last complete ruleset is the worked example: every level has 21
	// rooms and ends with a boss.
	for seed := range uint64(20) {
		res, err := keep.Grammar.Build(keep.Build.Options(), rand.New(rand.NewPCG(seed, 7)))
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if n := res.Graph.Order(); n != 21 {
			t.Errorf("seed %d: %d rooms; the guide says 21", seed, n)
		}
		bosses := 0
		for v := range res.Graph.Order() {
			if res.Graph.Vertex(v).Tag == "b" {
				bosses++
			}
		}
		if bosses != 1 {
			t.Errorf("seed %d: %d boss rooms; want 1", seed, bosses)
		}
	}
}
