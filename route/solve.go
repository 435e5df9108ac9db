package route

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
)

// Lock is a tag whose rooms are locked: entering one needs a key.
type Lock struct {
	// Tag is the locked rooms' tag; Key is the tag of the rooms that hold
	// its keys.
	Tag, Key string
	// Consumed makes the keys small keys: the first step into a room of
	// Tag spends one key of Key, and the room stays open afterwards. With
	// Consumed false, holding one key of Key opens every room of Tag.
	Consumed bool
}

// MaxItems is the most key rooms and small-key lock rooms (Lock.Consumed)
// together that a level may have for Solve: a search state holds one bit
// for each.
const MaxItems = 64

// DefaultMaxStates is Solver.MaxStates's default.
const DefaultMaxStates = 1 << 18

// ErrBound is wrapped by Solve's error when a search passed
// Solver.MaxStates.
var ErrBound = errors.New("the walkthrough search passed its bound")

// Solver finds a level's walkthrough. The zero value is ready to use.
type Solver struct {
	// MaxStates bounds the states the searches of one Solve call visit
	// together; past it Solve fails with an error wrapping ErrBound.
	// Default DefaultMaxStates.
	MaxStates int
	// Context, if set, ends the searches once it is done (looked at every
	// 4,096 states): Solve returns an error wrapping the context's. It
	// does not change a solution that completes.
	Context context.Context
}

// Solution is how a player finishes a level whose ruleset declares locks.
// Room ids are vertex ids; indices into Walk are steps (step 0 is the
// entrance).
type Solution struct {
	// Solvable says the goal can be reached from the entrance.
	Solvable bool
	// Walk is one shortest walkthrough, fewest corridors first, from the
	// entrance to the goal; nil when the level is not solvable.
	Walk []int
	// Keys are the level's key rooms and Locks its lock rooms, ascending.
	Keys  []KeyRoom
	Locks []LockRoom
	// Essential lists the locks without which the goal cannot be reached,
	// UnneededKeys the keys the level stays solvable without, IdleLocks
	// the locks that gate nothing (every other room can be reached without
	// entering them); all ascending, all nil when not solvable.
	Essential    []int
	UnneededKeys []int
	IdleLocks    []int
	// Backtracking counts the steps of Walk into a room it entered before.
	Backtracking int
	// Reason says why the level is not solvable: the locks on the edge of
	// everything a player can reach, and their keys; "" when solvable.
	Reason string
}

// KeyRoom is a room that holds a key.
type KeyRoom struct {
	Room int
	// Tag is the room's tag, the key's kind.
	Tag string
	// Picked is the step of Walk that enters the room and picks the key
	// up; -1 when the walk does not enter it.
	Picked int
}

// LockRoom is a locked room.
type LockRoom struct {
	Room int
	// Tag is the room's tag and Key the tag of its keys.
	Tag, Key string
	// Consumed is the lock's Lock.Consumed.
	Consumed bool
	// Opened is the first step of Walk into the room; -1 when the walk
	// does not enter it.
	Opened int
	// KeyRoom is the room of the key that opened it: for small keys the
	// key spent (a lock spends the earliest picked key of its kind still
	// held), otherwise the first key of its kind picked; -1 when not
	// opened.
	KeyRoom int
}

// Solve returns the solution of g with route r and the key and lock roles
// of roles; see Solver.Solve.
func Solve(g *Graph, r *Route, roles Roles) (*Solution, error) {
	return Solver{}.Solve(g, r, roles)
}

// Solve returns the solution of g, whose route r Find returned for roles.
// It fails when a lock names a key tag that roles.Keys does not hold, when
// the locks of one key disagree on Consumed, when the level has more than
// MaxItems keys and small-key locks, or when a search passes MaxStates.
// An unsolvable level is not an error: its Solution says why.
func (s Solver) Solve(g *Graph, r *Route, roles Roles) (*Solution, error) {
	if err := g.check(); err != nil {
		return nil, err
	}
	maxStates := s.MaxStates
	if maxStates <= 0 {
		maxStates = DefaultMaxStates
	}
	p, err := newPuzzle(g, r, roles, maxStates)
	if err != nil {
		return nil, err
	}
	p.ctx = s.Context
	sol := &Solution{}
	for _, id := range p.rooms {
		switch rr := p.role[id]; rr.what {
		case isKey:
			sol.Keys = append(sol.Keys, KeyRoom{Room: int(id), Tag: p.kinds[rr.kind], Picked: -1})
		case isLock:
			sol.Locks = append(sol.Locks, LockRoom{Room: int(id), Tag: g.Vertices[id].Tag, Key: p.kinds[rr.kind],
				Consumed: p.consumed[rr.kind], Opened: -1, KeyRoom: -1})
		}
	}
	reach, solvable, err := p.explore(false)
	if err != nil {
		return nil, err
	}
	if !solvable {
		sol.Reason = p.reason(reach)
		return sol, nil
	}
	sol.Solvable = true
	if sol.Walk, err = p.shortestWalk(); err != nil {
		return nil, err
	}
	sol.replay(p)
	if err := sol.measure(p); err != nil {
		return nil, err
	}
	return sol, nil
}

// measure finds the unneeded keys (each made a plain room, the level stays
// solvable), the essential locks (each made a wall, it does not) and the
// idle locks (made a wall, every other room is still reachable), one
// region search each.
func (sol *Solution) measure(p *puzzle) error {
	for _, k := range sol.Keys {
		saved := p.role[k.Room]
		p.role[k.Room] = roomRole{what: isPlain}
		_, ok, err := p.explore(true)
		p.role[k.Room] = saved
		if err != nil {
			return err
		}
		if ok {
			sol.UnneededKeys = append(sol.UnneededKeys, k.Room)
		}
	}
	for _, l := range sol.Locks {
		saved := p.role[l.Room]
		p.role[l.Room] = roomRole{what: isWall}
		reach, ok, err := p.explore(false)
		p.role[l.Room] = saved
		if err != nil {
			return err
		}
		if !ok {
			sol.Essential = append(sol.Essential, l.Room)
		}
		if !slices.ContainsFunc(p.rooms, func(id int64) bool { return int(id) != l.Room && !reach[id] }) {
			sol.IdleLocks = append(sol.IdleLocks, l.Room)
		}
	}
	return nil
}

// replay fills in the steps at which the walk picks each key and opens
// each lock, and its backtracking.
func (sol *Solution) replay(p *puzzle) {
	keyAt := map[int]int{}
	for i, k := range sol.Keys {
		keyAt[k.Room] = i
	}
	lockAt := map[int]int{}
	for i, l := range sol.Locks {
		lockAt[l.Room] = i
	}
	held := make([][]int, len(p.kinds)) // key rooms picked, oldest first
	seen := map[int]bool{}
	for step, room := range sol.Walk {
		if seen[room] {
			sol.Backtracking++
			continue
		}
		seen[room] = true
		if i, ok := keyAt[room]; ok {
			sol.Keys[i].Picked = step
			k := p.role[room].kind
			held[k] = append(held[k], room)
		}
		if i, ok := lockAt[room]; ok && step > 0 {
			l := &sol.Locks[i]
			l.Opened = step
			k := p.role[room].kind
			if len(held[k]) > 0 {
				l.KeyRoom = held[k][0]
				if l.Consumed {
					held[k] = held[k][1:]
				}
			}
		}
	}
}

// What a room is to the solver.
const (
	isPlain = iota
	isKey
	isLock
	isWall // a lock taken out to measure what it gates
)

type roomRole struct {
	what int8
	// kind is the key kind of a key or a lock; bit the room's bit in a
	// state mask, for keys and small-key locks.
	kind int
	bit  uint8
}

// puzzle is a level as the solver sees it: rooms, corridors, and for each
// room whether it holds a key or is locked. A state mask has a bit for
// every key room (picked up) and every small-key lock room (opened).
type puzzle struct {
	adj            [][]int64
	rooms          []int64
	role           []roomRole // by vertex id
	entrance, goal int
	tags           []string // by vertex id
	kinds          []string // key tags
	consumed       []bool   // by kind
	keyBits        []uint64 // by kind: the bits of its key rooms
	lockBits       []uint64 // by kind: the bits of its small-key lock rooms
	// maxStates is the budget of states of all the searches of one
	// Solve call, states the states visited so far.
	maxStates, states int
	// ctx is Solver.Context; stopped its error once spend saw it done.
	ctx     context.Context
	stopped error
	// keyRooms and smallLocks count the rooms of each, for messages.
	keyRooms, smallLocks int
}

func newPuzzle(g *Graph, r *Route, roles Roles, maxStates int) (*puzzle, error) {
	w := NewWalkable(g)
	p := &puzzle{adj: w.adj, rooms: w.rooms, role: make([]roomRole, len(g.Vertices)), entrance: r.Entrance, goal: r.Goal, maxStates: maxStates}
	kindOf := map[string]int{}
	for _, k := range roles.Keys {
		if _, dup := kindOf[k]; !dup {
			kindOf[k] = len(p.kinds)
			p.kinds = append(p.kinds, k)
		}
	}
	p.consumed = make([]bool, len(p.kinds))
	consumedSet := make([]string, len(p.kinds)) // the lock tag that set consumed
	lockOf := map[string]Lock{}
	isKeyTag := func(tag string) bool { _, ok := kindOf[tag]; return ok }
	var errs []string
	for _, l := range roles.Locks {
		k, ok := kindOf[l.Key]
		switch {
		case !ok:
			errs = append(errs, fmt.Sprintf("lock tag %q needs key %q, which is not a key tag", l.Tag, l.Key))
			continue
		case consumedSet[k] != "" && p.consumed[k] != l.Consumed:
			errs = append(errs, fmt.Sprintf("lock tags %q and %q both open with key %q but only one consumes it", consumedSet[k], l.Tag, l.Key))
			continue
		case isKeyTag(l.Tag):
			errs = append(errs, fmt.Sprintf("tag %q is both a key and a lock", l.Tag))
			continue
		}
		p.consumed[k], consumedSet[k] = l.Consumed, l.Tag
		lockOf[l.Tag] = l
	}
	if len(errs) > 0 {
		return nil, fmt.Errorf("route: %s", strings.Join(errs, "; "))
	}
	p.keyBits = make([]uint64, len(p.kinds))
	p.lockBits = make([]uint64, len(p.kinds))
	items := 0
	p.tags = make([]string, len(g.Vertices))
	for id := range p.tags {
		p.tags[id] = g.Vertices[id].Tag
	}
	for _, id := range p.rooms {
		tag := p.tags[id]
		if k, ok := kindOf[tag]; ok {
			if items < MaxItems {
				p.role[id] = roomRole{what: isKey, kind: k, bit: uint8(items)}
				p.keyBits[k] |= 1 << items
			}
			items++
			p.keyRooms++
		} else if l, ok := lockOf[tag]; ok && int(id) != p.entrance {
			// The entrance is where the player starts: never locked.
			k := kindOf[l.Key]
			p.role[id] = roomRole{what: isLock, kind: k}
			if l.Consumed {
				if items < MaxItems {
					p.role[id].bit = uint8(items)
					p.lockBits[k] |= 1 << items
				}
				items++
				p.smallLocks++
			}
		}
	}
	if items > MaxItems {
		return nil, fmt.Errorf("route: the level has %d key rooms and small-key lock rooms; the solver takes at most %d", items, MaxItems)
	}
	return p, nil
}
