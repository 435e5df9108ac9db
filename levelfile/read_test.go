package levelfile

import (
	"context"
	"errors"
	"io"
	"strings"
	"testing"
	"testing/iotest"
)

func TestReadJSONErrors(t *testing.T) {
	base := string(mustJSON(t, tinyDoc()))
	// replace replaces the first old in base; the problem is expected on
	// the line where new starts.
	replace := func(old, new string) func() (string, int) {
		return func() (string, int) {
			i := strings.Index(base, old)
			if i < 0 {
				panic("test input lacks " + old)
			}
			return base[:i] + new + base[i+len(old):], 1 + strings.Count(base[:i], "\n")
		}
	}
	raw := func(s string, line int) func() (string, int) {
		return func() (string, int) { return s, line }
	}
	// at expects the problem on line: a missing key is reported at the
	// start of its object.
	at := func(line int, f func() (string, int)) func() (string, int) {
		return func() (string, int) { s, _ := f(); return s, line }
	}
	for _, tc := range []struct {
		name   string
		input  func() (string, int) // the input and the line of the problem
		path   string               // the path of a problem reported
		is     error                // what the error wraps, if anything
		reason string
	}{
		{"empty", raw("", 1), "", ErrFormat, "nothing is not a level"},
		{"not an object", raw("[1, 2]\n", 1), "", ErrFormat, "a level is an object"},
		{"other format", replace(`"dungraph.level"`, `"dungraph.ruleset"`), "format", ErrFormat, "format names the kind of file"},
		{"no format", at(1, replace(`"format": "dungraph.level",`, ``)), "", ErrFormat, "format is required"},
		{"newer version", replace(`"version": 2`, `"version": 3`), "version", ErrVersion, "a newer format must not be half-read"},
		{"version as string", replace(`"version": 2`, `"version": "2"`), "version", ErrVersion, "the version is the number 2"},
		{"no version", at(1, replace(`"version": 2,`, ``)), "", ErrVersion, "version is required"},
		{"unknown key", replace(`"seed": 7,`, `"seed": 7, "sneed": 2,`), "sneed", nil, "misspelt keys are errors"},
		{"unknown nested key", replace(`"created_by": -1}`, `"created_by": -1, "colour": "red"}`), "vertices[0].colour", nil, "unknown keys are found at any depth"},
		{"key in the wrong case", replace(`"seed": 7,`, `"Seed": 1,`), "Seed", nil, "keys are case-sensitive, unlike encoding/json's"},
		{"duplicate key", replace(`"seed": 7,`, `"seed": 7, "seed": 2,`), "seed", nil, "a second value would silently win"},
		{"missing key", at(1, replace(`"attempt": 0,`, ``)), "", nil, "every key is required"},
		{"string for a number", replace(`"seed": 7,`, `"seed": "1",`), "seed", nil, "types are checked"},
		{"negative seed", replace(`"seed": 7,`, `"seed": -1,`), "seed", nil, "seeds are unsigned"},
		{"seed too large", replace(`"seed": 7,`, `"seed": 18446744073709551616,`), "seed", nil, "seeds are 64-bit"},
		{"fraction for an integer", replace(`"attempt": 0,`, `"attempt": 0.5,`), "attempt", nil, "counts are integers"},
		{"float out of range", replace(`"x": 400,`, `"x": 1e999,`), "vertices[1].x", nil, "JSON cannot hold infinity"},
		{"NaN", replace(`"x": 400,`, `"x": NaN,`), "", nil, "NaN is not JSON"},
		{"null for an array", replace(`"failures": []`, `"failures": null`), "failures", nil, "null is not an empty list"},
		{"truncated", func() (string, int) { return base[:len(base)/2], 1 + strings.Count(base[:len(base)/2], "\n") }, "", nil, "a cut file is reported, not half-read"},
		{"data after the document", func() (string, int) { return base + "{}\n", 1 + strings.Count(base, "\n") }, "", nil, "one document per file"},
		{"edge to a missing vertex", replace(`{"a": 0, "b": 1,`, `{"a": 0, "b": 40,`), "edges[0].b", nil, "edges name vertices"},
		{"edge the wrong way", replace(`{"a": 0, "b": 1,`, `{"a": 1, "b": 0,`), "edges[0]", nil, "edges are written a < b"},
		{"loop", replace(`{"a": 0, "b": 1,`, `{"a": 1, "b": 1,`), "edges[0]", nil, "a corridor joins two rooms"},
		{"duplicate edge", replace(`{"a": 0, "b": 2,`, `{"a": 0, "b": 1,`), "edges[1]", nil, "the graph is simple"},
		{"zero length factor", replace(`"length_factor": 1}`, `"length_factor": 0}`), "edges[0].length_factor", nil, "length factors are positive"},
		{"ids not dense", replace(`{"id": 1,`, `{"id": 7,`), "vertices[1].id", nil, "ids are indices"},
		{"unknown creator", replace(`"created_by": -1}`, `"created_by": 99}`), "vertices[0].created_by", nil, "created_by is a step of the trace"},
		{"tag without settings", replace(`"tag": "a"`, `"tag": "zz"`), "vertices[0].tag", nil, "every tag has its params entry"},
		{"bad colour", replace(`"color": ""`, `"color": "red"`), "params.tags.c.color", nil, "colours are #rrggbb"},
		{"match outside the level", replace(`"match": [0],`, `"match": [3],`), "trace.steps[0].match[0]", nil, "trace entries name vertices"},
		{"negative metric", replace(`"rooms": 3,`, `"rooms": -3,`), "metrics.rooms", nil, "counts are >= 0"},
		{"bad sha256", replace(`"sha256": "abab`, `"sha256": "ABab`), "ruleset.sha256", nil, "the hash is lower-case hex"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			input, line := tc.input()
			_, err := ReadJSON(strings.NewReader(input))
			if err == nil {
				t.Fatalf("no error; %s", tc.reason)
			}
			var l ErrorList
			if !errors.As(err, &l) || len(l) == 0 {
				t.Fatalf("error %v (%T) is not an ErrorList", err, err)
			}
			if tc.is != nil && !errors.Is(err, tc.is) {
				t.Errorf("error does not wrap %v: %v", tc.is, err)
			}
			var e *Error
			for _, p := range l {
				if p.Path == tc.path {
					e = p
					break
				}
			}
			if e == nil {
				t.Fatalf("no problem at %q (%s): %v", tc.path, tc.reason, err)
			}
			if e.Line != line {
				t.Errorf("line %d, want %d: %v", e.Line, line, err)
			}
			if !strings.HasPrefix(err.Error(), "levelfile: ") {
				t.Errorf("message does not start with the package name: %v", err)
			}
		})
	}
}

func TestReadJSONReportsEveryProblem(t *testing.T) {
	in := string(mustJSON(t, tinyDoc()))
	in = strings.Replace(in, `"seed": 7,`, `"seed": "one",`, 1)
	in = strings.Replace(in, `"created_by": -1}`, `"created_by": -1, "extra": 1}`, 1)
	in = strings.Replace(in, `"end": "stalled"`, `"end": true`, 1)
	_, err := ReadJSON(strings.NewReader(in))
	got := errorPaths(t, err)
	want := []string{"seed", "vertices[0].extra", "trace.passes[0].end"}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("problems at %q, want %q in document order: %v", got, want, err)
	}
}

func TestReadJSONPosition(t *testing.T) {
	in := "{\n  \"format\": \"dungraph.level\",\n  \"version\": 2,\n  \"seed\": \"é\", \"x\": 1\n}\n"
	_, err := ReadJSON(strings.NewReader(in))
	var l ErrorList
	if !errors.As(err, &l) {
		t.Fatal(err)
	}
	var x *Error
	for _, e := range l {
		if e.Path == "x" {
			x = e
		}
	}
	// The column counts characters: "é" is one, though two bytes.
	if x == nil || x.Line != 4 || x.Col != 16 {
		t.Errorf("unknown key x reported as %+v, want line 4 column 16", x)
	}
}

func TestReadJSONReadError(t *testing.T) {
	boom := errors.New("boom")
	_, err := ReadJSON(iotest.ErrReader(boom))
	if !errors.Is(err, boom) {
		t.Errorf("got %v, want an error wrapping the reader's", err)
	}
}

func TestReadJSONVersionMessage(t *testing.T) {
	in := strings.Replace(string(mustJSON(t, tinyDoc())), `"version": 2`, `"version": 3`, 1)
	// A newer file may have keys this version does not know: only the
	// version is reported.
	in = strings.Replace(in, `"seed": 7,`, `"seed": 7, "entrance": 0,`, 1)
	_, err := ReadJSON(strings.NewReader(in))
	var l ErrorList
	if !errors.As(err, &l) || len(l) != 1 || !errors.Is(err, ErrVersion) {
		t.Fatalf("want one ErrVersion problem, got %v", err)
	}
	if msg := l[0].Error(); !strings.Contains(msg, "3") || !strings.Contains(msg, "version 2") {
		t.Errorf("message %q should name the file's version and the supported one", msg)
	}
}

func TestReadJSONManyProblemsCapped(t *testing.T) {
	d := goldenDoc(t, "quads-1")
	for i := range d.Edges {
		d.Edges[i].B = 1000
	}
	for i := range d.Vertices {
		d.Vertices[i].ID = -1
	}
	err := d.Validate()
	var l ErrorList
	if !errors.As(err, &l) {
		t.Fatal(err)
	}
	if len(l) != maxErrors+1 || l[maxErrors].Path != "" {
		t.Errorf("%d problems, the last %v; want %d and a summary", len(l), l[len(l)-1], maxErrors)
	}
}

func TestErrorListFormatting(t *testing.T) {
	l := ErrorList{{Pkg: pkg, Line: 3, Col: 5, Path: "seed", Msg: "bad"}, {Pkg: pkg, Path: "x", Msg: "worse"}}
	if got, want := l.Error(), "levelfile: 3:5: seed: bad\nlevelfile: x: worse"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	if ErrorList(nil).Err() != nil {
		t.Error("empty list is an error")
	}
}

// A file over MaxFileSize is refused with a message naming the limit,
// without being parsed.
func TestReadJSONTooLarge(t *testing.T) {
	big := io.MultiReader(strings.NewReader(`{"format": "dungraph.level", "pad": "`), io.LimitReader(spaces{}, MaxFileSize))
	_, err := ReadJSON(big)
	if !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), "32 MiB") {
		t.Fatalf("ReadJSON of %d bytes: %v; want ErrTooLarge naming 32 MiB", MaxFileSize+40, err)
	}
}

// spaces reads as an endless run of spaces.
type spaces struct{}

func (spaces) Read(b []byte) (int, error) {
	for i := range b {
		b[i] = ' '
	}
	return len(b), nil
}

// countingReader counts the bytes read through it and cancels its context
// once it has passed at.
type countingReader struct {
	r      io.Reader
	n, at  int64
	cancel context.CancelFunc
}

func (c *countingReader) Read(b []byte) (int, error) {
	n, err := c.r.Read(b)
	if c.n += int64(n); c.n >= c.at {
		c.cancel()
	}
	return n, err
}

// A context done while the file is read stops the read within a chunk,
// with an error wrapping the context's; a live context reads as ReadJSON.
func TestReadJSONContext(t *testing.T) {
	data := mustJSON(t, tinyDoc())
	doc, err := ReadJSONContext(context.Background(), strings.NewReader(string(data)))
	if err != nil || doc.Seed != tinyDoc().Seed {
		t.Fatalf("ReadJSONContext of a level: %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	r := &countingReader{r: io.LimitReader(spaces{}, MaxFileSize), at: 3 * readChunk, cancel: cancel}
	_, err = ReadJSONContext(ctx, r)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("ReadJSONContext cancelled mid-read: %v", err)
	}
	if r.n > r.at+readChunk {
		t.Errorf("cancelled after %d bytes, the read went on to %d", r.at, r.n)
	}
}
