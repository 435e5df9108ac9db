// Package tune searches a ruleset's parameters: it generates the levels of
// a set of seeds for every cell of a grid of parameter values and ranks the
// cells, the engine behind `dungraph tune`.
//
// A Vary is one parameter and the values it takes (ParseVary reads
// "relax.repulsion=0.01:0.2:8", eight evenly spaced values, or
// "layout.spring=log,hooke", a list); the grid is every combination of the
// values of the Varies, at most MaxCells cells. Run loads the ruleset of
// each cell through the caller's Loader, so that a cell's parameters are
// checked exactly as `--set` checks them, then generates every (cell,
// seed) pair in parallel with stats.GenerateSeed, and summarizes each cell
// (Metrics): first-attempt validity, mean attempts, median time, mean
// edge-length deviation, minimum clearance, mean density, and the
// geometry the quality limits hold each level to (mean stretch, largest
// tail and worst, smallest density). A seed
// that yields no valid level counts against validity; it is not an error.
//
// Results are ordered by cell and seed, never by the order workers finish,
// so every metric but the time is the same for any number of workers. An
// Objective ranks the cells lexicographically by a list of metrics
// (ParseObjective: "validity,time", "deviation", "-mean_density"); ties go
// to the cell that comes first in the grid. The best cell is printed as
// --set flags (SetFlags) and as a TOML snippet (TOML) to paste into the
// ruleset.
//
// Where to start: vary.go parses --vary and lays out the grid (Vary,
// Cell); tune.go runs it (Run) and measures each cell (Metrics);
// objective.go ranks the cells; output.go writes the table, the CSV and
// the best cell's --set flags and TOML, and plot.go its plots (Figures).
package tune
