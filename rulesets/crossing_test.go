package rulesets

import (
	"fmt"
	"strings"
	"testing"
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
