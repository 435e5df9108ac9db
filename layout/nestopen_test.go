package layout

import "testing"

// TestNestsCrowded: a stall opens the nests locally when most of its
// crowded rooms (need above 1) are inside the build's triangles, and never
// for a build that nested nothing.
func TestNestsCrowded(t *testing.T) {
	for _, tt := range []struct {
		name   string
		nested []bool
		need   []float64
		want   bool
	}{
		{"no nests", nil, []float64{2, 2, 1}, false},
		{"no needs", []bool{true, true}, nil, false},
		{"all crowded nested", []bool{true, true, false}, []float64{3, 2, 1}, true},
		{"half nested", []bool{true, false, false}, []float64{3, 2, 1}, false},
		{"most nested", []bool{true, true, false, false}, []float64{3, 2, 1.5, 1}, true},
		{"crowding outside the nests", []bool{true, false, false}, []float64{1, 2, 4}, false},
		{"nothing crowded", []bool{true, true}, []float64{1, 1}, false},
	} {
		r := &Relaxation{nested: tt.nested}
		if got := r.nestsCrowded(tt.need); got != tt.want {
			t.Errorf("%s: nestsCrowded = %v, want %v", tt.name, got, tt.want)
		}
	}
}
