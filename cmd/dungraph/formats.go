package main

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/dungraph/dungraph/levelbatch"
	"github.com/dungraph/dungraph/params"
	"github.com/dungraph/dungraph/raster"
	"github.com/dungraph/dungraph/render"
	"github.com/dungraph/dungraph/rulesets"
	"github.com/dungraph/dungraph/tiled"
)

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

// exports returns the outputs' options: png's from options, the others
// from the export flags.
func (f *outputFlags) exports(png render.PNG) levelbatch.Exports {
	return levelbatch.Exports{PNG: png, Raster: f.export.raster(f.export.lattice), TileSize: f.export.tileSize}
}

// parseFormats resolves --format's list (levelbatch.ParseFormats); a bad
// list is a usage error.
func parseFormats(list []string) ([]levelbatch.Format, error) {
	fmts, err := levelbatch.ParseFormats(list)
	if err != nil {
		return nil, cmdLinef("--format: %v", err)
	}
	return fmts, nil
}

// formatFlag registers --format with its completion.
func formatFlag(cmd *cobra.Command, p *[]string, def []string) {
	cmd.Flags().StringSliceVarP(p, "format", "f", def, "the outputs to write: "+strings.Join(levelbatch.FormatNames(), ", "))
	cmd.RegisterFlagCompletionFunc("format", func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		return levelbatch.FormatNames(), cobra.ShellCompDirectiveNoFileComp
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
	fl.IntVar(&f.corridorWidth, "corridor-width", 0, fmt.Sprintf("map, tmx, tmj, text and tiles: the width of corridors in `cells`, 1 to %d (default: the ruleset's map.corridor_width, 1 unless it says)", params.MaxCorridorWidth))
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
	if f.corridorWidth < 0 || f.corridorWidth > params.MaxCorridorWidth {
		return cmdLinef("--corridor-width: want 1 to %d cells (0: the ruleset's), got %d", params.MaxCorridorWidth, f.corridorWidth)
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
