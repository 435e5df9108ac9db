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
			want:   []string{`rules[2] "cap": pattern vertex "a": tags: the rule never applies: no vertex is ever tagged "q" (neither the start vertex nor any rule that can apply makes one); use a tag that is made (the tags made are a), or give the tag`},
			reason: "no rule makes a q vertex, so cap is dead"},
		{name: "a misspelt tag nothing makes", capTag: "aa",
			want:   []string{`tagged "aa" (neither the start vertex nor any rule that can apply makes one); use a tag that is made (did you mean "a"?)`},
			reason: "aa is one letter away from the a that the rules make"},
		{name: "a negated tag on a locked vertex", capTag: "a", neg: `, "!z"`, lock: ", lock = true",
			want:   []string{`rules[1] "extend": pattern vertex "b": tags[1]: "!z" never rejects a match: the vertex is locked`},
			reason: "a locked vertex has no neighbour outside the match"},
		{name: "a tag no rule uses", capTag: "a", tables: "[tags.zz]\ncolor = \"#ff0000\"\n",
			want: []string{`tags.zz: no rule uses tag "zz": the settings change nothing`,
				`rules[2] "cap": substitute vertex "a": tag: tag "z" has no [tags.z] entry and no pattern matches it: its rooms get the default look and size, and nothing grows from them; check the name (tags with an entry: zz) or add [tags.z]`},
			reason: "the [tags] entry configures nothing the level has, and the tag the rules give has none"},
		{name: "a tag only a substitute gives", capTag: "a", tables: "[tags.a]\ncolor = \"#ff0000\"\n",
			want:   []string{`rules[2] "cap": substitute vertex "a": tag: tag "z" has no [tags.z] entry and no pattern matches it`},
			reason: "with a [tags] table, a tag that has no entry and that no pattern matches is most likely misspelt"},
		{name: "a tag only a substitute gives, with a wildcard pattern", capTag: "-", tables: "[tags.a]\ncolor = \"#ff0000\"\n",
			want:   []string{`rules[2] "cap": substitute vertex "a": tag: tag "z" has no [tags.z] entry: its rooms get the default look and size; check the name`},
			reason: "the pattern tag \"-\" of cap matches z, so only the missing entry is worth a warning"},
		{name: "the junction tag under planar junction", capTag: "a", tables: "[tags.x]\nrole = \"junction\"\n",
			overrides: []string{"build.planar=junction"},
			want:      []string{`rules[2] "cap": substitute vertex "a": tag: tag "z" has no [tags.z] entry and no pattern matches it`},
			reason:    "planar = \"junction\" gives the junction tag its rooms though no rule names it"},
		{name: "the junction tag under planar reject", capTag: "a", tables: "[tags.x]\nrole = \"junction\"\n",
			want:   []string{`tags.x: no rule uses tag "x": the settings change nothing`, `rules[2] "cap": substitute vertex "a": tag: tag "z" has no [tags.z] entry and no pattern matches it`},
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

// TestDeadRuleNothingMade checks the dead-rule hint when the rules make
// no tag at all beyond the start tag.
func TestDeadRuleNothingMade(t *testing.T) {
	src := strings.Replace(string(mustRead(t, "testdata/minimal.toml")), `substitute.vertices = [
  { id = "s", tag = "a", at = [0, 0] },
  { id = "t", tag = "a", at = [100, 0] },
]
substitute.edges = [ { between = ["s", "t"] } ]`, `substitute.vertices = [ { id = "s", tag = "-", at = [0, 0] } ]`, 1)
	rs, err := Load("dead.toml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if len(rs.Warnings) != 1 || !strings.Contains(rs.Warnings[0].Error(), `no vertex is ever tagged "a" (neither the start vertex nor any rule that can apply makes one); use a tag that is made (no rule makes a tag yet)`) {
		t.Errorf("warnings:\n%v\nwant one dead-rule warning saying no rule makes a tag yet", rs.Warnings)
	}
}

// TestHugeBudgets: budgets at the largest integer a ruleset can write
// saturate instead of wrapping around, so max_vertices is not reported
// as out of reach of a negative bound.
func TestHugeBudgets(t *testing.T) {
	const huge = "9223372036854775807"
	for _, tt := range []struct {
		sets []string
		want string // a fragment of the one warning, or "" for none
	}{
		{[]string{"build.max_vertices=" + huge, "build.max_iterations=" + huge}, ""},
		{[]string{"build.max_vertices=" + huge}, "let it reach at most 11 vertices"},
	} {
		rs, err := loaderOf(t, tt.sets).Load("minimal.toml", mustRead(t, "testdata/minimal.toml"))
		if err != nil {
			t.Fatal(err)
		}
		if tt.want == "" && len(rs.Warnings) != 0 || tt.want != "" && (len(rs.Warnings) != 1 || !strings.Contains(rs.Warnings[0].Error(), tt.want)) {
			t.Errorf("%v: warnings %v; want %q", tt.sets, rs.Warnings, tt.want)
		}
	}
}

// TestLoneTagSuggestion checks that a substitute's tag close to one the
// [tags] table configures is named as the likely meaning, once per tag.
func TestLoneTagSuggestion(t *testing.T) {
	src := strings.Replace(string(mustRead(t, "testdata/minimal.toml")), `tag = "a", at = [200, 0]`, `tag = "rom", at = [200, 0]`, 1)
	src += "\n[tags.room]\ncolor = \"#ff0000\"\n"
	rs, err := Load("typo.toml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	var lone []*Error
	for _, w := range rs.Warnings {
		if strings.Contains(w.Error(), `tag "rom" has no [tags.rom] entry`) {
			lone = append(lone, w)
		}
	}
	if len(lone) != 1 || lone[0].Line != 23 || lone[0].Col != 21 || !strings.Contains(lone[0].Error(), `(did you mean "room"?)`) {
		t.Errorf("want one warning about tag \"rom\" at 23:21 that suggests \"room\"; warnings:\n%v", rs.Warnings)
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
