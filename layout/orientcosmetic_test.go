package layout

import (
	"testing"

	"gonum.org/v1/gonum/spatial/r2"

	"github.com/dungraph/dungraph/grammar"
)

// Orient decides by the box density measures: the rooms' rectangles,
// cosmetic vertices left out. A diagonal path of rooms with cosmetic
// vertices at the two empty corners of its box is a diagonal level (its
// density is that of the path alone) and is turned; counted as rooms, the
// cosmetic corners would make its hull the whole box, which no turn
// shrinks. The same corners as plain rooms keep the level as it is.
func TestOrientLeavesOutCosmetic(t *testing.T) {
	for _, cosmetic := range []bool{true, false} {
		pos, rooms := diagonalChain(12, 90, 1)
		g := chain(pos, make([]float64, len(pos)-1))
		far := pos[len(pos)-1]
		for _, p := range []r2.Vec{{X: far.X, Y: 0}, {X: 0, Y: far.Y}} {
			g.AddVertex(grammar.Vertex{Tag: "c", Pos: p, Cosmetic: cosmetic})
			rooms = append(rooms, rooms[0])
		}
		was := MeasureGeometry(g, rooms).Density
		tr := Orient(g, rooms, 50, Limits{})
		if tr.Turned() != cosmetic {
			t.Errorf("cosmetic corners %v: turned %v (%+v), want %v", cosmetic, tr.Turned(), tr, cosmetic)
			continue
		}
		if !cosmetic {
			continue
		}
		// Before and After are the boxes density divides by.
		now := MeasureGeometry(g, rooms).Density
		var area float64
		for v, r := range rooms {
			if !g.Vertex(v).Cosmetic {
				area += r.W * r.H
			}
		}
		if d := area / tr.Before; d != was {
			t.Errorf("box before the turn %g gives density %g, MeasureGeometry %g", tr.Before, d, was)
		}
		if d := area / tr.After; d != now || !(now >= 1.5*was) {
			t.Errorf("box after the turn %g gives density %g, MeasureGeometry %g (before %g)", tr.After, d, now, was)
		}
		ds, corridors := checkItems(g, rooms)
		if cs := Check(ds, corridors); len(cs) > 0 {
			t.Errorf("turned drawing has conflicts %v", cs)
		}
	}
}
