package stats

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
)

// Series is a sample set to analyze: the levels of one ruleset and
// parameter set, and a label that names it in tables and legends.
type Series struct {
	Label   string
	Samples []Sample
}

// Report summarizes one or more series. Its histograms and heatmaps have
// one bin layout for all series, so that two series can be drawn over one
// another. It encodes as JSON with its keys in the order of its fields.
type Report struct {
	Sets       []Set       `json:"sets"`
	Histograms []Histogram `json:"histograms"`
	Heatmaps   []Heatmap   `json:"heatmaps"`
}

// Set summarizes one series.
type Set struct {
	Label string `json:"label"`
	// Seeds lists the seeds, as ranges: "1..100,200".
	Seeds string `json:"seeds"`
	// Levels counts the seeds, Valid those with a level, FirstAttempt
	// those whose level came from the first attempt.
	Levels       int `json:"levels"`
	Valid        int `json:"valid"`
	FirstAttempt int `json:"first_attempt"`
	// Metrics are the distributions of the metrics, in the order of
	// MetricNames.
	Metrics []Dist `json:"metrics"`
	// Tags and Rules are sorted by name.
	Tags  []Use `json:"tags"`
	Rules []Use `json:"rules"`
	// Time is the time per level; nil when no sample was timed.
	Time *Time `json:"time"`
}

// Dist is the distribution of a metric over a series. With N 0 (no value:
// every seed failed) the other fields are 0.
type Dist struct {
	Metric string  `json:"metric"`
	N      int     `json:"n"`
	Min    float64 `json:"min"`
	// Median is the middle value, or the mean of the two middle values.
	Median float64 `json:"median"`
	Mean   float64 `json:"mean"`
	// P95 is the 95th percentile by nearest rank: the smallest value with
	// at least 95% of the values at or below it.
	P95 float64 `json:"p95"`
	Max float64 `json:"max"`
}

// Use is how a tag (rooms with it) or a rule (its applications) occurs
// over the valid levels of a series.
type Use struct {
	Name string `json:"name"`
	// Levels counts the levels where it occurs at least once.
	Levels int `json:"levels"`
	// Total is its count over all levels, and Mean Total / valid levels.
	Total int     `json:"total"`
	Mean  float64 `json:"mean"`
}

// Time is the time per level, in milliseconds, over the N timed samples.
type Time struct {
	N        int     `json:"n"`
	MedianMS float64 `json:"median_ms"`
	P95MS    float64 `json:"p95_ms"`
}

// Histogram counts a metric's values in bins shared by every series.
type Histogram struct {
	Metric string `json:"metric"`
	// Integer metrics have bins of whole numbers: Lo ≤ v < Hi holds Lo
	// through Hi−1.
	Integer bool  `json:"integer"`
	Bins    []Bin `json:"bins"`
}

// Bin is the range Lo ≤ v < Hi (the last bin includes Hi) and how many
// values of each series fall in it.
type Bin struct {
	Lo     float64 `json:"lo"`
	Hi     float64 `json:"hi"`
	Counts []int   `json:"counts"`
}

// Heatmap counts levels by two metrics: an expressive-range map.
type Heatmap struct {
	X string `json:"x"`
	Y string `json:"y"`
	// XInteger and YInteger are Histogram.Integer of each axis.
	XInteger bool    `json:"x_integer"`
	YInteger bool    `json:"y_integer"`
	XBins    []Range `json:"x_bins"`
	YBins    []Range `json:"y_bins"`
	// Counts[s][y][x] counts the levels of series s in YBins[y] ×
	// XBins[x].
	Counts [][][]int `json:"counts"`
}

// Range is a bin's Lo ≤ v < Hi.
type Range struct {
	Lo float64 `json:"lo"`
	Hi float64 `json:"hi"`
}

// kind is how a metric's values are binned.
type kind int

const (
	kindInt   kind = iota // whole numbers: bins of whole numbers
	kindRatio             // 0 to 1: ten bins of 0.1
	kindReal              // anything: twenty bins between min and max
)

// metric is a measure of a level and how to read it from a sample.
type metric struct {
	name string
	kind kind
	// all: failed samples have a value too.
	all bool
	// locks: only levels with a walkthrough (Sample.Locked) have a value,
	// and a report whose series have none leaves the metric out.
	locks  bool
	values func(s *Sample, add func(float64))
}

func one(f func(s *Sample) float64) func(*Sample, func(float64)) {
	return func(s *Sample, add func(float64)) { add(f(s)) }
}

var metrics = []metric{
	{name: "rooms", values: one(func(s *Sample) float64 { return float64(s.Rooms) })},
	{name: "corridors", values: one(func(s *Sample) float64 { return float64(s.Corridors) })},
	{name: "cycles", values: one(func(s *Sample) float64 { return float64(s.Cycles) })},
	{name: "valence", values: func(s *Sample, add func(float64)) {
		for k, n := range s.Valence {
			for range n {
				add(float64(k))
			}
		}
	}},
	{name: "diameter", values: one(func(s *Sample) float64 { return float64(s.Diameter) })},
	{name: "critical_path_rooms", values: one(func(s *Sample) float64 { return float64(s.CriticalPathRooms) })},
	{name: "critical_path_length", kind: kindReal, values: one(func(s *Sample) float64 { return s.CriticalPathLength })},
	{name: "linearity", kind: kindRatio, values: one(func(s *Sample) float64 { return s.Linearity })},
	{name: "dead_ends", values: one(func(s *Sample) float64 { return float64(s.DeadEnds) })},
	{name: "dead_end_ratio", kind: kindRatio, values: one(func(s *Sample) float64 { return s.DeadEndRatio })},
	{name: "attempts", all: true, values: one(func(s *Sample) float64 { return float64(s.Attempts) })},
	{name: "edge_deviation", kind: kindReal, values: one(func(s *Sample) float64 { return s.EdgeDeviation })},
	{name: "stretch", kind: kindReal, values: one(func(s *Sample) float64 { return s.Stretch })},
	{name: "tail", kind: kindReal, values: one(func(s *Sample) float64 { return s.Tail })},
	{name: "worst", kind: kindReal, values: one(func(s *Sample) float64 { return s.Worst })},
	{name: "clearance", kind: kindReal, values: func(s *Sample, add func(float64)) {
		if !math.IsInf(s.Clearance, 1) {
			add(s.Clearance)
		}
	}},
	{name: "density", kind: kindReal, values: one(func(s *Sample) float64 { return s.Density })},
	{name: "solvable", kind: kindRatio, locks: true, values: one(func(s *Sample) float64 {
		if s.Solvable {
			return 1
		}
		return 0
	})},
	{name: "walk_steps", locks: true, values: one(func(s *Sample) float64 { return float64(s.WalkSteps) })},
	{name: "backtracking", locks: true, values: one(func(s *Sample) float64 { return float64(s.Backtracking) })},
	{name: "essential_locks", locks: true, values: one(func(s *Sample) float64 { return float64(s.EssentialLocks) })},
	{name: "unsolvable_attempts", locks: true, values: one(func(s *Sample) float64 { return float64(s.UnsolvableAttempts) })},
}

// locked reports whether a sample of the series has a walkthrough.
func locked(series ...Series) bool {
	for _, s := range series {
		if slices.ContainsFunc(s.Samples, func(sm Sample) bool { return sm.Locked }) {
			return true
		}
	}
	return false
}

// heatmaps are the pairs of metrics of the expressive-range maps, x then y.
var heatmaps = [][2]string{{"rooms", "linearity"}, {"cycles", "dead_ends"}}

// MetricNames returns the names of the metrics of Set.Metrics and of the
// histograms, in their order. The last five, solvable, walk_steps,
// backtracking, essential_locks and unsolvable_attempts, measure
// walkthroughs: a report of levels without locks leaves them out.
func MetricNames() []string {
	out := make([]string, len(metrics))
	for i, m := range metrics {
		out[i] = m.name
	}
	return out
}

func metricByName(name string) (metric, bool) {
	for _, m := range metrics {
		if m.name == name {
			return m, true
		}
	}
	return metric{}, false
}

// valuesOf returns the values of m over the samples, in sample order.
func valuesOf(m metric, samples []Sample) []float64 {
	var out []float64
	for i := range samples {
		if m.locks && !samples[i].Locked {
			continue
		}
		if samples[i].Valid || m.all {
			m.values(&samples[i], func(v float64) { out = append(out, v) })
		}
	}
	return out
}

// Analyze summarizes the series.
func Analyze(series ...Series) *Report {
	r := &Report{Sets: make([]Set, len(series))}
	for i, s := range series {
		r.Sets[i] = Summarize(s)
	}
	bins := map[string]binning{}
	withLocks := locked(series...)
	for _, m := range metrics {
		if m.locks && !withLocks {
			continue
		}
		vals := make([][]float64, len(series))
		for i, s := range series {
			vals[i] = valuesOf(m, s.Samples)
		}
		b := newBinning(m.kind, vals)
		bins[m.name] = b
		h := Histogram{Metric: m.name, Integer: m.kind == kindInt, Bins: make([]Bin, b.n)}
		for j := range h.Bins {
			lo, hi := b.edges(j)
			h.Bins[j] = Bin{Lo: lo, Hi: hi, Counts: make([]int, len(series))}
		}
		for i, vs := range vals {
			for _, v := range vs {
				h.Bins[b.index(v)].Counts[i]++
			}
		}
		r.Histograms = append(r.Histograms, h)
	}
	for _, xy := range heatmaps {
		mx, okX := metricByName(xy[0])
		my, okY := metricByName(xy[1])
		if !okX || !okY {
			continue // the heatmaps name fixed metrics; a typo there shows as a missing plot in the tests
		}
		bx, by := bins[mx.name], bins[my.name]
		hm := Heatmap{X: mx.name, Y: my.name, XInteger: mx.kind == kindInt, YInteger: my.kind == kindInt,
			XBins: bx.ranges(), YBins: by.ranges(), Counts: make([][][]int, len(series))}
		for i, s := range series {
			c := make([][]int, by.n)
			for y := range c {
				c[y] = make([]int, bx.n)
			}
			for k := range s.Samples {
				if !s.Samples[k].Valid {
					continue
				}
				var x, y float64
				mx.values(&s.Samples[k], func(v float64) { x = v })
				my.values(&s.Samples[k], func(v float64) { y = v })
				c[by.index(y)][bx.index(x)]++
			}
			hm.Counts[i] = c
		}
		r.Heatmaps = append(r.Heatmaps, hm)
	}
	return r
}

// Summarize summarizes one series: Analyze without the histograms and
// heatmaps.
func Summarize(s Series) Set {
	set := Set{Label: s.Label, Levels: len(s.Samples)}
	seeds := make([]uint64, len(s.Samples))
	var times []float64
	tags, rules := map[string]*Use{}, map[string]*Use{}
	for i := range s.Samples {
		sm := &s.Samples[i]
		seeds[i] = sm.Seed
		if sm.Timed {
			times = append(times, float64(sm.Time.Nanoseconds())/1e6)
		}
		if !sm.Valid {
			continue
		}
		set.Valid++
		if sm.Attempt == 0 {
			set.FirstAttempt++
		}
		count(tags, sm.Tags)
		count(rules, sm.Rules)
	}
	set.Seeds = SeedList(seeds)
	withLocks := locked(s)
	for _, m := range metrics {
		if !m.locks || withLocks {
			set.Metrics = append(set.Metrics, distOf(m.name, valuesOf(m, s.Samples)))
		}
	}
	set.Tags = uses(tags, set.Valid)
	set.Rules = uses(rules, set.Valid)
	if len(times) > 0 {
		slices.Sort(times)
		set.Time = &Time{N: len(times), MedianMS: median(times), P95MS: p95(times)}
	}
	return set
}

// Metric returns the distribution of the metric name (one of
// MetricNames), or a Dist with N 0 if s has none of that name.
func (s Set) Metric(name string) Dist {
	for _, d := range s.Metrics {
		if d.Metric == name {
			return d
		}
	}
	return Dist{Metric: name}
}

func count(m map[string]*Use, cs []Count) {
	for _, c := range cs {
		u := m[c.Name]
		if u == nil {
			u = &Use{Name: c.Name}
			m[c.Name] = u
		}
		u.Total += c.N
		if c.N > 0 {
			u.Levels++
		}
	}
}

func uses(m map[string]*Use, valid int) []Use {
	out := make([]Use, 0, len(m))
	for _, u := range m {
		if valid > 0 {
			u.Mean = float64(u.Total) / float64(valid)
		}
		out = append(out, *u)
	}
	slices.SortFunc(out, func(a, b Use) int { return strings.Compare(a.Name, b.Name) })
	return out
}

func distOf(name string, vals []float64) Dist {
	d := Dist{Metric: name, N: len(vals)}
	if len(vals) == 0 {
		return d
	}
	vals = slices.Clone(vals)
	slices.Sort(vals)
	var sum float64
	for _, v := range vals {
		sum += v
	}
	d.Min, d.Max = vals[0], vals[len(vals)-1]
	d.Mean = sum / float64(len(vals))
	d.Median, d.P95 = median(vals), p95(vals)
	return d
}

// median of sorted values.
func median(v []float64) float64 {
	n := len(v)
	if n%2 == 1 {
		return v[n/2]
	}
	return (v[n/2-1] + v[n/2]) / 2
}

// p95 of sorted values, by nearest rank: v[ceil(0.95 n) − 1].
func p95(v []float64) float64 {
	return v[(95*len(v)+99)/100-1]
}

// SeedList writes seeds as ParseSeeds' ranges, in ascending order:
// "1..5,7".
func SeedList(seeds []uint64) string {
	seeds = slices.Clone(seeds)
	slices.Sort(seeds)
	seeds = slices.Compact(seeds)
	var b strings.Builder
	for i := 0; i < len(seeds); {
		j := i
		for j+1 < len(seeds) && seeds[j+1] == seeds[j]+1 {
			j++
		}
		if b.Len() > 0 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.FormatUint(seeds[i], 10))
		if j > i {
			b.WriteString("..")
			b.WriteString(strconv.FormatUint(seeds[j], 10))
		}
		i = j + 1
	}
	return b.String()
}

// binning is a layout of n bins from lo to hi.
type binning struct {
	kind   kind
	lo, hi float64
	n      int
	width  int // integer bins: whole numbers per bin
}

// Bin counts: at most maxUnitBins bins of one whole number each, else
// about intBins wider ones; realBins for real metrics.
const (
	maxUnitBins = 40
	intBins     = 20
	realBins    = 20
	ratioBins   = 10
)

func newBinning(k kind, vals [][]float64) binning {
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, vs := range vals {
		for _, v := range vs {
			lo, hi = min(lo, v), max(hi, v)
		}
	}
	b := binning{kind: k}
	switch {
	case k == kindRatio:
		b.lo, b.hi, b.n = 0, 1, ratioBins
	case lo > hi: // no values
	case k == kindInt:
		span := int(hi-lo) + 1
		b.width = 1
		if span > maxUnitBins {
			b.width = (span + intBins - 1) / intBins
		}
		b.n = (span + b.width - 1) / b.width
		b.lo = lo
		b.hi = lo + float64(b.n*b.width)
	default:
		b.lo, b.hi, b.n = lo, hi, realBins
		if hi == lo {
			b.hi, b.n = lo+1, 1
		}
	}
	return b
}

// index is the bin of v.
func (b binning) index(v float64) int {
	var i int
	if b.kind == kindInt {
		i = int(v-b.lo) / b.width
	} else {
		i = int(float64(v-b.lo) * float64(b.n) / float64(b.hi-b.lo))
	}
	return min(max(i, 0), b.n-1)
}

// edges returns bin i's lo and hi.
func (b binning) edges(i int) (float64, float64) {
	if b.kind == kindInt {
		return b.lo + float64(i*b.width), b.lo + float64((i+1)*b.width)
	}
	span := b.hi - b.lo
	lo := b.lo + float64(i)*span/float64(b.n)
	hi := b.lo + float64(i+1)*span/float64(b.n)
	if i == b.n-1 {
		hi = b.hi
	}
	return lo, hi
}

func (b binning) ranges() []Range {
	out := make([]Range, b.n)
	for i := range out {
		out[i].Lo, out[i].Hi = b.edges(i)
	}
	return out
}

// WriteJSON writes r as indented JSON with a final newline.
func (r *Report) WriteJSON(w io.Writer) error {
	b, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		return fmt.Errorf("stats: %w", err)
	}
	_, err = w.Write(append(b, '\n'))
	return err
}
