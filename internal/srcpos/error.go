package srcpos

import (
	"fmt"
	"strings"
)

// Error is one problem at a place in a text input: the file, the line and
// column, where in the input's own terms (Path) and what is wrong. It is
// the error of the ruleset loader (rulesets.Error) and of the level reader
// (levelfile.Error).
type Error struct {
	// Pkg, if set, starts the message: the package whose input has no
	// file name of its own ("levelfile: 3:5: seed: ...").
	Pkg string
	// File is the name the input was read under; "" for none.
	File string
	// Line and Col are 1-based, Col in characters, not bytes. Both are 0
	// when the problem has no place in the text: a value set by an
	// override, or a problem found in memory.
	Line, Col int
	// Path says where the problem is in the input's terms: a ruleset key
	// such as `rules[3] "loop": pattern vertex "b"` or a JSON path such as
	// "vertices[3].tag"; "" for the input as a whole.
	Path string
	// Msg says what is wrong.
	Msg string
	// Override is the "key=value" override the problem comes from, if any.
	Override string
	// SourceLine is the text of line Line, for ErrorWithSource.
	SourceLine string
	// Err is the underlying error, if any.
	Err error
}

// Error formats the problem as "pkg: file:line:col: path: msg", leaving
// out the parts that are not set.
func (e *Error) Error() string {
	var b strings.Builder
	if e.Pkg != "" {
		b.WriteString(e.Pkg)
		b.WriteString(": ")
	}
	start := b.Len()
	b.WriteString(e.File)
	if e.Line > 0 {
		if e.File == "" && e.Pkg != "" {
			fmt.Fprintf(&b, "%d:%d", e.Line, e.Col)
		} else {
			fmt.Fprintf(&b, ":%d:%d", e.Line, e.Col)
		}
	}
	if b.Len() > start {
		b.WriteString(": ")
	}
	if e.Path != "" {
		b.WriteString(e.Path)
		b.WriteString(": ")
	}
	b.WriteString(e.Msg)
	if e.Override != "" {
		fmt.Fprintf(&b, " (set by override %q)", e.Override)
	}
	return b.String()
}

// Unwrap returns the underlying error, if any.
func (e *Error) Unwrap() error { return e.Err }

// ErrorWithSource formats the problem followed by its source line and a
// caret under the column (Caret), when it has a line:
//
//	catacomb.toml:42:23: rules[3] "loop": pattern vertex "b": tags[0]: empty tag: ...
//	   42 |   { id = "b", tags = [""], at = [100, 0] },
//	      |                       ^
func (e *Error) ErrorWithSource() string {
	if e.Line <= 0 {
		return e.Error()
	}
	return e.Error() + "\n" + Caret(e.Line, e.Col, e.SourceLine)
}

// ErrorList is every problem found in one input, in input order.
type ErrorList []*Error

// Error joins the problems, one per line.
func (l ErrorList) Error() string {
	msgs := make([]string, len(l))
	for i, e := range l {
		msgs[i] = e.Error()
	}
	return strings.Join(msgs, "\n")
}

// Unwrap returns the problems, so that errors.As finds an *Error and
// errors.Is sees through to their causes.
func (l ErrorList) Unwrap() []error {
	out := make([]error, len(l))
	for i, e := range l {
		out[i] = e
	}
	return out
}

// Err returns l as an error, or nil if it is empty.
func (l ErrorList) Err() error {
	if len(l) == 0 {
		return nil
	}
	return l
}
