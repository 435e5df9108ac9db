package textsafe

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// unsafe reports whether r is a control character (tab and newline
// included when names is set) or a bidirectional control.
func unsafe(r rune, names bool) bool {
	if unicode.Is(unicode.Bidi_Control, r) {
		return true
	}
	if !names && (r == '\t' || r == '\n') {
		return false
	}
	return unicode.IsControl(r)
}

// Control returns the first control or bidirectional control character of
// s, tab and newline excepted (text may hold them), and whether there is
// one.
func Control(s string) (rune, bool) {
	for _, r := range s {
		if unsafe(r, false) {
			return r, true
		}
	}
	return 0, false
}

// Escape returns name with every control character (tab and newline
// included: a name is one line) and bidirectional control written as Go
// writes it in a quoted string (\x00, \x1b, \t, \u202e), and every invalid
// UTF-8 byte as \xff; everything else is left as it is, so a name without
// such characters comes back unchanged. Escaping twice changes nothing
// more.
func Escape(name string) string {
	i := strings.IndexFunc(name, func(r rune) bool { return r == utf8.RuneError || unsafe(r, true) })
	if i < 0 {
		return name
	}
	var b strings.Builder
	b.Grow(len(name) + 8)
	b.WriteString(name[:i])
	for s := name[i:]; s != ""; {
		r, n := utf8.DecodeRuneInString(s)
		switch {
		case r == utf8.RuneError && n == 1:
			b.WriteString(`\x`)
			b.WriteString(strconv.FormatUint(uint64(s[0])|0x100, 16)[1:])
		case unsafe(r, true):
			q := strconv.QuoteRuneToASCII(r) // '\x1b', '\u202e'
			b.WriteString(q[1 : len(q)-1])
		default:
			b.WriteString(s[:n])
		}
		s = s[n:]
	}
	return b.String()
}
