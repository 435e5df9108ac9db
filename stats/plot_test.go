package stats

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// svgInfo parses an SVG document and returns its text and the number of
// filled paths of each fill colour ("#RRGGBB").
func svgInfo(t *testing.T, data []byte) (texts []string, fills map[string]int) {
	t.Helper()
	fills = map[string]int{}
	d := xml.NewDecoder(bytes.NewReader(data))
	inText := false
	sawSVG := false
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("SVG does not parse as XML: %v", err)
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			switch tok.Name.Local {
			case "svg":
				sawSVG = true
			case "text":
				inText = true
			case "path", "rect":
				for _, a := range tok.Attr {
					if a.Name.Local != "style" {
						continue
					}
					for _, decl := range strings.Split(a.Value, ";") {
						if c, ok := strings.CutPrefix(decl, "fill:"); ok && c != "none" {
							fills[strings.ToUpper(c)]++
						}
					}
				}
			}
		case xml.EndElement:
			if tok.Name.Local == "text" {
				inText = false
			}
		case xml.CharData:
			if inText {
				texts = append(texts, string(tok))
			}
		}
	}
	if !sawSVG {
		t.Fatal("no <svg> element")
	}
	return texts, fills
}

// near counts the fills within 2 of c in each channel.
func near(fills map[string]int, c color.NRGBA) int {
	n := 0
	for h, k := range fills {
		var r, g, b int
		if _, err := fmt.Sscanf(h, "#%02X%02X%02X", &r, &g, &b); err != nil {
			continue
		}
		d := max(abs(r-int(c.R)), abs(g-int(c.G)), abs(b-int(c.B)))
		if d <= 2 {
			n += k
		}
	}
	return n
}

func abs(x int) int { return max(x, -x) }

func hex(c color.NRGBA) string { return fmt.Sprintf("#%02X%02X%02X", c.R, c.G, c.B) }

// decodePNG decodes a PNG and counts its pixels by colour.
func decodePNG(t *testing.T, data []byte) (image.Image, map[color.NRGBA]int) {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("PNG does not decode: %v", err)
	}
	colors := map[color.NRGBA]int{}
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			colors[color.NRGBAModel.Convert(img.At(x, y)).(color.NRGBA)]++
		}
	}
	return img, colors
}

func figure(t *testing.T, figs []Figure, name string) Figure {
	t.Helper()
	for _, f := range figs {
		if f.Name == name {
			return f
		}
	}
	t.Fatalf("no figure %s", name)
	return Figure{}
}

func TestHistogramFigure(t *testing.T) {
	// Rooms 3, 4, 4, 10: three non-empty bins of the eight from 3 to 10.
	r := Analyze(Series{"quads", synthetic(3, 4, 4, 10)})
	f := figure(t, r.Figures(), "hist-rooms")

	var buf bytes.Buffer
	if err := f.WritePNG(&buf); err != nil {
		t.Fatal(err)
	}
	img, colors := decodePNG(t, buf.Bytes())
	if b := img.Bounds(); b.Dx() != 640 || b.Dy() != 400 {
		t.Errorf("PNG is %v, want 640 × 400", b.Size())
	}
	if len(colors) < 3 {
		t.Errorf("PNG has %d colours, want the background, the axes and the bars", len(colors))
	}
	bar := SeriesColor(0, 1)
	// The bar of 4 is twice as high as the others: at least 3 bars a tenth
	// of the plot wide and a third high.
	if n := colors[bar]; n < 3*50*100 {
		t.Errorf("%d pixels of the bar colour %v, want the bars", n, bar)
	}

	buf.Reset()
	if err := f.WriteSVG(&buf); err != nil {
		t.Fatal(err)
	}
	texts, fills := svgInfo(t, buf.Bytes())
	if fills[hex(bar)] != 3 {
		t.Errorf("SVG has %d paths filled %s, want 3 bars; fills %v", fills[hex(bar)], hex(bar), fills)
	}
	if !containsText(texts, "rooms") {
		t.Errorf("SVG text %q lacks the title rooms", texts)
	}
}

func TestHistogramFigureCompared(t *testing.T) {
	r := Analyze(Series{"quads", synthetic(3, 4, 4, 10)}, Series{"tree", synthetic(4, 5)})
	f := figure(t, r.Figures(), "hist-rooms")
	var buf bytes.Buffer
	if err := f.WriteSVG(&buf); err != nil {
		t.Fatal(err)
	}
	texts, fills := svgInfo(t, buf.Bytes())
	// Each series' bars and its legend swatch. The SVG writes translucent
	// colours premultiplied and back, which may change them by one.
	a, b := SeriesColor(0, 2), SeriesColor(1, 2)
	if na, nb := near(fills, a), near(fills, b); na != 3+1 || nb != 2+1 {
		t.Errorf("SVG fills %s × %d, %s × %d; want 4 and 3 (bars and legend); fills %v", hex(a), na, hex(b), nb, fills)
	}
	if !containsText(texts, "quads") || !containsText(texts, "tree") {
		t.Errorf("SVG text %q lacks the legend", texts)
	}
	buf.Reset()
	if err := f.WritePNG(&buf); err != nil {
		t.Fatal(err)
	}
	_, colors := decodePNG(t, buf.Bytes())
	// Translucent bars over white: the blends are present, and where they
	// overlap a third colour.
	if len(colors) < 5 {
		t.Errorf("PNG has %d colours, want the two series and their overlap", len(colors))
	}
}

func TestHeatmapFigure(t *testing.T) {
	r := Analyze(Series{"a", synthetic(3, 4, 4, 10)}, Series{"b", synthetic(5, 6)})
	f := figure(t, r.Figures(), "heat-linearity-rooms")
	var buf bytes.Buffer
	if err := f.WritePNG(&buf); err != nil {
		t.Fatal(err)
	}
	img, colors := decodePNG(t, buf.Bytes())
	if img.Bounds().Dx() <= 640 {
		t.Errorf("PNG of two heatmaps side by side is %d wide, want more than one plot's 640", img.Bounds().Dx())
	}
	if colors[emptyCell] < 1000 {
		t.Errorf("%d pixels of the empty-cell colour, want most of the grid", colors[emptyCell])
	}
	pal := heatPalette().Colors()
	darkest := color.NRGBAModel.Convert(pal[len(pal)-1]).(color.NRGBA)
	if colors[darkest] < 100 {
		t.Errorf("%d pixels of the darkest colour %v, want the fullest cell and the colour bar", colors[darkest], darkest)
	}
	buf.Reset()
	if err := f.WriteSVG(&buf); err != nil {
		t.Fatal(err)
	}
	texts, _ := svgInfo(t, buf.Bytes())
	for _, want := range []string{"A: a", "B: b", "linearity × rooms", "levels"} {
		if !containsText(texts, want) {
			t.Errorf("SVG text %q lacks %q", texts, want)
		}
	}
}

func containsText(texts []string, s string) bool {
	for _, t := range texts {
		if strings.TrimSpace(t) == s {
			return true
		}
	}
	return false
}

func TestWritePlots(t *testing.T) {
	dir := t.TempDir()
	r := Analyze(Series{"quads", synthetic(3, 4, 4, 10)})
	files, err := r.WritePlots(filepath.Join(dir, "plots"))
	if err != nil {
		t.Fatal(err)
	}
	want := 2 * (len(MetricNames()) - 5 + len(heatmaps)) // no walkthrough metrics: the levels have no locks
	if len(files) != want {
		t.Errorf("%d files, want %d", len(files), want)
	}
	entries, err := os.ReadDir(filepath.Join(dir, "plots"))
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != want {
		t.Errorf("the directory holds %d files, want %d and no temporary file", len(entries), want)
	}
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), ".") {
			t.Errorf("temporary file %s left behind", e.Name())
		}
	}
	data, err := os.ReadFile(filepath.Join(dir, "plots", "hist-cycles.png"))
	if err != nil {
		t.Fatal(err)
	}
	decodePNG(t, data)

	// A directory that cannot be made is an error, and nothing is written.
	blocker := filepath.Join(dir, "file")
	if err := os.WriteFile(blocker, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := r.WritePlots(filepath.Join(blocker, "plots")); err == nil {
		t.Error("writing under a file: no error")
	}
}
