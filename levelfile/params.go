package levelfile

import (
	"image/color"

	"github.com/dungraph/dungraph/params"
	"github.com/dungraph/dungraph/roomshape"
)

// ParseColor parses a tag's colour, "#rrggbb" (upper or lower case
// hex digits).
func ParseColor(s string) (color.RGBA, bool) {
	if len(s) != 7 || s[0] != '#' {
		return color.RGBA{}, false
	}
	var v [3]uint8
	for i := range v {
		hi, ok1 := hexDigit(s[1+2*i])
		lo, ok2 := hexDigit(s[2+2*i])
		if !ok1 || !ok2 {
			return color.RGBA{}, false
		}
		v[i] = hi<<4 | lo
	}
	return color.RGBA{v[0], v[1], v[2], 0xff}, true
}

func hexDigit(c byte) (uint8, bool) {
	switch {
	case c >= '0' && c <= '9':
		return c - '0', true
	case c >= 'a' && c <= 'f':
		return c - 'a' + 10, true
	case c >= 'A' && c <= 'F':
		return c - 'A' + 10, true
	}
	return 0, false
}

// ParseTemplate parses the rows of params.templates' entry name.
func ParseTemplate(name string, rows []string) (roomshape.Template, error) {
	art := ""
	for _, r := range rows {
		art += r + "\n"
	}
	return roomshape.ParseTemplate(name, art)
}

// validateShapes checks the map parameters, the tags' shapes and
// templates and the templates' art.
func validateShapes(pp *Params, p *problems) {
	if mp := pp.Map; mp != nil {
		if mp.CorridorWidth < 1 || mp.CorridorWidth > params.MaxCorridorWidth {
			p.add("params.map.corridor_width", "is %d, want 1 to %d", mp.CorridorWidth, params.MaxCorridorWidth)
		}
		if !(mp.Cell >= 0) {
			p.add("params.map.cell", "is %v, want 0 or a positive size", float64(mp.Cell))
		}
	}
	for _, name := range namesOf(pp.Tags) {
		t, tp := pp.Tags[name], member("params.tags", name)
		if t.Shape != "" && !roomshape.Known(t.Shape) {
			p.add(member(tp, "shape"), "%q is not a room shape: want one of %v, or leave the key out", t.Shape, roomshape.Names())
		}
		if t.Shape == roomshape.FromTemplate && len(t.Templates) == 0 {
			p.add(member(tp, "templates"), "a tag of shape %q needs templates", t.Shape)
		}
		for i, name := range t.Templates {
			if _, ok := pp.Templates[name]; !ok {
				p.add(index(member(tp, "templates"), i), "template %q has no entry in params.templates", name)
			}
		}
	}
	for _, name := range namesOf(pp.Templates) {
		if _, err := ParseTemplate(name, pp.Templates[name]); err != nil {
			p.add(member("params.templates", name), "%v", err)
		}
	}
}
