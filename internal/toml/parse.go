package toml

import (
	"context"
	"fmt"
	"unicode/utf8"
)

// Kind is the type of a TOML value.
type Kind uint8

// The kinds of value. Datetime and the local kinds keep their text in
// Node.Str: the ruleset schema has no date-time field, so they are only
// ever reported as the wrong type.
const (
	Table Kind = iota + 1
	Array
	String
	Integer
	Float
	Bool
	Datetime
	LocalDatetime
	LocalDate
	LocalTime
)

// String names the kind the way messages do: "expected a number, got a
// string".
func (k Kind) String() string {
	switch k {
	case Table:
		return "a table"
	case Array:
		return "an array"
	case String:
		return "a string"
	case Integer:
		return "an integer"
	case Float:
		return "a float"
	case Bool:
		return "a boolean"
	case Datetime:
		return "a date-time"
	case LocalDatetime:
		return "a local date-time"
	case LocalDate:
		return "a local date"
	case LocalTime:
		return "a local time"
	}
	return "nothing"
}

// tableDef says how a table came to exist, which decides what TOML 1.0
// still allows to be done to it.
type tableDef uint8

const (
	// defImplicit: created as the parent of a [header] table; a later
	// [header] may still define it.
	defImplicit tableDef = iota
	// defHeader: defined by a [header] (or the root).
	defHeader
	// defDotted: created by a dotted key; only more dotted keys of the same
	// section, and [headers] of sub-tables, may add to it.
	defDotted
	// defElement: an element of an array of tables.
	defElement
)

// Node is a value of a parsed TOML document with its place in the source.
type Node struct {
	Kind Kind
	// Pos is the byte offset where the value starts: the '[' of a header,
	// the '{' of an inline table, the key that created an implicit table.
	// -1 when the value has no place in the source (see NewTable).
	Pos int
	// Key is the byte offset of the key that names the value, or -1 (array
	// elements, the root, values made by NewTable).
	Key int

	Str   string // a string, or the text of a date-time
	Int   int64
	Float float64
	Bool  bool

	Keys []string // a table's keys, in the order they were defined
	Vals []*Node  // a table's values (parallel to Keys) or an array's elements

	index map[string]int // a table's keys → index into Keys
	def   tableDef
	// frozen: an inline table, or a value inside one; nothing may be added.
	frozen bool
	// aot: an array of tables, created by [[headers]].
	aot bool
}

func newTable(pos, key int, def tableDef) *Node {
	return &Node{Kind: Table, Pos: pos, Key: key, def: def, index: map[string]int{}}
}

// NewTable returns an empty table with no place in the source (Pos and Key
// -1), for a caller that adds values a document leaves out.
func NewTable() *Node { return newTable(-1, -1, defHeader) }

// Header reports whether n is a table that a [header] or [[header]] line
// of the document defines, or the root: the tables that take the keys
// written on the lines after it. Inline tables, tables made by dotted keys
// or as a header's parents, and tables made by NewTable are not.
func (n *Node) Header() bool {
	return n != nil && n.Kind == Table && (n.def == defHeader || n.def == defElement) && !n.frozen && n.Pos >= 0
}

// Get returns the value of key k of table n, or nil (also when n is nil
// or not a table).
func (n *Node) Get(k string) *Node {
	if n == nil || n.Kind != Table {
		return nil
	}
	if i, ok := n.index[k]; ok {
		return n.Vals[i]
	}
	return nil
}

// Elem returns element i of array n, or nil (also when n is nil or not
// an array).
func (n *Node) Elem(i int) *Node {
	if n == nil || n.Kind != Array || i < 0 || i >= len(n.Vals) {
		return nil
	}
	return n.Vals[i]
}

// Set sets key k of table n to v, keeping the place of a key n already
// has.
func (n *Node) Set(k string, v *Node) {
	if i, ok := n.index[k]; ok {
		n.Vals[i] = v
		return
	}
	n.index[k] = len(n.Keys)
	n.Keys = append(n.Keys, k)
	n.Vals = append(n.Vals, v)
}

// SyntaxError is the first thing wrong with a document that is not TOML
// 1.0.
type SyntaxError struct {
	// Offset is the byte offset the problem is at.
	Offset int
	// Msg says what is wrong.
	Msg string
	// Redefined is the key of a one-key header ([key] or [[key]]) that
	// clashes with an earlier definition of the key: a [table] repeated, or
	// [key] and [[key]] mixed. A caller that knows the key takes an array
	// of tables can then say to write [[key]].
	Redefined string
}

func (e *SyntaxError) Error() string { return e.Msg }

// maxDepth bounds the nesting of arrays and inline tables, so that a hostile
// document cannot exhaust the stack.
const maxDepth = 128

type parser struct {
	src  []byte
	i    int
	root *Node
	cur  *Node // the table key/value pairs go to
	// ctx, if not nil, is looked at every pollValues values; done holds
	// its error once it is done, and the parse unwinds.
	ctx    context.Context
	values int
	done   error
}

// pollValues: a value takes about 50 ns to parse, so a parse looks at its
// context about every 0.2 ms.
const pollValues = 4096

// Parse parses a TOML 1.0.0 document into its root table. A leading UTF-8
// byte order mark is skipped (offsets still count it). The error, if any,
// is a *SyntaxError.
func Parse(src []byte) (*Node, error) { return ParseContext(nil, src) }

// ParseContext is Parse that stops once ctx (nil: never) is done and
// returns its error.
func ParseContext(ctx context.Context, src []byte) (*Node, error) {
	if off, ok := firstInvalidUTF8(src); !ok {
		return nil, &SyntaxError{Offset: off, Msg: notUTF8(src, off)}
	}
	p := &parser{src: src, root: newTable(0, -1, defHeader), ctx: ctx}
	p.cur = p.root
	if len(src) >= 3 && src[0] == 0xEF && src[1] == 0xBB && src[2] == 0xBF {
		p.i = 3
	}
	if err := p.document(); err != nil {
		if p.done != nil {
			return nil, p.done
		}
		return nil, err
	}
	return p.root, nil
}

// ParseKey parses s as a whole, possibly dotted, key ("build.max_vertices",
// `tags."a b".color`) and returns its parts.
func ParseKey(s string) ([]string, error) {
	p := &parser{src: []byte(s)}
	parts, err := p.key()
	if err != nil {
		return nil, err
	}
	if !p.eof() {
		return nil, p.errf(p.i, "expected the end of the key, found %s", p.describe())
	}
	names := make([]string, len(parts))
	for i, kp := range parts {
		names[i] = kp.name
	}
	return names, nil
}

// ParseValue parses s as a whole as one TOML value ("60", "true",
// `"a \"b\""`, "[1, 2]"). Positions in the result are offsets into s.
func ParseValue(s string) (*Node, error) {
	p := &parser{src: []byte(s)}
	n, err := p.value(0)
	if err != nil {
		return nil, err
	}
	if !p.eof() {
		return nil, p.errf(p.i, "expected the end of the value, found %s", p.describe())
	}
	return n, nil
}

// IsBareKey reports whether k can be written without quotes.
func IsBareKey(k string) bool {
	if k == "" {
		return false
	}
	for i := 0; i < len(k); i++ {
		if !isBareKeyChar(k[i]) {
			return false
		}
	}
	return true
}

func firstInvalidUTF8(b []byte) (int, bool) {
	for i := 0; i < len(b); {
		if b[i] < utf8.RuneSelf {
			i++
			continue
		}
		r, n := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && n <= 1 {
			return i, false
		}
		i += n
	}
	return 0, true
}

// notUTF8 says what is wrong with a file whose byte off is not UTF-8,
// and what to do: editors that save UTF-16 (Windows Notepad's "Unicode")
// or a legacy code page (Latin-1) all offer UTF-8.
func notUTF8(src []byte, off int) string {
	if len(src) >= 2 && (src[0] == 0xFF && src[1] == 0xFE || src[0] == 0xFE && src[1] == 0xFF) {
		return "the file is UTF-16 (it starts with a UTF-16 byte order mark): save it as UTF-8"
	}
	return fmt.Sprintf("the file is not valid UTF-8 (byte 0x%02X here; a legacy encoding such as Latin-1?): save it as UTF-8", src[off])
}

func (p *parser) errf(off int, format string, args ...any) *SyntaxError {
	return &SyntaxError{Offset: off, Msg: fmt.Sprintf(format, args...)}
}

func (p *parser) eof() bool { return p.i >= len(p.src) }

func (p *parser) peek() byte {
	if p.i < len(p.src) {
		return p.src[p.i]
	}
	return 0
}

func (p *parser) skipWS() {
	for p.i < len(p.src) && (p.src[p.i] == ' ' || p.src[p.i] == '\t') {
		p.i++
	}
}

// newline consumes LF or CRLF and reports whether there was one.
func (p *parser) newline() (bool, *SyntaxError) {
	switch p.peek() {
	case '\n':
		p.i++
		return true, nil
	case '\r':
		if p.i+1 < len(p.src) && p.src[p.i+1] == '\n' {
			p.i += 2
			return true, nil
		}
		return false, p.errf(p.i, "a carriage return must be followed by a line feed")
	}
	return false, nil
}

// comment consumes a comment, if there is one, up to the end of the line.
func (p *parser) comment() *SyntaxError {
	if p.peek() != '#' {
		return nil
	}
	for p.i++; p.i < len(p.src); p.i++ {
		c := p.src[p.i]
		if c == '\n' || c == '\r' && p.i+1 < len(p.src) && p.src[p.i+1] == '\n' {
			return nil
		}
		if isControl(c) {
			return p.errf(p.i, "control character %s in a comment", quoteByte(c))
		}
	}
	return nil
}

// isControl reports whether c is a control character TOML forbids in
// comments and strings (tab is allowed).
func isControl(c byte) bool { return c < 0x20 && c != '\t' || c == 0x7F }

func quoteByte(c byte) string { return fmt.Sprintf("U+%04X", c) }

// endOfLine requires the rest of the line to be blank or a comment.
func (p *parser) endOfLine() *SyntaxError {
	p.skipWS()
	if err := p.comment(); err != nil {
		return err
	}
	if p.eof() {
		return nil
	}
	ok, err := p.newline()
	if err != nil {
		return err
	}
	if !ok {
		return p.errf(p.i, "expected the end of the line, found %s", p.describe())
	}
	return nil
}

// describe names what is at the cursor, for messages.
func (p *parser) describe() string {
	if p.eof() {
		return "the end of the file"
	}
	r, _ := utf8.DecodeRune(p.src[p.i:])
	switch r {
	case '\n', '\r':
		return "the end of the line"
	}
	if r < 0x20 || r == 0x7F {
		return fmt.Sprintf("control character U+%04X", r)
	}
	return fmt.Sprintf("%q", r)
}

func (p *parser) document() *SyntaxError {
	for {
		p.skipWS()
		if p.eof() {
			return nil
		}
		switch c := p.peek(); {
		case c == '#':
			if err := p.endOfLine(); err != nil {
				return err
			}
		case c == '\n' || c == '\r':
			if _, err := p.newline(); err != nil {
				return err
			}
		case c == '[':
			if err := p.header(); err != nil {
				return err
			}
			if err := p.endOfLine(); err != nil {
				return err
			}
		default:
			if err := p.keyval(p.cur, 0); err != nil {
				return err
			}
			if err := p.endOfLine(); err != nil {
				return err
			}
		}
	}
}

// keyPart is one part of a dotted key and where it is.
type keyPart struct {
	name string
	off  int
}

// key parses a possibly dotted key.
func (p *parser) key() ([]keyPart, *SyntaxError) {
	var parts []keyPart
	for {
		off := p.i
		name, err := p.simpleKey()
		if err != nil {
			return nil, err
		}
		parts = append(parts, keyPart{name, off})
		save := p.i
		p.skipWS()
		if p.peek() != '.' {
			p.i = save
			return parts, nil
		}
		p.i++
		p.skipWS()
	}
}

func isBareKeyChar(c byte) bool {
	return c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_' || c == '-'
}

func (p *parser) simpleKey() (string, *SyntaxError) {
	switch c := p.peek(); {
	case c == '"':
		if p.hasPrefix(`"""`) {
			return "", p.errf(p.i, "a key cannot be a multi-line string")
		}
		return p.basicString()
	case c == '\'':
		if p.hasPrefix(`'''`) {
			return "", p.errf(p.i, "a key cannot be a multi-line string")
		}
		return p.literalString()
	case isBareKeyChar(c):
		start := p.i
		for p.i < len(p.src) && isBareKeyChar(p.src[p.i]) {
			p.i++
		}
		return string(p.src[start:p.i]), nil
	}
	return "", p.errf(p.i, "expected a key, found %s", p.describe())
}

func (p *parser) hasPrefix(s string) bool {
	return len(p.src)-p.i >= len(s) && string(p.src[p.i:p.i+len(s)]) == s
}

// keyval parses `key = value` and stores it in table t.
func (p *parser) keyval(t *Node, depth int) *SyntaxError {
	parts, err := p.key()
	if err != nil {
		return err
	}
	p.skipWS()
	if p.peek() != '=' {
		return p.errf(p.i, "expected '=' after the key %q, found %s", parts[len(parts)-1].name, p.describe())
	}
	p.i++
	p.skipWS()
	v, err := p.value(depth)
	if err != nil {
		return err
	}
	last := parts[len(parts)-1]
	v.Key = last.off
	for _, kp := range parts[:len(parts)-1] {
		child := t.Get(kp.name)
		switch {
		case child == nil:
			child = newTable(kp.off, kp.off, defDotted)
			t.Set(kp.name, child)
		case child.Kind != Table:
			return p.errf(kp.off, "key %q already has a value (%s), so it cannot hold a sub-key", kp.name, child.Kind)
		case child.frozen:
			return p.errf(kp.off, "%q is an inline table: it cannot be extended", kp.name)
		case child.def != defDotted:
			return p.errf(kp.off, "table %q belongs to a [header] section: add keys to it under its own header", kp.name)
		}
		t = child
	}
	if t.Get(last.name) != nil {
		return p.errf(last.off, "duplicate key %q", last.name)
	}
	t.Set(last.name, v)
	return nil
}

// header parses a [table] or [[array of tables]] header and makes it the
// current table.
func (p *parser) header() *SyntaxError {
	start := p.i
	aot := p.hasPrefix("[[")
	if aot {
		p.i += 2
	} else {
		p.i++
	}
	p.skipWS()
	parts, err := p.key()
	if err != nil {
		return err
	}
	p.skipWS()
	if aot {
		if !p.hasPrefix("]]") {
			return p.errf(p.i, "expected ']]' to close the array of tables header, found %s", p.describe())
		}
		p.i += 2
	} else {
		if p.peek() != ']' {
			return p.errf(p.i, "expected ']' to close the table header, found %s", p.describe())
		}
		p.i++
	}
	t := p.root
	for _, kp := range parts[:len(parts)-1] {
		child := t.Get(kp.name)
		switch {
		case child == nil:
			child = newTable(kp.off, kp.off, defImplicit)
			t.Set(kp.name, child)
		case child.Kind == Array && child.aot:
			child = child.Vals[len(child.Vals)-1]
		case child.Kind != Table:
			return p.errf(kp.off, "key %q already has a value (%s), so it cannot hold a table", kp.name, child.Kind)
		case child.frozen:
			return p.errf(kp.off, "%q is an inline table: it cannot be extended", kp.name)
		}
		t = child
	}
	last := parts[len(parts)-1]
	child := t.Get(last.name)
	if aot {
		switch {
		case child == nil:
			child = &Node{Kind: Array, Pos: start, Key: last.off, aot: true}
			t.Set(last.name, child)
		case child.Kind != Array || !child.aot:
			err := p.errf(last.off, "key %q is already defined as %s, not an array of tables", last.name, child.Kind)
			if child.Kind != Table {
				return err // a value (key = [...]): [[key]] is not the fix
			}
			return redefined(parts, err)
		}
		elem := newTable(start, last.off, defElement)
		child.Vals = append(child.Vals, elem)
		p.cur = elem
		return nil
	}
	switch {
	case child == nil:
		child = newTable(start, last.off, defHeader)
		t.Set(last.name, child)
	case child.Kind != Table:
		err := p.errf(last.off, "key %q is already defined as %s, not a table", last.name, child.Kind)
		if child.Kind != Array || !child.aot {
			return err // a value (key = ...): [[key]] is not the fix
		}
		return redefined(parts, err)
	case child.frozen:
		return p.errf(last.off, "%q is an inline table: it cannot be extended", last.name)
	case child.def != defImplicit:
		return redefined(parts, p.errf(last.off, "table %q is already defined", last.name))
	default:
		child.def, child.Pos, child.Key = defHeader, start, last.off
	}
	p.cur = child
	return nil
}

// redefined sets e.Redefined when the header that e rejects is one key.
func redefined(parts []keyPart, e *SyntaxError) *SyntaxError {
	if len(parts) == 1 {
		e.Redefined = parts[0].name
	}
	return e
}

// value parses a value at the cursor.
func (p *parser) value(depth int) (*Node, *SyntaxError) {
	if p.ctx != nil {
		if p.values++; p.values%pollValues == 0 {
			if p.done = p.ctx.Err(); p.done != nil {
				return nil, p.errf(p.i, "%v", p.done)
			}
		}
	}
	if depth > maxDepth {
		return nil, p.errf(p.i, "arrays and inline tables are nested more than %d deep", maxDepth)
	}
	start := p.i
	switch c := p.peek(); {
	case c == '"':
		var s string
		var err *SyntaxError
		if p.hasPrefix(`"""`) {
			s, err = p.multilineBasicString()
		} else {
			s, err = p.basicString()
		}
		if err != nil {
			return nil, err
		}
		return &Node{Kind: String, Pos: start, Key: -1, Str: s}, nil
	case c == '\'':
		var s string
		var err *SyntaxError
		if p.hasPrefix(`'''`) {
			s, err = p.multilineLiteralString()
		} else {
			s, err = p.literalString()
		}
		if err != nil {
			return nil, err
		}
		return &Node{Kind: String, Pos: start, Key: -1, Str: s}, nil
	case c == '[':
		return p.array(depth)
	case c == '{':
		return p.inlineTable(depth)
	case c == 't' || c == 'f':
		for _, kw := range []string{"true", "false"} {
			if p.hasPrefix(kw) {
				p.i += len(kw)
				return &Node{Kind: Bool, Pos: start, Key: -1, Bool: kw == "true"}, nil
			}
		}
	case c == '+' || c == '-' || c == 'i' || c == 'n' || c >= '0' && c <= '9':
		return p.scalar()
	}
	if p.eof() || p.peek() == '\n' || p.peek() == '\r' || p.peek() == '#' {
		return nil, p.errf(p.i, "expected a value, found %s", p.describe())
	}
	return nil, p.errf(p.i, "expected a value, found %s (strings need quotes)", p.describe())
}

// skipArrayFill skips whitespace, comments and newlines inside an array.
func (p *parser) skipArrayFill() *SyntaxError {
	for {
		p.skipWS()
		if err := p.comment(); err != nil {
			return err
		}
		ok, err := p.newline()
		if err != nil {
			return err
		}
		if !ok {
			return nil
		}
	}
}

func (p *parser) array(depth int) (*Node, *SyntaxError) {
	a := &Node{Kind: Array, Pos: p.i, Key: -1}
	p.i++
	for {
		if err := p.skipArrayFill(); err != nil {
			return nil, err
		}
		if p.peek() == ']' {
			p.i++
			return a, nil
		}
		v, err := p.value(depth + 1)
		if err != nil {
			return nil, err
		}
		a.Vals = append(a.Vals, v)
		if err := p.skipArrayFill(); err != nil {
			return nil, err
		}
		switch p.peek() {
		case ',':
			p.i++
		case ']':
			p.i++
			return a, nil
		default:
			return nil, p.errf(p.i, "expected ',' or ']' in the array, found %s", p.describe())
		}
	}
}

// inlineTable parses { k = v, ... }. TOML 1.0 keeps an inline table on one
// line (values such as arrays may still span lines) and allows no trailing
// comma; both are TOML 1.1 additions, which this parser rejects so that
// rulesets stay readable by TOML 1.0 tools.
func (p *parser) inlineTable(depth int) (*Node, *SyntaxError) {
	t := newTable(p.i, -1, defHeader)
	p.i++
	p.skipWS()
	if p.peek() == '}' {
		p.i++
		freeze(t)
		return t, nil
	}
	comma := -1
	for {
		if err := p.inlineFill(); err != nil {
			return nil, err
		}
		if p.peek() == '}' {
			return nil, p.errf(comma, "trailing comma in an inline table (allowed from TOML 1.1 only; rulesets are TOML 1.0)")
		}
		if err := p.keyval(t, depth+1); err != nil {
			return nil, err
		}
		if err := p.inlineFill(); err != nil {
			return nil, err
		}
		switch p.peek() {
		case ',':
			comma = p.i
			p.i++
			p.skipWS()
		case '}':
			p.i++
			freeze(t)
			return t, nil
		default:
			return nil, p.errf(p.i, "expected ',' or '}' in the inline table, found %s", p.describe())
		}
	}
}

// inlineFill skips blanks inside an inline table and rejects what TOML 1.1
// would allow there: newlines and comments.
func (p *parser) inlineFill() *SyntaxError {
	p.skipWS()
	switch p.peek() {
	case '\n', '\r':
		return p.errf(p.i, "newline in an inline table: TOML 1.0 keeps an inline table { ... } on one line (write the keys on one line, or use an array of inline tables, one per line)")
	case '#':
		return p.errf(p.i, "comment in an inline table: TOML 1.0 keeps an inline table { ... } on one line")
	}
	return nil
}

func freeze(n *Node) {
	n.frozen = true
	for _, v := range n.Vals {
		if v.Kind == Table || v.Kind == Array {
			freeze(v)
		}
	}
}
