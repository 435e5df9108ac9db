package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/dungraph/dungraph/serve"
)

var update = flag.Bool("update", false, "rewrite the command outputs shown in README.md and docs/")

// docMarker introduces a fenced block that shows a command's output, all
// of it or an excerpt:
//
//	<!-- output: dungraph stats -r dungeon --seeds 1..100 -->
//	<!-- output in docs/examples: dungraph validate broken.toml -->
//	<!-- excerpt: dungraph generate -r quads --seed 42 --format graphcoloring --out - -->
//	<!-- excerpt of out/level.tiles.json: dungraph generate -r quads --seed 42 --format tiles -->
//	<!-- excerpt: POST /api/generate {"ruleset": "tree", "seed": 7} -->
//
// An output's command runs in the repository's root, or in the directory
// named; an excerpt's in an empty temporary directory, and "of FILE" shows
// the file the command wrote there instead of what it printed. A request
// (GET or POST, a path and a body) goes to the handler of dungraph serve,
// and its block starts with the curl command that sends it. In an excerpt,
// a line "..." (or "…") stands for any number of lines and "…" within a
// line for any text.
var docMarker = regexp.MustCompile(`^<!-- (output|excerpt)(?: in (\S+))?(?: of (\S+))?: (dungraph (.*)|(GET|POST) (\S+) ?(.*)) -->$`)

// durations match what depends on the machine: times with a unit, and the
// padding before them, which depends on their width.
var durations = regexp.MustCompile(`[ \t]*\d+(?:\.\d+)?(?:ns|µs|ms|s)\b`)

// docBlock is one shown output: the file, the line of its marker, the
// command and the lines between the fences.
type docBlock struct {
	file       string
	line       int
	excerpt    bool
	dir        string
	of         string // the file shown, for an excerpt
	args       []string
	method     string // a request's, with its path and body
	path, body string
	start, end int // the block's lines are lines[start:end]
}

func docBlocks(t *testing.T, file string, lines []string) []docBlock {
	t.Helper()
	var out []docBlock
	for i := 0; i < len(lines); i++ {
		m := docMarker.FindStringSubmatch(lines[i])
		if m == nil {
			continue
		}
		if i+1 >= len(lines) || !strings.HasPrefix(lines[i+1], "```") {
			t.Errorf("%s:%d: an output marker must be followed by a fenced block", file, i+1)
			continue
		}
		end := i + 2
		for end < len(lines) && lines[end] != "```" {
			end++
		}
		if end == len(lines) {
			t.Errorf("%s:%d: the fenced block is not closed", file, i+1)
			continue
		}
		out = append(out, docBlock{file: file, line: i + 1, excerpt: m[1] == "excerpt", dir: m[2], of: m[3],
			args: strings.Fields(m[5]), method: m[6], path: m[7], body: m[8], start: i + 2, end: end})
		i = end
	}
	return out
}

// paragraphs splits lines at blank lines.
func paragraphs(lines []string) [][]string {
	var out [][]string
	var cur []string
	for _, l := range lines {
		if l == "" {
			out = append(out, cur)
			cur = nil
			continue
		}
		cur = append(cur, l)
	}
	return append(out, cur)
}

// shown returns what a block shows of output: paragraph by paragraph, and
// where the block's paragraph ends in "...", only as many of the output
// paragraph's first lines as the block shows, then "...". It reports false
// when the paragraphs do not line up.
func shown(block, output []string) ([]string, bool) {
	want, got := paragraphs(block), paragraphs(output)
	if len(want) != len(got) {
		return output, false
	}
	var out []string
	for i, w := range want {
		g := got[i]
		if n := len(w); n > 0 && w[n-1] == "..." {
			if len(g) < n-1 {
				return output, false
			}
			g = append(g[:n-1:n-1], "...")
		}
		if i > 0 {
			out = append(out, "")
		}
		out = append(out, g...)
	}
	return out, true
}

// TestDocOutputs runs every command whose output README.md and docs/ show
// (the blocks after an output marker) and compares: the docs describe the
// tool as it is. Durations are compared as placeholders. With -update the
// blocks are rewritten from the commands' output.
func TestDocOutputs(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the commands the docs show")
	}
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	files, err := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	files = append([]string{filepath.Join(root, "README.md")}, files...)
	total := 0
	for _, file := range files {
		b, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(string(b), "\n")
		blocks := docBlocks(t, file, lines)
		total += len(blocks)
		changed := false
		// Later blocks first, so that rewriting one keeps the line numbers
		// of those before it.
		for i := len(blocks) - 1; i >= 0; i-- {
			bl := blocks[i]
			if bl.excerpt {
				if err := checkExcerpt(t, root, bl, lines[bl.start:bl.end]); err != nil {
					t.Errorf("%s:%d: %v\n(an excerpt is not rewritten by -update: edit it by hand)", file, bl.line, err)
				}
				continue
			}
			t.Chdir(filepath.Join(root, bl.dir))
			output := runDoc(t, bl.args)
			block := lines[bl.start:bl.end]
			want, ok := shown(block, output)
			mask := func(ls []string) string { return durations.ReplaceAllString(strings.Join(ls, "\n"), " <time>") }
			if ok && mask(want) == mask(block) {
				continue
			}
			if *update {
				lines = append(lines[:bl.start], append(want, lines[bl.end:]...)...)
				changed = true
				continue
			}
			t.Errorf("%s:%d: dungraph %s prints\n%s\nwhere the docs show\n%s\n(go test ./cmd/dungraph -run TestDocOutputs -update rewrites the docs)",
				file, bl.line, strings.Join(bl.args, " "), strings.Join(want, "\n"), strings.Join(block, "\n"))
		}
		if changed {
			if err := os.WriteFile(file, []byte(strings.Join(lines, "\n")), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	if total == 0 {
		t.Fatal("no output markers found in README.md and docs/")
	}
}

// runDoc runs dungraph with args in the current directory and returns the
// lines it printed, stdout and stderr together.
func runDoc(t *testing.T, args []string) []string {
	t.Helper()
	var out bytes.Buffer
	a := &app{stdout: &out, stderr: &out}
	a.execute(context.Background(), args)
	return strings.Split(strings.TrimRight(out.String(), "\n"), "\n")
}

// checkExcerpt produces an excerpt block's output and checks that the
// block's lines are in it.
func checkExcerpt(t *testing.T, root string, bl docBlock, block []string) error {
	t.Helper()
	var output []string
	switch {
	case bl.method != "":
		curl := "$ curl -s localhost:8080" + bl.path
		if bl.body != "" {
			curl += " -H 'Content-Type: application/json' -d '" + bl.body + "'"
		}
		if len(block) == 0 || block[0] != curl {
			return fmt.Errorf("the block must start with the request: %s", curl)
		}
		block = block[1:]
		rec := httptest.NewRecorder()
		req := httptest.NewRequest(bl.method, bl.path, strings.NewReader(bl.body))
		req.Host, req.RemoteAddr = "localhost:8080", "127.0.0.1:50000" // as curl sends it
		if bl.body != "" {
			req.Header.Set("Content-Type", "application/json")
		}
		serve.Server{}.Handler().ServeHTTP(rec, req)
		output = strings.Split(strings.TrimRight(rec.Body.String(), "\n"), "\n")
	default:
		dir := t.TempDir()
		if bl.dir != "" {
			dir = filepath.Join(root, bl.dir)
		}
		t.Chdir(dir)
		output = runDoc(t, bl.args)
		if bl.of != "" {
			b, err := os.ReadFile(bl.of)
			if err != nil {
				return fmt.Errorf("dungraph %s: %v (it printed %s)", strings.Join(bl.args, " "), err, strings.Join(output, "\n"))
			}
			output = strings.Split(strings.TrimRight(string(b), "\n"), "\n")
		}
	}
	if err := matchExcerpt(block, output); err != nil {
		what := "dungraph " + strings.Join(bl.args, " ")
		if bl.method != "" {
			what = bl.method + " " + bl.path
		}
		if bl.of != "" {
			what = bl.of + " of " + what
		}
		return fmt.Errorf("%s: %v", what, err)
	}
	return nil
}

// matchExcerpt reports whether excerpt's lines are output's, in order,
// where a line "..." or "…" skips any number of lines and "…" in a line
// matches any text. A line that follows another must follow it in output
// too; a line after a skip is matched with the first output line that
// fits.
func matchExcerpt(excerpt, output []string) error {
	at, skip := 0, false
	for _, e := range excerpt {
		if t := strings.TrimSpace(e); t == "..." || t == "…" {
			skip = true
			continue
		}
		found := -1
		for j := at; j < len(output); j++ {
			if lineMatches(e, output[j]) {
				found = j
				break
			}
			if !skip {
				break
			}
		}
		if found < 0 {
			next := "the end of the output"
			if at < len(output) {
				next = fmt.Sprintf("line %d: %s", at+1, output[at])
			}
			if skip {
				return fmt.Errorf("no line after line %d matches %q", at, e)
			}
			return fmt.Errorf("%q does not match %s", e, next)
		}
		at, skip = found+1, false
	}
	if !skip && at < len(output) {
		return fmt.Errorf("the excerpt ends at line %d of %d without a \"...\"", at, len(output))
	}
	return nil
}

// lineMatches reports whether line is pattern with each "…" standing for
// any text.
func lineMatches(pattern, line string) bool {
	parts := strings.Split(pattern, "…")
	if len(parts) == 1 {
		return pattern == line
	}
	if !strings.HasPrefix(line, parts[0]) {
		return false
	}
	line = line[len(parts[0]):]
	for _, p := range parts[1 : len(parts)-1] {
		i := strings.Index(line, p)
		if i < 0 {
			return false
		}
		line = line[i+len(p):]
	}
	return strings.HasSuffix(line, parts[len(parts)-1])
}

func TestMatchExcerpt(t *testing.T) {
	output := []string{"{", `  "a": 1,`, `  "b": {"x": "linux/amd64"},`, `  "c": 3,`, "}"}
	tests := []struct {
		name    string
		excerpt []string
		ok      bool
	}{
		{"all", output, true},
		{"a gap at the end", []string{"{", `  "a": 1,`, "..."}, true},
		{"a gap in the middle", []string{"{", "  ...", `  "c": 3,`, "}"}, true},
		{"text elided in a line", []string{"{", `  "a": 1,`, `  "b": {"x": …},`, "…"}, true},
		{"a changed line", []string{"{", `  "a": 2,`, "..."}, false},
		{"a line out of order", []string{"{", `  "c": 3,`, "..."}, false},
		{"a line not there", []string{"...", `  "d": 4,`, "..."}, false},
		{"no gap before the end", []string{"{", `  "a": 1,`}, false},
		{"an elision that does not fit", []string{"{", `  "a": 1,`, `  "b": {"y": …},`, "..."}, false},
	}
	for _, tt := range tests {
		if err := matchExcerpt(tt.excerpt, output); (err == nil) != tt.ok {
			t.Errorf("%s: matchExcerpt = %v, want ok %v", tt.name, err, tt.ok)
		}
	}
}

// keepMistakes are the four mistakes docs/rulesets.md makes in its whole
// keep ruleset to show how they are reported: each replaces the first line
// after the line after that equals old.
var keepMistakes = []struct{ after, old, new string }{
	{"[build]", "max_vertices = 21", "max_vertices = 0"},
	{"[tags.c]", `color = "#d4a017"`, `color = "gold"`},
	{`name = "insert"`, `  { id = "b", tags = ["r"], at = [100, 0] },`, `  { id = "b", tags = [""], at = [100, 0] },`},
}

// TestKeepMistakesFile checks that docs/examples/keep-mistakes.toml, whose
// validation docs/rulesets.md shows, is the guide's whole keep ruleset with
// the mistakes the guide lists (keepMistakes, and a misspelt key added at
// the end); -update writes it.
func TestKeepMistakesFile(t *testing.T) {
	b, err := os.ReadFile("../../docs/rulesets.md")
	if err != nil {
		t.Fatal(err)
	}
	doc := strings.Split(string(b), "\n")
	start := slices.Index(doc, "### The whole ruleset")
	if start < 0 {
		t.Fatal(`docs/rulesets.md has no "### The whole ruleset"`)
	}
	var toml []string
	for i := start; i < len(doc); i++ {
		if doc[i] == "```toml" {
			end := slices.Index(doc[i+1:], "```")
			if end < 0 {
				t.Fatal("the whole ruleset's block is not closed")
			}
			toml = slices.Clone(doc[i+1 : i+1+end])
			break
		}
	}
	for _, m := range keepMistakes {
		a := slices.Index(toml, m.after)
		if a < 0 {
			t.Fatalf("the whole ruleset has no line %q", m.after)
		}
		j := slices.Index(toml[a:], m.old)
		if j < 0 {
			t.Fatalf("the whole ruleset has no line %q after %q", m.old, m.after)
		}
		toml[a+j] = m.new
	}
	toml = append(toml, "", "[layout]", "spring_strenght = 2", "")
	got := []byte(strings.Join(toml, "\n"))
	path := "../../docs/examples/keep-mistakes.toml"
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (go test ./cmd/dungraph -run TestKeepMistakesFile -update writes it)", err)
	}
	if !bytes.Equal(want, got) {
		t.Errorf("%s is not the guide's whole ruleset with its mistakes (go test ./cmd/dungraph -run TestKeepMistakesFile -update rewrites it)", path)
	}
}
