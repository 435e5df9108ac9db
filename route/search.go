package route

import (
	"errors"
	"fmt"
	"math/bits"
	"slices"
	"strings"
)

// The two searches of Solve over a puzzle: explore, over the regions a
// player can reach, and shortestWalk, over (room, state mask).

// held is the number of keys of kind k that a player holds in state mask.
func (p *puzzle) held(mask uint64, k int) int {
	return bits.OnesCount64(mask&p.keyBits[k]) - bits.OnesCount64(mask&p.lockBits[k])
}

// enter returns the state after stepping into room n in state mask, and
// false when n cannot be entered.
func (p *puzzle) enter(n int64, mask uint64) (uint64, bool) {
	r := p.role[n]
	switch r.what {
	case isKey:
		return mask | 1<<r.bit, true
	case isLock:
		if !p.consumed[r.kind] {
			return mask, p.held(mask, r.kind) > 0
		}
		if mask&(1<<r.bit) != 0 {
			return mask, true
		}
		if p.held(mask, r.kind) > 0 {
			return mask | 1<<r.bit, true
		}
		return 0, false
	case isWall:
		return 0, false
	}
	return mask, true
}

// spend counts one more state against the budget of the Solve call, and
// reports whether it was within it and the context is not done.
func (p *puzzle) spend() bool {
	p.states++
	if p.ctx != nil && p.states%4096 == 1 && p.ctx.Err() != nil {
		p.stopped = p.ctx.Err()
		return false
	}
	return p.states <= p.maxStates
}

// boundError is the error of a search that spend stopped.
func (p *puzzle) boundError() error {
	if p.stopped != nil {
		return fmt.Errorf("route: solving stopped: %w", p.stopped)
	}
	return fmt.Errorf("route: %w of %d states (%d rooms, %d key rooms, %d small-key locks): the level has too many keys and small-key locks to solve exactly",
		ErrBound, p.maxStates, len(p.rooms), p.keyRooms, p.smallLocks)
}

// walkState is a node of the walkthrough search: a room and a state mask,
// and the node it was reached from.
type walkState struct {
	room   int32
	parent int32
	mask   uint64
}

type walkKey struct {
	room int32
	mask uint64
}

// shortestWalk returns a walk with the fewest steps from the entrance to
// the goal: a breadth-first search over (room, mask) states, neighbours in
// ascending id order, so the walk is the same on every run.
func (p *puzzle) shortestWalk() ([]int, error) {
	start, _ := p.enter(int64(p.entrance), 0) // the entrance is never locked
	states := []walkState{{room: int32(p.entrance), parent: -1, mask: start}}
	seen := map[walkKey]bool{{int32(p.entrance), start}: true}
	found := -1
	if p.entrance == p.goal {
		found = 0
	}
	for i := 0; i < len(states) && found < 0; i++ {
		s := states[i]
		for _, n := range p.adj[s.room] {
			m, ok := p.enter(n, s.mask)
			if !ok || seen[walkKey{int32(n), m}] {
				continue
			}
			if !p.spend() {
				return nil, p.boundError()
			}
			seen[walkKey{int32(n), m}] = true
			states = append(states, walkState{room: int32(n), parent: int32(i), mask: m})
			if int(n) == p.goal {
				found = len(states) - 1
				break
			}
		}
	}
	if found < 0 {
		// explore found the goal reachable; both searches follow the same
		// rules, so this does not happen.
		return nil, errors.New("route: internal error: the walkthrough search missed a reachable goal")
	}
	var walk []int
	for i := int32(found); i >= 0; i = states[i].parent {
		walk = append(walk, int(states[i].room))
	}
	slices.Reverse(walk)
	return walk, nil
}

// explore searches the regions a player can reach: a state is the set of
// small-key locks opened, and its region every room reachable from the
// entrance through open rooms, picking up every key on the way (a key
// never hurts) and passing every lock whose keys need not be spent once
// one is held. Only which small-key lock to spend a key on is a choice, so
// the search branches on that alone. It returns every room some state
// reaches and whether the goal is among them; with stopAtGoal it stops as
// soon as the goal is reached.
func (p *puzzle) explore(stopAtGoal bool) (reach []bool, goal bool, err error) {
	n := len(p.role)
	reach = make([]bool, n)
	stamp := make([]int32, n) // region membership: stamp == state index+1
	pending := make([]int32, n)
	picked := make([]int, len(p.kinds))
	waiting := make([][]int64, len(p.kinds))
	var stack, closed []int64
	masks := []uint64{0}
	seen := map[uint64]bool{0: true}
	for si := 0; si < len(masks); si++ {
		mask, mark := masks[si], int32(si+1)
		clear(picked)
		for k := range waiting {
			waiting[k] = waiting[k][:0]
		}
		closed = closed[:0]
		add := func(id int64) {
			stamp[id] = mark
			reach[id] = true
			stack = append(stack, id)
			if r := p.role[id]; r.what == isKey {
				picked[r.kind]++
				if picked[r.kind] == 1 && !p.consumed[r.kind] {
					for _, w := range waiting[r.kind] {
						if stamp[w] != mark {
							stamp[w], reach[w] = mark, true
							stack = append(stack, w)
						}
					}
				}
			}
		}
		add(int64(p.entrance))
		for len(stack) > 0 {
			x := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			for _, y := range p.adj[x] {
				if stamp[y] == mark {
					continue
				}
				switch r := p.role[y]; {
				case r.what == isWall:
				case r.what != isLock:
					add(y)
				case p.consumed[r.kind] && mask&(1<<r.bit) != 0:
					add(y)
				case p.consumed[r.kind]:
					if pending[y] != mark {
						pending[y] = mark
						closed = append(closed, y)
					}
				case picked[r.kind] > 0:
					add(y)
				default:
					waiting[r.kind] = append(waiting[r.kind], y)
				}
			}
		}
		if stamp[p.goal] == mark {
			goal = true
			if stopAtGoal {
				return reach, true, nil
			}
		}
		for _, l := range closed {
			r := p.role[l]
			if picked[r.kind]-bits.OnesCount64(mask&p.lockBits[r.kind]) <= 0 {
				continue
			}
			if next := mask | 1<<r.bit; !seen[next] {
				if !p.spend() {
					return nil, false, p.boundError()
				}
				seen[next] = true
				masks = append(masks, next)
			}
		}
	}
	return reach, goal, nil
}

// reason says why the goal cannot be reached: the locks next to the rooms
// a player can reach, each with its key.
func (p *puzzle) reason(reach []bool) string {
	var parts []string
	for _, id := range p.rooms {
		r := p.role[id]
		if reach[id] || r.what != isLock || !slices.ContainsFunc(p.adj[id], func(n int64) bool { return reach[n] }) {
			continue
		}
		k := p.kinds[r.kind]
		keys := 0
		for _, kid := range p.rooms {
			if reach[kid] && p.role[kid].what == isKey && p.role[kid].kind == r.kind {
				keys++
			}
		}
		why := fmt.Sprintf("no room of key tag %q can be reached before it", k)
		if keys > 0 {
			why = fmt.Sprintf("the %d key(s) of tag %q that can be reached before it are spent on other locks", keys, k)
		}
		parts = append(parts, fmt.Sprintf("lock room %d (tag %q) needs a key of tag %q: %s", id, p.tags[id], k, why))
	}
	if len(parts) == 0 {
		return fmt.Sprintf("the goal, room %d, cannot be reached from the entrance, room %d", p.goal, p.entrance)
	}
	return fmt.Sprintf("the goal, room %d, cannot be reached: %s", p.goal, strings.Join(parts, "; "))
}
