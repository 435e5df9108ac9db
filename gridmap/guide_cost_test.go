package gridmap

import "testing"

// TestGuideCost: a guide costs nothing within guideSlack cells of the
// infinite line through its rooms' centres (measured across the line's
// longer axis), guideCost per cell beyond, capped, and a nil guide nothing.
func TestGuideCost(t *testing.T) {
	horizontal := newGuide(Point{0, 0}, Point{10, 0})
	vertical := newGuide(Point{0, 0}, Point{0, 10})
	diagonal := newGuide(Point{0, 0}, Point{10, 10})
	for _, tt := range []struct {
		name   string
		g      *guide
		p      Point
		want   int32
		reason string
	}{
		{"horizontal on the line", horizontal, Point{5, 0}, 0, ""},
		{"horizontal at slack", horizontal, Point{5, guideSlack}, 0, "the slack is free"},
		{"horizontal at slack+1", horizontal, Point{5, guideSlack + 1}, guideCost, "one cell beyond"},
		{"horizontal below, at slack+1", horizontal, Point{5, -guideSlack - 1}, guideCost, "either side"},
		{"horizontal past the end", horizontal, Point{30, guideSlack}, 0, "the line, not the segment"},
		{"horizontal far", horizontal, Point{5, 100}, (100 - guideSlack) * guideCost, ""},
		{"vertical on the line", vertical, Point{0, 5}, 0, ""},
		{"vertical at slack", vertical, Point{guideSlack, 5}, 0, ""},
		{"vertical at slack+1", vertical, Point{-guideSlack - 1, 5}, guideCost, ""},
		{"diagonal on the line", diagonal, Point{5, 5}, 0, ""},
		{"diagonal at slack", diagonal, Point{0, guideSlack}, 0, "measured across the longer axis, √2 more than the distance"},
		{"diagonal at slack+1", diagonal, Point{guideSlack + 1, 0}, guideCost, ""},
		{"capped", newGuide(Point{0, 0}, Point{1, 0}), Point{0, 1 << 22}, guideCost << 20, "a step's guide term stays below 2^21 (see TestSaturate)"},
		{"nil guide", nil, Point{5, 100}, 0, "unguided routing"},
	} {
		if got := tt.g.cost(tt.p); got != tt.want {
			t.Errorf("%s: cost(%v) = %d, want %d (%s)", tt.name, tt.p, got, tt.want, tt.reason)
		}
	}
}
