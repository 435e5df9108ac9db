// Package golden compares test output with golden files under testdata,
// and rewrites them when the test binary runs with -update.
package golden
