package main

import (
	"bytes"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/dungraph/dungraph/gridmap"
	"github.com/dungraph/dungraph/raster"
	"github.com/dungraph/dungraph/render"
	"github.com/dungraph/dungraph/rulesets"
	"github.com/dungraph/dungraph/tiled"
)

// output is what a format is made from: the level's document, the base
// name its files share (files that name each other, like a Tiled map and
// its tileset, need it), and the options of the formats the user set with
// flags.
type output struct {
	doc    *render.Document
	name   string
	png    render.PNG
	export exportFlags

	// gm is the level's grid map once a format has built it, so that the
	// formats drawn from it build it once.
	gm *gridmap.Map
}

// gridMap returns the level's grid map (render.Raster.Map with the export
// flags), built on first use.
func (o *output) gridMap() (*gridmap.Map, error) {
	if o.gm == nil {
		m, err := o.export.raster(o.export.lattice).Map(o.doc)
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
	t := tiled.Options{TileSize: o.export.tileSize, Name: o.name, Document: o.doc}
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

// outputFlags are the flags of the outputs, shared by generate, render and
// batch: the PNG's and the exports'.
type outputFlags struct {
	png    pngFlags
	export exportFlags
}

func (f *outputFlags) register(cmd *cobra.Command) {
	f.png.register(cmd)
	f.export.register(cmd)
}

// options checks the flags, before any level is generated, and returns
// the outputs' options; a bad flag is a usage error.
func (f *outputFlags) options() (render.PNG, error) {
	png, err := f.png.options()
	if err != nil {
		return render.PNG{}, err
	}
	return png, f.export.check()
}

// output returns what the formats of doc are made from, for files named
// name<suffix>.
func (f *outputFlags) output(doc *render.Document, name string, png render.PNG) *output {
	return &output{doc: doc, name: name, png: png, export: f.export}
}

// outputFormat is one kind of output. Each format is one entry in
// outputFormats whose make calls its package; generate, render and batch
// take their --format lists from the table.
type outputFormat struct {
	// name is the format as --format spells it.
	name string
	// suffixes name the files it makes: generate writes DIR/level<suffix>,
	// render writes <level file's base><suffix>.
	suffixes []string
	// make returns the bytes of each file, in the order of suffixes. It
	// makes everything in memory, so that a format that fails (a level too
	// coarse for the text grid) leaves no file behind.
	make func(o *output) ([][]byte, error)
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

func outputFormats() []outputFormat {
	return []outputFormat{
		{name: "png", suffixes: []string{".png"}, make: one(func(b *bytes.Buffer, o *output) error {
			return o.png.Write(b, o.doc)
		})},
		{name: "json", suffixes: []string{".json"}, make: one(func(b *bytes.Buffer, o *output) error {
			return o.doc.WriteJSON(b)
		})},
		{name: "text", suffixes: []string{".txt", ".variations.txt"}, make: func(o *output) ([][]byte, error) {
			var ent, vars bytes.Buffer
			r := o.export.raster(raster.Square)
			if err := r.WriteText(&ent, &vars, o.doc); err != nil {
				return nil, err
			}
			return [][]byte{ent.Bytes(), vars.Bytes()}, nil
		}},
		{name: "tiles", suffixes: []string{".tiles.json", ".tiles.png"}, make: func(o *output) ([][]byte, error) {
			var js, pic bytes.Buffer
			if err := o.export.raster(o.export.lattice).WriteTiles(&js, &pic, o.doc); err != nil {
				return nil, err
			}
			return [][]byte{js.Bytes(), pic.Bytes()}, nil
		}},
		{name: "tmx", suffixes: []string{tiled.TMXSuffix, tiled.TilesetSuffix, tiled.ImageSuffix}, make: func(o *output) ([][]byte, error) {
			return tiledFiles(o, tiled.Options.WriteTMX, tiled.Options.WriteTSX, tiled.Options.WriteTilesetPNG)
		}},
		{name: "tmj", suffixes: []string{tiled.TMJSuffix, tiled.ImageSuffix}, make: func(o *output) ([][]byte, error) {
			return tiledFiles(o, tiled.Options.WriteTMJ, tiled.Options.WriteTilesetPNG)
		}},
		{name: "map", suffixes: []string{".map.png"}, make: one(func(b *bytes.Buffer, o *output) error {
			m, err := o.gridMap()
			if err != nil {
				return err
			}
			return render.WriteMapPNG(b, m, render.MapPNG{Size: o.png.Size, Document: o.doc})
		})},
		{name: "graphcoloring", suffixes: []string{".graphcoloring.xml"}, make: one(func(b *bytes.Buffer, o *output) error {
			return render.GraphColoring{}.Write(b, o.doc)
		})},
	}
}

func formatNames() []string {
	var names []string
	for _, f := range outputFormats() {
		names = append(names, f.name)
	}
	return names
}

// parseFormats resolves --format's list, in the order given, without
// repeats.
func parseFormats(list []string) ([]outputFormat, error) {
	all := outputFormats()
	var out []outputFormat
	for _, item := range list {
		name := strings.ToLower(strings.TrimSpace(item))
		i := slices.IndexFunc(all, func(f outputFormat) bool { return f.name == name })
		if i < 0 {
			return nil, cmdLinef("--format: unknown format %q; valid formats: %s", item, strings.Join(formatNames(), ", "))
		}
		if !slices.ContainsFunc(out, func(f outputFormat) bool { return f.name == name }) {
			out = append(out, all[i])
		}
	}
	if len(out) == 0 {
		return nil, cmdLinef("--format: name at least one of %s", strings.Join(formatNames(), ", "))
	}
	return out, nil
}

// madeFile is one file of an output: its suffix and bytes.
type madeFile struct {
	suffix string
	data   []byte
}

// makeAll makes the files of every format, in memory. A file two formats
// share (the Tiled maps' tileset image) is written once.
func makeAll(fmts []outputFormat, o *output) ([]madeFile, error) {
	var out []madeFile
	for _, f := range fmts {
		data, err := f.make(o)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", f.name, err)
		}
		for i, d := range data {
			if !slices.ContainsFunc(out, func(m madeFile) bool { return m.suffix == f.suffixes[i] }) {
				out = append(out, madeFile{suffix: f.suffixes[i], data: d})
			}
		}
	}
	return out, nil
}

// formatFlag registers --format with its completion.
func formatFlag(cmd *cobra.Command, p *[]string, def []string) {
	cmd.Flags().StringSliceVarP(p, "format", "f", def, "the outputs to write: "+strings.Join(formatNames(), ", "))
	cmd.RegisterFlagCompletionFunc("format", func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		return formatNames(), cobra.ShellCompDirectiveNoFileComp
	})
}

// pngFlags are the flags of a PNG preview, shared by generate and render.
type pngFlags struct {
	size          int
	labels, trace bool
}

func (f *pngFlags) register(cmd *cobra.Command) {
	fl := cmd.Flags()
	fl.IntVar(&f.size, "size", 0, fmt.Sprintf("the PNG's width and height in `pixels` (default %d)", render.DefaultSize))
	fl.BoolVar(&f.labels, "labels", false, "label each room with its vertex id and tag")
	fl.BoolVar(&f.trace, "trace", false, "number each room with the rule application that created it")
}

// Checking --size against render's limits here makes a bad size a usage
// error (exit 2) found before generating, not a failure (exit 1) after.
func (f *pngFlags) options() (render.PNG, error) {
	if f.size != 0 && (f.size < render.MinSize || f.size > render.MaxSize) {
		return render.PNG{}, cmdLinef("--size: want %d to %d pixels, got %d", render.MinSize, render.MaxSize, f.size)
	}
	return render.PNG{Size: f.size, Labels: f.labels, Trace: f.trace}, nil
}

// exportFlags are the flags of the text and tile exports.
type exportFlags struct {
	cell          float64
	corridorWidth int
	shape         string
	tiles         string
	goal          string
	tileSize      int
	compact       bool

	lattice   raster.Lattice
	roomShape raster.Shape
}

func (f *exportFlags) register(cmd *cobra.Command) {
	fl := cmd.Flags()
	fl.Float64Var(&f.cell, "cell", 0, "map, tmx, tmj, text and tiles: the size of a cell in world `units` (default: the ruleset's map.cell, else a fifth of the median room's shorter side; on hexes the distance between neighbouring centres)")
	fl.IntVar(&f.corridorWidth, "corridor-width", 0, fmt.Sprintf("map, tmx, tmj, text and tiles: the width of corridors in `cells`, 1 to %d (default: the ruleset's map.corridor_width, 1 unless it says)", gridmap.MaxCorridorWidth))
	fl.StringVar(&f.shape, "room-shape", "rect", "map, tmx, tmj, text and tiles: the shape of rooms whose tag sets none: their rectangle (rect) or the largest disc inside it (disc)")
	fl.BoolVar(&f.compact, "compact", false, "map, tmx, tmj, text and tiles: shorten the corridors by drawing the rooms closer, as far as the map's proof allows")
	fl.StringVar(&f.tiles, "tiles", "square", "map, tmx, tmj and tiles: the `lattice`, square or hex (pointy-top hexagons, odd rows half a cell right; hex tiles in axial coordinates); text levels are square")
	fl.StringVar(&f.goal, "goal-char", "G", "text: the goal's `character`")
	fl.IntVar(&f.tileSize, "tile-size", tiled.DefaultTileSize, fmt.Sprintf("tmx and tmj: the tiles' width and height in `pixels`, 1 to %d", tiled.MaxTileSize))
	cmd.RegisterFlagCompletionFunc("tiles", cobra.FixedCompletions([]string{"square", "hex"}, cobra.ShellCompDirectiveNoFileComp))
	cmd.RegisterFlagCompletionFunc("room-shape", cobra.FixedCompletions([]string{"rect", "disc"}, cobra.ShellCompDirectiveNoFileComp))
}

// check validates the export flags, before any level is generated.
func (f *exportFlags) check() error {
	if f.cell < 0 || f.cell != f.cell || f.cell > 1e12 {
		return cmdLinef("--cell: want a positive size in world units, got %v", f.cell)
	}
	if f.corridorWidth < 0 || f.corridorWidth > gridmap.MaxCorridorWidth {
		return cmdLinef("--corridor-width: want 1 to %d cells (0: the ruleset's), got %d", gridmap.MaxCorridorWidth, f.corridorWidth)
	}
	switch f.shape {
	case "rect":
		f.roomShape = raster.RoomRect
	case "disc":
		f.roomShape = raster.RoomDisc
	default:
		return cmdLinef("--room-shape: %q is not rect or disc", f.shape)
	}
	l, err := raster.ParseLattice(f.tiles)
	if err != nil {
		return cmdLinef("--tiles: %q is not square or hex", f.tiles)
	}
	f.lattice = l
	if f.tileSize < 1 || f.tileSize > tiled.MaxTileSize {
		return cmdLinef("--tile-size: want 1 to %d pixels, got %d", tiled.MaxTileSize, f.tileSize)
	}
	if len(f.goal) != 1 || f.goal[0] <= ' ' || f.goal[0] > '~' || strings.ContainsRune(rulesets.ReservedEntities[:5], rune(f.goal[0])) {
		return cmdLinef("--goal-char: want one printable ASCII character other than * P H I and space, got %q", f.goal)
	}
	return nil
}

// raster returns the export options on lattice l.
func (f *exportFlags) raster(l raster.Lattice) render.Raster {
	r := render.Raster{Lattice: l, Cell: f.cell, CorridorWidth: f.corridorWidth, Shape: f.roomShape, Compact: f.compact}
	if len(f.goal) == 1 {
		r.Goal = f.goal[0]
	}
	return r
}
