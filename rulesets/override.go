package rulesets

import (
	"fmt"
	"reflect"
	"strings"

	"github.com/dungraph/dungraph/internal/toml"
)

// Overrides set a parameter by its key path, the way `dungraph --set
// build.max_vertices=60` does. They are applied to the parsed document
// before it is decoded, so an overridden value goes through exactly the
// checks a value in the file does; a problem with it is reported with the
// override instead of a line.

// Override sets the parameter at Key (a path from Keys, such as
// "build.max_vertices", "tags.a.color" or "rules.loop.weight") to Value.
//
// Value is read as TOML for numbers and booleans ("60", "0.5", "true"). For
// a string parameter it is taken literally (`#ff0000`, `chamber`) unless
// it is a quoted TOML string (`"a \"b\""`).
type Override struct {
	Key, Value string
}

// SizeOverrides returns the overrides that grow a ruleset to about n
// rooms: max_vertices n, min_vertices 0.9·n, max_iterations 4·n. The
// scaling benchmarks use them, as `--set` flags of the CLI do in
// BENCHMARKS.md.
func SizeOverrides(n int) []Override {
	return []Override{
		{Key: "build.max_vertices", Value: fmt.Sprint(n)},
		{Key: "build.min_vertices", Value: fmt.Sprint(n * 9 / 10)},
		{Key: "build.max_iterations", Value: fmt.Sprint(4 * n)},
	}
}

// ParseOverride parses "key=value".
func ParseOverride(s string) (Override, error) {
	k, v, ok := strings.Cut(s, "=")
	k = strings.TrimSpace(k)
	if !ok || k == "" {
		return Override{}, fmt.Errorf("rulesets: override %q: want key=value, for example build.max_vertices=60", s)
	}
	return Override{Key: k, Value: strings.TrimSpace(v)}, nil
}

// String returns "key=value".
func (o Override) String() string { return o.Key + "=" + o.Value }

var (
	fileType   = reflect.TypeFor[file]()
	tagSetType = reflect.TypeFor[tagSet]()
	// templateSetType is the [templates] table, which overrides cannot
	// set: art is edited in the file.
	templateSetType = reflect.TypeFor[templateSet]()
	tagType         = reflect.TypeFor[Tag]()
)

// Keys returns the key path of every parameter an Override may set, in
// the order the authoring guide documents them. "<tag>", "<rule>",
// "<group>" and "<pass>" stand for a tag or a rule, group or pass name:
// "tags.<tag>.color" is set as "tags.a.color".
func Keys() []string {
	var out []string
	for _, f := range fields(fileType) {
		ft := fileType.Field(f.index)
		switch t := ft.Type; {
		case t == templateSetType:
		case t == tagSetType:
			for _, g := range fields(tagType) {
				out = append(out, "tags.<tag>."+g.key)
			}
		case ft.Tag.Get("keyed") != "":
			for _, g := range fields(t.Elem()) {
				if g.param {
					out = append(out, f.key+".<"+ft.Tag.Get("keyed")+">."+g.key)
				}
			}
		case t.Kind() == reflect.Struct:
			for _, g := range fields(t) {
				out = append(out, f.key+"."+g.key)
			}
		default:
			out = append(out, f.key)
		}
	}
	return out
}

// override applies override i to the document.
func (d *decoder) override(i int, o Override) {
	fail := func(format string, args ...any) {
		d.errs = append(d.errs, &Error{File: d.src.file, Path: o.Key, Msg: fmt.Sprintf(format, args...), Override: o.String()})
	}
	parts, err := toml.ParseKey(o.Key)
	if err != nil {
		fail("not a key path such as build.max_vertices")
		return
	}
	table, key, t, msg := d.resolve(parts, i+1)
	if msg != "" {
		fail("%s", msg)
		return
	}
	var v *toml.Node
	if t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t.Kind() == reflect.String {
		v = &toml.Node{Kind: toml.String, Str: o.Value}
		if strings.HasPrefix(o.Value, `"`) || strings.HasPrefix(o.Value, `'`) {
			if n, err := toml.ParseValue(o.Value); err == nil && n.Kind == toml.String {
				v = n
			}
		}
	} else {
		n, err := toml.ParseValue(o.Value)
		if err != nil {
			fail("%q is not a TOML value (a number, true or false)", o.Value)
			return
		}
		v = n
	}
	d.markOverride(v, i+1)
	table.Set(key, v)
}

// markOverride marks every part of an overriding value as coming from
// override o, with no place in the file.
func (d *decoder) markOverride(n *toml.Node, o int) {
	n.Pos, n.Key = -1, -1
	d.origin[n] = o
	for _, v := range n.Vals {
		d.markOverride(v, o)
	}
}

// resolve follows a key path through the schema and the document. It
// returns the table the value goes in, its key and its Go type, creating
// the tables the document leaves out; or a message saying what is wrong.
func (d *decoder) resolve(parts []string, o int) (*toml.Node, string, reflect.Type, string) {
	t := fileType
	table := d.root
	prefix := ""
	paramsOnly := false
	for j := 0; j < len(parts); j++ {
		part := parts[j]
		var known []string
		for _, f := range fields(t) {
			if !paramsOnly || f.param {
				known = append(known, prefix+f.key)
			}
		}
		f, ok := fieldByKey(t, part)
		if !ok || paramsOnly && !f.param {
			if s := suggestSection(parts[j:]); s != "" {
				return nil, "", nil, "unknown key" + s
			}
			return nil, "", nil, "unknown key" + suggestPath(prefix+part, known)
		}
		sf := t.Field(f.index)
		last := j == len(parts)-1
		switch {
		case sf.Type == templateSetType:
			return nil, "", nil, "templates are ASCII art: edit them in the ruleset file"
		case sf.Type == tagSetType || sf.Tag.Get("keyed") != "":
			what := "tag"
			if sf.Type != tagSetType {
				what = sf.Tag.Get("keyed")
			}
			if j+2 >= len(parts) {
				return nil, "", nil, fmt.Sprintf("name a %s and a key: %s.<%s>.<key>", what, prefix+part, what)
			}
			name := parts[j+1]
			var elem *toml.Node
			if sf.Type == tagSetType {
				t = tagType
				elem = d.ensure(d.ensure(table, part, o), name, o)
			} else {
				t = sf.Type.Elem()
				var msg string
				elem, msg = d.element(table.Get(part), name, what)
				if msg != "" {
					return nil, "", nil, msg
				}
				paramsOnly = true
			}
			if elem == nil {
				return nil, "", nil, fmt.Sprintf("%s is not a table in the file", displayKey(part))
			}
			table = elem
			prefix += part + "." + displayKey(name) + "."
			j++
		case sf.Type.Kind() == reflect.Struct:
			if last {
				return nil, "", nil, fmt.Sprintf("%s is a table: set one of its keys, such as %s.%s", part, part, fields(sf.Type)[0].key)
			}
			if table = d.ensure(table, part, o); table == nil {
				return nil, "", nil, fmt.Sprintf("%s is not a table in the file", part)
			}
			t = sf.Type
			prefix += part + "."
		default:
			if !last {
				return nil, "", nil, fmt.Sprintf("%s is not a table", prefix+part)
			}
			return table, part, sf.Type, ""
		}
	}
	return nil, "", nil, "empty key"
}

// ensure returns table's sub-table k, creating it if the document has
// none, or nil if k holds something else.
func (d *decoder) ensure(table *toml.Node, k string, o int) *toml.Node {
	if table == nil {
		return nil
	}
	child := table.Get(k)
	if child == nil {
		child = toml.NewTable()
		d.origin[child] = o
		table.Set(k, child)
	}
	if child.Kind != toml.Table {
		return nil
	}
	return child
}

// element finds the element of an array of tables whose name is name.
func (d *decoder) element(arr *toml.Node, name, what string) (*toml.Node, string) {
	var names []string
	if arr != nil && arr.Kind == toml.Array {
		for _, e := range arr.Vals {
			if n := e.Get("name"); n != nil && n.Kind == toml.String {
				if n.Str == name {
					return e, ""
				}
				names = append(names, n.Str)
			}
		}
	}
	msg := fmt.Sprintf("no %s is named %q", what, name)
	if s := suggest(name, names); strings.HasPrefix(s, " (") {
		msg += s
	}
	return nil, msg
}

// suggestSection names the keys that end with rest, for a key written
// without its table ("repulsion" is "layout.repulsion" or
// "relax.repulsion"), or returns "".
func suggestSection(rest []string) string {
	suffix := "." + strings.Join(rest, ".")
	var found []string
	for _, k := range Keys() {
		if strings.HasSuffix(k, suffix) {
			found = append(found, fmt.Sprintf("%q", k))
		}
	}
	if len(found) == 0 {
		return ""
	}
	return " (did you mean " + strings.Join(found, " or ") + "?)"
}

// suggestPath names the closest of the known key paths, or lists them.
func suggestPath(k string, known []string) string {
	s := suggest(k, known)
	if strings.HasPrefix(s, "; valid keys here") {
		return "; valid keys: " + strings.Join(known, ", ")
	}
	return s
}
