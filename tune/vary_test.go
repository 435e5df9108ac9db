package tune

import (
	"errors"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/dungraph/dungraph/rulesets"
)

func TestParseVary(t *testing.T) {
	tests := []struct {
		in     string
		key    string
		values []string
		reason string
	}{
		{"relax.repulsion=0.01:0.2:8", "relax.repulsion", []string{"0.01", "0.037", "0.064", "0.091", "0.119", "0.146", "0.173", "0.2"}, "lo + i*(hi-lo)/(n-1) to two significant digits of the step 0.027, the ends exact"},
		{"x=0.05:0.2:4", "x", []string{"0.05", "0.1", "0.15", "0.2"}, "0.15000000000000002 is 0.15 at the grid's precision"},
		{"x=0.5:100.5:3", "x", []string{"0.5", "50.5", "100.5"}, "at least the decimals of lo and hi"},
		{"x=0:1:7", "x", []string{"0", "0.17", "0.33", "0.5", "0.67", "0.83", "1"}, "thirds to two digits"},
		{"build.max_vertices=10:40:4", "build.max_vertices", []string{"10", "20", "30", "40"}, "whole numbers stay whole for integer keys"},
		{"layout.max_delta=0.25,0.5,1", "layout.max_delta", []string{"0.25", "0.5", "1"}, "a list is taken as written"},
		{" layout.spring = log , hooke ", "layout.spring", []string{"log", "hooke"}, "spaces are trimmed"},
		{"x=1:0:3", "x", []string{"1", "0.5", "0"}, "a descending range"},
		{"x=2:2:1", "x", []string{"2"}, "one value"},
		{"x=-1e-7:1e-7:3", "x", []string{"-1e-07", "0", "1e-07"}, "tiny numbers get an exponent"},
		{"x=0:3e15:2", "x", []string{"0", "3e+15"}, "huge ones too"},
		{"tags.a.color=#ff0000,#00ff00", "tags.a.color", []string{"#ff0000", "#00ff00"}, "strings"},
		{"x=5", "x", []string{"5"}, "a list of one"},
	}
	for _, tt := range tests {
		v, err := ParseVary(tt.in)
		if err != nil {
			t.Errorf("ParseVary(%q): %v", tt.in, err)
			continue
		}
		if v.Key != tt.key || !slices.Equal(v.Values, tt.values) {
			t.Errorf("ParseVary(%q) = %s %q, want %s %q (%s)", tt.in, v.Key, v.Values, tt.key, tt.values, tt.reason)
		}
	}
}

func TestParseVaryErrors(t *testing.T) {
	tests := []struct {
		in, want string
	}{
		{"", "want key=lo:hi:n"},
		{"relax.repulsion", "want key=lo:hi:n"},
		{"=1,2", "want key=lo:hi:n"},
		{"a b=1", "holds a space"},
		{"x=", "no values"},
		{"x=1:2", "three parts, not 2"},
		{"x=1:2:3:4", "three parts, not 4"},
		{"x=a:2:3", `lo: "a" is not a finite number`},
		{"x=1::3", "hi: missing number"},
		{"x=1:inf:3", `hi: "inf" is not a finite number`},
		{"x=1:2:NaN", `n: "NaN" is not a whole number`},
		{"x=1:2:2.5", "not a whole number"},
		{"x=1:2:0", "want at least 1 value"},
		{"x=1:2:1", "n is 1 but lo 1 and hi 2 differ"},
		{"x=1:1:3", "lo and hi are both 1"},
		{"x=0:1:10001", "at most 10000 cells"},
		{"x=-1e308:1e308:3", "overflows"},
		{"x=1:1.0000000000000002:3", "too small for a float64"},
		{"x=1,,2", "value 2 is empty"},
		{"x=1,2,1", "1 is listed twice"},
	}
	for _, tt := range tests {
		_, err := ParseVary(tt.in)
		var ve *VaryError
		if !errors.As(err, &ve) {
			t.Errorf("ParseVary(%q): error %v, want a *VaryError", tt.in, err)
			continue
		}
		if ve.Input != tt.in || !strings.Contains(ve.Msg, tt.want) {
			t.Errorf("ParseVary(%q): %v, want input %q and a message with %q", tt.in, err, tt.in, tt.want)
		}
		if !strings.HasPrefix(err.Error(), "tune: vary ") {
			t.Errorf("ParseVary(%q): %q does not start with the package name", tt.in, err)
		}
	}
}

// FuzzParseVary checks that ParseVary never panics, that what it accepts
// is a sane grid axis, and that String gives it back.
func FuzzParseVary(f *testing.F) {
	for _, s := range []string{"relax.repulsion=0.01:0.2:8", "a=1,2,3", "x=1:0:3", "x=2:2:1", "x=-1e308:1e308:3", "k=,", "x=1:2:1e9", "=", "a=b=c"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		v, err := ParseVary(s)
		if err != nil {
			var ve *VaryError
			if !errors.As(err, &ve) {
				t.Fatalf("ParseVary(%q): error of type %T", s, err)
			}
			return
		}
		if v.Key == "" || strings.ContainsAny(v.Key, "= \t") {
			t.Fatalf("ParseVary(%q): key %q", s, v.Key)
		}
		if len(v.Values) == 0 || len(v.Values) > MaxCells {
			t.Fatalf("ParseVary(%q): %d values", s, len(v.Values))
		}
		seen := map[string]bool{}
		for _, x := range v.Values {
			if x == "" || seen[x] || strings.Contains(x, ",") {
				t.Fatalf("ParseVary(%q): values %q: empty, repeated or with a comma", s, v.Values)
			}
			seen[x] = true
		}
		_, spec, _ := strings.Cut(s, "=")
		if strings.Contains(spec, ":") {
			parts := strings.Split(spec, ":")
			lo, _ := strconv.ParseFloat(strings.TrimSpace(parts[0]), 64)
			hi, _ := strconv.ParseFloat(strings.TrimSpace(parts[1]), 64)
			first, err1 := strconv.ParseFloat(v.Values[0], 64)
			last, err2 := strconv.ParseFloat(v.Values[len(v.Values)-1], 64)
			if err1 != nil || err2 != nil || first != lo || last != hi {
				t.Fatalf("ParseVary(%q): values %q do not run from %v to %v", s, v.Values, lo, hi)
			}
			return
		}
		// A list parses back to itself.
		w, err := ParseVary(v.String())
		if err != nil || w.Key != v.Key || !slices.Equal(w.Values, v.Values) {
			t.Fatalf("ParseVary(%q) = %v; again from %q: %v, %v", s, v, v.String(), w, err)
		}
	})
}

func TestCells(t *testing.T) {
	a := Vary{Key: "a", Values: []string{"1", "2"}}
	b := Vary{Key: "b", Values: []string{"x", "y", "z"}}
	cells, err := Cells([]Vary{a, b})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for i, c := range cells {
		if c.Index != i {
			t.Errorf("cell %d has index %d", i, c.Index)
		}
		got = append(got, describeCell(c.Overrides))
	}
	want := []string{"a=1 b=x", "a=1 b=y", "a=1 b=z", "a=2 b=x", "a=2 b=y", "a=2 b=z"}
	if !slices.Equal(got, want) {
		t.Errorf("cells = %q, want %q (the last key changes fastest)", got, want)
	}

	big := func(key string, n int) Vary {
		v := Vary{Key: key}
		for i := range n {
			v.Values = append(v.Values, strconv.Itoa(i))
		}
		return v
	}
	if cells, err := Cells([]Vary{big("a", 100), big("b", 100)}); err != nil || len(cells) != MaxCells {
		t.Errorf("100 × 100: %d cells, %v; want %d", len(cells), err, MaxCells)
	}
	for _, tt := range []struct {
		varies []Vary
		want   string
	}{
		{nil, "no parameter"},
		{[]Vary{big("a", 101), big("b", 100)}, "101 × 100 cells, more than 10000"},
		{[]Vary{big("a", 1000), big("b", 1000), big("c", 1000), big("d", 1000), big("e", 1000), big("f", 1000), big("g", 1000)}, "more than 10000"},
		{[]Vary{a, a}, "a is varied twice"},
		{[]Vary{{Key: "a"}}, "has no value"},
	} {
		if _, err := Cells(tt.varies); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("Cells(%d varies): %v, want an error with %q", len(tt.varies), err, tt.want)
		}
	}
}

func TestSetFlagsAndTOML(t *testing.T) {
	c := Cell{Overrides: []rulesets.Override{
		{Key: "relax.repulsion", Value: "0.05"},
		{Key: "tags.a.color", Value: "#ff0000"},
		{Key: "weights", Value: "match"},
		{Key: "rules.loop.weight", Value: "2"},
		{Key: "relax.spring", Value: "hooke"},
		{Key: "layout.crossing_free", Value: "true"},
		{Key: "tags.a.label", Value: "it's"},
	}}
	wantFlags := `--set relax.repulsion=0.05 --set 'tags.a.color=#ff0000' --set weights=match --set rules.loop.weight=2 --set relax.spring=hooke --set layout.crossing_free=true --set 'tags.a.label=it'\''s'`
	if got := c.SetFlags(); got != wantFlags {
		t.Errorf("SetFlags:\n got %s\nwant %s", got, wantFlags)
	}
	wantTOML := `weights = "match"

[relax]
repulsion = 0.05
spring = "hooke"

[tags.a]
color = "#ff0000"
label = "it's"

# in the [[rules]] entry whose name is "loop":
weight = 2

[layout]
crossing_free = true
`
	if got := c.TOML(); got != wantTOML {
		t.Errorf("TOML:\n%s\nwant:\n%s", got, wantTOML)
	}
}
