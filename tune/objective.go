package tune

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strings"
)

// DefaultObjective ranks by first-attempt validity, then median time.
const DefaultObjective = "validity,time"

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
	{"compactness", true, func(m Metrics) float64 { return m.Compactness }, "mean compactness, larger (denser) first"},
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
// "deviation", "-compactness" (sparser first).
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
// tell them apart; a criterion ParseObjective would refuse is ignored. A NaN metric (nothing to measure) is worse than any
// number whichever the direction.
func (o Objective) Compare(a, b Metrics) int {
	for _, c := range o {
		cr, ok := criterionByName(c.Name)
		if !ok {
			continue // not from ParseObjective: a criterion it would refuse ranks nothing
		}
		x, y := cr.get(a), cr.get(b)
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

// Rank returns the indices of r's cells, best first.
func (r *Result) Rank(o Objective) []int {
	order := make([]int, len(r.Cells))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(i, j int) int { return o.Compare(r.Cells[i].Metrics, r.Cells[j].Metrics) })
	return order
}
