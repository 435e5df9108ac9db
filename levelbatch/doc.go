// Package levelbatch runs dungraph's level pipeline under package batch:
// Generator is the batch.Generator that, for each seed, generates the
// level of a ruleset, makes its document and its files, and keeps the key
// metrics its manifest line records; Params is what the batch records in
// batch.json so that a rerun with another ruleset is refused rather than
// mixed in.
//
// Formats lists the outputs a level can be written as (png, json, text,
// tiles, tmx, tmj, map, graphcoloring), each with the files it makes;
// Exports.Make makes the files of a list of formats from a level file, in
// memory, and Exports.Options says which options decide their bytes. The
// generate, render and batch commands take their --format lists from it.
//
// Package batch knows nothing of levels (it runs any generator of files);
// this package is the one place where the two meet, so that the command
// only parses flags and prints.
//
// # Where to start
//
//   - levelbatch.go: Generator and its Generate method (one seed: the
//     level, its document, its files under the level's time budget, and
//     the manifest's Metrics); failedSeed, which makes a level past its own
//     budget a failed seed rather than an interrupted one; Params.
//   - formats.go: Format, Formats and ParseFormats (the --format list);
//     Exports with Make, which makes every file of a list of formats in
//     memory, all or nothing, and Options; MapTimeoutError, the map stage
//     past its budget.
package levelbatch
