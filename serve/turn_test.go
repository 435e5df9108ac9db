package serve

import (
	"bytes"
	"encoding/json"
	"net/http"
	"os"
	"testing"

	"github.com/dungraph/dungraph/levelfile"
)

// diagonalTOML is level/testdata/probe/diagonal.toml: a path of rooms that
// its bends leave lying diagonally, which layout.Orient turns for most
// seeds (seeds 1 and 3 turn, 2 does not).
func diagonalTOML(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile("../level/testdata/probe/diagonal.toml")
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// stepsAndLevel posts the same request to /api/steps and /api/generate.
func stepsAndLevel(t *testing.T, toml string, seed int) (*frames, *levelfile.Document) {
	t.Helper()
	body, _ := json.Marshal(map[string]any{"ruleset_toml": toml, "ruleset_file": "diagonal.toml", "seed": seed})
	h := quiet().Handler()
	var docs [2][]byte
	for i, path := range []string{"/api/steps", "/api/generate"} {
		w := call(t, h, "POST", path, string(body))
		if w.Code != http.StatusOK {
			t.Fatalf("%s seed %d: status %d: %s", path, seed, w.Code, w.Body)
		}
		docs[i] = w.Body.Bytes()
	}
	var fr frames
	if err := json.Unmarshal(docs[0], &fr); err != nil {
		t.Fatal(err)
	}
	if !fr.Verified {
		t.Fatalf("seed %d: not verified: %s", seed, fr.Reason)
	}
	d, err := levelfile.ReadJSON(bytes.NewReader(docs[1]))
	if err != nil {
		t.Fatal(err)
	}
	return &fr, d
}

// A turned level's frames end with the turn: the relax pass's done frame
// is the drawing before it, the turn frame holds the level's positions and
// the turn the level records, so the player ends on the shipped level
// without a jump nobody explains. A level Orient keeps has no turn frame,
// and its done frame is the level.
func TestStepsTurn(t *testing.T) {
	toml := diagonalTOML(t)
	for _, tc := range []struct {
		seed   int
		turned bool
	}{{1, true}, {3, true}, {2, false}} {
		fr, d := stepsAndLevel(t, toml, tc.seed)
		done := fr.Relax[len(fr.Relax)-1]
		atDone := 0 // vertices the done frame has where the level has them
		for v, vx := range d.Vertices {
			if done.X[v] == float64(vx.X) && done.Y[v] == float64(vx.Y) {
				atDone++
			}
		}
		if !tc.turned {
			if fr.Turn != nil || atDone != len(d.Vertices) {
				t.Errorf("seed %d: turn %+v, %d of %d vertices where the done frame has them; want no turn, all", tc.seed, fr.Turn, atDone, len(d.Vertices))
			}
			continue
		}
		tf := fr.Turn
		if tf == nil {
			t.Fatalf("seed %d: no turn frame", tc.seed)
		}
		if c := float64(tf.Cos*tf.Cos) + float64(tf.Sin*tf.Sin); c < 1-1e-9 || c > 1+1e-9 || tf.Sin == 0 {
			t.Errorf("seed %d: turn cos %v sin %v is not a turn", tc.seed, tf.Cos, tf.Sin)
		}
		if !(tf.After < tf.Before) || tf.After <= 0 {
			t.Errorf("seed %d: box %v before the turn, %v after", tc.seed, tf.Before, tf.After)
		}
		if atDone > len(d.Vertices)/4 {
			t.Errorf("seed %d: %d of %d vertices of the turned level where the unturned done frame has them", tc.seed, atDone, len(d.Vertices))
		}
		for v, vx := range d.Vertices {
			if tf.X[v] != float64(vx.X) || tf.Y[v] != float64(vx.Y) {
				t.Fatalf("seed %d: turn frame has vertex %d at (%v, %v), the level at (%v, %v)", tc.seed, v, tf.X[v], tf.Y[v], vx.X, vx.Y)
			}
		}
		// The turn takes the done frame to the level: each corridor's
		// centre-to-centre vector turns by (cos, sin), up to the rounding
		// of both ends to whole units.
		for _, e := range d.Edges {
			ux, uy := done.X[e.B]-done.X[e.A], done.Y[e.B]-done.Y[e.A]
			wx, wy := tf.X[e.B]-tf.X[e.A], tf.Y[e.B]-tf.Y[e.A]
			rx, ry := float64(tf.Cos*ux)-float64(tf.Sin*uy), float64(tf.Sin*ux)+float64(tf.Cos*uy)
			if dx, dy := rx-wx, ry-wy; dx*dx+dy*dy > 2.01*2.01 {
				t.Fatalf("seed %d: corridor %d-%d turned is (%v, %v), the level has (%v, %v)", tc.seed, e.A, e.B, rx, ry, wx, wy)
			}
		}
	}
}
