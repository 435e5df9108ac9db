package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/dungraph/dungraph/gridmap"
	"github.com/dungraph/dungraph/level"
	"github.com/dungraph/dungraph/levelbatch"
	"github.com/dungraph/dungraph/rulesets"
	"github.com/dungraph/dungraph/serve"
)

// Exit codes.
const (
	exitOK     = 0
	exitFailed = 1 // generation failed, validation found problems, output failed
	exitUsage  = 2 // bad command line, or an input that cannot be read or loaded
	// exitSeedsFailed: batch wrote every level it could, but some seeds
	// failed after every attempt. A script or CI job must be able to
	// tell a directory with gaps from a complete one (0) and from a run
	// that could not work at all (1).
	exitSeedsFailed = 3
	// exitInterrupted is what shells report for a command ended by Ctrl-C
	// (128 + SIGINT): a script can tell an interruption from a failure.
	exitInterrupted = 130
)

// app is one run of the command: where it prints and the global flags.
type app struct {
	stdout, stderr io.Writer
	quiet, verbose bool
}

// exitError carries an exit code up to execute.
type exitError struct {
	code int
	err  error
	// printed: the message was printed already (a ruleset's problems,
	// each with its source line).
	printed bool
	// help: the mistake is on the command line, so point at --help.
	help bool
}

func (e *exitError) Error() string {
	if e.err == nil {
		return fmt.Sprintf("exit status %d", e.code)
	}
	return e.err.Error()
}

func (e *exitError) Unwrap() error { return e.err }

// usageErr marks err as a usage error or unreadable input: exit code 2.
func usageErr(err error) error { return &exitError{code: exitUsage, err: err} }

// failed marks err as a failure of the work itself: exit code 1.
func failed(err error) error { return &exitError{code: exitFailed, err: err} }

// interrupted marks err as the end of work the user interrupted: exit code
// 130.
func interrupted(err error) error { return &exitError{code: exitInterrupted, err: err} }

// infof prints a message to stderr unless --quiet.
func (a *app) infof(format string, args ...any) {
	if !a.quiet {
		fmt.Fprintf(a.stderr, format+"\n", args...)
	}
}

// debugf prints a message to stderr with --verbose.
func (a *app) debugf(format string, args ...any) {
	if a.verbose {
		fmt.Fprintf(a.stderr, format+"\n", args...)
	}
}

// execute runs the command line args and returns the exit code.
func (a *app) execute(ctx context.Context, args []string) int {
	root := a.rootCmd()
	root.SetArgs(args)
	root.SetOut(a.stdout)
	root.SetErr(a.stderr)
	cmd, err := root.ExecuteContextC(ctx)
	if err == nil {
		return exitOK
	}
	var ee *exitError
	if !errors.As(err, &ee) {
		// Only cobra itself returns unmarked errors: an unknown command,
		// flag or argument count.
		ee = &exitError{code: exitUsage, err: err, help: true}
	}
	if !ee.printed && ee.err != nil {
		fmt.Fprintf(a.stderr, "dungraph: %s\n", strings.TrimPrefix(ee.err.Error(), "dungraph: "))
		if h := flagHint(ee.err); h != "" {
			fmt.Fprintf(a.stderr, "dungraph: %s\n", h)
		}
	}
	if ee.help && cmd != nil {
		fmt.Fprintf(a.stderr, "Run '%s --help' for usage.\n", cmd.CommandPath())
	}
	return ee.code
}

// flagHint names the flag that changes what err reports: the library says
// which budget ran out or which cell size works, the command which flag
// sets it.
func flagHint(err error) string {
	var te *level.TimeoutError
	var mt *levelbatch.MapTimeoutError
	var me *level.MemoryError
	var ge *gridmap.CellError
	var ne *serve.NotLoopbackError
	switch {
	case errors.As(err, &te):
		return fmt.Sprintf("the time budget is --timeout (for example --timeout %v)", te.Suggest())
	case errors.As(err, &mt) && mt.Budget > 0:
		return fmt.Sprintf("the time budget is --timeout (for example --timeout %v)", mt.Suggest())
	case errors.As(err, &me):
		return fmt.Sprintf("the memory budget is --max-memory (for example --max-memory %d)", max(2*(me.Limit>>20), 1))
	case errors.As(err, &ge) && ge.Suggestion > 0:
		return fmt.Sprintf("the cell size is --cell: --cell %.4g", ge.Suggestion)
	case errors.As(err, &ne):
		return "--public makes the tuner listen beyond loopback"
	}
	return ""
}

// cmdLinef reports a mistake on the command line: exit code 2, with a
// pointer to --help.
func cmdLinef(format string, args ...any) error {
	return &exitError{code: exitUsage, err: fmt.Errorf(format, args...), help: true}
}

func (a *app) rootCmd() *cobra.Command {
	root := &cobra.Command{
		Use:   "dungraph",
		Short: "Generate game levels from graph grammars",
		Long: `dungraph generates game levels from graph grammars: a ruleset of graph
rewriting rules grows a graph of rooms and corridors, a force-directed layout
draws it, and the level is written as a PNG preview and a JSON file.

  dungraph generate              writes out/level.png and out/level.json
  dungraph rulesets              lists the bundled rulesets

Data goes to stdout and messages to stderr. Exit codes: 0 success,
1 generation failed or validation found problems, 2 usage error or
unreadable input, 3 batch finished but some seeds failed, 130 interrupted
(Ctrl-C).`,
		Version:       version(),
		SilenceErrors: true,
		SilenceUsage:  true,
		PersistentPreRunE: func(cmd *cobra.Command, args []string) error {
			if a.quiet && a.verbose {
				return cmdLinef("--quiet and --verbose cannot be used together")
			}
			return nil
		},
	}
	root.SetVersionTemplate("{{.Name}} {{.Version}}\n")
	root.SetFlagErrorFunc(func(cmd *cobra.Command, err error) error {
		return &exitError{code: exitUsage, err: err, help: true}
	})
	pf := root.PersistentFlags()
	pf.BoolVarP(&a.quiet, "quiet", "q", false, "print no messages, only data and errors")
	pf.BoolVarP(&a.verbose, "verbose", "v", false, "print what happens: the rule applications of a build, timings")
	root.AddCommand(
		a.generateCmd(),
		a.renderCmd(),
		a.validateCmd(),
		a.rulesetsCmd(),
		a.matchesCmd(),
		a.batchCmd(),
		a.solveCmd(),
	)
	root.AddCommand(a.statsCmd(), a.tuneCmd())
	root.AddCommand(a.serveCmd())
	return root
}

// exactArgs is cobra.ExactArgs with a usage error.
func exactArgs(n int, what string) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		if len(args) != n {
			return cmdLinef("%s: want %s, got %d arguments", subPath(cmd), what, len(args))
		}
		return nil
	}
}

// noArgs rejects positional arguments with a usage error.
func noArgs(cmd *cobra.Command, args []string) error {
	if len(args) > 0 {
		return cmdLinef("%s takes no arguments, got %q", subPath(cmd), args)
	}
	return nil
}

// loadErr turns an error from loading a ruleset into an exit error,
// printing every problem with its source line and a caret.
func (a *app) loadErr(err error) error {
	var list rulesets.ErrorList
	if !errors.As(err, &list) {
		return usageErr(err)
	}
	for _, e := range list {
		fmt.Fprintln(a.stderr, e.ErrorWithSource())
	}
	return &exitError{code: exitUsage, err: err, printed: true}
}

// subPath is the command's path without the program name, for messages
// that already start with "dungraph: ".
func subPath(cmd *cobra.Command) string {
	p := cmd.CommandPath()
	if cmd.HasParent() {
		p = strings.TrimPrefix(p, cmd.Root().Name()+" ")
	}
	return p
}
