package stats

import (
	"bytes"
	"context"
	"encoding/json"
	"math"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/dungraph/dungraph/rulesets"
)

// synthetic returns samples whose rooms are the given numbers; cycles are
// rooms mod 3, linearity 1/rooms, and dead ends 1.
func synthetic(rooms ...int) []Sample {
	var out []Sample
	for i, r := range rooms {
		out = append(out, Sample{
			Seed: uint64(i + 1), Valid: true, Attempts: 1, Time: time.Duration(r) * time.Millisecond, Timed: true,
			Rooms: r, Corridors: r, Cycles: r % 3, Diameter: r / 2, Valence: []int{0, 1, r - 1},
			CriticalPathRooms: 1, Linearity: 1 / float64(r), DeadEnds: 1, DeadEndRatio: 1 / float64(r),
			CriticalPathLength: float64(10 * r), EdgeDeviation: 0.5, Clearance: math.Inf(1), Density: 0.25,
			Tags:  []Count{{"a", 1}, {"b", r - 1}},
			Rules: []Count{{"grow", r - 1}, {"never", 0}},
		})
	}
	return out
}

func TestSummarize(t *testing.T) {
	samples := synthetic(3, 4, 4, 10)
	samples = append(samples, Sample{Seed: 9, Attempts: 5, Reason: "no"})
	samples[1].Attempt, samples[1].Attempts = 2, 3
	set := Summarize(Series{Label: "x", Samples: samples})
	if set.Levels != 5 || set.Valid != 4 || set.FirstAttempt != 3 || set.Seeds != "1..4,9" {
		t.Errorf("levels, valid, first attempt, seeds = %d, %d, %d, %q; want 5, 4, 3, \"1..4,9\"", set.Levels, set.Valid, set.FirstAttempt, set.Seeds)
	}
	tests := []struct {
		metric string
		want   Dist
		reason string
	}{
		{"rooms", Dist{Metric: "rooms", N: 4, Min: 3, Median: 4, Mean: 21.0 / 4, P95: 10, Max: 10}, "valid levels only; p95 of 4 values is the 4th"},
		{"attempts", Dist{Metric: "attempts", N: 5, Min: 1, Median: 1, Mean: 11.0 / 5, P95: 5, Max: 5}, "attempts count failed seeds too"},
		{"valence", Dist{Metric: "valence", N: 21, Min: 1, Median: 2, Mean: 38.0 / 21, P95: 2, Max: 2}, "pooled over the rooms: 4 with one corridor, 17 with two"},
		{"clearance", Dist{Metric: "clearance", N: 0}, "no level has a pair to measure"},
		{"linearity", Dist{Metric: "linearity", N: 4, Min: 0.1, Median: 0.25, Mean: (1.0/10 + 1.0/4 + 1.0/4 + 1.0/3) / 4, P95: 1.0 / 3, Max: 1.0 / 3}, "ratios"},
	}
	for _, tt := range tests {
		got := set.Metric(tt.metric)
		// The mean's rounding depends on the order of the sum: compare it
		// loosely and the rest exactly.
		if math.Abs(got.Mean-tt.want.Mean) > 1e-12 {
			t.Errorf("%s: mean %v, want %v (%s)", tt.metric, got.Mean, tt.want.Mean, tt.reason)
		}
		got.Mean = tt.want.Mean
		if got != tt.want {
			t.Errorf("%s = %+v, want %+v (%s)", tt.metric, got, tt.want, tt.reason)
		}
	}
	wantRules := []Use{{Name: "grow", Levels: 4, Total: 17, Mean: 17.0 / 4}, {Name: "never", Levels: 0, Total: 0, Mean: 0}}
	if !slices.Equal(set.Rules, wantRules) {
		t.Errorf("rules = %+v, want %+v", set.Rules, wantRules)
	}
	if set.Time == nil || set.Time.N != 4 || set.Time.MedianMS != 4 || set.Time.P95MS != 10 {
		t.Errorf("time = %+v, want 4 timed, median 4ms, p95 10ms (failed seeds untimed)", set.Time)
	}
	samples[0].Timed, samples[1].Timed, samples[2].Timed, samples[3].Timed = false, false, false, false
	if set := Summarize(Series{Samples: samples}); set.Time != nil {
		t.Errorf("time without timed samples = %+v, want nil", set.Time)
	}
}

func TestPercentiles(t *testing.T) {
	tests := []struct {
		vals        []float64
		median, p95 float64
	}{
		{[]float64{7}, 7, 7},
		{[]float64{1, 2}, 1.5, 2},
		{[]float64{1, 2, 3}, 2, 3},
		{seq(20), 10.5, 19}, // ceil(0.95 × 20) = 19th value
		{seq(21), 11, 20},   // ceil(19.95) = 20th
		{seq(100), 50.5, 95},
	}
	for _, tt := range tests {
		if m, p := median(tt.vals), p95(tt.vals); m != tt.median || p != tt.p95 {
			t.Errorf("%d values: median, p95 = %v, %v, want %v, %v", len(tt.vals), m, p, tt.median, tt.p95)
		}
	}
}

func seq(n int) []float64 {
	out := make([]float64, n)
	for i := range out {
		out[i] = float64(i + 1)
	}
	return out
}

func TestSeedList(t *testing.T) {
	tests := []struct {
		seeds []uint64
		want  string
	}{
		{nil, ""},
		{[]uint64{5}, "5"},
		{[]uint64{3, 1, 2, 2, 7, 9, 8, 11}, "1..3,7..9,11"},
		{[]uint64{math.MaxUint64 - 1, math.MaxUint64}, "18446744073709551614..18446744073709551615"},
	}
	for _, tt := range tests {
		if got := SeedList(tt.seeds); got != tt.want {
			t.Errorf("SeedList(%v) = %q, want %q", tt.seeds, got, tt.want)
		}
	}
}

func TestHistogramBins(t *testing.T) {
	a := synthetic(3, 4, 4, 10)
	b := synthetic(50)
	r := Analyze(Series{"a", a}, Series{"b", b})
	h := histogram(t, r, "rooms")
	// 3..50 is 48 whole numbers: more than 40, so bins of ceil(48/20) = 3.
	if !h.Integer || len(h.Bins) != 16 || h.Bins[0].Lo != 3 || h.Bins[0].Hi != 6 || h.Bins[15].Hi != 51 {
		t.Fatalf("rooms bins = %d from %v to %v, want 16 bins of 3 from 3 to 51", len(h.Bins), h.Bins[0], h.Bins[len(h.Bins)-1])
	}
	if got := h.Bins[0].Counts; !slices.Equal(got, []int{3, 0}) {
		t.Errorf("bin 3..5 counts = %v, want [3 0]", got)
	}
	if got := h.Bins[15].Counts; !slices.Equal(got, []int{0, 1}) {
		t.Errorf("bin 48..50 counts = %v, want [0 1]", got)
	}
	lin := histogram(t, r, "linearity")
	if len(lin.Bins) != 10 || lin.Bins[0].Lo != 0 || lin.Bins[9].Hi != 1 {
		t.Fatalf("linearity bins = %+v, want ten from 0 to 1", lin.Bins)
	}
	// 1/3, 1/4, 1/4, 1/10; 1/50.
	want := map[int][]int{0: {0, 1}, 1: {1, 0}, 2: {2, 0}, 3: {1, 0}}
	for i, b := range lin.Bins {
		w := want[i]
		if w == nil {
			w = []int{0, 0}
		}
		if !slices.Equal(b.Counts, w) {
			t.Errorf("linearity bin %d counts = %v, want %v", i, b.Counts, w)
		}
	}
	cl := histogram(t, r, "critical_path_length")
	if len(cl.Bins) != realBins || cl.Bins[0].Lo != 30 || cl.Bins[realBins-1].Hi != 500 {
		t.Errorf("length bins: %d from %v to %v, want %d from 30 to 500", len(cl.Bins), cl.Bins[0].Lo, cl.Bins[len(cl.Bins)-1].Hi, realBins)
	}
	if got := cl.Bins[realBins-1].Counts; !slices.Equal(got, []int{0, 1}) {
		t.Errorf("the maximum is in the last bin: counts %v, want [0 1]", got)
	}
	if cs := histogram(t, r, "clearance"); len(cs.Bins) != 0 {
		t.Errorf("clearance without values has bins %v", cs.Bins)
	}

	if len(r.Heatmaps) != 2 {
		t.Fatalf("%d heatmaps, want 2", len(r.Heatmaps))
	}
	hm := r.Heatmaps[0]
	if hm.X != "rooms" || hm.Y != "linearity" || len(hm.XBins) != 16 || len(hm.YBins) != 10 {
		t.Fatalf("heatmap %s × %s, %d × %d bins; want linearity × rooms, 10 × 16", hm.Y, hm.X, len(hm.YBins), len(hm.XBins))
	}
	total := 0
	for _, row := range hm.Counts[0] {
		for _, c := range row {
			total += c
		}
	}
	if total != 4 || hm.Counts[0][2][0] != 2 || hm.Counts[1][0][15] != 1 {
		t.Errorf("heatmap counts: total %d, [0][2][0] %d, [1][0][15] %d; want 4, 2, 1", total, hm.Counts[0][2][0], hm.Counts[1][0][15])
	}
}

func histogram(t *testing.T, r *Report, metric string) Histogram {
	t.Helper()
	for _, h := range r.Histograms {
		if h.Metric == metric {
			return h
		}
	}
	t.Fatalf("no histogram of %s", metric)
	return Histogram{}
}

func TestWriteTable(t *testing.T) {
	r := Analyze(Series{"quads", synthetic(3, 4, 4, 10)})
	var b bytes.Buffer
	if err := r.WriteTable(&b); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	for _, want := range []string{
		"quads, seeds 1..4\n",
		"\nvalid on the first attempt  4 (100.0%)\n",
		"\ntime per level, median          4.00ms\n",
		"\nmetric                 min  median   mean   p95   max\n",
		"\nrooms                    3       4   5.25    10    10\n",
		"\nclearance                -       -      -     -     -\n",
		"\ngrow        4 (100.0%)            4.25\n",
		"\nnever         0 (0.0%)               0\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("table lacks %q:\n%s", want, out)
		}
	}
	r = Analyze(Series{"quads", synthetic(3)}, Series{"tree", synthetic(5)})
	b.Reset()
	if err := r.WriteTable(&b); err != nil {
		t.Fatal(err)
	}
	out = b.String()
	for _, want := range []string{
		"A: quads, seeds 1\nB: tree, seeds 1\n",
		"\nmetric                A min  A median  A mean  A p95  A max  B min  B median  B mean  B p95  B max\n",
		"\nrooms                     3         3       3      3      3      5         5       5      5      5\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("comparison table lacks %q:\n%s", want, out)
		}
	}
}

func TestDeterministicAcrossWorkers(t *testing.T) {
	rs, err := rulesets.Bundled("quads")
	if err != nil {
		t.Fatal(err)
	}
	seeds := []uint64{1, 2, 3, 4, 5, 6}
	var outs []string
	for _, workers := range []int{1, 4} {
		samples, err := Generate(context.Background(), rs, seeds, Options{Workers: workers, Clock: time.Now})
		if err != nil {
			t.Fatal(err)
		}
		r := Analyze(Series{"quads", samples})
		for i := range r.Sets {
			if r.Sets[i].Time == nil || r.Sets[i].Time.N != len(seeds) {
				t.Fatalf("time = %+v, want %d timed levels", r.Sets[i].Time, len(seeds))
			}
			r.Sets[i].Time = nil
		}
		var b bytes.Buffer
		if err := r.WriteJSON(&b); err != nil {
			t.Fatal(err)
		}
		outs = append(outs, b.String())
	}
	if outs[0] != outs[1] {
		t.Errorf("1 worker and 4 workers differ:\n%s\n---\n%s", outs[0], outs[1])
	}
	var decoded map[string]any
	if err := json.Unmarshal([]byte(outs[0]), &decoded); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(outs[0], `"metric": "cycles"`) || !strings.Contains(outs[0], `"label": "quads"`) {
		t.Errorf("JSON lacks the metrics:\n%s", outs[0])
	}
}

func TestGenerateFailure(t *testing.T) {
	l := rulesets.Loader{Overrides: []rulesets.Override{{Key: "build.min_vertices", Value: "500"}, {Key: "build.max_vertices", Value: "600"}, {Key: "build.attempts", Value: "2"}}}
	rs, err := l.Bundled("default")
	if err != nil {
		t.Fatal(err)
	}
	samples, err := Generate(context.Background(), rs, []uint64{1, 2}, Options{Workers: 2, Clock: time.Now})
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range samples {
		if s.Valid || s.Attempts != 2 || s.Reason == "" || !s.Timed {
			t.Errorf("seed %d: valid %v, %d attempts, reason %q, timed %v; want a timed failure after 2 attempts", s.Seed, s.Valid, s.Attempts, s.Reason, s.Timed)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Generate(ctx, rs, []uint64{1, 2}, Options{}); err == nil {
		t.Error("a cancelled context: no error")
	}
}
