package gridmap

// A guide keeps a corridor near the straight line between its rooms'
// centres, the layout's drawing of it, which crosses no other corridor's.
// Greedy routing and negotiation price only length, bends and other
// corridors, so a corridor between two far rooms takes any of its many
// shortest staircases, and one of them may pass between two rooms that
// another corridor joins, across that corridor's only way: a crossing the
// layout does not have, which no spreading removes and no pricing of
// conflicts undoes (trifans seed 5: corridor 0-3 through the gap of
// corridor 5-19, at every cell and scale). The guided pass is Build's last
// resort, after negotiation, so every map drawn before it is unchanged.
type guide struct {
	// a and b are the centres of the corridor's rooms on the grid.
	a, b Point
	// span is max(|b.X−a.X|, |b.Y−a.Y|), at least 1: the cross product
	// over span is the distance from the line, within a factor √2.
	span int
}

// guideSlack is how far, in cells, a corridor may leave its line at no
// cost; guideCost is the cost of each cell further, per step (a step
// costs costStep).
const (
	guideSlack = 6
	guideCost  = 2
)

func newGuide(a, b Point) *guide {
	return &guide{a: a, b: b, span: max(1, abs(b.X-a.X), abs(b.Y-a.Y))}
}

// cost is the extra cost of the brush at p: 0 within guideSlack cells of
// the line, else guideCost per cell beyond. A nil guide costs nothing.
func (g *guide) cost(p Point) int32 {
	if g == nil {
		return 0
	}
	cross := (g.b.X-g.a.X)*(p.Y-g.a.Y) - (g.b.Y-g.a.Y)*(p.X-g.a.X)
	off := abs(cross)/g.span - guideSlack
	if off <= 0 {
		return 0
	}
	return saturate(int32(min(off, 1<<20)) * guideCost)
}
