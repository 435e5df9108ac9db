package toml

import (
	"errors"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	burntsushi "github.com/BurntSushi/toml"

	"github.com/dungraph/dungraph/internal/srcpos"
)

// TestTOML11Rejected checks that what TOML 1.1 added, and BurntSushi/toml
// v1.6 accepts, is rejected: rulesets must stay readable by TOML 1.0 tools.
func TestTOML11Rejected(t *testing.T) {
	tests := []struct {
		name, src string
		off       int // where the error must point, as a byte offset
		frag      string
	}{
		{"newline in inline table", "v = { a = 1,\n b = 2 }\n", 12, "newline in an inline table"},
		{"newline before first key", "v = {\n a = 1 }\n", 5, "newline in an inline table"},
		{"trailing comma in inline table", "v = { a = 1, }\n", 11, "trailing comma"},
		{"comment in inline table", "v = { a = 1, # c\n b = 2 }\n", 13, "comment in an inline table"},
		{"escape \\e", `v = "\e"` + "\n", 5, `\e is TOML 1.1`},
		{"escape \\x", `v = "\x41"` + "\n", 5, `\x is TOML 1.1`},
		{"escape \\x in multi-line string", `v = """\x41"""` + "\n", 7, `\x is TOML 1.1`},
		{"time without seconds", "v = 07:32\n", 4, "requires the seconds"},
		{"date-time without seconds", "v = 1979-05-27T07:32Z\n", 4, "requires the seconds"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var v map[string]any
			if _, err := burntsushi.Decode(tt.src, &v); err != nil {
				t.Fatalf("BurntSushi rejects %q too (%v): not a TOML 1.1 addition", tt.src, err)
			}
			_, err := parse([]byte(tt.src))
			if err == nil {
				t.Fatalf("parse(%q) accepted TOML 1.1 syntax", tt.src)
			}
			if err.Offset != tt.off || !strings.Contains(err.Msg, tt.frag) {
				t.Errorf("parse(%q) = %q at %d; want %q at %d", tt.src, err.Msg, err.Offset, tt.frag, tt.off)
			}
		})
	}
}

// TestTOML10Accepted checks TOML 1.0 forms a ruleset is likely to use,
// especially the multi-line arrays of one-line inline tables that rules are
// written with.
func TestTOML10Accepted(t *testing.T) {
	tests := []struct {
		name, src string
		want      map[string]any
	}{
		{"array of inline tables over lines", "v = [\n  { a = 1 },\n  { a = 2 }, # two\n]\n",
			map[string]any{"v": []any{map[string]any{"a": int64(1)}, map[string]any{"a": int64(2)}}}},
		{"multi-line array inside an inline table", "v = { a = [\n 1,\n 2,\n] }\n",
			map[string]any{"v": map[string]any{"a": []any{int64(1), int64(2)}}}},
		{"multi-line string inside an inline table", "v = { a = \"\"\"x\ny\"\"\" }\n",
			map[string]any{"v": map[string]any{"a": "x\ny"}}},
		{"dotted keys in an inline table", `v = { a.b = 1, a.c = 2 }`,
			map[string]any{"v": map[string]any{"a": map[string]any{"b": int64(1), "c": int64(2)}}}},
		{"dotted keys under an array of tables", "[[r]]\np.v = [1]\np.e = []\n[[r]]\n",
			map[string]any{"r": []any{map[string]any{"p": map[string]any{"v": []any{int64(1)}, "e": []any{}}}, map[string]any{}}}},
		{"sub-table of an array element", "[[r]]\n[r.p]\nx = 1\n",
			map[string]any{"r": []any{map[string]any{"p": map[string]any{"x": int64(1)}}}}},
		{"CRLF line ends", "a = 1\r\nb = 'x'\r\n", map[string]any{"a": int64(1), "b": "x"}},
		{"byte order mark", "\uFEFFa = 1\n", map[string]any{"a": int64(1)}},
		{"numbers", "a = 1_000\nc = 0o17\nd = 0b101\ne = 6.02e+23\nf = -inf\ng = 1e-3\nh = +0\n",
			map[string]any{"a": int64(1000), "c": int64(15), "d": int64(5), "e": 6.02e23, "f": math.Inf(-1), "g": 1e-3, "h": int64(0)}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root, err := parse([]byte(tt.src))
			if err != nil {
				t.Fatalf("parse(%q): %s at %d", tt.src, err.Msg, err.Offset)
			}
			if got := plain(root); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("parse(%q) = %#v; want %#v", tt.src, got, tt.want)
			}
		})
	}
}

// plain converts a parsed document to the Go values BurntSushi decodes
// into an `any`, with every date-time as a time.Time.
func plain(n *Node) any {
	switch n.Kind {
	case Table:
		m := map[string]any{}
		for i, k := range n.Keys {
			m[k] = plain(n.Vals[i])
		}
		return m
	case Array:
		a := []any{}
		for _, v := range n.Vals {
			a = append(a, plain(v))
		}
		return a
	case String:
		return n.Str
	case Integer:
		return n.Int
	case Float:
		return n.Float
	case Bool:
		return n.Bool
	}
	return time.Time{}
}

// TestPositions checks that keys and values keep their place, including in
// inline tables, arrays and array-of-tables elements.
func TestPositions(t *testing.T) {
	src := "name = \"x\"\n[[rules]]\nname = \"a\"\npattern.vertices = [\n  { id = \"é\", tags = [\"a\", \"b\"] },\n]\n[tags.k]\ncolor = \"#000000\"\n"
	root, err := parse([]byte(src))
	if err != nil {
		t.Fatal(err.Msg)
	}
	s := srcpos.New([]byte(src))
	tests := []struct {
		path      []any // keys (string) and indices (int) from the root
		atKey     bool
		line, col int
	}{
		{[]any{"name"}, true, 1, 1},
		{[]any{"name"}, false, 1, 8},
		{[]any{"rules", 0}, false, 2, 1},
		{[]any{"rules", 0, "pattern"}, false, 4, 1},
		{[]any{"rules", 0, "pattern", "vertices"}, true, 4, 9},
		{[]any{"rules", 0, "pattern", "vertices"}, false, 4, 20},
		{[]any{"rules", 0, "pattern", "vertices", 0}, false, 5, 3},
		{[]any{"rules", 0, "pattern", "vertices", 0, "tags", 1}, false, 5, 28}, // columns count characters: é is one
		{[]any{"tags", "k"}, false, 7, 1},
		{[]any{"tags", "k"}, true, 7, 7},
		{[]any{"tags", "k", "color"}, false, 8, 9},
	}
	for _, tt := range tests {
		n := root
		for _, e := range tt.path {
			switch e := e.(type) {
			case string:
				n = n.Get(e)
			case int:
				n = n.Elem(e)
			}
		}
		if n == nil {
			t.Errorf("no value at %v", tt.path)
			continue
		}
		off := n.Pos
		if tt.atKey {
			off = n.Key
		}
		if line, col, _ := s.Position(off); line != tt.line || col != tt.col {
			t.Errorf("position of %v (key %t) = %d:%d; want %d:%d", tt.path, tt.atKey, line, col, tt.line, tt.col)
		}
	}
}

// TestParseKey checks the key paths of overrides: dotted, quoted, and
// nothing after the key.
func TestParseKey(t *testing.T) {
	tests := []struct {
		src  string
		want []string // nil: an error
	}{
		{"build.max_vertices", []string{"build", "max_vertices"}},
		{`tags."a b".color`, []string{"tags", "a b", "color"}},
		{"a . b", []string{"a", "b"}},
		{"a.", nil},
		{"a b", nil},
		{"", nil},
	}
	for _, tt := range tests {
		got, err := ParseKey(tt.src)
		if tt.want == nil {
			if err == nil {
				t.Errorf("ParseKey(%q) = %q; want an error", tt.src, got)
			}
			continue
		}
		if err != nil || !reflect.DeepEqual(got, tt.want) {
			t.Errorf("ParseKey(%q) = %q, %v; want %q", tt.src, got, err, tt.want)
		}
	}
}

// TestParseValue checks single values, as overrides give them: the whole
// text must be one value.
func TestParseValue(t *testing.T) {
	tests := []struct {
		src  string
		want any // nil: an error
	}{
		{"60", int64(60)},
		{"0.5", 0.5},
		{"true", true},
		{`"a \"b\""`, `a "b"`},
		{"[1, 2]", []any{int64(1), int64(2)}},
		{"60 61", nil},
		{"#ff0000", nil},
		{"", nil},
	}
	for _, tt := range tests {
		n, err := ParseValue(tt.src)
		if tt.want == nil {
			if err == nil {
				t.Errorf("ParseValue(%q) = %v; want an error", tt.src, plain(n))
			}
			continue
		}
		if err != nil || !reflect.DeepEqual(plain(n), tt.want) {
			t.Errorf("ParseValue(%q) = %#v, %v; want %#v", tt.src, n, err, tt.want)
		}
	}
}

// TestTableEditing checks the table API callers use to add values a
// document leaves out: Set keeps the key order and replaces in place.
func TestTableEditing(t *testing.T) {
	root, err := parse([]byte("a = 1\nb = 2\n"))
	if err != nil {
		t.Fatal(err.Msg)
	}
	sub := NewTable()
	root.Set("c", sub)
	root.Set("a", &Node{Kind: String, Pos: -1, Key: -1, Str: "x"})
	sub.Set("d", &Node{Kind: Bool, Pos: -1, Key: -1, Bool: true})
	want := map[string]any{"a": "x", "b": int64(2), "c": map[string]any{"d": true}}
	if got := plain(root); !reflect.DeepEqual(got, want) {
		t.Errorf("edited table = %#v; want %#v", got, want)
	}
	if !reflect.DeepEqual(root.Keys, []string{"a", "b", "c"}) {
		t.Errorf("keys = %q; want a, b, c in definition order", root.Keys)
	}
	if sub.Pos != -1 || sub.Key != -1 || root.Get("b").Elem(0) != nil || root.Get("zz") != nil {
		t.Errorf("NewTable has a place, or Get/Elem found what is not there")
	}
}

// parse calls Parse and returns its error as the *SyntaxError it is.
func parse(src []byte) (*Node, *SyntaxError) {
	n, err := Parse(src)
	if err == nil {
		return n, nil
	}
	var se *SyntaxError
	if !errors.As(err, &se) {
		return nil, &SyntaxError{Offset: -1, Msg: "Parse returned a non-SyntaxError: " + err.Error()}
	}
	return nil, se
}

// TestTOMLRules checks TOML 1.0's rules about defining tables, some of
// which BurntSushi v1.6 does not enforce, and about numbers.
func TestTOMLRules(t *testing.T) {
	tests := []struct {
		name, src string
		frag      string // "" means valid
	}{
		{"header defines an implicit table", "[a.b]\n[a]\nx = 1\n", ""},
		{"header twice", "[a]\n[a]\n", `table "a" is already defined`},
		{"header over a dotted table", "a.b = 1\n[a]\n", `table "a" is already defined`},
		{"sub-table header in a dotted table", "[f]\na.b = 1\n[f.a.c]\n", ""},
		{"dotted key into a header table", "[a.b.c]\nz = 1\n[a]\nb.c.t = 2\n", "belongs to a [header] section"},
		{"extend an inline table", "a = {}\n[a.b]\n", "inline table"},
		{"dotted key into an inline table", "a = {}\na.b = 1\n", "inline table"},
		{"array of tables over an array", "a = []\n[[a]]\n", "not an array of tables"},
		{"header over an array of tables", "[[a]]\n[a]\n", "not a table"},
		{"value under a value", "a = 1\na.b = 2\n", `key "a" already has a value`},
		{"duplicate quoted key", "a = 1\n\"a\" = 2\n", `duplicate key "a"`},
		{"signed hexadecimal", "a = -0x1\n", "cannot have a sign"},
		{"leading zero", "a = 012\n", "leading zeros"},
		{"integer overflow", "a = 9223372036854775808\n", "out of range"},
		{"float without digits after the point", "a = 1.\n", "digits on both sides"},
		{"double underscore", "a = 1__0\n", "not a number"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := parse([]byte(tt.src))
			switch {
			case tt.frag == "" && err != nil:
				t.Errorf("parse(%q): %s", tt.src, err.Msg)
			case tt.frag != "" && err == nil:
				t.Errorf("parse(%q) accepted it; want %q", tt.src, tt.frag)
			case tt.frag != "" && !strings.Contains(err.Msg, tt.frag):
				t.Errorf("parse(%q) = %q; want %q", tt.src, err.Msg, tt.frag)
			}
		})
	}
}

// FuzzParse checks the parser against BurntSushi/toml: whatever this
// parser accepts, BurntSushi (which accepts TOML 1.1 and is laxer about
// tables) accepts too, with the same value. The parser never panics.
func FuzzParse(f *testing.F) {
	for _, src := range seeds(f) {
		f.Add(src)
	}
	for _, s := range []string{
		"a = 1\n", "a.b = 'x'\n[t]\nc = [1, 2.5, \"s\", true, 1979-05-27T07:32:00Z]\n",
		"[[a]]\nb = { c = [ { d = 1 } ] }\n", "s = \"\"\"\\\n  x\"\"\"\"\n", "t = '''\n'x''''\n",
		"d = 1979-05-27 07:32:00.5\nt = 07:32:00\nl = 1979-05-27\n", "x = 0x_1\n", "\"\" = 1\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		root, perr := parse(src)
		if perr != nil {
			if perr.Offset < 0 || perr.Offset > len(src) {
				t.Fatalf("error offset %d outside the document (%d bytes)", perr.Offset, len(src))
			}
			return
		}
		var v map[string]any
		if _, err := burntsushi.Decode(string(src), &v); err != nil {
			t.Fatalf("parseTOML accepted %q, BurntSushi rejects it: %v", src, err)
		}
		if msg := sameValue(plain(root), any(v)); msg != "" {
			t.Fatalf("%q: %s", src, msg)
		}
	})
}

// sameValue compares plain's output with BurntSushi's.
func sameValue(got, want any) string {
	switch w := want.(type) {
	case map[string]any:
		g, ok := got.(map[string]any)
		if !ok || len(g) != len(w) {
			return "table mismatch"
		}
		for k := range w {
			if msg := sameValue(g[k], w[k]); msg != "" {
				return k + ": " + msg
			}
		}
		return ""
	case []map[string]any:
		g, ok := got.([]any)
		if !ok || len(g) != len(w) {
			return "array of tables mismatch"
		}
		for i := range w {
			if msg := sameValue(g[i], w[i]); msg != "" {
				return msg
			}
		}
		return ""
	case []any:
		g, ok := got.([]any)
		if !ok || len(g) != len(w) {
			return "array mismatch"
		}
		for i := range w {
			if msg := sameValue(g[i], w[i]); msg != "" {
				return msg
			}
		}
		return ""
	case float64:
		if g, ok := got.(float64); ok && (g == w || math.IsNaN(g) && math.IsNaN(w)) {
			return ""
		}
	case time.Time:
		if _, ok := got.(time.Time); ok {
			return ""
		}
	case string:
		// A raw CRLF in a multi-line string reads as LF here and as CRLF
		// in BurntSushi; TOML lets parsers normalise newlines either way
		// (found by FuzzParse). Compared with CRLF folded on both sides,
		// so that an escaped \r\n still has to match.
		if g, ok := got.(string); ok && strings.ReplaceAll(g, "\r\n", "\n") == strings.ReplaceAll(w, "\r\n", "\n") {
			return ""
		}
	default:
		if reflect.DeepEqual(got, want) {
			return ""
		}
	}
	return "value mismatch"
}

// seeds returns the ruleset files of the rulesets package (its test
// rulesets, broken and bundled ones) for the fuzz corpus: they are the
// documents this parser exists for.
func seeds(f *testing.F) [][]byte {
	var out [][]byte
	for _, pat := range []string{"testdata/*.toml", "testdata/broken/*.toml", "bundled/*.toml"} {
		files, _ := filepath.Glob(filepath.Join("..", "..", "rulesets", pat))
		for _, name := range files {
			src, err := os.ReadFile(name)
			if err != nil {
				f.Fatal(err)
			}
			out = append(out, src)
		}
	}
	if len(out) == 0 {
		f.Fatal("no ruleset files found in ../../rulesets for the fuzz corpus")
	}
	return out
}

// TestRedefined checks that every clash of a one-key header with an
// earlier definition names the key, and that a dotted header does not.
func TestRedefined(t *testing.T) {
	for _, tt := range []struct {
		doc, want string
	}{
		{"[a]\n[a]\n", "a"},
		{"[a]\n[[a]]\n", "a"},
		{"[[a]]\n[a]\n", "a"},
		{"a = 1\n[a]\n", ""},
		{"a = [{ b = 1 }]\n[[a]]\n", ""},
		{"a = [{ b = 1 }]\n[a]\n", ""},
		{"[a.b]\n[a.b]\n", ""},
		{"[a.b]\n[[a.b]]\n", ""},
	} {
		_, err := Parse([]byte(tt.doc))
		var se *SyntaxError
		if !errors.As(err, &se) {
			t.Fatalf("%q: error %v, want a *SyntaxError", tt.doc, err)
		}
		if se.Redefined != tt.want {
			t.Errorf("%q: Redefined = %q, want %q (%s)", tt.doc, se.Redefined, tt.want, se.Msg)
		}
	}
}

// TestHeader checks which tables Header reports as taking the keys below
// a header line.
func TestHeader(t *testing.T) {
	root, err := Parse([]byte("d.e = 1\n[a]\nx = { y = 1 }\n[b.c]\n[[r]]\n"))
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		path []string
		want bool
	}{
		{nil, true},
		{[]string{"d"}, false},
		{[]string{"a"}, true},
		{[]string{"a", "x"}, false},
		{[]string{"b"}, false},
		{[]string{"b", "c"}, true},
	} {
		n := root
		for _, k := range tt.path {
			n = n.Get(k)
		}
		if got := n.Header(); got != tt.want {
			t.Errorf("%v: Header() = %t, want %t", tt.path, got, tt.want)
		}
	}
	if elem := root.Get("r").Vals[0]; !elem.Header() {
		t.Errorf("[[r]] element: Header() = false, want true")
	}
	if NewTable().Header() {
		t.Errorf("NewTable().Header() = true, want false")
	}
}
