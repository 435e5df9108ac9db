package rulesets

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/dungraph/dungraph/params"
)

// FuzzLoad checks that loading never panics, that it returns either a
// ruleset or problems, and that every problem says where it is: a position
// in the file or a key path.
func FuzzLoad(f *testing.F) {
	for _, o := range []string{"", "build.max_vertices=3", "tags.a.color=#ff0000", "rules.start.weight=2"} {
		f.Add([]byte("name = \"x\"\n"), o)
	}
	for _, src := range seeds(f) {
		f.Add(src, "")
	}
	f.Fuzz(func(t *testing.T, src []byte, override string) {
		var l Loader
		if o, err := ParseOverride(override); err == nil {
			l.Overrides = []Override{o}
		}
		rs, err := l.Load("fuzz.toml", src)
		if err != nil {
			if rs != nil {
				t.Fatalf("Load returned a ruleset and an error")
			}
			var list ErrorList
			if !errors.As(err, &list) || len(list) == 0 {
				t.Fatalf("Load error %v is not a non-empty ErrorList", err)
			}
			lines := bytes.Count(src, []byte("\n")) + 1
			for _, e := range list {
				if e.Path == "" && e.Line == 0 {
					t.Errorf("problem without a path or a position: %v", e)
				}
				if e.Line < 0 || e.Line > lines || e.Line > 0 && e.Col < 1 {
					t.Errorf("problem at %d:%d, outside the file's %d lines: %v", e.Line, e.Col, lines, e)
				}
				if e.File != "fuzz.toml" || e.Msg == "" {
					t.Errorf("problem without a file or a message: %#v", e)
				}
				if s := e.ErrorWithSource(); !strings.HasPrefix(s, e.Error()) {
					t.Errorf("ErrorWithSource() = %q does not start with Error()", s)
				}
			}
			return
		}
		if rs.Grammar == nil || len(rs.Rules) == 0 {
			t.Fatalf("a ruleset without a grammar or rules")
		}
		if b := rs.Build; b.MinVertices < 1 || b.MinVertices > b.MaxVertices || b.MaxIterations < 1 || b.MaxValence < 1 || b.Attempts < 1 {
			t.Errorf("invalid build limits accepted: %+v", b)
		}
		if r := rs.Rooms; r.MinExtent < 1 || r.MinExtent > r.MaxExtent || !(r.Margin > 0) || !(r.RadiusFudge > 0) {
			t.Errorf("invalid rooms accepted: %+v", r)
		}
		for _, fs := range []params.Forces{rs.Layout, rs.Relax} {
			if !(fs.SpringStrength > 0 && fs.EdgeLength > 0 && fs.Repulsion > 0 && fs.MaxDelta > 0 && fs.ConvergenceDistance > 0) {
				t.Errorf("invalid forces accepted: %+v", fs)
			}
		}
		if !slices.IsSortedFunc(rs.Tags, func(a, b Tag) int { return strings.Compare(a.Name, b.Name) }) {
			t.Errorf("tags not sorted: %+v", rs.Tags)
		}
		for _, tg := range rs.Tags {
			if tg.MinExtent < 1 || tg.MinExtent > tg.MaxExtent || len(tg.Variation) > 1 {
				t.Errorf("invalid tag accepted: %+v", tg)
			}
		}
	})
}

// FuzzParseOverride checks the --set parser: never a panic, and what it
// accepts prints back to itself.
func FuzzParseOverride(f *testing.F) {
	for _, s := range []string{"build.max_vertices=60", "tags.a.color=#ff0000", " relax.repulsion = 0.1 ", "=", "a", "a=", "rules.x.weight=1e300", "tags..color=x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		o, err := ParseOverride(s)
		if err != nil {
			return
		}
		again, err := ParseOverride(o.String())
		if err != nil || again != o {
			t.Fatalf("%q parsed as %+v, which prints as %q and reads back as %+v, %v", s, o, o.String(), again, err)
		}
	})
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
