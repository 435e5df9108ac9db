package stats

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"time"

	"gonum.org/v1/gonum/graph"
	"gonum.org/v1/gonum/graph/simple"
	"gonum.org/v1/gonum/graph/topo"
	"gonum.org/v1/gonum/graph/traverse"

	"github.com/dungraph/dungraph/level"
	"github.com/dungraph/dungraph/levelfile"
	"github.com/dungraph/dungraph/route"
)

// Sample is what stats measures of one seed: a level, or the failure to
// generate one. The level's measures are zero for a failure.
type Sample struct {
	Seed uint64
	// Valid reports whether a level was generated; Reason says why not
	// otherwise.
	Valid  bool
	Reason string
	// Attempt is the attempt (from 0) that produced the level; Attempts
	// the attempts made, the successful one included, or all of them for
	// a failure.
	Attempt, Attempts int
	// Time is how long generation took, when Timed.
	Time  time.Duration
	Timed bool

	// Rooms counts the non-cosmetic vertices, Corridors the non-cosmetic
	// edges between two rooms.
	Rooms, Corridors int
	// Cycles is the cyclomatic number of the walkable graph: corridors −
	// rooms + connected components, which is corridors − rooms + 1 for a
	// level (its rooms are connected).
	Cycles int
	// Diameter is the longest shortest path between two rooms, in
	// corridors.
	Diameter int
	// Valence counts rooms by their number of corridors: Valence[k] rooms
	// have k corridors.
	Valence []int
	// CriticalPathRooms and CriticalPathLength are the route's critical
	// path, entrance and goal included, and its length in world units.
	CriticalPathRooms  int
	CriticalPathLength float64
	// DeadEnds counts the route's dead ends.
	DeadEnds int
	// Linearity is CriticalPathRooms / Rooms and DeadEndRatio DeadEnds /
	// Rooms.
	Linearity, DeadEndRatio float64
	// Tags counts rooms by tag and Rules the applications of each rule,
	// both sorted by name. Every tag and rule of the document's params is
	// listed, unused ones with 0.
	Tags, Rules []Count
	// EdgeDeviation is the document's metrics.quality.edge_deviation.
	EdgeDeviation float64
	// Stretch, Tail and Worst are the document's metrics.quality.stretch,
	// .tail and .worst: corridor lengths in rooms (see layout.Geometry).
	Stretch, Tail, Worst float64
	// Clearance is the smaller of metrics.clearance.rooms and
	// metrics.clearance.corridors, +Inf when the level has neither.
	Clearance float64
	// Density is the document's metrics.quality.density: the rooms' total
	// area (w × h) over the area of the bounding box of their rectangles.
	Density float64

	// Locked says the level has a walkthrough (route.solution: its
	// ruleset declares locks); the rest are zero otherwise. Solvable is the
	// solution's, WalkSteps the steps of its walk, Backtracking its steps
	// back into rooms entered before, Locks the locked rooms and
	// EssentialLocks those without which the goal cannot be reached.
	// UnsolvableAttempts counts the earlier attempts rejected because
	// their level could not be finished (build.require_solvable).
	Locked, Solvable                                                   bool
	WalkSteps, Backtracking, Locks, EssentialLocks, UnsolvableAttempts int
}

// Count is a name and how often it occurs.
type Count struct {
	Name string
	N    int
}

// Measure measures the level of d. It fails only when d is malformed: a
// document that levelfile.ReadJSON or level.Level.Document returned is not.
func Measure(d *levelfile.Document) (Sample, error) {
	if d == nil {
		return Sample{}, errors.New("stats: nil document")
	}
	// The document's own graph, not Document.Graph: stats measures
	// documents that fail the reader's checks (hand-made ones, with no
	// route) as long as their edges join vertices they have.
	g, err := d.RouteGraph()
	if err != nil {
		return Sample{}, fmt.Errorf("stats: %w", err)
	}
	w := route.NewWalkable(g)
	s := Sample{
		Seed: d.Seed, Valid: true, Attempt: d.Attempt, Attempts: d.Metrics.Attempts,
		Rooms: len(w.Rooms()), Corridors: w.Corridors(),
		CriticalPathRooms: len(d.Route.CriticalPath), CriticalPathLength: float64(d.Route.Length),
		DeadEnds: len(d.Route.DeadEnds), EdgeDeviation: float64(d.Metrics.Quality.EdgeDeviation),
		Stretch: float64(d.Metrics.Quality.Stretch), Tail: float64(d.Metrics.Quality.Tail), Worst: float64(d.Metrics.Quality.Worst),
		Density:   float64(d.Metrics.Quality.Density),
		Clearance: math.Inf(1),
	}
	if s.Attempts < s.Attempt+1 {
		s.Attempts = s.Attempt + 1
	}
	s.Cycles = s.Corridors - s.Rooms + len(topo.ConnectedComponents(w))
	s.Diameter = diameter(w)
	for _, id := range w.Rooms() {
		k := len(w.Neighbours(id))
		for len(s.Valence) <= k {
			s.Valence = append(s.Valence, 0)
		}
		s.Valence[k]++
	}
	if s.Rooms > 0 {
		s.Linearity = float64(s.CriticalPathRooms) / float64(s.Rooms)
		s.DeadEndRatio = float64(s.DeadEnds) / float64(s.Rooms)
	}
	for _, g := range []*levelfile.Float{d.Metrics.Clearance.Rooms, d.Metrics.Clearance.Corridors} {
		if g != nil {
			s.Clearance = min(s.Clearance, float64(*g))
		}
	}
	if sol := d.Route.Solution; sol != nil {
		s.Locked, s.Solvable = true, sol.Solvable
		s.WalkSteps, s.Backtracking = max(len(sol.Walk)-1, 0), sol.Backtracking
		s.Locks, s.EssentialLocks = len(sol.Locks), len(sol.Essential)
		for _, f := range d.Failures {
			if strings.HasPrefix(f.Reason, level.UnsolvablePrefix) {
				s.UnsolvableAttempts++
			}
		}
	}
	s.Tags = tagCounts(d)
	s.Rules = ruleCounts(d)
	return s, nil
}

func tagCounts(d *levelfile.Document) []Count {
	n := map[string]int{}
	for name := range d.Params.Tags {
		n[name] = 0
	}
	for _, v := range d.Vertices {
		if !v.Cosmetic {
			n[v.Tag]++
		}
	}
	return sortedCounts(n)
}

func ruleCounts(d *levelfile.Document) []Count {
	n := map[string]int{}
	for name := range d.Params.Rules {
		n[name] = 0
	}
	for _, st := range d.Trace.Steps {
		n[st.Rule]++
	}
	return sortedCounts(n)
}

func sortedCounts(n map[string]int) []Count {
	out := make([]Count, 0, len(n))
	for name, k := range n {
		out = append(out, Count{name, k})
	}
	slices.SortFunc(out, func(a, b Count) int {
		switch {
		case a.Name < b.Name:
			return -1
		case a.Name > b.Name:
			return 1
		}
		return 0
	})
	return out
}

// diameter is the largest eccentricity of a room, in corridors, over the
// rooms it can reach: gonum's breadth-first walk from every room.
func diameter(w *route.Walkable) int {
	diam := 0
	var bfs traverse.BreadthFirst
	for _, id := range w.Rooms() {
		bfs.Reset()
		bfs.Walk(w, simple.Node(id), func(_ graph.Node, depth int) bool {
			diam = max(diam, depth)
			return false
		})
	}
	return diam
}
