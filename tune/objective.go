package tune

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strings"
)

// GeometryCriteria are the criteria of the levels' geometry that the
// default objective ranks by after validity, in order. A criterion added to
// criteria joins the default objective by being listed here.
var GeometryCriteria = []string{"deviation", "clearance"}

// DefaultObjective ranks by first-attempt validity, then by the geometry
// criteria: the same on every machine, since it leaves out time.
var DefaultObjective = strings.Join(append([]string{"validity"}, GeometryCriteria...), ",")

// Criterion is one metric of an Objective and which way is better.
type Criterion struct {
	// Name is one of Criteria's names.
	Name string
	// Reverse flips the metric's natural direction.
	Reverse bool
}

// Objective ranks cells: by its first criterion, ties broken by the next,
// and so on; cells equal in all go in grid order.
type Objective []Criterion

// criterion is a metric an objective can rank by.
type criterion struct {
	name string
	// higher: a larger value is better.
	higher bool
	get    func(m Metrics) float64
	doc    string
}

var criteria = []criterion{
	{"validity", true, func(m Metrics) float64 { return m.Validity }, "share of seeds valid on the first attempt, higher first"},
	{"valid", true, func(m Metrics) float64 { return float64(m.Valid) }, "seeds valid within the attempts, more first"},
	{"attempts", false, func(m Metrics) float64 { return m.MeanAttempts }, "mean attempts, fewer first"},
	{"time", false, func(m Metrics) float64 { return m.MedianTimeMS }, "median time per level, faster first"},
	{"deviation", false, func(m Metrics) float64 { return m.EdgeDeviation }, "mean edge-length deviation, smaller first"},
	{"clearance", true, func(m Metrics) float64 { return m.Clearance }, "minimum clearance, larger first"},
	{"mean_density", true, func(m Metrics) float64 { return m.MeanDensity }, "mean density (room area over bounding box), larger first"},
	{"stretch", false, func(m Metrics) float64 { return m.Stretch }, "mean stretch (median corridor in room extents), smaller first"},
	{"tail", false, func(m Metrics) float64 { return m.Tail }, "largest tail (p99 over median corridor), smaller first"},
	{"worst", false, func(m Metrics) float64 { return m.Worst }, "largest worst corridor in room extents, smaller first"},
	{"density", true, func(m Metrics) float64 { return m.Density }, "smallest density (room area over bounding box), larger first"},
}

// Criteria describes the names an objective may use: "name: meaning".
func Criteria() []string {
	out := make([]string, len(criteria))
	for i, c := range criteria {
		out[i] = c.name + ": " + c.doc
	}
	return out
}

func criterionByName(name string) (criterion, bool) {
	for _, c := range criteria {
		if c.name == name {
			return c, true
		}
	}
	return criterion{}, false
}

// ParseObjective parses comma-separated criterion names, each optionally
// prefixed with "-" to reverse its direction: "validity,time",
// "deviation", "-mean_density" (sparser first).
func ParseObjective(s string) (Objective, error) {
	var names []string
	for _, c := range criteria {
		names = append(names, c.name)
	}
	var o Objective
	for i, part := range strings.Split(s, ",") {
		part = strings.TrimSpace(part)
		c := Criterion{Name: part}
		if rest, ok := strings.CutPrefix(part, "-"); ok {
			c = Criterion{Name: strings.TrimSpace(rest), Reverse: true}
		}
		if c.Name == "" {
			return nil, fmt.Errorf("tune: objective %q: criterion %d is empty; want names from %s", s, i+1, strings.Join(names, ", "))
		}
		if now, ok := renamed[c.Name]; ok {
			was := part
			if c.Reverse {
				now = "-" + now
			}
			return nil, fmt.Errorf("tune: objective %q: %q is now %q", s, was, now)
		}
		if _, ok := criterionByName(c.Name); !ok {
			return nil, fmt.Errorf("tune: objective %q: unknown criterion %q; want names from %s", s, c.Name, strings.Join(names, ", "))
		}
		for _, d := range o {
			if d.Name == c.Name {
				return nil, fmt.Errorf("tune: objective %q: %s is listed twice", s, c.Name)
			}
		}
		o = append(o, c)
	}
	return o, nil
}

// renamed maps a criterion's former name to its name.
var renamed = map[string]string{"compactness": "mean_density"}

// String returns o in ParseObjective's syntax.
func (o Objective) String() string {
	parts := make([]string, len(o))
	for i, c := range o {
		parts[i] = c.Name
		if c.Reverse {
			parts[i] = "-" + c.Name
		}
	}
	return strings.Join(parts, ",")
}

// Compare returns -1 if a is better than b, +1 if worse, 0 if o cannot
// tell them apart; a criterion ParseObjective would refuse is ignored. A
// NaN metric (nothing to measure) is worse than any number whichever the
// direction. Times compare as they are here; Rank compares them only
// beyond their measured spread.
func (o Objective) Compare(a, b Metrics) int {
	return o.compare(a, b, false)
}

// compare is Compare, with time compared by the cells' time classes when
// classes is set.
func (o Objective) compare(a, b Metrics, classes bool) int {
	for _, c := range o {
		cr, ok := criterionByName(c.Name)
		if !ok {
			continue // not from ParseObjective: a criterion it would refuse ranks nothing
		}
		x, y := cr.get(a), cr.get(b)
		if c.Name == "time" && classes {
			x, y = a.timeClass, b.timeClass
		}
		switch nx, ny := math.IsNaN(x), math.IsNaN(y); {
		case nx && ny:
			continue
		case nx:
			return 1
		case ny:
			return -1
		}
		r := cmp.Compare(x, y)
		if cr.higher != c.Reverse {
			r = -r
		}
		if r != 0 {
			return r
		}
	}
	return 0
}

// Rank returns the indices of r's cells, best first. Time ranks by classes
// of cells whose median times are within their measured spread of each
// other (see timeClasses), so that timing noise never decides.
func (r *Result) Rank(o Objective) []int {
	timeClasses(r.Cells)
	order := make([]int, len(r.Cells))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(i, j int) int { return o.compare(r.Cells[i].Metrics, r.Cells[j].Metrics, true) })
	return order
}

// timeClasses sets each cell's time class: the cells sorted by median time
// are cut wherever the next median is more than the larger of the two
// cells' spreads (p95 − median) above the last, and each run between cuts
// is one class, numbered from the fastest. Within a class the times are
// indistinguishable from noise; a cell without a time gets NaN.
func timeClasses(cells []Cell) {
	var timed []int
	for i := range cells {
		cells[i].Metrics.timeClass = math.NaN()
		if !math.IsNaN(cells[i].Metrics.MedianTimeMS) {
			timed = append(timed, i)
		}
	}
	slices.SortStableFunc(timed, func(i, j int) int {
		return cmp.Compare(cells[i].Metrics.MedianTimeMS, cells[j].Metrics.MedianTimeMS)
	})
	class := 0
	for k, i := range timed {
		if k > 0 {
			a, b := cells[timed[k-1]].Metrics, cells[i].Metrics
			if b.MedianTimeMS-a.MedianTimeMS > max(a.TimeSpreadMS, b.TimeSpreadMS) {
				class++
			}
		}
		cells[i].Metrics.timeClass = float64(class)
	}
}
