package levelfile

import (
	"errors"
	"fmt"
	"strconv"

	"github.com/dungraph/dungraph/internal/srcpos"
)

var (
	// ErrFormat is wrapped by ReadJSON's error when the input is not a
	// dungraph level: not a JSON object, or its "format" is not Format.
	ErrFormat = errors.New("not a dungraph level")
	// ErrVersion is wrapped by ReadJSON's error when the document's
	// "version" is not Version.
	ErrVersion = errors.New("unsupported level format version")
)

// Error is one problem with a document: Line and Col locate it in
// ReadJSON's input (both 0 for a problem found in a Document in memory),
// Path is where in the document it is, as a JSON path such as
// "vertices[3].tag" or "params.tags.a.color", and Err is ErrFormat or
// ErrVersion for those problems. Its message is "levelfile: line:col:
// path: msg".
type Error = srcpos.Error

// ErrorList is every problem found in one document, in document order.
type ErrorList = srcpos.ErrorList

// pkg starts every Error's message.
const pkg = "levelfile"

// maxErrors caps an ErrorList: past that, more of the same helps nobody.
const maxErrors = 50

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
	p.list = append(p.list, &Error{Pkg: pkg, Path: path, Msg: fmt.Sprintf(format, args...)})
}

func (p *problems) err() error {
	if p.more > 0 {
		p.list = append(p.list, &Error{Pkg: pkg, Msg: fmt.Sprintf("and %d more problems", p.more)})
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
