package main

import (
	"errors"

	"github.com/spf13/cobra"

	"github.com/dungraph/dungraph/internal/textsafe"
	"github.com/dungraph/dungraph/render"
)

func (a *app) solveCmd() *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "solve LEVEL.json",
		Short: "Print the walkthrough of a lock-and-key level",
		Long: `Solve prints how a player finishes a level whose ruleset declares locks
(tags with role "key" and "lock"): one shortest walkthrough from the entrance
to the goal, step by step, with where each key is picked up and each lock
opened, then the essential locks, the keys never needed and the locks that
gate nothing. The level's solution is recomputed from its rooms and
corridors when the file is read, and a file whose stored solution differs is
refused.

With --json it prints route.solution (see docs/level-format.md). The exit
code is 1 when the level is not solvable or declares no locks, 2 when the
file cannot be read.`,
		Args: exactArgs(1, "a level file"),
		ValidArgsFunction: func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
			return []string{"json"}, cobra.ShellCompDirectiveFilterFileExt
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			doc, _, err := a.readLevel(cmd.Context(), args[0])
			if err != nil {
				return err
			}
			sol := doc.Route.Solution
			if sol == nil {
				return failed(render.ErrNoLocks)
			}
			if asJSON {
				err = writeJSON(a.stdout, sol)
			} else {
				err = render.WriteSolution(a.stdout, doc)
			}
			if err != nil {
				return failed(err)
			}
			if !sol.Solvable {
				return failed(errors.New("solve: " + args[0] + ": the level is not solvable: " + textsafe.Escape(sol.Reason)))
			}
			return nil
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print route.solution as JSON")
	return cmd
}
