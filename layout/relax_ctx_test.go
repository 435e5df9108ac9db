package layout

import (
	"context"
	"errors"
	"math/rand/v2"
	"reflect"
	"testing"

	"gonum.org/v1/gonum/spatial/r2"

	"github.com/dungraph/dungraph/params"
)

// A relax pass with a cancelled context returns the context's error before
// any work (not even the check of every room that finds its scale) and
// leaves the drawing as it was.
func TestRelaxContext(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 9))
	g := planarDrawing(rng, 30, 1)
	rooms, err := AssignRooms(g, params.Rooms{Margin: 20}, nil, rng)
	if err != nil {
		t.Fatal(err)
	}
	positions := func() []r2.Vec {
		ps := make([]r2.Vec, g.Order())
		for v := range ps {
			ps[v] = g.Vertex(v).Pos
		}
		return ps
	}
	before := positions()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Relax(ctx, g, rooms, 30, params.Forces{MaxIterations: 200}, Limits{}, nil); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled: %v, want context.Canceled", err)
	}
	if !reflect.DeepEqual(positions(), before) {
		t.Error("a cancelled relax pass moved rooms")
	}
}
