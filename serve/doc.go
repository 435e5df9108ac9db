// Package serve is dungraph's parameter tuner: an HTTP handler that serves
// one page, embedded in the binary, and the JSON API behind it.
//
// The page (plain HTML, JavaScript and SVG; no build step, nothing fetched
// from elsewhere) picks a bundled ruleset or takes pasted TOML, draws the
// level of a seed, and regenerates it a moment after any parameter changes.
// It plays the build rule by rule and the relax pass iteration by
// iteration, shows the level's metrics, and downloads the level as PNG and
// JSON or copies the changed parameters as --set flags and TOML.
//
// The API is a thin layer over the library: a request names a ruleset and
// a seed and sets parameters by the key paths of rulesets.Keys, which are
// applied in sorted order, so that POST /api/generate answers exactly the
// bytes `dungraph generate --format json` writes for the same --set flags in
// that order. docs/serve.md documents every endpoint.
//
// A Server is safe to expose to a browser on the same machine: bodies,
// level sizes, layout iterations and time are capped, requests reach no
// file but the bundled rulesets, and a panic becomes a 500 rather than a
// crash. A generation runs under its request's context, so a request the
// page abandons, or one that runs out of time, stops its generation at the
// library's next check.
//
// Where to start: server.go is the Server, its limits and routes; guard.go
// refuses requests from other sites; request.go decodes a request, loads
// its ruleset and overrides under the memory budget and generates
// (generateLevel); api.go answers the page and most endpoints (config,
// rulesets, ruleset, generate, png, steps), params.go describes a
// ruleset's parameters for the page's controls, replay.go is step mode's
// frames, text.go and tmj.go the text level and the grid map; the page
// itself is in static/.
package serve
