package render

import (
	"bytes"
	"strings"
	"testing"
	"unicode"
)

// hostile is a name as a hand-edited level file may hold it: NUL, an
// escape sequence that turns a terminal red, and a right-to-left override.
const hostile = "x\x00\x1b[31mred\u202eevil"

// rawControl reports whether s holds a control character other than tab
// and newline (which the formats use themselves) or a bidirectional control.
func rawControl(s string) bool {
	return strings.IndexFunc(s, func(r rune) bool {
		return r != '\t' && r != '\n' && r != '\r' && unicode.IsControl(r) || unicode.Is(unicode.Bidi_Control, r)
	}) >= 0
}

// Names read from a level file reach every text output escaped: the
// walkthrough, the GraphColoring level, the map stage's labels (Tiled),
// and the PNG's title and legend.
func TestNamesEscaped(t *testing.T) {
	d := lockedTinyDoc(t)
	d.Ruleset.Name = hostile
	for _, tag := range []string{"k", "l"} {
		tg := d.Params.Tags[tag]
		tg.Label = hostile
		d.Params.Tags[tag] = tg
	}
	const escaped = `x\x00\x1b[31mred\u202eevil`

	var sol bytes.Buffer
	if err := WriteSolution(&sol, d); err != nil {
		t.Fatal(err)
	}
	var gc bytes.Buffer
	if err := (GraphColoring{}).Write(&gc, d); err != nil {
		t.Fatal(err)
	}
	lv, err := MapLevel(d, "")
	if err != nil {
		t.Fatal(err)
	}
	var labels []string
	for _, r := range lv.Rooms {
		labels = append(labels, r.Label)
	}
	s := &scene{d: d}
	outputs := []struct {
		name, text string
	}{
		{"walkthrough", sol.String()},
		{"graphcoloring", gc.String()},
		{"map labels", strings.Join(labels, "\n")},
		{"png legend", s.tagLabel("k")},
	}
	for _, o := range outputs {
		if rawControl(o.text) {
			t.Errorf("%s: a control character is written raw:\n%q", o.name, o.text)
		}
		if !strings.Contains(o.text, escaped) {
			t.Errorf("%s: no escaped name %s in\n%q", o.name, escaped, o.text)
		}
	}
}
