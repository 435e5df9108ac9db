// Package level runs dungraph's whole pipeline for Go programs: a ruleset and
// a seed in, a laid-out, checked level out.
//
// Generate builds the graph with the ruleset's grammar while the layout
// redraws it after every rewrite, gives every room a size, relaxes the
// drawing around the rooms and checks it exactly: no two rooms overlap, no
// room sits on a corridor that does not end in it, no two corridors cross. A
// level that fails is generated again from a seed derived from the user's
// seed and the attempt number, so a level is never shipped broken, and the
// same ruleset and seed always give the same level.
//
// Where to start: level.go holds Generate and attempt, the pipeline in
// order (build with the construction drawing, junction rooms, room sizes,
// relax, the exact check, the quality limits, the route); junction.go
// records which rule application added each corridor (provenance), names
// it in the reasons of failed attempts and turns crossings into junction
// rooms under build.planar = "junction"; document.go converts a Level to
// and from the level file (package levelfile).
package level
