package render

import (
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/fogleman/gg"
	"github.com/golang/freetype/truetype"
	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/math/fixed"

	"github.com/dungraph/dungraph/internal/textsafe"
	"github.com/dungraph/dungraph/levelfile"
)

// DefaultSize is the side of a preview, in pixels, when PNG.Size is 0.
const DefaultSize = 1600

// PNG renders previews of a level. The zero value renders a 1600 × 1600
// picture without labels. A PNG holds no state, so one value may render
// from many goroutines at once.
//
// The picture shows rooms as their W × H rectangles filled with their tag's
// colour (params.tags.<tag>.color, else a colour of a fixed palette chosen
// by the tag's place in the sorted list of the level's tags), corridors as
// thick lines between room centres under the rooms, cosmetic rooms hatched
// and translucent, cosmetic edges dashed and faint, and a footer with a
// legend of the tags (label and count) and the ruleset, seed and attempt.
// The level is scaled to fit with a margin, keeping its proportions; world
// y grows downwards, as in the layout and the ruleset editor.
type PNG struct {
	// Size is the width and height of the image, in pixels, from MinSize
	// to MaxSize. Default DefaultSize.
	Size int
	// Labels writes each room's id and tag in it.
	Labels bool
	// Trace writes in a badge at each room's corner the step of the build
	// trace that created it (its created_by; "S" for the start vertex),
	// and for a level with locks draws its walkthrough (route.solution):
	// the walk as a blue line beside the corridors, to the right of each
	// step's direction, a key in each key room and a padlock in each
	// locked room.
	//
	// Labels and badges shrink with the rooms and are left out where the
	// rooms are too small to hold legible text.
	Trace bool
	// Delay is how long WriteGIF shows each frame but the last, which it
	// holds five times as long. Default 500ms; GIF counts in hundredths of
	// a second.
	Delay time.Duration
}

// MinSize and MaxSize bound PNG.Size: below MinSize the footer leaves no
// room for the level, and MaxSize keeps an image under a gigabyte.
const (
	MinSize = 64
	MaxSize = 1 << 14
)

func (o PNG) size() (int, error) {
	switch {
	case o.Size == 0:
		return DefaultSize, nil
	case o.Size < MinSize:
		return 0, fmt.Errorf("render: size %d is too small: want at least %d pixels", o.Size, MinSize)
	case o.Size > MaxSize:
		return 0, fmt.Errorf("render: size %d is too large: want at most %d pixels", o.Size, MaxSize)
	}
	return o.Size, nil
}

// Render draws d.
func (o PNG) Render(d *levelfile.Document) (image.Image, error) {
	s, err := newScene(o, d)
	if err != nil {
		return nil, err
	}
	defer s.release()
	return s.draw(len(d.Trace.Steps), ""), nil
}

// Write renders d and writes it to w as a PNG. The same document and
// options give the same bytes on the same platform.
func (o PNG) Write(w io.Writer, d *levelfile.Document) error {
	s, err := newScene(o, d)
	if err != nil {
		return err
	}
	defer s.release()
	img, _ := canvases.Get().(*image.RGBA)
	if img == nil || img.Rect != image.Rect(0, 0, s.size, s.size) {
		img = image.NewRGBA(image.Rect(0, 0, s.size, s.size))
	}
	defer canvases.Put(img)
	s.drawOn(img, len(d.Trace.Steps), "")
	// drawOn paints every pixel opaque and draws over them, so the
	// picture is opaque without image.RGBA.Opaque's scan.
	if err := encodeOpaque(w, img); err != nil {
		return fmt.Errorf("render: writing PNG: %w", err)
	}
	return nil
}

// canvases holds pictures that Write has encoded, for the next Write to
// draw on: drawing starts by painting every pixel, and a fresh 1600²
// picture costs a tenth of the drawing to allocate and zero.
var canvases sync.Pool

// encodePNG writes img as a PNG: an opaque RGBA picture, as every preview
// is, through encodeOpaque; anything else through image/png.
func encodePNG(w io.Writer, img image.Image) error {
	var err error
	if rgba, ok := img.(*image.RGBA); ok && rgba.Opaque() {
		err = encodeOpaque(w, rgba)
	} else {
		err = (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(w, img)
	}
	if err != nil {
		return fmt.Errorf("render: writing PNG: %w", err)
	}
	return nil
}

// The parsed fonts are immutable and safe to share; a font.Face made from
// them is not, so each scene makes its own.
var (
	fontsOnce         sync.Once
	regular, boldFont *truetype.Font
	fontsErr          error
)

func fonts() (*truetype.Font, *truetype.Font, error) {
	fontsOnce.Do(func() {
		regular, fontsErr = truetype.Parse(goregular.TTF)
		if fontsErr == nil {
			boldFont, fontsErr = truetype.Parse(gobold.TTF)
		}
	})
	return regular, boldFont, fontsErr
}

// A scene is a document fitted to a picture: transform, colours, faces and
// footer layout, shared by the frames of an animation.
type scene struct {
	o    PNG
	d    *levelfile.Document
	size int
	u    float64 // one pixel of a 1600-pixel picture

	// World to pixels: px = ox + (x/4 − minX) × 4 × scale, likewise for
	// y; minX and minY are quartered world coordinates (see fit).
	minX, minY, ox, oy, scale float64

	tags   []string // the level's tags, sorted
	colors map[string]color.RGBA

	title, legend, label, badge font.Face
	titleSize, legendSize       float64
	labelSize, badgeSize        float64

	footerTop float64
	entries   []legendEntry
	hidden    int // tags left out of the legend for lack of room

	// reference draws every shape with gg (see pen).
	reference bool

	faces []pooledFace // to give back to facePools
}

// facePools keeps font faces between pictures, one pool per font and
// size: a face rasterises each glyph once, into its cache, and a new face
// costs a cache of 512 glyph masks (about 0.7 MB at 26 pixels). A face is
// not safe for concurrent use, so a scene takes its own faces and gives
// them back when it is done with them (release). Sizes are whole pixels,
// so there are a few dozen pools at most; the pools drop idle faces at
// garbage collections.
var facePools sync.Map // faceKey → *sync.Pool of font.Face

type faceKey struct {
	font *truetype.Font
	size float64
}

type pooledFace struct {
	key  faceKey
	face font.Face
}

func takeFace(k faceKey) font.Face {
	p, _ := facePools.LoadOrStore(k, &sync.Pool{})
	if face, ok := p.(*sync.Pool).Get().(font.Face); ok {
		return face
	}
	return truetype.NewFace(k.font, &truetype.Options{Size: k.size, DPI: 72, Hinting: font.HintingNone})
}

// release gives the scene's faces back to facePools; the scene draws no
// text after it.
func (s *scene) release() {
	for _, f := range s.faces {
		if p, ok := facePools.Load(f.key); ok {
			p.(*sync.Pool).Put(f.face)
		}
	}
	s.faces = nil
	s.title, s.legend, s.label, s.badge = nil, nil, nil, nil
}

type legendEntry struct {
	tag      string
	cosmetic bool // every vertex of the tag is cosmetic
	x, y     float64
}

func newScene(o PNG, d *levelfile.Document) (*scene, error) {
	if d == nil {
		return nil, fmt.Errorf("render: nil document")
	}
	if err := d.Validate(); err != nil {
		return nil, err
	}
	size, err := o.size()
	if err != nil {
		return nil, err
	}
	reg, bold, err := fonts()
	if err != nil {
		return nil, fmt.Errorf("render: loading fonts: %w", err)
	}
	s := &scene{o: o, d: d, size: size, u: float64(size) / DefaultSize}
	px := func(v, lo float64) float64 { return math.Max(math.Round(v*s.u), lo) }
	s.titleSize, s.legendSize = px(26, 9), px(22, 8)
	face := func(f *truetype.Font, size float64) font.Face {
		k := faceKey{f, size}
		face := takeFace(k)
		s.faces = append(s.faces, pooledFace{k, face})
		return face
	}
	s.title, s.legend = face(bold, s.titleSize), face(reg, s.legendSize)

	count := map[string]int{}
	plain := map[string]bool{}
	for _, v := range d.Vertices {
		if count[v.Tag] == 0 {
			s.tags = append(s.tags, v.Tag)
		}
		count[v.Tag]++
		if !v.Cosmetic {
			plain[v.Tag] = true
		}
	}
	slices.Sort(s.tags)
	s.colors = tagColors(d, s.tags)
	s.layoutFooter(count, plain)
	if err := s.fit(); err != nil {
		return nil, err
	}
	// Labels and badges shrink with the rooms, so that a large level is
	// not buried under text, and are left out below a legible size.
	side := s.medianSide()
	s.labelSize = math.Round(math.Min(math.Max(17*s.u, 9), 0.3*side))
	s.badgeSize = math.Round(math.Min(math.Max(14*s.u, 8), 0.25*side))
	if s.labelSize >= minText {
		s.label = face(reg, s.labelSize)
	}
	if s.badgeSize >= minText {
		s.badge = face(bold, s.badgeSize)
	}
	return s, nil
}

// minText is the smallest text size, in pixels, drawn in rooms.
const minText = 7

// medianSide is the median of the rooms' shorter sides, in pixels.
func (s *scene) medianSide() float64 {
	if len(s.d.Vertices) == 0 {
		return 0
	}
	sides := make([]float64, len(s.d.Vertices))
	for i, v := range s.d.Vertices {
		sides[i] = math.Min(float64(v.W), float64(v.H)) * s.scale
	}
	slices.Sort(sides)
	return sides[len(sides)/2]
}

// layoutFooter places the legend entries in rows above the title line and
// sets footerTop.
func (s *scene) layoutFooter(count map[string]int, plain map[string]bool) {
	pad := math.Round(16 * s.u)
	line := math.Round(s.legendSize * 1.6)
	swatch := s.legendSize
	gap := math.Round(28 * s.u)
	width := float64(s.size) - 2*pad
	const maxRows = 4
	x, row := pad, 0
	for i, t := range s.tags {
		text := s.legendText(t, count[t])
		w := swatch + s.legendSize*0.5 + textWidth(s.legend, text)
		if x > pad && x+w > pad+width {
			x, row = pad, row+1
		}
		if row == maxRows {
			s.hidden = len(s.tags) - i
			break
		}
		s.entries = append(s.entries, legendEntry{tag: t, cosmetic: !plain[t], x: x, y: float64(row)})
		x += w + gap
	}
	rows := 0
	if len(s.entries) > 0 {
		rows = int(s.entries[len(s.entries)-1].y) + 1
	}
	if s.hidden > 0 {
		rows = maxRows + 1
	}
	titleLine := math.Round(s.titleSize * 1.6)
	height := pad + float64(rows)*line + titleLine + pad*0.5
	s.footerTop = float64(s.size) - height
	for i := range s.entries {
		s.entries[i].y = s.footerTop + pad + s.entries[i].y*line + line/2
	}
}

// tagCounts counts the rooms of each tag drawn with the vertices created
// before step upTo: the legend of an animation's frame counts its own.
func (s *scene) tagCounts(upTo int) map[string]int {
	count := map[string]int{}
	for _, v := range s.d.Vertices {
		if v.CreatedBy < upTo {
			count[v.Tag]++
		}
	}
	return count
}

// legendText is a legend entry: the tag's label and how many rooms have it.
func (s *scene) legendText(t string, n int) string {
	return s.tagLabel(t) + " × " + strconv.Itoa(n)
}

// tagLabel is a tag's label, with the tag itself when they differ.
func (s *scene) tagLabel(t string) string {
	if l := s.d.Params.Tags[t].Label; l != "" && l != t {
		return textsafe.Escape(l) + " (" + t + ")"
	}
	return t
}

// fit computes the world-to-pixel transform that centres the level's rooms
// in the area above the footer. It works on quartered coordinates, whose
// extents cannot overflow, so that any finite document gives finite pixels
// inside the picture: a room is never drawn outside it, and no loop of the
// drawing runs longer than the picture is wide.
func (s *scene) fit() error {
	minX, minY := math.Inf(1), math.Inf(1)
	maxX, maxY := math.Inf(-1), math.Inf(-1)
	for _, v := range s.d.Vertices {
		// A room at x spans quarter(x) ± quarter(w/2) here.
		x, y, hw, hh := quarter(float64(v.X)), quarter(float64(v.Y)), quarter(float64(v.W)/2), quarter(float64(v.H)/2)
		minX, maxX = math.Min(minX, x-hw), math.Max(maxX, x+hw)
		minY, maxY = math.Min(minY, y-hh), math.Max(maxY, y+hh)
	}
	if len(s.d.Vertices) == 0 {
		minX, minY, maxX, maxY = 0, 0, 0, 0
	}
	margin := math.Round(48 * s.u)
	aw, ah := float64(s.size)-2*margin, s.footerTop-2*margin
	aw, ah = math.Max(aw, 1), math.Max(ah, 1)
	qw, qh := maxX-minX, maxY-minY // a quarter of the bounding box's sides
	const maxScale = 1e9           // pixels per world unit, for levels of one point
	scale := maxScale
	if qw > 0 {
		scale = math.Min(scale, aw/4/qw)
	}
	if qh > 0 {
		scale = math.Min(scale, ah/4/qh)
	}
	s.scale, s.minX, s.minY = scale, minX, minY
	s.ox = margin + aw/2 - 2*(qw*scale)
	s.oy = margin + ah/2 - 2*(qh*scale)
	for _, v := range []float64{s.scale, s.ox, s.oy} {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return fmt.Errorf("render: cannot fit the level in the picture")
		}
	}
	return nil
}

// quarter divides v by 4, exactly for all but subnormal values.
func quarter(v float64) float64 { return v / 4 }

func (s *scene) pt(x, y levelfile.Float) (float64, float64) {
	return s.ox + (quarter(float64(x))-s.minX)*s.scale*4, s.oy + (quarter(float64(y))-s.minY)*s.scale*4
}

// draw draws the level with the vertices created before step upTo (all of
// them for len(steps)) and the edges between them. caption, if not empty,
// is added to the title line.
func (s *scene) draw(upTo int, caption string) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, s.size, s.size))
	s.drawOn(img, upTo, caption)
	return img
}

// drawOn draws as draw does on img, a picture of s.size × s.size pixels,
// over whatever it holds.
func (s *scene) drawOn(img *image.RGBA, upTo int, caption string) {
	dc := newPen(img, s.reference)
	paint(img, paperColor)
	visible := func(id int) bool { return s.d.Vertices[id].CreatedBy < upTo }

	// Corridors first, so that rooms cover their ends.
	margin := float64(s.d.Params.Rooms.Margin)
	corridor := min(max(0.4*margin*s.scale, 2*s.u), float64(s.size)/8)
	wall := math.Max(1.5*s.u, 1)
	dc.SetLineCap(gg.LineCapRound)
	dc.SetLineWidth(math.Max(1.2*s.u, 1))
	dc.SetDash(7*s.u+1, 5*s.u+1)
	dc.SetColor(withAlpha(wallColor, 0x80))
	for _, e := range s.d.Edges {
		if e.Cosmetic && visible(e.A) && visible(e.B) {
			s.line(dc, e)
			dc.Stroke()
		}
	}
	dc.SetDash()
	for pass, c := range []color.RGBA{wallColor, floorColor} {
		width := corridor + 2*wall*float64(1-pass)
		for _, e := range s.d.Edges {
			if !e.Cosmetic && visible(e.A) && visible(e.B) {
				x1, y1, x2, y2 := s.ends(e)
				dc.strokeLine(x1, y1, x2, y2, width, c)
			}
		}
	}

	// Cosmetic rooms under the others: they are scenery.
	for _, cosmetic := range []bool{true, false} {
		for id, v := range s.d.Vertices {
			if v.Cosmetic == cosmetic && visible(id) {
				s.room(dc, v, wall)
			}
		}
	}
	if s.o.Trace {
		s.walkthrough(dc, visible)
	}
	s.markers(dc, visible)
	if s.o.Labels || s.o.Trace {
		for id, v := range s.d.Vertices {
			if visible(id) {
				s.annotate(dc, v)
			}
		}
	}
	s.footer(dc, upTo, caption)
}

func (s *scene) line(dc *pen, e levelfile.Edge) {
	dc.DrawLine(s.ends(e))
}

// ends is where edge e's line starts and ends: its rooms' centres.
func (s *scene) ends(e levelfile.Edge) (x1, y1, x2, y2 float64) {
	a, b := s.d.Vertices[e.A], s.d.Vertices[e.B]
	x1, y1 = s.pt(a.X, a.Y)
	x2, y2 = s.pt(b.X, b.Y)
	return x1, y1, x2, y2
}

// rect returns a room's rectangle in pixels, clipped to a frame around
// the picture: fit keeps rooms inside it, except where a room's size is
// lost in the rounding of its huge coordinates.
func (s *scene) rect(v levelfile.Vertex) (x, y, w, h float64) {
	cx, cy := s.pt(v.X, v.Y)
	w, h = math.Max(float64(v.W)*s.scale, 2), math.Max(float64(v.H)*s.scale, 2)
	lo, hi := -float64(s.size), 2*float64(s.size)
	x0, y0 := max(cx-w/2, lo), max(cy-h/2, lo)
	x1, y1 := min(cx+w/2, hi), min(cy+h/2, hi)
	return x0, y0, max(x1-x0, 2), max(y1-y0, 2)
}

func (s *scene) room(dc *pen, v levelfile.Vertex, wall float64) {
	x, y, w, h := s.rect(v)
	r := math.Min(w, h) * 0.12
	c := s.colors[v.Tag]
	if !v.Cosmetic {
		dc.fillRoundRect(x, y, w, h, r, c)
		dc.strokeRoundRect(x, y, w, h, r, wall, shade(c, 0.5))
		return
	}
	dark := shade(c, 0.45)
	dc.fillRoundRect(x, y, w, h, r, withAlpha(c, 0x70))
	s.hatch(dc, x, y, w, h, r*0.3+wall, withAlpha(dark, 0xb0))
	dc.DrawRoundedRectangle(x, y, w, h, r)
	dc.SetColor(withAlpha(dark, 0xd0))
	dc.SetLineWidth(wall)
	dc.SetDash(5*s.u+1, 4*s.u+1)
	dc.Stroke()
	dc.SetDash()
}

// hatch draws diagonal lines across the rectangle inset by in, clipped
// by hand: gg's clip masks cost a full-size image each.
func (s *scene) hatch(dc *pen, x, y, w, h, in float64, c color.RGBA) {
	// Clipped to the picture too, which bounds the loop below.
	size := float64(s.size)
	x0, y0, x1, y1 := max(x+in, 0), max(y+in, 0), min(x+w-in, size), min(y+h-in, size)
	if !(x1 > x0 && y1 > y0) {
		return
	}
	step := math.Max(9*s.u, 4) * math.Sqrt2
	dc.SetColor(c)
	dc.SetLineWidth(math.Max(1.2*s.u, 1))
	dc.SetLineCap(gg.LineCapButt)
	// Lines x + y = k, from the top-left corner to the bottom-right one.
	for k := x0 + y0 + step/2; k < x1+y1; k += step {
		xa, xb := math.Max(x0, k-y1), math.Min(x1, k-y0)
		if xa < xb {
			dc.DrawLine(xa, k-xa, xb, k-xb)
			dc.Stroke()
		}
	}
	dc.SetLineCap(gg.LineCapRound)
}

// markerSize is the radius of the entrance's or the goal's marker in
// room v.
func (s *scene) markerSize(v levelfile.Vertex) float64 {
	_, _, w, h := s.rect(v)
	return min(max(min(w, h)*0.22, 4*s.u, 3), float64(s.size)/16)
}

// labelAt is where a room's label is centred: the room's centre, or, in
// the entrance's and the goal's rooms, below their marker, so that the
// label does not hide it.
func (s *scene) labelAt(v levelfile.Vertex) (x, y float64) {
	rx, ry, w, h := s.rect(v)
	x, y = rx+w/2, ry+h/2
	if rt := s.d.Route; v.ID == rt.Entrance || v.ID == rt.Goal {
		y += s.markerSize(v) + s.labelSize*0.75
	}
	return x, y
}

// markers marks the entrance with a green play sign and the goal with a
// gold star, centred on their rooms (the goal's sits to the right when the
// two share a room).
func (s *scene) markers(dc *pen, visible func(int) bool) {
	rt := s.d.Route
	n := len(s.d.Vertices)
	if rt.Entrance < 0 || rt.Entrance >= n || rt.Goal < 0 || rt.Goal >= n {
		return
	}
	size := s.markerSize
	if e := s.d.Vertices[rt.Entrance]; visible(e.ID) {
		x, y := s.pt(e.X, e.Y)
		r := size(e)
		if rt.Goal == rt.Entrance {
			x -= r
		}
		dc.fillCircle(x, y, r, paperColor)
		dc.strokeCircle(x, y, r, math.Max(r*0.18, 1), entranceColor)
		dc.SetColor(entranceColor)
		dc.MoveTo(x-r*0.35, y-r*0.5)
		dc.LineTo(x+r*0.55, y)
		dc.LineTo(x-r*0.35, y+r*0.5)
		dc.ClosePath()
		dc.Fill()
	}
	if g := s.d.Vertices[rt.Goal]; visible(g.ID) {
		x, y := s.pt(g.X, g.Y)
		r := size(g)
		if rt.Goal == rt.Entrance {
			x += r
		}
		// A five-pointed star: the points' unit vectors, precomputed so
		// that no transcendental function reaches the picture.
		star := [10][2]float64{
			{0, -1}, {0.2245, -0.309}, {0.9511, -0.309}, {0.3633, 0.118}, {0.5878, 0.809},
			{0, 0.382}, {-0.5878, 0.809}, {-0.3633, 0.118}, {-0.9511, -0.309}, {-0.2245, -0.309},
		}
		for i, p := range star {
			if i == 0 {
				dc.MoveTo(x+r*p[0], y+r*p[1])
			} else {
				dc.LineTo(x+r*p[0], y+r*p[1])
			}
		}
		dc.ClosePath()
		dc.SetColor(goalColor)
		dc.FillPreserve()
		dc.SetColor(inkColor)
		dc.SetLineWidth(math.Max(r*0.1, 1))
		dc.Stroke()
	}
}

// annotate writes a room's label and trace badge.
func (s *scene) annotate(dc *pen, v levelfile.Vertex) {
	x, y, _, _ := s.rect(v)
	c := s.colors[v.Tag]
	if s.o.Labels && s.label != nil {
		bg := c
		if v.Cosmetic {
			bg = paperColor
		}
		lx, ly := s.labelAt(v)
		drawText(dc, s.label, inkOn(bg), strconv.Itoa(v.ID)+" "+v.Tag, lx, ly, 0.5, 0.35)
	}
	if s.o.Trace && s.badge != nil {
		text := "S"
		if v.CreatedBy >= 0 {
			text = strconv.Itoa(v.CreatedBy)
		}
		tw := textWidth(s.badge, text)
		bh := s.badgeSize * 1.3
		bw := math.Max(tw+s.badgeSize*0.7, bh)
		// Astride the top-left corner, clear of the label.
		bx, by := x-bh*0.35, y-bh*0.45
		dc.fillRoundRect(bx, by, bw, bh, bh/2, badgeColor)
		dc.strokeRoundRect(bx, by, bw, bh, bh/2, math.Max(s.u, 1), shade(c, 0.5))
		drawText(dc, s.badge, inkColor, text, bx+bw/2, by+bh/2, 0.5, 0.35)
	}
}

// footer draws the legend and the title line.
func (s *scene) footer(dc *pen, upTo int, caption string) {
	dc.fillRoundRect(0, s.footerTop, float64(s.size), float64(s.size)-s.footerTop, 0, footerColor)
	dc.SetColor(withAlpha(wallColor, 0x60))
	dc.SetLineWidth(math.Max(s.u, 1))
	dc.DrawLine(0, s.footerTop, float64(s.size), s.footerTop)
	dc.Stroke()

	pad := math.Round(16 * s.u)
	sw := s.legendSize
	count := s.tagCounts(upTo)
	for _, e := range s.entries {
		c := s.colors[e.tag]
		fill := c
		if e.cosmetic {
			fill = withAlpha(c, 0x70)
		}
		dc.fillRoundRect(e.x, e.y-sw/2, sw, sw, sw*0.2, fill)
		dc.strokeRoundRect(e.x, e.y-sw/2, sw, sw, sw*0.2, math.Max(s.u, 1), shade(c, 0.5))
		drawText(dc, s.legend, inkColor, s.legendText(e.tag, count[e.tag]), e.x+sw*1.5, e.y, 0, 0.35)
	}
	if s.hidden > 0 {
		y := s.footerTop + pad + 4*math.Round(s.legendSize*1.6) + math.Round(s.legendSize*1.6)/2
		drawText(dc, s.legend, inkColor, fmt.Sprintf("and %d more tags", s.hidden), pad, y, 0, 0.35)
	}

	d := s.d
	var title strings.Builder
	fmt.Fprintf(&title, "%s · seed %d", textsafe.Escape(d.Ruleset.Name), d.Seed)
	if d.Attempt > 0 {
		fmt.Fprintf(&title, " · attempt %d", d.Attempt)
	}
	if caption != "" {
		title.WriteString(" · " + caption)
	}
	rooms, corridors := 0, 0
	for _, v := range d.Vertices {
		if !v.Cosmetic && v.CreatedBy < upTo {
			rooms++
		}
	}
	for _, e := range d.Edges {
		if !e.Cosmetic && d.Vertices[e.A].CreatedBy < upTo && d.Vertices[e.B].CreatedBy < upTo {
			corridors++
		}
	}
	y := float64(s.size) - pad*0.5 - math.Round(s.titleSize*1.6)/2
	drawText(dc, s.title, inkColor, title.String(), pad, y, 0, 0.35)
	drawText(dc, s.legend, inkColor, counted(rooms, "room")+" · "+counted(corridors, "corridor"), float64(s.size)-pad, y, 1, 0.35)
}

// counted is n and a noun whose plural adds an s: "1 room", "2 rooms".
func counted(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return strconv.Itoa(n) + " " + noun + "s"
}

// drawText writes str in face f and colour c at x, y, anchored as gg's
// DrawStringAnchored anchors it (ax and ay are fractions of the string's
// width and of the face's height), and draws each glyph's mask as it is
// with image/draw: gg resamples every glyph through a bilinear transform,
// at a fifth of the drawing's cost, to move it by whole pixels.
func drawText(dc *pen, f font.Face, c color.RGBA, str string, x, y, ax, ay float64) {
	dc.SetFontFace(f)
	w, h := dc.MeasureString(str)
	x -= ax * w
	y += ay * h
	dst := dc.img
	src := image.NewUniform(c)
	dot := fixed.Point26_6{X: fixed.Int26_6(x * 64), Y: fixed.Int26_6(y * 64)}
	prev := rune(-1)
	for _, r := range str {
		if prev >= 0 {
			dot.X += f.Kern(prev, r)
		}
		dr, mask, mp, advance, ok := f.Glyph(dot, r)
		if !ok {
			continue
		}
		draw.DrawMask(dst, dr, src, image.Point{}, mask, mp, draw.Over)
		dot.X += advance
		prev = r
	}
}

func textWidth(f font.Face, s string) float64 {
	return float64(font.MeasureString(f, s)) / 64
}
