package serve

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"math"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/chromedp"

	"github.com/dungraph/dungraph/rulesets"
)

// chromium finds the browser for TestBrowser: $DUNGRAPH_CHROMIUM, else the
// first of Debian's and the usual names on $PATH.
func chromium(t *testing.T) string {
	if p := os.Getenv("DUNGRAPH_CHROMIUM"); p != "" {
		return p
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "headless-shell"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	t.Skip("browser test: no chromium binary found: install one (apt-get install -y chromium) or set DUNGRAPH_CHROMIUM to its path")
	return ""
}

// TestBrowser drives the page in headless Chromium: it loads the page,
// moves a slider and sees the drawing change, steps through the build,
// downloads the JSON and compares it with what `dungraph generate` writes
// for the command line the page copies, and takes a screenshot (written to
// $DUNGRAPH_SCREENSHOT too, when set: docs/images/serve.png is made so).
func TestBrowser(t *testing.T) {
	if testing.Short() {
		// The page's work is in the browser; the server's concurrency is
		// TestConcurrent's and TestCancellation's, which -short keeps.
		t.Skip("the browser test runs without -short")
	}
	exe := chromium(t)
	ts := httptest.NewServer(Server{Log: slog.New(slog.DiscardHandler)}.Handler())
	defer ts.Close()

	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(exe),
		chromedp.NoSandbox, // root in a container has no sandbox
		chromedp.Flag("disable-gpu", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.WindowSize(1280, 800),
	)
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	defer cancelAlloc()
	ctx, cancelTab := chromedp.NewContext(actx)
	defer cancelTab()
	ctx, cancel := context.WithTimeout(ctx, 40*time.Second)
	defer cancel()

	must := func(what string, err error) {
		t.Helper()
		if err != nil {
			t.Fatalf("%s: %v", what, err)
		}
	}
	eval := func(js string) string {
		t.Helper()
		s, err := chromedp.Run(ctx, chromedp.Evaluate[string](js))
		must(js, err)
		return s
	}
	wait := func(js string) {
		t.Helper()
		_, err := chromedp.Run(ctx, chromedp.Poll[chromedp.Void](js, chromedp.WithPollingTimeout(15*time.Second)))
		must("waiting for "+js, err)
	}
	// idle: the page has drawn generation n or later and waits for nothing.
	idle := func(n int) {
		t.Helper()
		wait(fmt.Sprintf(`tuner.state.generation >= %d && !tuner.state.inflight && !tuner.state.timer`, n))
	}

	must("start", chromedp.Do(ctx, chromedp.EmulateViewport(1280, 800)))
	var mu sync.Mutex
	var exceptions []string
	go func() {
		for m, err := range chromedp.Console(ctx) {
			if err != nil {
				return
			}
			if m.IsException() {
				mu.Lock()
				exceptions = append(exceptions, m.String())
				mu.Unlock()
			}
		}
	}()
	defer func() {
		mu.Lock()
		defer mu.Unlock()
		for _, e := range exceptions {
			t.Errorf("page exception: %s", e)
		}
	}()

	start := time.Now()
	must("navigate", chromedp.Do(ctx, chromedp.Navigate(ts.URL)))
	idle(1)
	if got := eval(`document.getElementById("ruleset").value`); got != rulesets.DefaultName {
		t.Errorf("the page opened with ruleset %q, want %q", got, rulesets.DefaultName)
	}
	if n := eval(`String(document.querySelectorAll("#level rect").length)`); n == "0" {
		t.Fatalf("the level has no rooms drawn; the page says: %s", eval(`document.getElementById("error").textContent`))
	}
	// The info panel shows the dungeon level's walkthrough.
	panel := eval(`document.getElementById("metrics").textContent`)
	walk := eval(`tuner.state.doc.route.solution.walk.join(" → ")`)
	if !strings.Contains(panel, "solvableyes") || !strings.Contains(panel, "essential locks") || walk == "" || !strings.Contains(panel, "walk"+walk) {
		t.Errorf("the info panel does not show the walkthrough %q:\n%s", walk, panel)
	}
	// Every value can be read whole inside the panel: its text wraps
	// instead of running past its box (which the grid keeps inside the
	// panel, whose overflow is hidden). Checked on the values shown, and
	// on each row again with a list of rooms just short enough to share
	// the row with its name.
	for _, probe := range []string{"", "r10, r11, r12, r13, r14"} {
		if hidden := eval(fmt.Sprintf(`(() => {
			const probe = %q;
			return [...document.querySelectorAll("#metrics dd")].filter((d) => {
				const text = d.textContent;
				if (probe) d.textContent = probe;
				const cut = d.scrollWidth > d.clientWidth;
				d.textContent = text;
				return cut;
			}).map((d) => d.previousElementSibling.textContent).join(", ");
		})()`, probe)); hidden != "" {
			t.Errorf("metric values cut off (showing %q): %s", probe, hidden)
		}
	}
	keys := eval(`String(tuner.state.doc.route.solution.keys.length + tuner.state.doc.route.solution.locks.length)`)
	if got := eval(`String(document.querySelectorAll('#level title').length ? [...document.querySelectorAll('#level title')].filter((t) => /^(key|lock) /.test(t.textContent)).length : 0)`); got != keys {
		t.Errorf("%s key and lock markers drawn, want %s", got, keys)
	}
	if eval(`String(!!document.querySelector('#level polyline'))`) != "true" {
		t.Error("the walkthrough is not drawn")
	}
	for _, key := range []string{"build.max_vertices", "layout.repulsion", "relax.repulsion", "rooms.margin"} {
		if eval(fmt.Sprintf(`String(!!document.querySelector('.param[data-key="%s"]'))`, key)) != "true" {
			t.Errorf("no control for %s", key)
		}
	}

	// A slider regenerates the level and changes the drawing.
	before := eval(`document.getElementById("level").innerHTML`)
	eval(`(() => {
		const s = document.querySelector('.param[data-key="relax.repulsion"] input.slider');
		s.value = Number(s.value) + 60;
		s.dispatchEvent(new Event("input", {bubbles: true}));
		return "";
	})()`)
	idle(2)
	if after := eval(`document.getElementById("level").innerHTML`); after == before {
		t.Error("the drawing did not change after the slider moved")
	}
	checkMapView(t, eval, ts.URL)
	checkHexMapView(t, eval, wait, ts.URL)
	// Copy --set flags gives the command line docs/serve.md shows after
	// this very slider move.
	flags := eval(`tuner.flagsText()`)
	if want := copiedFlagsDoc(t); flags != want {
		t.Errorf("copied flags\n%s\nwhere docs/serve.md shows\n%s", flags, want)
	}

	// Step mode: the start, then rule by rule with the match highlighted.
	must("step mode", chromedp.Do(ctx, chromedp.Click(chromedp.ID("step-toggle"))))
	wait(`tuner.state.step.frames.length > 0 && !tuner.state.step.inflight`)
	if v := eval(`String(tuner.state.step.verified)`); v != "true" {
		t.Errorf("step mode plays the trace, not the replay: %s", eval(`tuner.state.step.reason`))
	}
	if c := eval(`document.getElementById("step-caption").textContent`); !strings.HasPrefix(c, "Start") {
		t.Errorf("first frame's caption %q, want the start", c)
	}
	must("next", chromedp.Do(ctx, chromedp.Click(chromedp.ID("step-next")), chromedp.Click(chromedp.ID("step-next"))))
	if c := eval(`document.getElementById("step-caption").textContent`); !strings.HasPrefix(c, "Step 2 of ") {
		t.Errorf("third frame's caption %q, want step 2", c)
	}
	if n := eval(`String(document.querySelectorAll('#level circle[stroke="#d62728"]').length)`); n == "0" {
		t.Error("step 2's matched vertices are not highlighted")
	}
	must("last", chromedp.Do(ctx, chromedp.Click(chromedp.ID("step-last"))))
	if c := eval(`document.getElementById("step-caption").textContent`); c != "The level" {
		t.Errorf("last frame's caption %q, want the level", c)
	}
	must("step mode off", chromedp.Do(ctx, chromedp.Click(chromedp.ID("step-toggle"))))

	// The JSON download is what dungraph generate writes for the copied
	// command line.
	dir := t.TempDir()
	progress := chromedp.Events(ctx, browser.DownloadProgress)
	must("download", chromedp.Do(ctx,
		chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
			_, err := chromedp.Call(ctx, browser.SetDownloadBehavior, browser.SetDownloadBehaviorParams{
				Behavior: browser.SetDownloadBehaviorBehaviorAllowAndName, DownloadPath: dir, EventsEnabled: new(true),
			})
			return err
		}),
		chromedp.Click(chromedp.ID("download-json")),
	))
	var got []byte
	for ev, err := range progress {
		must("download progress", err)
		if ev.State == browser.DownloadProgressStateCompleted {
			got, err = os.ReadFile(filepath.Join(dir, ev.GUID))
			must("reading the download", err)
			break
		}
		if ev.State == browser.DownloadProgressStateCanceled {
			t.Fatal("the download was cancelled")
		}
	}
	if want := generateFromFlags(t, flags); !bytes.Equal(got, want) {
		t.Errorf("downloaded JSON (%d bytes) differs from dungraph generate's (%d bytes) for\n%s", len(got), len(want), flags)
	}
	t.Logf("page checks took %v", time.Since(start).Round(time.Millisecond))

	checkTurnStep(t, eval, wait, diagonalTOML(t))

	// Another ruleset from the picker, and the seed buttons.
	gen := eval(`String(tuner.state.generation)`)
	eval(`(() => {
		const s = document.getElementById("ruleset");
		s.value = "cycles";
		s.dispatchEvent(new Event("change"));
		return "";
	})()`)
	wait(`tuner.state.generation > ` + gen + ` && !tuner.state.inflight && !tuner.state.timer`)
	must("seed buttons", chromedp.Do(ctx, chromedp.Click(chromedp.ID("seed-next")), chromedp.Click(chromedp.ID("seed-next"))))
	gen = eval(`String(tuner.state.generation)`)
	wait(`tuner.state.generation > ` + gen + ` && !tuner.state.inflight && !tuner.state.timer`)
	if got := eval(`tuner.state.doc.ruleset.name + " " + tuner.state.doc.seed + " " + tuner.state.changed.size`); got != "cycles 3 0" {
		t.Errorf("after picking cycles and two seeds on, the page shows %q, want cycles 3 with no changes", got)
	}

	// The screenshot of the README: a level with its metrics and a
	// changed parameter.
	gen = eval(`String(tuner.state.generation)`)
	eval(`(() => {
		const s = document.querySelector('.param[data-key="relax.repulsion"] input.slider');
		s.value = Number(s.value) + 60;
		s.dispatchEvent(new Event("input", {bubbles: true}));
		return "";
	})()`)
	wait(`tuner.state.generation > ` + gen + ` && !tuner.state.inflight && !tuner.state.timer`)
	if e := eval(`document.getElementById("error").textContent`); e != "" {
		t.Errorf("the page shows an error: %s", e)
	}
	shot, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	must("screenshot", err)
	must("writing the screenshot", os.WriteFile(filepath.Join(t.TempDir(), "serve.png"), shot, 0o644))
	if p := os.Getenv("DUNGRAPH_SCREENSHOT"); p != "" {
		must("writing $DUNGRAPH_SCREENSHOT", os.WriteFile(p, shot, 0o644))
	}
}

// mapOf is /api/tmj's map of the page's level on tiles, with the colour
// ("rrggbb") of each global tile id.
type mapOf struct {
	Width, Height                        int
	Orientation                          string
	TileWidth, TileHeight, HexSideLength int
	Layers                               []struct{ Data []int }
	Tilesets                             []struct {
		FirstGID int
		Tiles    []struct {
			ID         int
			Properties []struct{ Name, Value string }
		}
	}
	color map[int]string
}

func fetchMap(t *testing.T, eval func(string) string, url, tiles string) *mapOf {
	t.Helper()
	body := eval(`JSON.stringify(Object.assign(tuner.request(), {tiles: "` + tiles + `"}))`)
	res, err := http.Post(url+"/api/tmj", "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var tmj mapOf
	if err := json.NewDecoder(res.Body).Decode(&tmj); err != nil || res.StatusCode != http.StatusOK || len(tmj.Layers) == 0 || len(tmj.Tilesets) != 1 {
		t.Fatalf("/api/tmj: status %d, %v", res.StatusCode, err)
	}
	tmj.color = map[int]string{}
	for _, tile := range tmj.Tilesets[0].Tiles {
		for _, p := range tile.Properties {
			if p.Name == "color" && len(p.Value) == 9 {
				tmj.color[tmj.Tilesets[0].FirstGID+tile.ID] = p.Value[3:]
			}
		}
	}
	for _, gid := range tmj.Layers[0].Data {
		if _, ok := tmj.color[gid]; !ok {
			t.Fatalf("/api/tmj: tile %d has no color property", gid)
		}
	}
	return &tmj
}

// canvasPixels returns the map canvas's pixels as "rrggbb" runs, row by
// row.
func canvasPixels(eval func(string) string) string {
	return eval(`(() => {
		const c = document.getElementById("map");
		const d = c.getContext("2d").getImageData(0, 0, c.width, c.height).data;
		let s = "";
		for (let i = 0; i < d.length; i += 4) s += [d[i], d[i + 1], d[i + 2]].map((v) => v.toString(16).padStart(2, "0")).join("");
		return s;
	})()`)
}

// checkMapView checks the page's map view against the server's map of the
// page's level (/api/tmj): the canvas stands beside the diagram and has a
// pixel per cell, each in the colour of its cell's tile (the tile's
// "color" property, which the tiled tests hold to the tileset image).
func checkMapView(t *testing.T, eval func(string) string, url string) {
	t.Helper()
	tmj := fetchMap(t, eval, url, "square")
	if got := eval(`(() => {
		const m = document.getElementById("map").getBoundingClientRect(), l = document.getElementById("level").getBoundingClientRect();
		return String(!document.getElementById("map").hidden && m.width > 50 && m.left >= l.right);
	})()`); got != "true" {
		t.Errorf("the map view is not shown beside the diagram")
	}
	size := eval(`(() => { const c = document.getElementById("map"); return c.width + "x" + c.height; })()`)
	if want := fmt.Sprintf("%dx%d", tmj.Width, tmj.Height); size != want {
		t.Fatalf("the map canvas is %s pixels, want a pixel per cell: %s", size, want)
	}
	pixels := canvasPixels(eval)
	bad := 0
	for i, gid := range tmj.Layers[0].Data {
		want := tmj.color[gid]
		if got := pixels[6*i : 6*i+6]; got != want {
			if bad++; bad <= 3 {
				t.Errorf("map view: cell (%d, %d) is #%s, want #%s", i%tmj.Width, i/tmj.Width, got, want)
			}
		}
	}
	if bad > 0 {
		t.Errorf("map view: %d of %d cells in the wrong colour", bad, len(tmj.Layers[0].Data))
	}
}

// generateFromFlags makes the level of a `dungraph generate --ruleset R
// --seed N --set k=v...` command line (as the page copies it) the way the
// command does, and returns its JSON.
func generateFromFlags(t *testing.T, cmdline string) []byte {
	t.Helper()
	args := strings.Fields(strings.ReplaceAll(cmdline, "\\\n", " "))
	var name string
	var seed uint64
	var sets []string
	for i := 2; i+1 < len(args); i += 2 {
		switch args[i] {
		case "--ruleset":
			name = args[i+1]
		case "--seed":
			if _, err := fmt.Sscan(args[i+1], &seed); err != nil {
				t.Fatalf("seed in %q: %v", cmdline, err)
			}
		case "--set":
			sets = append(sets, args[i+1])
		default:
			t.Fatalf("unexpected argument %q in %q", args[i], cmdline)
		}
	}
	return levelJSON(t, name, seed, sets...)
}

// copiedFlagsDoc returns the command line docs/serve.md shows for Copy
// --set flags: the first fenced block after that button's name.
func copiedFlagsDoc(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile("../docs/serve.md")
	if err != nil {
		t.Fatal(err)
	}
	_, after, ok := strings.Cut(string(b), "*Copy --set flags*")
	if ok {
		_, after, ok = strings.Cut(after, "  ```\n")
	}
	block, _, closed := strings.Cut(after, "  ```\n")
	if !ok || !closed {
		t.Fatal("docs/serve.md shows no block after *Copy --set flags*")
	}
	lines := strings.Split(strings.TrimSuffix(block, "\n"), "\n")
	for i, l := range lines {
		lines[i] = strings.TrimPrefix(l, "  ")
	}
	return strings.Join(lines, "\n")
}

// checkHexMapView picks hexagons for the map view and checks the canvas
// against the server's hexagonal map of the page's level: the pixel at the
// centre of each tile, found from the map's own tile size, side length and
// stagger (odd rows half a tile right), is in the colour of its tile. It
// then picks squares again.
func checkHexMapView(t *testing.T, eval func(string) string, wait func(string), url string) {
	t.Helper()
	pick := func(tiles, orientation string) {
		t.Helper()
		eval(`(() => {
			const s = document.getElementById("tiles");
			s.value = "` + tiles + `";
			s.dispatchEvent(new Event("change", {bubbles: true}));
			return "";
		})()`)
		wait(`tuner.state.tmj && tuner.state.tmj.orientation === "` + orientation + `" && !tuner.state.mapCtl && !tuner.state.inflight`)
	}
	pick("hex", "hexagonal")
	tmj := fetchMap(t, eval, url, "hex")
	if tmj.Orientation != "hexagonal" || tmj.HexSideLength <= 0 {
		t.Fatalf("/api/tmj with tiles hex: orientation %q, hexsidelength %d", tmj.Orientation, tmj.HexSideLength)
	}
	var width int
	if _, err := fmt.Sscan(eval(`String(document.getElementById("map").width)`), &width); err != nil {
		t.Fatal(err)
	}
	// The page draws tiles 8 pixels wide, in the map's proportions.
	k := 8 / float64(tmj.TileWidth)
	w, h, side := 8.0, float64(tmj.TileHeight)*k, float64(tmj.HexSideLength)*k
	if want := int(math.Ceil(float64(tmj.Width)*w + w/2)); width != want {
		t.Fatalf("the hexagonal map canvas is %d pixels wide, want %d", width, want)
	}
	pixels := canvasPixels(eval)
	bad := 0
	for i, gid := range tmj.Layers[0].Data {
		x, y := i%tmj.Width, i/tmj.Width
		cx := float64(x)*w + w/2
		if y%2 == 1 {
			cx += w / 2
		}
		cy := float64(y)*(h+side)/2 + h/2
		p := int(cy)*width + int(cx)
		if got, want := pixels[6*p:6*p+6], tmj.color[gid]; got != want {
			if bad++; bad <= 3 {
				t.Errorf("hexagonal map view: tile (%d, %d) is #%s at its centre, want #%s", x, y, got, want)
			}
		}
	}
	if bad > 0 {
		t.Errorf("hexagonal map view: %d of %d tiles in the wrong colour", bad, len(tmj.Layers[0].Data))
	}
	pick("square", "orthogonal")
}

// checkTurnStep pastes diagonal.toml, whose seed 1 layout.Orient turns,
// and plays step mode to its end: the frame before the level is the turn,
// captioned with its angle and direction from the level's cosine and sine,
// drawn at the level's positions; the frame before it is the relax pass's
// unturned drawing; the last is the level.
func checkTurnStep(t *testing.T, eval func(string) string, wait func(string), toml string) {
	t.Helper()
	gen := eval(`String(tuner.state.generation)`)
	eval(fmt.Sprintf(`(() => {
		document.getElementById("toml").value = %q;
		document.getElementById("toml-name").value = "diagonal.toml";
		document.getElementById("seed").value = "1";
		document.getElementById("seed").dispatchEvent(new Event("change"));
		document.getElementById("toml-load").click();
		return "";
	})()`, toml))
	wait(`tuner.state.generation > ` + gen + ` && !tuner.state.inflight && !tuner.state.timer && tuner.state.doc.ruleset.name === "diagonal" && tuner.state.doc.seed === 1`)
	eval(`(document.getElementById("step-toggle").click(), "")`)
	wait(`tuner.state.step.frames.length > 0 && !tuner.state.step.inflight`)
	if v := eval(`String(tuner.state.step.verified)`); v != "true" {
		t.Fatalf("diagonal seed 1: step mode plays the trace, not the replay: %s", eval(`tuner.state.step.reason`))
	}
	caption := func() string { return eval(`document.getElementById("step-caption").textContent`) }
	eval(`(document.getElementById("step-last").click(), "")`)
	if c := caption(); c != "The level" {
		t.Errorf("diagonal seed 1: last frame's caption %q, want the level", c)
	}
	eval(`(document.getElementById("step-prev").click(), "")`)
	// Seed 1 turns by cos 0.948, sin 0.317 (18.5 degrees counter-clockwise
	// with y up: clockwise on the page) and its box from 2.44e8 to 5.52e7.
	if c, want := caption(), "Turned 19 degrees clockwise to lie along the axes: the rooms' bounding box is 77% smaller (rooms keep their axes)"; c != want {
		t.Errorf("diagonal seed 1: the frame before the level has caption\n%q, want\n%q", c, want)
	}
	// The turn frame draws the rooms where the level has them.
	if off := eval(`(() => {
		const f = tuner.state.step.frames[tuner.state.step.index];
		return tuner.state.doc.vertices.filter((v) => f.t.x[v.id] !== v.x || f.t.y[v.id] !== v.y).length + "";
	})()`); off != "0" {
		t.Errorf("diagonal seed 1: %s rooms of the turn frame are not where the level has them", off)
	}
	eval(`(document.getElementById("step-prev").click(), "")`)
	if c := caption(); !strings.Contains(c, "final positions, rounded, before the turn") {
		t.Errorf("diagonal seed 1: the frame before the turn has caption %q, want the relax pass's final positions before the turn", c)
	}
	eval(`(document.getElementById("step-toggle").click(), "")`)
}
