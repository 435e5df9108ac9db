package render

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/dungraph/dungraph/level"
	"github.com/dungraph/dungraph/levelfile"
	"github.com/dungraph/dungraph/rulesets"
)

// goldenCase is a bundled ruleset and a seed whose level has golden files.
type goldenCase struct {
	ruleset string
	seed    uint64
}

func (c goldenCase) String() string { return fmt.Sprintf("%s-%d", c.ruleset, c.seed) }

// The cases cover a ruleset without tag settings (quads), one with passes,
// labels and colours (dungeon) and one with cosmetic vertices and edges
// (catacomb).
var goldenCases = []goldenCase{{"quads", 1}, {"dungeon", 1}, {"catacomb", 2}}

// testProvenance replaces the build's provenance in goldens, so that they
// do not change with the Go version or the platform.
var testProvenance = levelfile.Provenance{Module: levelfile.ModulePath, Version: "test", Revision: "", Modified: false, Go: "go", Platform: "test/test"}

// levelCache holds every level the tests generate, once per test binary:
// the sweeps over bundled rulesets and seeds (golden hashes, text levels,
// GraphColoring) share their levels. Tests must not change a cached level.
var levelCache sync.Map // goldenCase → generated

// generated is the outcome of generating one case's level.
type generated struct {
	lv  *level.Level
	err error
}

// generate returns c's level, generating it the first time.
func generate(c goldenCase) generated {
	if g, ok := levelCache.Load(c); ok {
		return g.(generated)
	}
	rs, err := rulesets.Bundled(c.ruleset)
	if err != nil {
		return generated{err: err}
	}
	lv, err := level.Generate(context.Background(), rs, c.seed, level.Options{})
	g, _ := levelCache.LoadOrStore(c, generated{lv, err})
	return g.(generated)
}

// generateAll generates the levels of cases on every core. A level depends
// on its ruleset and seed only, so this changes when levels are made, not
// what they are.
func generateAll(cases []goldenCase) {
	var wg sync.WaitGroup
	var next atomic.Int64
	for range min(runtime.GOMAXPROCS(0), len(cases)) {
		wg.Go(func() {
			for i := int(next.Add(1) - 1); i < len(cases); i = int(next.Add(1) - 1) {
				generate(cases[i])
			}
		})
	}
	wg.Wait()
}

// sweep lists the cases of every bundled ruleset with seeds 1 to seeds, 1
// to caves for caves (330 rooms, the slow one), and generates them.
func sweep(t testing.TB, seeds, caves uint64) []goldenCase {
	t.Helper()
	var cases []goldenCase
	for _, info := range rulesets.ListBundled() {
		n := seeds
		if info.Name == "caves" {
			n = min(seeds, caves)
		}
		for seed := uint64(1); seed <= n; seed++ {
			cases = append(cases, goldenCase{info.Name, seed})
		}
	}
	generateAll(cases)
	return cases
}

// testLevel returns c's level, generated once per test binary.
func testLevel(t testing.TB, c goldenCase) *level.Level {
	t.Helper()
	g := generate(c)
	if g.err != nil {
		t.Fatal(g.err)
	}
	return g.lv
}

// testDoc returns c's document with testProvenance. Each call returns a new
// document.
func testDoc(t testing.TB, c goldenCase) *levelfile.Document {
	t.Helper()
	d, err := testLevel(t, c).Document()
	if err != nil {
		t.Fatal(err)
	}
	d.Generator = testProvenance
	return d
}

func mustJSON(t testing.TB, d *levelfile.Document) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := d.WriteJSON(&b); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// readGolden returns c's level file, a golden file of package level.
func readGolden(t testing.TB, c goldenCase) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "level", "testdata", c.String()+".json"))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// tinyDoc is levelfile's small test level: three rooms, a cosmetic one
// among them, built by one rule application.
func tinyDoc() *levelfile.Document {
	b, err := os.ReadFile(filepath.Join("..", "levelfile", "testdata", "tiny.json"))
	if err != nil {
		panic(err)
	}
	d, err := levelfile.ReadJSON(bytes.NewReader(b))
	if err != nil {
		panic(err)
	}
	return d
}
