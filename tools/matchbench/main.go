package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/dungraph/dungraph/grammar"
	"github.com/dungraph/dungraph/level"
	"github.com/dungraph/dungraph/rulesets"
)

type node struct {
	Accept   []string `json:"accept"`
	Any      bool     `json:"any"`
	Tag      string   `json:"tag,omitempty"`
	Cosmetic bool     `json:"cosmetic"`
}

type graph struct {
	Nodes []node   `json:"nodes"`
	Edges [][3]int `json:"edges"` // a, b, cosmetic (0 or 1)
}

type problem struct {
	Ruleset string  `json:"ruleset"`
	Seed    uint64  `json:"seed"`
	Rule    string  `json:"rule"`
	Pattern graph   `json:"pattern"`
	Host    graph   `json:"host"`
	Count   int     `json:"count"`
	Seconds float64 `json:"seconds"`
}

func main() {
	seeds := flag.Int("seeds", 3, "levels per ruleset (seeds 1..N)")
	flag.Parse()
	enc := json.NewEncoder(os.Stdout)
	for _, info := range rulesets.ListBundled() {
		rs, err := rulesets.Bundled(info.Name)
		if err != nil {
			fail(err)
		}
		for seed := uint64(1); seed <= uint64(*seeds); seed++ {
			lv, err := level.Generate(context.Background(), rs, seed, level.Options{})
			if err != nil {
				fail(err)
			}
			host := exportHost(lv.Graph)
			for i, r := range rs.Grammar.Rules() {
				// Repeat small problems so that the time is measurable.
				start := time.Now()
				reps := 0
				var cands []grammar.Candidate
				for reps == 0 || time.Since(start) < 20*time.Millisecond {
					cands, err = rs.Grammar.Diagnose(lv.Graph, i, 0)
					if err != nil {
						fail(err)
					}
					reps++
				}
				p := problem{Ruleset: rs.Name, Seed: seed, Rule: r.Name, Pattern: exportPattern(r), Host: host,
					Count: len(cands), Seconds: time.Since(start).Seconds() / float64(reps)}
				if err := enc.Encode(p); err != nil {
					fail(err)
				}
			}
		}
	}
}

func exportHost(g *grammar.Graph) graph {
	out := graph{Nodes: []node{}, Edges: [][3]int{}}
	for v := range g.Order() {
		x := g.Vertex(v)
		out.Nodes = append(out.Nodes, node{Tag: x.Tag, Cosmetic: x.Cosmetic})
	}
	for _, e := range g.Edges() {
		out.Edges = append(out.Edges, [3]int{e.A, e.B, b2i(e.Cosmetic)})
	}
	return out
}

func exportPattern(r grammar.Rule) graph {
	out := graph{Nodes: []node{}, Edges: [][3]int{}}
	index := map[string]int{}
	for i, v := range r.Pattern.Vertices {
		index[v.ID] = i
		n := node{Cosmetic: v.Cosmetic, Accept: []string{}}
		for _, t := range v.Tags {
			switch {
			case t == "-":
				n.Any = true
			case strings.HasPrefix(t, "!"):
				// A negated tag constrains neighbours outside the match,
				// judged after the structural match.
			default:
				n.Accept = append(n.Accept, t)
			}
		}
		out.Nodes = append(out.Nodes, n)
	}
	for _, e := range r.Pattern.Edges {
		out.Edges = append(out.Edges, [3]int{index[e.A], index[e.B], b2i(e.Cosmetic)})
	}
	return out
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "matchbench:", err)
	os.Exit(1)
}
