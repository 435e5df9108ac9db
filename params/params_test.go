package params

import (
	"encoding/json"
	"testing"
)

func TestWithDefaults(t *testing.T) {
	for _, c := range []struct {
		name string
		in   Forces
		want Forces
	}{
		{"zero", Forces{}, Forces{SpringStrength: 1, EdgeLength: 100, Repulsion: 1, MaxDelta: 0.5, ConvergenceDistance: 4, Spring: SpringLog, Cutoff: 3, MaxIterations: 400}},
		{"set fields kept", Forces{Repulsion: 0.05, Spring: SpringHooke, CrossingFree: true, Gravity: 0.1},
			Forces{SpringStrength: 1, EdgeLength: 100, Repulsion: 0.05, MaxDelta: 0.5, ConvergenceDistance: 4, Spring: SpringHooke, Cutoff: 3, MaxIterations: 400, CrossingFree: true, Gravity: 0.1}},
		{"relax unchanged", DefaultRelax(), DefaultRelax()},
	} {
		if got := c.in.WithDefaults(); got != c.want {
			t.Errorf("%s: got %+v, want %+v", c.name, got, c.want)
		}
	}
	if got, want := (Rooms{Margin: 10}).WithDefaults(), (Rooms{Margin: 10, MinExtent: 3, MaxExtent: 12, RadiusFudge: 1}); got != want {
		t.Errorf("rooms: got %+v, want %+v", got, want)
	}
	if got := (Rooms{RadiusFudge: 0.5}).Gap(); got != 25 {
		t.Errorf("gap %v, want 25", got)
	}
}

// The tables write their keys in field order and every float in its
// shortest 'g' form, and read back to the same values.
func TestJSON(t *testing.T) {
	f := DefaultRelax()
	f.EdgeLength, f.Gravity = 1e6, 1e-5
	b, err := json.Marshal(f)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"spring_strength":10,"edge_length":1e+06,"repulsion":0.05,"max_delta":0.5,"convergence_distance":0.01,"spring":"log","cutoff":3,"max_iterations":300,"crossing_free":true,"gravity":1e-05}`
	if string(b) != want {
		t.Errorf("got  %s\nwant %s", b, want)
	}
	var back Forces
	if err := json.Unmarshal(b, &back); err != nil || back != f {
		t.Errorf("read back %+v (%v), want %+v", back, err, f)
	}
	r := DefaultRooms()
	if b, err := json.Marshal(r); err != nil || string(b) != `{"margin":50,"min_extent":3,"max_extent":12,"radius_fudge":1}` {
		t.Errorf("rooms: %s (%v)", b, err)
	}
	f.Repulsion = f.Repulsion / 0 // +Inf
	if _, err := json.Marshal(f); err == nil {
		t.Error("an infinite repulsion was written")
	}
}
