package stats

import (
	"fmt"
	"image/color"
	"io"
	"math"
	"os"
	"path/filepath"
	"strconv"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/palette"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgsvg"

	"github.com/dungraph/dungraph/internal/atomicfile"
)

// Figure is one image, written as Name.png and Name.svg.
type Figure struct {
	// Name is the file name without its extension.
	Name string
	// Width and Height are the image's size; 0 means DefaultWidth and
	// DefaultHeight.
	Width, Height vg.Length
	// Draw draws the image on c, whose background is white.
	Draw func(c draw.Canvas)
}

// Default figure size; PNGs are drawn at DPI dots per inch, so 640 × 400
// pixels.
const (
	DefaultWidth  = 640 * vg.Inch / DPI
	DefaultHeight = 400 * vg.Inch / DPI
	DPI           = 96
)

// SeriesColors are the colours of the series in plots, in order.
var SeriesColors = []color.NRGBA{
	{R: 0x1f, G: 0x77, B: 0xb4, A: 0xff}, // blue
	{R: 0xff, G: 0x7f, B: 0x0e, A: 0xff}, // orange
	{R: 0x2c, G: 0xa0, B: 0x2c, A: 0xff}, // green
	{R: 0xd6, G: 0x27, B: 0x28, A: 0xff}, // red
}

// SeriesColor is the colour of series i of n: opaque when n is 1,
// translucent when series are drawn over one another.
func SeriesColor(i, n int) color.NRGBA {
	c := SeriesColors[i%len(SeriesColors)]
	if n > 1 {
		c.A = 0xa0
	}
	return c
}

func (f Figure) size() (vg.Length, vg.Length) {
	w, h := f.Width, f.Height
	if w <= 0 {
		w = DefaultWidth
	}
	if h <= 0 {
		h = DefaultHeight
	}
	return w, h
}

// WritePNG writes the figure as a PNG image.
func (f Figure) WritePNG(w io.Writer) error {
	fw, fh := f.size()
	c := vgimg.NewWith(vgimg.UseWH(fw, fh), vgimg.UseDPI(DPI))
	f.Draw(draw.New(c))
	_, err := vgimg.PngCanvas{Canvas: c}.WriteTo(w)
	return err
}

// WriteSVG writes the figure as an SVG image.
func (f Figure) WriteSVG(w io.Writer) error {
	fw, fh := f.size()
	c := vgsvg.New(fw, fh)
	dc := draw.New(c)
	fill(dc, color.White)
	f.Draw(dc)
	_, err := c.WriteTo(w)
	return err
}

func fill(c draw.Canvas, col color.Color) {
	c.FillPolygon(col, []vg.Point{c.Min, {X: c.Max.X, Y: c.Min.Y}, c.Max, {X: c.Min.X, Y: c.Max.Y}})
}

// WriteFigures writes each figure to dir as Name.png and Name.svg, and
// returns the files written. dir is created if needed. Either every file
// is replaced or none: each is written to a temporary file, and all are
// renamed once all were written.
func WriteFigures(dir string, figs []Figure) ([]string, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("stats: %w", err)
	}
	var g atomicfile.Group
	defer g.Abort()
	var files []string
	for _, f := range figs {
		for _, ext := range []struct {
			suffix string
			write  func(io.Writer) error
		}{{".png", f.WritePNG}, {".svg", f.WriteSVG}} {
			path := filepath.Join(dir, f.Name+ext.suffix)
			w, err := g.Create(path, 0o644)
			if err != nil {
				return nil, fmt.Errorf("stats: %w", err)
			}
			if err := ext.write(w); err != nil {
				return nil, fmt.Errorf("stats: writing %s: %w", path, err)
			}
			files = append(files, path)
		}
	}
	if err := g.Commit(); err != nil {
		return nil, fmt.Errorf("stats: %w", err)
	}
	return files, nil
}

// WritePlots writes r's figures (Figures) to dir and returns the files.
func (r *Report) WritePlots(dir string) ([]string, error) {
	return WriteFigures(dir, r.Figures())
}

// Figures returns r's plots: a histogram of each metric, named
// "hist-<metric>", with the series overlaid in their colours and a
// legend; and each expressive-range heatmap, named "heat-<y>-<x>", with
// the series side by side on one colour scale.
func (r *Report) Figures() []Figure {
	var figs []Figure
	labels := make([]string, len(r.Sets))
	for i, s := range r.Sets {
		labels[i] = s.Label
	}
	for _, h := range r.Histograms {
		p := histogramPlot(h, labels)
		figs = append(figs, Figure{Name: "hist-" + h.Metric, Draw: p.Draw})
	}
	for _, hm := range r.Heatmaps {
		figs = append(figs, heatmapFigure(hm, labels))
	}
	return figs
}

// axisLabels describe the metrics on an axis.
var axisLabels = map[string]string{
	"rooms":                "rooms",
	"corridors":            "corridors",
	"cycles":               "cycles (corridors − rooms + 1)",
	"valence":              "corridors of a room",
	"diameter":             "diameter (corridors)",
	"critical_path_rooms":  "rooms on the critical path",
	"critical_path_length": "critical path length (world units)",
	"linearity":            "linearity (critical path rooms / rooms)",
	"dead_ends":            "dead ends",
	"dead_end_ratio":       "dead ends / rooms",
	"attempts":             "attempts",
	"edge_deviation":       "edge length deviation",
	"stretch":              "stretch (median corridor / median room extent)",
	"tail":                 "tail (p99 corridor / median corridor)",
	"worst":                "worst (longest corridor / median room extent)",
	"clearance":            "clearance (world units)",
	"density":              "density (room area / bounding box)",
}

func axisLabel(metric string) string {
	if l, ok := axisLabels[metric]; ok {
		return l
	}
	return metric
}

// histogramPlot draws a histogram with one bar set per series. A bin's bar
// spans its values; an integer bin's is centred on its whole numbers.
func histogramPlot(h Histogram, labels []string) *plot.Plot {
	p := plot.New()
	p.Title.Text = h.Metric
	p.X.Label.Text = axisLabel(h.Metric)
	p.Y.Label.Text = "levels"
	if h.Metric == "valence" {
		p.Y.Label.Text = "rooms"
	}
	if len(h.Bins) == 0 {
		p.Title.Text += " (no levels)"
		return p
	}
	shift := 0.0
	if h.Integer {
		shift = -0.5
	}
	p.X.Min, p.X.Max = h.Bins[0].Lo+shift, h.Bins[len(h.Bins)-1].Hi+shift
	p.Y.Min = 0
	for i, label := range labels {
		hist := &plotter.Histogram{FillColor: SeriesColor(i, len(labels))}
		hist.LineStyle.Width = 0
		top := 0
		for _, b := range h.Bins {
			// Empty bins are left out: they draw nothing.
			if b.Counts[i] > 0 {
				hist.Bins = append(hist.Bins, plotter.HistogramBin{Min: b.Lo + shift, Max: b.Hi + shift, Weight: float64(b.Counts[i])})
				top = max(top, b.Counts[i])
			}
		}
		if len(hist.Bins) > 0 {
			hist.Width = hist.Bins[0].Max - hist.Bins[0].Min
			p.Add(hist)
		}
		// Headroom for the legend.
		p.Y.Max = max(p.Y.Max, float64(top)*1.15)
		if len(labels) > 1 {
			p.Legend.Add(label, hist)
		}
	}
	p.Legend.Top = true
	p.Y.Tick.Marker = integerTicks{}
	if h.Integer {
		p.X.Tick.Marker = integerTicks{}
	}
	return p
}

// integerTicks puts labelled ticks on whole numbers only: every 1, 2, 5,
// 10, 20, 50, ... so that there are at most about eight.
type integerTicks struct{}

func (integerTicks) Ticks(lo, hi float64) []plot.Tick {
	step := 1.0
	for k := 0; (hi-lo)/step > 8; k++ {
		step *= []float64{2, 2.5, 2}[k%3] // 1, 2, 5, 10, 20, 50, ...
	}
	var ticks []plot.Tick
	for v := math.Ceil(lo/step) * step; v <= hi; v += step {
		if v == 0 {
			v = 0 // not -0
		}
		ticks = append(ticks, plot.Tick{Value: v, Label: strconv.FormatFloat(v, 'f', -1, 64)})
	}
	return ticks
}

// heatPalette returns the heatmap colours, light to dark: ColorBrewer's
// YlGnBu in nine steps, written out rather than looked up so that no
// error path exists.
func heatPalette() palette.Palette {
	return fixedPalette{
		color.NRGBA{0xff, 0xff, 0xd9, 0xff}, color.NRGBA{0xed, 0xf8, 0xb1, 0xff}, color.NRGBA{0xc7, 0xe9, 0xb4, 0xff},
		color.NRGBA{0x7f, 0xcd, 0xbb, 0xff}, color.NRGBA{0x41, 0xb6, 0xc4, 0xff}, color.NRGBA{0x1d, 0x91, 0xc0, 0xff},
		color.NRGBA{0x22, 0x5e, 0xa8, 0xff}, color.NRGBA{0x25, 0x34, 0x94, 0xff}, color.NRGBA{0x08, 0x1d, 0x58, 0xff},
	}
}

// fixedPalette is a palette.Palette of given colours.
type fixedPalette []color.Color

func (p fixedPalette) Colors() []color.Color { return p }

// emptyCell is the colour of a heatmap cell without levels.
var emptyCell = color.NRGBA{R: 0xf4, G: 0xf4, B: 0xf4, A: 0xff}

// grid is a heatmap's counts as a plotter.GridXYZ; empty cells are NaN.
type grid struct {
	xs, ys []float64
	z      [][]float64 // [y][x]
}

func (g grid) Dims() (int, int)   { return len(g.xs), len(g.ys) }
func (g grid) Z(c, r int) float64 { return g.z[r][c] }
func (g grid) X(c int) float64    { return g.xs[c] }
func (g grid) Y(r int) float64    { return g.ys[r] }

func centre(r Range, integer bool) float64 {
	if integer {
		return r.Lo + (r.Hi-r.Lo-1)/2
	}
	return (r.Lo + r.Hi) / 2
}

// HeatmapPlot draws values on a grid: z[y][x] at (xs[x], ys[y]), NaN for
// no value, coloured from lo to hi.
func HeatmapPlot(xs, ys []float64, z [][]float64, lo, hi float64) *plot.Plot {
	p := plot.New()
	if len(xs) == 0 || len(ys) == 0 {
		return p
	}
	hm := plotter.NewHeatMap(grid{xs, ys, z}, heatPalette())
	hm.NaN = emptyCell
	hm.Min, hm.Max = lo, hi
	if !(hi > lo) {
		hm.Min, hm.Max = lo-0.5, lo+0.5
	}
	p.Add(hm)
	return p
}

// ColorBarPlot draws the scale of HeatmapPlot from lo to hi, vertically.
func ColorBarPlot(lo, hi float64, label string) *plot.Plot {
	const n = 64
	if !(hi > lo) {
		lo, hi = lo-0.5, lo+0.5
	}
	ys := make([]float64, n)
	z := make([][]float64, n)
	for i := range ys {
		ys[i] = lo + (float64(i)+0.5)*(hi-lo)/n
		z[i] = []float64{ys[i]}
	}
	p := HeatmapPlot([]float64{0}, ys, z, lo, hi)
	p.HideX()
	p.Title.Text = label
	if lo == math.Trunc(lo) && hi == math.Trunc(hi) {
		p.Y.Tick.Marker = integerTicks{}
	}
	p.Y.Min, p.Y.Max = lo, hi
	return p
}

// heatmapFigure draws the series' heatmaps side by side, with one colour
// bar for all.
func heatmapFigure(hm Heatmap, labels []string) Figure {
	xs := make([]float64, len(hm.XBins))
	for i, b := range hm.XBins {
		xs[i] = centre(b, hm.XInteger)
	}
	ys := make([]float64, len(hm.YBins))
	for i, b := range hm.YBins {
		ys[i] = centre(b, hm.YInteger)
	}
	top := 1
	for _, c := range hm.Counts {
		for _, row := range c {
			for _, v := range row {
				top = max(top, v)
			}
		}
	}
	var plots []*plot.Plot
	for i, c := range hm.Counts {
		z := make([][]float64, len(c))
		for y, row := range c {
			z[y] = make([]float64, len(row))
			for x, v := range row {
				z[y][x] = float64(v)
				if v == 0 {
					z[y][x] = math.NaN()
				}
			}
		}
		p := HeatmapPlot(xs, ys, z, 1, float64(top))
		p.Title.Text = hm.Y + " × " + hm.X
		if len(labels) > 1 {
			p.Title.Text = letter(i) + ": " + labels[i]
		}
		p.X.Label.Text = axisLabel(hm.X)
		p.Y.Label.Text = axisLabel(hm.Y)
		if hm.XInteger {
			p.X.Tick.Marker = integerTicks{}
		}
		if hm.YInteger {
			p.Y.Tick.Marker = integerTicks{}
		}
		plots = append(plots, p)
	}
	bar := ColorBarPlot(1, float64(top), "levels")
	n := len(plots)
	title := ""
	if n > 1 {
		title = hm.Y + " × " + hm.X
	}
	return Figure{
		Name:  "heat-" + hm.Y + "-" + hm.X,
		Width: DefaultWidth * vg.Length(n) * 0.85, Height: DefaultHeight * 1.1,
		Draw: PanelsWithBar(plots, bar, title),
	}
}

// PanelsWithBar lays plots out side by side with a narrow colour bar at the
// right and an optional title above.
func PanelsWithBar(plots []*plot.Plot, bar *plot.Plot, title string) func(draw.Canvas) {
	return func(c draw.Canvas) {
		fill(c, color.White)
		if title != "" {
			sty := plot.New().Title.TextStyle
			sty.XAlign = draw.XCenter
			h := sty.Height(title)
			c.FillText(sty, vg.Point{X: (c.Min.X + c.Max.X) / 2, Y: c.Max.Y - h}, title)
			c = draw.Crop(c, 0, 0, 0, -2*h)
		}
		barW := 0.9 * vg.Inch
		main := draw.Crop(c, 0, -barW, 0, 0)
		if len(plots) > 0 {
			tiles := draw.Tiles{Rows: 1, Cols: len(plots), PadX: vg.Millimeter * 4}
			canvases := plot.Align([][]*plot.Plot{plots}, tiles, main)
			for i, p := range plots {
				p.Draw(canvases[0][i])
			}
		}
		if bar != nil {
			bc := draw.Crop(c, c.Max.X-c.Min.X-barW, 0, 0, 0)
			bar.Draw(bc)
		}
	}
}
