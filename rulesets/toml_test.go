package rulesets

import (
	"math"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/BurntSushi/toml"
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
			if _, err := toml.Decode(tt.src, &v); err != nil {
				t.Fatalf("BurntSushi rejects %q too (%v): not a TOML 1.1 addition", tt.src, err)
			}
			_, err := parseTOML([]byte(tt.src))
			if err == nil {
				t.Fatalf("parseTOML(%q) accepted TOML 1.1 syntax", tt.src)
			}
			if err.off != tt.off || !strings.Contains(err.msg, tt.frag) {
				t.Errorf("parseTOML(%q) = %q at %d; want %q at %d", tt.src, err.msg, err.off, tt.frag, tt.off)
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
			root, err := parseTOML([]byte(tt.src))
			if err != nil {
				t.Fatalf("parseTOML(%q): %s at %d", tt.src, err.msg, err.off)
			}
			if got := plain(root); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("parseTOML(%q) = %#v; want %#v", tt.src, got, tt.want)
			}
		})
	}
}

// plain converts a parsed document to the Go values BurntSushi decodes
// into an `any`, with every date-time as a time.Time.
func plain(n *node) any {
	switch n.kind {
	case kindTable:
		m := map[string]any{}
		for i, k := range n.keys {
			m[k] = plain(n.vals[i])
		}
		return m
	case kindArray:
		a := []any{}
		for _, v := range n.vals {
			a = append(a, plain(v))
		}
		return a
	case kindString:
		return n.str
	case kindInteger:
		return n.num
	case kindFloat:
		return n.flt
	case kindBool:
		return n.b
	}
	return time.Time{}
}

// TestPositions checks that keys and values keep their place, including in
// inline tables, arrays and array-of-tables elements.
func TestPositions(t *testing.T) {
	src := "name = \"x\"\n[[rules]]\nname = \"a\"\npattern.vertices = [\n  { id = \"é\", tags = [\"a\", \"b\"] },\n]\n[tags.k]\ncolor = \"#000000\"\n"
	root, err := parseTOML([]byte(src))
	if err != nil {
		t.Fatal(err.msg)
	}
	s := newSource("f.toml", []byte(src))
	tests := []struct {
		path      keyPath
		atKey     bool
		line, col int
	}{
		{keyPath{"name"}, true, 1, 1},
		{keyPath{"name"}, false, 1, 8},
		{keyPath{"rules", 0}, false, 2, 1},
		{keyPath{"rules", 0, "pattern"}, false, 4, 1},
		{keyPath{"rules", 0, "pattern", "vertices"}, true, 4, 9},
		{keyPath{"rules", 0, "pattern", "vertices"}, false, 4, 20},
		{keyPath{"rules", 0, "pattern", "vertices", 0}, false, 5, 3},
		{keyPath{"rules", 0, "pattern", "vertices", 0, "tags", 1}, false, 5, 28}, // columns count characters: é is one
		{keyPath{"tags", "k"}, false, 7, 1},
		{keyPath{"tags", "k"}, true, 7, 7},
		{keyPath{"tags", "k", "color"}, false, 8, 9},
	}
	for _, tt := range tests {
		n, depth := lookup(root, tt.path)
		if depth != len(tt.path) {
			t.Errorf("lookup(%v) stopped after %d elements", tt.path, depth)
			continue
		}
		off := n.pos
		if tt.atKey {
			off = n.key
		}
		if line, col, _ := s.position(off); line != tt.line || col != tt.col {
			t.Errorf("position of %v (key %t) = %d:%d; want %d:%d", tt.path, tt.atKey, line, col, tt.line, tt.col)
		}
	}
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
			_, err := parseTOML([]byte(tt.src))
			switch {
			case tt.frag == "" && err != nil:
				t.Errorf("parseTOML(%q): %s", tt.src, err.msg)
			case tt.frag != "" && err == nil:
				t.Errorf("parseTOML(%q) accepted it; want %q", tt.src, tt.frag)
			case tt.frag != "" && !strings.Contains(err.msg, tt.frag):
				t.Errorf("parseTOML(%q) = %q; want %q", tt.src, err.msg, tt.frag)
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
		root, perr := parseTOML(src)
		if perr != nil {
			if perr.off < 0 || perr.off > len(src) {
				t.Fatalf("error offset %d outside the document (%d bytes)", perr.off, len(src))
			}
			return
		}
		var v map[string]any
		if _, err := toml.Decode(string(src), &v); err != nil {
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

// seeds returns the test rulesets, broken and bundled ones, for fuzz
// corpora.
func seeds(f *testing.F) [][]byte {
	var out [][]byte
	for _, pat := range []string{"testdata/*.toml", "testdata/broken/*.toml", "bundled/*.toml"} {
		files, _ := filepath.Glob(pat)
		for _, name := range files {
			src, err := os.ReadFile(name)
			if err != nil {
				f.Fatal(err)
			}
			out = append(out, src)
		}
	}
	return out
}
