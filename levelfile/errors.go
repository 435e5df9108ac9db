package levelfile

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

var (
	// ErrFormat is wrapped by ReadJSON's error when the input is not a
	// dungraph level: not a JSON object, or its "format" is not Format.
	ErrFormat = errors.New("not a dungraph level")
	// ErrVersion is wrapped by ReadJSON's error when the document's
	// "version" is not Version.
	ErrVersion = errors.New("unsupported level format version")
)

// Error is one problem with a document.
type Error struct {
	// Line and Col locate the problem in ReadJSON's input, both 1-based,
	// Col in characters. Both are 0 for a problem found in a Document in
	// memory.
	Line, Col int
	// Path is where in the document the problem is, as a JSON path such as
	// "vertices[3].tag" or "params.tags.a.color"; "" for the document as a
	// whole.
	Path string
	// Msg says what is wrong.
	Msg string
	// Err is ErrFormat or ErrVersion for those problems, else nil.
	Err error
}

// Error formats the problem as "levelfile: line:col: path: msg".
func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString("levelfile: ")
	if e.Line > 0 {
		fmt.Fprintf(&b, "%d:%d: ", e.Line, e.Col)
	}
	if e.Path != "" {
		b.WriteString(e.Path)
		b.WriteString(": ")
	}
	b.WriteString(e.Msg)
	return b.String()
}

// Unwrap returns Err.
func (e *Error) Unwrap() error { return e.Err }

// ErrorList is every problem found in one document, in document order.
type ErrorList []*Error

// maxErrors caps an ErrorList: past that, more of the same helps nobody.
const maxErrors = 50

// Err returns l as an error, or nil if it is empty.
func (l ErrorList) Err() error {
	if len(l) == 0 {
		return nil
	}
	return l
}

// Error joins the problems, one per line.
func (l ErrorList) Error() string {
	parts := make([]string, len(l))
	for i, e := range l {
		parts[i] = e.Error()
	}
	return strings.Join(parts, "\n")
}

// Unwrap returns the problems, so that errors.As finds an *Error and
// errors.Is finds ErrVersion.
func (l ErrorList) Unwrap() []error {
	out := make([]error, len(l))
	for i, e := range l {
		out[i] = e
	}
	return out
}

// problems collects an ErrorList up to maxErrors.
type problems struct {
	list ErrorList
	more int
}

func (p *problems) add(path, format string, args ...any) {
	if len(p.list) >= maxErrors {
		p.more++
		return
	}
	p.list = append(p.list, &Error{Path: path, Msg: fmt.Sprintf(format, args...)})
}

func (p *problems) err() error {
	if p.more > 0 {
		p.list = append(p.list, &Error{Msg: fmt.Sprintf("and %d more problems", p.more)})
	}
	return p.list.Err()
}

// member and index build JSON paths.
func member(path, key string) string {
	if !isIdent(key) {
		key = strconv.Quote(key)
		return path + "[" + key + "]"
	}
	if path == "" {
		return key
	}
	return path + "." + key
}

func index(path string, i int) string { return path + "[" + strconv.Itoa(i) + "]" }

// isIdent reports whether key can follow a dot in a path: letters, digits
// and '_' (every key of the format, and every valid tag name).
func isIdent(key string) bool {
	if key == "" {
		return false
	}
	for i := 0; i < len(key); i++ {
		if c := key[i]; !(c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9') {
			return false
		}
	}
	return true
}
