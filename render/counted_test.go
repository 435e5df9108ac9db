package render

import "testing"

func TestCounted(t *testing.T) {
	tests := []struct {
		n    int
		noun string
		want string
	}{
		{0, "corridor", "0 corridors"},
		{1, "corridor", "1 corridor"},
		{1, "room", "1 room"},
		{2, "room", "2 rooms"},
	}
	for _, tt := range tests {
		if got := counted(tt.n, tt.noun); got != tt.want {
			t.Errorf("counted(%d, %q) = %q, want %q", tt.n, tt.noun, got, tt.want)
		}
	}
}
