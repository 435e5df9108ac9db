package main

import (
	"bytes"
	"encoding/json"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/BurntSushi/toml"
	"github.com/dungraph/dungraph/internal/golden"
)

const (
	tinyJSON = "testdata/tiny.json"
	tinyTOML = "testdata/tiny.toml"
)

func readTiny(t *testing.T) []byte {
	t.Helper()
	data, err := os.ReadFile(tinyJSON)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func TestConvertGolden(t *testing.T) {
	name, got, err := convert(readTiny(t), tinyJSON)
	if err != nil {
		t.Fatal(err)
	}
	if name != "tiny" {
		t.Errorf("name = %q, want %q", name, "tiny")
	}
	if *golden.Update {
		if err := os.WriteFile(tinyTOML, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(tinyTOML)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("convert(%s) differs from %s (run go test -update to accept):\n%s", tinyJSON, tinyTOML, golden.Diff(want, got))
	}
}

// TestRun converts the testdata directory as the command line would and
// checks that it writes the golden file.
func TestRun(t *testing.T) {
	dir := t.TempDir()
	if err := run("testdata", dir, io.Discard); err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(filepath.Join(dir, "tiny.toml"))
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile(tinyTOML)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("run wrote a tiny.toml that differs from %s:\n%s", tinyTOML, golden.Diff(want, got))
	}
	if err := run(dir, dir, io.Discard); err == nil {
		t.Error("run on a directory without *.json files: want an error")
	}
}

func TestConvertDeterministic(t *testing.T) {
	data := readTiny(t)
	_, first, err := convert(data, tinyJSON)
	if err != nil {
		t.Fatal(err)
	}
	for range 20 {
		_, again, err := convert(data, tinyJSON)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(first, again) {
			t.Fatal("two conversions of the same input differ")
		}
	}
}

// The output's shape, as far as this test looks at it.
type outFile struct {
	Name  string
	Rules []struct {
		Name       string
		MaxUses    int `toml:"max_uses"`
		Pattern    outGraph
		Substitute outGraph
	}
}

type outGraph struct {
	Vertices []struct {
		ID       string
		Tags     []string
		Tag      string
		At       []float64
		Lock     bool
		Cosmetic bool
	}
	Edges []struct {
		Between      []string
		Cosmetic     bool
		Subdivide    bool
		LengthFactor float64 `toml:"length_factor"`
	}
}

// TestOutputKeepsEverything reads the output back as TOML and checks it
// against the JSON it came from, element by element: positions, tags,
// flags, length factors, and the mapping through ids.
func TestOutputKeepsEverything(t *testing.T) {
	data := readTiny(t)
	var in fixture
	if err := json.Unmarshal(data, &in); err != nil {
		t.Fatal(err)
	}
	_, out, err := convert(data, tinyJSON)
	if err != nil {
		t.Fatal(err)
	}
	var got outFile
	if _, err := toml.Decode(string(out), &got); err != nil {
		t.Fatalf("the output is not valid TOML: %v", err)
	}
	if got.Name != in.Name || len(got.Rules) != len(in.Rules) {
		t.Fatalf("got name %q and %d rules, want %q and %d", got.Name, len(got.Rules), in.Name, len(in.Rules))
	}
	for ri, r := range in.Rules {
		gr := got.Rules[ri]
		if gr.Name != r.Name {
			t.Errorf("rules[%d]: name %q, want %q", ri, gr.Name, r.Name)
		}
		if want := int(in.Params.Metarules["max"][r.Name]); gr.MaxUses != want {
			t.Errorf("rule %s: max_uses %d, want %d", r.Name, gr.MaxUses, want)
		}
		checkGraph(t, r.Name+" pattern", r.Pattern, gr.Pattern, true)
		checkGraph(t, r.Name+" substitute", r.Substitute, gr.Substitute, false)
		ids := map[string]int{}
		for i, v := range gr.Substitute.Vertices {
			if _, dup := ids[v.ID]; dup {
				t.Errorf("rule %s: duplicate substitute id %q", r.Name, v.ID)
			}
			ids[v.ID] = i
		}
		for _, m := range r.Map {
			id := gr.Pattern.Vertices[m[0]].ID
			if j, ok := ids[id]; !ok || j != m[1] {
				t.Errorf("rule %s: pattern vertex %d (id %q) should be mapped to substitute vertex %d; the id names vertex %d (found %v)", r.Name, m[0], id, m[1], j, ok)
			}
		}
	}
}

func checkGraph(t *testing.T, where string, in graph, out outGraph, pattern bool) {
	t.Helper()
	if len(in.Vertices) != len(out.Vertices) || len(in.Edges) != len(out.Edges) {
		t.Errorf("%s: %d vertices and %d edges, want %d and %d", where, len(out.Vertices), len(out.Edges), len(in.Vertices), len(in.Edges))
		return
	}
	index := map[string]int{}
	for i, v := range out.Vertices {
		index[v.ID] = i
		w := in.Vertices[i]
		if !slices.Equal(v.At, []float64{w.X, w.Y}) {
			t.Errorf("%s vertex %d: at %v, want [%v %v]", where, i, v.At, w.X, w.Y)
		}
		if v.Cosmetic != w.Cosmetic || v.Lock != w.Lock {
			t.Errorf("%s vertex %d: cosmetic %v lock %v, want %v %v", where, i, v.Cosmetic, v.Lock, w.Cosmetic, w.Lock)
		}
		if pattern {
			var want []string
			for tag, pos := range w.Tags {
				if !pos {
					tag = "!" + tag
				}
				want = append(want, tag)
			}
			got := slices.Clone(v.Tags)
			slices.Sort(got)
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Errorf("%s vertex %d: tags %v, want %v", where, i, v.Tags, want)
			}
		} else if v.Tag != w.Tag {
			t.Errorf("%s vertex %d: tag %q, want %q", where, i, v.Tag, w.Tag)
		}
	}
	for i, e := range out.Edges {
		w := in.Edges[i]
		if len(e.Between) != 2 || index[e.Between[0]] != w.A || index[e.Between[1]] != w.B {
			t.Errorf("%s edge %d: between %v, want vertices %d and %d", where, i, e.Between, w.A, w.B)
		}
		if e.Cosmetic != w.Cosmetic {
			t.Errorf("%s edge %d: cosmetic %v, want %v", where, i, e.Cosmetic, w.Cosmetic)
		}
		if pattern {
			if e.Subdivide {
				t.Errorf("%s edge %d: a pattern edge must not be written with subdivide", where, i)
			}
			continue
		}
		lf := 0.0
		if w.LengthFactor != nil {
			lf = *w.LengthFactor
		}
		if e.Subdivide != w.Subdivide || e.LengthFactor != lf {
			t.Errorf("%s edge %d: subdivide %v length_factor %v, want %v %v", where, i, e.Subdivide, e.LengthFactor, w.Subdivide, lf)
		}
	}
}

func TestConvertErrors(t *testing.T) {
	tests := []struct {
		name   string
		edit   func(fx map[string]any)
		want   string
		reason string
	}{
		{
			name:   "unmapped pattern vertex",
			edit:   func(fx map[string]any) { ruleAt(fx, 1)["map"] = []any{[]any{0, 3}, []any{1, 1}} },
			want:   "pattern vertex 2 is not in map",
			reason: "every pattern vertex must be kept",
		},
		{
			name:   "substitute vertex mapped twice",
			edit:   func(fx map[string]any) { ruleAt(fx, 1)["map"] = []any{[]any{0, 3}, []any{1, 3}, []any{2, 0}} },
			want:   "substitute vertex 3 is mapped twice",
			reason: "ids could not express it",
		},
		{
			name:   "map entry that is not a pair",
			edit:   func(fx map[string]any) { ruleAt(fx, 0)["map"] = []any{[]any{0, 1, 2}} },
			want:   "want a [patternIndex, substituteIndex] pair",
			reason: "a third index would be ignored silently",
		},
		{
			name:   "map index out of range",
			edit:   func(fx map[string]any) { ruleAt(fx, 0)["map"] = []any{[]any{0, 9}} },
			want:   "index out of range",
			reason: "a broken map must not panic",
		},
		{
			name:   "mapped flag disagrees",
			edit:   func(fx map[string]any) { vertexAt(fx, 0, "substitute", 2)["mapped"] = true },
			want:   "mapped = true disagrees with map",
			reason: "the fixture contradicts itself",
		},
		{
			name:   "edge index out of range",
			edit:   func(fx map[string]any) { edgeAt(fx, 0, "substitute", 0)["b"] = 7 },
			want:   "vertex index out of range",
			reason: "a broken edge must not panic",
		},
		{
			name:   "length factor without subdivide",
			edit:   func(fx map[string]any) { edgeAt(fx, 1, "substitute", 4)["lengthFactor"] = 0.5 },
			want:   "does not subdivide",
			reason: "the format allows length_factor only with subdivide",
		},
		{
			name:   "subdivide without length factor",
			edit:   func(fx map[string]any) { edgeAt(fx, 1, "substitute", 0)["lengthFactor"] = nil },
			want:   "without a lengthFactor",
			reason: "the format needs one",
		},
		{
			name: "unknown metarule",
			edit: func(fx map[string]any) {
				fx["params"].(map[string]any)["metarules"].(map[string]any)["min"] = map[string]any{"rule1": 1}
			},
			want:   "unknown metarule",
			reason: "it would be lost",
		},
		{
			name: "metarule for an unknown rule",
			edit: func(fx map[string]any) {
				fx["params"].(map[string]any)["metarules"].(map[string]any)["max"] = map[string]any{"rule9": 1}
			},
			want:   `unknown rule "rule9"`,
			reason: "it would be lost",
		},
		{
			name:   "wildcard on a new vertex",
			edit:   func(fx map[string]any) { vertexAt(fx, 1, "substitute", 2)["tag"] = "-" },
			want:   `tag "-" on a vertex that is not mapped`,
			reason: "there is no host tag to keep",
		},
		{
			name:   "fractional limit",
			edit:   func(fx map[string]any) { fx["params"].(map[string]any)["maxVertices"] = 20.5 },
			want:   "maxVertices: 20.5 is not an integer",
			reason: "a count must be an integer",
		},
		{
			name:   "name unfit for a file name",
			edit:   func(fx map[string]any) { fx["name"] = "../x" },
			want:   "name",
			reason: "the name becomes the output file's name",
		},
		{
			name:   "tag that TOML output cannot carry",
			edit:   func(fx map[string]any) { vertexAt(fx, 1, "substitute", 2)["tag"] = "a b" },
			want:   `tag "a b" cannot be written`,
			reason: "the grammar would reject it",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var fx map[string]any
			if err := json.Unmarshal(readTiny(t), &fx); err != nil {
				t.Fatal(err)
			}
			tt.edit(fx)
			data, err := json.Marshal(fx)
			if err != nil {
				t.Fatal(err)
			}
			_, _, err = convert(data, tinyJSON)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("convert: error %v, want one containing %q (%s)", err, tt.want, tt.reason)
			}
		})
	}
	if _, _, err := convert([]byte("{"), "x.json"); err == nil {
		t.Error("convert of truncated JSON: want an error")
	}
}

func ruleAt(fx map[string]any, i int) map[string]any {
	return fx["rules"].([]any)[i].(map[string]any)
}

func vertexAt(fx map[string]any, r int, side string, i int) map[string]any {
	return ruleAt(fx, r)[side].(map[string]any)["vertices"].([]any)[i].(map[string]any)
}

func edgeAt(fx map[string]any, r int, side string, i int) map[string]any {
	return ruleAt(fx, r)[side].(map[string]any)["edges"].([]any)[i].(map[string]any)
}

// TestNumberAndQuote checks that numbers and strings read back as what was
// written, and that integers and floats come out as the format expects.
func TestNumberAndQuote(t *testing.T) {
	numbers := []struct {
		f    float64
		kind numKind
		want string
	}{
		{1, intNum, "1"},
		{1, floatNum, "1.0"},
		{1, anyNum, "1"},
		{1.5, anyNum, "1.5"},
		{0.05, floatNum, "0.05"},
		{-87, anyNum, "-87"},
		{0.4852941176470588, floatNum, "0.4852941176470588"},
		{1e21, anyNum, "1.0e+21"},
		{1e-7, floatNum, "1.0e-07"},
		{2.5e-7, floatNum, "2.5e-07"},
	}
	for _, n := range numbers {
		got := number(n.f, n.kind)
		if got != n.want {
			t.Errorf("number(%v, %d) = %q, want %q", n.f, n.kind, got, n.want)
		}
		var v struct{ X any }
		if _, err := toml.Decode("x = "+got, &v); err != nil {
			t.Errorf("number(%v): %q is not TOML: %v", n.f, got, err)
			continue
		}
		var back float64
		switch x := v.X.(type) {
		case int64:
			back = float64(x)
		case float64:
			back = x
		}
		if back != n.f || math.Signbit(back) != math.Signbit(n.f) {
			t.Errorf("number(%v) = %q reads back as %v", n.f, got, back)
		}
	}
	for _, s := range []string{"", "plain", `quote " and \ backslash`, "tab\tnewline\nbell\a", "ünïcode ✓", "\x7f"} {
		var v struct{ X string }
		if _, err := toml.Decode("x = "+quote(s), &v); err != nil {
			t.Errorf("quote(%q) = %s is not TOML: %v", s, quote(s), err)
			continue
		}
		if v.X != s {
			t.Errorf("quote(%q) reads back as %q", s, v.X)
		}
	}
}
