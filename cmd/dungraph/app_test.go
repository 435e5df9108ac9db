package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strings"
	"testing"

	"github.com/dungraph/dungraph/levelbatch"
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
// TestParseFormats: a bad --format list is a usage error naming the flag
// (levelbatch's tests cover the parsing).
func TestParseFormats(t *testing.T) {
	for _, list := range [][]string{{"png", "xml"}, nil} {
		_, err := parseFormats(list)
		var ee *exitError
		if !errors.As(err, &ee) || ee.code != exitUsage || !strings.HasPrefix(err.Error(), "--format: ") {
			t.Errorf("parseFormats(%q) error = %v, want a usage error about --format", list, err)
		}
	}
	if fmts, err := parseFormats([]string{"json", "png"}); err != nil || len(fmts) != 2 || fmts[0].Name != "json" {
		t.Errorf("parseFormats(json, png) = %v, %v", fmts, err)
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

// generate --help lists every format --format takes, with the files it
// writes, and render --help names the files of each format besides its
// default png (json it refuses): a format added to levelbatch without a
// line in the help fails here.
func TestHelpNamesEveryFormat(t *testing.T) {
	code, genHelp, stderr := runApp(t, "generate", "--help")
	if code != 0 {
		t.Fatalf("generate --help: exit %d: %s", code, stderr)
	}
	code, renderHelp, stderr := runApp(t, "render", "--help")
	if code != 0 {
		t.Fatalf("render --help: exit %d: %s", code, stderr)
	}
	for _, name := range levelbatch.FormatNames() {
		if !strings.Contains(genHelp, "\n  "+name+" ") {
			t.Errorf("generate --help has no line for the format %q", name)
		}
		if name != "json" && name != "png" && !strings.Contains(renderHelp, "("+name+")") {
			t.Errorf("render --help does not say which files the format %q writes", name)
		}
	}
}

// TestValidateHelpListsWarnings: validate --help names every kind of
// warning the rulesets lint gives (docs/rulesets.md lists them).
func TestValidateHelpListsWarnings(t *testing.T) {
	code, help, stderr := runApp(t, "validate", "--help")
	if code != 0 {
		t.Fatalf("validate --help: exit %d: %s", code, stderr)
	}
	for _, kind := range []string{
		"a limit the budgets make moot",
		"a rule that can never apply",
		"a negated tag on a locked vertex",
		"settings of a tag no rule uses",
		"a tag a substitute gives that has no\n    entry there",
		"drawn with crossing corridors",
	} {
		if !strings.Contains(help, kind) {
			t.Errorf("validate --help does not list the warning %q:\n%s", kind, help)
		}
	}
}
