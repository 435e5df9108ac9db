package render

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"reflect"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/dungraph/dungraph/grammar"
	"github.com/dungraph/dungraph/params"
	"github.com/dungraph/dungraph/rulesets"
)

func TestGoldenJSON(t *testing.T) {
	for _, c := range goldenCases {
		t.Run(c.String(), func(t *testing.T) {
			got := mustJSON(t, testDoc(t, c))
			golden(t, c.String()+".json", got, func(want, got []byte) error {
				if bytes.Equal(want, got) {
					return nil
				}
				return fmt.Errorf("JSON differs (-want +got):\n%s", lineDiff(want, got))
			})
		})
	}
}

// lineDiff shows the first lines that differ.
func lineDiff(want, got []byte) string {
	w, g := strings.Split(string(want), "\n"), strings.Split(string(got), "\n")
	var b strings.Builder
	shown := 0
	for i := 0; i < max(len(w), len(g)) && shown < 10; i++ {
		var wl, gl string
		if i < len(w) {
			wl = w[i]
		}
		if i < len(g) {
			gl = g[i]
		}
		if wl != gl {
			fmt.Fprintf(&b, "line %d:\n-%s\n+%s\n", i+1, wl, gl)
			shown++
		}
	}
	return b.String()
}

func TestRoundTrip(t *testing.T) {
	for _, c := range goldenCases {
		t.Run(c.String(), func(t *testing.T) {
			d := testDoc(t, c)
			first := mustJSON(t, d)
			back, err := ReadJSON(bytes.NewReader(first))
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(d, back) {
				t.Error("the document read back differs from the one written")
			}
			if second := mustJSON(t, back); !bytes.Equal(first, second) {
				t.Errorf("write, read, write changed the bytes:\n%s", lineDiff(first, second))
			}
			// A file as it is on disk reads and writes back to itself.
			file := readGolden(t, c)
			fromFile, err := ReadJSON(bytes.NewReader(file))
			if err != nil {
				t.Fatal(err)
			}
			if again := mustJSON(t, fromFile); !bytes.Equal(file, again) {
				t.Errorf("reading and writing the golden file changed it:\n%s", lineDiff(file, again))
			}
		})
	}
}

func TestJSONLayout(t *testing.T) {
	b := mustJSON(t, testDoc(t, goldenCases[0]))
	if !bytes.HasSuffix(b, []byte("}\n")) || bytes.HasSuffix(b, []byte("\n\n")) {
		t.Error("want exactly one final newline")
	}
	lines := strings.Split(string(b), "\n")
	var keys []string
	for _, l := range lines {
		// Top-level keys are the lines indented by exactly two spaces.
		if strings.HasPrefix(l, `  "`) {
			k, _, _ := strings.Cut(l[3:], `"`)
			keys = append(keys, k)
		}
		if strings.HasPrefix(strings.TrimLeft(l, " "), "\t") {
			t.Fatalf("tab indentation: %q", l)
		}
	}
	want := []string{"format", "version", "generator", "seed", "attempt", "ruleset", "params", "vertices", "edges", "route", "metrics", "trace", "failures"}
	if !slices.Equal(keys, want) {
		t.Errorf("top-level keys\n got %q\nwant %q", keys, want)
	}
	// One vertex per line.
	d := testDoc(t, goldenCases[0])
	n := 0
	for _, l := range lines {
		if strings.HasPrefix(l, `    {"id": `) {
			n++
		}
	}
	if n != len(d.Vertices) {
		t.Errorf("%d vertex lines for %d vertices", n, len(d.Vertices))
	}
}

func TestFloatJSON(t *testing.T) {
	for _, tc := range []struct {
		v    float64
		want string
	}{
		{120, "120"},
		{-3, "-3"},
		{0, "0"},
		{math.Copysign(0, -1), "-0"},
		{0.1, "0.1"},
		{1.0 / 3, "0.3333333333333333"},
		{190.3943276465977, "190.3943276465977"},
		{1e21, "1e+21"},
		{123456789, "1.23456789e+08"},
		{5e-324, "5e-324"},
		{math.MaxFloat64, "1.7976931348623157e+308"},
	} {
		b, err := Float(tc.v).MarshalJSON()
		if err != nil {
			t.Errorf("%v: %v", tc.v, err)
			continue
		}
		if string(b) != tc.want {
			t.Errorf("%v: got %s, want %s", tc.v, b, tc.want)
		}
		back, err := strconv.ParseFloat(string(b), 64)
		if err != nil || math.Float64bits(back) != math.Float64bits(tc.v) {
			t.Errorf("%v: %s reads back as %v, %v", tc.v, b, back, err)
		}
	}
	for _, v := range []float64{math.NaN(), math.Inf(1), math.Inf(-1)} {
		if _, err := Float(v).MarshalJSON(); err == nil {
			t.Errorf("%v: no error", v)
		}
	}
}

// errorPaths returns the paths of an ErrorList's problems.
func errorPaths(t *testing.T, err error) []string {
	t.Helper()
	var l ErrorList
	if !errors.As(err, &l) {
		t.Fatalf("error %v (%T) is not an ErrorList", err, err)
	}
	var out []string
	for _, e := range l {
		out = append(out, e.Path)
	}
	return out
}

func TestWriteJSONRejectsInvalid(t *testing.T) {
	for _, tc := range []struct {
		name   string
		mutate func(d *Document)
		want   []string
	}{
		{"NaN", func(d *Document) { d.Vertices[1].X = Float(math.NaN()) }, []string{"vertices[1].x"}},
		{"Inf", func(d *Document) { d.Metrics.Quality.Stress = Float(math.Inf(1)) }, []string{"metrics.quality.stress"}},
		{"Inf behind a pointer", func(d *Document) { f := Float(math.Inf(-1)); d.Metrics.Clearance.Rooms = &f }, []string{"metrics.clearance.rooms"}},
		{"edge to nowhere", func(d *Document) { d.Edges[0].B = len(d.Vertices) }, []string{"edges[0].b"}},
		{"format", func(d *Document) { d.Format = "" }, []string{"format"}},
		{"two problems", func(d *Document) {
			d.Vertices[0].ID = 7
			d.Params.Tags["a"] = Tag{Color: "red", MinExtent: 1, MaxExtent: 1}
		},
			[]string{"params.tags.a.color", "vertices[0].id"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := testDoc(t, goldenCases[0])
			tc.mutate(d)
			var b bytes.Buffer
			err := d.WriteJSON(&b)
			if err == nil {
				t.Fatal("no error")
			}
			got := errorPaths(t, err)
			slices.Sort(got)
			if !slices.Equal(got, tc.want) {
				t.Errorf("problems at %q, want %q: %v", got, tc.want, err)
			}
			if b.Len() > 0 {
				t.Error("wrote something")
			}
		})
	}
}

func TestNullClearance(t *testing.T) {
	d := testDoc(t, goldenCases[0])
	d.Metrics.Clearance.Rooms = nil // a level of one room has no pair
	b := mustJSON(t, d)
	if !bytes.Contains(b, []byte(`"clearance": {"rooms": null, "corridors": `)) {
		t.Errorf("clearance not written as null:\n%s", b)
	}
	back, err := ReadJSON(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	if back.Metrics.Clearance.Rooms != nil || back.Metrics.Clearance.Corridors == nil {
		t.Errorf("clearance read back as %+v", back.Metrics.Clearance)
	}
}

func TestFromLevel(t *testing.T) {
	lv := testLevel(t, goldenCase{"dungeon", 1})
	d, err := FromLevel(lv)
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

	if _, err := FromLevel(nil); err == nil {
		t.Error("FromLevel(nil): no error")
	}
}

func TestFromLevelOverrides(t *testing.T) {
	ov, err := rulesets.ParseOverride("tags.a.color=#ff0000")
	if err != nil {
		t.Fatal(err)
	}
	rs, err := rulesets.Loader{Overrides: []rulesets.Override{ov}}.Bundled("quads")
	if err != nil {
		t.Fatal(err)
	}
	lv := *testLevel(t, goldenCase{"quads", 1})
	lv.Ruleset = rs
	d, err := FromLevel(&lv)
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

func TestBuildProvenance(t *testing.T) {
	p := BuildProvenance()
	if p.Module != ModulePath || p.Go != runtime.Version() || p.Platform != runtime.GOOS+"/"+runtime.GOARCH || p.Version == "" {
		t.Errorf("provenance %+v", p)
	}
}

// TestParamsCoverRulesetKeys fails when the rulesets package gains a
// parameter that the level format does not record.
func TestParamsCoverRulesetKeys(t *testing.T) {
	tables := map[string]reflect.Type{
		"build": reflect.TypeFor[Build](), "layout": reflect.TypeFor[params.Forces](),
		"relax": reflect.TypeFor[params.Forces](), "rooms": reflect.TypeFor[params.Rooms](), "quality": reflect.TypeFor[Quality](), "map": reflect.TypeFor[MapParams](),
		"tags.<tag>": reflect.TypeFor[Tag](), "rules.<rule>": reflect.TypeFor[RuleParams](),
		"groups.<group>": reflect.TypeFor[GroupParams](), "passes.<pass>": reflect.TypeFor[PassParams](),
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
			if k == "weights" && !has(reflect.TypeFor[Params](), k) {
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

func TestGraph(t *testing.T) {
	for _, c := range goldenCases {
		t.Run(c.String(), func(t *testing.T) {
			lv := testLevel(t, c)
			// Through the bytes, as the CLI's matches command does.
			d, err := ReadJSON(bytes.NewReader(mustJSON(t, testDoc(t, c))))
			if err != nil {
				t.Fatal(err)
			}
			g, err := d.Graph()
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
			rooms := d.Rooms()
			for i, r := range rooms {
				if r != lv.Rooms[i] {
					t.Errorf("room %d: %+v, want %+v", i, r, lv.Rooms[i])
				}
			}
		})
	}
}

func BenchmarkReadJSON(b *testing.B) {
	in := readGolden(b, goldenCase{"dungeon", 1})
	b.SetBytes(int64(len(in)))
	for b.Loop() {
		if _, err := ReadJSON(bytes.NewReader(in)); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkWriteJSON(b *testing.B) {
	d := testDoc(b, goldenCase{"dungeon", 1})
	for b.Loop() {
		if _, err := d.JSON(); err != nil {
			b.Fatal(err)
		}
	}
}
