package tune

import (
	"encoding/csv"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
)

// column is a metric as the table, the CSV and the plots show it.
type column struct {
	// csv is the CSV header and the plot's file name; title the table's
	// header and the plot's title.
	csv, title string
	get        func(m Metrics) float64
	// decimals in the table; percent shows a share as a percentage, and
	// unit follows the number.
	decimals int
	percent  bool
	unit     string
}

var columns = []column{
	{"validity", "validity", func(m Metrics) float64 { return m.Validity }, 1, true, ""},
	{"mean_attempts", "attempts", func(m Metrics) float64 { return m.MeanAttempts }, 2, false, ""},
	{"median_ms", "median time", func(m Metrics) float64 { return m.MedianTimeMS }, 2, false, "ms"},
	{"edge_deviation", "deviation", func(m Metrics) float64 { return m.EdgeDeviation }, 3, false, ""},
	{"min_clearance", "clearance", func(m Metrics) float64 { return m.Clearance }, 2, false, ""},
	{"mean_density", "mean density", func(m Metrics) float64 { return m.MeanDensity }, 3, false, ""},
	{"stretch", "stretch", func(m Metrics) float64 { return m.Stretch }, 2, false, ""},
	{"max_tail", "tail", func(m Metrics) float64 { return m.Tail }, 2, false, ""},
	{"max_worst", "worst", func(m Metrics) float64 { return m.Worst }, 2, false, ""},
	{"min_density", "density", func(m Metrics) float64 { return m.Density }, 3, false, ""},
}

func (c column) format(m Metrics) string {
	v := c.get(m)
	switch {
	case math.IsNaN(v):
		return "n/a"
	case c.percent:
		return strconv.FormatFloat(100*v, 'f', c.decimals, 64) + "%"
	}
	return strconv.FormatFloat(v, 'f', c.decimals, 64) + c.unit
}

// exact writes v for the CSV: the shortest decimal that reads back as v
// (as in stats' JSON), "" for NaN.
func exact(v float64) string {
	if math.IsNaN(v) {
		return ""
	}
	return formatNumber(v)
}

// ranks returns each cell's rank (from 1) given an order, best first.
func ranks(n int, order []int) []int {
	rank := make([]int, n)
	for r, i := range order {
		rank[i] = r + 1
	}
	return rank
}

// WriteCSV writes one row per cell, in grid order: its rank in order (best
// first, from 1), the value of each varied key, the counts of levels and
// then the metrics, with every number exact (the shortest decimal that
// reads back as it) and an empty
// field for a metric without levels. Only median_ms depends on the
// machine.
func (r *Result) WriteCSV(w io.Writer, order []int) error {
	cw := csv.NewWriter(w)
	head := []string{"rank"}
	for _, v := range r.Varies {
		head = append(head, v.Key)
	}
	head = append(head, "levels", "valid", "first_attempt")
	for _, c := range columns {
		head = append(head, c.csv)
	}
	if err := cw.Write(head); err != nil {
		return err
	}
	rank := ranks(len(r.Cells), order)
	for i, c := range r.Cells {
		row := []string{strconv.Itoa(rank[i])}
		for _, o := range c.Overrides {
			row = append(row, o.Value)
		}
		m := c.Metrics
		row = append(row, strconv.Itoa(m.Levels), strconv.Itoa(m.Valid), strconv.Itoa(m.FirstAttempt))
		for _, col := range columns {
			row = append(row, exact(col.get(m)))
		}
		if err := cw.Write(row); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

// WriteTable writes the cells in order, best first, as a text table; top
// caps the rows (0: all).
func (r *Result) WriteTable(w io.Writer, order []int, top int) error {
	head := []string{"rank"}
	for _, v := range r.Varies {
		head = append(head, v.Key)
	}
	for _, c := range columns {
		head = append(head, c.title)
	}
	rows := [][]string{head}
	for k, i := range order {
		if top > 0 && k == top {
			break
		}
		c := r.Cells[i]
		row := []string{strconv.Itoa(k + 1)}
		for _, o := range c.Overrides {
			row = append(row, o.Value)
		}
		for _, col := range columns {
			row = append(row, col.format(c.Metrics))
		}
		rows = append(rows, row)
	}
	widths := make([]int, len(head))
	for _, row := range rows {
		for j, cell := range row {
			widths[j] = max(widths[j], len([]rune(cell)))
		}
	}
	var b strings.Builder
	for _, row := range rows {
		var line strings.Builder
		for j, cell := range row {
			if j > 0 {
				line.WriteString("  ")
			}
			line.WriteString(strings.Repeat(" ", widths[j]-len([]rune(cell))) + cell)
		}
		b.WriteString(strings.TrimRight(line.String(), " ") + "\n")
	}
	if top > 0 && len(order) > top {
		if n := len(order) - top; n == 1 {
			b.WriteString("(1 more cell)\n")
		} else {
			fmt.Fprintf(&b, "(%d more cells)\n", n)
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// SetFlags returns the cell's parameters as --set flags for the command
// line: "--set relax.repulsion=0.05 --set layout.max_delta=0.5", quoted
// for a POSIX shell where needed.
func (c Cell) SetFlags() string {
	parts := make([]string, len(c.Overrides))
	for i, o := range c.Overrides {
		parts[i] = "--set " + shellQuote(o.String())
	}
	return strings.Join(parts, " ")
}

// shellQuote quotes s for a POSIX shell unless it needs no quotes.
func shellQuote(s string) string {
	safe := s != ""
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("._-+=:,/@%", r)) {
			safe = false
			break
		}
	}
	if safe {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// TOML returns the cell's parameters as TOML to paste into the ruleset:
// top-level keys first, then a table per table path in the order the keys
// come ([relax], [tags.a]). A rule's, group's or pass's key lives in an
// array of tables, so it is written under a comment naming the entry.
// Numbers and booleans are written as they are, anything else as a TOML
// string.
func (c Cell) TOML() string {
	type table struct {
		header string
		lines  []string
	}
	var tables []*table
	find := func(header string) *table {
		for _, t := range tables {
			if t.header == header {
				return t
			}
		}
		t := &table{header: header}
		tables = append(tables, t)
		return t
	}
	top := find("")
	for _, o := range c.Overrides {
		parts := strings.Split(o.Key, ".")
		line := parts[len(parts)-1] + " = " + tomlValue(o.Value)
		switch {
		case len(parts) == 1:
			top.lines = append(top.lines, line)
		case len(parts) == 3 && (parts[0] == "rules" || parts[0] == "groups" || parts[0] == "passes"):
			t := find(fmt.Sprintf("# in the [[%s]] entry whose name is %s:", parts[0], strconv.Quote(parts[1])))
			t.lines = append(t.lines, line)
		default:
			t := find("[" + strings.Join(parts[:len(parts)-1], ".") + "]")
			t.lines = append(t.lines, line)
		}
	}
	var b strings.Builder
	for _, t := range tables {
		if len(t.lines) == 0 {
			continue
		}
		if b.Len() > 0 {
			b.WriteByte('\n')
		}
		if t.header != "" {
			b.WriteString(t.header + "\n")
		}
		for _, l := range t.lines {
			b.WriteString(l + "\n")
		}
	}
	return b.String()
}

// tomlValue writes v as a TOML value: numbers and booleans as they are, a
// quoted string as it is, anything else quoted.
func tomlValue(v string) string {
	if v == "true" || v == "false" {
		return v
	}
	if _, err := strconv.ParseFloat(v, 64); err == nil && strings.Trim(v, "0123456789.eE+-") == "" {
		return v
	}
	if strings.HasPrefix(v, `"`) || strings.HasPrefix(v, `'`) {
		return v // --set takes a quoted TOML string as TOML
	}
	return strconv.Quote(v)
}
