package level

import (
	"bytes"
	"context"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/dungraph/dungraph/grammar"
	"github.com/dungraph/dungraph/internal/golden"
	"github.com/dungraph/dungraph/levelfile"
	"github.com/dungraph/dungraph/params"
	"github.com/dungraph/dungraph/rulesets"
)

// goldenCase is a bundled ruleset and a seed whose level file is a golden
// file: quads has no tag settings, dungeon passes, labels and colours,
// catacomb cosmetic vertices and edges.
type goldenCase struct {
	ruleset string
	seed    uint64
}

var goldenCases = []goldenCase{{"quads", 1}, {"dungeon", 1}, {"catacomb", 2}}

func (c goldenCase) name() string { return c.ruleset + "-" + strconv.FormatUint(c.seed, 10) }

// testProvenance replaces the build's provenance in goldens, so that they
// do not change with the Go version or the platform.
var testProvenance = levelfile.Provenance{Module: levelfile.ModulePath, Version: "test", Revision: "", Modified: false, Go: "go", Platform: "test/test"}

func goldenLevel(t testing.TB, c goldenCase) *Level {
	t.Helper()
	rs, err := rulesets.Bundled(c.ruleset)
	if err != nil {
		t.Fatal(err)
	}
	lv, err := Generate(context.Background(), rs, c.seed, Options{})
	if err != nil {
		t.Fatal(err)
	}
	return lv
}

// goldenDoc returns lv's document with testProvenance.
func goldenDoc(t testing.TB, lv *Level) *levelfile.Document {
	t.Helper()
	d, err := lv.Document()
	if err != nil {
		t.Fatal(err)
	}
	d.Generator = testProvenance
	return d
}

// TestGoldenJSON: the level files of the golden cases are byte-identical
// to testdata (go test ./level -run GoldenJSON -update rewrites them), and
// read back to the same document.
func TestGoldenJSON(t *testing.T) {
	for _, c := range goldenCases {
		t.Run(c.name(), func(t *testing.T) {
			d := goldenDoc(t, goldenLevel(t, c))
			b, err := d.JSON()
			if err != nil {
				t.Fatal(err)
			}
			golden.Check(t, c.name()+".json", b)
			back, err := levelfile.ReadJSON(bytes.NewReader(b))
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(d, back) {
				t.Error("the document read back differs from the one written")
			}
		})
	}
}

func TestDocument(t *testing.T) {
	lv := goldenLevel(t, goldenCase{"dungeon", 1})
	d, err := lv.Document()
	if err != nil {
		t.Fatal(err)
	}
	if d.Seed != lv.Seed || d.Attempt != lv.Attempt || len(d.Vertices) != lv.Graph.Order() || len(d.Edges) != lv.Graph.Size() {
		t.Errorf("seed %d attempt %d, %d vertices, %d edges; level has %d, %d, %d, %d",
			d.Seed, d.Attempt, len(d.Vertices), len(d.Edges), lv.Seed, lv.Attempt, lv.Graph.Order(), lv.Graph.Size())
	}
	if len(d.Trace.Steps) != len(lv.Build.Steps) {
		t.Errorf("%d steps, want %d", len(d.Trace.Steps), len(lv.Build.Steps))
	}
	// Counters are kept for rules with a non-zero value only.
	rules := lv.Ruleset.Grammar.Rules()
	for i, s := range lv.Build.Steps {
		var want []string
		for r, st := range s.Stats {
			if st != (grammar.RuleStats{}) {
				want = append(want, rules[r].Name)
			}
		}
		var got []string
		for _, st := range d.Trace.Steps[i].Stats {
			got = append(got, st.Rule)
		}
		if !slices.Equal(got, want) {
			t.Errorf("step %d: stats for %q, want %q", i, got, want)
		}
		if d.Trace.Steps[i].Rule != rules[s.Rule].Name {
			t.Errorf("step %d: rule %q, want %q", i, d.Trace.Steps[i].Rule, rules[s.Rule].Name)
		}
	}
	// Every tag of the level has its settings; dungeon configures labels.
	for _, v := range d.Vertices {
		if _, ok := d.Params.Tags[v.Tag]; !ok {
			t.Errorf("no params.tags entry for %q", v.Tag)
		}
	}
	if got := d.Params.Tags["b"].Label; got == "b" || got == "" {
		t.Errorf("dungeon's boss room label is %q, want the ruleset's", got)
	}

	if _, err := (*Level)(nil).Document(); err == nil {
		t.Error("a nil level's Document: no error")
	}
}

func TestDocumentOverrides(t *testing.T) {
	ov, err := rulesets.ParseOverride("tags.a.color=#ff0000")
	if err != nil {
		t.Fatal(err)
	}
	rs, err := rulesets.Loader{Overrides: []rulesets.Override{ov}}.Bundled("quads")
	if err != nil {
		t.Fatal(err)
	}
	lv := *goldenLevel(t, goldenCase{"quads", 1})
	lv.Ruleset = rs
	d, err := lv.Document()
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(d.Ruleset.Overrides, []string{"tags.a.color=#ff0000"}) {
		t.Errorf("overrides %q", d.Ruleset.Overrides)
	}
	if d.Params.Tags["a"].Color != "#ff0000" {
		t.Errorf("tags.a = %+v", d.Params.Tags["a"])
	}
}

// TestParamsCoverRulesetKeys fails when the rulesets package gains a
// parameter that the level format does not record.
func TestParamsCoverRulesetKeys(t *testing.T) {
	tables := map[string]reflect.Type{
		"build": reflect.TypeFor[levelfile.Build](), "layout": reflect.TypeFor[params.Forces](),
		"relax": reflect.TypeFor[params.Forces](), "rooms": reflect.TypeFor[params.Rooms](), "quality": reflect.TypeFor[levelfile.Quality](), "map": reflect.TypeFor[levelfile.MapParams](),
		"tags.<tag>": reflect.TypeFor[levelfile.Tag](), "rules.<rule>": reflect.TypeFor[levelfile.RuleParams](),
		"groups.<group>": reflect.TypeFor[levelfile.GroupParams](), "passes.<pass>": reflect.TypeFor[levelfile.PassParams](),
	}
	has := func(t reflect.Type, key string) bool {
		for i := range t.NumField() {
			if name, _, _ := strings.Cut(t.Field(i).Tag.Get("json"), ","); name == key {
				return true
			}
		}
		return false
	}
	for _, k := range rulesets.Keys() {
		i := strings.LastIndexByte(k, '.')
		if i < 0 {
			if k == "weights" && !has(reflect.TypeFor[levelfile.Params](), k) {
				t.Errorf("params has no %q", k)
			}
			continue // name and description are not parameters
		}
		typ, ok := tables[k[:i]]
		switch {
		case k == "rules.<rule>.enabled":
			// A rule switched off is not in the level: params.rules lists
			// the rules that could run.
		case !ok:
			t.Errorf("ruleset key %q belongs to no params table", k)
		case !has(typ, k[i+1:]):
			t.Errorf("ruleset key %q has no params field", k)
		}
	}
}

func TestGraphOf(t *testing.T) {
	for _, c := range goldenCases {
		t.Run(c.name(), func(t *testing.T) {
			lv := goldenLevel(t, c)
			// Through the bytes, as the CLI's matches command does.
			b, err := goldenDoc(t, lv).JSON()
			if err != nil {
				t.Fatal(err)
			}
			d, err := levelfile.ReadJSON(bytes.NewReader(b))
			if err != nil {
				t.Fatal(err)
			}
			g, err := GraphOf(d)
			if err != nil {
				t.Fatal(err)
			}
			want := lv.Graph
			if g.Order() != want.Order() {
				t.Fatalf("%d vertices, want %d", g.Order(), want.Order())
			}
			for id := range g.Order() {
				if g.Vertex(id) != want.Vertex(id) {
					t.Errorf("vertex %d: %+v, want %+v", id, g.Vertex(id), want.Vertex(id))
				}
			}
			we := want.Edges()
			for i := range we {
				if we[i].LengthFactor == 0 {
					we[i].LengthFactor = 1
				}
			}
			if ge := g.Edges(); !slices.Equal(ge, we) {
				t.Errorf("edges\n got %v\nwant %v", ge, we)
			}
			// Rules see the saved level as they saw the generated one.
			gr := lv.Ruleset.Grammar
			for i := range gr.Rules() {
				got, err1 := gr.Diagnose(g, i, lv.Ruleset.Build.MaxValence)
				exp, err2 := gr.Diagnose(want, i, lv.Ruleset.Build.MaxValence)
				if err1 != nil || err2 != nil || !reflect.DeepEqual(got, exp) {
					t.Errorf("rule %d: diagnosis differs on the rebuilt graph (%v, %v)", i, err1, err2)
				}
			}
			rooms := RoomsOf(d)
			for i, r := range rooms {
				if r != lv.Rooms[i] {
					t.Errorf("room %d: %+v, want %+v", i, r, lv.Rooms[i])
				}
			}
		})
	}
}

// TestFormatWords: the level format's words for roles and planarity are
// the ruleset's.
func TestFormatWords(t *testing.T) {
	for _, p := range [][2]string{
		{levelfile.RoleEntrance, rulesets.RoleEntrance}, {levelfile.RoleGoal, rulesets.RoleGoal},
		{levelfile.RoleKey, rulesets.RoleKey}, {levelfile.RoleLock, rulesets.RoleLock},
		{levelfile.RoleJunction, rulesets.RoleJunction}, {levelfile.PlanarReject, rulesets.PlanarReject},
		{levelfile.PlanarJunction, rulesets.PlanarJunction}, {levelfile.PlanarOff, rulesets.PlanarOff},
	} {
		if p[0] != p[1] {
			t.Errorf("levelfile has %q where rulesets has %q", p[0], p[1])
		}
	}
}
