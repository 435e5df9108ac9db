// Package route finds what a player walks through in a level: the
// entrance, the goal, the critical path between them, each room's depth and
// the dead ends.
//
// Only rooms count: cosmetic vertices and cosmetic edges shape a drawing
// but are not walked, so they are left out. A corridor's length is the
// distance between the centres of its rooms.
//
// The entrance is the room that grew from the start vertex. Rewriting is in
// place, so that room is vertex 0 of every level (the start vertex keeps
// its id through every rule that maps it). A start rule may make vertex 0
// cosmetic (catacomb's start is a chasm): the entrance is then the
// lowest-numbered room, the first room the build created. A ruleset may
// instead give a tag the role "entrance": the entrance is then the
// lowest-numbered room with that tag.
//
// The goal is the room farthest from the entrance by corridor length,
// among the rooms of the tag with the role "goal" if a ruleset names one
// and the level has such a room, else among all rooms; ties go to the
// lowest vertex id. Distances come from gonum's Dijkstra (graph/path) over
// a view of the level whose nodes and neighbours come in ascending id
// order, so every run visits them, and breaks ties between equally short
// paths, the same way.
//
// A room's depth is the number of corridors between it and the entrance
// on a shortest path by corridor count. A dead end is a room with exactly
// one corridor, other than the entrance and the goal: a branch that leads
// nowhere.
//
// Solve finds how a player finishes a lock-and-key level: tags with the
// role "key" hold keys, picked up on entering their rooms, and rooms of a
// "lock" tag can be entered only holding a key of its kind, which small
// keys (Lock.Consumed) spend. It decides exactly whether the goal can be
// reached, by a search over the regions a player can reach that branches
// only on which small-key lock to spend a key on, and finds one walkthrough
// with the fewest steps by a breadth-first search over (room, keys picked,
// locks opened). It also names the locks the goal needs, the keys the
// level does without and the locks that gate nothing. Both searches are
// bounded (Solver.MaxStates); NOTES.md has the details and sources.
//
// # Where to start
//
//   - route.go: Graph, the level as the package reads it (rooms, cosmetic
//     vertices, corridors); Roles; Find and FindContext, which compute the
//     entrance, the goal, the critical path, the depths and the dead ends
//     (Route); Walkable, the gonum view of the rooms whose nodes and
//     neighbours come sorted.
//   - solve.go: Lock, Solver and Solution; newPuzzle turns a level and its
//     roles into the puzzle the searches read, with a bit per key room
//     and per small-key lock room in a state mask.
//   - search.go: the two searches over a puzzle, explore (which rooms can
//     be reached, branching only on small-key locks) and shortestWalk (the
//     breadth-first search for the walkthrough), and the reason an
//     unsolvable level gives.
//
// route_test.go checks Find against a brute-force Floyd–Warshall
// reference on random graphs; solve_test.go checks Solve against an
// independent exhaustive model of the walk (brute).
package route
