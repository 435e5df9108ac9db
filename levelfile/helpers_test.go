package levelfile

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dungraph/dungraph/internal/golden"
	"github.com/dungraph/dungraph/params"
)

// goldenLevels are the level files package level keeps as goldens: a
// ruleset without tag settings (quads), one with passes, labels and
// colours (dungeon) and one with cosmetic vertices and edges (catacomb).
var goldenLevels = []string{"quads-1", "dungeon-1", "catacomb-2"}

// testProvenance is the provenance of the golden files.
var testProvenance = Provenance{Module: ModulePath, Version: "test", Revision: "", Modified: false, Go: "go", Platform: "test/test"}

// readGolden returns the golden level file name.
func readGolden(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "level", "testdata", name+".json"))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// goldenDoc returns the golden level file name, read.
func goldenDoc(t testing.TB, name string) *Document {
	t.Helper()
	d, err := ReadJSON(bytes.NewReader(readGolden(t, name)))
	if err != nil {
		t.Fatal(err)
	}
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

// TestTinyGolden keeps testdata/tiny.json and tiny-locked.json, the bytes
// of tinyDoc and lockedTinyDoc, which render's tests draw.
func TestTinyGolden(t *testing.T) {
	golden.Check(t, "tiny.json", mustJSON(t, tinyDoc()))
	golden.Check(t, "tiny-locked.json", mustJSON(t, lockedTinyDoc(t)))
}

// tinyDoc is a valid document of three rooms, a cosmetic one among them,
// built by one rule application. Its bytes are testdata/tiny.json, which
// render's tests draw.
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
