package levelbatch

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/dungraph/dungraph/batch"
	"github.com/dungraph/dungraph/gridmap"
	"github.com/dungraph/dungraph/levelfile"
	"github.com/dungraph/dungraph/raster"
	"github.com/dungraph/dungraph/render"
	"github.com/dungraph/dungraph/tiled"
)

// Exports are the options of a level's files, one field per group of
// formats; the zero value gives every format its defaults.
type Exports struct {
	// PNG is the png format's preview; its Size is also the map format's.
	PNG render.PNG
	// Raster are the options of the text, tiles, map, tmx and tmj formats.
	// Text is always square; Raster.Lattice is the lattice of the grid map
	// that the tiles, map, tmx and tmj formats draw.
	Raster render.Raster
	// TileSize is the side of a Tiled tile in pixels (0:
	// tiled.DefaultTileSize).
	TileSize int
}

// Format is one kind of output: a name (as the CLI's --format spells it)
// and the suffixes of the files it makes, in order. Formats lists them all.
type Format struct {
	Name     string
	Suffixes []string
	// make returns the bytes of each file, in the order of Suffixes.
	make func(o *output) ([][]byte, error)
}

// output is what a format is made from: the level's document, the base
// name its files share (files that name each other, like a Tiled map and
// its tileset, need it), the options and the context that stops the map
// stage.
type output struct {
	ctx  context.Context
	doc  *levelfile.Document
	name string
	ex   Exports

	// gm is the level's grid map once a format has built it, so that the
	// formats drawn from it build it once.
	gm *gridmap.Map
}

// gridMap returns the level's grid map on the lattice of o's options,
// built on first use.
func (o *output) gridMap() (*gridmap.Map, error) {
	if o.gm == nil {
		m, err := o.ex.Raster.MapContext(o.ctx, o.doc)
		if err != nil {
			return nil, err
		}
		o.gm = m
	}
	return o.gm, nil
}

// tiledFiles writes the Tiled files of the level's grid map, floors in
// the level's tag colours: each writer (a tiled.Options method) makes one
// file.
func tiledFiles(o *output, write ...func(t tiled.Options, w io.Writer, m *gridmap.Map) error) ([][]byte, error) {
	m, err := o.gridMap()
	if err != nil {
		return nil, err
	}
	size := o.ex.TileSize
	if size == 0 {
		size = tiled.DefaultTileSize
	}
	t := tiled.Options{TileSize: size, Name: o.name, Document: o.doc}
	out := make([][]byte, len(write))
	for i, f := range write {
		var b bytes.Buffer
		if err := f(t, &b, m); err != nil {
			return nil, err
		}
		out[i] = b.Bytes()
	}
	return out, nil
}

// one adapts a writer of a single file.
func one(write func(b *bytes.Buffer, o *output) error) func(o *output) ([][]byte, error) {
	return func(o *output) ([][]byte, error) {
		var b bytes.Buffer
		if err := write(&b, o); err != nil {
			return nil, err
		}
		return [][]byte{b.Bytes()}, nil
	}
}

// Formats returns every format, in the order the CLI lists them.
func Formats() []Format {
	return []Format{
		{Name: "png", Suffixes: []string{".png"}, make: one(func(b *bytes.Buffer, o *output) error {
			return o.ex.PNG.Write(b, o.doc)
		})},
		{Name: "json", Suffixes: []string{".json"}, make: one(func(b *bytes.Buffer, o *output) error {
			return o.doc.WriteJSON(b)
		})},
		{Name: "text", Suffixes: []string{".txt", ".variations.txt"}, make: func(o *output) ([][]byte, error) {
			var ent, vars bytes.Buffer
			r := o.ex.Raster
			r.Lattice = raster.Square
			if err := r.WriteTextContext(o.ctx, &ent, &vars, o.doc); err != nil {
				return nil, err
			}
			return [][]byte{ent.Bytes(), vars.Bytes()}, nil
		}},
		{Name: "tiles", Suffixes: []string{".tiles.json", ".tiles.png"}, make: func(o *output) ([][]byte, error) {
			m, err := o.gridMap()
			if err != nil {
				return nil, err
			}
			g, err := raster.FromMap(m)
			if err != nil {
				return nil, err
			}
			var js, pic bytes.Buffer
			if err := render.WriteTiles(&js, &pic, g, o.doc); err != nil {
				return nil, err
			}
			return [][]byte{js.Bytes(), pic.Bytes()}, nil
		}},
		{Name: "tmx", Suffixes: []string{tiled.TMXSuffix, tiled.TilesetSuffix, tiled.ImageSuffix}, make: func(o *output) ([][]byte, error) {
			return tiledFiles(o, tiled.Options.WriteTMX, tiled.Options.WriteTSX, tiled.Options.WriteTilesetPNG)
		}},
		{Name: "tmj", Suffixes: []string{tiled.TMJSuffix, tiled.ImageSuffix}, make: func(o *output) ([][]byte, error) {
			return tiledFiles(o, tiled.Options.WriteTMJ, tiled.Options.WriteTilesetPNG)
		}},
		{Name: "map", Suffixes: []string{".map.png"}, make: one(func(b *bytes.Buffer, o *output) error {
			m, err := o.gridMap()
			if err != nil {
				return err
			}
			return render.WriteMapPNG(b, m, render.MapPNG{Size: o.ex.PNG.Size, Document: o.doc})
		})},
		{Name: "graphcoloring", Suffixes: []string{".graphcoloring.xml"}, make: one(func(b *bytes.Buffer, o *output) error {
			return render.GraphColoring{}.Write(b, o.doc)
		})},
	}
}

// FormatNames returns the formats' names, in Formats' order.
func FormatNames() []string {
	var names []string
	for _, f := range Formats() {
		names = append(names, f.Name)
	}
	return names
}

// ParseFormats resolves a list of format names (any case, spaces
// trimmed), in the order given, without repeats.
func ParseFormats(list []string) ([]Format, error) {
	all := Formats()
	var out []Format
	for _, item := range list {
		name := strings.ToLower(strings.TrimSpace(item))
		i := slices.IndexFunc(all, func(f Format) bool { return f.Name == name })
		if i < 0 {
			return nil, fmt.Errorf("unknown format %q; valid formats: %s", item, strings.Join(FormatNames(), ", "))
		}
		if !slices.ContainsFunc(out, func(f Format) bool { return f.Name == name }) {
			out = append(out, all[i])
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("name at least one of %s", strings.Join(FormatNames(), ", "))
	}
	return out, nil
}

// Make makes the files of every format of fmts for doc, in memory, named
// name<suffix>; a file two formats share (the Tiled maps' tileset image)
// is made once. A format that fails (a level too coarse for the text
// grid) fails the whole call, naming the format, so that a caller writes
// every file or none. ctx stops the map stage (the text, tiles, map, tmx
// and tmj formats), which can take minutes on a crowded level: past ctx's
// deadline Make fails with a *MapTimeoutError, whose Budget the caller
// that set the deadline fills in.
func (e Exports) Make(ctx context.Context, fmts []Format, doc *levelfile.Document, name string) ([]batch.File, error) {
	o := &output{ctx: ctx, doc: doc, name: name, ex: e}
	var out []batch.File
	for _, f := range fmts {
		data, err := f.make(o)
		if errors.Is(err, context.DeadlineExceeded) && ctx.Err() != nil {
			return nil, &MapTimeoutError{Ruleset: doc.Ruleset.Name, Seed: doc.Seed, Format: f.Name}
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %w", f.Name, err)
		}
		for i, d := range data {
			file := name + f.Suffixes[i]
			if !slices.ContainsFunc(out, func(m batch.File) bool { return m.Name == file }) {
				out = append(out, batch.File{Name: file, Data: d})
			}
		}
	}
	return out, nil
}

// MapTimeoutError is Make's error when its context's deadline ends the map
// stage, as level.TimeoutError is generation's.
type MapTimeoutError struct {
	Ruleset string
	Seed    uint64
	// Format is the format whose grid map was being drawn.
	Format string
	// Budget is the time budget that set the deadline, 0 when unknown.
	Budget time.Duration
}

func (e *MapTimeoutError) Error() string {
	if e.Budget <= 0 {
		return fmt.Sprintf("levelbatch: ruleset %q seed %d: the deadline passed during the map stage (drawing the %s format's grid map)", e.Ruleset, e.Seed, e.Format)
	}
	return fmt.Sprintf("levelbatch: ruleset %q seed %d: the time budget of %v ran out during the map stage (drawing the %s format's grid map); raise the budget (to about %v)",
		e.Ruleset, e.Seed, e.Budget, e.Format, e.Suggest())
}

// Suggest returns a budget to try next: twice the budget, rounded up to a
// whole second. The map stage reports no progress to scale from (a crowded
// level's map tries ever finer cells, each with more cells to route), so
// the suggestion only doubles.
func (e *MapTimeoutError) Suggest() time.Duration {
	d := 2 * e.Budget
	if r := d % time.Second; r != 0 {
		d += time.Second - r
	}
	return d
}

// Unwrap makes a MapTimeoutError a context.DeadlineExceeded.
func (e *MapTimeoutError) Unwrap() error { return context.DeadlineExceeded }

// Options returns, for each format of fmts, the options that decide its
// files' bytes, as a batch records them (batch.Options.Outputs): a rerun
// compares them key by key with the earlier run's.
func (e Exports) Options(fmts []Format) map[string]any {
	// The grid map's options: every format drawn from the map stage
	// (text, tiles, map, tmx, tmj) depends on them.
	type mapOpts struct {
		Cell          float64 `json:"cell"`
		CorridorWidth int     `json:"corridor_width"`
		RoomShape     string  `json:"room_shape"`
		Compact       bool    `json:"compact"`
	}
	m := mapOpts{e.Raster.Cell, e.Raster.CorridorWidth, e.Raster.Shape.String(), e.Raster.Compact}
	lattice := e.Raster.Lattice.String()
	goal := "G"
	if e.Raster.Goal != 0 {
		goal = string(rune(e.Raster.Goal))
	}
	tileSize := e.TileSize
	if tileSize == 0 {
		tileSize = tiled.DefaultTileSize
	}
	out := map[string]any{}
	for _, f := range fmts {
		switch f.Name {
		case "png":
			out[f.Name] = struct {
				Size   int  `json:"size"`
				Labels bool `json:"labels"`
				Trace  bool `json:"trace"`
			}{e.PNG.Size, e.PNG.Labels, e.PNG.Trace}
		case "text":
			// Always on squares: DeepMind Lab's format has no hexagons.
			out[f.Name] = struct {
				mapOpts
				GoalChar string `json:"goal_char"`
			}{m, goal}
		case "tiles":
			out[f.Name] = struct {
				mapOpts
				GoalChar string `json:"goal_char"`
				Tiles    string `json:"tiles"`
			}{m, goal, lattice}
		case "map":
			out[f.Name] = struct {
				mapOpts
				Tiles string `json:"tiles"`
				Size  int    `json:"size"`
			}{m, lattice, e.PNG.Size}
		case "tmx", "tmj":
			out[f.Name] = struct {
				mapOpts
				Tiles    string `json:"tiles"`
				TileSize int    `json:"tile_size"`
			}{m, lattice, tileSize}
		default:
			out[f.Name] = struct{}{}
		}
	}
	return out
}
