package route

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/dungraph/dungraph/grammar"
)

// lockRoles are the roles of the test levels: keys "k" (small keys, for
// locks "L") and "j" (for locks "M", which keep their key).
var lockRoles = Roles{Keys: []string{"j", "k"}, Locks: []Lock{{Tag: "L", Key: "k", Consumed: true}, {Tag: "M", Key: "j"}}}

// brute is an independent model of the rules a walkthrough follows, with
// state kept per room and no bit tricks: it enumerates walks.
type brute struct {
	adj            [][]int
	tag            []string
	entrance, goal int
	wall, plain    int // a room taken out (a wall), a key room made plain; -1 none
}

type bruteState struct {
	room           int
	picked, opened string // one byte per room: '1' picked / opened
}

func newBrute(g *grammar.Graph, r *Route) *brute {
	b := &brute{adj: make([][]int, g.Order()), tag: make([]string, g.Order()), entrance: r.Entrance, goal: r.Goal, wall: -1, plain: -1}
	for v := range g.Order() {
		b.tag[v] = g.Vertex(v).Tag
		for _, h := range g.Neighbors(v) {
			if !h.Cosmetic {
				b.adj[v] = append(b.adj[v], h.To)
			}
		}
		slices.Sort(b.adj[v])
	}
	return b
}

func (b *brute) start() bruteState {
	s := bruteState{room: b.entrance, picked: strings.Repeat("0", len(b.tag)), opened: strings.Repeat("0", len(b.tag))}
	if b.tag[b.entrance] == "k" || b.tag[b.entrance] == "j" {
		s.picked = set(s.picked, b.entrance)
	}
	return s
}

func set(s string, i int) string { return s[:i] + "1" + s[i+1:] }

// held counts the keys of tag key picked and not spent.
func (b *brute) held(s bruteState, key string) int {
	n := 0
	for v, t := range b.tag {
		if t == key && s.picked[v] == '1' {
			n++
		}
		if key == "k" && t == "L" && s.opened[v] == '1' {
			n--
		}
	}
	return n
}

// step moves to room n, if the rules allow it.
func (b *brute) step(s bruteState, n int) (bruteState, bool) {
	if n == b.wall {
		return s, false
	}
	s.room = n
	switch t := b.tag[n]; {
	case n == b.plain:
	case t == "k" || t == "j":
		s.picked = set(s.picked, n)
	case t == "M":
		return s, b.held(s, "j") > 0
	case t == "L" && s.opened[n] == '0':
		if b.held(s, "k") == 0 {
			return s, false
		}
		s.opened = set(s.opened, n)
	}
	return s, true
}

// shortest is the fewest steps of a walk from the entrance to the goal,
// -1 when none: every walk whose states do not repeat (a walk that
// repeats a state is never the shortest), depth first, up to the best
// found so far.
func (b *brute) shortest() int {
	best := -1
	onPath := map[bruteState]bool{}
	var walk func(s bruteState, depth int)
	walk = func(s bruteState, depth int) {
		if best >= 0 && depth >= best {
			return
		}
		if s.room == b.goal {
			best = depth
			return
		}
		onPath[s] = true
		for _, n := range b.adj[s.room] {
			if t, ok := b.step(s, n); ok && !onPath[t] {
				walk(t, depth+1)
			}
		}
		delete(onPath, s)
	}
	walk(b.start(), 0)
	return best
}

// reach returns every room some walk enters.
func (b *brute) reach() map[int]bool {
	seen := map[bruteState]bool{}
	rooms := map[int]bool{}
	var visit func(s bruteState)
	visit = func(s bruteState) {
		seen[s] = true
		rooms[s.room] = true
		for _, n := range b.adj[s.room] {
			if t, ok := b.step(s, n); ok && !seen[t] {
				visit(t)
			}
		}
	}
	visit(b.start())
	return rooms
}

// replay checks walk against the rules, as an outside replayer would.
func (b *brute) replay(walk []int) error {
	if len(walk) == 0 || walk[0] != b.entrance || walk[len(walk)-1] != b.goal {
		return fmt.Errorf("walk %v does not run from %d to %d", walk, b.entrance, b.goal)
	}
	s := b.start()
	for i, n := range walk[1:] {
		if !slices.Contains(b.adj[s.room], n) {
			return fmt.Errorf("step %d: %d-%d is no corridor", i+1, s.room, n)
		}
		var ok bool
		if s, ok = b.step(s, n); !ok {
			return fmt.Errorf("step %d: room %d (%s) is locked", i+1, n, b.tag[n])
		}
	}
	return nil
}

// randomLockLevel returns a connected level of up to 7 rooms, some of them
// keys and locks.
func randomLockLevel(t testing.TB, rng *rand.Rand) *grammar.Graph {
	n := 2 + rng.IntN(6)
	tags := []string{"p", "p", "k", "k", "j", "L", "L", "M"}
	var rooms []room
	for i := range n {
		tag := tags[rng.IntN(len(tags))]
		if i == 0 {
			tag = "p"
		}
		rooms = append(rooms, room{tag: tag, x: float64(rng.IntN(100)), y: float64(rng.IntN(100))})
	}
	return build(t, rooms, randomCorridors(rng, n, rng.IntN(3)))
}

// randomCorridors returns the corridors of a connected level of n rooms: a
// random tree (room v joined to a room before it) and up to extra more
// corridors between random distinct rooms, none twice.
func randomCorridors(rng *rand.Rand, n, extra int) []corridor {
	var cs []corridor
	has := map[[2]int]bool{}
	for v := 1; v < n; v++ {
		u := rng.IntN(v)
		cs = append(cs, corridor{a: u, b: v})
		has[[2]int{u, v}] = true
	}
	for range extra {
		u, v := rng.IntN(n), rng.IntN(n)
		if u > v {
			u, v = v, u
		}
		if u != v && !has[[2]int{u, v}] {
			cs = append(cs, corridor{a: u, b: v})
			has[[2]int{u, v}] = true
		}
	}
	return cs
}

// TestSolveMatchesBruteForce checks Solve against walks enumerated one by
// one on thousands of random small levels: solvability, the walk's length
// and legality, the essential locks, the unneeded keys and the idle locks.
func TestSolveMatchesBruteForce(t *testing.T) {
	cases := 3000
	if testing.Short() {
		cases = 500
	}
	solvable := 0
	for i := range cases {
		rng := rand.New(rand.NewPCG(19, uint64(i)))
		g := randomLockLevel(t, rng)
		r, err := Find(routeGraph(g), Roles{})
		if err != nil {
			t.Fatalf("case %d: %v", i, err)
		}
		sol, err := Solve(routeGraph(g), r, lockRoles)
		if err != nil {
			t.Fatalf("case %d: %v", i, err)
		}
		b := newBrute(g, r)
		best := b.shortest()
		if sol.Solvable != (best >= 0) {
			t.Fatalf("case %d: solvable %v, brute force finds a walk of %d steps (-1: none); reason %q", i, sol.Solvable, best, sol.Reason)
		}
		if !sol.Solvable {
			if sol.Reason == "" || sol.Walk != nil {
				t.Fatalf("case %d: unsolvable with reason %q and walk %v", i, sol.Reason, sol.Walk)
			}
			continue
		}
		solvable++
		if err := b.replay(sol.Walk); err != nil {
			t.Fatalf("case %d: %v", i, err)
		}
		if len(sol.Walk)-1 != best {
			t.Fatalf("case %d: walk %v has %d steps, the shortest has %d", i, sol.Walk, len(sol.Walk)-1, best)
		}
		var essential, idle, unneeded []int
		for v, tag := range b.tag {
			switch {
			case tag == "L" || tag == "M":
				b.wall = v
				if b.shortest() < 0 {
					essential = append(essential, v)
				}
				reach := b.reach()
				if len(reach) == g.Order()-1 {
					idle = append(idle, v)
				}
				b.wall = -1
			case tag == "k" || tag == "j":
				b.plain = v
				if b.shortest() >= 0 {
					unneeded = append(unneeded, v)
				}
				b.plain = -1
			}
		}
		if !slices.Equal(sol.Essential, essential) || !slices.Equal(sol.IdleLocks, idle) || !slices.Equal(sol.UnneededKeys, unneeded) {
			t.Fatalf("case %d: essential %v idle %v unneeded %v, want %v %v %v", i, sol.Essential, sol.IdleLocks, sol.UnneededKeys, essential, idle, unneeded)
		}
	}
	if solvable < cases/4 || solvable > cases*9/10 {
		t.Fatalf("%d of %d random levels are solvable: the generator does not test both sides", solvable, cases)
	}
}

func TestSolveUnsolvable(t *testing.T) {
	line := func(tags ...string) []room {
		var rs []room
		for i, tag := range tags {
			rs = append(rs, room{tag: tag, x: float64(100 * i)})
		}
		return rs
	}
	path := func(n int) []corridor {
		var cs []corridor
		for i := 1; i < n; i++ {
			cs = append(cs, corridor{a: i - 1, b: i})
		}
		return cs
	}
	tests := []struct {
		name   string
		rooms  []room
		cs     []corridor
		reason string // a part of the reason
	}{
		{"key behind its lock", line("p", "L", "k", "b"), path(4), `lock room 1 (tag "L") needs a key of tag "k": no room of key tag "k"`},
		{"no key at all", line("p", "p", "M", "b"), path(4), `lock room 2 (tag "M") needs a key of tag "j"`},
		{"one small key, two doors", []room{{tag: "p"}, {tag: "k", y: 100}, {tag: "L", x: 100}, {tag: "L", x: 200}, {tag: "b", x: 300}},
			[]corridor{{a: 0, b: 1}, {a: 0, b: 2}, {a: 2, b: 3}, {a: 3, b: 4}}, `the 1 key(s) of tag "k" that can be reached before it are spent`},
		{"the goal is the locked room", line("p", "p", "L"), path(3), `the goal, room 2, cannot be reached: lock room 2`},
		{"a cosmetic corridor is no way round", []room{{tag: "p"}, {tag: "L", x: 100}, {tag: "b", x: 200}, {tag: "k", x: 300}},
			[]corridor{{a: 0, b: 1}, {a: 1, b: 2}, {a: 2, b: 3}, {a: 0, b: 3, cosmetic: true}}, `lock room 1`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := build(t, tt.rooms, tt.cs)
			r, err := Find(routeGraph(g), Roles{Goal: "b"})
			if err != nil {
				t.Fatal(err)
			}
			sol, err := Solve(routeGraph(g), r, lockRoles)
			if err != nil {
				t.Fatal(err)
			}
			if sol.Solvable || sol.Walk != nil || !strings.Contains(sol.Reason, tt.reason) {
				t.Errorf("solvable %v walk %v reason %q, want unsolvable with a reason containing %q", sol.Solvable, sol.Walk, sol.Reason, tt.reason)
			}
		})
	}
}

func TestSolveErrors(t *testing.T) {
	g := build(t, []room{{tag: "p"}, {tag: "L", x: 100}, {tag: "k", x: 200}, {tag: "L", x: 300}}, []corridor{{a: 0, b: 1}, {a: 0, b: 2}, {a: 2, b: 3}})
	r, err := Find(routeGraph(g), Roles{})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name   string
		roles  Roles
		solver Solver
		want   string
	}{
		{"unknown key", Roles{Locks: []Lock{{Tag: "L", Key: "k"}}}, Solver{}, `lock tag "L" needs key "k", which is not a key tag`},
		{"consumed disagrees", Roles{Keys: []string{"k"}, Locks: []Lock{{Tag: "L", Key: "k", Consumed: true}, {Tag: "p", Key: "k"}}}, Solver{}, `only one consumes it`},
		{"key and lock", Roles{Keys: []string{"k", "L"}, Locks: []Lock{{Tag: "L", Key: "k"}}}, Solver{}, `tag "L" is both a key and a lock`},
		{"bound", lockRoles, Solver{MaxStates: 1}, "passed its bound of 1 states"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := tt.solver.Solve(routeGraph(g), r, tt.roles)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("error %v, want one containing %q", err, tt.want)
			}
			if tt.name == "bound" && !errors.Is(err, ErrBound) {
				t.Fatalf("error %v does not wrap ErrBound", err)
			}
		})
	}
}

// A done context stops the searches: Solve fails wrapping its error, and
// a live one changes nothing.
func TestSolveContext(t *testing.T) {
	g := build(t, []room{{tag: "p"}, {tag: "L", x: 100}, {tag: "k", x: 200}, {tag: "L", x: 300}}, []corridor{{a: 0, b: 1}, {a: 0, b: 2}, {a: 2, b: 3}})
	r, err := Find(routeGraph(g), Roles{})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := (Solver{Context: ctx}).Solve(routeGraph(g), r, lockRoles); !errors.Is(err, context.Canceled) {
		t.Errorf("Solve with a cancelled context: %v", err)
	}
	want, err := Solve(routeGraph(g), r, lockRoles)
	if err != nil {
		t.Fatal(err)
	}
	got, err := (Solver{Context: context.Background()}).Solve(routeGraph(g), r, lockRoles)
	if err != nil || !reflect.DeepEqual(got, want) {
		t.Errorf("Solve with a live context: %+v, %v; want %+v", got, err, want)
	}
}

// TestSolveSteps checks the steps at which keys are picked and locks
// opened, which key opens which lock, and the backtracking, on a level
// whose key hangs off the path before its door.
func TestSolveSteps(t *testing.T) {
	// 0 e - 1 p - 2 L - 3 b, with 4 g - 5 k off room 1.
	g := build(t, []room{{tag: "e"}, {tag: "p", x: 100}, {tag: "L", x: 200}, {tag: "b", x: 300}, {tag: "g", x: 100, y: 100}, {tag: "k", x: 100, y: 200}},
		[]corridor{{a: 0, b: 1}, {a: 1, b: 2}, {a: 2, b: 3}, {a: 1, b: 4}, {a: 4, b: 5}})
	r, err := Find(routeGraph(g), Roles{Goal: "b"})
	if err != nil {
		t.Fatal(err)
	}
	sol, err := Solve(routeGraph(g), r, lockRoles)
	if err != nil {
		t.Fatal(err)
	}
	want := &Solution{
		Solvable:  true,
		Walk:      []int{0, 1, 4, 5, 4, 1, 2, 3},
		Keys:      []KeyRoom{{Room: 5, Tag: "k", Picked: 3}},
		Locks:     []LockRoom{{Room: 2, Tag: "L", Key: "k", Consumed: true, Opened: 6, KeyRoom: 5}},
		Essential: []int{2}, Backtracking: 2,
	}
	if got := fmt.Sprintf("%+v", sol); got != fmt.Sprintf("%+v", want) {
		t.Fatalf("solution\n %s\nwant\n %s", got, fmt.Sprintf("%+v", want))
	}
}
