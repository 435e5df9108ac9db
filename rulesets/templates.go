package rulesets

import (
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/dungraph/dungraph/internal/toml"
	"github.com/dungraph/dungraph/roomshape"
)

// TemplateDef is a [templates.<name>] table: an ASCII-art room that tags
// with shape = "template" draw their rooms from.
type TemplateDef struct {
	// Name is the template's name, the table's key.
	Name string `toml:"-"`
	// Art is the room: '#' wall, '.' floor, 'D' a wall cell that may
	// become a door, ' ' outside the room (see roomshape.ParseTemplate).
	Art string `toml:"art"`
	// Template is the parsed art.
	Template roomshape.Template `toml:"-"`
}

// Rows returns the parsed art's rows, each as wide as the art.
func (t TemplateDef) Rows() []string {
	tm := t.Template
	rows := make([]string, tm.H)
	for y := range tm.H {
		rows[y] = string(tm.Cells[y*tm.W : (y+1)*tm.W])
	}
	return rows
}

// templateSet decodes the [templates] table, whose keys are template
// names.
type templateSet []TemplateDef

func (ts *templateSet) decodeTOML(d *decoder, n *toml.Node, p keyPath) {
	for i, name := range n.Keys {
		tp := p.with(name)
		if !validTagName(name) {
			d.errAt(tp, true, "template name %q: template names use letters, digits and '_' only", name)
			continue
		}
		t := TemplateDef{Name: name}
		d.decode(n.Vals[i], reflect.ValueOf(&t).Elem(), tp)
		*ts = append(*ts, t)
	}
}

// templates parses the art of every template, reporting each problem at
// its character in the file, and sorts them by name.
func (d *decoder) templates(ts templateSet) []TemplateDef {
	out := slices.Clone([]TemplateDef(ts))
	for i := range out {
		t := &out[i]
		tp := keyPath{"templates", t.Name}
		if !d.isSet(tp, "art") {
			d.errAt(tp, true, "template %q has no art: draw the room in art = '''...''' with '#', '.', 'D' and ' '", t.Name)
			continue
		}
		parsed, err := roomshape.ParseTemplate(t.Name, t.Art)
		var list roomshape.ArtErrors
		if errors.As(err, &list) {
			for _, e := range list {
				d.artError(tp.with("art"), e)
			}
			continue
		}
		t.Template = parsed
	}
	slices.SortFunc(out, func(a, b TemplateDef) int { return strings.Compare(a.Name, b.Name) })
	return out
}

// artError reports a problem of the art at p at its own line and column
// in the file when the art is a multi-line string, whose rows are lines
// of the file; otherwise at the art's value.
func (d *decoder) artError(p keyPath, e *roomshape.ArtError) {
	n, _ := lookup(d.root, p)
	msg := fmt.Sprintf("art row %d, column %d: %s", e.Row, e.Col, e.Msg)
	src := d.src.pos.Bytes()
	if n == nil || n.Pos < 0 || d.origin[n] > 0 || n.Pos+3 > len(src) {
		d.errAt(p, false, "%s", msg)
		return
	}
	off := n.Pos
	if q := string(src[off : off+3]); q != `"""` && q != "'''" {
		d.errAt(p, false, "%s", msg)
		return
	}
	off += 3
	if off < len(src) && src[off] == '\n' {
		off++
	} else if off+1 < len(src) && src[off] == '\r' && src[off+1] == '\n' {
		off += 2
	}
	for row := 1; row < e.Row && off < len(src); off++ {
		if src[off] == '\n' {
			row++
		}
	}
	for col := 1; col < e.Col && off < len(src) && src[off] != '\n'; col++ {
		_, size := utf8.DecodeRune(src[off:])
		off += size
	}
	d.errs = append(d.errs, d.src.errorAt(off, display(d.root, p), msg))
	d.failed = append(d.failed, p)
}

// tagShapes checks each tag's shape and templates against the shapes and
// the templates the file defines.
func (d *decoder) tagShapes(tags []Tag, templates []TemplateDef) {
	for _, t := range tags {
		tp := keyPath{"tags", t.Name}
		if t.Shape != "" && !roomshape.Known(t.Shape) {
			d.errAt(tp.with("shape"), false, "shape %q is not one of %s", t.Shape, strings.Join(roomshape.Names(), ", "))
		}
		switch {
		case t.Shape == roomshape.FromTemplate && len(t.Templates) == 0:
			d.errAt(tp.with("shape"), false, "shape %q needs templates = [...] naming the [templates] to draw from", t.Shape)
		case t.Shape != roomshape.FromTemplate && len(t.Templates) > 0:
			d.errAt(tp.with("templates"), false, "templates are drawn only by shape = %q; set it, or remove templates", roomshape.FromTemplate)
		}
		for i, name := range t.Templates {
			if !slices.ContainsFunc(templates, func(td TemplateDef) bool { return td.Name == name }) {
				d.errAt(tp.with("templates", i), false, "no [templates.%s] in the file", name)
			}
		}
	}
}
