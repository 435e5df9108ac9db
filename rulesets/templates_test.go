package rulesets

import (
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"
)

func TestTemplates(t *testing.T) {
	minimal, err := os.ReadFile("testdata/minimal.toml")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		add  string
		// want are "line:col fragment" of every problem, in order; none for
		// a valid file.
		want   []string
		reason string
	}{
		{"valid", "[tags.a]\nshape = \"template\"\ntemplates = [\"hall\"]\n[templates.hall]\nart = '''\n#D#\n#.#\n###\n'''\n", nil, ""},
		{"bad art", "[templates.hall]\nart = '''\n#D#\n#.#\n#x#\n###\n'''\n", []string{"5:2 'x'"},
			"an art problem is reported at its character in the file"},
		{"one-line art", "[templates.hall]\nart = \"#D#\\n#.\"\n", []string{"2:7 floor on the art's edge"},
			"art in a one-line string is reported at the string"},
		{"unknown shape", "[tags.a]\nshape = \"blob\"\n", []string{"2:9 shape \"blob\""}, ""},
		{"template without templates", "[tags.a]\nshape = \"template\"\n", []string{"2:9 needs templates"}, ""},
		{"templates without template", "[tags.a]\ntemplates = []\nshape = \"cave\"\n", nil, "an empty list is no templates"},
		{"templates of a cave", "[tags.a]\nshape = \"cave\"\ntemplates = [\"hall\"]\n[templates.hall]\nart = '''\n#D#\n#.#\n###\n'''\n", []string{"3:13 drawn only by shape"}, ""},
		{"missing template", "[tags.a]\nshape = \"template\"\ntemplates = [\"nave\"]\n", []string{"3:14 no [templates.nave]"}, ""},
		{"no art", "[templates.hall]\n", []string{"1:12 has no art"}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := string(minimal) + "\n"
			base := strings.Count(src, "\n")
			_, err := Load("t.toml", []byte(src+tt.add))
			var list ErrorList
			if err != nil && !errors.As(err, &list) {
				t.Fatalf("error %T: %v", err, err)
			}
			if len(list) != len(tt.want) {
				t.Fatalf("got %d problems, want %d (%s): %v", len(list), len(tt.want), tt.reason, err)
			}
			for i, e := range list {
				var line, col int
				var frag string
				pos, rest, _ := strings.Cut(tt.want[i], " ")
				frag = rest
				if _, err := fmtSscanf(pos, &line, &col); err != nil {
					t.Fatal(err)
				}
				if e.Line != base+line || e.Col != col || !strings.Contains(e.Msg, frag) {
					t.Errorf("problem %d at %d:%d %q; want %d:%d saying %q (%s)", i, e.Line-base, e.Col, e.Msg, line, col, frag, tt.reason)
				}
			}
		})
	}
}

func fmtSscanf(s string, line, col *int) (int, error) { return fmt.Sscanf(s, "%d:%d", line, col) }
