package stats

import (
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
)

// WriteTable writes r as text tables: the levels and their validity and
// time, the metrics' distributions, the tags and the rules. With two or
// more sets, the sets are side by side in each table, letter-labelled
// (A, B, ...) as listed at the top.
func (r *Report) WriteTable(w io.Writer) error {
	var b strings.Builder
	multi := len(r.Sets) > 1
	col := func(i int, name string) string {
		if !multi {
			return name
		}
		return letter(i) + " " + name
	}
	for i, s := range r.Sets {
		if multi {
			fmt.Fprintf(&b, "%s: ", letter(i))
		}
		fmt.Fprintf(&b, "%s, seeds %s\n", s.Label, s.Seeds)
	}
	b.WriteByte('\n')

	t := table{head: []string{""}}
	for i := range r.Sets {
		t.head = append(t.head, col(i, ""))
	}
	if !multi {
		t.head = nil
	}
	rows := []struct {
		name string
		cell func(s Set) string
	}{
		{"levels", func(s Set) string { return strconv.Itoa(s.Levels) }},
		{"valid", func(s Set) string { return share(s.Valid, s.Levels) }},
		{"valid on the first attempt", func(s Set) string { return share(s.FirstAttempt, s.Levels) }},
		{"mean attempts", func(s Set) string { return num(s.Metric("attempts").Mean) }},
		{"time per level, median", func(s Set) string { return ms(s.Time, func(t *Time) float64 { return t.MedianMS }) }},
		{"time per level, p95", func(s Set) string { return ms(s.Time, func(t *Time) float64 { return t.P95MS }) }},
	}
	for _, row := range rows {
		cells := []string{row.name}
		for _, s := range r.Sets {
			cells = append(cells, row.cell(s))
		}
		t.rows = append(t.rows, cells)
	}
	t.write(&b)
	b.WriteByte('\n')

	t = table{head: []string{"metric"}}
	for i := range r.Sets {
		for _, h := range []string{"min", "median", "mean", "p95", "max"} {
			t.head = append(t.head, col(i, h))
		}
	}
	for _, name := range MetricNames() {
		if !slices.ContainsFunc(r.Sets, func(s Set) bool {
			return slices.ContainsFunc(s.Metrics, func(d Dist) bool { return d.Metric == name })
		}) {
			continue // a walkthrough metric of levels without locks
		}
		cells := []string{name}
		for _, s := range r.Sets {
			d := s.Metric(name)
			if d.N == 0 {
				cells = append(cells, "-", "-", "-", "-", "-")
				continue
			}
			cells = append(cells, num(d.Min), num(d.Median), num(d.Mean), num(d.P95), num(d.Max))
		}
		t.rows = append(t.rows, cells)
	}
	t.write(&b)

	for _, u := range []struct {
		what, levels, mean string
		of                 func(s Set) []Use
	}{
		{"tag", "levels with it", "rooms per level", func(s Set) []Use { return s.Tags }},
		{"rule", "levels using it", "uses per level", func(s Set) []Use { return s.Rules }},
	} {
		t = table{head: []string{u.what}}
		for i := range r.Sets {
			t.head = append(t.head, col(i, u.levels), col(i, u.mean))
		}
		for _, name := range useNames(r.Sets, u.of) {
			cells := []string{name}
			for _, s := range r.Sets {
				found := false
				for _, x := range u.of(s) {
					if x.Name == name {
						cells = append(cells, share(x.Levels, s.Valid), num(x.Mean))
						found = true
						break
					}
				}
				if !found {
					cells = append(cells, "-", "-")
				}
			}
			t.rows = append(t.rows, cells)
		}
		if len(t.rows) > 0 {
			b.WriteByte('\n')
			t.write(&b)
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// useNames is the sorted union of the names of the sets' uses.
func useNames(sets []Set, of func(Set) []Use) []string {
	seen := map[string]bool{}
	var names []string
	for _, s := range sets {
		for _, u := range of(s) {
			if !seen[u.Name] {
				seen[u.Name] = true
				names = append(names, u.Name)
			}
		}
	}
	slices.Sort(names)
	return names
}

// letter names set i in a comparison: A, B, ...
func letter(i int) string {
	if i < 26 {
		return string(rune('A' + i))
	}
	return "S" + strconv.Itoa(i+1)
}

// share writes n of total with its percentage.
func share(n, total int) string {
	if total == 0 {
		return strconv.Itoa(n)
	}
	return fmt.Sprintf("%d (%.1f%%)", n, 100*float64(n)/float64(total))
}

// num writes a whole number as such and anything else with two decimals.
func num(v float64) string {
	if v == math.Trunc(v) && math.Abs(v) < 1e15 {
		return strconv.FormatInt(int64(v), 10)
	}
	return strconv.FormatFloat(v, 'f', 2, 64)
}

func ms(t *Time, f func(*Time) float64) string {
	if t == nil {
		return "n/a"
	}
	return strconv.FormatFloat(f(t), 'f', 2, 64) + "ms"
}

// table is a text table: the first column left-aligned, the others
// right-aligned, two spaces apart.
type table struct {
	head []string
	rows [][]string
}

func (t table) write(b *strings.Builder) {
	all := t.rows
	if t.head != nil {
		all = append([][]string{t.head}, t.rows...)
	}
	var widths []int
	for _, row := range all {
		for i, c := range row {
			if i >= len(widths) {
				widths = append(widths, 0)
			}
			widths[i] = max(widths[i], len([]rune(c)))
		}
	}
	for _, row := range all {
		var line strings.Builder
		for i, c := range row {
			pad := strings.Repeat(" ", widths[i]-len([]rune(c)))
			switch {
			case i == 0:
				line.WriteString(c + pad)
			default:
				line.WriteString("  " + pad + c)
			}
		}
		b.WriteString(strings.TrimRight(line.String(), " ") + "\n")
	}
}
