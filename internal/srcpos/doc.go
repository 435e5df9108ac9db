// Package srcpos turns byte offsets into the positions people read: a
// 1-based line and a 1-based column counted in characters, and the text of
// that line with a caret under the column.
//
// The ruleset loader (TOML) and the level reader (JSON) both find problems
// at byte offsets and report them as file:line:col; this package is the one
// place that conversion and the caret display are written. Error is the
// problem both report (rulesets.Error and levelfile.Error are this type),
// and ErrorList every problem of one input.
//
// # Where to start
//
// srcpos.go: Source and Position (offset to line, column and the line's
// text) and Caret (the line with a caret under the column, control
// characters escaped). error.go: Error, how a problem prints
// (Error, ErrorWithSource), and ErrorList.
package srcpos
