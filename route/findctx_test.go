package route

import (
	"context"
	"errors"
	"math"
	"reflect"
	"testing"

	"gonum.org/v1/gonum/spatial/r2"

	"github.com/dungraph/dungraph/internal/ctxtest"
)

// ladder returns a level of n rooms in two rows, each joined to the next
// and across.
func ladder(n int) *Graph {
	g := &Graph{}
	for i := range n {
		g.Vertices = append(g.Vertices, Vertex{Tag: "a", Pos: r2.Vec{X: float64(100 * (i / 2)), Y: float64(100 * (i % 2))}})
		if i%2 == 1 {
			g.Edges = append(g.Edges, Edge{A: i - 1, B: i})
		}
		if i >= 2 {
			g.Edges = append(g.Edges, Edge{A: i - 2, B: i})
		}
	}
	return g
}

// FindContext looks at its context between its passes and every 4,096
// rooms its searches expand: the first look that finds it done ends the
// search with an error wrapping the context's, and nothing looks again. A
// live context finds the same route as Find.
func TestFindContext(t *testing.T) {
	g := ladder(20000)
	want, err := Find(g, Roles{})
	if err != nil {
		t.Fatal(err)
	}
	live := ctxtest.New(math.MaxInt, context.DeadlineExceeded)
	got, err := FindContext(live, g, Roles{})
	if err != nil || !reflect.DeepEqual(got, want) {
		t.Fatalf("a live context changed the route: %v", err)
	}
	// 20,000 rooms expanded twice (BFS, Dijkstra) and 3 passes.
	polls := live.Calls
	t.Logf("%d looks", polls)
	if polls < 2*20000/findPoll+3 {
		t.Fatalf("FindContext looked at its context %d times, want one per %d rooms expanded and one per pass", polls, findPoll)
	}
	for n := 1; n <= polls; n++ {
		ctx := ctxtest.New(n, context.DeadlineExceeded)
		r, err := FindContext(ctx, g, Roles{})
		if !errors.Is(err, context.DeadlineExceeded) || r != nil {
			t.Fatalf("done at look %d of %d: got %v, %v", n, polls, r, err)
		}
		if ctx.Calls != n {
			t.Errorf("done at look %d of %d, FindContext went on to look %d times", n, polls, ctx.Calls)
		}
	}
}
