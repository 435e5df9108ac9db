package editdist

import "testing"

func TestDistance(t *testing.T) {
	for _, tt := range []struct {
		a, b string
		want int
	}{
		{"", "", 0}, {"a", "", 1}, {"", "abc", 3}, {"extend", "extend", 0},
		{"extnd", "extend", 1}, {"kitten", "sitting", 3}, {"loop", "pool", 2},
	} {
		if got := Distance(tt.a, tt.b); got != tt.want {
			t.Errorf("Distance(%q, %q) = %d, want %d", tt.a, tt.b, got, tt.want)
		}
		if got := Distance(tt.b, tt.a); got != tt.want {
			t.Errorf("Distance(%q, %q) = %d, want %d (symmetry)", tt.b, tt.a, got, tt.want)
		}
	}
}

func TestClosest(t *testing.T) {
	if c, d := Closest("extnd", []string{"branch", "extend", "extent"}); c != "extend" || d != 1 {
		t.Errorf("Closest = %q, %d; want the first of the two at distance 1", c, d)
	}
	if c, d := Closest("x", nil); c != "" || d != -1 {
		t.Errorf("Closest of nothing = %q, %d", c, d)
	}
}
