// Package rulesets loads dungraph's ruleset files: TOML 1.0 documents that
// hold a grammar's rules and metarules together with the parameters that
// tune the build, the layout and the rooms for them. docs/rulesets.md is
// the authoring guide to the format.
//
// Loading is strict, because rulesets are written by hand and a silent
// mistake costs an afternoon: an unknown key, a value of the wrong type, a
// number out of range or a rule the grammar rejects is a problem, and every
// problem in a file is reported at once as an ErrorList, each Error at its
// line and column with the ruleset path it concerns:
//
//	catacomb.toml:42:23: rules[3] "loop": pattern vertex "b": tags[0]: empty tag: ...
//
// To point at the line of a problem found long after parsing, the package
// parses TOML with internal/toml, into a tree that keeps the position of
// every key and value, and decodes that tree by struct tags; the parser
// accepts TOML 1.0 only, so that every TOML 1.0 tool reads the files too.
//
// A Loader with Overrides sets parameters by their key path, such as
// "build.max_vertices" or "tags.a.color" (see Keys), before the ruleset is
// checked, as if the file said so. Rulesets bundled with dungraph are
// loaded by name with Bundled and listed by ListBundled.
//
// Where to start: ruleset.go loads a file (Loader, Load, Ruleset); decode.go
// and path.go fill the structs of params.go (the parameter tables), rules.go
// (rules, groups, passes) and templates.go from the parsed TOML, naming
// each value by its key path; errors.go is the positioned Error; lint.go
// and crossing.go are the warnings; override.go is --set; bundled.go the
// rulesets in the binary; conformance.go checks a ruleset's builds.
package rulesets
