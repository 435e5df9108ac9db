package rulesets

import (
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/dungraph/dungraph/grammar"
)

func TestParseOverride(t *testing.T) {
	tests := []struct {
		in      string
		want    Override
		wantErr bool
	}{
		{"build.max_vertices=60", Override{"build.max_vertices", "60"}, false},
		{" tags.a.color = #ff0000 ", Override{"tags.a.color", "#ff0000"}, false},
		{"description=a=b", Override{"description", "a=b"}, false},
		{"name=", Override{"name", ""}, false},
		{"build.max_vertices", Override{}, true},
		{"=60", Override{}, true},
	}
	for _, tt := range tests {
		got, err := ParseOverride(tt.in)
		if (err != nil) != tt.wantErr || got != tt.want {
			t.Errorf("ParseOverride(%q) = %+v, %v; want %+v, error %t", tt.in, got, err, tt.want, tt.wantErr)
		}
	}
	if s := (Override{"build.max_vertices", "60"}).String(); s != "build.max_vertices=60" {
		t.Errorf("String() = %q", s)
	}
}

// TestKeys sets every key Keys lists on testdata/full.toml and checks that
// the value arrives. The table must name every key, so a new key cannot be
// added without a test that it can be set.
func TestKeys(t *testing.T) {
	rule := func(rs *Ruleset) grammar.Rule { return rs.Rules[1] } // "extend"
	tag := func(rs *Ruleset) Tag { tg, _ := rs.Tag("r"); return tg }
	lock := func(rs *Ruleset) Tag { tg, _ := rs.Tag("d"); return tg }
	tests := map[string]struct {
		value string
		got   func(rs *Ruleset) any
		want  any
	}{
		"name":                         {"other", func(rs *Ruleset) any { return rs.Name }, "other"},
		"description":                  {`"quoted \"text\""`, func(rs *Ruleset) any { return rs.Description }, `quoted "text"`},
		"weights":                      {"rule", func(rs *Ruleset) any { return rs.Weights }, grammar.PerRule},
		"build.max_iterations":         {"40", func(rs *Ruleset) any { return rs.Build.MaxIterations }, 40},
		"build.min_vertices":           {"7", func(rs *Ruleset) any { return rs.Build.MinVertices }, 7},
		"build.max_vertices":           {"60", func(rs *Ruleset) any { return rs.Build.MaxVertices }, 60},
		"build.max_valence":            {"3", func(rs *Ruleset) any { return rs.Build.MaxValence }, 3},
		"build.attempts":               {"2", func(rs *Ruleset) any { return rs.Build.Attempts }, 2},
		"build.planar":                 {"reject", func(rs *Ruleset) any { return rs.Build.Planar }, "reject"},
		"layout.spring_strength":       {"3", func(rs *Ruleset) any { return rs.Layout.SpringStrength }, 3.0},
		"layout.edge_length":           {"120.5", func(rs *Ruleset) any { return rs.Layout.EdgeLength }, 120.5},
		"layout.repulsion":             {"0.3", func(rs *Ruleset) any { return rs.Layout.Repulsion }, 0.3},
		"layout.max_delta":             {"0.75", func(rs *Ruleset) any { return rs.Layout.MaxDelta }, 0.75},
		"layout.convergence_distance":  {"1e-2", func(rs *Ruleset) any { return rs.Layout.ConvergenceDistance }, 0.01},
		"layout.spring":                {"hooke", func(rs *Ruleset) any { return rs.Layout.Spring }, "hooke"},
		"layout.cutoff":                {"5", func(rs *Ruleset) any { return rs.Layout.Cutoff }, 5.0},
		"layout.max_iterations":        {"77", func(rs *Ruleset) any { return rs.Layout.MaxIterations }, 77},
		"layout.crossing_free":         {"true", func(rs *Ruleset) any { return rs.Layout.CrossingFree }, true},
		"relax.spring":                 {"log", func(rs *Ruleset) any { return rs.Relax.Spring }, "log"},
		"relax.cutoff":                 {"6", func(rs *Ruleset) any { return rs.Relax.Cutoff }, 6.0},
		"relax.max_iterations":         {"88", func(rs *Ruleset) any { return rs.Relax.MaxIterations }, 88},
		"relax.crossing_free":          {"true", func(rs *Ruleset) any { return rs.Relax.CrossingFree }, true},
		"relax.gravity":                {"0.01", func(rs *Ruleset) any { return rs.Relax.Gravity }, 0.01},
		"layout.gravity":               {"0.002", func(rs *Ruleset) any { return rs.Layout.Gravity }, 0.002},
		"relax.spring_strength":        {"11", func(rs *Ruleset) any { return rs.Relax.SpringStrength }, 11.0},
		"relax.edge_length":            {"33", func(rs *Ruleset) any { return rs.Relax.EdgeLength }, 33.0},
		"relax.repulsion":              {"0.2", func(rs *Ruleset) any { return rs.Relax.Repulsion }, 0.2},
		"relax.max_delta":              {"0.1", func(rs *Ruleset) any { return rs.Relax.MaxDelta }, 0.1},
		"relax.convergence_distance":   {"0.5", func(rs *Ruleset) any { return rs.Relax.ConvergenceDistance }, 0.5},
		"rooms.margin":                 {"12.5", func(rs *Ruleset) any { return rs.Rooms.Margin }, 12.5},
		"rooms.min_extent":             {"1", func(rs *Ruleset) any { return rs.Rooms.MinExtent }, 1},
		"rooms.max_extent":             {"11", func(rs *Ruleset) any { return rs.Rooms.MaxExtent }, 11},
		"rooms.radius_fudge":           {"2", func(rs *Ruleset) any { return rs.Rooms.RadiusFudge }, 2.0},
		"quality.max_stretch":          {"4", func(rs *Ruleset) any { return rs.Quality.MaxStretch }, 4.0},
		"quality.max_tail":             {"6.5", func(rs *Ruleset) any { return rs.Quality.MaxTail }, 6.5},
		"quality.max_worst":            {"20", func(rs *Ruleset) any { return rs.Quality.MaxWorst }, 20.0},
		"quality.min_density":          {"0.02", func(rs *Ruleset) any { return rs.Quality.MinDensity }, 0.02},
		"map.corridor_width":           {"2", func(rs *Ruleset) any { return rs.Map.CorridorWidth }, 2},
		"map.cell":                     {"12.5", func(rs *Ruleset) any { return rs.Map.Cell }, 12.5},
		"tags.<tag>.label":             {"hall", func(rs *Ruleset) any { return tag(rs).Label }, "hall"},
		"tags.<tag>.color":             {"#ff0000", func(rs *Ruleset) any { return tag(rs).Color }, "#ff0000"},
		"tags.<tag>.min_extent":        {"5", func(rs *Ruleset) any { return tag(rs).MinExtent }, 5},
		"tags.<tag>.max_extent":        {"9", func(rs *Ruleset) any { return tag(rs).MaxExtent }, 9},
		"tags.<tag>.variation":         {"Z", func(rs *Ruleset) any { return tag(rs).Variation }, "Z"},
		"tags.<tag>.role":              {"goal", func(rs *Ruleset) any { return tag(rs).Role }, "goal"},
		"tags.<tag>.entity":            {"k", func(rs *Ruleset) any { return tag(rs).Entity }, "k"},
		"tags.<tag>.key":               {"k2", func(rs *Ruleset) any { return lock(rs).Key }, "k2"},
		"tags.<tag>.consumed":          {"false", func(rs *Ruleset) any { return lock(rs).Consumed }, false},
		"build.require_solvable":       {"false", func(rs *Ruleset) any { return rs.Build.RequireSolvable }, false},
		"tags.<tag>.shape":             {"cave", func(rs *Ruleset) any { return tag(rs).Shape }, "cave"},
		"tags.<tag>.templates":         {"[]", func(rs *Ruleset) any { return len(tag(rs).Templates) }, 0},
		"groups.<group>.max_uses":      {"5", func(rs *Ruleset) any { return rs.Groups[0].MaxUses }, 5},
		"passes.<pass>.max_iterations": {"3", func(rs *Ruleset) any { return rs.Passes[0].MaxIterations }, 3},
		"rules.<rule>.max_uses":        {"0", func(rs *Ruleset) any { return rule(rs).MaxUses }, 0},
		"rules.<rule>.priority":        {"-2", func(rs *Ruleset) any { return rule(rs).Priority }, -2},
		"rules.<rule>.weight":          {"7", func(rs *Ruleset) any { return rule(rs).Weight }, 7.0},
		"rules.<rule>.no_repeat":       {"true", func(rs *Ruleset) any { return rule(rs).NoRepeat }, true},
		"rules.<rule>.enabled": {"false", func(rs *Ruleset) any {
			return slices.ContainsFunc(rs.Rules, func(r grammar.Rule) bool { return r.Name == "extend" })
		}, false},
	}
	keys := Keys()
	for k := range tests {
		if !slices.Contains(keys, k) {
			t.Errorf("the test sets %q, which Keys does not list", k)
		}
	}
	src := mustRead(t, "testdata/full.toml")
	for _, k := range keys {
		tt, ok := tests[k]
		if !ok {
			t.Errorf("Keys lists %q, which the test does not set", k)
			continue
		}
		on := "r"
		if k == "tags.<tag>.key" || k == "tags.<tag>.consumed" {
			on = "d" // a lock
		}
		key := strings.NewReplacer("<tag>", on, "<group>", "loops", "<pass>", "grow", "<rule>", "extend").Replace(k)
		rs, err := Loader{Overrides: []Override{{key, tt.value}}}.Load("full.toml", src)
		if err != nil {
			t.Errorf("%s=%s: %v", key, tt.value, err)
			continue
		}
		if got := tt.got(rs); got != tt.want {
			t.Errorf("%s=%s: got %v (%T); want %v (%T)", key, tt.value, got, got, tt.want, tt.want)
		}
		if len(rs.Overrides) != 1 || rs.Overrides[0].Key != key {
			t.Errorf("%s=%s: Overrides = %v", key, tt.value, rs.Overrides)
		}
	}
}

func TestOverrides(t *testing.T) {
	tests := []struct {
		name      string
		file      string // default testdata/full.toml
		overrides []string
		check     func(rs *Ruleset) error
		wantErrs  []string // fragments, one per problem, in order
	}{
		{"a later override wins", "", []string{"build.max_vertices=40", "build.max_vertices=50"},
			func(rs *Ruleset) error { return expect(rs.Build.MaxVertices, 50) }, nil},
		{"a tag the file does not configure", "", []string{"tags.p.color=#00ff00"},
			func(rs *Ruleset) error {
				tg, ok := rs.Tag("p")
				if !ok {
					return errors.New("tag p is not configured")
				}
				return expect(tg, Tag{Name: "p", Label: "p", Color: "#00ff00", MinExtent: 2, MaxExtent: 10})
			}, nil},
		{"a tag no rule uses", "", []string{"tags.x.color=#00ff00"}, nil,
			[]string{`tags.x: no rule uses tag "x": check the tag's name (the rules use c, p, r, s) (set by override "tags.x.color=#00ff00")`}},
		{"a junction tag set by overrides", "", []string{"build.planar=junction", "tags.x.role=junction"},
			func(rs *Ruleset) error { return expect(rs.Role(RoleJunction), "x") }, nil},
		{"a quoted key part", "", []string{`rules."extend".weight=3`},
			func(rs *Ruleset) error { return expect(rs.Rules[1].Weight, 3.0) }, nil},
		{"an override fixes the file", "", []string{"build.min_vertices=40", "build.max_vertices=45"},
			func(rs *Ruleset) error { return expect(rs.Build.MinVertices, 40) }, nil},
		{"a table the file leaves out", "testdata/minimal.toml", []string{"relax.edge_length=70"},
			func(rs *Ruleset) error {
				if err := expect(rs.Relax.EdgeLength, 70.0); err != nil {
					return err
				}
				return expect(rs.Relax.SpringStrength, 10.0)
			}, nil},
		{"unknown key with a suggestion", "", []string{"build.max_vertex=3"}, nil,
			[]string{`build.max_vertex: unknown key (did you mean "build.max_vertices"?)`}},
		{"a key without its table names the tables that have it", "", []string{"repulsion=3"}, nil,
			[]string{`repulsion: unknown key (did you mean "layout.repulsion" or "relax.repulsion"?)`}},
		{"a key under the wrong table names the right one", "", []string{"build.edge_length=3"}, nil,
			[]string{`build.edge_length: unknown key (did you mean "layout.edge_length" or "relax.edge_length"?)`}},
		{"unknown key lists the valid ones", "", []string{"layout.zzz=3"}, nil,
			[]string{"valid keys: layout.spring_strength, layout.edge_length, layout.repulsion, layout.max_delta, layout.convergence_distance"}},
		{"unknown section", "", []string{"colours.a=1"}, nil, []string{`unknown key; valid keys: name, description`}},
		{"unknown rule", "", []string{"rules.extnd.weight=2"}, nil, []string{`no rule is named "extnd" (did you mean "extend"?)`}},
		{"a rule key that is not a parameter", "", []string{"rules.extend.name=x"}, nil, []string{"rules.extend.name: unknown key"}},
		{"a table", "", []string{"build=3"}, nil, []string{"build is a table"}},
		{"too deep", "", []string{"build.max_vertices.x=3"}, nil, []string{"build.max_vertices is not a table"}},
		{"a tag without a key", "", []string{"tags.r=3"}, nil, []string{"name a tag and a key: tags.<tag>.<key>"}},
		{"not a key path", "", []string{"build..x=3"}, nil, []string{"not a key path"}},
		{"not a number", "", []string{"build.max_vertices=many"}, nil, []string{`"many" is not a TOML value`}},
		{"wrong type", "", []string{"build.max_vertices=2.5"}, nil, []string{"build.max_vertices: expected an integer, got a float (2.5)"}},
		{"out of range", "", []string{"build.max_vertices=0"}, nil, []string{`build.max_vertices: must be at least 1, not 0 (set by override "build.max_vertices=0")`}},
		{"checked against the file", "", []string{"build.max_vertices=3"}, nil,
			[]string{"build.min_vertices: min_vertices 4 is greater than max_vertices 3"}},
		{"bad colour", "", []string{"tags.r.color=red"}, nil, []string{`tags.r.color: colour "red"`}},
		{"a bad tag name", "", []string{"tags.a-b.color=#000000"}, nil, []string{`tag name "a-b"`}},
		{"non-finite", "", []string{"layout.edge_length=inf"}, nil, []string{"inf is not a finite number"}},
		{"several at once", "", []string{"build.nope=1", "rooms.margin=-1"}, nil,
			[]string{"build.nope: unknown key", "rooms.margin: must be greater than 0, not -1"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l := loaderOf(t, tt.overrides)
			name := tt.file
			if name == "" {
				name = "testdata/full.toml"
			}
			rs, err := l.Load(name, mustRead(t, name))
			if len(tt.wantErrs) == 0 {
				if err != nil {
					t.Fatal(err)
				}
				if err := tt.check(rs); err != nil {
					t.Error(err)
				}
				return
			}
			var list ErrorList
			if !errors.As(err, &list) {
				t.Fatalf("Load = %v; want problems %q", err, tt.wantErrs)
			}
			if len(list) != len(tt.wantErrs) {
				t.Fatalf("got %d problems:\n%v\nwant %q", len(list), list, tt.wantErrs)
			}
			for i, e := range list {
				if !strings.Contains(e.Error(), tt.wantErrs[i]) {
					t.Errorf("problem %d = %q; want %q", i, e.Error(), tt.wantErrs[i])
				}
				if e.Path == "" {
					t.Errorf("problem %d has no path", i)
				}
			}
		})
	}
}

// loaderOf returns a Loader with the overrides sets ("key=value").
func loaderOf(t *testing.T, sets []string) Loader {
	t.Helper()
	var l Loader
	for _, s := range sets {
		o, err := ParseOverride(s)
		if err != nil {
			t.Fatal(err)
		}
		l.Overrides = append(l.Overrides, o)
	}
	return l
}

func expect[T any](got, want T) error {
	if !reflect.DeepEqual(got, want) {
		return fmt.Errorf("got %+v; want %+v", got, want)
	}
	return nil
}

func TestSizeOverrides(t *testing.T) {
	rs, err := Loader{Overrides: SizeOverrides(500)}.Bundled("caves")
	if err != nil {
		t.Fatal(err)
	}
	if b := rs.Build; b.MaxVertices != 500 || b.MinVertices != 450 || b.MaxIterations != 2000 {
		t.Errorf("caves with SizeOverrides(500): max_vertices %d, min_vertices %d, max_iterations %d, want 500, 450, 2000", b.MaxVertices, b.MinVertices, b.MaxIterations)
	}
}
