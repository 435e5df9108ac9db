package rulesets

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// want is an error a broken ruleset must produce: its position and a
// fragment of its message.
type want struct {
	line, col int
	frag      string
}

// parseWants reads the "# want: LINE:COL fragment" lines of a broken
// ruleset, in order.
func parseWants(src []byte) ([]want, error) {
	var out []want
	for _, l := range strings.Split(string(src), "\n") {
		rest, ok := strings.CutPrefix(l, "# want: ")
		if !ok {
			continue
		}
		var w want
		pos, frag, _ := strings.Cut(rest, " ")
		if _, err := fmt.Sscanf(pos, "%d:%d", &w.line, &w.col); err != nil {
			return nil, fmt.Errorf("bad want line %q: %v", l, err)
		}
		w.frag = frag
		out = append(out, w)
	}
	if len(out) == 0 {
		return nil, errors.New("no \"# want: LINE:COL fragment\" line")
	}
	return out, nil
}

// TestBroken loads every ruleset in testdata/broken and checks that it
// fails with exactly the problems its "# want:" lines list, in file order.
func TestBroken(t *testing.T) {
	files, err := filepath.Glob("testdata/broken/*.toml")
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < 40 {
		t.Fatalf("only %d broken rulesets in testdata/broken; the corpus must keep at least 40", len(files))
	}
	for _, name := range files {
		t.Run(strings.TrimSuffix(filepath.Base(name), ".toml"), func(t *testing.T) {
			src, err := os.ReadFile(name)
			if err != nil {
				t.Fatal(err)
			}
			wants, err := parseWants(src)
			if err != nil {
				t.Fatal(err)
			}
			rs, err := Load(filepath.Base(name), src)
			var list ErrorList
			if !errors.As(err, &list) {
				t.Fatalf("Load = %v, %v; want an ErrorList", rs, err)
			}
			if len(list) != len(wants) {
				t.Errorf("got %d problems, want %d:\n%v", len(list), len(wants), list)
			}
			for i, w := range wants {
				if i >= len(list) {
					break
				}
				e := list[i]
				if e.Line != w.line || e.Col != w.col || !strings.Contains(e.Error(), w.frag) {
					t.Errorf("problem %d:\n got %s\nwant %d:%d ... %s", i, e.ErrorWithSource(), w.line, w.col, w.frag)
				}
			}
		})
	}
}
