package levelfile

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/dungraph/dungraph/internal/srcpos"
)

// ReadJSON reads a document in the level format. It is strict, because a
// level file that says something other than what it means should fail
// loudly: the input must be one JSON object with "format" "dungraph.level"
// and "version" Version (any other version is an error wrapping ErrVersion),
// every key of the format must be present and no other, with the right
// type and in its range, and the document must pass Validate. On failure
// the error is an ErrorList of every problem with its line, column and
// path; a wrong format or version is reported alone, since nothing else
// can be judged then.
// A document larger than MaxFileSize is refused after its first
// MaxFileSize+1 bytes, without reading the rest.
func ReadJSON(r io.Reader) (*Document, error) {
	return ReadJSONContext(context.Background(), r)
}

// readChunk is how much ReadJSONContext reads between two looks at its
// context.
const readChunk = 1 << 20

// ReadJSONContext is ReadJSON stopped by ctx: it looks at ctx between
// chunks of a MiB read and before parsing, and returns ctx's error,
// wrapped, once ctx is done. A read that blocks is not interrupted.
func ReadJSONContext(ctx context.Context, r io.Reader) (*Document, error) {
	lr := io.LimitReader(r, MaxFileSize+1)
	var buf bytes.Buffer
	for {
		if err := ctx.Err(); err != nil {
			return nil, fmt.Errorf("levelfile: reading stopped: %w", err)
		}
		n, err := buf.ReadFrom(io.LimitReader(lr, readChunk))
		if err != nil {
			return nil, fmt.Errorf("levelfile: reading JSON: %w", err)
		}
		if n == 0 {
			break
		}
	}
	data := buf.Bytes()
	if len(data) > MaxFileSize {
		return nil, fmt.Errorf("levelfile: the level file is larger than %d MiB, the most a level file may be (a level of 5,000 rooms is about 7 MB); it is not a level dungraph wrote: %w", MaxFileSize>>20, ErrTooLarge)
	}
	return parseDocument(data)
}

// MaxFileSize is the largest level file ReadJSON reads, in bytes. Reading
// takes about 20 times a file's size in memory, so the cap keeps a level
// under 700 MB; levels of the largest size dungraph serve allows (5,000
// rooms) are about 7 MB.
const MaxFileSize = 32 << 20

// ErrTooLarge is wrapped by ReadJSON's error for a file over MaxFileSize.
var ErrTooLarge = errors.New("level file too large")

func parseDocument(data []byte) (*Document, error) {
	w := &walker{data: data, pos: map[string]int{}, structs: map[reflect.Type]*structInfo{}}
	if len(bytes.TrimSpace(data)) == 0 {
		return nil, ErrorList{{Pkg: pkg, Line: 1, Col: 1, Msg: "empty input: " + ErrFormat.Error(), Err: ErrFormat}}
	}
	// Syntax first, with encoding/json's own check; the walk then reads
	// valid JSON only.
	if err := json.Unmarshal(data, new(json.RawMessage)); err != nil {
		return nil, w.fatal(err)
	}
	if err := w.document(); err != nil {
		return nil, w.fatal(err)
	}
	if err := w.header(); err != nil {
		return nil, err
	}
	if err := w.p.err(); err != nil {
		return nil, w.sorted(err)
	}
	d := new(Document)
	if err := json.Unmarshal(data, d); err != nil {
		// The walk accepts only what decodes; this is a bug, not bad input.
		return nil, fmt.Errorf("levelfile: internal error: %w", err)
	}
	if err := d.Validate(); err != nil {
		var l ErrorList
		if errors.As(err, &l) {
			for _, e := range l {
				if off, ok := w.pos[e.Path]; ok {
					e.Line, e.Col = w.lineCol(off)
				}
			}
		}
		return nil, w.sorted(err)
	}
	return d, nil
}

// A walker checks a JSON document against the Document type token by
// token, so that every problem has a position: encoding/json would report
// the first one only, often without a place, and would accept keys in the
// wrong case. It reads JSON that encoding/json has found valid.
type walker struct {
	data    []byte
	off     int // the offset of the next token
	p       problems
	pos     map[string]int // path → offset of its value
	lines   *srcpos.Source // made when the first position is needed
	structs map[reflect.Type]*structInfo
}

type structInfo struct {
	names []string
	index map[string]int
	// optional marks the keys written only when they have a value
	// (omitempty): a document may leave them out.
	optional []bool
}

func (w *walker) info(t reflect.Type) *structInfo {
	if si, ok := w.structs[t]; ok {
		return si
	}
	si := &structInfo{index: map[string]int{}}
	for i := range t.NumField() {
		name, opts, _ := strings.Cut(t.Field(i).Tag.Get("json"), ",")
		si.names = append(si.names, name)
		si.index[name] = i
		si.optional = append(si.optional, opts == "omitempty")
	}
	w.structs[t] = si
	return si
}

// syntaxError is a problem that stops the walk.
type syntaxError struct {
	off int
	msg string
	err error
}

func (e *syntaxError) Error() string { return e.msg }

// fatal turns an error that stopped the walk into the ErrorList ReadJSON
// returns.
func (w *walker) fatal(err error) error {
	var se *syntaxError
	var js *json.SyntaxError
	off, msg, wrapped := len(w.data), err.Error(), error(nil)
	switch {
	case errors.As(err, &se):
		off, msg, wrapped = se.off, se.msg, se.err
	case errors.As(err, &js) && int(js.Offset) >= len(w.data):
		msg = "unexpected end of input: the file is truncated"
	case errors.As(err, &js):
		// The offset is past the offending byte.
		off, msg = max(int(js.Offset)-1, 0), "JSON syntax: "+js.Error()
	case errors.Is(err, io.ErrUnexpectedEOF), errors.Is(err, io.EOF):
		msg = "unexpected end of input: the file is truncated"
	}
	e := &Error{Pkg: pkg, Msg: msg, Err: wrapped}
	e.Line, e.Col = w.lineCol(off)
	return ErrorList{e}
}

// header checks format and version. They decide how to read everything
// else, so a problem with them is reported alone.
func (w *walker) header() error {
	var top map[string]json.RawMessage
	if err := json.Unmarshal(w.data, &top); err != nil {
		return w.fatal(err)
	}
	at := func(path, msg string, err error) error {
		e := &Error{Pkg: pkg, Path: path, Msg: msg, Err: err}
		if off, ok := w.pos[path]; ok {
			e.Line, e.Col = w.lineCol(off)
		}
		return ErrorList{e}
	}
	raw, ok := top["format"]
	if !ok {
		return at("", `no "format" key: want "format": "dungraph.level"`, ErrFormat)
	}
	var f string
	if json.Unmarshal(raw, &f) != nil || f != Format {
		return at("format", fmt.Sprintf("is %s, want %q", raw, Format), ErrFormat)
	}
	raw, ok = top["version"]
	if !ok {
		return at("", fmt.Sprintf(`no "version" key: want "version": %d`, Version), ErrVersion)
	}
	if string(raw) != strconv.Itoa(Version) {
		return at("version", fmt.Sprintf("level format version %s is not supported: this dungraph reads version %d only", raw, Version), ErrVersion)
	}
	return nil
}

// sorted orders an ErrorList by position.
func (w *walker) sorted(err error) error {
	var l ErrorList
	if !errors.As(err, &l) {
		return err
	}
	slices.SortStableFunc(l, func(a, b *Error) int {
		if a.Line != b.Line {
			return a.Line - b.Line
		}
		return a.Col - b.Col
	})
	return l
}

// lineCol converts a byte offset into a 1-based line and column, the
// column in characters.
func (w *walker) lineCol(off int) (int, int) {
	if w.lines == nil {
		w.lines = srcpos.New(w.data)
	}
	line, col, _ := w.lines.Position(off)
	return line, col
}

func (w *walker) add(off int, path, format string, args ...any) {
	before := len(w.p.list)
	w.p.add(path, format, args...)
	if len(w.p.list) > before {
		e := w.p.list[len(w.p.list)-1]
		e.Line, e.Col = w.lineCol(off)
	}
}

// A token of valid JSON: kind is one of {}[] for delimiters, '"' for a
// string, '0' for a number, 't', 'f' and 'n' for true, false and null.
type token struct {
	kind byte
	off  int
	raw  []byte
}

// next returns the next token, skipping the separators: in valid JSON the
// brackets alone give the structure.
func (w *walker) next() token {
	w.skipSpace()
	if w.off >= len(w.data) {
		return token{off: w.off}
	}
	t := token{kind: w.data[w.off], off: w.off}
	end := w.off + 1
	switch t.kind {
	case '{', '}', '[', ']':
	case '"':
		for end < len(w.data) && w.data[end] != '"' {
			if w.data[end] == '\\' {
				end++
			}
			end++
		}
		end++
	default:
		if t.kind == '-' || t.kind >= '0' && t.kind <= '9' {
			t.kind = '0'
		}
		for end < len(w.data) && !strings.ContainsRune(" \t\n\r,:]}", rune(w.data[end])) {
			end++
		}
	}
	end = min(end, len(w.data))
	t.raw, w.off = w.data[w.off:end], end
	return t
}

func (w *walker) skipSpace() {
	for w.off < len(w.data) {
		switch w.data[w.off] {
		case ' ', '\t', '\n', '\r', ',', ':':
			w.off++
		default:
			return
		}
	}
}

// more reports whether the current object or array has another member.
func (w *walker) more() bool {
	w.skipSpace()
	return w.off < len(w.data) && w.data[w.off] != '}' && w.data[w.off] != ']'
}

// str decodes a string token.
func (t token) str() string {
	inner := t.raw[1 : len(t.raw)-1]
	if bytes.IndexByte(inner, '\\') < 0 && utf8.Valid(inner) {
		return string(inner)
	}
	var s string
	if err := json.Unmarshal(t.raw, &s); err != nil {
		return string(inner) // cannot happen: the input is valid
	}
	return s
}

func (w *walker) document() error {
	tok := w.next()
	if tok.kind != '{' {
		return &syntaxError{off: tok.off, msg: fmt.Sprintf("%s: the input is %s, not a JSON object", ErrFormat, describe(tok)), err: ErrFormat}
	}
	w.pos[""] = tok.off
	return w.object(reflect.TypeFor[Document](), "", tok.off)
}

// value checks the next value against t.
func (w *walker) value(t reflect.Type, path string) error {
	tok := w.next()
	w.pos[path] = tok.off
	return w.typed(t, tok, path)
}

func (w *walker) typed(t reflect.Type, tok token, path string) error {
	if t.Kind() == reflect.Pointer {
		if tok.kind == 'n' {
			return nil
		}
		t = t.Elem()
	}
	wrong := func(want string) error {
		w.add(tok.off, path, "want %s, found %s", want, describe(tok))
		w.skip(tok)
		return nil
	}
	switch t.Kind() {
	case reflect.Struct:
		if tok.kind != '{' {
			return wrong("an object")
		}
		return w.object(t, path, tok.off)
	case reflect.Map:
		if tok.kind != '{' {
			return wrong("an object")
		}
		seen := map[string]bool{}
		for w.more() {
			kt := w.next()
			k := kt.str()
			kp := member(path, k)
			if seen[k] {
				w.add(kt.off, kp, "duplicate key %q", k)
			}
			seen[k] = true
			if err := w.value(t.Elem(), kp); err != nil {
				return err
			}
		}
		w.next()
	case reflect.Slice:
		if tok.kind != '[' {
			return wrong("an array")
		}
		for i := 0; w.more(); i++ {
			if err := w.value(t.Elem(), index(path, i)); err != nil {
				return err
			}
		}
		w.next()
	case reflect.String:
		if tok.kind != '"' {
			return wrong("a string")
		}
	case reflect.Bool:
		if tok.kind != 't' && tok.kind != 'f' {
			return wrong("true or false")
		}
	case reflect.Int, reflect.Uint64, reflect.Float64:
		if tok.kind != '0' {
			return wrong("a number")
		}
		n := string(tok.raw)
		switch t.Kind() {
		case reflect.Int:
			if _, err := strconv.ParseInt(n, 10, strconv.IntSize); err != nil {
				w.add(tok.off, path, "%s is not an integer in range", n)
			}
		case reflect.Uint64:
			if _, err := strconv.ParseUint(n, 10, 64); err != nil {
				w.add(tok.off, path, "%s is not an integer from 0 to %d", n, uint64(1<<64-1))
			}
		default:
			if _, err := strconv.ParseFloat(n, 64); err != nil {
				w.add(tok.off, path, "%s is out of the range of a float64", n)
			}
		}
	default:
		// Document holds no other kinds; a new one needs a case above.
		return &syntaxError{off: tok.off, msg: fmt.Sprintf("internal error: %s has unsupported type %s", path, t)}
	}
	return nil
}

// object checks the members of an object against struct type t, whose
// opening brace at off has been read: every key must be one of t's,
// exactly, and present once (an omitempty field at most once).
func (w *walker) object(t reflect.Type, path string, off int) error {
	si := w.info(t)
	seen := make([]bool, len(si.names))
	for w.more() {
		kt := w.next()
		k := kt.str()
		kp := member(path, k)
		i, known := si.index[k]
		switch {
		case !known:
			w.add(kt.off, kp, "unknown key %q; %s", k, keysOf(path, si.names))
		case seen[i]:
			w.add(kt.off, kp, "duplicate key %q", k)
		}
		if !known || seen[i] {
			w.skip(w.next())
			continue
		}
		seen[i] = true
		if err := w.value(t.Field(i).Type, kp); err != nil {
			return err
		}
	}
	w.next()
	for i, ok := range seen {
		if !ok && !si.optional[i] {
			w.add(off, path, "missing key %q", si.names[i])
		}
	}
	return nil
}

func keysOf(path string, names []string) string {
	where := path
	if where == "" {
		where = "the document"
	}
	return fmt.Sprintf("the keys of %s are %s", where, strings.Join(names, ", "))
}

// skip consumes the rest of the value that starts with tok.
func (w *walker) skip(tok token) {
	if tok.kind != '{' && tok.kind != '[' {
		return
	}
	for depth := 1; depth > 0 && w.off < len(w.data); {
		switch w.next().kind {
		case '{', '[':
			depth++
		case '}', ']':
			depth--
		}
	}
}

func describe(tok token) string {
	switch tok.kind {
	case 'n':
		return "null"
	case 't', 'f':
		return string(tok.raw)
	case '0':
		return "the number " + string(tok.raw)
	case '"':
		s := tok.str()
		if utf8.RuneCountInString(s) > 40 {
			s = string([]rune(s)[:40]) + "..."
		}
		return "the string " + strconv.Quote(s)
	case '{':
		return "an object"
	case '[':
		return "an array"
	}
	return "nothing"
}
