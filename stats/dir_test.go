package stats

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/dungraph/dungraph/level"
	"github.com/dungraph/dungraph/rulesets"
)

// writeBatch writes the levels of seeds of quads as a batch directory
// would hold them, and returns their samples as Generate measures them.
func writeBatch(t *testing.T, dir string, seeds []uint64) []Sample {
	t.Helper()
	rs, err := rulesets.Bundled("quads")
	if err != nil {
		t.Fatal(err)
	}
	for _, seed := range seeds {
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
		sd := filepath.Join(dir, fmt.Sprint(seed))
		if err := os.MkdirAll(sd, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(sd, LevelFile), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	samples, err := Generate(context.Background(), rs, seeds, Options{Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	for i := range samples {
		samples[i].Time, samples[i].Timed = 0, false
	}
	return samples
}

func TestReadDir(t *testing.T) {
	dir := t.TempDir()
	want := writeBatch(t, dir, []uint64{2, 3})
	manifest := `{"seed":2,"attempt":0,"status":"ok","files":{"level.json":"` + strings.Repeat("0", 64) + `"}}
{"seed":3,"attempt":0,"status":"ok"}
{"seed":4,"attempt":4,"status":"failed","metrics":{"attempts":5},"reason":"no valid level"}
`
	if err := os.WriteFile(filepath.Join(dir, "manifest.jsonl"), []byte(manifest), 0o644); err != nil {
		t.Fatal(err)
	}
	// Seed 3 twice: the last line wins; seed 9 is not in the manifest.
	// Seed 3's generation time, gen_ms, is its time, not ms with the
	// exports.
	timings := `{"seed":3,"worker":0,"ms":1.5}
{"seed":2,"worker":1,"ms":2.25}
{"seed":3,"worker":0,"ms":70,"gen_ms":7}
{"seed":9,"worker":0,"ms":1}
{"seed":4,"wor`
	if err := os.WriteFile(filepath.Join(dir, "timings.jsonl"), []byte(timings), 0o644); err != nil {
		t.Fatal(err)
	}
	b, err := ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if !b.Timed || !reflect.DeepEqual(b.Rulesets, []string{"quads"}) || len(b.Samples) != 3 {
		t.Fatalf("timed %v, rulesets %v, %d samples; want timed, [quads], 3", b.Timed, b.Rulesets, len(b.Samples))
	}
	for i, w := range want {
		got := b.Samples[i]
		if got.Time != []time.Duration{2250 * time.Microsecond, 7 * time.Millisecond}[i] || !got.Timed {
			t.Errorf("seed %d: time %v, timed %v", got.Seed, got.Time, got.Timed)
		}
		got.Time, got.Timed = 0, false
		if !reflect.DeepEqual(got, w) {
			t.Errorf("seed %d: read %+v\nwant (generated) %+v", w.Seed, got, w)
		}
	}
	f := b.Samples[2]
	if f.Seed != 4 || f.Valid || f.Attempts != 5 || f.Attempt != 4 || f.Reason != "no valid level" || f.Timed {
		t.Errorf("failed seed: %+v", f)
	}
}

func TestReadDirWithoutManifest(t *testing.T) {
	dir := t.TempDir()
	want := writeBatch(t, dir, []uint64{5, 10})
	// Not seeds: a file, a non-numeric directory, "007".
	for _, name := range []string{"notes", "007"} {
		if err := os.MkdirAll(filepath.Join(dir, name), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	b, err := ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if b.Timed || len(b.Samples) != 2 || b.Samples[0].Seed != 5 || b.Samples[1].Seed != 10 {
		t.Fatalf("timed %v, samples %d; want untimed seeds 5 and 10 in numeric order", b.Timed, len(b.Samples))
	}
	if !reflect.DeepEqual(b.Samples, want) {
		t.Errorf("samples differ from the generated ones")
	}
}

func TestReadDirErrors(t *testing.T) {
	tests := []struct {
		name     string
		files    map[string]string
		wantErrs []string
	}{
		{"empty", nil, []string{"not a batch directory"}},
		{"missing level", map[string]string{"manifest.jsonl": `{"seed":1,"attempt":0,"status":"ok"}` + "\n"}, []string{"1/level.json", "no such file"}},
		{"bad manifest", map[string]string{"manifest.jsonl": "{\"seed\":1,\"status\":\"maybe\"}\nnot json\n"}, []string{"manifest.jsonl:1: status \"maybe\"", "manifest.jsonl:2:"}},
		{"seed twice", map[string]string{"manifest.jsonl": `{"seed":1,"attempt":0,"status":"failed"}` + "\n" + `{"seed":1,"attempt":0,"status":"failed"}` + "\n"}, []string{"seed 1 is listed twice"}},
		{"bad level", map[string]string{"3/level.json": `{"format":"dungraph.level","version":1}`}, []string{"3/level.json"}},
		{"bad timings", map[string]string{
			"manifest.jsonl": `{"seed":1,"attempt":0,"status":"failed"}` + "\n",
			"timings.jsonl":  `{"seed":1}` + "\n",
		}, []string{"timings.jsonl:1"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			for name, content := range tt.files {
				path := filepath.Join(dir, filepath.FromSlash(name))
				if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			_, err := ReadDir(dir)
			if err == nil {
				t.Fatal("no error")
			}
			for _, w := range tt.wantErrs {
				if !strings.Contains(filepath.ToSlash(err.Error()), w) {
					t.Errorf("error %q lacks %q", err, w)
				}
			}
		})
	}
}

func TestReadDirShards(t *testing.T) {
	dir := t.TempDir()
	writeBatch(t, dir, []uint64{1, 2})
	for name, line := range map[string]string{
		"manifest.shard-1-of-2.jsonl": `{"seed":2,"attempt":0,"status":"ok"}`,
		"manifest.shard-0-of-2.jsonl": `{"seed":1,"attempt":0,"status":"ok"}`,
		"timings.shard-1-of-2.jsonl":  `{"seed":2,"worker":0,"ms":3}`,
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(line+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	b, err := ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(b.Samples) != 2 || b.Samples[0].Seed != 1 || b.Samples[0].Timed || b.Samples[1].Time != 3*time.Millisecond {
		t.Errorf("samples %+v", b.Samples)
	}
}
