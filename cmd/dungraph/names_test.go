package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode"
)

// A hand-edited level file whose ruleset name and tag labels hold NUL, ESC
// and U+202E: solve and render write them escaped to the terminal and to
// every file, never raw.
func TestHostileNamesEscaped(t *testing.T) {
	dir := t.TempDir()
	if code, _, stderr := runApp(t, "generate", "--seed", "1", "--format", "json", "--out", dir, "-q"); code != 0 {
		t.Fatalf("generate: %d %s", code, stderr)
	}
	path := filepath.Join(dir, "level.json")
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var doc map[string]any
	if err := json.Unmarshal(raw, &doc); err != nil {
		t.Fatal(err)
	}
	const hostile = "x\x00\x1b[31mred\u202eevil"
	doc["ruleset"].(map[string]any)["name"] = hostile
	for _, tag := range doc["params"].(map[string]any)["tags"].(map[string]any) {
		tag.(map[string]any)["label"] = hostile
	}
	if raw, err = json.Marshal(doc); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, raw, 0o644); err != nil {
		t.Fatal(err)
	}
	bad := func(s string) bool {
		return strings.IndexFunc(s, func(r rune) bool {
			return r != '\t' && r != '\n' && r != '\r' && unicode.IsControl(r) || unicode.Is(unicode.Bidi_Control, r)
		}) >= 0
	}
	const escaped = `x\x00\x1b[31mred\u202eevil`
	code, stdout, stderr := runApp(t, "solve", path)
	if code != 0 || bad(stdout+stderr) || !strings.Contains(stdout, escaped) {
		t.Errorf("solve: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	code, stdout, stderr = runApp(t, "render", path, "--format", "graphcoloring,tmx,tmj,text,tiles")
	if code != 0 || bad(stdout+stderr) {
		t.Fatalf("render: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "level.*"))
	for _, f := range files {
		if strings.HasSuffix(f, ".png") || strings.HasSuffix(f, "level.json") {
			continue
		}
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if bad(string(b)) {
			t.Errorf("%s holds a raw control character", filepath.Base(f))
		}
	}
}
