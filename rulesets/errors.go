package rulesets

import (
	"cmp"
	"slices"

	"github.com/dungraph/dungraph/internal/srcpos"
)

// Error is one problem in a ruleset: the file, line and column, the key
// (Path, in the ruleset's own terms, such as `rules[3] "loop": pattern
// vertex "b": tags[0]`), the override it comes from if any, and for what
// the rule engine rejected the *grammar.Problem as Err. Its message is
// `file:line:col: path: msg`; ErrorWithSource adds the line and a caret.
type Error = srcpos.Error

// ErrorList is every problem found in one ruleset, in file order. Loading
// functions return it as their error when anything is wrong.
type ErrorList = srcpos.ErrorList

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
