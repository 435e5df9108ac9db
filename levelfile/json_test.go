package levelfile

import (
	"bytes"
	"errors"
	"math"
	"reflect"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/dungraph/dungraph/internal/golden"
)

// TestGoldenFilesRoundTrip: a level file as it is on disk reads and
// writes back to itself, and reading what was written gives the same
// document.
func TestGoldenFilesRoundTrip(t *testing.T) {
	for _, name := range goldenLevels {
		t.Run(name, func(t *testing.T) {
			file := readGolden(t, name)
			d, err := ReadJSON(bytes.NewReader(file))
			if err != nil {
				t.Fatal(err)
			}
			again := mustJSON(t, d)
			if !bytes.Equal(file, again) {
				t.Errorf("reading and writing the golden file changed it:\n%s", golden.Diff(file, again))
			}
			back, err := ReadJSON(bytes.NewReader(again))
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(d, back) {
				t.Error("the document read back differs from the one written")
			}
		})
	}
}

func TestJSONLayout(t *testing.T) {
	b := mustJSON(t, goldenDoc(t, goldenLevels[0]))
	if !bytes.HasSuffix(b, []byte("}\n")) || bytes.HasSuffix(b, []byte("\n\n")) {
		t.Error("want exactly one final newline")
	}
	lines := strings.Split(string(b), "\n")
	var keys []string
	for _, l := range lines {
		// Top-level keys are the lines indented by exactly two spaces.
		if strings.HasPrefix(l, `  "`) {
			k, _, _ := strings.Cut(l[3:], `"`)
			keys = append(keys, k)
		}
		if strings.HasPrefix(strings.TrimLeft(l, " "), "\t") {
			t.Fatalf("tab indentation: %q", l)
		}
	}
	want := []string{"format", "version", "generator", "seed", "attempt", "ruleset", "params", "vertices", "edges", "route", "metrics", "trace", "failures"}
	if !slices.Equal(keys, want) {
		t.Errorf("top-level keys\n got %q\nwant %q", keys, want)
	}
	// One vertex per line.
	d := goldenDoc(t, goldenLevels[0])
	n := 0
	for _, l := range lines {
		if strings.HasPrefix(l, `    {"id": `) {
			n++
		}
	}
	if n != len(d.Vertices) {
		t.Errorf("%d vertex lines for %d vertices", n, len(d.Vertices))
	}
}

func TestFloatJSON(t *testing.T) {
	for _, tc := range []struct {
		v    float64
		want string
	}{
		{120, "120"},
		{-3, "-3"},
		{0, "0"},
		{math.Copysign(0, -1), "-0"},
		{0.1, "0.1"},
		{1.0 / 3, "0.3333333333333333"},
		{190.3943276465977, "190.3943276465977"},
		{1e21, "1e+21"},
		{123456789, "1.23456789e+08"},
		{5e-324, "5e-324"},
		{math.MaxFloat64, "1.7976931348623157e+308"},
	} {
		b, err := Float(tc.v).MarshalJSON()
		if err != nil {
			t.Errorf("%v: %v", tc.v, err)
			continue
		}
		if string(b) != tc.want {
			t.Errorf("%v: got %s, want %s", tc.v, b, tc.want)
		}
		back, err := strconv.ParseFloat(string(b), 64)
		if err != nil || math.Float64bits(back) != math.Float64bits(tc.v) {
			t.Errorf("%v: %s reads back as %v, %v", tc.v, b, back, err)
		}
	}
	for _, v := range []float64{math.NaN(), math.Inf(1), math.Inf(-1)} {
		if _, err := Float(v).MarshalJSON(); err == nil {
			t.Errorf("%v: no error", v)
		}
	}
}

// errorPaths returns the paths of an ErrorList's problems.
func errorPaths(t *testing.T, err error) []string {
	t.Helper()
	var l ErrorList
	if !errors.As(err, &l) {
		t.Fatalf("error %v (%T) is not an ErrorList", err, err)
	}
	var out []string
	for _, e := range l {
		out = append(out, e.Path)
	}
	return out
}

func TestWriteJSONRejectsInvalid(t *testing.T) {
	for _, tc := range []struct {
		name   string
		mutate func(d *Document)
		want   []string
	}{
		{"NaN", func(d *Document) { d.Vertices[1].X = Float(math.NaN()) }, []string{"vertices[1].x"}},
		{"Inf", func(d *Document) { d.Metrics.Quality.Stress = Float(math.Inf(1)) }, []string{"metrics.quality.stress"}},
		{"Inf behind a pointer", func(d *Document) { f := Float(math.Inf(-1)); d.Metrics.Clearance.Rooms = &f }, []string{"metrics.clearance.rooms"}},
		{"edge to nowhere", func(d *Document) { d.Edges[0].B = len(d.Vertices) }, []string{"edges[0].b"}},
		{"format", func(d *Document) { d.Format = "" }, []string{"format"}},
		{"two problems", func(d *Document) {
			d.Vertices[0].ID = 7
			d.Params.Tags["a"] = Tag{Color: "red", MinExtent: 1, MaxExtent: 1}
		},
			[]string{"params.tags.a.color", "vertices[0].id"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := goldenDoc(t, goldenLevels[0])
			tc.mutate(d)
			var b bytes.Buffer
			err := d.WriteJSON(&b)
			if err == nil {
				t.Fatal("no error")
			}
			got := errorPaths(t, err)
			slices.Sort(got)
			if !slices.Equal(got, tc.want) {
				t.Errorf("problems at %q, want %q: %v", got, tc.want, err)
			}
			if b.Len() > 0 {
				t.Error("wrote something")
			}
		})
	}
}

func TestNullClearance(t *testing.T) {
	d := goldenDoc(t, goldenLevels[0])
	d.Metrics.Clearance.Rooms = nil // a level of one room has no pair
	b := mustJSON(t, d)
	if !bytes.Contains(b, []byte(`"clearance": {"rooms": null, "corridors": `)) {
		t.Errorf("clearance not written as null:\n%s", b)
	}
	back, err := ReadJSON(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	if back.Metrics.Clearance.Rooms != nil || back.Metrics.Clearance.Corridors == nil {
		t.Errorf("clearance read back as %+v", back.Metrics.Clearance)
	}
}

func TestBuildProvenance(t *testing.T) {
	p := BuildProvenance()
	if p.Module != ModulePath || p.Go != runtime.Version() || p.Platform != runtime.GOOS+"/"+runtime.GOARCH || p.Version == "" {
		t.Errorf("provenance %+v", p)
	}
}

func BenchmarkReadJSON(b *testing.B) {
	in := readGolden(b, "dungeon-1")
	b.SetBytes(int64(len(in)))
	for b.Loop() {
		if _, err := ReadJSON(bytes.NewReader(in)); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkWriteJSON(b *testing.B) {
	d := goldenDoc(b, "dungeon-1")
	for b.Loop() {
		if _, err := d.JSON(); err != nil {
			b.Fatal(err)
		}
	}
}
