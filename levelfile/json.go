package levelfile

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"reflect"
	"slices"
	"strconv"
)

// Float is a float64 that JSON holds exactly: it is written as the shortest
// decimal that reads back as the same float64 (strconv's 'g' format with
// precision -1), so 120 is written 120 and 0.1 is written 0.1. NaN and the
// infinities have no JSON form; writing one is an error.
type Float float64

// MarshalJSON writes f exactly.
func (f Float) MarshalJSON() ([]byte, error) {
	v := float64(f)
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return nil, fmt.Errorf("levelfile: %v cannot be written in JSON", v)
	}
	return strconv.AppendFloat(nil, v, 'g', -1, 64), nil
}

// WriteJSON writes d in the level format: keys in the order of the
// Document's fields, two-space indentation, a record (a vertex, an edge, a
// trace entry) on each line, and a final newline. The same document always
// gives the same bytes. A document that fails Validate is not written.
func (d *Document) WriteJSON(w io.Writer) error {
	b, err := d.JSON()
	if err != nil {
		return err
	}
	if _, err := w.Write(b); err != nil {
		return fmt.Errorf("levelfile: writing JSON: %w", err)
	}
	return nil
}

// JSON returns the bytes WriteJSON writes.
func (d *Document) JSON() ([]byte, error) {
	if err := d.Validate(); err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(d.normalized()); err != nil {
		return nil, fmt.Errorf("levelfile: %w", err)
	}
	n, rest, err := parseCompact(bytes.TrimSuffix(buf.Bytes(), []byte("\n")))
	if err != nil || len(rest) > 0 {
		// encoding/json wrote something its own grammar rejects.
		return nil, fmt.Errorf("levelfile: internal error: reparsing JSON: %v", err)
	}
	var out bytes.Buffer
	out.Grow(buf.Len() + buf.Len()/4)
	n.write(&out, 0, false)
	out.WriteByte('\n')
	return out.Bytes(), nil
}

// normalized returns a shallow copy of d whose nil slices and maps are
// empty, so that every key is written as [] or {} rather than null.
func (d *Document) normalized() *Document {
	c := *d
	c.Ruleset.Overrides = nonNil(c.Ruleset.Overrides)
	if c.Params.Tags == nil {
		c.Params.Tags = map[string]Tag{}
	}
	if c.Params.Rules == nil {
		c.Params.Rules = map[string]RuleParams{}
	}
	if c.Params.Groups == nil {
		c.Params.Groups = map[string]GroupParams{}
	}
	if c.Params.Passes == nil {
		c.Params.Passes = map[string]PassParams{}
	}
	c.Vertices = nonNil(c.Vertices)
	c.Edges = nonNil(c.Edges)
	c.Trace.Passes = nonNil(c.Trace.Passes)
	c.Trace.Steps = slices.Clone(nonNil(c.Trace.Steps))
	for i := range c.Trace.Steps {
		s := &c.Trace.Steps[i]
		s.Match, s.Added, s.Stats = nonNil(s.Match), nonNil(s.Added), nonNil(s.Stats)
	}
	if sol := c.Route.Solution; sol != nil {
		s := *sol
		s.Walk, s.Keys, s.Locks = nonNil(s.Walk), nonNil(s.Keys), nonNil(s.Locks)
		s.Essential, s.UnneededKeys, s.IdleLocks = nonNil(s.Essential), nonNil(s.UnneededKeys), nonNil(s.IdleLocks)
		c.Route.Solution = &s
	}
	c.Failures = nonNil(c.Failures)
	return &c
}

func nonNil[S ~[]E, E any](s S) S {
	if s == nil {
		return S{}
	}
	return s
}

// A jnode is a JSON value as encoding/json wrote it: a scalar's bytes, or an
// array or object and its members.
type jnode struct {
	raw  []byte   // scalar's bytes; nil for a container
	obj  bool     // object rather than array
	keys [][]byte // object keys, quoted as written
	kids []*jnode
}

// parseCompact parses one value of compact JSON (no whitespace), as
// encoding/json writes it, and returns the rest of b.
func parseCompact(b []byte) (*jnode, []byte, error) {
	if len(b) == 0 {
		return nil, nil, io.ErrUnexpectedEOF
	}
	switch b[0] {
	case '{', '[':
		n := &jnode{obj: b[0] == '{'}
		closer := byte(']')
		if n.obj {
			closer = '}'
		}
		b = b[1:]
		if len(b) > 0 && b[0] == closer {
			return n, b[1:], nil
		}
		for {
			if n.obj {
				k, rest, err := scanString(b)
				if err != nil {
					return nil, nil, err
				}
				if len(rest) == 0 || rest[0] != ':' {
					return nil, nil, fmt.Errorf("want ':' after key %s", k)
				}
				n.keys = append(n.keys, k)
				b = rest[1:]
			}
			kid, rest, err := parseCompact(b)
			if err != nil {
				return nil, nil, err
			}
			n.kids = append(n.kids, kid)
			switch {
			case len(rest) > 0 && rest[0] == ',':
				b = rest[1:]
			case len(rest) > 0 && rest[0] == closer:
				return n, rest[1:], nil
			default:
				return nil, nil, fmt.Errorf("want ',' or %q", closer)
			}
		}
	case '"':
		s, rest, err := scanString(b)
		return &jnode{raw: s}, rest, err
	default:
		i := 0
		for i < len(b) && b[i] != ',' && b[i] != ']' && b[i] != '}' {
			i++
		}
		return &jnode{raw: b[:i]}, b[i:], nil
	}
}

// scanString returns the quoted string at the start of b, quotes included.
func scanString(b []byte) ([]byte, []byte, error) {
	if len(b) == 0 || b[0] != '"' {
		return nil, nil, fmt.Errorf("want a string")
	}
	for i := 1; i < len(b); i++ {
		switch b[i] {
		case '\\':
			i++
		case '"':
			return b[:i+1], b[i+1:], nil
		}
	}
	return nil, nil, io.ErrUnexpectedEOF
}

func (n *jnode) container() bool { return n.raw == nil }

// flat reports whether every member of n is a scalar or a short array of
// scalars. An array longer than longArray (the route's per-vertex depths
// and distances) gets a line of its own.
func (n *jnode) flat() bool {
	for _, k := range n.kids {
		if k.container() && (k.obj || k.records() || len(k.kids) > longArray) && len(k.kids) > 0 {
			return false
		}
	}
	return true
}

const longArray = 16

// records reports whether n is an array of containers: a list of records.
func (n *jnode) records() bool {
	return !n.obj && n.container() && len(n.kids) > 0 && n.kids[0].container()
}

// inline decides whether n is written on one line. The layout is one
// record per line: an element of an array is inline unless it holds a list
// of records itself (a trace step's stats); an object's member is inline
// when it is flat (generator, ruleset, params.build, metrics.construct).
func (n *jnode) inline(element bool) bool {
	if !n.container() || len(n.kids) == 0 {
		return true
	}
	if element {
		return !slices.ContainsFunc(n.kids, (*jnode).records)
	}
	return n.flat()
}

// write writes n, indented by depth levels when it is expanded.
func (n *jnode) write(out *bytes.Buffer, depth int, element bool) {
	if !n.container() {
		out.Write(n.raw)
		return
	}
	open, closer := byte('['), byte(']')
	if n.obj {
		open, closer = '{', '}'
	}
	if depth > 0 && n.inline(element) {
		n.writeInline(out)
		return
	}
	out.WriteByte(open)
	for i, k := range n.kids {
		if i > 0 {
			out.WriteByte(',')
		}
		out.WriteByte('\n')
		indent(out, depth+1)
		if n.obj {
			out.Write(n.keys[i])
			out.WriteString(": ")
		}
		k.write(out, depth+1, !n.obj)
	}
	out.WriteByte('\n')
	indent(out, depth)
	out.WriteByte(closer)
}

func (n *jnode) writeInline(out *bytes.Buffer) {
	if !n.container() {
		out.Write(n.raw)
		return
	}
	if n.obj {
		out.WriteByte('{')
	} else {
		out.WriteByte('[')
	}
	for i, k := range n.kids {
		if i > 0 {
			out.WriteString(", ")
		}
		if n.obj {
			out.Write(n.keys[i])
			out.WriteString(": ")
		}
		k.writeInline(out)
	}
	if n.obj {
		out.WriteByte('}')
	} else {
		out.WriteByte(']')
	}
}

func indent(out *bytes.Buffer, depth int) {
	for range depth {
		out.WriteString("  ")
	}
}

// sortedKeys returns a map's string keys in order.
func sortedKeys(m reflect.Value) []reflect.Value {
	keys := m.MapKeys()
	slices.SortFunc(keys, func(a, b reflect.Value) int {
		switch {
		case a.String() < b.String():
			return -1
		case a.String() > b.String():
			return 1
		}
		return 0
	})
	return keys
}
