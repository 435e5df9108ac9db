// Package stats measures the expressive range of a ruleset: what its
// levels look like over many seeds, rather than one level at a time.
//
// Measure reads one level document (levelfile.Document) and returns a
// Sample: rooms, corridors, cycles, valence, diameter, the critical path,
// linearity, dead ends, tag and rule counts, and the layout's quality.
// Only what a player walks counts: a room is a non-cosmetic vertex and a
// corridor a non-cosmetic edge between two rooms, as in package route.
// Generate makes the levels of many seeds in parallel and measures each;
// ReadDir measures a directory written by `dungraph batch`. Samples are
// ordered by seed, never by the order workers finish, so every result but
// the timings is the same for any number of workers.
//
// Analyze summarizes one or two series of samples (two to compare
// rulesets or parameter sets) into a Report: per metric the minimum,
// median, mean, 95th percentile and maximum, histograms and 2-D
// expressive-range heatmaps whose bins are shared by the series. The
// report prints as a table (WriteTable), encodes as JSON, and draws as
// PNG and SVG plots with gonum.org/v1/plot (Figures, WritePlots).
//
// Every number that reaches the table or the JSON is computed with + - *
// / and comparisons only, so it is the same on every platform.
//
// Where to start: sample.go measures one level (Measure, Sample);
// generate.go makes the samples of many seeds (Generate, Parallel) and
// dir.go reads them from a batch directory instead (ReadDir); report.go
// sums samples into a Report, table.go prints it and plot.go draws its
// figures.
package stats
