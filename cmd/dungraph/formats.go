package main

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/dungraph/dungraph/level"
	"github.com/dungraph/dungraph/render"
)

// output is what a format writes from: the level as generated, and as
// the document the JSON holds.
type output struct {
	level *level.Level
	doc   *render.Document
	png   render.PNG
}

// outputFormat is one kind of file generate writes. Each format is one
// entry here whose writer calls its package: issue 6 adds the exports
// "text", "tiles" and "graphcoloring" as entries, and nothing else in the
// command changes.
type outputFormat struct {
	// name is the format as --format spells it.
	name string
	// file is the file it writes in --out.
	file string
	// write writes the format; an error aborts every file of the run.
	write func(w io.Writer, o *output) error
}

func outputFormats() []outputFormat {
	return []outputFormat{
		{name: "png", file: "level.png", write: func(w io.Writer, o *output) error {
			return o.png.Write(w, o.doc)
		}},
		{name: "json", file: "level.json", write: func(w io.Writer, o *output) error {
			return o.doc.WriteJSON(w)
		}},
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
