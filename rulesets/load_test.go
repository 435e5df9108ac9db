package rulesets

import (
	"bytes"
	"context"
	"crypto/sha256"
	"errors"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"gonum.org/v1/gonum/spatial/r2"

	"github.com/dungraph/dungraph/grammar"
	"github.com/dungraph/dungraph/internal/ctxtest"
	"github.com/dungraph/dungraph/internal/hostile"
	"github.com/dungraph/dungraph/params"
)

func mustRead(t *testing.T, name string) []byte {
	t.Helper()
	src, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return src
}

// TestLoadDefaults checks that a file that sets no parameter gets the
// documented defaults, and that its rules compile and build.
func TestLoadDefaults(t *testing.T) {
	src := mustRead(t, "testdata/minimal.toml")
	rs, err := Load("testdata/minimal.toml", src)
	if err != nil {
		t.Fatal(err)
	}
	if rs.Name != "minimal" || rs.Description != "" || rs.Weights != grammar.PerRule {
		t.Errorf("name, description, weights = %q, %q, %v; want \"minimal\", \"\", rule", rs.Name, rs.Description, rs.Weights)
	}
	if want := (Build{MaxIterations: 10, MinVertices: 1, MaxVertices: 20, MaxValence: 8, Attempts: 20, Planar: PlanarReject, RequireSolvable: true}); rs.Build != want {
		t.Errorf("Build = %+v; want %+v", rs.Build, want)
	}
	if want := (params.Forces{SpringStrength: 1, EdgeLength: 100, Repulsion: 1, MaxDelta: 0.5, ConvergenceDistance: 4, Spring: "log", Cutoff: 3, MaxIterations: 400, CrossingFree: true}); rs.Layout != want {
		t.Errorf("Layout = %+v; want %+v", rs.Layout, want)
	}
	if want := (params.Forces{SpringStrength: 10, EdgeLength: 100, Repulsion: 0.05, MaxDelta: 0.5, ConvergenceDistance: 0.01, Spring: "log", Cutoff: 3, MaxIterations: 300, CrossingFree: true, Gravity: 0.0025}); rs.Relax != want {
		t.Errorf("Relax = %+v; want %+v", rs.Relax, want)
	}
	if want := (params.Rooms{Margin: 50, MinExtent: 3, MaxExtent: 12, RadiusFudge: 1}); rs.Rooms != want {
		t.Errorf("Rooms = %+v; want %+v", rs.Rooms, want)
	}
	if len(rs.Tags) != 0 {
		t.Errorf("Tags = %+v; want none", rs.Tags)
	}
	if tag, ok := rs.Tag("a"); ok || !reflect.DeepEqual(tag, Tag{Name: "a", Label: "a", MinExtent: 3, MaxExtent: 12}) {
		t.Errorf("Tag(a) = %+v, %t; want the defaults, false", tag, ok)
	}
	if rs.File != "testdata/minimal.toml" || !slices.Equal(rs.Source, src) || rs.SHA256 != sha256.Sum256(src) {
		t.Errorf("File, Source, SHA256 do not describe the file")
	}
	if len(rs.Rules) != 2 || len(rs.Groups) != 0 || len(rs.Passes) != 0 || rs.Grammar == nil {
		t.Fatalf("rules, groups, passes, grammar = %d, %d, %d, %v", len(rs.Rules), len(rs.Groups), len(rs.Passes), rs.Grammar)
	}
	res, err := rs.Grammar.Build(rs.Build.Options(), rand.New(rand.NewPCG(1, 2)))
	if err != nil {
		t.Fatal(err)
	}
	// The start rule makes 2 vertices and each of the other 9 iterations
	// adds one.
	if got := res.Graph.Order(); got != 11 {
		t.Errorf("the build made %d vertices; want 11", got)
	}
}

// TestLoadFull checks that every key of testdata/full.toml, which sets each
// to something other than its default, arrives where it belongs.
func TestLoadFull(t *testing.T) {
	rs, err := LoadFile("testdata/full.toml")
	if err != nil {
		t.Fatal(err)
	}
	if rs.Name != "corridors" || rs.Description != "Rooms joined by corridors, closed into loops" || rs.Weights != grammar.PerMatch {
		t.Errorf("name, description, weights = %q, %q, %v", rs.Name, rs.Description, rs.Weights)
	}
	if want := (Build{MaxIterations: 12, MinVertices: 4, MaxVertices: 30, MaxValence: 6, Attempts: 5, Planar: PlanarOff, RequireSolvable: false}); rs.Build != want {
		t.Errorf("Build = %+v; want %+v", rs.Build, want)
	}
	if want := (params.Forces{SpringStrength: 2, EdgeLength: 80, Repulsion: 1.5, MaxDelta: 0.25, ConvergenceDistance: 2, Spring: "hooke", Cutoff: 4, MaxIterations: 250, CrossingFree: false}); rs.Layout != want {
		t.Errorf("Layout = %+v; want %+v", rs.Layout, want)
	}
	if want := (params.Forces{SpringStrength: 8, EdgeLength: 90, Repulsion: 0.1, MaxDelta: 0.4, ConvergenceDistance: 0.05, Spring: "hooke", Cutoff: 2.5, MaxIterations: 120, CrossingFree: false, Gravity: 0.0025}); rs.Relax != want {
		t.Errorf("Relax = %+v; want %+v", rs.Relax, want)
	}
	if want := (params.Rooms{Margin: 40, MinExtent: 2, MaxExtent: 10, RadiusFudge: 1.5}); rs.Rooms != want {
		t.Errorf("Rooms = %+v; want %+v", rs.Rooms, want)
	}
	// The file lists r before c; Tags is sorted. c's min_extent comes from
	// [rooms].
	wantTags := []Tag{
		{Name: "c", Label: "corridor", Color: "#404040", MinExtent: 2, MaxExtent: 3, Variation: "C"},
		{Name: "d", Label: "d", MinExtent: 2, MaxExtent: 10, Role: RoleLock, Key: "k", Consumed: true},
		{Name: "k", Label: "k", MinExtent: 2, MaxExtent: 10, Role: RoleKey},
		{Name: "k2", Label: "k2", MinExtent: 2, MaxExtent: 10, Role: RoleKey},
		{Name: "r", Label: "room", Color: "#8c6a4f", MinExtent: 4, MaxExtent: 8, Variation: "R"},
	}
	if !reflect.DeepEqual(rs.Tags, wantTags) {
		t.Errorf("Tags = %+v; want %+v", rs.Tags, wantTags)
	}
	if tag, ok := rs.Tag("r"); !ok || !reflect.DeepEqual(tag, wantTags[4]) {
		t.Errorf("Tag(r) = %+v, %t", tag, ok)
	}
	wantGroups := []grammar.Group{{Name: "loops", Rules: []string{"loop", "shortcut"}, MaxUses: 2}}
	if !reflect.DeepEqual(rs.Groups, wantGroups) {
		t.Errorf("Groups = %+v; want %+v", rs.Groups, wantGroups)
	}
	wantPasses := []grammar.Pass{
		{Name: "grow", Rules: []string{"start", "extend", "pillar"}, MaxIterations: 8},
		{Name: "close", Rules: []string{"loop", "shortcut"}},
	}
	if !reflect.DeepEqual(rs.Passes, wantPasses) {
		t.Errorf("Passes = %+v; want %+v", rs.Passes, wantPasses)
	}
	var names []string
	for _, r := range rs.Rules {
		names = append(names, r.Name)
	}
	if want := []string{"start", "extend", "pillar", "loop", "shortcut"}; !slices.Equal(names, want) {
		t.Fatalf("rules = %v; want %v", names, want)
	}
	wantExtend := grammar.Rule{
		Name: "extend", MaxUses: 6, Weight: 2,
		Pattern: grammar.Pattern{
			Vertices: []grammar.PatternVertex{
				{ID: "a", Tags: []string{"c", "!p"}, Pos: r2.Vec{X: 0, Y: 0}},
				{ID: "b", Tags: []string{"r"}, Pos: r2.Vec{X: 100, Y: 0}, Lock: true},
			},
			Edges: []grammar.PatternEdge{{A: "a", B: "b"}},
		},
		Substitute: grammar.Substitute{
			Vertices: []grammar.SubstituteVertex{
				{ID: "a", Tag: "-", Pos: r2.Vec{X: 0, Y: 0}},
				{ID: "b", Tag: "-", Pos: r2.Vec{X: 100, Y: 0}},
				{ID: "m", Tag: "c", Pos: r2.Vec{X: 200, Y: 0}},
				{ID: "n", Tag: "r", Pos: r2.Vec{X: 300, Y: 0}},
			},
			Edges: []grammar.SubstituteEdge{
				{A: "a", B: "b"}, {A: "b", B: "m"}, {A: "m", B: "n", Subdivide: true, LengthFactor: 0.5},
			},
		},
	}
	if !reflect.DeepEqual(rs.Rules[1], wantExtend) {
		t.Errorf("rule extend =\n%+v\nwant\n%+v", rs.Rules[1], wantExtend)
	}
	pillar, loop := rs.Rules[2], rs.Rules[3]
	if !pillar.NoRepeat || pillar.MaxUses != 1 || !pillar.Substitute.Vertices[2].Cosmetic || !pillar.Substitute.Edges[1].Cosmetic {
		t.Errorf("rule pillar = %+v; want no_repeat, max_uses 1, a cosmetic vertex and edge", pillar)
	}
	if loop.Priority != 1 || loop.Weight != 0.5 {
		t.Errorf("rule loop: priority, weight = %d, %v; want 1, 0.5", loop.Priority, loop.Weight)
	}
	if _, err := rs.Grammar.Build(rs.Build.Options(), rand.New(rand.NewPCG(3, 4))); err != nil {
		t.Errorf("build: %v", err)
	}
}

func TestLoadName(t *testing.T) {
	body := strings.SplitN(string(mustRead(t, "testdata/minimal.toml")), "\n", 3)[2] // without the name
	tests := []struct {
		file, src, want string
	}{
		{"dir/caves.toml", body, "caves"},
		{`C:\levels\caves.toml`, body, "caves"},
		{"caves", body, "caves"},
		{"caves.toml", "name = \"deep caves\"\n" + body, "deep caves"},
	}
	for _, tt := range tests {
		rs, err := Load(tt.file, []byte(tt.src))
		if err != nil {
			t.Errorf("Load(%q): %v", tt.file, err)
			continue
		}
		if rs.Name != tt.want {
			t.Errorf("Load(%q).Name = %q; want %q", tt.file, rs.Name, tt.want)
		}
	}
}

func TestLoadFS(t *testing.T) {
	fsys := fstest.MapFS{"sets/minimal.toml": {Data: mustRead(t, "testdata/minimal.toml")}}
	rs, err := LoadFS(fsys, "sets/minimal.toml")
	if err != nil || rs.File != "sets/minimal.toml" {
		t.Fatalf("LoadFS = %v, %v", rs, err)
	}
	if _, err := LoadFS(fsys, "sets/missing.toml"); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("LoadFS of a missing file: %v; want an error wrapping fs.ErrNotExist", err)
	}
	if _, err := LoadFile("testdata/missing.toml"); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("LoadFile of a missing file: %v; want an error wrapping fs.ErrNotExist", err)
	}
}

// TestGrammarProblemUnwraps checks that a problem the grammar found keeps
// its *grammar.Problem, and that errors.As finds an *Error in the list.
func TestGrammarProblemUnwraps(t *testing.T) {
	_, err := LoadFile("testdata/broken/empty-tag.toml")
	var e *Error
	if !errors.As(err, &e) {
		t.Fatalf("errors.As(%v, *Error) failed", err)
	}
	var p *grammar.Problem
	if !errors.As(err, &p) || p.Field != "tags" || p.Item != 0 {
		t.Fatalf("errors.As(%v, *grammar.Problem) = %+v", err, p)
	}
}

func TestErrorFormat(t *testing.T) {
	tests := []struct {
		name string
		e    Error
		want string
	}{
		{"positioned", Error{File: "a.toml", Line: 3, Col: 7, Path: "build.max_vertices", Msg: "must be at least 1, not 0"},
			"a.toml:3:7: build.max_vertices: must be at least 1, not 0"},
		{"syntax", Error{File: "a.toml", Line: 1, Col: 2, Msg: "unterminated string"},
			"a.toml:1:2: unterminated string"},
		{"override", Error{File: "a.toml", Path: "build.max_vertices", Msg: "must be at least 1, not 0", Override: "build.max_vertices=0"},
			`a.toml: build.max_vertices: must be at least 1, not 0 (set by override "build.max_vertices=0")`},
	}
	for _, tt := range tests {
		if got := tt.e.Error(); got != tt.want {
			t.Errorf("%s: Error() = %q; want %q", tt.name, got, tt.want)
		}
	}
}

func TestErrorWithSource(t *testing.T) {
	tests := []struct {
		name string
		src  string
		want string // the caret line
	}{
		{"spaces", "[build]\nmax_vertices = -1\n", "      |                ^"},
		{"tabs are kept", "[build]\n\tmax_vertices = -1\n", "      | \t               ^"},
		{"CRLF", "[build]\r\nmax_vertices = -1\r\n", "      |                ^"},
	}
	for _, tt := range tests {
		_, err := Load("a.toml", []byte(tt.src))
		var list ErrorList
		// The file has no rules: "no start rule" comes first, at 1:1.
		if !errors.As(err, &list) || len(list) != 2 {
			t.Errorf("%s: Load = %v; want two problems", tt.name, err)
			continue
		}
		lines := strings.Split(list[1].ErrorWithSource(), "\n")
		if len(lines) != 3 || !strings.HasPrefix(lines[0], "a.toml:2:") || lines[1] != "    2 | "+strings.TrimSuffix(strings.Split(tt.src, "\n")[1], "\r") {
			t.Errorf("%s: ErrorWithSource() =\n%s\nwant the error, line 2 and a caret", tt.name, list[1].ErrorWithSource())
			continue
		}
		if lines[2] != tt.want {
			t.Errorf("%s: caret line = %q; want %q", tt.name, lines[2], tt.want)
		}
	}
}

// TestEncodings loads the files a new author's editor may write: a UTF-8
// byte order mark with CRLF line ends reads as plain UTF-8 (positions
// count lines, not the mark), and a file in another encoding is one
// problem that says to save it as UTF-8. An empty file is a ruleset
// without a start rule.
func TestEncodings(t *testing.T) {
	minimal := string(mustRead(t, "testdata/minimal.toml"))
	bad := strings.Replace(minimal, `name = "minimal"`, "name = \"minimal\"\n[build]\nmax_vertices = -3", 1)
	utf16 := func(s string, big bool) []byte {
		b := []byte{0xFF, 0xFE}
		if big {
			b = []byte{0xFE, 0xFF}
		}
		for _, r := range s {
			if big {
				b = append(b, 0, byte(r))
			} else {
				b = append(b, byte(r), 0)
			}
		}
		return b
	}
	tests := []struct {
		name      string
		src       []byte
		line, col int
		frag      string
		reason    string
	}{
		{"BOM and CRLF", append([]byte{0xEF, 0xBB, 0xBF}, strings.ReplaceAll(bad, "\n", "\r\n")...), 4, 16,
			"build.max_vertices: must be at least 1, not -3", "the mark is skipped and \\r\\n is one line end"},
		{"UTF-16 LE", utf16(minimal, false), 1, 1, "the file is UTF-16 (it starts with a UTF-16 byte order mark): save it as UTF-8",
			"Notepad's \"Unicode\""},
		{"UTF-16 BE", utf16(minimal, true), 1, 1, "the file is UTF-16", "either byte order"},
		{"Latin-1", []byte("# caf\xe9\n" + minimal), 1, 6, "the file is not valid UTF-8 (byte 0xE9 here; a legacy encoding such as Latin-1?): save it as UTF-8",
			"the first byte that is not UTF-8, and what to do"},
		{"empty", nil, 1, 1, `no start rule: add a rule whose pattern is one vertex with tags = ["s"]`, "an empty ruleset has no start rule"},
	}
	for _, tt := range tests {
		_, err := Load("enc.toml", tt.src)
		var list ErrorList
		if !errors.As(err, &list) || len(list) != 1 {
			t.Errorf("%s: Load = %v; want one problem (%s)", tt.name, err, tt.reason)
			continue
		}
		if e := list[0]; e.Line != tt.line || e.Col != tt.col || !strings.Contains(e.Error(), tt.frag) {
			t.Errorf("%s: %v; want %d:%d ... %s (%s)", tt.name, e, tt.line, tt.col, tt.frag, tt.reason)
		}
	}
}

// TestErrorColumnsCountCharacters: the caret lines up under the value even
// after a multi-byte character.
func TestErrorColumnsCountCharacters(t *testing.T) {
	_, err := Load("a.toml", []byte("description = \"–\"; weights = 1\n"))
	var list ErrorList
	if !errors.As(err, &list) {
		t.Fatal(err)
	}
	// A syntax error: ';' is not allowed after a value.
	if e := list[0]; e.Line != 1 || e.Col != 18 {
		t.Errorf("error at %d:%d; want 1:18 (the ';', counting – as one column)", e.Line, e.Col)
	}
}

func TestErrorListErr(t *testing.T) {
	if err := (ErrorList{}).Err(); err != nil {
		t.Errorf("empty ErrorList.Err() = %v; want nil", err)
	}
	l := ErrorList{{File: "a", Msg: "x"}, {File: "b", Msg: "y"}}
	if err := l.Err(); err == nil || err.Error() != "a: x\nb: y" {
		t.Errorf("ErrorList.Err() = %v", err)
	}
}

// TestFileSizeLimit: a ruleset file over MaxFileSize is refused by name,
// before it is parsed, from a file and from memory.
func TestFileSizeLimit(t *testing.T) {
	big := append([]byte("# "), bytes.Repeat([]byte("x"), MaxFileSize)...)
	path := filepath.Join(t.TempDir(), "big.toml")
	if err := os.WriteFile(path, big, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, load := range []func() error{
		func() error { _, err := LoadFile(path); return err },
		func() error { _, err := Load("big.toml", big); return err },
	} {
		if err := load(); err == nil || !strings.Contains(err.Error(), "big.toml") || !strings.Contains(err.Error(), "larger than 16 MiB") {
			t.Errorf("got %v, want the size limit named", err)
		}
	}
	if _, err := Load("small.toml", big[:MaxFileSize]); err != nil && strings.Contains(err.Error(), "larger than") {
		t.Errorf("a file of exactly the limit was refused for its size: %v", err)
	}
}

// The loader's context stops a load in each stage it polls: the first poll
// that finds it done ends the load, with an error wrapping the context's
// and naming the file. A grid of 2,000 rooms (234 KB) is polled 68 times:
// every 4,096 TOML values parsed, every 1,024 array elements decoded or
// vertices and edges converted, inside compiling (TestCompileContext in
// grammar looks at each of those polls), between the later stages and
// every 16,384 pairs of corridors of the crossing check, which are the
// last polls. A live context changes nothing.
func TestLoadContext(t *testing.T) {
	src := []byte(hostile.Grid(2000))
	want, err := Load("grid.toml", src)
	if err != nil {
		t.Fatal(err)
	}
	live := ctxtest.New(math.MaxInt, context.Canceled)
	got, err := Loader{Context: live}.Load("grid.toml", src)
	if err != nil || !reflect.DeepEqual(got.Rules, want.Rules) {
		t.Fatalf("a live context changed the load: %v", err)
	}
	polls := live.Calls
	if polls < 10 {
		t.Errorf("the load polled its context %d times, want one per 4,096 values parsed and per 1,024 elements decoded", polls)
	}
	t.Logf("%d polls in a load of %d bytes", polls, len(src))
	for _, n := range []int{1, 2, polls / 4, polls / 2, 3 * polls / 4, polls - 8, polls - 4, polls - 2, polls - 1, polls} {
		ctx := ctxtest.New(n, context.Canceled)
		_, err := Loader{Context: ctx}.Load("grid.toml", src)
		if !errors.Is(err, context.Canceled) || !strings.Contains(err.Error(), "grid.toml") {
			t.Fatalf("cancelled at poll %d of %d: %v", n, polls, err)
		}
		if ctx.Calls != n {
			t.Errorf("cancelled at poll %d of %d, the load went on to poll %d times", n, polls, ctx.Calls)
		}
	}
}

// A deadline that has passed stops the load at its first look, with an
// error wrapping context.DeadlineExceeded, so that a caller can tell a
// budget that ran out from a ruleset with problems.
func TestLoadDeadline(t *testing.T) {
	ctx, cancel := context.WithDeadline(context.Background(), time.Unix(0, 0))
	defer cancel()
	_, err := Loader{Context: ctx}.Load("grid.toml", []byte(hostile.Grid(2000)))
	var list ErrorList
	if !errors.Is(err, context.DeadlineExceeded) || errors.As(err, &list) || !strings.Contains(err.Error(), "grid.toml: loading stopped") {
		t.Fatalf("load under a passed deadline: %v", err)
	}
}
