package rulesets

import (
	"context"
	"fmt"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/dungraph/dungraph/internal/editdist"
	"github.com/dungraph/dungraph/internal/textsafe"
	"github.com/dungraph/dungraph/internal/toml"
)

// The decoder fills Go structs from a parsed document, driven by `toml`
// struct tags, and reports every problem with a position: unknown keys,
// type mismatches, non-finite numbers. A field keeps its value (the default
// the caller filled in) when the document does not set it or sets it to
// something unusable, so one mistake does not cascade into others.

// decoder collects the problems of one ruleset.
type decoder struct {
	src       *source
	root      *toml.Node
	overrides []Override
	// origin maps a value an override set (or a table it made) to 1 + the
	// override's index.
	origin map[*toml.Node]int
	errs   ErrorList
	// warns are the likely mistakes that are not errors.
	warns ErrorList
	// failed lists the paths of values the decoder or the loader rejected,
	// so that the grammar's complaints about the same values can be
	// dropped.
	failed []keyPath
	// ctx is the Loader's context (nil: none), looked at every 1,024
	// elements of work (elements counts them, tick looks); done is its
	// error once it is done.
	ctx      context.Context
	elements int
	done     error
}

// tick counts an element of work (an array element decoded, a vertex or
// an edge converted) and looks at the context every 1,024; it reports
// whether the load is stopped.
func (d *decoder) tick() bool {
	if d.elements++; d.elements%1024 == 0 {
		d.stopped()
	}
	return d.done != nil
}

// stopped returns the context's error once it is done.
func (d *decoder) stopped() error {
	if d.done == nil && d.ctx != nil {
		d.done = d.ctx.Err()
	}
	return d.done
}

// errAt reports a problem with the value at p (its key when atKey), or at
// the deepest part of p that exists.
func (d *decoder) errAt(p keyPath, atKey bool, format string, args ...any) {
	d.report(p, atKey, nil, fmt.Sprintf(format, args...))
}

func (d *decoder) report(p keyPath, atKey bool, cause error, msg string) {
	e := d.problemAt(p, atKey, msg)
	e.Err = cause
	d.errs = append(d.errs, e)
	d.failed = append(d.failed, p)
}

// warnAt records a likely mistake that is not an error, at p as errAt
// would place it.
func (d *decoder) warnAt(p keyPath, atKey bool, format string, args ...any) {
	d.warns = append(d.warns, d.problemAt(p, atKey, fmt.Sprintf(format, args...)))
}

// problemAt returns a problem with msg placed at p: in the file, or at the
// override that set the value.
func (d *decoder) problemAt(p keyPath, atKey bool, msg string) *Error {
	n, _ := lookup(d.root, p)
	off := n.Pos
	if atKey && n.Key >= 0 {
		off = n.Key
	}
	e := d.src.errorAt(off, display(d.root, p), msg)
	if o := d.origin[n]; o > 0 {
		e.Line, e.Col, e.SourceLine = 0, 0, ""
		e.Override = d.overrides[o-1].String()
	}
	return e
}

// field is a struct field that a TOML key decodes into.
type field struct {
	key   string
	index int
	// param marks a field of a rule, group or pass that an Override may
	// set (a "rules.<rule>.weight" key).
	param bool
}

// fields lists the TOML keys of struct type t, in declaration order.
func fields(t reflect.Type) []field {
	var out []field
	for i := 0; i < t.NumField(); i++ {
		tag, ok := t.Field(i).Tag.Lookup("toml")
		if !ok || tag == "-" {
			continue
		}
		name, opts, _ := strings.Cut(tag, ",")
		out = append(out, field{key: name, index: i, param: opts == "param"})
	}
	return out
}

func fieldByKey(t reflect.Type, key string) (field, bool) {
	for _, f := range fields(t) {
		if f.key == key {
			return f, true
		}
	}
	return field{}, false
}

// tableDecoder is implemented by types that decode their table themselves
// (the tags and templates tables, whose keys are names the author picks).
type tableDecoder interface {
	decodeTOML(d *decoder, n *toml.Node, p keyPath)
}

// decode fills v from n.
func (d *decoder) decode(n *toml.Node, v reflect.Value, p keyPath) {
	if v.CanAddr() {
		if td, ok := v.Addr().Interface().(tableDecoder); ok {
			if d.want(n, p, toml.Table) {
				td.decodeTOML(d, n, p)
			}
			return
		}
	}
	switch v.Kind() {
	case reflect.Pointer:
		e := reflect.New(v.Type().Elem())
		if d.decodeInto(n, e.Elem(), p) {
			v.Set(e)
		}
	default:
		d.decodeInto(n, v, p)
	}
}

// decodeInto fills v from n and reports whether it could.
func (d *decoder) decodeInto(n *toml.Node, v reflect.Value, p keyPath) bool {
	switch v.Kind() {
	case reflect.Struct:
		if !d.want(n, p, toml.Table) {
			return false
		}
		d.decodeStruct(n, v, p)
	case reflect.Slice:
		if len(p) == 1 && n.Kind == toml.Table && arrayOfTables(fmt.Sprint(p[0])) {
			// [rules] where [[rules]] was meant: one entry, or the first
			// of several (the parser refuses the second [rules]).
			d.errAt(p, false, "expected an array of tables, got a table: write [[%s]], with two brackets, before each entry", p[0])
			return false
		}
		if !d.want(n, p, toml.Array) {
			return false
		}
		s := reflect.MakeSlice(v.Type(), len(n.Vals), len(n.Vals))
		for i, e := range n.Vals {
			if d.tick() {
				break // Load returns the context's error
			}
			d.decode(e, s.Index(i), p.with(i))
		}
		v.Set(s)
	case reflect.String:
		if !d.want(n, p, toml.String) {
			return false
		}
		if r, bad := textsafe.Control(n.Str); bad {
			// Reported, and kept, so that the names that refer to it do
			// not fail too.
			d.errAt(p, false, "the text holds the control character U+%04X: names and text may not hold control or bidirectional-override characters, which would reach terminals and files raw", r)
		}
		v.SetString(n.Str)
	case reflect.Bool:
		if !d.want(n, p, toml.Bool) {
			return false
		}
		v.SetBool(n.Bool)
	case reflect.Int:
		if n.Kind == toml.Float && n.Float == math.Trunc(n.Float) && math.Abs(n.Float) < 1<<53 {
			d.errAt(p, false, "expected an integer, got a float (%s): write %d", n.Str, int64(n.Float))
			return false
		}
		if !d.want(n, p, toml.Integer) {
			return false
		}
		v.SetInt(n.Int)
	case reflect.Float64:
		switch n.Kind {
		case toml.Integer:
			v.SetFloat(float64(n.Int))
		case toml.Float:
			if math.IsNaN(n.Float) || math.IsInf(n.Float, 0) {
				d.errAt(p, false, "%s is not a finite number", n.Str)
				return false
			}
			v.SetFloat(n.Float)
		default:
			d.errAt(p, false, "expected a number, got %s", describe(n))
			return false
		}
	default:
		// Only the types above appear in the ruleset structs.
		d.errAt(p, false, "internal error: cannot decode into %s", v.Type())
		return false
	}
	return true
}

// arrayOfTables reports whether the top-level key k takes an array of
// tables ([[rules]], [[groups]], [[passes]]).
func arrayOfTables(k string) bool {
	for _, f := range fields(fileType) {
		if f.key == k {
			t := fileType.Field(f.index).Type
			return t.Kind() == reflect.Slice && t.Elem().Kind() == reflect.Struct
		}
	}
	return false
}

// want reports whether n has kind k, and reports a problem if not.
func (d *decoder) want(n *toml.Node, p keyPath, k toml.Kind) bool {
	if n.Kind == k {
		return true
	}
	d.errAt(p, false, "expected %s, got %s", k, describe(n))
	return false
}

// describe names a value's kind and, for a scalar, shows it.
func describe(n *toml.Node) string {
	switch n.Kind {
	case toml.String:
		return fmt.Sprintf("%s (%q)", n.Kind, n.Str)
	case toml.Integer:
		return fmt.Sprintf("%s (%d)", n.Kind, n.Int)
	case toml.Float, toml.Datetime, toml.LocalDatetime, toml.LocalDate, toml.LocalTime:
		return fmt.Sprintf("%s (%s)", n.Kind, n.Str)
	case toml.Bool:
		return fmt.Sprintf("%s (%t)", n.Kind, n.Bool)
	}
	return n.Kind.String()
}

// decodeStruct fills the fields of struct v from the keys of table n and
// reports the keys no field takes.
func (d *decoder) decodeStruct(n *toml.Node, v reflect.Value, p keyPath) {
	fs := fields(v.Type())
	for i, k := range n.Keys {
		kp := p.with(k)
		j := slices.IndexFunc(fs, func(f field) bool { return f.key == k })
		if j < 0 {
			s := suggestKey(k, fs)
			if len(p) > 0 && n.Header() && d.origin[n.Vals[i]] == 0 && d.root.Get(k) == nil && !strings.HasPrefix(s, " (") && slices.ContainsFunc(fields(fileType), func(f field) bool { return f.key == k }) {
				// TOML puts every key after a [table] header into that
				// table: a top-level key written below one lands there.
				// Not so for a key of an inline table, or one the top
				// level already sets.
				d.errAt(kp, true, "unknown key %q in this table: %s is a top-level key, and every key after a [table] header belongs to that table; put it before the first header", k, k)
				continue
			}
			if other := suggestSection([]string{k}); other != "" && !strings.HasPrefix(s, " (") {
				// A key of another table, such as max_vertices at the
				// top level or margin under [layout].
				d.errAt(kp, true, "unknown key %q here%s", k, other)
				continue
			}
			d.errAt(kp, true, "unknown key %q%s", k, s)
			// A misspelt key stands for the key it was meant to be: what
			// is wrong with that key missing is this same problem.
			if meant, ok := strings.CutPrefix(s, ` (did you mean "`); ok {
				meant = strings.TrimSuffix(meant, `"?)`)
				if n.Get(meant) == nil {
					d.failed = append(d.failed, p.with(meant))
				}
			}
			continue
		}
		d.decode(n.Vals[i], v.Field(fs[j].index), kp)
	}
}

// suggestKey names the closest known key, or lists them all.
func suggestKey(k string, fs []field) string {
	keys := make([]string, len(fs))
	for i, f := range fs {
		keys[i] = f.key
	}
	return suggest(k, keys)
}

// suggest returns ` (did you mean "x"?)` for the one of known closest to
// k, or lists them all when none is close.
func suggest(k string, known []string) string {
	if best, ok := closest(k, known); ok {
		return fmt.Sprintf(" (did you mean %q?)", best)
	}
	if len(known) == 0 {
		return ""
	}
	return "; valid keys here: " + strings.Join(known, ", ")
}

// closest returns the one of known closest to k, and whether it is close
// enough to be what k meant to say.
func closest(k string, known []string) (string, bool) {
	best, d := editdist.Closest(k, known)
	return best, d >= 0 && d <= max(2, len(k)/3) && d < len(k)
}

// isSet reports whether the document (or an override) sets key k in the
// table at p.
func (d *decoder) isSet(p keyPath, k string) bool {
	n, depth := lookup(d.root, p.with(k))
	return depth == len(p)+1 && n != nil
}

func formatFloat(f float64) string { return strconv.FormatFloat(f, 'g', -1, 64) }
