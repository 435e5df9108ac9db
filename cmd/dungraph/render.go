package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/dungraph/dungraph/internal/atomicfile"
	"github.com/dungraph/dungraph/render"
)

func (a *app) renderCmd() *cobra.Command {
	var (
		pf      pngFlags
		out     string
		animate bool
	)
	cmd := &cobra.Command{
		Use:   "render level.json",
		Short: "Draw a saved level as a PNG, without generating it again",
		Long: `Render reads a level written by generate and draws it: to level.png beside
level.json unless -o says otherwise (-o - writes to stdout). With --animate
it writes an animated GIF of the build instead, one frame per rule
application (default level.gif).`,
		Args: exactArgs(1, "a level.json file"),
		ValidArgsFunction: func(cmd *cobra.Command, args []string, _ string) ([]string, cobra.ShellCompDirective) {
			return []string{"json"}, cobra.ShellCompDirectiveFilterFileExt
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			png, err := pf.options()
			if err != nil {
				return err
			}
			doc, err := a.readLevel(args[0])
			if err != nil {
				return err
			}
			if out == "" {
				ext := ".png"
				if animate {
					ext = ".gif"
				}
				out = strings.TrimSuffix(args[0], filepath.Ext(args[0])) + ext
				if out == args[0] {
					return cmdLinef("render: %s would replace the level itself: name the picture with -o", out)
				}
			}
			write := func(w *bytes.Buffer) error { return png.Write(w, doc) }
			if animate {
				write = func(w *bytes.Buffer) error { return png.WriteGIF(w, doc) }
			}
			// Drawing into memory first keeps a failed drawing from
			// leaving half a picture on stdout.
			var buf bytes.Buffer
			if err := write(&buf); err != nil {
				return failed(err)
			}
			if out == "-" {
				if _, err := a.stdout.Write(buf.Bytes()); err != nil {
					return failed(err)
				}
				return nil
			}
			if err := atomicfile.WriteFile(out, 0o644, func(w io.Writer) error {
				_, err := w.Write(buf.Bytes())
				return err
			}); err != nil {
				return failed(err)
			}
			a.infof("wrote %s", out)
			return nil
		},
	}
	pf.register(cmd)
	cmd.Flags().StringVarP(&out, "output", "o", "", "the `FILE` to write; - for stdout (default: level.png beside level.json)")
	cmd.Flags().BoolVar(&animate, "animate", false, "write an animated GIF of the build, one frame per rule application")
	return cmd
}

// readLevel reads a level file written by generate. Failing to read or
// decode it is exit code 2, unreadable input; each problem is printed as
// file:line:col: path: msg.
func (a *app) readLevel(path string) (*render.Document, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, usageErr(err)
	}
	defer f.Close()
	doc, err := render.ReadJSON(f)
	var list render.ErrorList
	switch {
	case errors.As(err, &list):
		for _, e := range list {
			var b strings.Builder
			b.WriteString(path)
			if e.Line > 0 {
				fmt.Fprintf(&b, ":%d:%d", e.Line, e.Col)
			}
			if e.Path != "" {
				b.WriteString(": " + e.Path)
			}
			fmt.Fprintf(a.stderr, "%s: %s\n", b.String(), e.Msg)
		}
		return nil, &exitError{code: exitUsage, err: err, printed: true}
	case err != nil:
		return nil, usageErr(fmt.Errorf("%s: %w", path, err))
	}
	return doc, nil
}
