package render

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"github.com/dungraph/dungraph/internal/golden"
	"github.com/dungraph/dungraph/levelfile"
)

func TestGraphColoringGolden(t *testing.T) {
	for _, c := range goldenCases {
		t.Run(c.String(), func(t *testing.T) {
			var b bytes.Buffer
			if err := (GraphColoring{}).Write(&b, testDoc(t, c)); err != nil {
				t.Fatal(err)
			}
			golden.Check(t, c.String()+".graphcoloring.xml", b.Bytes())
		})
	}
}

// checkGraphColoring writes d as GraphColoring XML, reads it back and
// checks it holds d's rooms and corridors: same ids, tags as colours, the
// entrance as origin, positions on the board that keep the rooms' order
// along both axes.
func checkGraphColoring(t *testing.T, d *levelfile.Document) {
	t.Helper()
	var b bytes.Buffer
	o := GraphColoring{}
	if err := o.Write(&b, d); err != nil {
		t.Fatal(err)
	}
	lv, err := ParseGraphColoring(bytes.NewReader(b.Bytes()))
	if err != nil {
		t.Fatalf("%v\n%s", err, b.String())
	}
	var rooms []levelfile.Vertex
	for _, v := range d.Vertices {
		if !v.Cosmetic {
			rooms = append(rooms, v)
		}
	}
	if len(lv.Vertices) != len(rooms) {
		t.Fatalf("%d vertices, want %d rooms", len(lv.Vertices), len(rooms))
	}
	colors := map[string]bool{}
	for _, c := range lv.Colors {
		colors[c.Name] = true
		if _, ok := levelfile.ParseColor(strings.ToLower(c.Color)); !ok {
			t.Errorf("colour %s is %q", c.Name, c.Color)
		}
	}
	for i, v := range lv.Vertices {
		r := rooms[i]
		if v.ID != GraphColoringID(r.ID) || v.Color != r.Tag || v.Origin != (r.ID == d.Route.Entrance) {
			t.Errorf("vertex %d is %+v, want room %d tagged %s", i, v, r.ID, r.Tag)
		}
		if !colors[v.Color] {
			t.Errorf("vertex %s has colour %q, not in <colors>", v.ID, v.Color)
		}
		if v.X < 50 || v.X > 850 || v.Y < 50 || v.Y > 650 {
			t.Errorf("vertex %s at (%d, %d), off the board", v.ID, v.X, v.Y)
		}
		for j, w := range lv.Vertices[:i] {
			s := rooms[j]
			if (r.X < s.X && v.X > w.X) || (r.X > s.X && v.X < w.X) || (r.Y < s.Y && v.Y > w.Y) || (r.Y > s.Y && v.Y < w.Y) {
				t.Errorf("rooms %d and %d swap places on the board", r.ID, s.ID)
			}
		}
	}
	var want []GraphColoringEdge
	for _, e := range d.Edges {
		if !e.Cosmetic && !d.Vertices[e.A].Cosmetic && !d.Vertices[e.B].Cosmetic {
			want = append(want, GraphColoringEdge{V1: GraphColoringID(e.A), V2: GraphColoringID(e.B)})
		}
	}
	if !slices.Equal(lv.Edges, want) {
		t.Errorf("edges %v, want %v", lv.Edges, want)
	}
	if !lv.Connected || !strings.Contains(lv.Title, d.Ruleset.Name) {
		t.Errorf("rules connected %v, title %q", lv.Connected, lv.Title)
	}
	// Writing what was read gives the same bytes.
	var again bytes.Buffer
	if err := lv.Write(&again); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(again.Bytes(), b.Bytes()) {
		t.Errorf("rewriting the parsed level changes it:\n%s\n%s", b.String(), again.String())
	}
}

// TestGraphColoringReadsBack checks the export of levels of every bundled
// ruleset.
func TestGraphColoringReadsBack(t *testing.T) {
	seeds := uint64(6)
	if testing.Short() {
		seeds = 1
	}
	for _, c := range sweep(t, seeds, 1) { // caves: 330 rooms, one is plenty
		t.Run(c.String(), func(t *testing.T) {
			d, err := testLevel(t, c).Document()
			if err != nil {
				t.Fatal(err)
			}
			checkGraphColoring(t, d)
		})
	}
	t.Run("tiny", func(t *testing.T) { checkGraphColoring(t, tinyDoc()) })
	t.Run("one room", func(t *testing.T) {
		d := tinyDoc()
		d.Vertices, d.Edges, d.Trace.Steps = d.Vertices[:1], nil, nil
		if err := d.UpdateRoute(); err != nil {
			t.Fatal(err)
		}
		checkGraphColoring(t, d)
	})
}

func TestParseGraphColoringErrors(t *testing.T) {
	for _, tc := range []struct{ name, in, frag string }{
		{"not XML", `<level title="a"`, "XML"},
		{"no graph", `<level title="a"/>`, "needs <level> and <graph>"},
		{"unknown vertex", `<level title="a"/><graph><vertex id="a" x="1" y="2"/><edge v1="a" v2="b"/></graph>`, `no vertex "b"`},
		{"bad coordinate", `<level title="a"/><graph><vertex id="a" x="1.5" y="2"/></graph>`, "integer coordinates"},
		{"missing attribute", `<level title="a"/><colors><color name="red"/></colors><graph/>`, "no color attribute"},
		{"stray element", `<level title="a"/><graph><room/></graph>`, "<room> inside <graph>"},
		{"twice", `<level title="a"/><level title="b"/><graph/>`, "appears twice"},
		{"text", `<level title="a"/>hello<graph/>`, "outside any element"},
	} {
		_, err := ParseGraphColoring(strings.NewReader(tc.in))
		if err == nil || !strings.Contains(err.Error(), tc.frag) {
			t.Errorf("%s: got %v, want an error containing %q", tc.name, err, tc.frag)
		}
	}
	// A level of the game itself, with the parts this package skips.
	game := `<level title="Connect this graph" description="Use few edges." objective="Make this graph connected."/>
<global-vertex-protections protect="acd"/>
<colors>
    <color color="#FF0000" name="red"/>
</colors>
<graph>
    <vertex x="300" y="300" color="red" origin="t"/>
    <vertex x="400" y="300" color="red"/>
</graph>
<rules>
    <edge-rule v1="same" v2="same"/>
    <connected/>
</rules>
<values>
    <op id="points" val1="28" op="-" val2="E"/>
</values>
`
	lv, err := ParseGraphColoring(strings.NewReader(game))
	if err != nil {
		t.Fatal(err)
	}
	if len(lv.Vertices) != 2 || !lv.Vertices[0].Origin || !lv.Connected || lv.Colors[0].Color != "#FF0000" {
		t.Errorf("read %+v", lv)
	}
}
