package toml

import (
	"math"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// Scalars of the TOML 1.0 parser: strings, numbers, booleans and
// date-times.

// basicString parses "..." with escapes.
func (p *parser) basicString() (string, *SyntaxError) {
	start := p.i
	p.i++
	var b strings.Builder
	for {
		if p.eof() {
			return "", p.errf(start, "unterminated string")
		}
		c := p.src[p.i]
		switch {
		case c == '"':
			p.i++
			return b.String(), nil
		case c == '\\':
			if err := p.escape(&b); err != nil {
				return "", err
			}
		case c == '\n' || c == '\r':
			return "", p.errf(start, "unterminated string: a \"...\" string must end on the line it starts (use \"\"\"...\"\"\" for several lines)")
		case isControl(c):
			return "", p.errf(p.i, "control character %s in a string: write it as an escape such as \\t or \\u0000", quoteByte(c))
		default:
			b.WriteByte(c)
			p.i++
		}
	}
}

// escape parses a backslash escape and writes what it stands for.
func (p *parser) escape(b *strings.Builder) *SyntaxError {
	at := p.i
	p.i++
	if p.eof() {
		return p.errf(at, "unterminated string")
	}
	c := p.src[p.i]
	p.i++
	switch c {
	case 'b':
		b.WriteByte('\b')
	case 't':
		b.WriteByte('\t')
	case 'n':
		b.WriteByte('\n')
	case 'f':
		b.WriteByte('\f')
	case 'r':
		b.WriteByte('\r')
	case '"':
		b.WriteByte('"')
	case '\\':
		b.WriteByte('\\')
	case 'u', 'U':
		n := 4
		if c == 'U' {
			n = 8
		}
		if len(p.src)-p.i < n {
			return p.errf(at, "\\%c needs %d hexadecimal digits", c, n)
		}
		v, err := strconv.ParseUint(string(p.src[p.i:p.i+n]), 16, 32)
		if err != nil || strings.ContainsAny(string(p.src[p.i:p.i+n]), "+-_") {
			return p.errf(at, "\\%c needs %d hexadecimal digits", c, n)
		}
		r := rune(v)
		if v > utf8.MaxRune || r >= 0xD800 && r <= 0xDFFF {
			return p.errf(at, "\\%c%s is not a Unicode scalar value", c, p.src[p.i:p.i+n])
		}
		p.i += n
		b.WriteRune(r)
	case 'e', 'x':
		return p.errf(at, "escape \\%c is TOML 1.1; rulesets are TOML 1.0 (use \\u%s)", c, map[byte]string{'e': "001B", 'x': "00XX"}[c])
	default:
		return p.errf(at, "invalid escape \\%s: TOML knows \\b \\t \\n \\f \\r \\\" \\\\ \\uHHHH \\UHHHHHHHH", printable(c))
	}
	return nil
}

func printable(c byte) string {
	if c < 0x20 || c >= 0x7F {
		return quoteByte(c)
	}
	return string(c)
}

// multilineBasicString parses """...""".
func (p *parser) multilineBasicString() (string, *SyntaxError) {
	start := p.i
	p.i += 3
	if _, err := p.newline(); err != nil {
		return "", err
	}
	var b strings.Builder
	for {
		if p.eof() {
			return "", p.errf(start, "unterminated multi-line string")
		}
		c := p.src[p.i]
		switch {
		case c == '"':
			if done := p.closeQuotes(&b, '"'); done {
				return b.String(), nil
			}
		case c == '\\':
			// A backslash at the end of a line trims the newline and the
			// blanks that follow it.
			j := p.i + 1
			for j < len(p.src) && (p.src[j] == ' ' || p.src[j] == '\t') {
				j++
			}
			if j < len(p.src) && (p.src[j] == '\n' || p.src[j] == '\r') {
				p.i = j
				for {
					ok, err := p.newline()
					if err != nil {
						return "", err
					}
					p.skipWS()
					if !ok && p.peek() != '\n' && p.peek() != '\r' {
						break
					}
				}
				continue
			}
			if err := p.escape(&b); err != nil {
				return "", err
			}
		case c == '\n' || c == '\r':
			if _, err := p.newline(); err != nil {
				return "", err
			}
			b.WriteByte('\n')
		case isControl(c):
			return "", p.errf(p.i, "control character %s in a string: write it as an escape such as \\t or \\u0000", quoteByte(c))
		default:
			b.WriteByte(c)
			p.i++
		}
	}
}

// closeQuotes handles a run of quote characters q inside a multi-line
// string: fewer than three are content; three or more close the string,
// and up to two quotes right before the closing three are content.
func (p *parser) closeQuotes(b *strings.Builder, q byte) bool {
	n := 0
	for p.i+n < len(p.src) && p.src[p.i+n] == q && n < 5 {
		n++
	}
	if n < 3 {
		for range n {
			b.WriteByte(q)
		}
		p.i += n
		return false
	}
	for range n - 3 {
		b.WriteByte(q)
	}
	p.i += n
	return true
}

// literalString parses '...'.
func (p *parser) literalString() (string, *SyntaxError) {
	start := p.i
	p.i++
	for {
		if p.eof() {
			return "", p.errf(start, "unterminated string")
		}
		c := p.src[p.i]
		switch {
		case c == '\'':
			p.i++
			return string(p.src[start+1 : p.i-1]), nil
		case c == '\n' || c == '\r':
			return "", p.errf(start, "unterminated string: a '...' string must end on the line it starts (use '''...''' for several lines)")
		case isControl(c):
			return "", p.errf(p.i, "control character %s in a string", quoteByte(c))
		}
		p.i++
	}
}

// multilineLiteralString parses ”'...”'.
func (p *parser) multilineLiteralString() (string, *SyntaxError) {
	start := p.i
	p.i += 3
	if _, err := p.newline(); err != nil {
		return "", err
	}
	var b strings.Builder
	for {
		if p.eof() {
			return "", p.errf(start, "unterminated multi-line string")
		}
		c := p.src[p.i]
		switch {
		case c == '\'':
			if done := p.closeQuotes(&b, '\''); done {
				return b.String(), nil
			}
		case c == '\n' || c == '\r':
			if _, err := p.newline(); err != nil {
				return "", err
			}
			b.WriteByte('\n')
		case isControl(c):
			return "", p.errf(p.i, "control character %s in a string", quoteByte(c))
		default:
			b.WriteByte(c)
			p.i++
		}
	}
}

func isScalarChar(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' ||
		c == '_' || c == '+' || c == '-' || c == '.' || c == ':'
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// scalar parses a number or a date-time.
func (p *parser) scalar() (*Node, *SyntaxError) {
	start := p.i
	for p.i < len(p.src) && isScalarChar(p.src[p.i]) {
		p.i++
	}
	// A date and a time may be separated by a space: 1979-05-27 07:32:00.
	if p.i-start == 10 && isDate(p.src[start:p.i]) && len(p.src)-p.i >= 4 &&
		p.src[p.i] == ' ' && isDigit(p.src[p.i+1]) && isDigit(p.src[p.i+2]) && p.src[p.i+3] == ':' {
		p.i++
		for p.i < len(p.src) && isScalarChar(p.src[p.i]) {
			p.i++
		}
	}
	tok := string(p.src[start:p.i])
	n := &Node{Pos: start, Key: -1, Str: tok}
	if len(tok) >= 5 && isDigit(tok[0]) && isDigit(tok[1]) && (tok[2] == ':' || isDigit(tok[2]) && isDigit(tok[3]) && tok[4] == '-') {
		k, msg := datetimeKind(tok)
		if msg != "" {
			return nil, p.errf(start, "invalid date-time %q: %s", tok, msg)
		}
		n.Kind = k
		return n, nil
	}
	if tok == "" {
		return nil, p.errf(start, "expected a value, found %s", p.describe())
	}
	if msg := parseNumber(tok, n); msg != "" {
		return nil, p.errf(start, "invalid number %q: %s", tok, msg)
	}
	return n, nil
}

// digitRun checks that s is digits of base (with single underscores
// between digits) and returns s without underscores.
func digitRun(s string, isD func(byte) bool) (string, bool) {
	if s == "" || !isD(s[0]) || !isD(s[len(s)-1]) {
		return "", false
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '_':
			if !isD(s[i-1]) || !isD(s[i+1]) {
				return "", false
			}
		case isD(c):
			b.WriteByte(c)
		default:
			return "", false
		}
	}
	return b.String(), true
}

func isHex(c byte) bool   { return isDigit(c) || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F' }
func isOctal(c byte) bool { return c >= '0' && c <= '7' }
func isBinary(c byte) bool {
	return c == '0' || c == '1'
}

// parseNumber fills n with the integer or float tok, or says what is wrong.
func parseNumber(tok string, n *Node) string {
	body, sign := tok, ""
	if tok[0] == '+' || tok[0] == '-' {
		body, sign = tok[1:], tok[:1]
	}
	switch body {
	case "inf":
		n.Kind, n.Float = Float, math.Inf(1)
		if sign == "-" {
			n.Float = math.Inf(-1)
		}
		return ""
	case "nan":
		n.Kind, n.Float = Float, math.NaN()
		return ""
	}
	if len(body) > 2 && body[0] == '0' && (body[1] == 'x' || body[1] == 'o' || body[1] == 'b') {
		if sign != "" {
			return "hexadecimal, octal and binary integers cannot have a sign"
		}
		base, isD := 16, isHex
		switch body[1] {
		case 'o':
			base, isD = 8, isOctal
		case 'b':
			base, isD = 2, isBinary
		}
		digits, ok := digitRun(body[2:], isD)
		if !ok {
			return "bad digits"
		}
		v, err := strconv.ParseInt(digits, base, 64)
		if err != nil {
			return "out of range for a 64-bit integer"
		}
		n.Kind, n.Int = Integer, v
		return ""
	}
	intPart, frac, exp := body, "", ""
	hasFrac, hasExp := false, false
	if i := strings.IndexAny(intPart, "eE"); i >= 0 {
		intPart, exp, hasExp = intPart[:i], intPart[i+1:], true
	}
	if i := strings.IndexByte(intPart, '.'); i >= 0 {
		intPart, frac, hasFrac = intPart[:i], intPart[i+1:], true
	}
	digits, ok := digitRun(intPart, isDigit)
	if !ok {
		return "not a number (strings need quotes)"
	}
	if len(digits) > 1 && digits[0] == '0' {
		return "leading zeros are not allowed"
	}
	if !hasFrac && !hasExp {
		v, err := strconv.ParseInt(sign+digits, 10, 64)
		if err != nil {
			return "out of range for a 64-bit integer"
		}
		n.Kind, n.Int = Integer, v
		return ""
	}
	text := sign + digits
	if hasFrac {
		f, ok := digitRun(frac, isDigit)
		if !ok {
			return "a decimal point must have digits on both sides"
		}
		text += "." + f
	}
	if hasExp {
		esign := ""
		if exp != "" && (exp[0] == '+' || exp[0] == '-') {
			esign, exp = exp[:1], exp[1:]
		}
		e, ok := digitRun(exp, isDigit)
		if !ok {
			return "bad exponent"
		}
		text += "e" + esign + e
	}
	v, err := strconv.ParseFloat(text, 64)
	if err != nil {
		return "out of range for a 64-bit float"
	}
	n.Kind, n.Float = Float, v
	return ""
}

func isDate(b []byte) bool {
	return len(b) == 10 && isDigit(b[0]) && isDigit(b[1]) && isDigit(b[2]) && isDigit(b[3]) &&
		b[4] == '-' && isDigit(b[5]) && isDigit(b[6]) && b[7] == '-' && isDigit(b[8]) && isDigit(b[9])
}

// datetimeKind classifies and validates a TOML 1.0 date-time.
func datetimeKind(s string) (Kind, string) {
	if len(s) >= 3 && s[2] == ':' {
		if msg := checkTime(s); msg != "" {
			return 0, msg
		}
		return LocalTime, ""
	}
	if len(s) < 10 || !isDate([]byte(s[:10])) {
		return 0, "a date is YYYY-MM-DD"
	}
	if _, err := time.Parse("2006-01-02", s[:10]); err != nil {
		return 0, "no such date"
	}
	if len(s) == 10 {
		return LocalDate, ""
	}
	if c := s[10]; c != 'T' && c != 't' && c != ' ' {
		return 0, "a date and a time are separated by T or a space"
	}
	t := s[11:]
	k := LocalDatetime
	switch {
	case strings.HasSuffix(t, "Z") || strings.HasSuffix(t, "z"):
		t, k = t[:len(t)-1], Datetime
	case len(t) > 6 && (t[len(t)-6] == '+' || t[len(t)-6] == '-'):
		off := t[len(t)-5:]
		if !(isDigit(off[0]) && isDigit(off[1]) && off[2] == ':' && isDigit(off[3]) && isDigit(off[4])) ||
			atoi2(off[0:2]) > 23 || atoi2(off[3:5]) > 59 {
			return 0, "a time offset is Z or ±HH:MM"
		}
		t, k = t[:len(t)-6], Datetime
	}
	if msg := checkTime(t); msg != "" {
		return 0, msg
	}
	return k, ""
}

func atoi2(s string) int { return int(s[0]-'0')*10 + int(s[1]-'0') }

// checkTime validates HH:MM:SS with optional fractional seconds. TOML 1.0
// requires the seconds (1.1 makes them optional).
func checkTime(s string) string {
	if len(s) < 8 || !(isDigit(s[0]) && isDigit(s[1]) && s[2] == ':' && isDigit(s[3]) && isDigit(s[4]) &&
		s[5] == ':' && isDigit(s[6]) && isDigit(s[7])) {
		return "a time is HH:MM:SS (TOML 1.0 requires the seconds)"
	}
	// TOML allows a leap second (:60) "based on leap second rules",
	// which needs a table of leap seconds; like BurntSushi (and Go's
	// time package, which cannot represent one) we refuse it. Found by
	// FuzzParse.
	if atoi2(s[0:2]) > 23 || atoi2(s[3:5]) > 59 || atoi2(s[6:8]) > 59 {
		return "no such time (seconds are 00-59: a leap second cannot be represented)"
	}
	if rest := s[8:]; rest != "" {
		if rest[0] != '.' || len(rest) == 1 {
			return "fractional seconds are .digits"
		}
		for i := 1; i < len(rest); i++ {
			if !isDigit(rest[i]) {
				return "fractional seconds are .digits"
			}
		}
	}
	return ""
}
