// Package levelfile is the level file: the versioned JSON format a
// generated level is saved in (docs/level-format.md, docs/level.schema.json).
//
// A Document is a level as the format describes it. It is plain data: the
// level's parameters, rooms, corridors, route, metrics and build trace, in
// world units. Package level makes one from a generated level
// (level.Level.Document) and rebuilds the rule engine's graph from one
// (level.GraphOf); this package knows nothing of the rule engine, the
// layout or rulesets, so the packages that only read or draw levels (render,
// stats, tiled) depend on it alone. Nor does it depend on what draws
// levels: the room shapes and templates it checks are package roomshape's
// and the corridor width's bound is params.MaxCorridorWidth, which the map
// stage (gridmap) reads too. What draws or exports levels (render) depends
// on the format, never the other way (TestImports).
//
// WriteJSON writes a document with its keys in a fixed order and every
// float exactly (strconv 'g' -1); ReadJSON reads one back strictly, so that
// reading a file and writing it again gives the same bytes. Validate
// reports every problem the format forbids, with its JSON path; ReadJSON's
// problems also carry the line and column. The route is derived data:
// Validate recomputes it with package route and refuses a file whose route
// disagrees with its graph. UpdateRoute recomputes it for a tool that edits
// rooms or corridors.
//
// Where to start: document.go is the Document, field by field as
// docs/level-format.md describes it; json.go writes it and read.go reads it
// back; validate.go checks it and errors.go is the positioned Error;
// params.go checks the tags' colours, shapes and templates, and
// solution.go is the walkthrough.
package levelfile
