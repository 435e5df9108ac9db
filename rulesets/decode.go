package rulesets

import (
	"fmt"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/dungraph/dungraph/internal/editdist"
)

// The decoder fills Go structs from a parsed document, driven by `toml`
// struct tags, and reports every problem with a position: unknown keys,
// type mismatches, non-finite numbers. A field keeps its value (the default
// the caller filled in) when the document does not set it or sets it to
// something unusable, so one mistake does not cascade into others.

// decoder collects the problems of one ruleset.
type decoder struct {
	src       *source
	root      *node
	overrides []Override
	errs      ErrorList
	// warns are the likely mistakes that are not errors.
	warns ErrorList
	// failed lists the paths of values the decoder or the loader rejected,
	// so that the grammar's complaints about the same values can be
	// dropped.
	failed []keyPath
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
	off := n.pos
	if atKey && n.key >= 0 {
		off = n.key
	}
	e := d.src.errorAt(off, display(d.root, p), msg)
	if n.override > 0 {
		e.Line, e.Col, e.SourceLine = 0, 0, ""
		e.Override = d.overrides[n.override-1].String()
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
// (the tags table, whose keys are tag names).
type tableDecoder interface {
	decodeTOML(d *decoder, n *node, p keyPath)
}

// decode fills v from n.
func (d *decoder) decode(n *node, v reflect.Value, p keyPath) {
	if v.CanAddr() {
		if td, ok := v.Addr().Interface().(tableDecoder); ok {
			if d.want(n, p, kindTable) {
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
func (d *decoder) decodeInto(n *node, v reflect.Value, p keyPath) bool {
	switch v.Kind() {
	case reflect.Struct:
		if !d.want(n, p, kindTable) {
			return false
		}
		d.decodeStruct(n, v, p)
	case reflect.Slice:
		if !d.want(n, p, kindArray) {
			return false
		}
		s := reflect.MakeSlice(v.Type(), len(n.vals), len(n.vals))
		for i, e := range n.vals {
			d.decode(e, s.Index(i), p.with(i))
		}
		v.Set(s)
	case reflect.String:
		if !d.want(n, p, kindString) {
			return false
		}
		v.SetString(n.str)
	case reflect.Bool:
		if !d.want(n, p, kindBool) {
			return false
		}
		v.SetBool(n.b)
	case reflect.Int:
		if n.kind == kindFloat && n.flt == math.Trunc(n.flt) && math.Abs(n.flt) < 1<<53 {
			d.errAt(p, false, "expected an integer, got a float (%s): write %d", n.str, int64(n.flt))
			return false
		}
		if !d.want(n, p, kindInteger) {
			return false
		}
		v.SetInt(n.num)
	case reflect.Float64:
		switch n.kind {
		case kindInteger:
			v.SetFloat(float64(n.num))
		case kindFloat:
			if math.IsNaN(n.flt) || math.IsInf(n.flt, 0) {
				d.errAt(p, false, "%s is not a finite number", n.str)
				return false
			}
			v.SetFloat(n.flt)
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

// want reports whether n has kind k, and reports a problem if not.
func (d *decoder) want(n *node, p keyPath, k kind) bool {
	if n.kind == k {
		return true
	}
	d.errAt(p, false, "expected %s, got %s", k, describe(n))
	return false
}

// describe names a value's kind and, for a scalar, shows it.
func describe(n *node) string {
	switch n.kind {
	case kindString:
		return fmt.Sprintf("%s (%q)", n.kind, n.str)
	case kindInteger:
		return fmt.Sprintf("%s (%d)", n.kind, n.num)
	case kindFloat, kindDatetime, kindLocalDatetime, kindLocalDate, kindLocalTime:
		return fmt.Sprintf("%s (%s)", n.kind, n.str)
	case kindBool:
		return fmt.Sprintf("%s (%t)", n.kind, n.b)
	}
	return n.kind.String()
}

// decodeStruct fills the fields of struct v from the keys of table n and
// reports the keys no field takes.
func (d *decoder) decodeStruct(n *node, v reflect.Value, p keyPath) {
	fs := fields(v.Type())
	for i, k := range n.keys {
		kp := p.with(k)
		j := slices.IndexFunc(fs, func(f field) bool { return f.key == k })
		if j < 0 {
			s := suggestKey(k, fs)
			d.errAt(kp, true, "unknown key %q%s", k, s)
			// A misspelt key stands for the key it was meant to be: what
			// is wrong with that key missing is this same problem.
			if meant, ok := strings.CutPrefix(s, ` (did you mean "`); ok {
				meant = strings.TrimSuffix(meant, `"?)`)
				if n.get(meant) == nil {
					d.failed = append(d.failed, p.with(meant))
				}
			}
			continue
		}
		d.decode(n.vals[i], v.Field(fs[j].index), kp)
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
	best, bestD := editdist.Closest(k, known)
	if bestD >= 0 && bestD <= max(2, len(k)/3) && bestD < len(k) {
		return fmt.Sprintf(" (did you mean %q?)", best)
	}
	if len(known) == 0 {
		return ""
	}
	return "; valid keys here: " + strings.Join(known, ", ")
}

// isSet reports whether the document (or an override) sets key k in the
// table at p.
func (d *decoder) isSet(p keyPath, k string) bool {
	n, depth := lookup(d.root, p.with(k))
	return depth == len(p)+1 && n != nil
}

func formatFloat(f float64) string { return strconv.FormatFloat(f, 'g', -1, 64) }
