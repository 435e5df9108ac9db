// Package render turns a generated level into files: the versioned JSON
// level format and PNG (or animated GIF) previews.
//
// A Document is the level as the JSON format describes it (see
// docs/level-format.md and docs/level.schema.json): FromLevel makes one from
// a level.Level, WriteJSON writes it with its keys in a fixed order and every
// float exactly ("strconv 'g' -1"), and ReadJSON reads it back strictly, so
// that reading a file and writing it again gives the same bytes. ReadJSON
// reports every problem with its line, column and JSON path. Graph rebuilds
// the level's graph so that rules can be matched on a saved level.
//
// PNG draws a Document: rooms as their rectangles in their tag's colour,
// corridors as thick lines under them, cosmetic rooms hatched and cosmetic
// edges dashed, a legend of tags and the ruleset and seed in the footer.
// World coordinates are the layout's: x grows to the right and y grows
// downwards, like the ruleset editor's, so the picture is the drawing as the
// layout made it, not its mirror image. The same Document gives the same
// PNG bytes on the same platform; across platforms, anti-aliased edges may
// differ by a level in a few pixels.
package render
