// Package golden compares test output with golden files under testdata,
// and rewrites them when the test binary runs with -update.
package golden

import (
	"flag"
	"os"
	"path/filepath"
	"testing"
)

// Update is the -update flag of every test binary that imports this
// package: golden files are rewritten instead of compared.
var Update = flag.Bool("update", false, "rewrite the golden files in testdata")

// Check compares got with testdata/name, or writes it there with -update.
func Check(t testing.TB, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *Update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if string(want) != string(got) {
		t.Errorf("%s differs from the golden file (-want +got):\n-%s\n+%s", name, want, got)
	}
}
