package serve

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"image/png"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/dungraph/dungraph/level"
	"github.com/dungraph/dungraph/levelfile"
	"github.com/dungraph/dungraph/raster"
	"github.com/dungraph/dungraph/render"
	"github.com/dungraph/dungraph/rulesets"
	"github.com/dungraph/dungraph/tiled"
)

// quiet is a Server whose log is dropped.
func quiet() Server { return Server{Log: slog.New(slog.DiscardHandler)} }

// newRequest is a request as the tuner's page sends it: to a loopback
// address, with a JSON body.
func newRequest(ctx context.Context, method, path, body string) *http.Request {
	req := httptest.NewRequestWithContext(ctx, method, path, strings.NewReader(body))
	req.Host = "127.0.0.1:8080"
	if method == "POST" {
		req.Header.Set("Content-Type", "application/json")
	}
	return req
}

// call sends a request to h and returns the response.
func call(t *testing.T, h http.Handler, method, path, body string) *httptest.ResponseRecorder {
	t.Helper()
	req := newRequest(context.Background(), method, path, body)
	w := httptest.NewRecorder()
	h.ServeHTTP(w, req)
	return w
}

// errorOf decodes an error response.
func errorOf(t *testing.T, w *httptest.ResponseRecorder) apiError {
	t.Helper()
	var e apiError
	if err := json.Unmarshal(w.Body.Bytes(), &e); err != nil {
		t.Fatalf("error response is not JSON: %v\n%s", err, w.Body)
	}
	if e.Message == "" {
		t.Fatalf("error response without a message:\n%s", w.Body)
	}
	return e
}

// levelJSON is what `dungraph generate --format json` writes for a bundled
// ruleset, a seed and --set flags in the order given.
func levelJSON(t *testing.T, name string, seed uint64, sets ...string) []byte {
	t.Helper()
	var l rulesets.Loader
	for _, s := range sets {
		o, err := rulesets.ParseOverride(s)
		if err != nil {
			t.Fatal(err)
		}
		l.Overrides = append(l.Overrides, o)
	}
	rs, err := l.Bundled(name)
	if err != nil {
		t.Fatal(err)
	}
	lv, err := level.Generate(context.Background(), rs, seed, level.Options{})
	if err != nil {
		t.Fatal(err)
	}
	d, err := lv.Document()
	if err != nil {
		t.Fatal(err)
	}
	b, err := d.JSON()
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestRulesets(t *testing.T) {
	h := quiet().Handler()
	w := call(t, h, "GET", "/api/rulesets", "")
	if w.Code != http.StatusOK || w.Header().Get("Content-Type") != "application/json" {
		t.Fatalf("status %d, type %q", w.Code, w.Header().Get("Content-Type"))
	}
	var list []struct{ Name, Description string }
	if err := json.Unmarshal(w.Body.Bytes(), &list); err != nil {
		t.Fatal(err)
	}
	bundled := rulesets.ListBundled()
	if len(list) != len(bundled) {
		t.Fatalf("%d rulesets, want %d", len(list), len(bundled))
	}
	for i, info := range bundled {
		if list[i].Name != info.Name || list[i].Description != info.Description {
			t.Errorf("entry %d is %+v, want %+v", i, list[i], info)
		}
	}
	// The command line's indentation; cmd/dungraph's TestServeMatchesCommand
	// compares the bytes with `dungraph rulesets --json`.
	if !bytes.HasPrefix(w.Body.Bytes(), []byte("[\n  {\n    \"name\": ")) || !bytes.HasSuffix(w.Body.Bytes(), []byte("}\n]\n")) {
		t.Errorf("not indented as the command line writes it:\n%s", w.Body)
	}
}

func TestGenerate(t *testing.T) {
	s := quiet()
	s.Clock = time.Now // the Server-Timing header
	h := s.Handler()
	// The set map in an order other than sorted: the server sorts.
	body := `{"ruleset": "dungeon", "seed": 7, "set": {"relax.repulsion": 0.1, "build.max_vertices": 40, "tags.b.color": "#ff0000"}}`
	w := call(t, h, "POST", "/api/generate", body)
	if w.Code != http.StatusOK {
		t.Fatalf("status %d: %s", w.Code, w.Body)
	}
	want := levelJSON(t, "dungeon", 7, "build.max_vertices=40", "relax.repulsion=0.1", "tags.b.color=#ff0000")
	if !bytes.Equal(w.Body.Bytes(), want) {
		t.Errorf("the level differs from dungraph generate's with the --set flags in sorted order")
	}
	d, err := levelfile.ReadJSON(bytes.NewReader(w.Body.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	wantOverrides := []string{"build.max_vertices=40", "relax.repulsion=0.1", "tags.b.color=#ff0000"}
	if !slices.Equal(d.Ruleset.Overrides, wantOverrides) {
		t.Errorf("overrides %q, want %q (sorted)", d.Ruleset.Overrides, wantOverrides)
	}
	if !strings.HasPrefix(w.Header().Get("Server-Timing"), "generate;dur=") {
		t.Errorf("Server-Timing %q", w.Header().Get("Server-Timing"))
	}
	// The same settings in another order give the same bytes.
	again := call(t, h, "POST", "/api/generate", `{"set": {"tags.b.color": "#ff0000", "build.max_vertices": 40, "relax.repulsion": 0.1}, "seed": 7, "ruleset": "dungeon"}`)
	if !bytes.Equal(again.Body.Bytes(), w.Body.Bytes()) {
		t.Error("the order of the set map changed the level's bytes")
	}
}

// A pasted ruleset gives the level of the same file loaded by name.
func TestGenerateTOML(t *testing.T) {
	rs, err := rulesets.Bundled("tree")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := json.Marshal(map[string]any{"ruleset_toml": string(rs.Source), "ruleset_file": "mine.toml", "seed": 3})
	w := call(t, quiet().Handler(), "POST", "/api/generate", string(body))
	if w.Code != http.StatusOK {
		t.Fatalf("status %d: %s", w.Code, w.Body)
	}
	lv, err := level.Generate(context.Background(), rs, 3, level.Options{})
	if err != nil {
		t.Fatal(err)
	}
	d, _ := lv.Document()
	want, _ := d.JSON()
	if !bytes.Equal(w.Body.Bytes(), want) {
		t.Error("the pasted ruleset's level differs from the bundled one's")
	}
}

// Bad TOML gets the command line's message, with every problem's line,
// column and caret.
func TestBadTOML(t *testing.T) {
	src := "name = \"bad\"\n[build]\nmax_vertices = 0\n[layout]\nspring = \"wobbly\"\n"
	for _, path := range []string{"/api/generate", "/api/ruleset", "/api/png", "/api/steps"} {
		body, _ := json.Marshal(map[string]any{"ruleset_toml": src, "ruleset_file": "bad.toml"})
		w := call(t, quiet().Handler(), "POST", path, string(body))
		if w.Code != http.StatusBadRequest {
			t.Fatalf("%s: status %d, want 400: %s", path, w.Code, w.Body)
		}
		e := errorOf(t, w)
		_, err := rulesets.Load("bad.toml", []byte(src))
		var list rulesets.ErrorList
		if !errors.As(err, &list) {
			t.Fatalf("loading the bad file: %v", err)
		}
		var want []string
		for _, p := range list {
			want = append(want, p.ErrorWithSource())
		}
		if e.Message != strings.Join(want, "\n") {
			t.Errorf("%s: message\n%s\nwant what dungraph prints:\n%s", path, e.Message, strings.Join(want, "\n"))
		}
		if len(e.Problems) != len(list) {
			t.Fatalf("%s: %d problems, want %d: %+v", path, len(e.Problems), len(list), e.Problems)
		}
		i := slices.IndexFunc(e.Problems, func(p problem) bool { return p.Path == "build.max_vertices" })
		if i < 0 {
			t.Fatalf("%s: no problem with build.max_vertices: %+v", path, e.Problems)
		}
		p := e.Problems[i]
		if p.File != "bad.toml" || p.Line != 3 || p.Col != 16 {
			t.Errorf("%s: build.max_vertices at %s:%d:%d, want bad.toml:3:16", path, p.File, p.Line, p.Col)
		}
		if !strings.HasSuffix(p.Source, "|                ^") {
			t.Errorf("%s: source without a caret under column 16:\n%s", path, p.Source)
		}
		if !slices.ContainsFunc(e.Problems, func(p problem) bool { return p.Path == "layout.spring" && p.Line == 5 }) {
			t.Errorf("%s: no problem with layout.spring on line 5: %+v", path, e.Problems)
		}
	}
}

func TestBadRequests(t *testing.T) {
	tests := []struct {
		name, path, body string
		status           int
		// want is in the message.
		want string
	}{
		{"both rulesets", "/api/generate", `{"ruleset": "tree", "ruleset_toml": "x = 1"}`, 400, "not both"},
		{"no ruleset", "/api/generate", `{"seed": 1}`, 400, "give ruleset"},
		{"file for bundled", "/api/generate", `{"ruleset": "tree", "ruleset_file": "x.toml"}`, 400, "ruleset_file"},
		{"unknown bundled", "/api/generate", `{"ruleset": "nope"}`, 400, `rulesets: no bundled ruleset "nope"; the bundled rulesets are`},
		{"unknown field", "/api/generate", `{"ruleset": "tree", "sead": 1}`, 400, `unknown field "sead"`},
		{"not JSON", "/api/generate", `ruleset=tree`, 400, "request body"},
		{"empty body", "/api/generate", ``, 400, "empty"},
		{"two values", "/api/generate", `{"ruleset": "tree"} {}`, 400, "more than one"},
		{"negative seed", "/api/generate", `{"ruleset": "tree", "seed": -1}`, 400, "seed"},
		{"fractional seed", "/api/generate", `{"ruleset": "tree", "seed": 1.5}`, 400, "seed"},
		{"null value", "/api/generate", `{"ruleset": "tree", "set": {"build.max_vertices": null}}`, 400, "set build.max_vertices: null is not a number"},
		{"array value", "/api/generate", `{"ruleset": "tree", "set": {"build.max_vertices": [1]}}`, 400, "is not a number, boolean or string"},
		{"empty key", "/api/generate", `{"ruleset": "tree", "set": {"": 1}}`, 400, "set: rulesets: override"},
		{"unknown key", "/api/generate", `{"ruleset": "tree", "set": {"build.max_vertics": 30}}`, 400, `build.max_vertics: unknown key (did you mean "build.max_vertices"?)`},
		{"bad value", "/api/generate", `{"ruleset": "tree", "set": {"build.max_vertices": "many"}}`, 400, `(set by override "build.max_vertices=many")`},
		{"wrong type", "/api/generate", `{"ruleset": "tree", "set": {"layout.crossing_free": 1}}`, 400, "layout.crossing_free"},
		{"png size", "/api/png", `{"ruleset": "tree", "size": 10}`, 400, "size: want 64 to 4096 pixels, got 10"},
		{"png too big", "/api/png", `{"ruleset": "tree", "size": 5000}`, 400, "size: want 64 to 4096 pixels, got 5000"},
		{"text layer", "/api/text", `{"ruleset": "tree", "layer": "floor"}`, 400, `layer "floor"`},
		{"no valid level", "/api/generate", `{"ruleset": "tree", "set": {"build.min_vertices": 20, "build.max_iterations": 1, "build.attempts": 2}}`, 422, `level: ruleset "tree" seed 0: all 2 attempts failed`},
	}
	h := quiet().Handler()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := call(t, h, "POST", tt.path, tt.body)
			if w.Code != tt.status {
				t.Fatalf("status %d, want %d: %s", w.Code, tt.status, w.Body)
			}
			if e := errorOf(t, w); !strings.Contains(e.Message, tt.want) {
				t.Errorf("message %q lacks %q", e.Message, tt.want)
			}
		})
	}
}

// TestMethodNotAllowed: another method on an API path answers 405 in the
// API's JSON, with Allow; a bad PNG size names the API's key, not a flag.
func TestMethodNotAllowed(t *testing.T) {
	h := quiet().Handler()
	w := call(t, h, "GET", "/api/generate", "")
	if w.Code != http.StatusMethodNotAllowed || w.Header().Get("Allow") != "POST" {
		t.Fatalf("GET /api/generate: %d, Allow %q; want 405, POST", w.Code, w.Header().Get("Allow"))
	}
	if e := errorOf(t, w); e.Message != "GET /api/generate: method not allowed; use POST" {
		t.Errorf("message %q", e.Message)
	}
	w = call(t, h, "POST", "/api/png", `{"ruleset": "tree", "size": 10}`)
	if e := errorOf(t, w); strings.Contains(e.Message, "--") || !strings.HasPrefix(e.Message, "size: ") {
		t.Errorf("bad size: message %q; want the API's key, size", e.Message)
	}
}

// An override's problem names the override and has no position, as on the
// command line.
func TestOverrideProblem(t *testing.T) {
	w := call(t, quiet().Handler(), "POST", "/api/ruleset", `{"ruleset": "tree", "set": {"relax.repulsion": -1}}`)
	e := errorOf(t, w)
	if len(e.Problems) != 1 {
		t.Fatalf("problems %+v, want one", e.Problems)
	}
	p := e.Problems[0]
	if p.Override != "relax.repulsion=-1" || p.Line != 0 || p.Source != "" || p.Path != "relax.repulsion" {
		t.Errorf("problem %+v, want the override relax.repulsion=-1 without a place", p)
	}
}

func TestOversizedBody(t *testing.T) {
	h := Server{MaxBody: 1 << 10, Log: slog.New(slog.DiscardHandler)}.Handler()
	big := `{"ruleset_toml": "` + strings.Repeat("#", 2<<10) + `"}`
	for _, path := range []string{"/api/generate", "/api/ruleset", "/api/png", "/api/steps", "/api/text"} {
		w := call(t, h, "POST", path, big)
		if w.Code != http.StatusRequestEntityTooLarge {
			t.Errorf("%s: status %d, want 413: %s", path, w.Code, w.Body)
			continue
		}
		if e := errorOf(t, w); !strings.Contains(e.Message, "larger than 1024 bytes") {
			t.Errorf("%s: message %q", path, e.Message)
		}
	}
	// The default cap is 1 MiB.
	w := call(t, quiet().Handler(), "POST", "/api/generate", `{"ruleset_toml": "`+strings.Repeat("#", DefaultMaxBody)+`"}`)
	if w.Code != http.StatusRequestEntityTooLarge {
		t.Errorf("a body over 1 MiB: status %d, want 413", w.Code)
	}
}

func TestCaps(t *testing.T) {
	h := Server{MaxVertices: 100, MaxIterations: 500, Log: slog.New(slog.DiscardHandler)}.Handler()
	tests := []struct{ set, want string }{
		{`{"build.max_vertices": 101}`, "build.max_vertices is 101: this server allows at most 100 (limits.max_vertices in /api/config)"},
		{`{"layout.max_iterations": 501}`, "layout.max_iterations is 501: this server allows at most 500"},
		{`{"relax.max_iterations": 501}`, "relax.max_iterations is 501: this server allows at most 500"},
	}
	for _, tt := range tests {
		w := call(t, h, "POST", "/api/generate", `{"ruleset": "tree", "set": `+tt.set+`}`)
		if w.Code != http.StatusBadRequest {
			t.Errorf("%s: status %d, want 400", tt.set, w.Code)
			continue
		}
		if e := errorOf(t, w); !strings.Contains(e.Message, tt.want) {
			t.Errorf("%s: message %q lacks %q", tt.set, e.Message, tt.want)
		}
	}
	if w := call(t, h, "POST", "/api/generate", `{"ruleset": "tree", "set": {"build.max_vertices": 100}}`); w.Code != http.StatusOK {
		t.Errorf("at the cap: status %d: %s", w.Code, w.Body)
	}
	// The default cap.
	w := call(t, quiet().Handler(), "POST", "/api/ruleset", `{"ruleset": "tree", "set": {"build.max_vertices": 5001}}`)
	if w.Code != http.StatusBadRequest || !strings.Contains(errorOf(t, w).Message, "at most 5000") {
		t.Errorf("over the default cap: status %d: %s", w.Code, w.Body)
	}
}

// slowBody asks for a level that takes minutes: thousands of rooms.
const slowBody = `{"ruleset": "caves", "seed": 1, "set": {"build.max_vertices": 5000, "build.max_iterations": 100000}}`

// stopped waits up to d for h to have no work running.
func stopped(h http.Handler, d time.Duration) bool {
	deadline := time.Now().Add(d)
	for time.Now().Before(deadline) {
		if h.(*handler).running.Load() == 0 {
			return true
		}
		time.Sleep(5 * time.Millisecond)
	}
	return false
}

// A request whose context is cancelled returns at once, and its generation
// stops at the library's next check.
func TestCancellation(t *testing.T) {
	h := quiet().Handler()
	for _, path := range []string{"/api/generate", "/api/png", "/api/steps"} {
		ctx, cancel := context.WithCancel(context.Background())
		req := newRequest(ctx, "POST", path, slowBody)
		w := httptest.NewRecorder()
		done := make(chan struct{})
		go func() {
			h.ServeHTTP(w, req)
			close(done)
		}()
		// Cancel while the generation runs.
		for deadline := time.Now().Add(5 * time.Second); h.(*handler).running.Load() == 0; {
			if time.Now().After(deadline) {
				t.Fatalf("%s: the generation did not start", path)
			}
			time.Sleep(time.Millisecond)
		}
		time.Sleep(100 * time.Millisecond)
		select {
		case <-done:
			t.Fatalf("%s: the slow request ended by itself: %d %s", path, w.Code, w.Body)
		default:
		}
		cancelled := time.Now()
		cancel()
		select {
		case <-done:
		case <-time.After(time.Second):
			t.Fatalf("%s: the handler did not return within a second of the cancellation", path)
		}
		if !stopped(h, 2*time.Second) {
			t.Fatalf("%s: the generation still runs 2s after the cancellation", path)
		}
		t.Logf("%s: stopped %v after the cancellation", path, time.Since(cancelled).Round(time.Millisecond))
	}
}

// The server's timeout stops a long generation with a 503.
func TestTimeout(t *testing.T) {
	h := Server{Timeout: 200 * time.Millisecond, Log: slog.New(slog.DiscardHandler)}.Handler()
	start := time.Now()
	w := call(t, h, "POST", "/api/generate", slowBody)
	if w.Code != http.StatusServiceUnavailable {
		t.Fatalf("status %d, want 503: %s", w.Code, w.Body)
	}
	if took := time.Since(start); took > 2*time.Second {
		t.Errorf("the request took %v with a 200ms timeout", took)
	}
	if e := errorOf(t, w); !strings.Contains(e.Message, "longer than 200ms, the server's time budget") || !strings.Contains(e.Message, "while generating the level") {
		t.Errorf("message %q", e.Message)
	}
	if !stopped(h, 2*time.Second) {
		t.Error("the generation still runs 2s after the timeout")
	}
}

func TestPNG(t *testing.T) {
	h := quiet().Handler()
	w := call(t, h, "POST", "/api/png", `{"ruleset": "tree", "seed": 2, "size": 256, "labels": true}`)
	if w.Code != http.StatusOK || w.Header().Get("Content-Type") != "image/png" {
		t.Fatalf("status %d, type %q: %s", w.Code, w.Header().Get("Content-Type"), w.Body)
	}
	img, err := png.Decode(bytes.NewReader(w.Body.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	if b := img.Bounds(); b.Dx() != 256 || b.Dy() != 256 {
		t.Errorf("image is %v, want 256 × 256", b)
	}
	d, err := levelfile.ReadJSON(bytes.NewReader(levelJSON(t, "tree", 2)))
	if err != nil {
		t.Fatal(err)
	}
	var want bytes.Buffer
	if err := (render.PNG{Size: 256, Labels: true}).Write(&want, d); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(w.Body.Bytes(), want.Bytes()) {
		t.Error("the PNG differs from render's for the same level and options")
	}
	// No size: DefaultPNGSize.
	w = call(t, h, "POST", "/api/png", `{"ruleset": "tree", "seed": 2}`)
	if img, err := png.DecodeConfig(bytes.NewReader(w.Body.Bytes())); err != nil || img.Width != DefaultPNGSize {
		t.Errorf("default size: %v, %v", img.Width, err)
	}
}

func TestSteps(t *testing.T) {
	w := call(t, quiet().Handler(), "POST", "/api/steps", `{"ruleset": "dungeon", "seed": 1}`)
	if w.Code != http.StatusOK {
		t.Fatalf("status %d: %s", w.Code, w.Body)
	}
	var fr frames
	if err := json.Unmarshal(w.Body.Bytes(), &fr); err != nil {
		t.Fatal(err)
	}
	d, err := levelfile.ReadJSON(bytes.NewReader(levelJSON(t, "dungeon", 1)))
	if err != nil {
		t.Fatal(err)
	}
	if !fr.Verified {
		t.Fatalf("not verified: %s", fr.Reason)
	}
	if len(fr.Build) != len(d.Trace.Steps)+1 || fr.Build[0].Step != -1 || len(fr.Build[0].Tag) != 1 {
		t.Errorf("%d build frames for %d steps; the first %+v", len(fr.Build), len(d.Trace.Steps), fr.Build[0])
	}
	for i, f := range fr.Build[1:] {
		// Each frame has the vertices the trace says exist after its step.
		n := 0
		for _, v := range d.Vertices {
			if v.CreatedBy <= i {
				n++
			}
		}
		if f.Step != i || len(f.Tag) != n || len(f.X) != n {
			t.Errorf("frame %d: step %d with %d vertices, want step %d with %d", i+1, f.Step, len(f.Tag), i, n)
		}
	}
	last := fr.Relax[len(fr.Relax)-1]
	if last.Iteration != d.Metrics.Relax.Iterations || fr.Scale != float64(d.Metrics.Relax.Scale) {
		t.Errorf("relax ends at iteration %d with scale %g, the level's %d and %g", last.Iteration, fr.Scale, d.Metrics.Relax.Iterations, d.Metrics.Relax.Scale)
	}
	for v := range d.Vertices {
		if dx, dy := last.X[v]-float64(d.Vertices[v].X), last.Y[v]-float64(d.Vertices[v].Y); dx*dx+dy*dy > 1 {
			t.Errorf("vertex %d ends the relax frames at (%g, %g), the level has (%g, %g)", v, last.X[v], last.Y[v], d.Vertices[v].X, d.Vertices[v].Y)
		}
	}
}

// A replay that does not reproduce the level says so and sends no frames.
func TestReplayUnverified(t *testing.T) {
	rs, lv := treeLevel(t)
	p := lv.Graph.Vertex(0).Pos
	p.X++
	lv.Graph.SetPos(0, p)
	fr, err := replay(context.Background(), rs, lv)
	if err != nil {
		t.Fatal(err)
	}
	if fr.Verified || !strings.Contains(fr.Reason, "vertex 0") || len(fr.Build) != 0 || len(fr.Relax) != 0 {
		t.Errorf("verified %v, reason %q, %d build and %d relax frames", fr.Verified, fr.Reason, len(fr.Build), len(fr.Relax))
	}
	lv.Seed++ // another build entirely
	if fr, _ := replay(context.Background(), rs, lv); fr.Verified || !strings.Contains(fr.Reason, "differs from the level's trace") {
		t.Errorf("another seed: verified %v, reason %q", fr.Verified, fr.Reason)
	}
}

func TestRulesetParams(t *testing.T) {
	h := quiet().Handler()
	w := call(t, h, "POST", "/api/ruleset", `{"ruleset": "dungeon", "set": {"relax.repulsion": 0.2}}`)
	if w.Code != http.StatusOK {
		t.Fatalf("status %d: %s", w.Code, w.Body)
	}
	var info rulesetInfo
	if err := json.Unmarshal(w.Body.Bytes(), &info); err != nil {
		t.Fatal(err)
	}
	rs, _ := rulesets.Bundled("dungeon")
	if info.Name != "dungeon" || info.Source != string(rs.Source) {
		t.Errorf("name %q, source of %d bytes", info.Name, len(info.Source))
	}
	byKey := map[string]param{}
	for _, p := range info.Params {
		byKey[p.Key] = p
	}
	tests := []struct {
		key, typ   string
		value, def any
	}{
		{"weights", "string", "rule", "rule"},
		{"build.max_vertices", "int", 36.0, 20.0},
		{"relax.repulsion", "float", 0.2, 0.05},
		{"layout.spring", "string", "log", "log"},
		{"layout.crossing_free", "bool", false, true},
		{"rooms.margin", "float", 50.0, 50.0},
		{"tags.b.label", "string", "boss", "b"},
		{"tags.e.role", "string", "entrance", ""},
		{"rules.start.weight", "float", 1.0, 1.0},
	}
	for _, tt := range tests {
		p, ok := byKey[tt.key]
		if !ok {
			t.Errorf("no parameter %s", tt.key)
			continue
		}
		if p.Type != tt.typ || p.Value != tt.value || p.Default != tt.def {
			t.Errorf("%s: %s %v (default %v), want %s %v (default %v)", tt.key, p.Type, p.Value, p.Default, tt.typ, tt.value, tt.def)
		}
	}
	if c := byKey["layout.spring"].Choices; !slices.Equal(c, []string{"log", "hooke"}) {
		t.Errorf("layout.spring choices %q", c)
	}
	if c := byKey["build.planar"].Choices; !slices.Equal(c, []string{"reject", "junction", "off"}) {
		t.Errorf("build.planar choices %q", c)
	}
	// Every key an override may set has its controls, "<tag>" and the
	// like expanded for the ruleset's names.
	for _, k := range rulesets.Keys() {
		if k == "name" || k == "description" {
			continue
		}
		prefix, key, named := strings.Cut(k, "<")
		if named {
			_, key, _ = strings.Cut(key, ">")
		}
		if !slices.ContainsFunc(info.Params, func(p param) bool {
			return strings.HasPrefix(p.Key, prefix) && strings.HasSuffix(p.Key, key)
		}) && (!named || strings.HasPrefix(k, "tags") || strings.HasPrefix(k, "rules")) {
			t.Errorf("no control for %s", k)
		}
	}
}

// /api/text answers render.Raster's text level, one layer per request.
func TestText(t *testing.T) {
	h := quiet().Handler()
	d, err := levelfile.ReadJSON(bytes.NewReader(levelJSON(t, "dungeon", 4)))
	if err != nil {
		t.Fatal(err)
	}
	var entity, variations bytes.Buffer
	if err := (render.Raster{}).WriteText(&entity, &variations, d); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		layer string
		want  []byte
	}{{"", entity.Bytes()}, {"entity", entity.Bytes()}, {"variations", variations.Bytes()}} {
		w := call(t, h, "POST", "/api/text", `{"ruleset": "dungeon", "seed": 4, "layer": "`+tt.layer+`"}`)
		if w.Code != http.StatusOK || w.Header().Get("Content-Type") != "text/plain; charset=utf-8" {
			t.Errorf("layer %q: status %d, type %q: %s", tt.layer, w.Code, w.Header().Get("Content-Type"), w.Body)
			continue
		}
		if !bytes.Equal(w.Body.Bytes(), tt.want) {
			t.Errorf("layer %q differs from render.Raster's", tt.layer)
		}
	}
}

// /api/tmj answers the level's grid map as Tiled JSON, the bytes of
// render.Raster's map on the asked lattice written by
// tiled.Options.WriteTMJ in the level's colours; an unknown lattice is a
// 400 that names the two.
func TestTMJ(t *testing.T) {
	h := quiet().Handler()
	d, err := levelfile.ReadJSON(bytes.NewReader(levelJSON(t, "dungeon", 4)))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		body    string
		lattice raster.Lattice
	}{
		{`{"ruleset": "dungeon", "seed": 4}`, raster.Square},
		{`{"ruleset": "dungeon", "seed": 4, "tiles": "square"}`, raster.Square},
		{`{"ruleset": "dungeon", "seed": 4, "tiles": "hex"}`, raster.Hex},
	} {
		m, err := render.Raster{Lattice: tc.lattice}.Map(d)
		if err != nil {
			t.Fatal(err)
		}
		var want bytes.Buffer
		if err := (tiled.Options{Document: d}).WriteTMJ(&want, m); err != nil {
			t.Fatal(err)
		}
		w := call(t, h, "POST", "/api/tmj", tc.body)
		if w.Code != http.StatusOK || w.Header().Get("Content-Type") != "application/json" {
			t.Fatalf("%s: status %d, type %q: %s", tc.body, w.Code, w.Header().Get("Content-Type"), w.Body)
		}
		if !bytes.Equal(w.Body.Bytes(), want.Bytes()) {
			t.Errorf("%s: /api/tmj differs from tiled's TMJ of render.Raster's %s map", tc.body, tc.lattice)
		}
	}
	w := call(t, h, "POST", "/api/tmj", `{"ruleset": "dungeon", "seed": 4, "tiles": "triangle"}`)
	if w.Code != http.StatusBadRequest || !strings.Contains(w.Body.String(), `want \"square\" or \"hex\"`) {
		t.Errorf("tiles triangle: status %d, %s; want 400 naming square and hex", w.Code, w.Body)
	}
}

func TestPageAndRoutes(t *testing.T) {
	h := quiet().Handler()
	tests := []struct {
		method, path string
		status       int
		typ, want    string
	}{
		{"GET", "/", 200, "text/html; charset=utf-8", "<title>dungraph tuner</title>"},
		{"GET", "/static/app.js", 200, "text/javascript; charset=utf-8", "window.tuner"},
		{"GET", "/static/map.js", 200, "text/javascript; charset=utf-8", "export function drawMap"},
		{"GET", "/static/style.css", 200, "text/css; charset=utf-8", "#level"},
		{"GET", "/static/nope.js", 404, "", ""},
		{"GET", "/etc/passwd", 404, "", ""},
		{"GET", "/static/../server.go", 307, "", ""}, // to /server.go, which is 404
		{"GET", "/api/generate", 405, "", ""},
		{"POST", "/api/rulesets", 405, "", ""},
		{"GET", "/api/config", 200, "application/json", `"max_vertices": 5000`},
	}
	for _, tt := range tests {
		w := call(t, h, tt.method, tt.path, "")
		if w.Code != tt.status {
			t.Errorf("%s %s: status %d, want %d", tt.method, tt.path, w.Code, tt.status)
			continue
		}
		if tt.typ != "" && w.Header().Get("Content-Type") != tt.typ {
			t.Errorf("%s %s: type %q, want %q", tt.method, tt.path, w.Header().Get("Content-Type"), tt.typ)
		}
		if !strings.Contains(w.Body.String(), tt.want) {
			t.Errorf("%s %s: body lacks %q", tt.method, tt.path, tt.want)
		}
		if w.Header().Get("X-Content-Type-Options") != "nosniff" {
			t.Errorf("%s %s: no nosniff header", tt.method, tt.path)
		}
	}
}

func TestConfig(t *testing.T) {
	h := Server{RulesetTOML: []byte("name = \"x\"\n"), RulesetFile: "x.toml", Timeout: 3 * time.Second}.Handler()
	var c config
	if err := json.Unmarshal(call(t, h, "GET", "/api/config", "").Body.Bytes(), &c); err != nil {
		t.Fatal(err)
	}
	if c.Ruleset != rulesets.DefaultName || c.RulesetTOML != "name = \"x\"\n" || c.RulesetFile != "x.toml" || c.Limits.TimeoutMS != 3000 {
		t.Errorf("config %+v", c)
	}
}

// A panic in a handler or in a generation is a logged 500, not a crash.
func TestPanics(t *testing.T) {
	var log bytes.Buffer
	logger := slog.New(slog.NewTextHandler(&log, nil))
	h := recoverer(logger, http.HandlerFunc(func(http.ResponseWriter, *http.Request) { panic("boom") }))
	w := call(t, h, "GET", "/", "")
	if w.Code != http.StatusInternalServerError || !strings.Contains(errorOf(t, w).Message, "internal error") {
		t.Errorf("status %d: %s", w.Code, w.Body)
	}
	if !strings.Contains(log.String(), "boom") {
		t.Errorf("the panic is not logged: %s", log.String())
	}

	log.Reset()
	hh := Server{Log: logger}.Handler().(*handler)
	err := hh.work(context.Background(), func(context.Context) error { panic("bang") })
	if !errors.Is(err, errPanic) || !strings.Contains(log.String(), "bang") {
		t.Errorf("work: %v; log %s", err, log.String())
	}
	if !stopped(hh, time.Second) {
		t.Error("the panicking work still counts as running")
	}
}

// Requests in parallel share nothing: run with -race.
func TestConcurrent(t *testing.T) {
	h := quiet().Handler()
	want := levelJSON(t, "tree", 5)
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Go(func() {
			path, body := "/api/generate", `{"ruleset": "tree", "seed": 5}`
			switch i % 4 {
			case 1:
				path, body = "/api/png", `{"ruleset": "tree", "seed": 5, "size": 128}`
			case 2:
				path = "/api/steps"
			case 3:
				path, body = "/api/ruleset", `{"ruleset": "tree"}`
			}
			w := call(t, h, "POST", path, body)
			if w.Code != http.StatusOK {
				t.Errorf("%s: status %d: %s", path, w.Code, w.Body)
			}
			if path == "/api/generate" && !bytes.Equal(w.Body.Bytes(), want) {
				t.Errorf("concurrent generation differs")
			}
		})
	}
	wg.Wait()
}

func TestCheckAddr(t *testing.T) {
	tests := []struct {
		addr   string
		public bool
		ok     bool
	}{
		{"127.0.0.1:8080", false, true},
		{"127.1.2.3:0", false, true},
		{"localhost:8080", false, true},
		{"[::1]:8080", false, true},
		{"0.0.0.0:8080", false, false},
		{":8080", false, false},
		{"192.168.1.2:8080", false, false},
		{"example.com:80", false, false},
		{"0.0.0.0:8080", true, true},
		{":8080", true, true},
		{"8080", false, false},
		{"8080", true, false},
	}
	for _, tt := range tests {
		if err := CheckAddr(tt.addr, tt.public); (err == nil) != tt.ok {
			t.Errorf("CheckAddr(%q, %v) = %v, want ok %v", tt.addr, tt.public, err, tt.ok)
		}
	}
}

// docs/serve.md documents every endpoint under a heading of its own.
func TestDocs(t *testing.T) {
	b, err := os.ReadFile("../docs/serve.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range quiet().Handler().(*handler).api() {
		if !bytes.Contains(b, []byte("### `"+r.pattern+"`")) {
			t.Errorf("docs/serve.md has no section ### `%s`", r.pattern)
		}
	}
}

// No request body makes the server fail: every answer is a success or the
// client's error.
func FuzzRequest(f *testing.F) {
	f.Add(`{"ruleset": "tree", "set": {"build.max_vertices": 12}}`)
	f.Add(`{"ruleset_toml": "name = \"x\"\n[build]\nmax_vertices = 0\n", "ruleset_file": "x.toml"}`)
	f.Add(`{"ruleset": "tree", "set": {"tags.a.color": "#ff0000", "weights": "match", "relax.repulsion": 1e-3}}`)
	f.Add(`{"ruleset": "tree", "set": {"": null, "a=b": [1], "rules.rule1.weight": -1}}`)
	f.Add(`{"ruleset": 7}`)
	f.Add(`[]`)
	h := Server{MaxBody: 1 << 12, Log: slog.New(slog.DiscardHandler)}.Handler()
	f.Fuzz(func(t *testing.T, body string) {
		w := call(t, h, "POST", "/api/ruleset", body)
		switch w.Code {
		case http.StatusOK, http.StatusBadRequest, http.StatusRequestEntityTooLarge:
		default:
			t.Fatalf("status %d for %q: %s", w.Code, body, w.Body)
		}
		if !json.Valid(w.Body.Bytes()) {
			t.Fatalf("answer is not JSON: %s", w.Body)
		}
	})
}
