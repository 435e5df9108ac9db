package textsafe

import (
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

func TestEscape(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"plain", "guard room", "guard room"},
		{"unicode", "Gewölbe · 洞窟", "Gewölbe · 洞窟"},
		{"nul", "a\x00b", `a\x00b`},
		{"esc", "\x1b[31mred", `\x1b[31mred`},
		{"bidi override", "evil\u202etxt.exe", `evil\u202etxt.exe`},
		{"isolate", "a\u2066b\u2069", `a\u2066b\u2069`},
		{"tab and newline", "a\tb\nc", `a\tb\nc`},
		{"del and c1", "a\x7fb\u0085c", `a\x7fb\u0085c`},
		{"invalid utf-8", "a\xffb", `a\xffb`},
		{"backslash kept", `a\x1b`, `a\x1b`},
	}
	for _, tt := range tests {
		got := Escape(tt.in)
		if got != tt.want {
			t.Errorf("%s: Escape(%q) = %q, want %q", tt.name, tt.in, got, tt.want)
		}
		if again := Escape(got); again != got {
			t.Errorf("%s: escaping twice gives %q, not %q", tt.name, again, got)
		}
	}
}

// Property: on every rune from U+0000 to U+FFFF (and some above), alone
// and between letters, Escape leaves no control or bidirectional control
// and no invalid UTF-8, changes nothing that has none, and Control agrees
// with unicode's classes (tab and newline allowed).
func TestEscapeEveryRune(t *testing.T) {
	for r := rune(0); r < 0x11000; r++ {
		if !utf8.ValidRune(r) {
			continue
		}
		s := "a" + string(r) + "b"
		bad := unicode.IsControl(r) || unicode.Is(unicode.Bidi_Control, r)
		e := Escape(s)
		if !utf8.ValidString(e) || strings.IndexFunc(e, func(r rune) bool { return unicode.IsControl(r) || unicode.Is(unicode.Bidi_Control, r) }) >= 0 {
			t.Fatalf("Escape(%q) = %q still holds a control", s, e)
		}
		if !bad && e != s {
			t.Fatalf("Escape(%q) = %q changed a safe name", s, e)
		}
		if _, got := Control(s); got != (bad && r != '\t' && r != '\n') {
			t.Fatalf("Control(%q) = %v", s, got)
		}
	}
}
