package route_test

import (
	"fmt"

	"gonum.org/v1/gonum/spatial/r2"

	"github.com/dungraph/dungraph/route"
)

// A level of five rooms: the entrance (vertex 0), a hub, a short side
// room, a long corridor to the far room, and a boss room tagged as the
// goal.
func ExampleFind() {
	g := &route.Graph{
		Vertices: []route.Vertex{
			{Tag: "e", Pos: r2.Vec{X: 0, Y: 0}},
			{Tag: "p", Pos: r2.Vec{X: 300, Y: 0}},
			{Tag: "r", Pos: r2.Vec{X: 300, Y: 400}},
			{Tag: "r", Pos: r2.Vec{X: 1200, Y: 0}},
			{Tag: "b", Pos: r2.Vec{X: 300, Y: -500}},
		},
		Edges: []route.Edge{{A: 0, B: 1}, {A: 1, B: 2}, {A: 1, B: 3}, {A: 1, B: 4}},
	}
	for _, roles := range []route.Roles{{}, {Goal: "b"}} {
		r, err := route.Find(g, roles)
		if err != nil {
			panic(err)
		}
		fmt.Printf("goal %d, path %v, %g long, depths %v, dead ends %v\n", r.Goal, r.Path, r.Length, r.Depth, r.DeadEnds)
	}
	// Output:
	// goal 3, path [0 1 3], 1200 long, depths [0 1 2 2 2], dead ends [2 4]
	// goal 4, path [0 1 4], 800 long, depths [0 1 2 2 2], dead ends [2 3]
}

// A key hangs off the room before a locked door: the walk fetches it,
// comes back and opens the door on the way to the boss.
func ExampleSolve() {
	g := &route.Graph{
		Vertices: []route.Vertex{
			{Tag: "e", Pos: r2.Vec{X: 0, Y: 0}},
			{Tag: "p", Pos: r2.Vec{X: 100, Y: 0}},
			{Tag: "l", Pos: r2.Vec{X: 200, Y: 0}},
			{Tag: "b", Pos: r2.Vec{X: 300, Y: 0}},
			{Tag: "k", Pos: r2.Vec{X: 100, Y: 100}},
		},
		Edges: []route.Edge{{A: 0, B: 1}, {A: 1, B: 2}, {A: 2, B: 3}, {A: 1, B: 4}},
	}
	roles := route.Roles{Goal: "b", Keys: []string{"k"}, Locks: []route.Lock{{Tag: "l", Key: "k", Consumed: true}}}
	r, err := route.Find(g, roles)
	if err != nil {
		panic(err)
	}
	sol, err := route.Solve(g, r, roles)
	if err != nil {
		panic(err)
	}
	fmt.Printf("solvable %v, walk %v, backtracking %d\n", sol.Solvable, sol.Walk, sol.Backtracking)
	fmt.Printf("key in room %d picked at step %d; lock in room %d opened at step %d\n",
		sol.Keys[0].Room, sol.Keys[0].Picked, sol.Locks[0].Room, sol.Locks[0].Opened)
	fmt.Printf("essential locks %v\n", sol.Essential)
	// Output:
	// solvable true, walk [0 1 4 1 2 3], backtracking 1
	// key in room 4 picked at step 2; lock in room 2 opened at step 4
	// essential locks [2]
}
