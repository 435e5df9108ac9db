package rulesets

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

// lintBase is minimal.toml with two passes and room for one more rule.
const lintBase = `name = "lint"
[build]
max_iterations = 10
max_vertices = 5
%s
[[passes]]
name = "grow"
rules = ["start", "extend"]
max_iterations = 4

[[passes]]
name = "finish"
rules = ["cap"]
max_iterations = 2

[[rules]]
name = "start"
pattern.vertices = [ { id = "s", tags = ["s"] } ]
substitute.vertices = [
  { id = "s", tag = "a", at = [0, 0] },
  { id = "t", tag = "a", at = [100, 0] },
]
substitute.edges = [ { between = ["s", "t"] } ]

[[rules]]
name = "extend"
pattern.vertices = [
  { id = "a", tags = ["a"], at = [0, 0] },
  { id = "b", tags = ["a"%s], at = [100, 0]%s },
]
pattern.edges = [ { between = ["a", "b"] } ]
substitute.vertices = [
  { id = "a", tag = "-", at = [0, 0] },
  { id = "b", tag = "-", at = [100, 0] },
  { id = "c", tag = "a", at = [200, 0] },
]
substitute.edges = [ { between = ["a", "b"] }, { between = ["b", "c"] } ]

[[rules]]
name = "cap"
pattern.vertices = [
  { id = "a", tags = ["%s"], at = [0, 0] },
  { id = "b", tags = ["a"], at = [100, 0] },
]
pattern.edges = [ { between = ["a", "b"] } ]
substitute.vertices = [ { id = "a", tag = "z", at = [0, 0] }, { id = "b", tag = "-", at = [100, 0] } ]
substitute.edges = [ { between = ["a", "b"] } ]
`

func TestWarnings(t *testing.T) {
	tests := []struct {
		name string
		// tables is TOML put after [build]; neg, lock and capTag fill in the
		// extend rule's vertex b and the cap rule's pattern tag.
		tables, neg, lock, capTag string
		overrides                 []string
		want                      []string // path: fragment, one per warning, in order
		reason                    string
	}{
		{name: "clean", capTag: "a", reason: "a ruleset whose every value matters has no warnings"},
		{name: "max_vertices the budgets never reach", capTag: "a", overrides: []string{"build.max_vertices=60"},
			want:   []string{"build.max_vertices: 60 never limits the build: the passes' budgets (grow 4 + finish 0 new vertices) and build.max_iterations = 10 let it reach at most 5 vertices"},
			reason: "grow adds at most one vertex per step for 4 steps"},
		{name: "max_iterations below the pass budgets", capTag: "a", overrides: []string{"build.max_iterations=4"},
			want:   []string{`build.max_iterations: 4 is used up by the budgets of the passes before "finish" (grow 4): passes "finish" run only if earlier ones stall; raise it to at least 6`},
			reason: "the finish pass never runs once grow used its budget"},
		{name: "a tag nothing makes", capTag: "q",
			want:   []string{`rules[2] "cap": pattern vertex "a": tags: the rule never applies: no vertex is ever tagged "q"`},
			reason: "no rule makes a q vertex, so cap is dead"},
		{name: "a negated tag on a locked vertex", capTag: "a", neg: `, "!z"`, lock: ", lock = true",
			want:   []string{`rules[1] "extend": pattern vertex "b": tags[1]: "!z" never rejects a match: the vertex is locked`},
			reason: "a locked vertex has no neighbour outside the match"},
		{name: "a tag no rule uses", capTag: "a", tables: "[tags.zz]\ncolor = \"#ff0000\"\n",
			want:   []string{`tags.zz: no rule uses tag "zz": the settings change nothing`},
			reason: "the [tags] entry configures nothing the level has"},
		{name: "the junction tag under planar junction", capTag: "a", tables: "[tags.x]\nrole = \"junction\"\n",
			overrides: []string{"build.planar=junction"},
			reason:    "planar = \"junction\" gives the junction tag its rooms though no rule names it"},
		{name: "the junction tag under planar reject", capTag: "a", tables: "[tags.x]\nrole = \"junction\"\n",
			want:   []string{`tags.x: no rule uses tag "x": the settings change nothing`},
			reason: "without planar = \"junction\" no room takes the junction tag"},
		{name: "a disabled rule makes another dead", capTag: "z", overrides: []string{"rules.cap.enabled=false"},
			reason: "a disabled rule is not checked for being dead, and cap's own tag comes from nowhere else"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := lintBase
			for _, v := range []string{tt.tables, tt.neg, tt.lock, tt.capTag} {
				src = strings.Replace(src, "%s", v, 1)
			}
			l := loaderOf(t, tt.overrides)
			rs, err := l.Load("lint.toml", []byte(src))
			if err != nil {
				t.Fatal(err)
			}
			if len(rs.Warnings) != len(tt.want) {
				t.Fatalf("got %d warnings, want %d (%s):\n%v", len(rs.Warnings), len(tt.want), tt.reason, rs.Warnings)
			}
			for i, w := range rs.Warnings {
				if !strings.Contains(w.Error(), tt.want[i]) {
					t.Errorf("warning %d = %q\nwant %q (%s)", i, w.Error(), tt.want[i], tt.reason)
				}
				if w.Line == 0 && w.Override == "" {
					t.Errorf("warning %d has neither a position nor an override", i)
				}
			}
		})
	}
}

// TestDisabledRule checks that enabled = false takes a rule out of the build
// and out of its passes, and that the start rule cannot be disabled.
func TestDisabledRule(t *testing.T) {
	src := mustRead(t, "testdata/minimal.toml")
	rs, err := Loader{Overrides: []Override{{"rules.extend.enabled", "false"}}}.Load("minimal.toml", src)
	if err != nil {
		t.Fatal(err)
	}
	if len(rs.Rules) != 1 || rs.Rules[0].Name != "start" {
		t.Fatalf("rules = %v; want only start", rs.Rules)
	}
	if !slices.Equal(rs.Disabled, []string{"extend"}) {
		t.Errorf("Disabled = %q, want [extend]", rs.Disabled)
	}
	res, err := rs.Grammar.Build(rs.Build.Options(), nil2rng())
	if err != nil {
		t.Fatal(err)
	}
	if n := res.Graph.Order(); n != 2 {
		t.Errorf("a build without extend has %d vertices, want the start rule's 2", n)
	}
	_, err = Loader{Overrides: []Override{{"rules.start.enabled", "false"}}}.Load("minimal.toml", src)
	var list ErrorList
	if !errors.As(err, &list) || len(list) != 1 || !strings.Contains(list[0].Error(), `rules[0] "start": enabled: the start rule cannot be disabled`) {
		t.Errorf("disabling the start rule: %v", err)
	}
}
