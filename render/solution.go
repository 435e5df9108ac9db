package render

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/dungraph/dungraph/internal/textsafe"
	"github.com/dungraph/dungraph/levelfile"
)

// ErrNoLocks is WriteSolution's error for a level whose ruleset declares no
// locks: there is nothing to solve.
var ErrNoLocks = errors.New("render: the level's ruleset declares no locks (no tag has role \"lock\"): there is no walkthrough to print; a ruleset with keys and locks (dungeon, or see docs/rulesets.md#keys-and-locks) makes levels that have one")

// WriteSolution writes the walkthrough of d for people: one line per step
// of the walk, saying where a key is picked up and a lock opened, then the
// measures. An unsolvable level gets the reason instead of the walk.
func WriteSolution(w io.Writer, d *levelfile.Document) error {
	s := d.Route.Solution
	if s == nil {
		return ErrNoLocks
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s seed %d: ", textsafe.Escape(d.Ruleset.Name), d.Seed)
	if !s.Solvable {
		fmt.Fprintf(&b, "not solvable: %s\n", textsafe.Escape(s.Reason))
	} else {
		fmt.Fprintf(&b, "solvable in %d steps, %d of them back into a room entered before\n", len(s.Walk)-1, s.Backtracking)
		keyAt, lockAt := map[int]levelfile.KeyRoom{}, map[int]levelfile.LockRoom{}
		for _, k := range s.Keys {
			keyAt[k.Picked] = k
		}
		for _, l := range s.Locks {
			lockAt[l.Opened] = l
		}
		width := len(strconv.Itoa(len(s.Walk) - 1))
		for step, room := range s.Walk {
			tag := d.Vertices[room].Tag
			fmt.Fprintf(&b, "%*d  room %d (%s)", width, step, room, textsafe.Escape(d.Params.Tags[tag].Label))
			switch {
			case step == 0:
				b.WriteString(": the entrance")
			case step == len(s.Walk)-1:
				b.WriteString(": the goal")
			}
			if k, ok := keyAt[step]; ok {
				fmt.Fprintf(&b, ": picks up a key %q", k.Tag)
			}
			if l, ok := lockAt[step]; ok {
				spent := "shown"
				if l.Consumed {
					spent = "spent"
				}
				fmt.Fprintf(&b, ": opens with the key %q of room %d (%s)", l.Key, l.KeyRoom, spent)
			}
			b.WriteByte('\n')
		}
	}
	list := func(name string, ids []int) {
		fmt.Fprintf(&b, "%s: ", name)
		if len(ids) == 0 {
			b.WriteString("none\n")
			return
		}
		for i, id := range ids {
			if i > 0 {
				b.WriteString(", ")
			}
			fmt.Fprintf(&b, "room %d", id)
		}
		b.WriteByte('\n')
	}
	if s.Solvable {
		list("essential locks", s.Essential)
		list("unneeded keys", s.UnneededKeys)
		list("locks that gate nothing", s.IdleLocks)
	}
	if _, err := io.WriteString(w, b.String()); err != nil {
		return fmt.Errorf("render: writing the walkthrough: %w", err)
	}
	return nil
}
