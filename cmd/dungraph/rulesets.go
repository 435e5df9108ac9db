package main

import (
	"fmt"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/dungraph/dungraph/rulesets"
)

func (a *app) rulesetsCmd() *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "rulesets",
		Short: "List the bundled rulesets",
		Long: `Rulesets lists the rulesets bundled with dungraph and their descriptions.
With --json it prints [{"name": ..., "description": ...}].

The default ruleset is ` + rulesets.DefaultName + `. 'dungraph rulesets show NAME' prints one, to copy
and edit; docs/rulesets.md is the authoring guide.`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			type entry struct {
				Name        string `json:"name"`
				Description string `json:"description"`
			}
			list := []entry{}
			for _, info := range rulesets.ListBundled() {
				list = append(list, entry{info.Name, info.Description})
			}
			if asJSON {
				if err := writeJSON(a.stdout, list); err != nil {
					return failed(err)
				}
				return nil
			}
			tw := tabwriter.NewWriter(a.stdout, 0, 4, 2, ' ', 0)
			for _, e := range list {
				fmt.Fprintf(tw, "%s\t%s\n", e.Name, e.Description)
			}
			if err := tw.Flush(); err != nil {
				return failed(err)
			}
			return nil
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the list as JSON")
	cmd.AddCommand(a.rulesetsShowCmd())
	return cmd
}

func (a *app) rulesetsShowCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "show NAME",
		Short: "Print a bundled ruleset's TOML source",
		Long: `Show prints the TOML source of the bundled ruleset NAME to stdout, so that
it can be copied and edited:

  dungraph rulesets show dungeon > mine.toml
  dungraph generate --ruleset mine.toml`,
		Args: exactArgs(1, "a ruleset NAME"),
		ValidArgsFunction: func(cmd *cobra.Command, args []string, _ string) ([]string, cobra.ShellCompDirective) {
			if len(args) > 0 {
				return nil, cobra.ShellCompDirectiveNoFileComp
			}
			return bundledNames(), cobra.ShellCompDirectiveNoFileComp
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			rs, err := rulesets.Bundled(args[0])
			if err != nil {
				return a.loadErr(err)
			}
			if _, err := a.stdout.Write(rs.Source); err != nil {
				return failed(err)
			}
			return nil
		},
	}
}
