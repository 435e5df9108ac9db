package tune

import (
	"image/color"
	"math"
	"strconv"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/dungraph/dungraph/stats"
)

// maxLabelledCells: heatmaps of up to this many cells print each cell's
// value.
const maxLabelledCells = 100

// Figures returns a plot of each metric over the grid, named
// "tune-<metric>" (the CSV's column names): a line plot for one varied
// key, a heatmap for two. A grid of three or more keys has no plots.
func (r *Result) Figures() []stats.Figure {
	var figs []stats.Figure
	for _, col := range columns {
		switch len(r.Varies) {
		case 1:
			p := r.linePlot(col)
			figs = append(figs, stats.Figure{Name: "tune-" + col.csv, Draw: p.Draw})
		case 2:
			figs = append(figs, r.heatmap(col))
		}
	}
	return figs
}

// value returns col's value to plot: a percentage for a share.
func (c column) value(m Metrics) float64 {
	v := c.get(m)
	if c.percent {
		v *= 100
	}
	return v
}

func (c column) axis() string {
	if c.percent {
		return c.title + " (%)"
	}
	return c.title
}

// numeric returns the values as numbers if they all are.
func numeric(vals []string) ([]float64, bool) {
	out := make([]float64, len(vals))
	for i, v := range vals {
		f, err := strconv.ParseFloat(v, 64)
		if err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
			return nil, false
		}
		out[i] = f
	}
	return out, true
}

// short shortens numbers to four significant digits for tick labels.
func short(vals []string) []string {
	out := make([]string, len(vals))
	for i, v := range vals {
		out[i] = v
		if f, err := strconv.ParseFloat(v, 64); err == nil && len(v) > 6 {
			out[i] = strconv.FormatFloat(f, 'g', 4, 64)
		}
	}
	return out
}

func (r *Result) linePlot(col column) *plot.Plot {
	v := r.Varies[0]
	p := plot.New()
	p.Title.Text = col.title + " over " + v.Key
	p.X.Label.Text = v.Key
	p.Y.Label.Text = col.axis()
	xs, ok := numeric(v.Values)
	if !ok {
		xs = make([]float64, len(v.Values))
		for i := range xs {
			xs[i] = float64(i)
		}
		p.NominalX(short(v.Values)...)
	}
	var pts plotter.XYs
	for i, c := range r.Cells {
		if y := col.value(c.Metrics); !math.IsNaN(y) {
			pts = append(pts, plotter.XY{X: xs[i], Y: y})
		}
	}
	if len(pts) == 0 {
		p.Title.Text += " (no levels)"
		return p
	}
	line, points, err := plotter.NewLinePoints(pts)
	if err != nil {
		// Only non-finite points fail, and NaNs were left out above.
		p.Title.Text += " (" + err.Error() + ")"
		return p
	}
	line.Color = stats.SeriesColors[0]
	points.Color = stats.SeriesColors[0]
	points.Shape = draw.CircleGlyph{}
	p.Add(line, points)
	return p
}

func (r *Result) heatmap(col column) stats.Figure {
	vx, vy := r.Varies[0], r.Varies[1]
	nx, ny := len(vx.Values), len(vy.Values)
	xs := make([]float64, nx)
	for i := range xs {
		xs[i] = float64(i)
	}
	ys := make([]float64, ny)
	for i := range ys {
		ys[i] = float64(i)
	}
	z := make([][]float64, ny)
	for y := range z {
		z[y] = make([]float64, nx)
	}
	lo, hi := math.Inf(1), math.Inf(-1)
	var labels plotter.XYLabels
	var dark []bool
	for _, c := range r.Cells {
		// Cells are in grid order: the second key changes fastest.
		x, y := c.Index/ny, c.Index%ny
		v := col.value(c.Metrics)
		z[y][x] = v
		if !math.IsNaN(v) {
			lo, hi = min(lo, v), max(hi, v)
		}
		if nx*ny <= maxLabelledCells {
			labels.XYs = append(labels.XYs, plotter.XY{X: float64(x), Y: float64(y)})
			labels.Labels = append(labels.Labels, col.format(c.Metrics))
			dark = append(dark, !math.IsNaN(v))
		}
	}
	if lo > hi {
		lo, hi = 0, 1
	}
	for i, xy := range labels.XYs {
		// White on the darker half of the palette.
		v := z[int(xy.Y)][int(xy.X)]
		dark[i] = dark[i] && hi > lo && (v-lo)/(hi-lo) > 0.5
	}
	p := stats.HeatmapPlot(xs, ys, z, lo, hi)
	p.Title.Text = col.title
	p.X.Label.Text = vx.Key
	p.Y.Label.Text = vy.Key
	p.NominalX(short(vx.Values)...)
	p.NominalY(short(vy.Values)...)
	if len(labels.XYs) > 0 {
		l, err := plotter.NewLabels(labels)
		if err == nil {
			for i := range l.TextStyle {
				l.TextStyle[i].XAlign = draw.XCenter
				l.TextStyle[i].YAlign = draw.YCenter
				if dark[i] {
					l.TextStyle[i].Color = color.White
				}
			}
			p.Add(l)
		}
	}
	return stats.Figure{
		Name:   "tune-" + col.csv,
		Width:  stats.DefaultWidth,
		Height: stats.DefaultHeight + vg.Inch/2,
		Draw:   stats.PanelsWithBar([]*plot.Plot{p}, stats.ColorBarPlot(lo, hi, col.axis()), ""),
	}
}
