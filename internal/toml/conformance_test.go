package toml

import (
	"encoding/json"
	"io/fs"
	"math"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// tomlTestCorpus finds the toml-test corpus that BurntSushi/toml ships in
// its module (internal/toml-test/tests). It is in the module cache whenever
// the module is, since BurntSushi is a dependency.
func tomlTestCorpus(t *testing.T) fs.FS {
	t.Helper()
	out, err := exec.Command("go", "list", "-m", "-f", "{{.Dir}}", "github.com/BurntSushi/toml").Output()
	if err != nil {
		t.Skipf("cannot locate the BurntSushi/toml module: %v", err)
	}
	dir := filepath.Join(strings.TrimSpace(string(out)), "internal", "toml-test", "tests")
	if _, err := os.Stat(filepath.Join(dir, "valid")); err != nil {
		t.Skipf("no toml-test corpus in the BurntSushi/toml module: %v", err)
	}
	return os.DirFS(dir)
}

// tomlTestExcluded lists the corpus entries that are not TOML 1.0, from the
// corpus's own version file (version.go, "1.0.0").
func tomlTestExcluded(name string) bool {
	for _, pre := range []string{"valid/spec-1.1.0/", "invalid/spec-1.1.0/"} {
		if strings.HasPrefix(name, pre) {
			return true
		}
	}
	switch strings.TrimSuffix(name, ".toml") {
	case "valid/string/escape-esc", "valid/string/hex-escape", "invalid/string/bad-hex-esc",
		"valid/datetime/no-seconds", "valid/inline-table/newline", "valid/inline-table/newline-comment":
		return true
	}
	return false
}

// TestTOMLConformance runs the parser over the toml-test corpus: every
// valid TOML 1.0 document parses to the expected value, every invalid one
// is rejected.
func TestTOMLConformance(t *testing.T) {
	fsys := tomlTestCorpus(t)
	var valid, invalid int
	err := fs.WalkDir(fsys, ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || path.Ext(name) != ".toml" || tomlTestExcluded(name) {
			return err
		}
		src, err := fs.ReadFile(fsys, name)
		if err != nil {
			return err
		}
		root, perr := parse(src)
		switch {
		case strings.HasPrefix(name, "invalid/"):
			invalid++
			if perr == nil {
				t.Errorf("%s: accepted an invalid document:\n%s", name, src)
			}
		case strings.HasPrefix(name, "valid/"):
			valid++
			if perr != nil {
				t.Errorf("%s: %s (at byte %d):\n%s", name, perr.Msg, perr.Offset, src)
				return nil
			}
			want, err := fs.ReadFile(fsys, strings.TrimSuffix(name, ".toml")+".json")
			if err != nil {
				return err
			}
			var w any
			if err := json.Unmarshal(want, &w); err != nil {
				return err
			}
			if msg := sameTOMLTest(tomlTestJSON(root), w, ""); msg != "" {
				t.Errorf("%s: %s", name, msg)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d valid and %d invalid TOML 1.0 documents", valid, invalid)
	if valid < 100 || invalid < 100 {
		t.Fatalf("only %d valid and %d invalid documents found: is the corpus complete?", valid, invalid)
	}
}

// tomlTestJSON converts a parsed document to toml-test's JSON form.
func tomlTestJSON(n *Node) any {
	switch n.Kind {
	case Table:
		m := map[string]any{}
		for i, k := range n.Keys {
			m[k] = tomlTestJSON(n.Vals[i])
		}
		return m
	case Array:
		a := []any{}
		for _, v := range n.Vals {
			a = append(a, tomlTestJSON(v))
		}
		return a
	}
	typ, val := "", ""
	switch n.Kind {
	case String:
		typ, val = "string", n.Str
	case Integer:
		typ, val = "integer", strconv.FormatInt(n.Int, 10)
	case Float:
		typ, val = "float", strconv.FormatFloat(n.Float, 'g', -1, 64)
	case Bool:
		typ, val = "bool", strconv.FormatBool(n.Bool)
	case Datetime:
		typ, val = "datetime", n.Str
	case LocalDatetime:
		typ, val = "datetime-local", n.Str
	case LocalDate:
		typ, val = "date-local", n.Str
	case LocalTime:
		typ, val = "time-local", n.Str
	}
	return map[string]any{"type": typ, "value": val}
}

func sameTOMLTest(got, want any, at string) string {
	switch w := want.(type) {
	case []any:
		g, ok := got.([]any)
		if !ok || len(g) != len(w) {
			return at + ": array mismatch"
		}
		for i := range w {
			if msg := sameTOMLTest(g[i], w[i], at+"["+strconv.Itoa(i)+"]"); msg != "" {
				return msg
			}
		}
		return ""
	case map[string]any:
		g, ok := got.(map[string]any)
		if !ok {
			return at + ": not a table"
		}
		if typ, ok := w["type"].(string); ok && len(w) == 2 {
			if _, ok := w["value"].(string); ok {
				return sameScalar(g, typ, w["value"].(string), at)
			}
		}
		if len(g) != len(w) {
			return at + ": key count mismatch"
		}
		for k := range w {
			if msg := sameTOMLTest(g[k], w[k], at+"."+k); msg != "" {
				return msg
			}
		}
		return ""
	}
	return at + ": unexpected expectation"
}

func sameScalar(g map[string]any, typ, want, at string) string {
	gt, gv := g["type"], g["value"].(string)
	if gt != typ {
		return at + ": type " + gt.(string) + ", want " + typ
	}
	switch typ {
	case "float":
		a, _ := strconv.ParseFloat(gv, 64)
		b, err := strconv.ParseFloat(want, 64)
		if err != nil || !(a == b || math.IsNaN(a) && math.IsNaN(b)) {
			return at + ": float " + gv + ", want " + want
		}
		return ""
	case "datetime", "datetime-local", "date-local", "time-local":
		norm := func(s string) string { return strings.ToUpper(strings.Replace(s, " ", "T", 1)) }
		if norm(gv) == norm(want) {
			return ""
		}
		for _, layout := range []string{time.RFC3339Nano, "2006-01-02T15:04:05.999999999", "15:04:05.999999999"} {
			a, err1 := time.Parse(layout, norm(gv))
			b, err2 := time.Parse(layout, norm(want))
			if err1 == nil && err2 == nil && a.Equal(b) {
				return ""
			}
		}
		return at + ": " + typ + " " + gv + ", want " + want
	}
	if gv != want {
		return at + ": " + typ + " " + strconv.Quote(gv) + ", want " + strconv.Quote(want)
	}
	return ""
}
