package grammar

import (
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"

	"gonum.org/v1/gonum/spatial/r2"
)

func TestCompileValidDemo(t *testing.T) {
	if _, err := Compile(demoDefinition()); err != nil {
		t.Fatalf("Compile(demo) = %v", err)
	}
}

// TestCompileProblems breaks a valid definition in one way per case and
// checks that Compile reports that problem, at the right place.
func TestCompileProblems(t *testing.T) {
	tests := []struct {
		name   string
		break_ func(d *Definition)
		rule   int    // want Problem.Rule
		side   Side   // want Problem.Side
		vertex int    // want Problem.Vertex
		edge   int    // want Problem.Edge
		field  string // want Problem.Field
		msg    string // fragment of Problem.Msg
	}{
		{"empty pattern", func(d *Definition) { d.Rules[1].Pattern = Pattern{} }, 1, PatternSide, -1, -1, "", "no vertices"},
		{"empty substitute", func(d *Definition) { d.Rules[1].Substitute = Substitute{} }, 1, SubstituteSide, -1, -1, "", "no vertices"},
		{"pattern disconnected", func(d *Definition) {
			r := &d.Rules[1]
			r.Pattern.Vertices = append(r.Pattern.Vertices, PatternVertex{ID: "z", Tags: []string{"a"}})
			r.Substitute.Vertices = append(r.Substitute.Vertices, SubstituteVertex{ID: "z", Tag: "a"})
			r.Substitute.Edges = append(r.Substitute.Edges, SubstituteEdge{A: "y", B: "z"})
		}, 1, PatternSide, -1, -1, "", "not connected"},
		{"substitute disconnected", func(d *Definition) {
			r := &d.Rules[1]
			r.Substitute.Vertices = append(r.Substitute.Vertices, SubstituteVertex{ID: "z", Tag: "a"})
		}, 1, SubstituteSide, -1, -1, "", "not connected"},
		{"connected only through a cosmetic edge", func(d *Definition) {
			r := &d.Rules[1]
			r.Substitute.Edges[1].Cosmetic = true
		}, 1, SubstituteSide, -1, -1, "", "cosmetic edges are ignored"},
		{"one-vertex pattern that is not the start", func(d *Definition) {
			d.Rules[0].Pattern.Vertices[0].Tags = []string{"a"}
			d.Rules = append(d.Rules, startRule())
		}, 0, PatternSide, 0, -1, "tags", "one-vertex pattern"},
		{"start tag in a larger pattern", func(d *Definition) { d.Rules[1].Pattern.Vertices[0].Tags = []string{"s"} }, 1, PatternSide, 0, -1, "tags", "start tag"},
		{"start tag in a substitute", func(d *Definition) { d.Rules[1].Substitute.Vertices[1].Tag = "s" }, 1, SubstituteSide, 1, -1, "tag", "start tag"},
		{"only negated tags", func(d *Definition) { d.Rules[1].Pattern.Vertices[0].Tags = []string{"!a"} }, 1, PatternSide, 0, -1, "tags", "only negated"},
		{"no tags", func(d *Definition) { d.Rules[1].Pattern.Vertices[0].Tags = nil }, 1, PatternSide, 0, -1, "tags", "no tags"},
		{"empty tag", func(d *Definition) { d.Rules[1].Pattern.Vertices[0].Tags = []string{"a", ""} }, 1, PatternSide, 0, -1, "tags", "empty tag"},
		{"bad tag characters", func(d *Definition) { d.Rules[1].Pattern.Vertices[0].Tags = []string{"a b"} }, 1, PatternSide, 0, -1, "tags", "letters, digits"},
		{"negated wildcard", func(d *Definition) { d.Rules[1].Pattern.Vertices[0].Tags = []string{"a", "!-"} }, 1, PatternSide, 0, -1, "tags", "cannot be negated"},
		{"wildcard on unmapped substitute vertex", func(d *Definition) { d.Rules[1].Substitute.Vertices[1].Tag = "-" }, 1, SubstituteSide, 1, -1, "tag", "only on vertices mapped"},
		{"empty substitute tag", func(d *Definition) { d.Rules[1].Substitute.Vertices[1].Tag = "" }, 1, SubstituteSide, 1, -1, "tag", "empty tag"},
		{"negated substitute tag", func(d *Definition) { d.Rules[1].Substitute.Vertices[1].Tag = "!a" }, 1, SubstituteSide, 1, -1, "tag", "patterns only"},
		{"unmapped pattern vertex", func(d *Definition) { d.Rules[1].Substitute.Vertices[2].ID = "q" }, 1, PatternSide, 1, -1, "id", "not mapped"},
		{"duplicate pattern id", func(d *Definition) { d.Rules[1].Pattern.Vertices[1].ID = "x" }, 1, PatternSide, 1, -1, "id", "duplicate id"},
		{"duplicate substitute id", func(d *Definition) { d.Rules[1].Substitute.Vertices[1].ID = "x" }, 1, SubstituteSide, 1, -1, "id", "duplicate id"},
		{"missing vertex id", func(d *Definition) { d.Rules[1].Substitute.Vertices[1].ID = "" }, 1, SubstituteSide, 1, -1, "id", "no id"},
		{"edge to unknown vertex", func(d *Definition) { d.Rules[1].Pattern.Edges[0].B = "nope" }, 1, PatternSide, -1, 0, "between", "unknown vertex \"nope\""},
		{"self-loop", func(d *Definition) { d.Rules[1].Substitute.Edges[0].B = "x" }, 1, SubstituteSide, -1, 0, "between", "self-loop"},
		{"duplicate edge", func(d *Definition) {
			d.Rules[2].Substitute.Edges = append(d.Rules[2].Substitute.Edges, SubstituteEdge{A: "y", B: "x"})
		}, 2, SubstituteSide, -1, 3, "between", "duplicate edge"},
		{"non-finite pattern position", func(d *Definition) { d.Rules[1].Pattern.Vertices[1].Pos.X = math.NaN() }, 1, PatternSide, 1, -1, "at", "not finite"},
		{"non-finite substitute position", func(d *Definition) { d.Rules[1].Substitute.Vertices[1].Pos.Y = math.Inf(1) }, 1, SubstituteSide, 1, -1, "at", "not finite"},
		{"position far out", func(d *Definition) { d.Rules[1].Substitute.Vertices[1].Pos.Y = 1e300 }, 1, SubstituteSide, 1, -1, "at", "more than 1e+06 from the origin"},
		{"rule drawn too small", func(d *Definition) {
			r := &d.Rules[1]
			for i := range r.Pattern.Vertices {
				r.Pattern.Vertices[i].Pos = r2.Scale(1e-300, r.Pattern.Vertices[i].Pos)
			}
			for i := range r.Substitute.Vertices {
				r.Substitute.Vertices[i].Pos = r2.Scale(1e-300, r.Substitute.Vertices[i].Pos)
			}
		}, 1, PatternSide, 0, -1, "at", "span only"},
		{"subdivide without length factor", func(d *Definition) { d.Rules[1].Substitute.Edges[0].LengthFactor = 0 }, 1, SubstituteSide, -1, 0, "length_factor", "needs a length_factor"},
		{"length factor without subdivide", func(d *Definition) { d.Rules[1].Substitute.Edges[0].Subdivide = false }, 1, SubstituteSide, -1, 0, "length_factor", "only to subdivide"},
		{"negative length factor", func(d *Definition) { d.Rules[1].Substitute.Edges[0].LengthFactor = -1 }, 1, SubstituteSide, -1, 0, "length_factor", "must be a finite number > 0"},
		{"negative max uses", func(d *Definition) { d.Rules[1].MaxUses = -1 }, 1, NoSide, -1, -1, "max_uses", "max_uses is -1"},
		{"negative weight", func(d *Definition) { d.Rules[1].Weight = -2 }, 1, NoSide, -1, -1, "weight", "weight is -2"},
		{"unnamed rule", func(d *Definition) { d.Rules[1].Name = "" }, 1, NoSide, -1, -1, "name", "no name"},
		{"duplicate rule name", func(d *Definition) { d.Rules[2].Name = "extend" }, 2, NoSide, -1, -1, "name", "duplicate rule name"},
		{"no start rule", func(d *Definition) { d.Rules = d.Rules[1:] }, -1, NoSide, -1, -1, "", "no start rule"},
		{"mapped vertex turned cosmetic", func(d *Definition) { d.Rules[1].Substitute.Vertices[2].Cosmetic = true }, 1, SubstituteSide, 2, -1, "cosmetic", "keep its pattern vertex's cosmetic flag"},
		{"new room joined only to cosmetic vertices", func(d *Definition) {
			r := &d.Rules[1]
			r.Pattern.Vertices[0].Cosmetic, r.Pattern.Vertices[1].Cosmetic = true, true
			r.Pattern.Edges[0].Cosmetic = true
			r.Substitute.Vertices[0].Cosmetic, r.Substitute.Vertices[2].Cosmetic = true, true
		}, 1, SubstituteSide, 1, -1, "cosmetic", "only cosmetic vertices"},
		{"pattern too large", func(d *Definition) {
			r := &d.Rules[1]
			for i := range MaxPatternVertices {
				id := fmt.Sprintf("p%d", i)
				r.Pattern.Vertices = append(r.Pattern.Vertices, PatternVertex{ID: id, Tags: []string{"a"}, Pos: v(float64(i), 5)})
				r.Pattern.Edges = append(r.Pattern.Edges, PatternEdge{A: "x", B: id})
				r.Substitute.Vertices = append(r.Substitute.Vertices, SubstituteVertex{ID: id, Tag: "-"})
				r.Substitute.Edges = append(r.Substitute.Edges, SubstituteEdge{A: "x", B: id})
			}
		}, 1, PatternSide, -1, -1, "", "more than 32"},
		{"locked start vertex", func(d *Definition) { d.Rules[0].Pattern.Vertices[0].Lock = true }, 0, PatternSide, 0, -1, "lock", "cannot lock"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := demoDefinition()
			tt.break_(&d)
			_, err := Compile(d)
			var ps Problems
			if !errors.As(err, &ps) {
				t.Fatalf("Compile = %v, want Problems", err)
			}
			for _, p := range ps {
				if p.Rule == tt.rule && p.Side == tt.side && p.Vertex == tt.vertex && p.Edge == tt.edge &&
					p.Field == tt.field && strings.Contains(p.Msg, tt.msg) {
					return
				}
			}
			t.Errorf("no problem at rule %d %v vertex %d edge %d field %q with %q; got:\n%v",
				tt.rule, tt.side, tt.vertex, tt.edge, tt.field, tt.msg, err)
		})
	}
}

func startRule() Rule {
	return Rule{
		Name:       "start2",
		Pattern:    Pattern{Vertices: []PatternVertex{{ID: "s", Tags: []string{"s"}}}},
		Substitute: Substitute{Vertices: []SubstituteVertex{{ID: "s", Tag: "a"}}},
	}
}

func TestCompileMetaruleProblems(t *testing.T) {
	tests := []struct {
		name  string
		def   func(d *Definition)
		group int
		pass  int
		rule  int
		field string
		item  int
		msg   string
	}{
		{"unknown rule in group", func(d *Definition) {
			d.Groups = []Group{{Name: "g", Rules: []string{"extend", "extnd"}}}
		}, 0, -1, -1, "rules", 1, `unknown rule "extnd" (did you mean "extend"?)`},
		{"negative group max", func(d *Definition) { d.Groups = []Group{{Name: "g", Rules: []string{"extend"}, MaxUses: -3}} }, 0, -1, -1, "max_uses", -1, "max_uses is -3"},
		{"duplicate group", func(d *Definition) {
			d.Groups = []Group{{Name: "g", Rules: []string{"extend"}}, {Name: "g", Rules: []string{"extend"}}}
		}, 1, -1, -1, "name", -1, "duplicate group name"},
		{"unknown rule in pass", func(d *Definition) {
			d.Passes = []Pass{{Name: "p", Rules: []string{"start", "extend", "triangle", "zzz"}}}
		}, -1, 0, -1, "rules", 3, `unknown rule "zzz"`},
		{"rule in no pass", func(d *Definition) { d.Passes = []Pass{{Name: "p", Rules: []string{"start", "extend"}}} }, -1, -1, 2, "", -1, "in no pass"},
		{"empty pass", func(d *Definition) {
			d.Passes = []Pass{{Name: "p", Rules: []string{"start", "extend", "triangle"}}, {Name: "q"}}
		}, -1, 1, -1, "rules", -1, "no rules"},
		{"negative pass budget", func(d *Definition) {
			d.Passes = []Pass{{Name: "p", Rules: []string{"start", "extend", "triangle"}, MaxIterations: -1}}
		}, -1, 0, -1, "max_iterations", -1, "max_iterations is -1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := demoDefinition()
			tt.def(&d)
			_, err := Compile(d)
			var ps Problems
			if !errors.As(err, &ps) {
				t.Fatalf("Compile = %v, want Problems", err)
			}
			for _, p := range ps {
				if p.Group == tt.group && p.Pass == tt.pass && p.Rule == tt.rule && p.Field == tt.field && p.Item == tt.item && strings.Contains(p.Msg, tt.msg) {
					return
				}
			}
			t.Errorf("want problem group %d pass %d rule %d field %q item %d %q; got:\n%v", tt.group, tt.pass, tt.rule, tt.field, tt.item, tt.msg, err)
		})
	}
}

// TestCompileCollectsAll checks that several problems come back together.
func TestCompileCollectsAll(t *testing.T) {
	d := demoDefinition()
	d.Rules[1].Pattern.Vertices[0].Tags = []string{""}
	d.Rules[2].Substitute.Vertices[2].Tag = "s"
	d.Groups = []Group{{Name: "g", Rules: []string{"nope"}}}
	_, err := Compile(d)
	var ps Problems
	if !errors.As(err, &ps) || len(ps) != 3 {
		t.Fatalf("Compile = %v, want 3 problems", err)
	}
	want := `grammar: rule "extend": pattern vertex "x": empty tag`
	if !strings.HasPrefix(ps[0].Error(), want) {
		t.Errorf("first problem = %q, want prefix %q", ps[0].Error(), want)
	}
}

// TestCompileReportsConnectivityWithOtherProblems: a disconnected substitute
// is reported even when the same rule has another problem.
func TestCompileReportsConnectivityWithOtherProblems(t *testing.T) {
	d := demoDefinition()
	d.Rules[1].Pattern.Vertices[0].Tags = []string{""}
	d.Rules[1].Substitute.Edges = nil
	_, err := Compile(d)
	var ps Problems
	if !errors.As(err, &ps) {
		t.Fatalf("Compile = %v", err)
	}
	var tag, conn bool
	for _, p := range ps {
		tag = tag || strings.Contains(p.Msg, "empty tag")
		conn = conn || (p.Side == SubstituteSide && strings.Contains(p.Msg, "not connected"))
	}
	if !tag || !conn {
		t.Fatalf("want both the empty tag and the disconnected substitute, got:\n%v", err)
	}
}

// TestCompileCatacombCosmetic checks that cosmetic vertices joined only by
// cosmetic edges are allowed (demirogue's catacomb chasms), as long as the
// rooms are joined by corridors.
func TestCompileCatacombCosmetic(t *testing.T) {
	d := demoDefinition()
	r := &d.Rules[1]
	r.Substitute.Vertices = append(r.Substitute.Vertices, SubstituteVertex{ID: "chasm", Tag: "c", Cosmetic: true, Pos: v(50, 50)})
	r.Substitute.Edges = append(r.Substitute.Edges, SubstituteEdge{A: "chasm", B: "m", Cosmetic: true})
	if _, err := Compile(d); err != nil {
		t.Fatal(err)
	}
}

func TestCompileCopiesDefinition(t *testing.T) {
	d := demoDefinition()
	gr, err := Compile(d)
	if err != nil {
		t.Fatal(err)
	}
	d.Rules[1].Pattern.Vertices[0].Tags[0] = "zzz"
	if got := gr.Rules()[1].Pattern.Vertices[0].Tags[0]; got != "a" {
		t.Fatalf("grammar changed with its definition: tag %q", got)
	}
}
