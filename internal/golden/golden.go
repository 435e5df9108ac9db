package golden

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Update is the -update flag of every test binary that imports this
// package: golden files are rewritten instead of compared.
var Update = flag.Bool("update", false, "rewrite the golden files in testdata")

// Check compares got with testdata/name byte for byte, or writes it there
// with -update; a difference is reported line by line (Diff).
func Check(t testing.TB, name string, got []byte) {
	t.Helper()
	CheckWith(t, name, got, func(want, got []byte) error {
		if string(want) == string(got) {
			return nil
		}
		return errors.New("differs from the golden file " + Diff(want, got))
	})
}

// CheckWith compares got with testdata/name by equal, or writes it there
// with -update. It is for outputs that are equal in a looser sense than
// their bytes (a picture within a tolerance).
func CheckWith(t testing.TB, name string, got []byte, equal func(want, got []byte) error) {
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
	if err := equal(want, got); err != nil {
		t.Errorf("%s: %v\n(if the change is intended, run go test -update and review the diff)", path, err)
	}
}

// Diff lists the first ten lines where want and got differ, each as its
// line number, "-want" and "+got".
func Diff(want, got []byte) string {
	w, g := strings.Split(string(want), "\n"), strings.Split(string(got), "\n")
	var b strings.Builder
	b.WriteString("(-want +got)\n")
	shown := 0
	for i := 0; i < max(len(w), len(g)) && shown < 10; i++ {
		var wl, gl string
		if i < len(w) {
			wl = w[i]
		}
		if i < len(g) {
			gl = g[i]
		}
		if wl != gl {
			fmt.Fprintf(&b, "line %d:\n-%s\n+%s\n", i+1, wl, gl)
			shown++
		}
	}
	return b.String()
}
