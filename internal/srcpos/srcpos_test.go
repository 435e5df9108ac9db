package srcpos

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// position is the reference: count line ends and characters from the start.
func position(src string, off int) (line, col int) {
	off = min(max(off, 0), len(src))
	before := src[:off]
	line = 1 + strings.Count(before, "\n")
	if i := strings.LastIndexByte(before, '\n'); i >= 0 {
		before = before[i+1:]
	}
	return line, 1 + utf8.RuneCountInString(before)
}

func TestPosition(t *testing.T) {
	tests := []struct {
		name, src string
		off       int
		line, col int
		text      string
	}{
		{"start", "a = 1\nb = 2\n", 0, 1, 1, "a = 1"},
		{"second line", "a = 1\nb = 2\n", 10, 2, 5, "b = 2"},
		{"at the line end", "a = 1\nb = 2\n", 5, 1, 6, "a = 1"},
		{"CRLF is cut from the text", "a = 1\r\nb = 2\r\n", 7, 2, 1, "b = 2"},
		{"characters, not bytes", "é = \"–\"\n", 9, 1, 7, "é = \"–\""},
		{"past the end", "a\nb", 99, 2, 2, "b"},
		{"before the start", "a\nb", -3, 1, 1, "a"},
		{"empty", "", 0, 1, 1, ""},
	}
	for _, tt := range tests {
		line, col, text := New([]byte(tt.src)).Position(tt.off)
		if line != tt.line || col != tt.col || text != tt.text {
			t.Errorf("%s: Position(%d) = %d:%d %q; want %d:%d %q", tt.name, tt.off, line, col, text, tt.line, tt.col, tt.text)
		}
	}
}

// TestPositionAgainstCounting checks every offset of a few texts against
// counting from the start.
func TestPositionAgainstCounting(t *testing.T) {
	for _, src := range []string{"", "\n\n", "ab\ncd\r\n\nxé–y\n", "no line end", "\ttab\n  é\n"} {
		s := New([]byte(src))
		for off := 0; off <= len(src); off++ {
			line, col, _ := s.Position(off)
			wl, wc := position(src, off)
			if line != wl || col != wc {
				t.Errorf("%q: Position(%d) = %d:%d; want %d:%d", src, off, line, col, wl, wc)
			}
		}
	}
}

func TestCaret(t *testing.T) {
	tests := []struct {
		name, text string
		col        int
		want       string
	}{
		{"first column", "x = 1", 1, "    3 | x = 1\n      | ^"},
		{"spaces", "max_vertices = -1", 16, "    3 | max_vertices = -1\n      |                ^"},
		{"tabs are kept", "\tx = -1", 6, "    3 | \tx = -1\n      | \t    ^"},
		{"a wide character counts once", "é = ;", 5, "    3 | é = ;\n      |     ^"},
		{"past the end of the line", "ab", 9, "    3 | ab\n      |   ^"},
		{"a control character is escaped and the caret moves past it", "a = \"\x1b[2J\" x", 12, "    3 | a = \"\\x1b[2J\" x\n      |               ^"},
		{"a byte that is not UTF-8 is escaped", "# caf\xe9 = ;", 10, "    3 | # caf\\xe9 = ;\n      |             ^"},
		{"a bidirectional control is escaped", "id = \"\u202eb\"", 8, "    3 | id = \"\\u202eb\"\n      |             ^"},
	}
	for _, tt := range tests {
		if got := Caret(3, tt.col, tt.text); got != tt.want {
			t.Errorf("%s: Caret = %q; want %q", tt.name, got, tt.want)
		}
	}
}
