package batch

import (
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// sharded runs testSeeds in 4 shards into one directory.
func sharded(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	for i := range 4 {
		run(t, dir, mustSeeds(t, testSeeds), nil, Options{Shard: Shard{Index: i, Count: 4}, Params: []byte(`{"v":1}`)})
	}
	return dir
}

func copyFile(t *testing.T, from, to string) {
	t.Helper()
	must(t, os.MkdirAll(filepath.Dir(to), 0o755))
	must(t, os.WriteFile(to, []byte(readString(t, from)), 0o644))
}

func fakeData(seed uint64, name string) []byte {
	for _, f := range fakeFiles(seed) {
		if f.Name == name {
			return f.Data
		}
	}
	return nil
}

func shaOf(b []byte) string {
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:])
}

func TestVerify(t *testing.T) {
	t.Parallel()
	seeds := mustSeeds(t, testSeeds)
	shard2 := seeds.Shard(Shard{Index: 2, Count: 4})
	tests := []struct {
		name   string
		mutate func(t *testing.T, dir string) (more []string) // more directories to verify
		want   []Problem                                      // Kind, Seed, File, Want, Got, Shard, Seeds compared
	}{
		{name: "intact", mutate: func(t *testing.T, dir string) []string { return nil }},
		{
			name: "damaged file",
			mutate: func(t *testing.T, dir string) []string {
				must(t, os.WriteFile(filepath.Join(dir, "7", "level.txt"), []byte("oops"), 0o644))
				return nil
			},
			want: []Problem{{Kind: Damaged, Seed: 7, File: "level.txt", Want: shaOf(fakeData(7, "level.txt")), Got: shaOf([]byte("oops"))}},
		},
		{
			name: "missing file",
			mutate: func(t *testing.T, dir string) []string {
				must(t, os.Remove(filepath.Join(dir, "102", "level.json")))
				return nil
			},
			want: []Problem{{Kind: MissingFile, Seed: 102, File: "level.json", Want: shaOf(fakeData(102, "level.json"))}},
		},
		{
			name: "missing shard",
			mutate: func(t *testing.T, dir string) []string {
				must(t, os.Remove(filepath.Join(dir, "manifest.shard-2-of-4.jsonl")))
				must(t, os.Remove(filepath.Join(dir, "batch.shard-2-of-4.json")))
				return nil
			},
			want: []Problem{{Kind: MissingShard, Seed: shard2.at(0), Shard: Shard{2, 4}, Seeds: shard2}},
		},
		{
			name: "missing seeds",
			mutate: func(t *testing.T, dir string) []string {
				path := filepath.Join(dir, "manifest.shard-1-of-4.jsonl")
				lines := strings.SplitAfter(readString(t, path), "\n")
				must(t, os.WriteFile(path, []byte(strings.Join(slices.Delete(lines, 3, 5), "")), 0o644))
				return nil
			},
			want: []Problem{{Kind: MissingSeeds, Seed: 23, Shard: Shard{1, 4}, Seeds: mustSeeds(t, "23..24")}},
		},
		{
			name: "duplicate across directories",
			mutate: func(t *testing.T, dir string) []string {
				other := t.TempDir()
				for _, name := range []string{"manifest.shard-3-of-4.jsonl", "batch.shard-3-of-4.json", "200/level.json", "200/level.txt"} {
					copyFile(t, filepath.Join(dir, name), filepath.Join(other, name))
				}
				// Keep only seed 200, the last, in the copy.
				path := filepath.Join(other, "manifest.shard-3-of-4.jsonl")
				lines := strings.SplitAfter(readString(t, path), "\n")
				must(t, os.WriteFile(path, []byte(lines[len(lines)-2]), 0o644))
				return []string{other}
			},
			want: []Problem{{Kind: Duplicate, Seed: 200}},
		},
		{
			name: "journal left",
			mutate: func(t *testing.T, dir string) []string {
				must(t, os.WriteFile(filepath.Join(dir, "manifest.shard-0-of-4.jsonl.journal"), nil, 0o644))
				return nil
			},
			want: []Problem{{Kind: Unfinished}},
		},
		{
			name: "seed in the wrong shard",
			mutate: func(t *testing.T, dir string) []string {
				path := filepath.Join(dir, "manifest.shard-3-of-4.jsonl")
				line := `{"seed":500,"attempt":0,"status":"failed","reason":"x"}` + "\n"
				must(t, os.WriteFile(path, []byte(readString(t, path)+line), 0o644))
				return nil
			},
			want: []Problem{{Kind: Unexpected, Seed: 500}},
		},
		{
			name: "params differ",
			mutate: func(t *testing.T, dir string) []string {
				must(t, os.WriteFile(filepath.Join(dir, "batch.shard-1-of-4.json"), []byte(`{"batch":1,"seeds":"0..60,100..120,200","shard":"1/4","params":{"v":2}}`), 0o644))
				return nil
			},
			want: []Problem{{Kind: Mismatch}},
		},
		{
			name: "malformed line",
			mutate: func(t *testing.T, dir string) []string {
				path := filepath.Join(dir, "manifest.shard-0-of-4.jsonl")
				must(t, os.WriteFile(path, []byte(readString(t, path)+"{\"seed\":99,\"status\":\"fine\"}\n"), 0o644))
				return nil
			},
			want: []Problem{{Kind: Malformed}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			dir := sharded(t)
			dirs := append([]string{dir}, tt.mutate(t, dir)...)
			rep, err := Verify(dirs...)
			if err != nil {
				t.Fatal(err)
			}
			if len(rep.Problems) != len(tt.want) {
				t.Fatalf("problems:\n%v\nwant %d: %+v", rep.Err(), len(tt.want), tt.want)
			}
			for i, w := range tt.want {
				g := rep.Problems[i]
				if g.Kind != w.Kind || g.Seed != w.Seed || g.File != w.File || g.Want != w.Want || g.Got != w.Got || g.Shard != w.Shard || g.Seeds.String() != w.Seeds.String() {
					t.Errorf("problem %d = %+v (%s), want %+v", i, g, g, w)
				}
			}
			if len(tt.want) == 0 {
				if rep.Err() != nil || rep.Found != seeds.Len() || rep.Shards != 4 || rep.Files == 0 {
					t.Errorf("intact output: %v, found %d seeds in %d shards, %d files", rep.Err(), rep.Found, rep.Shards, rep.Files)
				}
				return
			}
			if err := rep.Err(); err == nil || !strings.HasPrefix(err.Error(), "batch: verify: ") {
				t.Errorf("Report.Err() = %v", err)
			}
			if err := Merge(rep, t.TempDir()); err == nil {
				t.Error("Merge accepted a report with problems")
			}
		})
	}
}

func TestVerifyErrors(t *testing.T) {
	if _, err := Verify(t.TempDir()); err == nil || !strings.Contains(err.Error(), "no batch.json") {
		t.Errorf("Verify of an empty directory: %v", err)
	}
	if _, err := Verify(filepath.Join(t.TempDir(), "nope")); err == nil {
		t.Error("Verify of a missing directory succeeded")
	}
	if _, err := Verify(); err == nil {
		t.Error("Verify of no directory succeeded")
	}
	if err := Merge(Report{}, t.TempDir()); err == nil {
		t.Error("Merge of a zero Report succeeded")
	}
}

// TestVerifyUnsharded: an unsharded run verifies, and a missing manifest
// line is reported as missing seeds of shard 0/1.
func TestVerifyUnsharded(t *testing.T) {
	dir := t.TempDir()
	run(t, dir, mustSeeds(t, "5..9"), nil, Options{})
	path := filepath.Join(dir, "manifest.jsonl")
	lines := strings.SplitAfter(readString(t, path), "\n")
	must(t, os.WriteFile(path, []byte(strings.Join(lines[:len(lines)-2], "")), 0o644))
	rep, err := Verify(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Problems) != 1 || rep.Problems[0].Kind != MissingSeeds || rep.Problems[0].Seeds.String() != "9" || rep.Problems[0].Shard != (Shard{}) {
		t.Errorf("problems: %v", rep.Err())
	}
}

// A manifest is a file anyone can edit: the names and details a problem
// quotes from it reach the terminal with their control characters escaped.
func TestProblemStringEscapes(t *testing.T) {
	for _, p := range []Problem{
		{Kind: MissingFile, Path: "manifest.jsonl", Line: 3, Seed: 7, File: "lv\x1b[2J\u202e.png", Want: strings.Repeat("0", 64)},
		{Kind: Damaged, Path: "manifest.jsonl", Line: 3, Seed: 7, File: "lv\x00.png", Detail: "read \x1b[31m"},
		{Kind: Malformed, Path: "manifest.jsonl", Line: 3, Detail: "bad \x1b[31m\u202e"},
	} {
		s := p.String()
		if strings.ContainsAny(s, "\x00\x1b\u202e") || !strings.Contains(s, `\x`) {
			t.Errorf("%v: %q", p.Kind, s)
		}
	}
}
