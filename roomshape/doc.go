// Package roomshape is the vocabulary of room shapes that a level's tags
// ask for: the shape names (Rect, Disc, Cave, FromTemplate, Door) and the
// ASCII-art room templates (Template, ParseTemplate), with the rules that
// make a template valid.
//
// The formats that record shapes and templates (rulesets, levelfile)
// check them with this package, and the map stage (gridmap) draws them;
// neither format depends on the map stage. The package imports nothing of
// the project.
package roomshape
