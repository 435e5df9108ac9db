// Command demirogue2toml converts the demirogue rulesets, as JSON fixtures,
// into dungraph's TOML ruleset format.
//
//	go run ./tools/demirogue2toml -in ../shared/fixtures/demirogue -out rulesets/bundled
//
// Every *.json file in -in becomes <name>.toml in -out. The conversion keeps
// every vertex, tag, position, edge flag, length factor, mapping, rule name
// and parameter; what it cannot keep (a pattern edge's subdivide flag, the
// original game's graphics settings) is listed in the output's comments or
// below. The output is deterministic: the same input gives the same bytes.
//
// Decisions:
//   - Vertex ids are a tag and a counter, unique within the rule ("a1", "a2",
//     "b1"): a pattern vertex is named after its first positive tag in sorted
//     order ("x" for the wildcard), and a new substitute vertex after its tag.
//     A substitute vertex mapped to a pattern vertex takes that vertex's id,
//     which is how the format expresses the mapping.
//   - Vertices and edges keep the original file order, and edges their
//     endpoint order, so that vertex and edge indices still line up with the
//     original.
//   - Pattern tags are written positive first, then negated ("!c"), each
//     group sorted: JSON objects have no order to keep.
//   - Positions are the original editor's coordinates, verbatim (y grows
//     downwards); only relative positions matter.
//   - A pattern edge's subdivide flag means nothing in dungraph and is dropped,
//     with a comment; a substitute edge's lengthFactor of null (1) is omitted.
//   - Only the params the format has are written: build limits, metarules.max
//     (as each rule's max_uses), construction and relax forces, room sizes
//     and per-tag extents. roomgen, terrain, filler and fringe named graphics
//     of the original game and are ignored; so are skippedLevels (empty
//     placeholder levels), which the header counts.
package main
