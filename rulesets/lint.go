package rulesets

import (
	"fmt"
	"maps"
	"math"
	"slices"
	"strings"

	"github.com/dungraph/dungraph/grammar"
)

// The checks of a ruleset that compiles but does not do what it says: a
// value that changes nothing, a rule that can never apply. They give
// Ruleset.Warnings, or an error where the value is certainly a mistake
// (an override that configures a tag no rule uses).

// enabled drops the rules the file or an override switched off (`enabled
// = false`) from def, and from its groups and passes, which are dropped
// when they lose all their rules. It returns the definition the build
// uses and, for each of its rules, the index of the rule in the file.
func (d *decoder) enabled(f *file, def grammar.Definition) (grammar.Definition, []int) {
	var index []int
	off := map[string]bool{}
	out := grammar.Definition{Weights: def.Weights}
	for i, r := range def.Rules {
		if e := f.Rules[i].Enabled; e != nil && !*e {
			if r.IsStart() {
				d.errAt(keyPath{"rules", i, "enabled"}, false, "the start rule cannot be disabled: every build starts with it")
			}
			off[r.Name] = true
			continue
		}
		out.Rules = append(out.Rules, r)
		index = append(index, i)
	}
	if len(off) == 0 {
		return def, index
	}
	keep := func(names []string) []string {
		return slices.DeleteFunc(slices.Clone(names), func(n string) bool { return off[n] })
	}
	for _, g := range def.Groups {
		if g.Rules = keep(g.Rules); len(g.Rules) > 0 {
			out.Groups = append(out.Groups, g)
		}
	}
	for _, p := range def.Passes {
		if p.Rules = keep(p.Rules); len(p.Rules) > 0 {
			out.Passes = append(out.Passes, p)
		}
	}
	return out, index
}

// lint checks the compiled definition def, whose rule i is the file's rule
// index[i], with the build limits b. junction is the tag the layout gives
// junction rooms (build.planar = "junction"), or "".
func (d *decoder) lint(def grammar.Definition, index []int, b Build, junction string) {
	d.lintBudgets(def, b)
	d.lintTags(def, index, junction)
}

// lintBudgets warns about build limits the passes' budgets make moot:
// max_vertices above what the budgets can ever build, and max_iterations
// that the budgets of early passes use up before later passes run.
func (d *decoder) lintBudgets(def grammar.Definition, b Build) {
	passes := def.Passes
	if len(passes) == 0 {
		all := grammar.Pass{}
		for _, r := range def.Rules {
			all.Rules = append(all.Rules, r.Name)
		}
		passes = []grammar.Pass{all}
	}
	grow := map[string]int{}
	uses := map[string]int{}
	for _, r := range def.Rules {
		grow[r.Name] = newVertices(r)
		uses[r.Name] = r.MaxUses
	}

	// Each pass adds at most its budget times its largest rule's new
	// vertices, and at most what its rules' max_uses allow; the build at
	// most max_iterations times the largest. The least bound holds.
	byPasses, largest := 0, 0
	var terms []string
	for _, p := range passes {
		budget := p.MaxIterations
		if budget == 0 {
			budget = b.MaxIterations
		}
		most, byUses, capped := 0, 0, true
		for _, name := range p.Rules {
			most = max(most, grow[name])
			if uses[name] > 0 {
				byUses = addSat(byUses, mulSat(uses[name], grow[name]))
			} else if grow[name] > 0 {
				capped = false
			}
		}
		largest = max(largest, most)
		add := mulSat(budget, most)
		if capped && byUses < add {
			add = byUses
		}
		byPasses = addSat(byPasses, add)
		if p.Name != "" {
			terms = append(terms, fmt.Sprintf("%s %d", p.Name, add))
		}
	}
	reach := addSat(1, min(byPasses, mulSat(b.MaxIterations, largest)))
	if d.isSet(keyPath{"build"}, "max_vertices") && reach < b.MaxVertices {
		how := "the rules' budgets"
		if len(terms) > 0 {
			how = "the passes' budgets (" + strings.Join(terms, " + ") + " new vertices)"
		}
		d.warnAt(keyPath{"build", "max_vertices"}, false,
			"%d never limits the build: %s and build.max_iterations = %d let it reach at most %d vertices; raise passes.<pass>.max_iterations or rules.<rule>.max_uses to grow larger levels",
			b.MaxVertices, how, b.MaxIterations, reach)
	}

	spent := 0
	var before []string
	for i, p := range def.Passes {
		if i > 0 && p.MaxIterations > 0 && spent >= b.MaxIterations {
			var starved []string
			for _, q := range def.Passes[i:] {
				starved = append(starved, fmt.Sprintf("%q", q.Name))
			}
			total := 0
			for _, q := range def.Passes {
				total = addSat(total, q.MaxIterations)
			}
			d.warnAt(keyPath{"build", "max_iterations"}, false,
				"%d is used up by the budgets of the passes before %q (%s): passes %s run only if earlier ones stall; raise it to at least %d, the sum of the passes' budgets",
				b.MaxIterations, p.Name, strings.Join(before, " + "), strings.Join(starved, ", "), total)
			break
		}
		spent = addSat(spent, p.MaxIterations)
		before = append(before, fmt.Sprintf("%s %d", p.Name, p.MaxIterations))
	}
}

// addSat and mulSat add and multiply counts (never negative), saturating
// at math.MaxInt: budgets near the largest integer a ruleset can write
// must not wrap around into a negative bound.
func addSat(a, b int) int {
	if a > math.MaxInt-b {
		return math.MaxInt
	}
	return a + b
}

func mulSat(a, b int) int {
	if a != 0 && b > math.MaxInt/a {
		return math.MaxInt
	}
	return a * b
}

// newVertices is how many vertices an application of r adds.
func newVertices(r grammar.Rule) int {
	n := 0
	for _, v := range r.Substitute.Vertices {
		if !slices.ContainsFunc(r.Pattern.Vertices, func(p grammar.PatternVertex) bool { return p.ID == v.ID }) {
			n++
		}
	}
	return n
}

// lintTags warns about rules that can never apply because a pattern vertex
// needs a tag that nothing makes, negated tags that can never reject, and
// [tags] entries for tags no rule uses (an error when an override made
// the entry). The junction tag (see lint) counts as used: the layout
// makes its rooms.
func (d *decoder) lintTags(def grammar.Definition, index []int, junction string) {
	made := map[string]bool{grammar.StartTag: true}
	live := make([]bool, len(def.Rules))
	// A rule can apply once every pattern vertex can match a vertex some
	// rule that can apply makes; what it makes can then exist too.
	for changed := true; changed; {
		changed = false
		for i, r := range def.Rules {
			if live[i] || unmatchable(r, made) >= 0 {
				continue
			}
			live[i], changed = true, true
			for _, v := range r.Substitute.Vertices {
				made[v.Tag] = true
			}
		}
	}
	used := map[string]bool{grammar.StartTag: true, grammar.Wildcard: true}
	for i, r := range def.Rules {
		rp := keyPath{"rules", index[i]}
		for j, v := range r.Pattern.Vertices {
			vp := rp.with("pattern", "vertices", j)
			for k, t := range v.Tags {
				name, neg := strings.CutPrefix(t, "!")
				used[name] = true
				if neg && v.Lock {
					d.warnAt(vp.with("tags", k), false,
						"%q never rejects a match: the vertex is locked, so all its neighbours are in the match; unlock it or drop the negated tag", t)
				}
			}
		}
		for _, v := range r.Substitute.Vertices {
			used[v.Tag] = true
		}
		if live[i] {
			continue
		}
		j := unmatchable(r, made)
		var want []string
		for _, t := range r.Pattern.Vertices[j].Tags {
			if !strings.HasPrefix(t, "!") {
				want = append(want, fmt.Sprintf("%q", t))
			}
		}
		var have []string
		for _, t := range slices.Sorted(maps.Keys(made)) {
			if t != grammar.StartTag && t != grammar.Wildcard {
				have = append(have, t)
			}
		}
		hint := "no rule makes a tag yet"
		if len(have) > 0 {
			hint = "the tags made are " + strings.Join(have, ", ")
		}
		if len(want) == 1 {
			if best, ok := closest(strings.Trim(want[0], `"`), have); ok {
				hint = fmt.Sprintf("did you mean %q?", best)
			}
		}
		d.warnAt(rp.with("pattern", "vertices", j, "tags"), false,
			"the rule never applies: no vertex is ever tagged %s (neither the start vertex nor any rule that can apply makes one); use a tag that is made (%s), or give the tag in a substitute of a rule that applies",
			strings.Join(want, " or "), hint)
	}
	tags, _ := lookup(d.root, keyPath{"tags"})
	if tags == nil || tags == d.root {
		return
	}
	d.lintLoneTags(def, index, live, tags.Keys)
	for _, name := range tags.Keys {
		if used[name] || name == junction {
			continue
		}
		tp := keyPath{"tags", name}
		n, _ := lookup(d.root, tp)
		if d.origin[n] > 0 {
			d.errAt(tp, true, "no rule uses tag %q: check the tag's name (the rules use %s)", name, strings.Join(slices.DeleteFunc(slices.Sorted(maps.Keys(used)), func(t string) bool { return t == grammar.Wildcard }), ", "))
			continue
		}
		d.warnAt(tp, true, "no rule uses tag %q: the settings change nothing", name)
	}
}

// lintLoneTags warns about a tag that a substitute gives but that no
// pattern matches and the [tags] table, which lists the tags it
// configures, leaves out: most likely a misspelt name, whose rooms then
// get the default look and size and are never grown from. Once per tag,
// at its first use. A pattern tag "-" in a rule that can apply matches
// every tag, so then the warning claims only the missing entry.
func (d *decoder) lintLoneTags(def grammar.Definition, index []int, live []bool, declared []string) {
	matched := map[string]bool{grammar.Wildcard: true}
	wildcard := false
	for i, r := range def.Rules {
		for _, v := range r.Pattern.Vertices {
			for _, t := range v.Tags {
				matched[strings.TrimPrefix(t, "!")] = true
				wildcard = wildcard || t == grammar.Wildcard && live[i]
			}
		}
	}
	seen := map[string]bool{}
	for i, r := range def.Rules {
		for j, v := range r.Substitute.Vertices {
			if matched[v.Tag] || seen[v.Tag] || slices.Contains(declared, v.Tag) {
				continue
			}
			seen[v.Tag] = true
			hint := "tags with an entry: " + strings.Join(declared, ", ")
			if best, ok := closest(v.Tag, declared); ok {
				hint = fmt.Sprintf("did you mean %q?", best)
			}
			at := keyPath{"rules", index[i]}.with("substitute", "vertices", j, "tag")
			if wildcard {
				d.warnAt(at, false, "tag %q has no [tags.%s] entry: its rooms get the default look and size; check the name (%s) or add [tags.%s]",
					v.Tag, v.Tag, hint, v.Tag)
				continue
			}
			d.warnAt(at, false,
				"tag %q has no [tags.%s] entry and no pattern matches it: its rooms get the default look and size, and nothing grows from them; check the name (%s) or add [tags.%s]",
				v.Tag, v.Tag, hint, v.Tag)
		}
	}
}

// unmatchable returns the first pattern vertex of r that no vertex with a
// tag in made can match, or -1.
func unmatchable(r grammar.Rule, made map[string]bool) int {
	for j, v := range r.Pattern.Vertices {
		ok := false
		for _, t := range v.Tags {
			if t == grammar.Wildcard || !strings.HasPrefix(t, "!") && made[t] {
				ok = true
				break
			}
		}
		if !ok {
			return j
		}
	}
	return -1
}
