package rulesets

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/dungraph/dungraph/grammar"
)

// Conform builds r's grammar (without layout) for seeds 1..seeds and checks
// that every build terminates and keeps every promise of the ruleset: the
// rooms stay connected by corridors, and max_iterations, max_vertices,
// max_valence, every rule's max_uses and no_repeat, every group's max_uses,
// every pass's rules and budget, and priorities hold. It returns every
// violation found, joined, or nil. A build that ends below min_vertices is
// not a violation (the generator retries it), but a ruleset whose every
// build does is.
func Conform(r *Ruleset, seeds int) error {
	var errs []error
	opts := r.Build.Options()
	opts.Exhaustive = true // so that priorities can be checked
	tooFew := 0
	for seed := 1; seed <= seeds; seed++ {
		var valence []int // after the previous step
		var stepErr error
		opts.AfterRewrite = func(g *grammar.Graph, s *grammar.Step) error {
			for _, h := range s.Match {
				before := 0
				if h < len(valence) {
					before = valence[h]
				}
				if after := g.Valence(h); opts.MaxValence > 0 && after > opts.MaxValence && after > before && stepErr == nil {
					stepErr = fmt.Errorf("step %d: vertex %d grew from valence %d to %d, max_valence = %d", s.Iteration, h, before, after, opts.MaxValence)
				}
			}
			valence = valence[:0]
			for v := range g.Order() {
				valence = append(valence, g.Valence(v))
			}
			return nil
		}
		res, err := r.Grammar.Build(opts, rand.New(rand.NewPCG(uint64(seed), 0)))
		switch {
		case errors.Is(err, grammar.ErrTooFewVertices):
			tooFew++
		case err != nil:
			errs = append(errs, fmt.Errorf("rulesets: %s: seed %d: %w", r.Name, seed, err))
			continue
		}
		if stepErr == nil {
			stepErr = r.conformBuild(res)
		}
		if stepErr != nil {
			errs = append(errs, fmt.Errorf("rulesets: %s: seed %d: %w", r.Name, seed, stepErr))
		}
	}
	if seeds > 0 && tooFew == seeds {
		errs = append(errs, fmt.Errorf("rulesets: %s: every build ended below min_vertices = %d", r.Name, r.Build.MinVertices))
	}
	return errors.Join(errs...)
}

// conformBuild checks a finished build against the limits and metarules.
func (r *Ruleset) conformBuild(res *grammar.Result) error {
	g, b := res.Graph, r.Build
	switch {
	case !g.Connected(true):
		return errors.New("the graph is not connected")
	case !g.Connected(false):
		return errors.New("the rooms are not connected by corridors")
	case len(res.Steps) > b.MaxIterations:
		return fmt.Errorf("%d rule applications, max_iterations = %d", len(res.Steps), b.MaxIterations)
	case g.Order() > b.MaxVertices:
		return fmt.Errorf("%d vertices, max_vertices = %d", g.Order(), b.MaxVertices)
	}
	rules := r.Rules
	uses := make([]int, len(rules))
	groupUses := make([]int, len(r.Groups))
	passSteps := make([]int, len(r.Passes))
	lastPass := 0
	for i, s := range res.Steps {
		rule := rules[s.Rule]
		uses[s.Rule]++
		if rule.MaxUses > 0 && uses[s.Rule] > rule.MaxUses {
			return fmt.Errorf("step %d: rule %q applied %d times, max_uses = %d", i, rule.Name, uses[s.Rule], rule.MaxUses)
		}
		if rule.NoRepeat && i > 0 && res.Steps[i-1].Rule == s.Rule {
			return fmt.Errorf("step %d: rule %q applied twice in a row, no_repeat", i, rule.Name)
		}
		for gi, gr := range r.Groups {
			if slices.Contains(gr.Rules, rule.Name) {
				groupUses[gi]++
				if gr.MaxUses > 0 && groupUses[gi] > gr.MaxUses {
					return fmt.Errorf("step %d: group %q used %d times, max_uses = %d", i, gr.Name, groupUses[gi], gr.MaxUses)
				}
			}
		}
		if len(r.Passes) > 0 {
			if s.Pass < lastPass {
				return fmt.Errorf("step %d: back to pass %d after pass %d", i, s.Pass, lastPass)
			}
			lastPass = s.Pass
			p := r.Passes[s.Pass]
			if !slices.Contains(p.Rules, rule.Name) {
				return fmt.Errorf("step %d: rule %q is not in pass %q", i, rule.Name, p.Name)
			}
			passSteps[s.Pass]++
			budget := p.MaxIterations
			if budget == 0 {
				budget = b.MaxIterations
			}
			if passSteps[s.Pass] > budget {
				return fmt.Errorf("step %d: pass %q ran %d steps, budget %d", i, p.Name, passSteps[s.Pass], budget)
			}
		}
		// With exhaustive stats, an eligible rule of higher priority with an
		// applicable candidate would have been drawn instead.
		for ri, st := range s.Stats {
			applicable := st.Checked - st.Negated - st.Valence - st.Flip
			if st.Eligible && applicable > 0 && rules[ri].Priority > rule.Priority {
				return fmt.Errorf("step %d: rule %q (priority %d) applied while %q (priority %d) could be", i, rule.Name, rule.Priority, rules[ri].Name, rules[ri].Priority)
			}
		}
	}
	return nil
}
