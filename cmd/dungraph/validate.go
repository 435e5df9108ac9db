package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"github.com/dungraph/dungraph/rulesets"
)

// problem is one problem of `validate --json`.
type problem struct {
	File    string `json:"file"`
	Line    int    `json:"line"`
	Col     int    `json:"col"`
	Path    string `json:"path"`
	Message string `json:"message"`
	// Warning marks a likely mistake that does not stop the ruleset from
	// building (exit code 0).
	Warning bool `json:"warning,omitempty"`
}

func (a *app) validateCmd() *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "validate FILE...",
		Short: "Check ruleset files and print every problem",
		Long: `Validate loads each ruleset file as generate would and prints every problem
of every file, each with file:line:col, the source line and a caret.

The exit code is 1 if any file has a problem, and 2 if a file cannot be read.
Likely mistakes that do not stop the ruleset from building are printed as
warnings; they do not change the exit code:
  - a limit the budgets make moot;
  - a rule that can never apply;
  - a negated tag on a locked vertex, which never rejects a match;
  - settings of a tag no rule uses;
  - in a ruleset with a [tags] table, a tag a substitute gives that has no
    entry there (and, unless a "-" pattern matches every tag, that no
    pattern matches): most likely a misspelt name;
  - a rule whose substitute is drawn with crossing corridors.

With --json it prints a list of {file, line, col, path, message, warning}
instead (line and col are 0 for a problem with no place in the file;
warning is present and true for a warning).`,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 {
				return cmdLinef("validate: name at least one ruleset file")
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, files []string) error {
			var problems []problem
			code := exitOK
			for _, file := range files {
				ctx := cmd.Context()
				rs, err := until(ctx, func() (*rulesets.Ruleset, error) {
					return rulesets.Loader{Context: ctx}.LoadFile(file)
				})
				if errors.Is(err, context.Canceled) {
					return interrupted(fmt.Errorf("interrupted"))
				}
				if err == nil {
					for _, w := range rs.Warnings {
						problems = append(problems, problem{File: w.File, Line: w.Line, Col: w.Col, Path: w.Path, Message: w.Msg, Warning: true})
						if !asJSON {
							fmt.Fprintln(a.stdout, "warning: "+w.ErrorWithSource())
						}
					}
					a.infof("%s: ok%s", file, countWarnings(len(rs.Warnings)))
					continue
				}
				var list rulesets.ErrorList
				if !errors.As(err, &list) {
					// Unreadable: report it like a problem, go on with the
					// other files, and exit 2.
					code = exitUsage
					problems = append(problems, problem{File: file, Message: err.Error()})
					if !asJSON {
						fmt.Fprintf(a.stdout, "%s: %v\n", file, err)
					}
					continue
				}
				code = max(code, exitFailed)
				for _, e := range list {
					problems = append(problems, problem{File: e.File, Line: e.Line, Col: e.Col, Path: e.Path, Message: e.Msg})
					if !asJSON {
						fmt.Fprintln(a.stdout, e.ErrorWithSource())
					}
				}
			}
			if asJSON {
				if problems == nil {
					problems = []problem{}
				}
				if err := writeJSON(a.stdout, problems); err != nil {
					return failed(err)
				}
			}
			if code == exitOK {
				return nil
			}
			a.infof("%s", countProblems(len(problems)-warnings(problems), len(files)))
			return &exitError{code: code, printed: true}
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the problems as JSON")
	return cmd
}

func countProblems(n, files int) string {
	return fmt.Sprintf("%s in %s", plural(n, "problem"), plural(files, "file"))
}

// countWarnings says how many warnings a valid file has: " (1 warning)".
func countWarnings(n int) string {
	if n == 0 {
		return ""
	}
	return " (" + plural(n, "warning") + ")"
}

func warnings(ps []problem) int {
	n := 0
	for _, p := range ps {
		if p.Warning {
			n++
		}
	}
	return n
}

// plural counts n of a noun whose plural adds an s: "1 rule", "2 rules".
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// writeJSON writes v as indented JSON followed by a newline.
func writeJSON(w io.Writer, v any) error {
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	_, err = w.Write(append(b, '\n'))
	return err
}
