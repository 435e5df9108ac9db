package main

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/dungraph/dungraph/internal/textsafe"
	"github.com/dungraph/dungraph/rulesets"
)

// rulesetFlags are the flags that choose a ruleset: --ruleset and --set.
type rulesetFlags struct {
	ruleset string
	sets    []string
	// bundledOnly makes ruleset a bundled name even if a file has that
	// name: for a name taken from a level file rather than the user.
	bundledOnly bool
	// cmd is the command the flags are registered on: its context (a
	// signal) stops the load.
	cmd *cobra.Command
	// setFlag names the flag an unknown key came from in messages:
	// "--set" when empty; tune checks its --vary keys as overrides.
	setFlag string
}

// register adds the flags to cmd; def is --ruleset's default, and its
// description when the default is not a fixed name.
func (f *rulesetFlags) register(cmd *cobra.Command, def string) {
	f.cmd = cmd
	fl := cmd.Flags()
	usage := "bundled ruleset `NAME`, or a ruleset FILE (a path that exists or ends in .toml)"
	if def != rulesets.DefaultName {
		usage += " (default: " + def + ")"
		def = ""
	}
	fl.StringVarP(&f.ruleset, "ruleset", "r", def, usage)
	fl.StringArrayVar(&f.sets, "set", nil,
		"set a ruleset parameter by its TOML key path, `key=value` (repeatable): build.max_vertices=30")
	cmd.RegisterFlagCompletionFunc("ruleset", func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		return bundledNames(), cobra.ShellCompDirectiveDefault // files complete too
	})
	cmd.RegisterFlagCompletionFunc("set", func(cmd *cobra.Command, _ []string, _ string) ([]string, cobra.ShellCompDirective) {
		return f.completeSet(cmd), cobra.ShellCompDirectiveNoSpace | cobra.ShellCompDirectiveNoFileComp
	})
}

// completeSet returns the keys --set can take, each followed by "=": the
// fixed ones, and, for the ruleset -r names (or the default), one per tag,
// rule, group and pass of it in place of "<tag>" and the like.
func (f *rulesetFlags) completeSet(cmd *cobra.Command) []string {
	var rs *rulesets.Ruleset
	if name := f.ruleset; name != "" {
		if isFile(name) {
			rs, _ = rulesets.LoadFile(name)
		} else {
			rs, _ = rulesets.Bundled(name)
		}
	}
	names := map[string][]string{}
	if rs != nil {
		var tags []string
		for _, r := range rs.Rules {
			names["<rule>"] = append(names["<rule>"], r.Name)
			for _, v := range r.Substitute.Vertices {
				if v.Tag != "-" && !slices.Contains(tags, v.Tag) {
					tags = append(tags, v.Tag)
				}
			}
		}
		slices.Sort(tags)
		names["<tag>"] = tags
		for _, g := range rs.Groups {
			names["<group>"] = append(names["<group>"], g.Name)
		}
		for _, p := range rs.Passes {
			names["<pass>"] = append(names["<pass>"], p.Name)
		}
	}
	var keys []string
	for _, k := range rulesets.Keys() {
		parts := strings.Split(k, ".")
		if len(parts) != 3 || !strings.HasPrefix(parts[1], "<") {
			if !strings.Contains(k, "<") {
				keys = append(keys, k+"=")
			}
			continue
		}
		for _, n := range names[parts[1]] {
			keys = append(keys, parts[0]+"."+n+"."+parts[2]+"=")
		}
	}
	return keys
}

// isFile reports whether --ruleset names a file rather than a bundled
// ruleset: a path that exists, or one ending in .toml (so that a missing
// file is reported as missing, not as an unknown bundled name).
func isFile(name string) bool {
	if strings.HasSuffix(name, ".toml") {
		return true
	}
	fi, err := os.Stat(name)
	return err == nil && !fi.IsDir()
}

// load loads the chosen ruleset with the overrides. Problems with the
// ruleset are printed with their source lines; every error is exit code 2.
func (f *rulesetFlags) load(a *app) (*rulesets.Ruleset, error) {
	return f.loadWithin(a, 0)
}

// errLoadBudget is the cause of loadWithin's deadline.
var errLoadBudget = errors.New("the time budget ran out while loading")

// loadWithin is load under the time budget of --timeout (0: none): the
// loader stops at its next look at its context once budget has passed,
// and the command does not wait for it (until). A budget that runs out
// is exit code 1, like one that runs out while generating.
func (f *rulesetFlags) loadWithin(a *app, budget time.Duration) (*rulesets.Ruleset, error) {
	var l rulesets.Loader
	if f.cmd != nil {
		l.Context = f.cmd.Context()
	}
	if budget > 0 {
		if l.Context == nil {
			l.Context = context.Background()
		}
		var cancel context.CancelFunc
		l.Context, cancel = context.WithTimeoutCause(l.Context, budget, errLoadBudget)
		defer cancel()
	}
	for _, s := range f.sets {
		o, err := rulesets.ParseOverride(s)
		if err != nil {
			return nil, cmdLinef("--set: %v", err)
		}
		l.Overrides = append(l.Overrides, o)
	}
	rs, err := until(l.Context, func() (*rulesets.Ruleset, error) {
		if !f.bundledOnly && isFile(f.ruleset) {
			return l.LoadFile(f.ruleset)
		}
		return l.Bundled(f.ruleset)
	})
	if errors.Is(err, context.DeadlineExceeded) && errors.Is(context.Cause(l.Context), errLoadBudget) {
		return nil, failed(fmt.Errorf("the time budget of %v ran out while loading the ruleset %s (parsing, checking and compiling it): raise --timeout, or split the ruleset's largest rules",
			budget, textsafe.Escape(f.ruleset)))
	}
	if errors.Is(err, context.Canceled) {
		return nil, interrupted(fmt.Errorf("interrupted"))
	}
	if err != nil {
		err = a.loadErr(err)
		for _, o := range l.Overrides {
			if !knownKey(o.Key) {
				flag := cmp.Or(f.setFlag, "--set")
				fmt.Fprintf(a.stderr, "%s %s: the keys %s can set are:\n%s", flag, o, flag, wrapList(rulesets.Keys(), "  ", 78))
				break
			}
		}
		return nil, err
	}
	for _, w := range rs.Warnings {
		a.infof("warning: %s", w.ErrorWithSource())
	}
	return rs, nil
}

// until returns what work returns, or ctx's error as soon as ctx is
// done. Loading a ruleset looks at its context while it parses, decodes
// and compiles, and reading a level file between chunks, but neither
// within every step (a level file's parse, a blocked read); a command does
// not wait for them, since it exits once interrupted and the work ends
// with the process.
func until[T any](ctx context.Context, work func() (T, error)) (T, error) {
	if ctx == nil {
		return work()
	}
	type result struct {
		v   T
		err error
	}
	done := make(chan result, 1)
	go func() {
		v, err := work()
		done <- result{v, err}
	}()
	select {
	case r := <-done:
		return r.v, r.err
	case <-ctx.Done():
		var zero T
		return zero, ctx.Err()
	}
}

// knownKey reports whether key has the shape of one of rulesets.Keys,
// where "<tag>" and the like stand for any name. The loader's message
// suggests the closest key; this decides whether to list them all.
func knownKey(key string) bool {
	parts := strings.Split(key, ".")
	for _, k := range rulesets.Keys() {
		pattern := strings.Split(k, ".")
		if len(pattern) != len(parts) {
			continue
		}
		ok := true
		for i, p := range pattern {
			if p != parts[i] && !strings.HasPrefix(p, "<") {
				ok = false
				break
			}
		}
		if ok {
			return true
		}
	}
	return false
}

// wrapList joins words with ", " into lines of at most width columns,
// each starting with indent.
func wrapList(words []string, indent string, width int) string {
	var b strings.Builder
	line := indent
	for i, w := range words {
		if i < len(words)-1 {
			w += ","
		}
		if line != indent && len(line)+1+len(w) > width {
			b.WriteString(line + "\n")
			line = indent
		}
		if line != indent {
			line += " "
		}
		line += w
	}
	b.WriteString(line + "\n")
	return b.String()
}

func bundledNames() []string {
	var names []string
	for _, info := range rulesets.ListBundled() {
		names = append(names, info.Name)
	}
	return names
}

// describe names a ruleset for messages: its name and, for a file, the file.
func describe(rs *rulesets.Ruleset) string {
	if strings.HasPrefix(rs.File, "bundled/") {
		return rs.Name
	}
	return fmt.Sprintf("%s (%s)", rs.Name, rs.File)
}
