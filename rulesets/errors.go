package rulesets

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/dungraph/dungraph/internal/srcpos"
)

// Error is one problem with a ruleset, at a place in its file.
type Error struct {
	// File is the name the ruleset was loaded under.
	File string
	// Line and Col are 1-based; Col counts characters, not bytes. Both are
	// 0 when the problem has no place in the file: a value set by an
	// Override, or an unknown override key.
	Line, Col int
	// Path says where in the ruleset the problem is, in the ruleset's own
	// terms: "build.max_vertices", `rules[3] "loop": pattern vertex "b":
	// tags[0]`. Empty only for a file that is not TOML.
	Path string
	// Msg says what is wrong.
	Msg string
	// Override is the "key=value" override the problem comes from, if any.
	Override string
	// SourceLine is the text of line Line, for ErrorWithSource.
	SourceLine string
	// Err is the underlying error, if any: a *grammar.Problem for what the
	// rule engine rejected.
	Err error
}

// Error formats the problem as `file:line:col: path: msg`.
func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString(e.File)
	if e.Line > 0 {
		fmt.Fprintf(&b, ":%d:%d", e.Line, e.Col)
	}
	if b.Len() > 0 {
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
// caret under the column, the way `dungraph validate` prints it:
//
//	catacomb.toml:42:23: rules[3] "loop": pattern vertex "b": tags[0]: empty tag: ...
//	   42 |   { id = "b", tags = [""], at = [100, 0] },
//	      |                       ^
func (e *Error) ErrorWithSource() string {
	if e.Line <= 0 {
		return e.Error()
	}
	return e.Error() + "\n" + srcpos.Caret(e.Line, e.Col, e.SourceLine)
}

// ErrorList is every problem found in one ruleset, in file order. Loading
// functions return it as their error when anything is wrong.
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
// errors.Is sees through to the causes.
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

// source makes the Errors of one file.
type source struct {
	file string
	pos  *srcpos.Source
}

func newSource(file string, src []byte) *source {
	return &source{file: file, pos: srcpos.New(src)}
}

// errorAt makes an Error at byte offset off (no position if off < 0).
func (s *source) errorAt(off int, path, msg string) *Error {
	e := &Error{File: s.file, Path: path, Msg: msg}
	if off >= 0 {
		e.Line, e.Col, e.SourceLine = s.pos.Position(off)
	}
	return e
}

// sortErrors orders problems by position; problems without one (from
// overrides) come first, and ties keep the order they were found in.
func sortErrors(l ErrorList) {
	slices.SortStableFunc(l, func(a, b *Error) int {
		if c := cmp.Compare(a.Line, b.Line); c != 0 {
			return c
		}
		return cmp.Compare(a.Col, b.Col)
	})
}
