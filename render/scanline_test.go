package render

import (
	"image"
	"image/color"
	"math"
	"math/rand/v2"
	"testing"
)

// pictureDiff compares two pictures of the same size channel by channel:
// the largest difference, and how many pixels differ by more than tol in
// some channel, the first of them at first.
func pictureDiff(a, b *image.RGBA, tol int) (largest, over int, first image.Point) {
	first = image.Pt(-1, -1)
	for y := a.Rect.Min.Y; y < a.Rect.Max.Y; y++ {
		for x := a.Rect.Min.X; x < a.Rect.Max.X; x++ {
			i := a.PixOffset(x, y)
			d := 0
			for k := range 4 {
				d = max(d, diff(a.Pix[i+k], b.Pix[i+k]))
			}
			largest = max(largest, d)
			if d > tol {
				if over == 0 {
					first = image.Pt(x, y)
				}
				over++
			}
		}
	}
	return largest, over, first
}

// TestScanlineMatchesGG defines "the same picture" for the scanline
// rasteriser: drawn with it and with gg alone (scene.reference), previews
// of six rulesets at the default 1600 pixels with labels and the trace and
// at 900 without have at least 99% of their pixels within 2 levels in
// every channel and 99.85% within 8. (At a few hundred pixels rooms are
// small enough for gg's outlines to stray from the geometry by up to a
// pixel, TestFillShapeCoverage's reference, so the bound is not kept there.)
func TestScanlineMatchesGG(t *testing.T) {
	cases := []goldenCase{{"dungeon", 1}, {"dungeon", 2}, {"quads", 1}, {"cycles", 3}, {"catacomb", 2}, {"tree", 4}, {"default", 5}}
	for _, c := range cases {
		for _, o := range []PNG{{Labels: true, Trace: true}, {Size: 900}} {
			d := testDoc(t, c)
			s, err := newScene(o, d)
			if err != nil {
				t.Fatal(err)
			}
			got := s.draw(len(d.Trace.Steps), "")
			s.reference = true
			want := s.draw(len(d.Trace.Steps), "")
			n := got.Rect.Dx() * got.Rect.Dy()
			_, over2, _ := pictureDiff(got, want, 2)
			largest, over8, first := pictureDiff(got, want, 8)
			t.Logf("%v at %d: %.3f%% of pixels differ by more than 2, %.3f%% by more than 8, at most %d", c, got.Rect.Dx(), 100*float64(over2)/float64(n), 100*float64(over8)/float64(n), largest)
			if over2 > n/100 || over8 > n*15/10000 {
				t.Errorf("%v at %d: %d pixels differ by more than 2 (at most %d may), %d by more than 8 (at most %d may), the first at %v: %v, gg drew %v",
					c, got.Rect.Dx(), over2, n/100, over8, n*15/10000, first, got.At(first.X, first.Y), want.At(first.X, first.Y))
			}
		}
	}
}

// supersampled is the brute-force reference of fillShape: the share of
// n × n sample points of each pixel inside shape and outside hole, by the
// shapes' own definitions (contains).
func supersampled(w, h int, in func(x, y float64) bool, n int) []float64 {
	cov := make([]float64, w*h)
	for y := range h {
		for x := range w {
			k := 0
			for i := range n {
				for j := range n {
					if in(float64(x)+(float64(i)+0.5)/float64(n), float64(y)+(float64(j)+0.5)/float64(n)) {
						k++
					}
				}
			}
			cov[y*w+x] = float64(k) / float64(n*n)
		}
	}
	return cov
}

// TestFillShapeCoverage draws random rooms, outlines and lines with
// fillShape in white on black and checks every pixel's coverage against
// the 24 × 24 supersampled reference.
func TestFillShapeCoverage(t *testing.T) {
	rng := rand.New(rand.NewPCG(20, 1))
	const w, h = 44, 36
	worst := 0.0
	for i := range 60 {
		x, y := 2+rng.Float64()*10, 2+rng.Float64()*10
		sw, sh := 1+rng.Float64()*28, 1+rng.Float64()*22
		r := min(sw, sh) * rng.Float64() * 0.5
		lw := 0.5 + rng.Float64()*4
		var shape, hole convex
		var in func(x, y float64) bool
		switch i % 3 {
		case 0:
			q := newRoundRect(x, y, sw, sh, r)
			shape, in = q, q.contains
		case 1:
			o := newRoundRect(x-lw/2, y-lw/2, sw+lw, sh+lw, r+lw/2)
			shape = o
			in = o.contains
			if sw > lw && sh > lw {
				ho := newRoundRect(x+lw/2, y+lw/2, sw-lw, sh-lw, r-lw/2)
				hole = ho
				in = func(x, y float64) bool { return o.contains(x, y) && !ho.contains(x, y) }
			}
		default:
			c := newCapsule(x, y, x+sw*(rng.Float64()*2-0.5), y+sh*rng.Float64(), lw/2)
			shape, in = c, c.contains
		}
		img := image.NewRGBA(image.Rect(0, 0, w, h))
		fillShape(img, shape, hole, color.RGBA{0xff, 0xff, 0xff, 0xff})
		want := supersampled(w, h, in, 24)
		for p, cov := range want {
			got := float64(img.Pix[4*p+3]) / 255
			if d := math.Abs(got - cov); d > worst {
				worst = d
			}
			// 24 × 24 samples resolve coverage to about 1/48 along an
			// edge; the tangent-line area is exact on straight edges
			// and off by the circle's sagitta on curved ones.
			if d := math.Abs(got - cov); d > 0.07 {
				t.Fatalf("shape %d (%T %+v, hole %+v): pixel (%d, %d) covered %.3f, want %.3f", i, shape, shape, hole, p%w, p/w, got, cov)
			}
		}
	}
	t.Logf("largest coverage error %.3f", worst)
}
