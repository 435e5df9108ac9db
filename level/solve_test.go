package level

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/dungraph/dungraph/grammar"
	"github.com/dungraph/dungraph/route"
	"github.com/dungraph/dungraph/rulesets"
)

// replayWalk checks a solution's walk with its own rules, not the
// solver's: it starts at the entrance, ends at the goal, follows
// non-cosmetic corridors, picks up a key on entering its room, and enters
// a locked room only holding its key (spending it the first time, for
// small keys).
func replayWalk(g *grammar.Graph, r *route.Route, roles route.Roles, walk []int) error {
	if len(walk) == 0 || walk[0] != r.Entrance || walk[len(walk)-1] != r.Goal {
		return fmt.Errorf("walk %v does not run from the entrance %d to the goal %d", walk, r.Entrance, r.Goal)
	}
	held := map[string]int{}
	picked, opened := map[int]bool{}, map[int]bool{}
	for i, v := range walk {
		if i > 0 {
			joined := slices.ContainsFunc(g.Neighbors(v), func(h grammar.Half) bool { return h.To == walk[i-1] && !h.Cosmetic })
			if !joined || g.Vertex(v).Cosmetic {
				return fmt.Errorf("step %d: no corridor from %d to %d", i, walk[i-1], v)
			}
		}
		tag := g.Vertex(v).Tag
		if slices.Contains(roles.Keys, tag) && !picked[v] {
			picked[v] = true
			held[tag]++
		}
		for _, l := range roles.Locks {
			if l.Tag != tag || i == 0 || opened[v] && l.Consumed {
				continue
			}
			if held[l.Key] == 0 {
				return fmt.Errorf("step %d: room %d is locked and no key %q is held", i, v, l.Key)
			}
			if l.Consumed {
				held[l.Key]--
				opened[v] = true
			}
		}
	}
	return nil
}

// TestBrokenKeyRuleRejected generates levels of a ruleset whose key rule
// can put a key behind its own door: every level it ships is solvable,
// unsolvable attempts are rejected with a reason naming the lock and its
// key, and with build.require_solvable = false unsolvable levels ship.
func TestBrokenKeyRuleRejected(t *testing.T) {
	const file = "testdata/key-behind-lock.toml"
	rs, err := rulesets.LoadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	lenient, err := rulesets.Loader{Overrides: []rulesets.Override{{Key: "build.require_solvable", Value: "false"}}}.LoadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	seeds := 25
	if testing.Short() {
		seeds = 8
	}
	shipped, rejected, unsolvable := 0, 0, 0
	for seed := uint64(1); seed <= uint64(seeds); seed++ {
		lv, err := Generate(context.Background(), rs, seed, Options{})
		if err != nil {
			if !errors.Is(err, ErrNoValidLevel) || !strings.Contains(err.Error(), "unsolvable") {
				t.Fatalf("seed %d: %v", seed, err)
			}
			continue
		}
		shipped++
		if lv.Solution == nil || !lv.Solution.Solvable {
			t.Fatalf("seed %d: shipped a level without a walkthrough: %+v", seed, lv.Solution)
		}
		if err := replayWalk(lv.Graph, lv.Route, Roles(rs), lv.Solution.Walk); err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		for _, f := range lv.Failures {
			if strings.Contains(f.Reason, "unsolvable") {
				rejected++
				if !strings.Contains(f.Reason, `lock room`) || !strings.Contains(f.Reason, `(tag "l") needs a key of tag "k"`) {
					t.Errorf("seed %d attempt %d: the reason %q does not name the lock and its key", seed, f.Attempt, f.Reason)
				}
			}
		}
		lv, err = Generate(context.Background(), lenient, seed, Options{})
		if err != nil {
			t.Fatalf("seed %d, require_solvable = false: %v", seed, err)
		}
		if !lv.Solution.Solvable {
			unsolvable++
			if lv.Solution.Reason == "" || lv.Solution.Walk != nil {
				t.Fatalf("seed %d: unsolvable level with reason %q and walk %v", seed, lv.Solution.Reason, lv.Solution.Walk)
			}
		}
	}
	if shipped < seeds/2 || rejected == 0 || unsolvable == 0 {
		t.Fatalf("%d of %d seeds shipped, %d attempts rejected as unsolvable, %d unsolvable levels without the check: the test does not exercise rejection",
			shipped, seeds, rejected, unsolvable)
	}
}

// TestDungeonSolvable checks that the bundled dungeon, whose rules place
// every key before its door, ships walkthroughs that replay.
func TestDungeonSolvable(t *testing.T) {
	rs, err := rulesets.Bundled("dungeon")
	if err != nil {
		t.Fatal(err)
	}
	if roles := Roles(rs); !slices.Equal(roles.Keys, []string{"k"}) || len(roles.Locks) != 1 || roles.Locks[0] != (route.Lock{Tag: "l", Key: "k", Consumed: true}) {
		t.Fatalf("dungeon's roles are %+v, want key k and lock l", roles)
	}
	for seed := uint64(1); seed <= 6; seed++ {
		lv, err := Generate(context.Background(), rs, seed, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if err := replayWalk(lv.Graph, lv.Route, Roles(rs), lv.Solution.Walk); err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if len(lv.Solution.Locks) > 0 && len(lv.Solution.Essential) == 0 {
			t.Errorf("seed %d: no essential lock among %d: dungeon's doors are on the only path to the boss", seed, len(lv.Solution.Locks))
		}
	}
}
