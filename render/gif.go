package render

import (
	"cmp"
	"fmt"
	"image"
	"image/color"
	"image/gif"
	"io"
	"slices"
	"time"

	"github.com/dungraph/dungraph/internal/textsafe"
	"github.com/dungraph/dungraph/levelfile"
)

// WriteGIF writes an animated GIF of the build to w: one frame for the
// start and one after each rule application of the trace, in which the
// vertices created so far appear.
//
// The trace does not store the drawing at each step, nor the edges and tags
// as they were then, so every frame shows the final layout: vertices keep
// their final positions, sizes and tags, and an edge is shown once both its
// ends exist. The animation tells in which order the level grew, not how
// its drawing moved.
func (o PNG) WriteGIF(w io.Writer, d *levelfile.Document) error {
	s, err := newScene(o, d)
	if err != nil {
		return err
	}
	defer s.release()
	delay := o.Delay
	if delay == 0 {
		delay = 500 * time.Millisecond
	}
	if delay < 0 {
		return fmt.Errorf("render: negative GIF delay %v", delay)
	}
	hundredths := max(int((delay+5*time.Millisecond)/(10*time.Millisecond)), 1)
	steps := d.Trace.Steps
	caption := func(k int) string {
		if k == 0 {
			return "start"
		}
		return fmt.Sprintf("step %d: %s", k-1, textsafe.Escape(steps[k-1].Rule))
	}
	// The palette comes from the last frame, which has every colour the
	// others have but for their captions' text, which is ink anti-aliased
	// on the footer like the last frame's.
	last := s.draw(len(steps), caption(len(steps)))
	q := newQuantizer(last)
	anim := &gif.GIF{}
	var prev *image.Paletted
	for k := range len(steps) + 1 {
		img := last
		if k < len(steps) {
			img = s.draw(k, caption(k))
		}
		full := q.quantize(img)
		frame := full
		if prev != nil {
			frame = q.delta(prev, full)
		}
		prev = full
		anim.Image = append(anim.Image, frame)
		anim.Delay = append(anim.Delay, hundredths)
		anim.Disposal = append(anim.Disposal, gif.DisposalNone)
	}
	anim.Delay[len(anim.Delay)-1] = 5 * hundredths
	if err := gif.EncodeAll(w, anim); err != nil {
		return fmt.Errorf("render: writing GIF: %w", err)
	}
	return nil
}

// A quantizer maps colours to a palette of the 255 commonest colours of an
// image plus a transparent entry, the last, for pixels a frame leaves as
// they were.
type quantizer struct {
	pal         color.Palette
	transparent uint8
	cache       map[color.RGBA]uint8
}

func newQuantizer(img *image.RGBA) *quantizer {
	counts := map[color.RGBA]int{}
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			counts[img.RGBAAt(x, y)]++
		}
	}
	type entry struct {
		c color.RGBA
		n int
	}
	entries := make([]entry, 0, len(counts))
	for c, n := range counts {
		entries = append(entries, entry{c, n})
	}
	// Commonest first; ties by value, so that map order never decides.
	slices.SortFunc(entries, func(a, b entry) int {
		if a.n != b.n {
			return b.n - a.n
		}
		return cmp.Or(cmp.Compare(a.c.R, b.c.R), cmp.Compare(a.c.G, b.c.G), cmp.Compare(a.c.B, b.c.B), cmp.Compare(a.c.A, b.c.A))
	})
	q := &quantizer{cache: map[color.RGBA]uint8{}}
	for _, e := range entries[:min(len(entries), 255)] {
		q.pal = append(q.pal, e.c)
	}
	q.transparent = uint8(len(q.pal))
	q.pal = append(q.pal, color.RGBA{})
	return q
}

// index returns the palette entry nearest to c, ignoring the transparent
// one.
func (q *quantizer) index(c color.RGBA) uint8 {
	if i, ok := q.cache[c]; ok {
		return i
	}
	best, bestD := 0, -1
	for i, p := range q.pal[:q.transparent] {
		pc := p.(color.RGBA)
		dr, dg, db := int(c.R)-int(pc.R), int(c.G)-int(pc.G), int(c.B)-int(pc.B)
		if d := dr*dr + dg*dg + db*db; bestD < 0 || d < bestD {
			best, bestD = i, d
		}
	}
	q.cache[c] = uint8(best)
	return uint8(best)
}

func (q *quantizer) quantize(img *image.RGBA) *image.Paletted {
	b := img.Bounds()
	out := image.NewPaletted(b, q.pal)
	// Most pixels repeat their left neighbour: remember the last lookup.
	var last color.RGBA
	lastIdx, have := uint8(0), false
	for y := b.Min.Y; y < b.Max.Y; y++ {
		row := img.Pix[img.PixOffset(b.Min.X, y):]
		dst := out.Pix[out.PixOffset(b.Min.X, y):]
		for x := range b.Dx() {
			c := color.RGBA{row[4*x], row[4*x+1], row[4*x+2], row[4*x+3]}
			if !have || c != last {
				last, lastIdx, have = c, q.index(c), true
			}
			dst[x] = lastIdx
		}
	}
	return out
}

// delta returns the part of cur that differs from prev: cropped to the
// changed pixels' bounds, unchanged pixels transparent. Such frames are
// much smaller than whole ones.
func (q *quantizer) delta(prev, cur *image.Paletted) *image.Paletted {
	b := cur.Bounds()
	x0, y0, x1, y1 := b.Max.X, b.Max.Y, b.Min.X, b.Min.Y
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if cur.ColorIndexAt(x, y) != prev.ColorIndexAt(x, y) {
				x0, y0, x1, y1 = min(x0, x), min(y0, y), max(x1, x+1), max(y1, y+1)
			}
		}
	}
	changed := image.Rect(x0, y0, x1, y1)
	if x0 >= x1 {
		// GIF frames may not be empty: one unchanged pixel.
		changed = image.Rect(b.Min.X, b.Min.Y, b.Min.X+1, b.Min.Y+1)
	}
	out := image.NewPaletted(changed, q.pal)
	for y := changed.Min.Y; y < changed.Max.Y; y++ {
		for x := changed.Min.X; x < changed.Max.X; x++ {
			i := cur.ColorIndexAt(x, y)
			if i == prev.ColorIndexAt(x, y) {
				i = q.transparent
			}
			out.SetColorIndex(x, y, i)
		}
	}
	return out
}
