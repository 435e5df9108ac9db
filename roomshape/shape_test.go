package roomshape

import (
	"slices"
	"testing"
)

// Names hands each caller its own slice: a caller that changes it changes
// neither the next caller's nor what Known accepts.
func TestNamesIsTheCallersOwn(t *testing.T) {
	want := []string{Rect, Disc, Cave, FromTemplate, Door}
	got := Names()
	if !slices.Equal(got, want) {
		t.Fatalf("Names() = %v, want %v", got, want)
	}
	got[0] = "hexagon"
	if again := Names(); !slices.Equal(again, want) {
		t.Errorf("after a caller changed its slice, Names() = %v, want %v", again, want)
	}
	if Known("hexagon") || !Known(Rect) {
		t.Errorf("Known(%q) = %v, Known(%q) = %v: want false, true", "hexagon", Known("hexagon"), Rect, Known(Rect))
	}
}

func TestKnown(t *testing.T) {
	for _, tc := range []struct {
		name string
		want bool
	}{
		{Rect, true}, {Disc, true}, {Cave, true}, {FromTemplate, true}, {Door, true},
		{"", false}, {"Rect", false}, {"rectangle", false},
	} {
		if got := Known(tc.name); got != tc.want {
			t.Errorf("Known(%q) = %v, want %v", tc.name, got, tc.want)
		}
	}
}
