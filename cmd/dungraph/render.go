package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/dungraph/dungraph/batch"
	"github.com/dungraph/dungraph/internal/atomicfile"
	"github.com/dungraph/dungraph/internal/runfiles"
	"github.com/dungraph/dungraph/levelbatch"
	"github.com/dungraph/dungraph/levelfile"
)

func (a *app) renderCmd() *cobra.Command {
	var (
		of      outputFlags
		formats []string
		out     string
		animate bool
		timeout time.Duration
	)
	cmd := &cobra.Command{
		Use:   "render level.json",
		Short: "Draw or export a saved level, without generating it again",
		Long: `Render reads a level written by generate and writes the formats --format
names (default png) beside it, named after it: level.json gives level.png,
level.txt and level.variations.txt (text), level.tiles.json and
level.tiles.png (tiles), level.map.png (map), level.tmx, level.tsx and
level.tileset.png (tmx), level.tmj and level.tileset.png (tmj),
level.graphcoloring.xml (graphcoloring); generate --help and
docs/exports.md describe them.
-o FILE writes the one file of a one-file format elsewhere; -o - writes it
to stdout. Files written beside the level are recorded as its outputs, so
that a generate of another level into that directory removes them.

With --animate it writes an animated GIF of the build instead, one frame per
rule application (default level.gif).

--timeout bounds the map stage (default 30s): a crowded level's map,
drawn at ever finer cells, can take minutes.`,
		Args: exactArgs(1, "a level.json file"),
		ValidArgsFunction: func(cmd *cobra.Command, args []string, _ string) ([]string, cobra.ShellCompDirective) {
			return []string{"json"}, cobra.ShellCompDirectiveFilterFileExt
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			png, err := of.options()
			if err != nil {
				return err
			}
			fmts, err := parseFormats(formats)
			if err != nil {
				return err
			}
			if slices.ContainsFunc(fmts, func(f levelbatch.Format) bool { return f.Name == "json" }) {
				return cmdLinef("--format: the level is JSON already; render writes the other formats")
			}
			if animate && cmd.Flags().Changed("format") {
				return cmdLinef("--animate writes a GIF: leave out --format")
			}
			doc, raw, err := a.readLevel(cmd.Context(), args[0])
			if err != nil {
				return err
			}
			base := strings.TrimSuffix(args[0], filepath.Ext(args[0]))
			var made []batch.File
			if animate {
				var b bytes.Buffer
				if err := png.WriteGIF(&b, doc); err != nil {
					return failed(err)
				}
				made = []batch.File{{Name: filepath.Base(base) + ".gif", Data: b.Bytes()}}
			} else {
				ctx, cancel := withBudget(cmd.Context(), timeout, time.Now())
				defer cancel()
				made, err = of.exports(png).Make(ctx, fmts, doc, filepath.Base(base))
				if errors.Is(err, context.Canceled) {
					return interrupted(fmt.Errorf("interrupted"))
				}
				if err != nil {
					return failed(wholeBudget(err, timeout))
				}
			}
			name := filepath.Base(base)
			if out == "" && slices.ContainsFunc(made, func(f batch.File) bool { return base+strings.TrimPrefix(f.Name, name) == args[0] }) {
				return cmdLinef("render: the output would replace the level itself: name it with -o")
			}
			if out == "" {
				files, err := writeFiles(base, name, made)
				if err != nil {
					return failed(err)
				}
				if err := a.recordRun(filepath.Dir(args[0]), filepath.Base(args[0]), runfiles.LevelSum(raw), files); err != nil {
					return failed(err)
				}
				a.infof("wrote %s", strings.Join(files, ", "))
				return nil
			}
			if len(made) != 1 {
				return cmdLinef("-o: the formats make %d files; leave out -o to write them beside the level", len(made))
			}
			if out == "-" {
				if _, err := a.stdout.Write(made[0].Data); err != nil {
					return failed(err)
				}
				return nil
			}
			if out == args[0] {
				return cmdLinef("render: -o %s would replace the level itself", out)
			}
			if err := atomicfile.WriteFile(out, 0o644, func(w io.Writer) error {
				_, err := w.Write(made[0].Data)
				return err
			}); err != nil {
				return failed(err)
			}
			a.infof("wrote %s", out)
			return nil
		},
	}
	of.register(cmd)
	formatFlag(cmd, &formats, []string{"png"})
	cmd.Flags().StringVarP(&out, "output", "o", "", "the `FILE` to write the one file of a one-file format to; - for stdout (default: beside level.json)")
	cmd.Flags().DurationVar(&timeout, "timeout", defaultTimeout, "the time budget of the map stage, which draws the text, tiles, map, tmx and tmj formats (0: none)")
	cmd.Flags().BoolVar(&animate, "animate", false, "write an animated GIF of the build, one frame per rule application")
	return cmd
}

// readLevel reads a level file written by generate, and returns it with
// its bytes; ctx (a signal) stops the read. Failing to read or decode it
// is exit code 2, unreadable input; each problem is printed as
// file:line:col: path: msg.
func (a *app) readLevel(ctx context.Context, path string) (*levelfile.Document, []byte, error) {
	var raw bytes.Buffer
	var open error
	doc, err := until(ctx, func() (*levelfile.Document, error) {
		f, err := os.Open(path) // blocks for a FIFO until a writer opens it
		if err != nil {
			open = err
			return nil, err
		}
		defer f.Close()
		return levelfile.ReadJSONContext(ctx, io.TeeReader(f, &raw))
	})
	var list levelfile.ErrorList
	switch {
	case errors.Is(err, context.Canceled):
		return nil, nil, interrupted(fmt.Errorf("interrupted"))
	case errors.Is(open, fs.ErrNotExist):
		return nil, nil, usageErr(fmt.Errorf("%w: give the path of a level file (dungraph generate writes out/level.json, batch DIR/<seed>/level.json)", open))
	case open != nil:
		return nil, nil, usageErr(open)
	case errors.As(err, &list):
		for _, e := range list {
			// The file's name takes the place of the package's.
			inFile := *e
			inFile.Pkg, inFile.File = "", path
			fmt.Fprintln(a.stderr, inFile.Error())
		}
		return nil, nil, &exitError{code: exitUsage, err: err, printed: true}
	case err != nil:
		return nil, nil, usageErr(fmt.Errorf("%s: %w", path, err))
	}
	return doc, raw.Bytes(), nil
}
