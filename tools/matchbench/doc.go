// Command matchbench exports the structural matching problems of the
// bundled rulesets (every rule's pattern against levels of its ruleset) as
// JSON lines, with the number of matches dungraph's matcher finds and the
// time it takes, for vf2.py to solve again with networkx's VF2 and compare:
//
//	go run ./tools/matchbench -seeds 3 > /tmp/match.jsonl
//	python3 tools/matchbench/vf2.py /tmp/match.jsonl
//
// A structural match is a monomorphism from the pattern into the level
// whose vertices agree on tags (a pattern vertex's plain tags, or any tag
// for "-") and cosmetic flags, and whose pattern edges land on host edges
// of the same cosmetic flag: what grammar.Grammar.Diagnose enumerates,
// before negated tags, locks, valence and flips are judged. BENCHMARKS.md
// has the figures.
package main
