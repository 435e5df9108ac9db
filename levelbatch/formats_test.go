package levelbatch

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/dungraph/dungraph/level"
	"github.com/dungraph/dungraph/raster"
	"github.com/dungraph/dungraph/render"
	"github.com/dungraph/dungraph/rulesets"
)

// TestMakeAllOrNothing: a format that fails fails Make, naming it, with no
// files, so that a caller writes every file or none; a file two formats
// share is made once.
func TestMakeAllOrNothing(t *testing.T) {
	boom := errors.New("boom")
	ok := Format{Name: "a", Suffixes: []string{".a.txt", ".shared"}, make: func(o *output) ([][]byte, error) {
		return [][]byte{[]byte("new"), []byte("first")}, nil
	}}
	shared := Format{Name: "s", Suffixes: []string{".shared"}, make: func(o *output) ([][]byte, error) {
		return [][]byte{[]byte("second")}, nil
	}}
	bad := Format{Name: "b", Suffixes: []string{".b.txt"}, make: func(o *output) ([][]byte, error) {
		return [][]byte{[]byte("half")}, boom
	}}
	files, err := Exports{}.Make(context.Background(), []Format{ok, bad}, nil, "level")
	if !errors.Is(err, boom) || files != nil || !strings.HasPrefix(err.Error(), "b: ") {
		t.Fatalf("Make with a failing format = %v, %v; want no files and the error naming the format", files, err)
	}
	files, err = Exports{}.Make(context.Background(), []Format{ok, shared}, nil, "level")
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, f := range files {
		names = append(names, f.Name+"="+string(f.Data))
	}
	if want := []string{"level.a.txt=new", "level.shared=first"}; !slices.Equal(names, want) {
		t.Errorf("files %q, want %q", names, want)
	}
}

func TestParseFormats(t *testing.T) {
	tests := []struct {
		name    string
		list    []string
		want    []string
		wantErr string
	}{
		{name: "order kept and repeats dropped", list: []string{"json", " PNG", "json"}, want: []string{"json", "png"}},
		{name: "unknown", list: []string{"xml"}, wantErr: `unknown format "xml"; valid formats: png, json,`},
		{name: "empty", list: nil, wantErr: "name at least one of png, json,"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ParseFormats(tt.list)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("error %v, want %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			var names []string
			for _, f := range got {
				names = append(names, f.Name)
			}
			if !slices.Equal(names, tt.want) {
				t.Errorf("formats %q, want %q", names, tt.want)
			}
		})
	}
}

// TestOptionsLattice: a batch records the lattice of every format drawn
// from the grid map, so that a rerun with another --tiles is told apart.
func TestOptionsLattice(t *testing.T) {
	var fmts []Format
	for _, f := range Formats() {
		if slices.Contains([]string{"map", "tmx", "tmj", "tiles", "text"}, f.Name) {
			fmts = append(fmts, f)
		}
	}
	for _, l := range []raster.Lattice{raster.Square, raster.Hex} {
		opts := Exports{Raster: render.Raster{Lattice: l}}.Options(fmts)
		for _, name := range []string{"map", "tmx", "tmj", "tiles"} {
			b, err := json.Marshal(opts[name])
			if err != nil {
				t.Fatal(err)
			}
			if want := `"tiles":"` + l.String() + `"`; !strings.Contains(string(b), want) {
				t.Errorf("%v: %s's options %s, want %s", l, name, b, want)
			}
		}
		if b, _ := json.Marshal(opts["text"]); strings.Contains(string(b), `"tiles"`) {
			t.Errorf("%v: text's options %s name a lattice, but text is always square", l, b)
		}
	}
}

// TestOptionsDecideBytes: every export option that changes a format's
// files changes what a batch records for that format, so a rerun with it
// changed is refused instead of mixing files; an option a format does not
// use leaves its record alone.
func TestOptionsDecideBytes(t *testing.T) {
	base := Exports{}
	cases := []struct {
		option string
		change func(*Exports)
		used   []string // formats whose record must change
	}{
		{"cell", func(e *Exports) { e.Raster.Cell = 40 }, []string{"text", "tiles", "map", "tmx", "tmj"}},
		{"corridor width", func(e *Exports) { e.Raster.CorridorWidth = 2 }, []string{"text", "tiles", "map", "tmx", "tmj"}},
		{"room shape", func(e *Exports) { e.Raster.Shape = raster.RoomDisc }, []string{"text", "tiles", "map", "tmx", "tmj"}},
		{"compact", func(e *Exports) { e.Raster.Compact = true }, []string{"text", "tiles", "map", "tmx", "tmj"}},
		{"lattice", func(e *Exports) { e.Raster.Lattice = raster.Hex }, []string{"tiles", "map", "tmx", "tmj"}},
		{"goal char", func(e *Exports) { e.Raster.Goal = 'X' }, []string{"text", "tiles"}},
		{"size", func(e *Exports) { e.PNG.Size = 900 }, []string{"png", "map"}},
		{"labels", func(e *Exports) { e.PNG.Labels = true }, []string{"png"}},
		{"tile size", func(e *Exports) { e.TileSize = 32 }, []string{"tmx", "tmj"}},
	}
	fmts := Formats()
	record := func(e Exports) map[string]string {
		out := map[string]string{}
		for name, v := range e.Options(fmts) {
			b, err := json.Marshal(v)
			if err != nil {
				t.Fatal(err)
			}
			out[name] = string(b)
		}
		return out
	}
	before := record(base)
	for _, c := range cases {
		e := base
		c.change(&e)
		after := record(e)
		for _, f := range fmts {
			changed := before[f.Name] != after[f.Name]
			if want := slices.Contains(c.used, f.Name); changed != want {
				t.Errorf("%s: %s's record changed = %v, want %v (%s -> %s)", c.option, f.Name, changed, want, before[f.Name], after[f.Name])
			}
		}
	}
}

// TestMakeStopsMapStage: past its context's deadline, Make fails every
// format drawn by the map stage with a MapTimeoutError naming the format,
// while the formats without a map are made. On a triangle fan whose map
// needs negotiation at ever finer cells (tens of seconds), a deadline a
// moment away stops the map stage.
func TestMakeStopsMapStage(t *testing.T) {
	rs, err := rulesets.LoadFile("../level/testdata/quality/fans.toml")
	if err != nil {
		t.Fatal(err)
	}
	lv, err := level.Generate(context.Background(), rs, 1, level.Options{})
	if err != nil {
		t.Fatal(err)
	}
	doc, err := lv.Document()
	if err != nil {
		t.Fatal(err)
	}
	past, cancel := context.WithDeadline(context.Background(), time.Unix(0, 0))
	defer cancel()
	for _, name := range []string{"png", "json", "text", "tiles", "map", "tmx", "tmj"} {
		fmts, err := ParseFormats([]string{name})
		if err != nil {
			t.Fatal(err)
		}
		files, err := Exports{}.Make(past, fmts, doc, "level")
		var te *MapTimeoutError
		switch name {
		case "png", "json":
			if err != nil || len(files) != 1 {
				t.Errorf("%s past the deadline: %d files, %v; want its file (no map stage)", name, len(files), err)
			}
		default:
			if !errors.As(err, &te) || te.Format != name || te.Ruleset != "fans" || te.Seed != 1 || !errors.Is(err, context.DeadlineExceeded) || files != nil {
				t.Errorf("%s past the deadline: %d files, %v; want a MapTimeoutError naming the format, ruleset fans and seed 1", name, len(files), err)
			}
		}
	}
	soon, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	fmts, _ := ParseFormats([]string{"tmx"})
	if _, err := (Exports{}).Make(soon, fmts, doc, "level"); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("tmx of fans seed 1 with a deadline 200 ms away = %v; want the map stage stopped", err)
	}
}

// TestMapTimeoutErrorSays: the message names the map stage, the format,
// the budget and a larger one; without a budget, only the deadline.
func TestMapTimeoutErrorSays(t *testing.T) {
	tests := []struct {
		budget  time.Duration
		suggest time.Duration
		want    []string
	}{
		{30 * time.Second, time.Minute, []string{`ruleset "fans" seed 4`, "time budget of 30s ran out during the map stage", "tmx format", "to about 1m0s"}},
		{1500 * time.Millisecond, 3 * time.Second, []string{"time budget of 1.5s", "to about 3s"}},
		{300 * time.Millisecond, time.Second, []string{"to about 1s"}},
		{0, 0, []string{"the deadline passed during the map stage"}},
	}
	for _, tt := range tests {
		e := &MapTimeoutError{Ruleset: "fans", Seed: 4, Format: "tmx", Budget: tt.budget}
		if e.Budget > 0 && e.Suggest() != tt.suggest {
			t.Errorf("budget %v: Suggest = %v, want %v", tt.budget, e.Suggest(), tt.suggest)
		}
		for _, w := range tt.want {
			if !strings.Contains(e.Error(), w) {
				t.Errorf("budget %v: %q does not say %q", tt.budget, e.Error(), w)
			}
		}
	}
}
