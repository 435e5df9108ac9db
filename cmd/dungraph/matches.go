package main

import (
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/dungraph/dungraph/grammar"
	"github.com/dungraph/dungraph/level"
)

func (a *app) matchesCmd() *cobra.Command {
	var (
		rf     rulesetFlags
		rule   string
		host   string
		asJSON bool
	)
	cmd := &cobra.Command{
		Use:   "matches [--ruleset NAME|FILE] --rule NAME --host level.json",
		Short: "Show where a rule matches in a saved level, and why matches are rejected",
		Long: `Matches lists every place where a rule's pattern fits a saved level (tags,
cosmetic flags and edges agree) and whether the rule could be applied there.
A rejected match says why:

  flip     the match is the mirror image of the pattern
  valence  the rewrite would give a vertex more than build.max_valence edges
  negated  a neighbour outside the match carries a tag the pattern negates
  lock     a locked pattern vertex sits on a vertex of another valence

It is how to find out why a rule never fires. Matches are listed in
canonical order, each as pattern vertex id=host vertex id. With --json:

  {"rule": NAME, "matches": [{"map": {"a": 3, "b": 7}}],
   "rejected": [{"map": {...}, "reason": "flip"}]}

with map keys in the pattern's vertex order.

Without --ruleset, the rules are those of the bundled ruleset the level
names, with the overrides it was generated with; a level made from a
ruleset file needs --ruleset FILE. --set applies further overrides, such as
build.max_valence.`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			doc, _, err := a.readLevel(cmd.Context(), host)
			if err != nil {
				return err
			}
			if !cmd.Flags().Changed("ruleset") {
				// The level's own ruleset, as it was generated: its
				// overrides first, then --set's.
				if !slices.Contains(bundledNames(), doc.Ruleset.Name) {
					return cmdLinef("%s was generated from ruleset %q, which is not bundled: name its file with --ruleset", host, doc.Ruleset.Name)
				}
				rf.ruleset, rf.bundledOnly = doc.Ruleset.Name, true
				rf.sets = append(slices.Clone(doc.Ruleset.Overrides), rf.sets...)
			}
			rs, err := rf.load(a)
			if err != nil {
				return err
			}
			if sum := hex.EncodeToString(rs.SHA256[:]); sum != doc.Ruleset.SHA256 {
				a.infof("warning: %s was generated from ruleset %s with sha256 %.12s…, not from this %s (sha256 %.12s…): the matches may not be those its build saw; give --ruleset the file it was generated from",
					host, doc.Ruleset.Name, doc.Ruleset.SHA256, rs.Name, sum)
			}
			i, ok := rs.Grammar.RuleIndex(rule)
			if !ok {
				var names []string
				for _, r := range rs.Grammar.Rules() {
					names = append(names, r.Name)
				}
				return cmdLinef("--rule: ruleset %s has no rule %q; its rules are %s", rs.Name, rule, strings.Join(names, ", "))
			}
			g, err := level.GraphOf(doc)
			if err != nil {
				return usageErr(fmt.Errorf("%s: %w", host, err))
			}
			cands, err := rs.Grammar.Diagnose(g, i, rs.Build.MaxValence)
			if err != nil {
				return failed(err)
			}
			r := rs.Grammar.Rules()[i]
			if asJSON {
				return a.printMatchesJSON(r, cands)
			}
			return a.printMatches(r, cands)
		},
	}
	rf.register(cmd, "the ruleset the level names, with its overrides")
	fl := cmd.Flags()
	fl.StringVar(&rule, "rule", "", "the rule's `NAME`")
	fl.StringVar(&host, "host", "", "the level `FILE` written by generate")
	fl.BoolVar(&asJSON, "json", false, "print the matches as JSON")
	cmd.MarkFlagRequired("rule")
	cmd.MarkFlagRequired("host")
	cmd.MarkFlagFilename("host", "json")
	return cmd
}

func (a *app) printMatches(r grammar.Rule, cands []grammar.Candidate) error {
	ok := 0
	for _, c := range cands {
		if c.Reason == grammar.OK {
			ok++
		}
	}
	tw := tabwriter.NewWriter(a.stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintf(tw, "rule %s: %d matches, %d rejected\n", r.Name, ok, len(cands)-ok)
	for _, c := range cands {
		verdict := "match"
		if c.Reason != grammar.OK {
			verdict = c.Reason.String()
		}
		fmt.Fprintf(tw, "  %s\t%s\n", verdict, formatMatch(r, c.Match))
	}
	if err := tw.Flush(); err != nil {
		return failed(err)
	}
	if len(cands) == 0 {
		a.infof("the pattern of %s fits nowhere: no place has its tags, cosmetic flags and edges", r.Name)
	}
	return nil
}

// printMatchesJSON prints the matches as JSON, one match on a line, each
// map's keys in the pattern's vertex order (encoding/json would sort them).
func (a *app) printMatchesJSON(r grammar.Rule, cands []grammar.Candidate) error {
	quote := func(s string) string {
		b, _ := json.Marshal(s) // a string always marshals
		return string(b)
	}
	entry := func(c grammar.Candidate) string {
		var b strings.Builder
		b.WriteString(`{"map": {`)
		for i, host := range c.Match {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(quote(r.Pattern.Vertices[i].ID))
			b.WriteString(": ")
			b.WriteString(strconv.Itoa(host))
		}
		b.WriteString("}")
		if c.Reason != grammar.OK {
			b.WriteString(`, "reason": `)
			b.WriteString(quote(c.Reason.String()))
		}
		b.WriteString("}")
		return b.String()
	}
	var matches, rejected []string
	for _, c := range cands {
		if c.Reason == grammar.OK {
			matches = append(matches, entry(c))
		} else {
			rejected = append(rejected, entry(c))
		}
	}
	list := func(items []string) string {
		if len(items) == 0 {
			return "[]"
		}
		return "[\n    " + strings.Join(items, ",\n    ") + "\n  ]"
	}
	var b strings.Builder
	fmt.Fprintf(&b, "{\n  \"rule\": %s,\n  \"matches\": %s,\n  \"rejected\": %s\n}\n",
		quote(r.Name), list(matches), list(rejected))
	if _, err := io.WriteString(a.stdout, b.String()); err != nil {
		return failed(err)
	}
	return nil
}
