package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"os"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strings"
	"testing"
)

// runApp runs a command line in-process and returns its exit code, stdout
// and stderr.
func runApp(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	a := &app{stdout: &stdout, stderr: &stderr}
	code := a.execute(context.Background(), args)
	return code, stdout.String(), stderr.String()
}

// The --json outputs must be JSON that a script can decode into the
// documented shapes; the scripts check their text.
func TestJSONOutputsDecode(t *testing.T) {
	dir := t.TempDir()
	host := filepath.Join(dir, "level.json")
	if code, _, stderr := runApp(t, "generate", "--seed", "1", "--format", "json", "--out", dir, "--quiet"); code != 0 {
		t.Fatalf("generate: exit %d: %s", code, stderr)
	}
	bad := filepath.Join(dir, "bad.toml")
	if err := os.WriteFile(bad, []byte("name = \"bad\"\n[build]\nmax_vertices = 0\n"), 0o644); err != nil {
		t.Fatal(err)
	}

	type matchesOut struct {
		Rule    string `json:"rule"`
		Matches []struct {
			Map map[string]int `json:"map"`
		} `json:"matches"`
		Rejected []struct {
			Map    map[string]int `json:"map"`
			Reason string         `json:"reason"`
		} `json:"rejected"`
	}
	tests := []struct {
		name     string
		args     []string
		wantCode int
		into     func() any
		check    func(t *testing.T, v any)
	}{
		{
			name: "rulesets",
			args: []string{"rulesets", "--json"},
			into: func() any { return &[]struct{ Name, Description string }{} },
			check: func(t *testing.T, v any) {
				list := *v.(*[]struct{ Name, Description string })
				found := false
				for _, e := range list {
					if e.Description == "" {
						t.Errorf("ruleset %s has no description", e.Name)
					}
					found = found || e.Name == "dungeon"
				}
				if !found {
					t.Errorf("rulesets --json lacks dungeon: %v", list)
				}
			},
		},
		{
			name:     "validate",
			args:     []string{"validate", "--json", bad},
			wantCode: exitFailed,
			into: func() any {
				return &[]struct {
					File, Path, Message string
					Line, Col           int
				}{}
			},
			check: func(t *testing.T, v any) {
				list := *v.(*[]struct {
					File, Path, Message string
					Line, Col           int
				})
				// The file lacks a start rule too: every problem is listed.
				if len(list) != 2 || list[1].Line != 3 || list[1].Col != 16 || list[1].Path != "build.max_vertices" || list[1].File != bad || list[0].Path != "rules" {
					t.Errorf("validate --json = %+v, want the missing rules, then build.max_vertices at %s:3:16", list, bad)
				}
			},
		},
		{
			name: "matches",
			args: []string{"matches", "--rule", "alcove", "--host", host, "--json"},
			into: func() any { return &matchesOut{} },
			check: func(t *testing.T, v any) {
				m := v.(*matchesOut)
				if m.Rule != "alcove" || len(m.Matches)+len(m.Rejected) == 0 {
					t.Fatalf("matches --json = %+v, want candidates of alcove", m)
				}
				for _, r := range m.Rejected {
					switch r.Reason {
					case "flip", "valence", "negated", "lock":
					default:
						t.Errorf("rejected match %v has reason %q", r.Map, r.Reason)
					}
				}
				for _, c := range m.Matches {
					if len(c.Map) != 3 {
						t.Errorf("match %v does not map alcove's 3 pattern vertices", c.Map)
					}
				}
			},
		},
		{
			name: "generate",
			args: []string{"generate", "--seed", "1", "--format", "json", "--out", filepath.Join(dir, "g"), "--json"},
			into: func() any {
				return &struct {
					Seed      uint64
					Attempt   int
					Ruleset   string
					Rooms     int
					Corridors int
					Files     []string
				}{}
			},
			check: func(t *testing.T, v any) {
				s := v.(*struct {
					Seed      uint64
					Attempt   int
					Ruleset   string
					Rooms     int
					Corridors int
					Files     []string
				})
				want := []string{filepath.Join(dir, "g", "level.json")}
				if s.Seed != 1 || s.Ruleset != "dungeon" || s.Rooms == 0 || !slices.Equal(s.Files, want) {
					t.Errorf("generate --json = %+v, want seed 1, ruleset dungeon, rooms, files %v", s, want)
				}
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, stdout, stderr := runApp(t, tt.args...)
			if code != tt.wantCode {
				t.Fatalf("exit %d, want %d; stderr:\n%s", code, tt.wantCode, stderr)
			}
			v := tt.into()
			dec := json.NewDecoder(strings.NewReader(stdout))
			dec.DisallowUnknownFields()
			if err := dec.Decode(v); err != nil {
				t.Fatalf("stdout is not the documented JSON: %v\n%s", err, stdout)
			}
			if dec.More() {
				t.Fatalf("stdout holds more than one JSON value:\n%s", stdout)
			}
			tt.check(t, v)
		})
	}
}

// A format that fails to write leaves every file of the level as it was,
// including the ones written before it.
func TestWriteOutputsAllOrNothing(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"level.a.txt", "level.b.txt"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte("old"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	boom := errors.New("boom")
	fmts := []outputFormat{
		{name: "a", suffixes: []string{".a.txt"}, make: func(o *output) ([][]byte, error) {
			return [][]byte{[]byte("new")}, nil
		}},
		{name: "b", suffixes: []string{".b.txt"}, make: func(o *output) ([][]byte, error) {
			return [][]byte{[]byte("half")}, boom
		}},
	}
	a := &app{stdout: io.Discard, stderr: io.Discard}
	if _, err := a.writeOutputs(dir, fmts, &output{}); !errors.Is(err, boom) {
		t.Fatalf("writeOutputs error = %v, want %v", err, boom)
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
		b, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		if string(b) != "old" {
			t.Errorf("%s holds %q after a failed write, want %q", e.Name(), b, "old")
		}
	}
	if want := []string{"level.a.txt", "level.b.txt"}; !slices.Equal(names, want) {
		t.Errorf("files in the output directory: %q, want %q", names, want)
	}
}

func TestParseFormats(t *testing.T) {
	tests := []struct {
		name    string
		list    []string
		want    []string
		wantErr string
		reason  string
	}{
		{name: "default", list: []string{"png", "json"}, want: []string{"png", "json"}},
		{name: "order kept", list: []string{"json", "png"}, want: []string{"json", "png"}, reason: "files are written in the order asked"},
		{name: "repeats dropped", list: []string{"json", "JSON", " json"}, want: []string{"json"}},
		{name: "unknown", list: []string{"png", "xml"}, wantErr: `unknown format "xml"; valid formats: png, json`},
		{name: "every export", list: []string{"text", "tiles", "graphcoloring"}, want: []string{"text", "tiles", "graphcoloring"}},
		{name: "empty", list: nil, wantErr: "name at least one"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := parseFormats(tt.list)
			if tt.wantErr != "" {
				var ee *exitError
				if !errors.As(err, &ee) || ee.code != exitUsage || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("parseFormats(%q) error = %v, want a usage error containing %q", tt.list, err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			var names []string
			for _, f := range got {
				names = append(names, f.name)
			}
			if !slices.Equal(names, tt.want) {
				t.Errorf("parseFormats(%q) = %q, want %q %s", tt.list, names, tt.want, tt.reason)
			}
		})
	}
}

func TestKnownKey(t *testing.T) {
	for key, want := range map[string]bool{
		"build.max_vertices": true,
		"tags.a.color":       true,
		"rules.loop.weight":  true,
		"build.max_vertex":   false,
		"tags.a":             false,
		"build":              false,
		"nonsense":           false,
		"relax.repulsion.x":  false,
	} {
		if got := knownKey(key); got != want {
			t.Errorf("knownKey(%q) = %v, want %v", key, got, want)
		}
	}
}

func TestWrapList(t *testing.T) {
	got := wrapList([]string{"alpha", "beta", "gamma", "delta"}, "  ", 16)
	want := "  alpha, beta,\n  gamma, delta\n"
	if got != want {
		t.Errorf("wrapList = %q, want %q", got, want)
	}
}

func TestFormatVersion(t *testing.T) {
	tests := []struct {
		name string
		bi   debug.BuildInfo
		want string
	}{
		{name: "go run", bi: debug.BuildInfo{GoVersion: "go1.26.0", Main: debug.Module{Version: "(devel)"}}, want: "(devel) go1.26.0"},
		{name: "go install @version", bi: debug.BuildInfo{GoVersion: "go1.26.0", Main: debug.Module{Version: "v1.2.0"}}, want: "v1.2.0 go1.26.0"},
		{
			name: "checkout",
			bi: debug.BuildInfo{GoVersion: "go1.26.0", Main: debug.Module{Version: "(devel)"}, Settings: []debug.BuildSetting{
				{Key: "vcs.revision", Value: "abc123"}, {Key: "vcs.time", Value: "2025-01-02T03:04:05Z"}, {Key: "vcs.modified", Value: "true"},
			}},
			want: "(devel) (abc123, 2025-01-02T03:04:05Z, modified) go1.26.0",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := formatVersion(&tt.bi); got != tt.want {
				t.Errorf("formatVersion = %q, want %q", got, tt.want)
			}
		})
	}
}
