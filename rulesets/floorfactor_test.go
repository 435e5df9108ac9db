package rulesets

import (
	"fmt"
	"strings"
	"testing"
)

// floorBase is a line of two rooms whose one rule subdivides a corridor
// at the length factor filled in.
const floorBase = `name = "floor"
[build]
max_iterations = 2

[[rules]]
name = "start"
pattern.vertices = [ { id = "s", tags = ["s"] } ]
substitute.vertices = [
  { id = "s", tag = "a", at = [0, 0] },
  { id = "t", tag = "a", at = [100, 0] },
]
substitute.edges = [ { between = ["s", "t"] } ]

[[rules]]
name = "ante"
max_uses = 1
pattern.vertices = [
  { id = "a", tags = ["a"], at = [0, 0] },
  { id = "b", tags = ["a"], at = [100, 0] },
]
pattern.edges = [ { between = ["a", "b"] } ]
substitute.vertices = [
  { id = "a", tag = "-", at = [0, 0] },
  { id = "b", tag = "-", at = [100, 0] },
  { id = "c", tag = "a", at = [0, 50] },
]
substitute.edges = [ { between = ["a", "b"] }, { between = ["a", "c"], subdivide = true, length_factor = %g } ]
`

// TestLengthFactorBelowFloor wants a warning, at the factor, for a
// length_factor below the shortest corridor the layout draws (a fifth of
// the corridor gap: 0.2 whatever the gap, down to a gap of 10), saying
// what the layout draws and what the metrics divide by, and none at or above it.
func TestLengthFactorBelowFloor(t *testing.T) {
	tests := []struct {
		factor    float64
		overrides []string
		want      string // "" for no warning
		reason    string
	}{
		{0.05, nil, "length_factor 0.05 is below 0.2, the shortest corridor the layout draws: its rooms' discs stay 10 apart (the relax pass's clearance: a fifth of the corridor gap, rooms.radius_fudge × rooms.margin = 50, and at least 2), so the layout cannot draw this corridor shorter than that floor (longer where its rooms meet side to side), while the quality metrics divide its visible length by 0.05 as written: tail, stretch and worst may fail; use 0.2 or more, or raise the limits in [quality]", "the default gap is 50, of which the relax pass keeps 10"},
		{0.19, nil, "length_factor 0.19 is below 0.2", "just below the floor"},
		{0.2, nil, "", "at the floor the layout draws the factor as written between rooms met at a corner"},
		{0.5, nil, "", "the guide's halves are above the floor"},
		{0.1, []string{"rooms.radius_fudge=0.1", "rooms.margin=50"}, "length_factor 0.1 is below 0.4, the shortest corridor the layout draws: its rooms' discs stay 2 apart", "with a gap of 5 the relax pass still keeps 2 units"},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprint(tt.factor, tt.overrides), func(t *testing.T) {
			rs, err := loaderOf(t, tt.overrides).Load("floor.toml", []byte(fmt.Sprintf(floorBase, tt.factor)))
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, w := range rs.Warnings {
				if strings.Contains(w.Error(), "length_factor") {
					got = append(got, w.Error())
					if w.Line != 27 {
						t.Errorf("warning at line %d, want 27 (the edge with the factor): %v", w.Line, w)
					}
				}
			}
			switch {
			case tt.want == "" && len(got) > 0:
				t.Errorf("got %q, want no warning (%s)", got, tt.reason)
			case tt.want != "" && (len(got) != 1 || !strings.Contains(got[0], tt.want)):
				t.Errorf("got %q, want one warning containing %q (%s)", got, tt.want, tt.reason)
			}
		})
	}
}
