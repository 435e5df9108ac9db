package main

import (
	"bytes"
	"context"
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the command outputs shown in README.md and docs/")

// docMarker introduces a fenced block that shows a command's output:
//
//	<!-- output: dungraph stats -r dungeon --seeds 1..100 -->
//	<!-- output in docs/examples: dungraph validate broken.toml -->
//
// The command runs in the repository's root, or in the directory named.
var docMarker = regexp.MustCompile(`^<!-- output(?: in (\S+))?: dungraph (.*) -->$`)

// durations match what depends on the machine: times with a unit, and the
// padding before them, which depends on their width.
var durations = regexp.MustCompile(`[ \t]*\d+(?:\.\d+)?(?:ns|µs|ms|s)\b`)

// docBlock is one shown output: the file, the line of its marker, the
// command and the lines between the fences.
type docBlock struct {
	file       string
	line       int
	dir        string
	args       []string
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
		out = append(out, docBlock{file: file, line: i + 1, dir: m[1], args: strings.Fields(m[2]), start: i + 2, end: end})
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
			t.Chdir(filepath.Join(root, bl.dir))
			var out bytes.Buffer
			a := &app{stdout: &out, stderr: &out}
			a.execute(context.Background(), bl.args)
			output := strings.Split(strings.TrimRight(out.String(), "\n"), "\n")
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
