// Command levelstats generates many levels of each ruleset and prints two
// tables: per ruleset, the share valid on the first attempt and within the
// attempts, the mean attempts, and the median and p95 time per level (the
// table in BENCHMARKS.md); and the levels' geometry (layout.Geometry):
// stretch, tail, worst and density, median and extreme over the seeds, and
// how many levels miss the default quality limits. A ruleset is a bundled
// name or a .toml file (the test rulesets under level/testdata/quality).
// With -tail it also prints, per ruleset, which corridors make each level's
// tail and how many rooms the triangles they bound hold (printTail); raise
// the quality limits (-set quality.max_tail=1e9 ...) so that every level
// is kept. It is a measuring tool for the project, not part of dungraph's
// CLI.
//
// Where to start: main.go reads the flags, measures each ruleset (measure)
// and prints the tables; tail.go is -tail's analysis.
//
//	go run ./tools/levelstats -seeds 200 [-rulesets quads,level/testdata/quality/fans.toml] [-set build.max_vertices=300 ...] [-tail]
package main
