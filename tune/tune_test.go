package tune

import (
	"bytes"
	"context"
	"encoding/csv"
	"errors"
	"math"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/dungraph/dungraph/rulesets"
	"github.com/dungraph/dungraph/stats"
)

func TestParseObjective(t *testing.T) {
	tests := []struct {
		in   string
		want Objective
	}{
		{"validity,time", Objective{{Name: "validity"}, {Name: "time"}}},
		{" deviation ", Objective{{Name: "deviation"}}},
		{"-mean_density, clearance", Objective{{Name: "mean_density", Reverse: true}, {Name: "clearance"}}},
	}
	for _, tt := range tests {
		got, err := ParseObjective(tt.in)
		if err != nil || !slices.Equal(got, tt.want) {
			t.Errorf("ParseObjective(%q) = %v, %v; want %v", tt.in, got, err, tt.want)
		}
		if again, err := ParseObjective(got.String()); err != nil || !slices.Equal(again, got) {
			t.Errorf("ParseObjective(%q) does not read back its String %q", tt.in, got.String())
		}
	}
	for _, tt := range []struct{ in, want string }{
		{"", "criterion 1 is empty"},
		{"validity,", "criterion 2 is empty"},
		{"speed", `unknown criterion "speed"; want names from validity, valid, attempts, time, deviation, clearance, mean_density`},
		{"time,-time", "time is listed twice"},
		{"-", "criterion 1 is empty"},
		{"validity,compactness", `"compactness" is now "mean_density"`},
		{"-compactness", `"-compactness" is now "-mean_density"`},
	} {
		if _, err := ParseObjective(tt.in); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("ParseObjective(%q): %v, want an error with %q", tt.in, err, tt.want)
		}
	}
}

func TestRank(t *testing.T) {
	nan := math.NaN()
	m := func(validity, time, deviation, density float64) Metrics {
		return Metrics{Validity: validity, MedianTimeMS: time, EdgeDeviation: deviation, MeanDensity: density, Clearance: nan}
	}
	r := &Result{Cells: []Cell{
		{Index: 0, Metrics: m(0.5, 1, 0.2, 0.3)},
		{Index: 1, Metrics: m(1, 9, nan, nan)},
		{Index: 2, Metrics: m(1, 3, 0.1, 0.1)},
		{Index: 3, Metrics: m(1, 3, 0.3, 0.2)},
		{Index: 4, Metrics: m(0.9, 2, 0.1, 0.4)},
	}}
	tests := []struct {
		objective string
		want      []int
		reason    string
	}{
		{"validity,time", []int{2, 3, 1, 4, 0}, "validity first; the tie of 2 and 3 stays in grid order"},
		{"time", []int{0, 4, 2, 3, 1}, "fastest first, ties in grid order"},
		{"deviation", []int{2, 4, 0, 3, 1}, "smallest first, NaN last"},
		{"-deviation", []int{3, 0, 2, 4, 1}, "reversed, NaN still last"},
		{"mean_density", []int{4, 0, 3, 2, 1}, "densest first"},
		{"-mean_density", []int{2, 3, 0, 4, 1}, "sparsest first"},
		{"clearance,validity", []int{1, 2, 3, 4, 0}, "all clearances NaN: validity decides"},
	}
	for _, tt := range tests {
		o, err := ParseObjective(tt.objective)
		if err != nil {
			t.Fatal(err)
		}
		if got := r.Rank(o); !slices.Equal(got, tt.want) {
			t.Errorf("rank by %s = %v, want %v (%s)", tt.objective, got, tt.want, tt.reason)
		}
	}
}

// TestRankTimeWithinSpread checks that times closer than their measured
// spread rank equal, so that the next criterion decides, while a time
// beyond the spread still wins.
func TestRankTimeWithinSpread(t *testing.T) {
	m := func(time, spread, deviation float64) Metrics {
		return Metrics{Validity: 1, MedianTimeMS: time, TimeSpreadMS: spread, EdgeDeviation: deviation}
	}
	tests := []struct {
		name   string
		cells  []Metrics
		want   []int
		reason string
	}{
		{"noise", []Metrics{m(10.4, 1, 0.3), m(10, 1, 0.2), m(10.9, 1, 0.1)}, []int{2, 1, 0},
			"10, 10.4 and 10.9 are within a spread of 1 of each other: deviation decides"},
		{"beyond the spread", []Metrics{m(10, 1, 0.3), m(20, 1, 0.1), m(10.5, 1, 0.2)}, []int{2, 0, 1},
			"20 is 9.5 beyond the spread: slower whatever its deviation"},
		{"the larger spread counts", []Metrics{m(12, 0.5, 0.1), m(10, 3, 0.2)}, []int{0, 1},
			"a cell measured with a spread of 3 cannot claim to be faster by 2"},
		{"untimed last", []Metrics{m(math.NaN(), math.NaN(), 0.1), m(10, 1, 0.2)}, []int{1, 0},
			"a cell without a time ranks after any timed one"},
	}
	o, err := ParseObjective("validity,time,deviation")
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range tests {
		r := &Result{}
		for i, c := range tt.cells {
			r.Cells = append(r.Cells, Cell{Index: i, Metrics: c})
		}
		if got := r.Rank(o); !slices.Equal(got, tt.want) {
			t.Errorf("%s: rank = %v, want %v (%s)", tt.name, got, tt.want, tt.reason)
		}
	}
}

// TestDefaultObjective checks that the default ranks by validity and then
// the geometry criteria, and leaves time out.
func TestDefaultObjective(t *testing.T) {
	o, err := ParseObjective(DefaultObjective)
	if err != nil {
		t.Fatal(err)
	}
	if o[0].Name != "validity" || len(o) != 1+len(GeometryCriteria) {
		t.Errorf("default objective %s: want validity then %v", o, GeometryCriteria)
	}
	for _, c := range o {
		if c.Name == "time" {
			t.Errorf("default objective %s ranks by time, which depends on the machine", o)
		}
	}
}

// quadsLoader loads quads with the cell's overrides.
func quadsLoader(ovs []rulesets.Override) (*rulesets.Ruleset, error) {
	return rulesets.Loader{Overrides: ovs}.Bundled("quads")
}

func grid(t *testing.T, specs ...string) []Vary {
	t.Helper()
	var vs []Vary
	for _, s := range specs {
		v, err := ParseVary(s)
		if err != nil {
			t.Fatal(err)
		}
		vs = append(vs, v)
	}
	return vs
}

// TestRunGrid runs a 2 × 2 grid over quads and checks the CSV, the ranking
// and that the best cell's --set flags reproduce its metrics.
func TestRunGrid(t *testing.T) {
	vs := grid(t, "relax.repulsion=0.02:0.1:2", "layout.max_delta=0.25,0.5")
	seeds := []uint64{1, 2, 3, 4, 5}
	res, err := Run(context.Background(), vs, seeds, quadsLoader, Options{Workers: 2, Clock: time.Now})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Cells) != 4 || res.Seeds != "1..5" {
		t.Fatalf("%d cells, seeds %q; want 4, 1..5", len(res.Cells), res.Seeds)
	}
	for _, c := range res.Cells {
		m := c.Metrics
		if m.Levels != 5 || m.Valid > 5 || m.FirstAttempt > m.Valid || m.Validity != float64(m.FirstAttempt)/5 || m.MeanAttempts < 1 || !(m.MedianTimeMS > 0) {
			t.Errorf("cell %d: %+v", c.Index, m)
		}
	}
	obj, _ := ParseObjective("validity,deviation")
	order := res.Rank(obj)
	for k := 1; k < len(order); k++ {
		a, b := res.Cells[order[k-1]].Metrics, res.Cells[order[k]].Metrics
		if a.Validity < b.Validity || a.Validity == b.Validity && a.EdgeDeviation > b.EdgeDeviation {
			t.Errorf("rank %d (%+v) is better than rank %d (%+v)", k+1, b, k, a)
		}
	}

	var buf bytes.Buffer
	if err := res.WriteCSV(&buf, order); err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(&buf).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	wantHead := []string{"rank", "relax.repulsion", "layout.max_delta", "levels", "valid", "first_attempt", "validity", "mean_attempts", "median_ms", "edge_deviation", "min_clearance", "mean_density", "stretch", "max_tail", "max_worst", "min_density"}
	if len(rows) != 5 || !slices.Equal(rows[0], wantHead) {
		t.Fatalf("CSV: %d rows, header %q; want 5 rows, header %q", len(rows), rows[0], wantHead)
	}
	wantCells := [][2]string{{"0.02", "0.25"}, {"0.02", "0.5"}, {"0.1", "0.25"}, {"0.1", "0.5"}}
	var ranks []int
	for i, row := range rows[1:] {
		if row[1] != wantCells[i][0] || row[2] != wantCells[i][1] {
			t.Errorf("CSV row %d: %q, want the cell %v in grid order", i+1, row, wantCells[i])
		}
		rank, _ := strconv.Atoi(row[0])
		ranks = append(ranks, rank)
		m := res.Cells[i].Metrics
		if row[9] != formatNumber(m.EdgeDeviation) || row[3] != "5" {
			t.Errorf("CSV row %d: %q does not hold the cell's metrics %+v", i+1, row, m)
		}
		if order[rank-1] != i {
			t.Errorf("CSV row %d has rank %d, but rank %d is cell %d", i+1, rank, rank, order[rank-1])
		}
	}
	slices.Sort(ranks)
	if !slices.Equal(ranks, []int{1, 2, 3, 4}) {
		t.Errorf("ranks %v, want 1 to 4", ranks)
	}

	// The best cell's flags, read back as --set reads them, give its
	// metrics again.
	best := res.Cells[order[0]]
	var ovs []rulesets.Override
	fields := strings.Fields(best.SetFlags())
	for i := 0; i < len(fields); i += 2 {
		if fields[i] != "--set" {
			t.Fatalf("SetFlags %q: %q is not --set", best.SetFlags(), fields[i])
		}
		o, err := rulesets.ParseOverride(fields[i+1])
		if err != nil {
			t.Fatal(err)
		}
		ovs = append(ovs, o)
	}
	if !slices.Equal(ovs, best.Overrides) {
		t.Fatalf("SetFlags %q reads back as %v, want %v", best.SetFlags(), ovs, best.Overrides)
	}
	rs, err := quadsLoader(ovs)
	if err != nil {
		t.Fatal(err)
	}
	samples, err := stats.Generate(context.Background(), rs, seeds, stats.Options{Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	again := MetricsOf(stats.Summarize(stats.Series{Samples: samples}))
	again.MedianTimeMS = best.Metrics.MedianTimeMS
	if !sameMetrics(again, best.Metrics) {
		t.Errorf("the best cell's flags give\n%+v\nwant\n%+v", again, best.Metrics)
	}
}

// sameMetrics compares metrics, NaN equal to NaN.
func sameMetrics(a, b Metrics) bool {
	eq := func(x, y float64) bool { return x == y || math.IsNaN(x) && math.IsNaN(y) }
	return a.Levels == b.Levels && a.Valid == b.Valid && a.FirstAttempt == b.FirstAttempt &&
		eq(a.Validity, b.Validity) && eq(a.MeanAttempts, b.MeanAttempts) && eq(a.MedianTimeMS, b.MedianTimeMS) &&
		eq(a.EdgeDeviation, b.EdgeDeviation) && eq(a.Clearance, b.Clearance) && eq(a.MeanDensity, b.MeanDensity)
}

func TestRunDeterministic(t *testing.T) {
	vs := grid(t, "build.max_vertices=8,12,16")
	seeds := []uint64{1, 2, 3}
	var results []*Result
	for _, workers := range []int{1, 3} {
		res, err := Run(context.Background(), vs, seeds, func(ovs []rulesets.Override) (*rulesets.Ruleset, error) {
			return rulesets.Loader{Overrides: ovs}.Bundled("tree")
		}, Options{Workers: workers})
		if err != nil {
			t.Fatal(err)
		}
		for i := range res.Cells {
			res.Cells[i].Metrics.MedianTimeMS = 0
		}
		results = append(results, res)
	}
	for i := range results[0].Cells {
		a, b := results[0].Cells[i].Metrics, results[1].Cells[i].Metrics
		if !sameMetrics(a, b) {
			t.Errorf("cell %d: 1 worker %+v, 3 workers %+v", i, a, b)
		}
	}
	// More vertices allowed, fewer compact levels: the metric does vary.
	if results[0].Cells[0].Metrics.MeanDensity == results[0].Cells[2].Metrics.MeanDensity {
		t.Errorf("mean density is the same for 8 and 16 vertices: %v", results[0].Cells[0].Metrics.MeanDensity)
	}
}

func TestRunErrors(t *testing.T) {
	seeds := []uint64{1}
	// A combination that loads in neither order: min above max.
	vs := grid(t, "build.min_vertices=5,50", "build.max_vertices=10,40")
	_, err := Run(context.Background(), vs, seeds, quadsLoader, Options{})
	var ce *CellError
	if !errors.As(err, &ce) {
		t.Fatalf("error %v, want a *CellError", err)
	}
	if got := describeCell(ce.Overrides); got != "build.min_vertices=50 build.max_vertices=10" {
		t.Errorf("the failing cell is %s, want the first in grid order", got)
	}
	var list rulesets.ErrorList
	if !errors.As(err, &list) {
		t.Errorf("error %v does not wrap the loader's ErrorList", err)
	}

	if _, err := Run(context.Background(), vs, nil, quadsLoader, Options{}); err == nil {
		t.Error("no seeds: no error")
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Run(ctx, grid(t, "relax.repulsion=0.1"), seeds, quadsLoader, Options{}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v, want context.Canceled", err)
	}
}

func TestFailuresCountAgainstValidity(t *testing.T) {
	vs := grid(t, "build.min_vertices=1,200")
	res, err := Run(context.Background(), vs, []uint64{1, 2}, func(ovs []rulesets.Override) (*rulesets.Ruleset, error) {
		return rulesets.Loader{Overrides: append(ovs, rulesets.Override{Key: "build.max_vertices", Value: "200"}, rulesets.Override{Key: "build.attempts", Value: "2"})}.Bundled("default")
	}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	bad := res.Cells[1].Metrics
	if bad.Valid != 0 || bad.Validity != 0 || bad.MeanAttempts != 2 || !math.IsNaN(bad.EdgeDeviation) || !math.IsNaN(bad.MeanDensity) {
		t.Errorf("a cell where every seed fails: %+v; want validity 0, 2 attempts, NaN measures", bad)
	}
	o, _ := ParseObjective("deviation")
	if order := res.Rank(o); order[0] != 0 {
		t.Errorf("rank by deviation: %v, want the cell with levels first", order)
	}
	var buf bytes.Buffer
	if err := res.WriteCSV(&buf, res.Rank(o)); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(buf.String(), "\n2,200,2,0,0,0,2,") || !strings.HasSuffix(buf.String(), ",,,\n") {
		t.Errorf("CSV of a failing cell:\n%s", buf.String())
	}
}
