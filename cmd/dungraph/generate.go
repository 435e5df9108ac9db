package main

import (
	"bytes"
	"context"
	crand "crypto/rand"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/dungraph/dungraph/batch"
	"github.com/dungraph/dungraph/grammar"
	"github.com/dungraph/dungraph/internal/atomicfile"
	"github.com/dungraph/dungraph/internal/runfiles"
	"github.com/dungraph/dungraph/level"
	"github.com/dungraph/dungraph/levelbatch"
	"github.com/dungraph/dungraph/levelfile"
	"github.com/dungraph/dungraph/rulesets"
)

func (a *app) generateCmd() *cobra.Command {
	var (
		rf        rulesetFlags
		of        outputFlags
		seed      uint64
		outDir    string
		formats   []string
		asJSON    bool
		full      bool
		timeout   time.Duration
		maxMemory mebibytes
	)
	cmd := &cobra.Command{
		Use:   "generate",
		Short: "Generate a level: DIR/level.png, DIR/level.json and other formats",
		Long: `Generate builds a level from a ruleset and a seed and writes it to --out:
level.png, a preview, and level.json, the level itself (docs/level-format.md).

Without --seed it picks a random seed and prints it ("seed 1234"); the seed
is also recorded in level.json, so every level can be made again:
the same ruleset, parameters and seed give the same bytes.

--set overrides any ruleset parameter by its TOML key path, as if the file
said so:

  dungraph generate --seed 7 --set build.max_vertices=30 --set 'tags.k.color=#ff0000'

--format chooses the outputs (default png,json):

  png            level.png, a preview
  json           level.json, the level (docs/level-format.md)
  text           level.txt and level.variations.txt, a DeepMind Lab text level
                 (entity and variation layers; --cell, --corridor-width,
                 --room-shape, --goal-char)
  tiles          level.tiles.json and level.tiles.png, square or hex tiles
                 (--tiles square|hex and the text flags)
  map            level.map.png, a picture of the map stage's grid map
                 (--tiles, --cell, --corridor-width, --room-shape, --compact)
  tmx            level.tmx, its tileset level.tsx and level.tileset.png, a
                 Tiled map (--tile-size, --tiles and the text flags)
  tmj            level.tmj and level.tileset.png, a Tiled JSON map
  graphcoloring  level.graphcoloring.xml, a level of the GraphColoring game

docs/exports.md describes each.

Files are written to a temporary file and renamed, and only once every
format was written: a failed run leaves the previous level as it was.
A run that succeeds removes the files an earlier run wrote in DIR and this
one does not write again (they show another level), unless they were
changed since; DIR/.dungraph-files.json records what each run wrote.
--out - writes a format of one file to stdout.

Exit code 1 means no valid level was found within build.attempts attempts.`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			fmts, err := parseFormats(formats)
			if err != nil {
				return err
			}
			if outDir == "-" && (len(fmts) != 1 || len(fmts[0].Suffixes) != 1) {
				return cmdLinef("--out -: choose one format of one file with --format (png, json or graphcoloring) to write to stdout")
			}
			if outDir == "-" && asJSON {
				return cmdLinef("--out - and --json both write to stdout: choose one")
			}
			png, err := of.options()
			if err != nil {
				return err
			}
			loadStart := time.Now()
			rs, err := rf.loadWithin(a, timeout)
			if err != nil {
				return err
			}
			if !cmd.Flags().Changed("seed") {
				seed = randomSeed()
				a.infof("seed %d", seed)
			}

			start := time.Now()
			lv, err := level.Generate(cmd.Context(), rs, seed, level.Options{Exhaustive: full, Timeout: remaining(timeout, loadStart), MaxHeap: maxMemory.bytes()})
			elapsed := time.Since(start)
			if err != nil {
				if errors.Is(err, context.Canceled) {
					return interrupted(fmt.Errorf("interrupted"))
				}
				return failed(wholeBudget(err, timeout))
			}
			a.trace(lv)
			a.debugf("generated in %v, attempts: %d", elapsed.Round(time.Millisecond), lv.Metrics.Attempts)

			doc, err := lv.Document()
			if err != nil {
				return failed(err)
			}
			start = time.Now()
			// The map stage (text, tiles, map, tmx, tmj) spends what is
			// left of --timeout.
			ctx, cancel := withBudget(cmd.Context(), timeout, loadStart)
			defer cancel()
			files, err := a.writeOutputs(ctx, outDir, fmts, of.exports(png), doc)
			if errors.Is(err, context.Canceled) {
				return interrupted(fmt.Errorf("interrupted"))
			}
			if err != nil {
				return failed(wholeBudget(err, timeout))
			}
			a.debugf("wrote in %v", time.Since(start).Round(time.Millisecond))
			rooms, corridors := lv.Playable()
			a.infof("%s seed %d: %s, %s%s", describe(rs), seed,
				plural(rooms, "room"), plural(corridors, "corridor"), wroteList(files))
			if asJSON {
				return a.printSummary(rs, lv, files)
			}
			return nil
		},
	}
	rf.register(cmd, rulesets.DefaultName)
	fl := cmd.Flags()
	fl.Uint64Var(&seed, "seed", 0, "the seed `N` (default: a random seed, printed)")
	fl.StringVarP(&outDir, "out", "o", "out", "the directory `DIR` to write to, created if needed; - for stdout")
	formatFlag(cmd, &formats, []string{"png", "json"})
	fl.DurationVar(&timeout, "timeout", defaultTimeout, "the time budget of the whole run, loading the ruleset, all attempts and the map stage together (0: none); past it generation fails naming the stage that ran out")
	memoryFlag(fl, &maxMemory)
	fl.BoolVar(&full, "full-stats", false, "check every candidate match at every step, so that the trace's per-rule counters in level.json are complete (slower; the level is the same)")
	fl.BoolVar(&asJSON, "json", false, `print a summary as JSON: {"seed", "attempt", "ruleset", "rooms", "corridors", "files"}`)
	of.register(cmd)
	cmd.MarkFlagDirname("out")
	return cmd
}

// defaultMaxMemory is --max-memory's default, in MiB: far above any
// bundled ruleset's needs (caves at 3,000 rooms peaks near 190 MB), low
// enough to stop a runaway ruleset before the machine does.
const defaultMaxMemory = 2048

// memoryFlag registers --max-memory.
func memoryFlag(fl *pflag.FlagSet, mib *mebibytes) {
	*mib = defaultMaxMemory
	fl.Var(mib, "max-memory", "the memory budget in `MiB`, the live heap of the whole process (0: none); past it a level fails naming the stage")
}

// mebibytes is a flag's size in MiB, refused when its bytes would not fit
// in a uint64 (a shift would wrap a huge value to a tiny budget).
type mebibytes uint64

func (m *mebibytes) Set(s string) error {
	v, err := strconv.ParseUint(s, 10, 64)
	if err != nil {
		return fmt.Errorf("want a whole number of MiB")
	}
	if v > math.MaxUint64>>20 {
		return fmt.Errorf("%d MiB is more memory than can be counted (at most %d)", v, uint64(math.MaxUint64>>20))
	}
	*m = mebibytes(v)
	return nil
}

func (m *mebibytes) String() string { return strconv.FormatUint(uint64(*m), 10) }

func (m *mebibytes) Type() string { return "MiB" }

// bytes is m in bytes; 0 stays 0 (none).
func (m mebibytes) bytes() uint64 { return uint64(m) << 20 }

// remaining is what is left at this moment of a time budget (0: none)
// that started at start: at least a nanosecond, so that a budget spent
// by loading is not taken for none.
func remaining(budget time.Duration, start time.Time) time.Duration {
	if budget <= 0 {
		return 0
	}
	return max(budget-time.Since(start), time.Nanosecond)
}

// wholeBudget makes a level.TimeoutError from a generation given what
// remained of --timeout after loading, or a levelbatch.MapTimeoutError
// from the map stage, name the whole budget, the one the user set, which
// its message and its suggestion then scale.
func wholeBudget(err error, budget time.Duration) error {
	var te *level.TimeoutError
	var me *levelbatch.MapTimeoutError
	switch {
	case errors.As(err, &te):
		te.Budget = budget
	case errors.As(err, &me):
		me.Budget = budget
	}
	return err
}

// withBudget returns ctx with the deadline of a time budget (0: none)
// that started at start.
func withBudget(ctx context.Context, budget time.Duration, start time.Time) (context.Context, context.CancelFunc) {
	if budget <= 0 {
		return context.WithCancel(ctx)
	}
	return context.WithDeadline(ctx, start.Add(budget))
}

// defaultTimeout is --timeout's default: far above any bundled ruleset's
// levels (caves, 330 rooms, takes ~0.2 s), low enough that a runaway
// ruleset fails in reasonable time rather than never.
const defaultTimeout = 30 * time.Second

// randomSeed picks a seed for a run without --seed. It stays below 2^53
// so that the seed in level.json reads back exactly as a JavaScript
// number too.
func randomSeed() uint64 {
	var b [8]byte
	crand.Read(b[:])
	return binary.LittleEndian.Uint64(b[:]) >> 11
}

// writeOutputs makes every format and writes its files to dir, as
// level<suffix>, or for "-" its single file to stdout; it returns the
// files written. Either every file is replaced or none. ctx stops the map
// stage.
func (a *app) writeOutputs(ctx context.Context, dir string, fmts []levelbatch.Format, ex levelbatch.Exports, doc *levelfile.Document) ([]string, error) {
	made, err := ex.Make(ctx, fmts, doc, "level")
	if err != nil {
		return nil, err
	}
	if dir == "-" {
		if len(made) != 1 {
			return nil, cmdLinef("--out -: format %s writes %d files; write it to a directory", fmts[0].Name, len(made))
		}
		_, err := a.stdout.Write(made[0].Data)
		return nil, err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	files, err := writeFiles(filepath.Join(dir, "level"), "level", made)
	if err != nil {
		return nil, err
	}
	var js bytes.Buffer
	if err := doc.WriteJSON(&js); err != nil {
		return nil, err
	}
	return files, a.recordRun(dir, "level.json", runfiles.LevelSum(js.Bytes()), files)
}

// recordRun records files, written in dir from the level file from whose
// level has digest level, and removes the earlier outputs of from that
// show another level and that this run did not write again
// (internal/runfiles), saying which.
func (a *app) recordRun(dir, from, level string, files []string) error {
	res, err := runfiles.Update(dir, from, level, files)
	for _, p := range res.Removed {
		a.infof("removed %s, an output of an earlier run (another level)", p)
	}
	for _, p := range res.Kept {
		a.infof("warning: %s is an output of an earlier run (another level) and was changed since: left in place", p)
	}
	return err
}

// writeFiles writes each file, named name<suffix> by levelbatch, to
// base<suffix>, all or nothing.
func writeFiles(base, name string, made []batch.File) ([]string, error) {
	var g atomicfile.Group
	defer g.Abort()
	var files []string
	for _, f := range made {
		path := base + strings.TrimPrefix(f.Name, name)
		w, err := g.Create(path, 0o644)
		if err != nil {
			return nil, err
		}
		if _, err := w.Write(f.Data); err != nil {
			return nil, fmt.Errorf("writing %s: %w", path, err)
		}
		files = append(files, path)
	}
	if err := g.Commit(); err != nil {
		return nil, err
	}
	return files, nil
}

func wroteList(files []string) string {
	if len(files) == 0 {
		return ""
	}
	return " → " + strings.Join(files, ", ")
}

// printSummary prints generate --json's summary.
func (a *app) printSummary(rs *rulesets.Ruleset, lv *level.Level, files []string) error {
	summary := struct {
		Seed      uint64   `json:"seed"`
		Attempt   int      `json:"attempt"`
		Ruleset   string   `json:"ruleset"`
		Rooms     int      `json:"rooms"`
		Corridors int      `json:"corridors"`
		Files     []string `json:"files"`
	}{Seed: lv.Seed, Attempt: lv.Attempt, Ruleset: rs.Name, Files: files}
	summary.Rooms, summary.Corridors = lv.Playable()
	if summary.Files == nil {
		summary.Files = []string{}
	}
	if err := writeJSON(a.stdout, summary); err != nil {
		return failed(err)
	}
	return nil
}

// trace prints the build with --verbose: the rejected attempts, then each
// rule application with its match and the vertices it added.
func (a *app) trace(lv *level.Level) {
	if !a.verbose {
		return
	}
	for _, f := range lv.Failures {
		a.debugf("attempt %d rejected: %s", f.Attempt, f.Reason)
	}
	rules := lv.Ruleset.Grammar.Rules()
	pass := -1
	for _, s := range lv.Build.Steps {
		if len(lv.Build.Passes) > 1 && s.Pass != pass {
			pass = s.Pass
			a.debugf("pass %q:", lv.Build.Passes[pass].Name)
		}
		r := rules[s.Rule]
		a.debugf("%4d %s %s → added %v", s.Iteration, r.Name, formatMatch(r, s.Match), s.Added)
	}
	for _, p := range lv.Build.Passes {
		a.debugf("pass %q: %s, ended by %s", p.Name, plural(p.Iterations, "rule application"), p.End)
	}
}

// formatMatch writes a match as pattern id=host vertex pairs: "a=3 b=7".
func formatMatch(r grammar.Rule, m grammar.Match) string {
	parts := make([]string, len(m))
	for i, host := range m {
		parts[i] = fmt.Sprintf("%s=%d", r.Pattern.Vertices[i].ID, host)
	}
	return strings.Join(parts, " ")
}
