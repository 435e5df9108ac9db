package gridmap

import (
	"fmt"
	"testing"
)

// TestArcs checks the split of a room's wall among its corridors: every
// door slot goes to exactly one corridor, each corridor's slots lie on the
// side facing its way out, and corridors in almost the same direction
// leave the wall unsplit.
func TestArcs(t *testing.T) {
	f := rectFootprint(8, 8) // slots on the 10 × 10 footprint's wall
	slotAngle := func(s doorSpot) float64 {
		return pseudoAngle(float64(2*s.x+1-f.w), float64(2*s.y+1-f.h))
	}
	tests := []struct {
		name string
		ways [][2]float64 // per corridor, sorted by angle
		// want[j] is a slot corridor j must get; nil want: no split.
		want []doorSpot
	}{
		{"south, south-west, west", [][2]float64{{0, 1}, {-1, 1}, {-1, 0}},
			[]doorSpot{{5, 9, 2}, {0, 8, 3}, {0, 4, 3}}},
		{"east, west", [][2]float64{{1, 0}, {-1, 0}},
			[]doorSpot{{9, 4, 1}, {0, 4, 3}}},
		{"four sides", [][2]float64{{1, 0.1}, {-0.1, 1}, {-1, -0.1}, {0.1, -1}},
			[]doorSpot{{9, 5, 1}, {4, 9, 2}, {0, 4, 3}, {5, 0, 0}}},
		{"the same way twice", [][2]float64{{1, 0}, {2, 0}}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ks := make([]int32, len(tt.ways))
			for j := range ks {
				ks[j] = int32(10 + j)
			}
			way := func(k int32) (float64, float64) { w := tt.ways[k-10]; return w[0], w[1] }
			got := arcs(ks, f.doors, way, slotAngle)
			if tt.want == nil {
				if got != nil {
					t.Fatalf("arcs = %v, want no split", got)
				}
				return
			}
			owner := map[doorSpot]int32{}
			for _, k := range ks {
				for _, s := range got[k] {
					if o, dup := owner[s]; dup {
						t.Errorf("slot %v goes to corridors %d and %d", s, o, k)
					}
					owner[s] = k
				}
			}
			if len(owner) != len(f.doors) {
				t.Errorf("%d of %d slots split among the corridors", len(owner), len(f.doors))
			}
			for j, s := range tt.want {
				if owner[s] != ks[j] {
					t.Errorf("slot %v goes to corridor %d, want %d (arcs %v)", s, owner[s], ks[j], fmt.Sprint(got))
				}
			}
		})
	}
}
