package levelfile

import (
	"bytes"
	"errors"
	"testing"
)

// FuzzReadJSON checks that ReadJSON never panics, that it reports its
// problems as an ErrorList, and that a document it accepts writes, reads
// back and writes again to the same bytes and has a route. render's
// FuzzDraw draws what ReadJSON accepts.
func FuzzReadJSON(f *testing.F) {
	// Small seeds only: the fuzzer minimises every new input it finds, a
	// byte at a time, so a golden file of some kilobytes stalls it.
	f.Add(mustJSON(f, tinyDoc()))
	f.Add(mustJSON(f, lockedTinyDoc(f)))
	small := []byte(`{"format": "dungraph.level", "version": 2, "generator": {"module": "", "version": "", "revision": "", "modified": false, "go": "", "platform": ""},
"seed": 18446744073709551615, "attempt": 1, "ruleset": {"name": "r", "sha256": "0000000000000000000000000000000000000000000000000000000000000000", "overrides": ["a=b"]},
"params": {"weights": "match", "build": {"max_iterations": 1, "min_vertices": 1, "max_vertices": 1, "max_valence": 1, "attempts": 1},
"layout": {"spring_strength": 1e-300, "edge_length": 1, "repulsion": 1, "max_delta": 1, "convergence_distance": 1, "spring": "hooke", "cutoff": 1, "max_iterations": 1, "crossing_free": false, "gravity": 0},
"relax": {"spring_strength": 1, "edge_length": 1, "repulsion": 1, "max_delta": 1, "convergence_distance": 1, "spring": "log", "cutoff": 1, "max_iterations": 1, "crossing_free": true, "gravity": 0.5},
"rooms": {"margin": 1, "min_extent": 1, "max_extent": 1, "radius_fudge": 1}, "quality": {"max_stretch": 1, "max_tail": 1, "max_worst": 1, "min_density": 1}, "tags": {"x": {"label": "\u00e9\u2028<>&", "color": "#ABCDEF", "min_extent": 1, "max_extent": 1, "variation": "Q"}}},
"vertices": [{"id": 0, "tag": "x", "x": -0, "y": 1.5e300, "w": 0, "h": 0, "radius": 0, "cosmetic": true, "created_by": -1}], "edges": [],
"metrics": {"rooms": 0, "corridors": 0, "attempts": 0, "construction_crossings": 0, "rejected_conflicts": 0, "construct": {"rewrites": 0, "local_phases": 0, "global_phases": 0, "iterations": 0},
"relax": {"scale": 0, "iterations": 0, "converged": false}, "quality": {"edge_deviation": 0, "stress": 0, "angular_resolution": 0, "min": {"x": 0, "y": 0}, "max": {"x": 0, "y": 0}, "aspect": 0, "stretch": 0, "tail": 0, "worst": 0, "density": 0},
"clearance": {"rooms": null, "corridors": null}}, "trace": {"passes": [], "steps": []}, "failures": [{"attempt": 0, "reason": ""}]}`)
	f.Add(small)
	f.Add([]byte(`{"format": "dungraph.level", "version": 2}`))
	f.Add([]byte(`[`))
	f.Add([]byte(``))
	f.Fuzz(func(t *testing.T, in []byte) {
		d, err := ReadJSON(bytes.NewReader(in))
		if err != nil {
			var l ErrorList
			if !errors.As(err, &l) || len(l) == 0 {
				t.Fatalf("error %v (%T) is not an ErrorList", err, err)
			}
			return
		}
		var first bytes.Buffer
		if err := d.WriteJSON(&first); err != nil {
			t.Fatalf("accepted document cannot be written: %v", err)
		}
		back, err := ReadJSON(bytes.NewReader(first.Bytes()))
		if err != nil {
			t.Fatalf("written document cannot be read: %v\n%s", err, first.Bytes())
		}
		var second bytes.Buffer
		if err := back.WriteJSON(&second); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(first.Bytes(), second.Bytes()) {
			t.Fatalf("not stable:\n%s\n%s", first.Bytes(), second.Bytes())
		}
		if err := back.UpdateRoute(); err != nil {
			t.Fatalf("accepted document has no route: %v", err)
		}
	})
}
