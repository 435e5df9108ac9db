package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/dungraph/dungraph/rulesets"
)

// lines is a writer for a command's stderr that others may read while it
// runs, and that reports the server's address once it is printed.
type lines struct {
	mu   sync.Mutex
	buf  bytes.Buffer
	addr chan string // never reassigned: the test reads it unlocked
	sent bool
}

var servingRE = regexp.MustCompile(`dungraph serve: (http://\S+/) `)

func (l *lines) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.buf.Write(p)
	if m := servingRE.FindSubmatch(l.buf.Bytes()); m != nil && !l.sent {
		l.addr <- string(m[1])
		l.sent = true
	}
	return len(p), nil
}

func (l *lines) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.String()
}

// The server answers what the command prints: /api/rulesets is `dungraph
// rulesets --json`, and /api/generate is `dungraph generate --format json`
// with the set map as --set flags in sorted order, for a bundled ruleset
// and for a file pasted under its name. Ctrl-C (the context) stops it.
func TestServeMatchesCommand(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	stderr := &lines{addr: make(chan string, 1)}
	a := &app{stdout: io.Discard, stderr: stderr}
	exit := make(chan int, 1)
	go func() { exit <- a.execute(ctx, []string{"serve", "--addr", "127.0.0.1:0"}) }()
	var base string
	select {
	case base = <-stderr.addr:
	case code := <-exit:
		t.Fatalf("serve exited with %d: %s", code, stderr)
	case <-time.After(10 * time.Second):
		t.Fatalf("serve printed no address: %s", stderr)
	}

	get := func(path string) []byte {
		t.Helper()
		res, err := http.Get(base + strings.TrimPrefix(path, "/"))
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		if res.StatusCode != http.StatusOK {
			t.Fatalf("GET %s: %s: %s", path, res.Status, b)
		}
		return b
	}
	post := func(path string, body any) []byte {
		t.Helper()
		j, _ := json.Marshal(body)
		res, err := http.Post(base+strings.TrimPrefix(path, "/"), "application/json", bytes.NewReader(j))
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		if res.StatusCode != http.StatusOK {
			t.Fatalf("POST %s: %s: %s", path, res.Status, b)
		}
		return b
	}
	command := func(args ...string) []byte {
		t.Helper()
		code, stdout, stderr := runApp(t, args...)
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", strings.Join(args, " "), code, stderr)
		}
		return []byte(stdout)
	}

	if got, want := get("/api/rulesets"), command("rulesets", "--json"); !bytes.Equal(got, want) {
		t.Errorf("/api/rulesets:\n%s\ndungraph rulesets --json:\n%s", got, want)
	}

	set := map[string]any{"relax.repulsion": 0.1, "tags.p.color": "#ff0000", "build.max_vertices": 40, "layout.crossing_free": false}
	got := post("/api/generate", map[string]any{"ruleset": "dungeon", "seed": 7, "set": set})
	want := command("generate", "--ruleset", "dungeon", "--seed", "7", "--format", "json", "--out", "-", "-q",
		"--set", "build.max_vertices=40", "--set", "layout.crossing_free=false", "--set", "relax.repulsion=0.1", "--set", "tags.p.color=#ff0000")
	if !bytes.Equal(got, want) {
		t.Errorf("/api/generate differs from dungraph generate with the --set flags in sorted order")
	}

	// The text level's two layers are generate's level.txt and
	// level.variations.txt.
	dir := t.TempDir()
	command("generate", "--ruleset", "dungeon", "--seed", "4", "--format", "text", "--out", dir, "-q")
	for layer, file := range map[string]string{"entity": "level.txt", "variations": "level.variations.txt"} {
		want, err := os.ReadFile(filepath.Join(dir, file))
		if err != nil {
			t.Fatal(err)
		}
		if got := post("/api/text", map[string]any{"ruleset": "dungeon", "seed": 4, "layer": layer}); !bytes.Equal(got, want) {
			t.Errorf("/api/text layer %s differs from dungraph generate's %s", layer, file)
		}
	}

	rs, err := rulesets.Bundled("cycles")
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "mine.toml")
	if err := os.WriteFile(file, rs.Source, 0o644); err != nil {
		t.Fatal(err)
	}
	got = post("/api/generate", map[string]any{"ruleset_toml": string(rs.Source), "ruleset_file": file, "seed": 3})
	want = command("generate", "--ruleset", file, "--seed", "3", "--format", "json", "--out", "-", "-q")
	if !bytes.Equal(got, want) {
		t.Errorf("/api/generate of pasted TOML differs from dungraph generate --ruleset FILE")
	}

	cancel()
	select {
	case code := <-exit:
		if code != 0 {
			t.Errorf("serve exited with %d after Ctrl-C: %s", code, stderr)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("serve did not stop after Ctrl-C")
	}
	if !strings.Contains(stderr.String(), "dungraph serve: stopped") {
		t.Errorf("stderr: %s", stderr)
	}
}

// TestServePortInUse: a port another program holds is an error that says
// so and how to pick another, not the bare bind error.
func TestServePortInUse(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	code, _, stderr := runApp(t, "serve", "--addr", ln.Addr().String())
	if code != exitFailed || !strings.Contains(stderr, "another program (another dungraph serve?) listens on "+ln.Addr().String()) || !strings.Contains(stderr, "--addr 127.0.0.1:0") {
		t.Errorf("serve on a taken port: exit %d, stderr %q; want %d and a hint to choose another --addr", code, stderr, exitFailed)
	}
}
