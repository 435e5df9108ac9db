package tune

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/dungraph/dungraph/rulesets"
)

// MaxCells caps the number of cells of a grid.
const MaxCells = 10000

// Vary is a parameter and the values a grid gives it.
type Vary struct {
	// Key is a key path as --set takes it (rulesets.Keys).
	Key string
	// Values are the values, as --set takes them, in order.
	Values []string
}

// String returns the Vary as "key=v1,v2,...".
func (v Vary) String() string { return v.Key + "=" + strings.Join(v.Values, ",") }

// VaryError is a malformed --vary.
type VaryError struct {
	Input string
	Msg   string
}

func (e *VaryError) Error() string { return "tune: vary " + strconv.Quote(e.Input) + ": " + e.Msg }

// ParseVary parses "key=lo:hi:n" or "key=v1,v2,...".
//
// lo:hi:n is n evenly spaced numbers from lo to hi, both included: value i
// (from 0) is lo + i*(hi-lo)/(n-1), computed with + - * / only, so it is
// the same on every platform; the first is lo and the last hi exactly. n
// is 1 only when lo is hi. The values between are rounded to the grid's
// precision (gridScale): two significant digits of the step, and at least
// the decimals of lo and hi, so that 0.01:0.2:8 gives 0.01, 0.037, 0.064,
// ..., 0.2, values a user can read and type. Values are written in decimal
// ("0.1", "10"), so a whole number suits an integer parameter.
//
// A list is taken as is, each value trimmed of spaces: numbers, booleans or
// strings (layout.spring=log,hooke). A value may not be listed twice.
//
// The key is not checked here: loading the ruleset checks keys and values,
// as for --set.
func ParseVary(s string) (Vary, error) {
	fail := func(format string, args ...any) (Vary, error) {
		return Vary{}, &VaryError{Input: s, Msg: fmt.Sprintf(format, args...)}
	}
	key, spec, ok := strings.Cut(s, "=")
	key, spec = strings.TrimSpace(key), strings.TrimSpace(spec)
	if !ok || key == "" {
		return fail("want key=lo:hi:n or key=v1,v2,..., for example relax.repulsion=0.01:0.2:8")
	}
	if strings.ContainsAny(key, " \t") {
		return fail("the key %q holds a space", key)
	}
	if spec == "" {
		return fail("no values after %q", key+"=")
	}
	v := Vary{Key: key}
	if strings.Contains(spec, ":") {
		parts := strings.Split(spec, ":")
		if len(parts) != 3 {
			return fail("a range is lo:hi:n, with three parts, not %d", len(parts))
		}
		lo, err := parseNumber(parts[0])
		if err != "" {
			return fail("lo: %s", err)
		}
		hi, err := parseNumber(parts[1])
		if err != "" {
			return fail("hi: %s", err)
		}
		n, perr := strconv.Atoi(strings.TrimSpace(parts[2]))
		switch {
		case perr != nil:
			return fail("n: %q is not a whole number", strings.TrimSpace(parts[2]))
		case n < 1:
			return fail("n is %d: want at least 1 value", n)
		case n > MaxCells:
			return fail("n is %d: a grid has at most %d cells", n, MaxCells)
		case n == 1 && lo != hi:
			return fail("n is 1 but lo %s and hi %s differ: want n of at least 2 to span them", formatNumber(lo), formatNumber(hi))
		case n > 1 && lo == hi:
			return fail("lo and hi are both %s: %d equal values", formatNumber(lo), n)
		}
		span := float64(hi - lo)
		if math.IsInf(span, 0) {
			return fail("hi - lo overflows")
		}
		scale := gridScale(lo, hi, span/float64(n-1))
		for i := range n {
			x := lo + float64(float64(i)*span)/float64(n-1)
			switch i {
			case 0:
				x = lo
			case n - 1:
				x = hi // exactly, though rounding may miss it by an ulp
			default:
				if scale > 0 {
					x = math.Round(x*scale) / scale
				}
			}
			v.Values = append(v.Values, formatNumber(x))
		}
		for i := 1; i < n; i++ {
			if v.Values[i] == v.Values[i-1] {
				return fail("values %d and %d are both %s: the steps are too small for a float64", i-1, i, v.Values[i])
			}
		}
		return v, nil
	}
	seen := map[string]bool{}
	for i, x := range strings.Split(spec, ",") {
		x = strings.TrimSpace(x)
		if x == "" {
			return fail("value %d is empty", i+1)
		}
		if seen[x] {
			return fail("%s is listed twice", x)
		}
		seen[x] = true
		v.Values = append(v.Values, x)
	}
	return v, nil
}

// gridScale returns 10^d for the decimals d a grid from lo to hi in steps
// of step is rounded to: enough for two significant digits of the step and
// for every decimal lo and hi are written with; 0 (no rounding) when that
// takes more than 15 decimals or lo or hi needs an exponent. The power is
// built by multiplication, so it is exact and the same on every platform.
func gridScale(lo, hi, step float64) float64 {
	d := 0
	for _, x := range []float64{lo, hi} {
		s := formatNumber(x)
		if strings.ContainsAny(s, "eE") {
			return 0
		}
		if _, frac, ok := strings.Cut(s, "."); ok {
			d = max(d, len(frac))
		}
	}
	ds := 0
	for p := math.Abs(step); p < 10 && ds < 16; p *= 10 {
		ds++
	}
	d = max(d, ds)
	if d > 15 {
		return 0
	}
	scale := 1.0
	for range d {
		scale *= 10
	}
	return scale
}

// parseNumber parses a finite decimal number, returning an error message.
func parseNumber(s string) (float64, string) {
	s = strings.TrimSpace(s)
	if s == "" {
		return 0, "missing number"
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
		return 0, strconv.Quote(s) + " is not a finite number"
	}
	return f, ""
}

// formatNumber writes f in decimal without an exponent where that stays
// short, and exactly: ParseFloat gives f back.
func formatNumber(f float64) string {
	if a := math.Abs(f); a == 0 || (a >= 1e-6 && a < 1e15) {
		return strconv.FormatFloat(f, 'f', -1, 64)
	}
	return strconv.FormatFloat(f, 'g', -1, 64)
}

// Cell is one point of a grid: an override per Vary, in the Varies' order.
type Cell struct {
	// Index is the cell's place in the grid order: the last Vary changes
	// fastest.
	Index     int
	Overrides []rulesets.Override
	// Metrics are filled in by Run.
	Metrics Metrics
}

// Cells returns the grid of varies: every combination of their values, the
// last Vary changing fastest. It fails when two varies have the same key,
// a Vary has no value, or the grid has more than MaxCells cells.
func Cells(varies []Vary) ([]Cell, error) {
	if len(varies) == 0 {
		return nil, fmt.Errorf("tune: no parameter to vary")
	}
	n := 1
	for i, v := range varies {
		if len(v.Values) == 0 {
			return nil, fmt.Errorf("tune: vary %s has no value", v.Key)
		}
		for _, w := range varies[:i] {
			if w.Key == v.Key {
				return nil, fmt.Errorf("tune: %s is varied twice: vary each key once", v.Key)
			}
		}
		if n > MaxCells/len(v.Values) {
			return nil, fmt.Errorf("tune: the grid has %s cells, more than %d: vary fewer keys or fewer values", gridSize(varies), MaxCells)
		}
		n *= len(v.Values)
	}
	if n > MaxCells {
		return nil, fmt.Errorf("tune: the grid has %d cells, more than %d: vary fewer keys or fewer values", n, MaxCells)
	}
	cells := make([]Cell, n)
	for i := range cells {
		c := Cell{Index: i, Overrides: make([]rulesets.Override, len(varies))}
		rest := i
		for k := len(varies) - 1; k >= 0; k-- {
			vals := varies[k].Values
			c.Overrides[k] = rulesets.Override{Key: varies[k].Key, Value: vals[rest%len(vals)]}
			rest /= len(vals)
		}
		cells[i] = c
	}
	return cells, nil
}

// gridSize writes the product of the varies' lengths, "8 × 3 × 1000".
func gridSize(varies []Vary) string {
	parts := make([]string, len(varies))
	for i, v := range varies {
		parts[i] = strconv.Itoa(len(v.Values))
	}
	return strings.Join(parts, " × ")
}
