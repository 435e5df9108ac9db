// Command mapstats draws saved levels with the map stage (gridmap.Build,
// through render.Raster.Map, as `--format tmx` does) and prints, per
// directory of levels, how many draw, the errors of those that do not, and
// the corridors' quality on the maps that draw: the mean cells and bends
// per corridor of each level, averaged over levels. With -each it prints a
// line per level, with the cell size and the corridors' mean length in the
// level's units (cells × cell ÷ scale) and the rooms whose doors are not
// in their corridors' order round them (gridmap.DoorsOutOfOrder, untested
// on the hex maps -hex draws). It is a measuring tool for the project, not
// part of dungraph's CLI.
//
// Where to start: main.go reads the levels, draws each (main), and
// measures the drawn ones' corridors (quality).
//
// Make the levels with `dungraph batch -f json --seeds 1..50 --out DIR/NAME`,
// then:
//
//	go run ./tools/mapstats [-hex] [-each] DIR/NAME/*/level.json ...
//
// Levels are grouped by the directory two levels above each file.
package main
