// Package render draws and exports levels: it turns a level file
// (levelfile.Document) into PNG (or animated GIF) previews, pictures of
// grid maps, text and tile grids, GraphColoring levels and the walkthrough
// of a lock-and-key level. It reads levels through package levelfile and
// knows nothing of how they were generated.
//
// PNG draws a Document: rooms as their rectangles in their tag's colour,
// corridors as thick lines under them, cosmetic rooms hatched and cosmetic
// edges dashed, a legend of tags and the ruleset and seed in the footer.
// World coordinates are the layout's: x grows to the right and y grows
// downwards, like the ruleset editor's, so the picture is the drawing as the
// layout made it, not its mirror image. The same Document gives the same
// PNG bytes on the same platform; across platforms, anti-aliased edges may
// differ by a level in a few pixels.
//
// Where to start: png.go draws the preview (PNG), with scanline.go filling
// its shapes, pngenc.go encoding it, palette.go and png_walk.go for the
// tag colours and the walkthrough; gif.go animates the build. export.go
// (Raster) and gridmap.go run the map stage for the text level, tiles and
// map pictures (mappng.go, tiles_png.go, mapcolors.go); graphcoloring.go
// and solution.go are the GraphColoring level and the walkthrough text.
package render
