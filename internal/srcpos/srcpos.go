package srcpos

import (
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/dungraph/dungraph/internal/textsafe"
)

// Source is a text whose byte offsets are to be reported as positions.
type Source struct {
	src   []byte
	lines []int // byte offset of the start of each line
}

// New indexes the lines of src. It does not copy src.
func New(src []byte) *Source {
	s := &Source{src: src, lines: []int{0}}
	for i, c := range src {
		if c == '\n' {
			s.lines = append(s.lines, i+1)
		}
	}
	return s
}

// Position returns the 1-based line and column of byte offset off, the
// column in characters (UTF-8 sequences count once), and the text of the
// line without its line end. An offset outside the text is clamped to it.
func (s *Source) Position(off int) (line, col int, text string) {
	off = min(max(off, 0), len(s.src))
	li, found := slices.BinarySearch(s.lines, off)
	if !found {
		li--
	}
	start := s.lines[li]
	end := len(s.src)
	if li+1 < len(s.lines) {
		end = s.lines[li+1] - 1
	}
	text = strings.TrimSuffix(string(s.src[start:end]), "\r")
	return li + 1, utf8.RuneCount(s.src[start:off]) + 1, text
}

// Caret shows line number line (right-aligned in five columns), its text,
// and below it a caret under column col, for printing under a message:
//
//	catacomb.toml:42:23: rules[3] "loop": pattern vertex "b": tags[0]: empty tag
//	   42 |   { id = "b", tags = [""], at = [100, 0] },
//	      |                       ^
//
// Tabs before the column are kept, so that the caret lines up under a
// tab-indented line. Other control characters, bidirectional controls and
// bytes that are not UTF-8 are shown escaped (\x1b, \u202e, \xe9), so
// that a hostile or mis-encoded file cannot drive the terminal that shows
// its errors; the caret moves past their escapes.
func Caret(line, col int, text string) string {
	var b, under strings.Builder
	gutter := fmt.Sprintf("%5d | ", line)
	b.WriteString(gutter)
	c := 1
	for s := text; s != ""; c++ {
		r, n := utf8.DecodeRuneInString(s)
		shown := s[:n]
		switch {
		case r == utf8.RuneError && n == 1:
			shown = fmt.Sprintf(`\x%02x`, s[0])
		case r != '\t':
			if _, bad := textsafe.Control(shown); bad {
				shown = textsafe.Escape(shown)
			}
		}
		s = s[n:]
		b.WriteString(shown)
		if c >= col {
			continue
		}
		if r == '\t' {
			under.WriteByte('\t')
		} else {
			under.WriteString(strings.Repeat(" ", max(1, utf8.RuneCountInString(shown))))
		}
	}
	b.WriteByte('\n')
	b.WriteString(strings.Repeat(" ", len(gutter)-2))
	b.WriteString("| ")
	b.WriteString(under.String())
	b.WriteByte('^')
	return b.String()
}

// Bytes returns the source text.
func (s *Source) Bytes() []byte { return s.src }
