package levelfile

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/big"
	"os"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

// The schema in docs/level.schema.json is checked three ways: its keys are
// exactly the Document's, the golden files satisfy it, and documents that
// break a rule it can express are rejected by both it and ReadJSON. The
// validator below implements the part of JSON Schema 2020-12 the schema
// uses, and fails on any other keyword, so that the schema cannot grow a
// rule this test ignores.

func loadSchema(t *testing.T) map[string]any {
	t.Helper()
	b, err := os.ReadFile("../docs/level.schema.json")
	if err != nil {
		t.Fatal(err)
	}
	var s map[string]any
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	if err := dec.Decode(&s); err != nil {
		t.Fatal(err)
	}
	return s
}

type schemaValidator struct {
	root map[string]any
}

func (v *schemaValidator) resolve(s map[string]any) (map[string]any, error) {
	ref, ok := s["$ref"].(string)
	if !ok {
		return s, nil
	}
	name, ok := strings.CutPrefix(ref, "#/$defs/")
	if !ok {
		return nil, fmt.Errorf("unsupported $ref %q", ref)
	}
	def, ok := v.root["$defs"].(map[string]any)[name].(map[string]any)
	if !ok {
		return nil, fmt.Errorf("unknown $ref %q", ref)
	}
	return def, nil
}

// validate returns the problems of value x against schema s, at path.
func (v *schemaValidator) validate(s map[string]any, x any, path string) []string {
	s, err := v.resolve(s)
	if err != nil {
		return []string{path + ": " + err.Error()}
	}
	var out []string
	fail := func(format string, args ...any) { out = append(out, path+": "+fmt.Sprintf(format, args...)) }
	for k, want := range s {
		switch k {
		case "$schema", "$id", "title", "description", "$defs", "$ref":
		case "type":
			types, ok := want.([]any)
			if !ok {
				types = []any{want}
			}
			if !slices.ContainsFunc(types, func(t any) bool { return hasType(x, t.(string)) }) {
				fail("%v is not of type %v", x, want)
			}
		case "const":
			if !jsonEqual(x, want) {
				fail("%v, want %v", x, want)
			}
		case "enum":
			if !slices.ContainsFunc(want.([]any), func(e any) bool { return jsonEqual(x, e) }) {
				fail("%v not in %v", x, want)
			}
		case "required":
			if m, ok := x.(map[string]any); ok {
				for _, r := range want.([]any) {
					if _, ok := m[r.(string)]; !ok {
						fail("missing %q", r)
					}
				}
			}
		case "properties":
			if m, ok := x.(map[string]any); ok {
				for name, ps := range want.(map[string]any) {
					if val, ok := m[name]; ok {
						out = append(out, v.validate(ps.(map[string]any), val, member(path, name))...)
					}
				}
			}
		case "additionalProperties":
			m, ok := x.(map[string]any)
			if !ok {
				break
			}
			props, _ := s["properties"].(map[string]any)
			for name, val := range m {
				if _, ok := props[name]; ok {
					continue
				}
				switch ap := want.(type) {
				case bool:
					if !ap {
						fail("unknown key %q", name)
					}
				case map[string]any:
					out = append(out, v.validate(ap, val, member(path, name))...)
				}
			}
		case "propertyNames":
			if m, ok := x.(map[string]any); ok {
				for name := range m {
					out = append(out, v.validate(want.(map[string]any), name, path+" key")...)
				}
			}
		case "items":
			if a, ok := x.([]any); ok {
				for i, e := range a {
					out = append(out, v.validate(want.(map[string]any), e, index(path, i))...)
				}
			}
		case "minimum", "maximum", "exclusiveMinimum":
			n, ok := x.(json.Number)
			if !ok {
				break
			}
			c := numCmp(n, want.(json.Number))
			if k == "minimum" && c < 0 || k == "maximum" && c > 0 || k == "exclusiveMinimum" && c <= 0 {
				fail("%v violates %s %v", n, k, want)
			}
		case "pattern":
			if str, ok := x.(string); ok && !regexp.MustCompile(want.(string)).MatchString(str) {
				fail("%q does not match %s", str, want)
			}
		case "minLength":
			if str, ok := x.(string); ok && numCmp(json.Number(fmt.Sprint(utf8.RuneCountInString(str))), want.(json.Number)) < 0 {
				fail("%q is too short", str)
			}
		default:
			fail("the test's validator does not implement %q", k)
		}
	}
	return out
}

func hasType(x any, t string) bool {
	switch x := x.(type) {
	case nil:
		return t == "null"
	case bool:
		return t == "boolean"
	case string:
		return t == "string"
	case []any:
		return t == "array"
	case map[string]any:
		return t == "object"
	case json.Number:
		if t == "number" {
			return true
		}
		r, ok := new(big.Rat).SetString(string(x))
		return t == "integer" && ok && r.IsInt()
	}
	return false
}

func numCmp(a, b json.Number) int {
	ra, _ := new(big.Rat).SetString(string(a))
	rb, _ := new(big.Rat).SetString(string(b))
	return ra.Cmp(rb)
}

func jsonEqual(a, b any) bool {
	if na, ok := a.(json.Number); ok {
		nb, ok := b.(json.Number)
		return ok && numCmp(na, nb) == 0
	}
	return reflect.DeepEqual(a, b)
}

func decodeGeneric(t *testing.T, b []byte) any {
	t.Helper()
	var x any
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	if err := dec.Decode(&x); err != nil {
		t.Fatal(err)
	}
	return x
}

func TestGoldenFilesMatchSchema(t *testing.T) {
	v := &schemaValidator{root: loadSchema(t)}
	inputs := map[string][]byte{"tiny": mustJSON(t, tinyDoc())}
	for _, name := range goldenLevels {
		inputs[name] = readGolden(t, name)
	}
	for name, b := range inputs {
		if problems := v.validate(v.root, decodeGeneric(t, b), ""); len(problems) > 0 {
			t.Errorf("%s:\n%s", name, strings.Join(problems, "\n"))
		}
	}
}

// TestSchemaMatchesDocument checks that every object of the schema has
// exactly the keys of its Go type, all required but those written only
// when set (omitempty).
func TestSchemaMatchesDocument(t *testing.T) {
	v := &schemaValidator{root: loadSchema(t)}
	var walk func(s map[string]any, typ reflect.Type, path string)
	walk = func(s map[string]any, typ reflect.Type, path string) {
		s, err := v.resolve(s)
		if err != nil {
			t.Fatal(err)
		}
		for typ.Kind() == reflect.Pointer {
			typ = typ.Elem()
		}
		switch typ.Kind() {
		case reflect.Struct:
			props, _ := s["properties"].(map[string]any)
			var required []string
			for _, r := range s["required"].([]any) {
				required = append(required, r.(string))
			}
			var fields, want []string
			for i := range typ.NumField() {
				name, opts, _ := strings.Cut(typ.Field(i).Tag.Get("json"), ",")
				fields = append(fields, name)
				if opts != "omitempty" {
					want = append(want, name)
				}
				ps, ok := props[name].(map[string]any)
				if !ok {
					t.Errorf("%s: schema has no property %q", path, name)
					continue
				}
				walk(ps, typ.Field(i).Type, member(path, name))
			}
			if len(props) != len(fields) {
				t.Errorf("%s: schema has %d properties, the Go type %d", path, len(props), len(fields))
			}
			if !slices.Equal(required, want) {
				t.Errorf("%s: required %q, want every field but the omitempty ones, in order: %q", path, required, want)
			}
			if s["additionalProperties"] != false {
				t.Errorf("%s: additionalProperties is not false", path)
			}
		case reflect.Slice:
			items, ok := s["items"].(map[string]any)
			if !ok {
				t.Errorf("%s: array without items", path)
				return
			}
			walk(items, typ.Elem(), path+"[]")
		case reflect.Map:
			ap, ok := s["additionalProperties"].(map[string]any)
			if !ok {
				t.Errorf("%s: map without additionalProperties", path)
				return
			}
			walk(ap, typ.Elem(), path+".*")
		}
	}
	walk(v.root, reflect.TypeFor[Document](), "")
}

// TestSchemaAndReaderAgree breaks rules the schema can express and checks
// that the schema and ReadJSON both reject the result.
func TestSchemaAndReaderAgree(t *testing.T) {
	v := &schemaValidator{root: loadSchema(t)}
	base := string(mustJSON(t, tinyDoc()))
	for _, tc := range []struct{ old, new string }{
		{`"version": 2`, `"version": 3`},
		{`"format": "dungraph.level"`, `"format": "x"`},
		{`"seed": 7,`, `"seed": -7,`},
		{`"attempt": 0,`, `"attempt": 0.5,`},
		{`"attempt": 0,`, `"attempt": 0, "extra": 1,`},
		{`"attempt": 0,`, ``},
		{`"sha256": "abab`, `"sha256": "ABab`},
		{`"overrides": ["tags.a.color=#ff0000"]`, `"overrides": ["nokey"]`},
		{`"weights": "rule"`, `"weights": "site"`},
		{`"max_iterations": 1,`, `"max_iterations": 0,`},
		{`"spring": "log"`, `"spring": "linear"`},
		{`"edge_length": 100,`, `"edge_length": 0,`},
		{`"margin": 50,`, `"margin": -50,`},
		{`"color": "#ff0000"`, `"color": "#ff00"`},
		{`"variation": "C"`, `"variation": "CC"`},
		{`"c": {"label"`, `"c-d": {"label"`},
		{`"w": 200,`, `"w": -200,`},
		{`"created_by": -1}`, `"created_by": -2}`},
		{`"length_factor": 1}`, `"length_factor": 0}`},
		{`"cosmetic": false,`, `"cosmetic": 0,`},
		{`"rooms": 3,`, `"rooms": -3,`},
		{`"rooms": 1,`, `"rooms": "1",`},
		{`"end": "stalled"`, `"end": "done"`},
		{`"rule": "grow",`, `"rule": "",`},
		{`"failures": []`, `"failures": [{"attempt": -1, "reason": ""}]`},
	} {
		in := strings.Replace(base, tc.old, tc.new, 1)
		if in == base {
			t.Fatalf("%s: not in the document", tc.old)
		}
		schemaOK := len(v.validate(v.root, decodeGeneric(t, []byte(in)), "")) == 0
		_, err := ReadJSON(strings.NewReader(in))
		if schemaOK || err == nil {
			t.Errorf("%s → %s: schema accepts: %v; ReadJSON error: %v", tc.old, tc.new, schemaOK, err)
		}
	}
}
