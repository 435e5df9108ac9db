// Package toml parses TOML 1.0.0 into a tree that keeps the byte offset of
// every key and value, so that a problem found long after parsing (a type
// mismatch, a rule the grammar rejects) can still point at the line that
// caused it.
//
// Parse returns the root table; a Node is a table (Keys and Vals in the
// order they were defined, Get by key), an array (Vals, Elem by index) or a
// scalar (Str, Int, Float, Bool; date-times keep their text in Str). A
// document that is not TOML 1.0 gives its first *SyntaxError, at a byte
// offset. ParseKey and ParseValue read a lone dotted key and a lone value,
// as command-line overrides give them; NewTable and Node.Set let a caller
// add what a document leaves out.
//
// The parser accepts TOML 1.0 only and rejects what TOML 1.1 added
// (newlines, comments and trailing commas in inline tables, \e and \x
// escapes, times without seconds), so that files it accepts read the same
// in every TOML 1.0 tool. BurntSushi/toml, which the module depends on,
// accepts TOML 1.1 since v1.6 and reports positions for syntax errors
// only; the tests check this parser against it (FuzzParse) and against the
// toml-test corpus that ships inside the BurntSushi module.
//
// # Where to start
//
//   - parse.go: Node and Kind, the tree; Parse, ParseContext, ParseKey and
//     ParseValue, the entry points (ParseContext checks the encoding first);
//     then the grammar top down: document, keyval, header (with the rules
//     on defining a table twice), value, array and inlineTable.
//   - scan.go: the tokens inside a value: the four kinds of string and
//     their escapes, and scalar, which reads numbers (parseNumber), booleans
//     and date-times (datetimeKind).
//
// parse_test.go holds the TOML 1.0 and 1.1 table tests and FuzzParse;
// conformance_test.go runs the toml-test corpus.
package toml
