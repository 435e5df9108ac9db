package render

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/dungraph/dungraph/level"
	"github.com/dungraph/dungraph/params"
	"github.com/dungraph/dungraph/rulesets"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

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
var testProvenance = Provenance{Module: ModulePath, Version: "test", Revision: "", Modified: false, Go: "go", Platform: "test/test"}

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
func testDoc(t testing.TB, c goldenCase) *Document {
	t.Helper()
	d, err := FromLevel(testLevel(t, c))
	if err != nil {
		t.Fatal(err)
	}
	d.Generator = testProvenance
	return d
}

func mustJSON(t testing.TB, d *Document) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := d.WriteJSON(&b); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// golden compares got with the golden file name in testdata, or rewrites
// it with -update.
func golden(t *testing.T, name string, got []byte, equal func(want, got []byte) error) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
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
		t.Errorf("%s: %v\n(if the change is intended, run go test ./render -update and review the diff)", path, err)
	}
}

func readGolden(t testing.TB, c goldenCase) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", c.String()+".json"))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// tinyDoc is a valid document of three rooms, a cosmetic one among them,
// built by one rule application.
func tinyDoc() *Document {
	one := Float(1)
	return &Document{
		Format: Format, Version: Version, Generator: testProvenance, Seed: 7,
		Ruleset: RulesetRef{Name: "tiny", SHA256: strings.Repeat("ab", 32), Overrides: []string{"tags.a.color=#ff0000"}},
		Params: Params{
			Weights: "rule",
			Build:   Build{MaxIterations: 1, MinVertices: 1, MaxVertices: 3, MaxValence: 2, Attempts: 1},
			Layout:  params.Forces{SpringStrength: 1, EdgeLength: 100, Repulsion: 1, MaxDelta: 0.5, ConvergenceDistance: 4, Spring: "log", Cutoff: 3, MaxIterations: 400, CrossingFree: true},
			Relax:   params.Forces{SpringStrength: 10, EdgeLength: 100, Repulsion: 0.05, MaxDelta: 0.5, ConvergenceDistance: 0.01, Spring: "hooke", Cutoff: 3, MaxIterations: 300, Gravity: 0.0025},
			Rooms:   params.Rooms{Margin: 50, MinExtent: 3, MaxExtent: 12, RadiusFudge: 1},
			Quality: Quality{MaxStretch: 3, MaxTail: 5, MaxWorst: 12, MinDensity: 0.05},
			Tags: map[string]Tag{
				"a": {Label: "hall", Color: "#ff0000", MinExtent: 3, MaxExtent: 4},
				"c": {Label: "c", MinExtent: 3, MaxExtent: 12, Variation: "C"},
			},
		},
		Vertices: []Vertex{
			{ID: 0, Tag: "a", X: 0, Y: 0, W: 200, H: 150, Radius: 125, CreatedBy: -1},
			{ID: 1, Tag: "a", X: 400, Y: 0.5, W: 150, H: 150, Radius: 106.06601717798213, CreatedBy: 0},
			{ID: 2, Tag: "c", X: 200, Y: -300, W: 150, H: 200, Radius: 125, Cosmetic: true, CreatedBy: 0},
		},
		Edges: []Edge{
			{A: 0, B: 1, LengthFactor: 1},
			{A: 0, B: 2, Cosmetic: true, LengthFactor: 0.5},
		},
		Route: Route{Entrance: 0, Goal: 1, CriticalPath: []int{0, 1}, Length: 400.0003124998779,
			Depth: []int{0, 1, -1}, Distance: []Float{0, 400.0003124998779, -1}, DeadEnds: []int{}},
		Metrics: Metrics{Rooms: 3, Corridors: 1, Attempts: 1, Relax: RelaxMetrics{Scale: 1.1, Converged: true},
			CriticalPathRooms: 2, CriticalPathLength: 400.0003124998779, MaxDepth: 1,
			Quality:   QualityMetrics{Min: Point{-125, -425}, Max: Point{506.06601717798213, 125}, Aspect: 1.1},
			Clearance: ClearanceMetrics{Rooms: &one, Corridors: nil}},
		Trace: Trace{
			Passes: []PassResult{{Name: "", Iterations: 1, End: "stalled"}},
			Steps: []Step{{Iteration: 0, Pass: "", Rule: "grow", Match: []int{0}, Added: []int{1, 2},
				Stats: []RuleStats{{Rule: "grow", Eligible: true, Candidates: 1, Checked: 1}}}},
		},
		Failures: []Failure{},
	}
}
