package render

import (
	"encoding/binary"
	"image"
	"image/color"
	"math"

	"github.com/fogleman/gg"
)

// The preview's rooms, corridors, walkthrough lines and legend swatches
// are drawn by the scanline rasteriser of this file instead of gg's
// (freetype's), which builds every rounded corner from sixteen Bézier
// curves, flattens and strokes them into polygons and accumulates signed
// areas cell by cell for every pixel it covers. Here each shape is
// convex and known in closed form, so each row splits into a run of pixels
// inside it, written as whole words, and a few pixels on its edges, whose
// coverage is the exact area of the pixel on the inside of the edge's
// tangent line (edgeCoverage). The pixels match gg's within the bound
// TestScanlineMatchesGG states; NOTES.md (render) has the measurements.

// A convex shape, in pixel coordinates (pixel (x, y) spans [x, x+1) ×
// [y, y+1)).
type convex interface {
	// rows is the shape's vertical extent.
	rows() (top, bottom float64)
	// extent is the shape's horizontal extent on the line y, which must
	// lie within rows.
	extent(y float64) (l, r float64)
	// extremes are the ranges of y at which the shape reaches its least
	// x (l0 to l1) and its greatest (r0 to r1).
	extremes() (l0, l1, r0, r1 float64)
	// coverage is the part of the pixel centred at (x, y) inside the
	// shape, from 0 to 1.
	coverage(x, y float64) float64
}

// roundRect is a rectangle from (x0, y0) to (x1, y1) with corners rounded
// to radius r, at most half its shorter side.
type roundRect struct{ x0, y0, x1, y1, r float64 }

func newRoundRect(x, y, w, h, r float64) roundRect {
	r = max(min(r, w/2, h/2), 0)
	return roundRect{x, y, x + w, y + h, r}
}

func (q roundRect) rows() (float64, float64) { return q.y0, q.y1 }

func (q roundRect) extent(y float64) (float64, float64) {
	dy := 0.0
	if y < q.y0+q.r {
		dy = q.y0 + q.r - y
	} else if y > q.y1-q.r {
		dy = y - (q.y1 - q.r)
	}
	k := 0.0
	if dy > 0 {
		k = q.r - math.Sqrt(max(float64(q.r*q.r)-float64(dy*dy), 0))
	}
	return q.x0 + k, q.x1 - k
}

func (q roundRect) extremes() (float64, float64, float64, float64) {
	return q.y0 + q.r, q.y1 - q.r, q.y0 + q.r, q.y1 - q.r
}

func (q roundRect) coverage(x, y float64) float64 {
	hx, hy := (q.x1-q.x0)/2, (q.y1-q.y0)/2
	dx, dy := math.Abs(x-(q.x0+hx)), math.Abs(y-(q.y0+hy))
	qx, qy := dx-(hx-q.r), dy-(hy-q.r)
	switch {
	case q.r >= 2 && qx > 0 && qy > 0:
		d := math.Sqrt(float64(qx*qx) + float64(qy*qy))
		return edgeCoverage(q.r-d, qx/d, qy/d)
	case q.r > 0 && q.r < 2 && qx > -0.5 && qy > -0.5:
		// A corner too tight for its tangent line: sample the pixel.
		return sampled(x, y, q.contains)
	}
	// Along the straight sides the coverage of the two perpendicular
	// bands is exact.
	return band(dx, hx) * band(dy, hy)
}

// band is the share of a pixel's width inside a band of half-width h
// whose middle is d ≥ 0 from the pixel's centre.
func band(d, h float64) float64 { return max(min(0.5, h-d)+min(0.5, h+d), 0) }

// contains reports whether the point (x, y) is in q.
func (q roundRect) contains(x, y float64) bool {
	if x < q.x0 || x > q.x1 || y < q.y0 || y > q.y1 {
		return false
	}
	cx, cy := min(max(x, q.x0+q.r), q.x1-q.r), min(max(y, q.y0+q.r), q.y1-q.r)
	return float64((x-cx)*(x-cx))+float64((y-cy)*(y-cy)) <= q.r*q.r
}

// sampled is the share of 16 × 16 points of the pixel centred at (x, y)
// for which in holds.
func sampled(x, y float64, in func(x, y float64) bool) float64 {
	k := 0
	for i := range 16 {
		sy := y - 0.5 + (float64(i)+0.5)/16
		for j := range 16 {
			if in(x-0.5+(float64(j)+0.5)/16, sy) {
				k++
			}
		}
	}
	return float64(k) / 256
}

// capsule is the segment from (ax, ay) to (bx, by) thickened by r on
// every side: a line with round caps, or a disc when the ends coincide.
type capsule struct {
	ax, ay, bx, by, r float64
	n2                float64       // the segment's squared length
	corners           [4][2]float64 // of the rectangle between the caps
}

func newCapsule(ax, ay, bx, by, r float64) capsule {
	c := capsule{ax: ax, ay: ay, bx: bx, by: by, r: r}
	dx, dy := bx-ax, by-ay
	c.n2 = float64(dx*dx) + float64(dy*dy)
	if n := math.Sqrt(c.n2); n > 0 {
		nx, ny := -dy/n*r, dx/n*r
		c.corners = [4][2]float64{{ax + nx, ay + ny}, {bx + nx, by + ny}, {bx - nx, by - ny}, {ax - nx, ay - ny}}
	}
	return c
}

func (c capsule) rows() (float64, float64) {
	return min(c.ay, c.by) - c.r, max(c.ay, c.by) + c.r
}

func (c capsule) extent(y float64) (float64, float64) {
	l, r := math.Inf(1), math.Inf(-1)
	for _, p := range [2][2]float64{{c.ax, c.ay}, {c.bx, c.by}} {
		if dy := y - p[1]; math.Abs(dy) <= c.r {
			h := math.Sqrt(max(float64(c.r*c.r)-float64(dy*dy), 0))
			l, r = min(l, p[0]-h), max(r, p[0]+h)
		}
	}
	if !(c.n2 > 0) {
		return l, r
	}
	for i, p := range c.corners {
		q := c.corners[(i+1)%4]
		if (p[1]-y)*(q[1]-y) > 0 || p[1] == q[1] {
			continue
		}
		x := p[0] + float64((y-p[1])/(q[1]-p[1])*(q[0]-p[0])) // rounded before the sum: no FMA on arm64
		l, r = min(l, x), max(r, x)
	}
	return l, r
}

func (c capsule) extremes() (float64, float64, float64, float64) {
	// The leftmost point is the centre line of the left end's cap (all of
	// it when the segment is vertical), likewise the rightmost.
	switch {
	case c.ax < c.bx:
		return c.ay, c.ay, c.by, c.by
	case c.bx < c.ax:
		return c.by, c.by, c.ay, c.ay
	}
	lo, hi := min(c.ay, c.by), max(c.ay, c.by)
	return lo, hi, lo, hi
}

func (c capsule) coverage(x, y float64) float64 {
	dx, dy := c.bx-c.ax, c.by-c.ay
	px, py := x-c.ax, y-c.ay
	t := 0.0
	if c.n2 > 0 {
		t = (float64(px*dx) + float64(py*dy)) / c.n2
	}
	if c.r < 1.25 && (t < 0 || t > 1 || float64(t*t*c.n2) < 1 || float64((1-t)*(1-t)*c.n2) < 1) {
		// Within a pixel of a cap too tight for its tangent line.
		return sampled(x, y, c.contains)
	}
	t = min(max(t, 0), 1)
	ex, ey := px-float64(t*dx), py-float64(t*dy)
	d := math.Sqrt(float64(ex*ex) + float64(ey*ey))
	if !(d > 0) {
		return min(2*c.r, 1) // on the centre line: a band of width 2r
	}
	a, b := math.Abs(ex)/d, math.Abs(ey)/d
	// The band between the two sides, exact for lines thinner than a pixel.
	return edgeCoverage(c.r-d, a, b) - edgeCoverage(-c.r-d, a, b)
}

// contains reports whether the point (x, y) is in c.
func (c capsule) contains(x, y float64) bool {
	dx, dy := c.bx-c.ax, c.by-c.ay
	px, py := x-c.ax, y-c.ay
	t := 0.0
	if c.n2 > 0 {
		t = min(max((float64(px*dx)+float64(py*dy))/c.n2, 0), 1)
	}
	ex, ey := px-float64(t*dx), py-float64(t*dy)
	return float64(ex*ex)+float64(ey*ey) <= c.r*c.r
}

// nearest is the point of [ya, yb] nearest to [lo, hi].
func nearest(lo, hi, ya, yb float64) float64 {
	switch {
	case yb < lo:
		return yb
	case ya > hi:
		return ya
	}
	return max(ya, lo)
}

// edgeCoverage is the area of a unit pixel on the inside of a straight
// edge that passes t from the pixel's centre (t > 0: the centre is
// inside), the edge's unit normal having components ±a and ±b: the
// distribution of a·u + b·v for u, v uniform on [-½, ½] is a trapezoid,
// and the area is its cumulative distribution at t.
func edgeCoverage(t, a, b float64) float64 {
	if a < b {
		a, b = b, a
	}
	h := (a + b) / 2
	switch {
	case t <= -h:
		return 0
	case t >= h:
		return 1
	case b < 1e-9:
		return t/a + 0.5
	case t < -(a-b)/2:
		u := t + h
		return u * u / (2 * float64(a*b))
	case t > (a-b)/2:
		u := h - t
		return 1 - u*u/(2*float64(a*b))
	}
	return t/a + 0.5
}

// fillShape paints the part of shape outside hole (nil: none) on img in
// colour c (premultiplied), compositing over what is there with each
// pixel's coverage as freetype's RGBAPainter does, so that a pixel wholly
// inside gets exactly c when c is opaque.
func fillShape(img *image.RGBA, shape, hole convex, c color.RGBA) {
	b := img.Rect
	top, bottom := shape.rows()
	y0 := max(int(math.Floor(top)), b.Min.Y)
	y1 := min(int(math.Ceil(bottom)), b.Max.Y)
	p := newPainter(img, c)
	sr := newRowScan(shape)
	var hr rowScan
	if hole != nil {
		hr = newRowScan(hole)
	}
	for y := y0; y < y1; y++ {
		ya, yb := float64(y), float64(y+1)
		x0, x1, f0, f1, ok := sr.row(ya, yb)
		if !ok {
			continue
		}
		x0, x1 = max(x0, b.Min.X), min(x1, b.Max.X)
		h0, h1, hf0, hf1 := 0, 0, 0, 0 // pixels the hole touches, and fills
		if hole != nil {
			if a0, a1, af0, af1, ok := hr.row(ya, yb); ok {
				h0, h1, hf0, hf1 = a0, a1, af0, af1
			}
		}
		cy := ya + 0.5
		for x := x0; x < x1; {
			if x >= hf0 && x < hf1 {
				x = hf1
				continue
			}
			inHole := x >= h0 && x < h1
			if x >= f0 && x < f1 && !inHole {
				end := f1
				if h0 > x && h0 < end {
					end = h0
				}
				end = min(end, x1)
				p.run(x, end, y)
				x = end
				continue
			}
			cx := float64(x) + 0.5
			cov := shape.coverage(cx, cy)
			if inHole {
				cov -= hole.coverage(cx, cy)
			}
			p.pixel(x, y, cov)
			x++
		}
	}
}

// A rowScan finds, row after row, the pixels a convex shape touches and
// those it covers, evaluating its extent once per line between rows: the
// extent at a row's bottom is the next row's top.
type rowScan struct {
	s                   convex
	top, bottom         float64
	l0, l1, r0, r1      float64
	lastY, lastL, lastR float64
	cached              bool
}

func newRowScan(s convex) rowScan {
	r := rowScan{s: s}
	r.top, r.bottom = s.rows()
	r.l0, r.l1, r.r0, r.r1 = s.extremes()
	return r
}

func (r *rowScan) extent(y float64) (float64, float64) {
	if !r.cached || y != r.lastY {
		r.lastL, r.lastR = r.s.extent(y)
		r.lastY, r.cached = y, true
	}
	return r.lastL, r.lastR
}

// row returns the pixels x0 ≤ x < x1 of the row from ya to yb that the
// shape touches and f0 ≤ x < f1 that lie wholly in it (by convexity, those
// inside its extents on both of the row's edges); ok is false when it
// touches none.
func (r *rowScan) row(ya, yb float64) (x0, x1, f0, f1 int, ok bool) {
	a, b := max(ya, r.top), min(yb, r.bottom)
	if a > b {
		return 0, 0, 0, 0, false
	}
	// The bottom first, then the top, so that the next row's top is the
	// cached value.
	lb, rb := r.s.extent(b)
	la, ra := r.extent(a)
	r.lastY, r.lastL, r.lastR = b, lb, rb
	l, rr := min(la, lb), max(ra, rb)
	if y := nearest(r.l0, r.l1, a, b); y != a && y != b {
		l, _ = r.s.extent(y)
	}
	if y := nearest(r.r0, r.r1, a, b); y != a && y != b {
		_, rr = r.s.extent(y)
	}
	if l > rr {
		return 0, 0, 0, 0, false
	}
	x0, x1 = int(math.Floor(l)), int(math.Ceil(rr))
	if a == ya && b == yb {
		f0, f1 = int(math.Ceil(max(la, lb))), int(math.Floor(min(ra, rb)))
		if f0 >= f1 {
			f0, f1 = 0, 0
		}
	}
	return x0, x1, f0, f1, true
}

// A painter composites one colour over an RGBA picture with freetype's
// RGBAPainter arithmetic (16-bit coverage).
type painter struct {
	img            *image.RGBA
	c              color.RGBA
	cr, cg, cb, ca uint32
	opaque         bool
}

func newPainter(img *image.RGBA, c color.RGBA) painter {
	r, g, b, a := c.RGBA()
	return painter{img: img, c: c, cr: r, cg: g, cb: b, ca: a, opaque: c.A == 0xff}
}

// run paints the pixels x0 ≤ x < x1 of row y at full coverage.
func (p *painter) run(x0, x1, y int) {
	i := p.img.PixOffset(x0, y)
	pix := p.img.Pix[i : i+4*(x1-x0) : i+4*(x1-x0)]
	if p.opaque {
		c := uint64(p.c.R) | uint64(p.c.G)<<8 | uint64(p.c.B)<<16 | uint64(p.c.A)<<24
		two := c | c<<32
		j := 0
		for ; j+8 <= len(pix); j += 8 {
			binary.LittleEndian.PutUint64(pix[j:], two)
		}
		if j < len(pix) {
			binary.LittleEndian.PutUint32(pix[j:], uint32(c))
		}
		return
	}
	for j := 0; j < len(pix); j += 4 {
		p.blend(pix[j:j+4:j+4], 0xffff)
	}
}

// pixel paints pixel (x, y) at coverage cov.
func (p *painter) pixel(x, y int, cov float64) {
	if !(cov > 0) {
		return
	}
	ma := uint32(float64(min(cov, 1)*0xffff) + 0.5)
	i := p.img.PixOffset(x, y)
	if ma == 0xffff && p.opaque {
		p.img.Pix[i], p.img.Pix[i+1], p.img.Pix[i+2], p.img.Pix[i+3] = p.c.R, p.c.G, p.c.B, p.c.A
		return
	}
	p.blend(p.img.Pix[i:i+4:i+4], ma)
}

func (p *painter) blend(d []byte, ma uint32) {
	const m = 1<<16 - 1
	a := (m - (p.ca * ma / m)) * 0x101
	d[0] = uint8((uint32(d[0])*a + p.cr*ma) / m >> 8)
	d[1] = uint8((uint32(d[1])*a + p.cg*ma) / m >> 8)
	d[2] = uint8((uint32(d[2])*a + p.cb*ma) / m >> 8)
	d[3] = uint8((uint32(d[3])*a + p.ca*ma) / m >> 8)
}

// paint sets every pixel of img to the opaque colour c: one row by hand,
// then the rest copied from the rows above in doubling blocks.
func paint(img *image.RGBA, c color.RGBA) {
	w, h := img.Rect.Dx(), img.Rect.Dy()
	if w == 0 || h == 0 {
		return
	}
	p := newPainter(img, c)
	p.run(img.Rect.Min.X, img.Rect.Max.X, img.Rect.Min.Y)
	row := 4 * w
	if img.Stride != row {
		for y := 1; y < h; y++ {
			copy(img.Pix[y*img.Stride:y*img.Stride+row], img.Pix[:row])
		}
		return
	}
	for done := row; done < row*h; done *= 2 {
		copy(img.Pix[done:row*h], img.Pix[:done])
	}
}

// A pen draws one picture: the preview's rounded rectangles and round-capped
// lines through fillShape, everything else through gg. With reference set
// it draws those shapes with gg too: the picture TestScanlineMatchesGG
// compares against.
type pen struct {
	*gg.Context
	img       *image.RGBA
	reference bool
}

func newPen(img *image.RGBA, reference bool) *pen {
	return &pen{Context: gg.NewContextForRGBA(img), img: img, reference: reference}
}

// fillRoundRect fills the rectangle at (x, y) of size w × h with corners
// of radius r.
func (p *pen) fillRoundRect(x, y, w, h, r float64, c color.RGBA) {
	if p.reference {
		p.DrawRoundedRectangle(x, y, w, h, r)
		p.SetColor(c)
		p.Fill()
		return
	}
	fillShape(p.img, newRoundRect(x, y, w, h, r), nil, c)
}

// strokeRoundRect strokes the outline of the same rectangle with a line of
// width lw centred on it.
func (p *pen) strokeRoundRect(x, y, w, h, r, lw float64, c color.RGBA) {
	if p.reference {
		p.DrawRoundedRectangle(x, y, w, h, r)
		p.SetColor(c)
		p.SetLineWidth(lw)
		p.Stroke()
		return
	}
	r = max(min(r, w/2, h/2), 0)
	outer := newRoundRect(x-lw/2, y-lw/2, w+lw, h+lw, r+lw/2)
	var hole convex
	if w > lw && h > lw {
		hole = newRoundRect(x+lw/2, y+lw/2, w-lw, h-lw, r-lw/2)
	}
	fillShape(p.img, outer, hole, c)
}

// strokeLine draws a line of width lw with round caps.
func (p *pen) strokeLine(x1, y1, x2, y2, lw float64, c color.RGBA) {
	if p.reference {
		p.SetLineCap(gg.LineCapRound)
		p.SetLineWidth(lw)
		p.SetColor(c)
		p.DrawLine(x1, y1, x2, y2)
		p.Stroke()
		return
	}
	fillShape(p.img, newCapsule(x1, y1, x2, y2, lw/2), nil, c)
}

// fillCircle fills the disc of radius r centred on (x, y).
func (p *pen) fillCircle(x, y, r float64, c color.RGBA) {
	if p.reference {
		p.DrawCircle(x, y, r)
		p.SetColor(c)
		p.Fill()
		return
	}
	fillShape(p.img, newCapsule(x, y, x, y, r), nil, c)
}

// strokeCircle strokes the circle of radius r centred on (x, y) with a
// line of width lw.
func (p *pen) strokeCircle(x, y, r, lw float64, c color.RGBA) {
	if p.reference {
		p.DrawCircle(x, y, r)
		p.SetColor(c)
		p.SetLineWidth(lw)
		p.Stroke()
		return
	}
	var hole convex
	if r > lw/2 {
		hole = newCapsule(x, y, x, y, r-lw/2)
	}
	fillShape(p.img, newCapsule(x, y, x, y, r+lw/2), hole, c)
}
