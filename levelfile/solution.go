package levelfile

import (
	"reflect"
	"slices"

	"github.com/dungraph/dungraph/route"
)

// Solution is route.Solution: the level's walkthrough, written for levels
// whose ruleset declares locks. Room ids are vertex ids; picked and opened
// are indices into Walk, -1 when the walk does not get there.
type Solution struct {
	Solvable     bool       `json:"solvable"`
	Walk         []int      `json:"walk"`
	Keys         []KeyRoom  `json:"keys"`
	Locks        []LockRoom `json:"locks"`
	Essential    []int      `json:"essential"`
	UnneededKeys []int      `json:"unneeded_keys"`
	IdleLocks    []int      `json:"idle_locks"`
	Backtracking int        `json:"backtracking"`
	Reason       string     `json:"reason"`
}

// KeyRoom is route.KeyRoom: a room that holds a key.
type KeyRoom struct {
	Room   int    `json:"room"`
	Tag    string `json:"tag"`
	Picked int    `json:"picked"`
}

// LockRoom is route.LockRoom: a locked room, and the key room whose key
// opened it (-1: none).
type LockRoom struct {
	Room     int    `json:"room"`
	Tag      string `json:"tag"`
	Key      string `json:"key"`
	Consumed bool   `json:"consumed"`
	Opened   int    `json:"opened"`
	KeyRoom  int    `json:"key_room"`
}

// solutionOf converts s, with every list non-nil.
func solutionOf(s *route.Solution) *Solution {
	if s == nil {
		return nil
	}
	out := &Solution{
		Solvable: s.Solvable, Walk: nonNil(slices.Clone(s.Walk)), Keys: make([]KeyRoom, len(s.Keys)), Locks: make([]LockRoom, len(s.Locks)),
		Essential: nonNil(slices.Clone(s.Essential)), UnneededKeys: nonNil(slices.Clone(s.UnneededKeys)), IdleLocks: nonNil(slices.Clone(s.IdleLocks)),
		Backtracking: s.Backtracking, Reason: s.Reason,
	}
	for i, k := range s.Keys {
		out.Keys[i] = KeyRoom(k)
	}
	for i, l := range s.Locks {
		out.Locks[i] = LockRoom(l)
	}
	return out
}

// hasLocks reports whether the document's tags declare a lock.
func (d *Document) hasLocks() bool {
	for _, t := range d.Params.Tags {
		if t.Role == RoleLock {
			return true
		}
	}
	return false
}

// validateSolution checks route.solution against the solution of the
// graph g, whose route is r: present exactly when a tag is a lock, and
// equal to it.
func (d *Document) validateSolution(p *problems, g *route.Graph, r *route.Route) {
	got := d.Route.Solution
	if !d.hasLocks() {
		if got != nil {
			p.add("route.solution", "is set, but no tag of params.tags has role %q", RoleLock)
		}
		return
	}
	if got == nil {
		p.add("route.solution", "is missing: params.tags declares locks")
		return
	}
	sol, err := route.Solve(g, r, d.Roles())
	if err != nil {
		p.add("route.solution", "%v", err)
		return
	}
	want := solutionOf(sol)
	check := func(key string, ok bool, format string, args ...any) {
		if !ok {
			p.add("route.solution."+key, format, args...)
		}
	}
	check("solvable", got.Solvable == want.Solvable, "is %v, the graph's is %v", got.Solvable, want.Solvable)
	check("walk", reflect.DeepEqual(nonNil(got.Walk), want.Walk), "is %v, the graph's shortest walkthrough is %v", got.Walk, want.Walk)
	check("keys", reflect.DeepEqual(nonNil(got.Keys), want.Keys), "is %v, the graph's keys are %v", got.Keys, want.Keys)
	check("locks", reflect.DeepEqual(nonNil(got.Locks), want.Locks), "is %v, the graph's locks are %v", got.Locks, want.Locks)
	check("essential", reflect.DeepEqual(nonNil(got.Essential), want.Essential), "is %v, the graph's essential locks are %v", got.Essential, want.Essential)
	check("unneeded_keys", reflect.DeepEqual(nonNil(got.UnneededKeys), want.UnneededKeys), "is %v, want %v", got.UnneededKeys, want.UnneededKeys)
	check("idle_locks", reflect.DeepEqual(nonNil(got.IdleLocks), want.IdleLocks), "is %v, want %v", got.IdleLocks, want.IdleLocks)
	check("backtracking", got.Backtracking == want.Backtracking, "is %d, the walkthrough revisits %d rooms", got.Backtracking, want.Backtracking)
	check("reason", got.Reason == want.Reason, "is %q, want %q", got.Reason, want.Reason)
}
