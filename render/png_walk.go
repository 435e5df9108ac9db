package render

import (
	"image/color"
	"math"

	"github.com/dungraph/dungraph/levelfile"
)

// Colours of the walkthrough (PNG.Trace, levels with locks).
var (
	walkColor = color.RGBA{0x1f, 0x6f, 0xb8, 0xd0}
	keyColor  = color.RGBA{0xa8, 0x7a, 0x05, 0xff}
	lockColor = color.RGBA{0x8e, 0x1b, 0x1b, 0xff}
)

// walkthrough draws, for a level with a solution, its walk as a line from
// room centre to room centre, each corridor walked drawn to the right of
// its direction so that a way back shows beside the way there; a key in
// every key room and a padlock in every locked room, on top.
func (s *scene) walkthrough(dc *pen, visible func(int) bool) {
	sol := s.d.Route.Solution
	if sol == nil {
		return
	}
	n := len(s.d.Vertices)
	ok := func(id int) bool { return id >= 0 && id < n && visible(id) }
	width := math.Max(3*s.u, 1.5)
	for i := 1; i < len(sol.Walk); i++ {
		a, b := sol.Walk[i-1], sol.Walk[i]
		if !ok(a) || !ok(b) {
			continue
		}
		x1, y1 := s.pt(s.d.Vertices[a].X, s.d.Vertices[a].Y)
		x2, y2 := s.pt(s.d.Vertices[b].X, s.d.Vertices[b].Y)
		dx, dy := x2-x1, y2-y1
		l := math.Sqrt(float64(dx*dx) + float64(dy*dy))
		if !(l > 0) {
			continue
		}
		ox, oy := -dy/l*1.2*width, dx/l*1.2*width
		dc.strokeLine(x1+ox, y1+oy, x2+ox, y2+oy, width, walkColor)
	}
	size := func(v levelfile.Vertex) float64 {
		_, _, w, h := s.rect(v)
		return min(max(min(w, h)*0.3, 8*s.u, 4), float64(s.size)/20)
	}
	disc := func(x, y, r float64, c color.RGBA) {
		dc.fillCircle(x, y, r*1.25, paperColor)
		dc.strokeCircle(x, y, r*1.25, math.Max(r*0.12, 1), c)
	}
	for _, k := range sol.Keys {
		if ok(k.Room) {
			v := s.d.Vertices[k.Room]
			x, y := s.pt(v.X, v.Y)
			disc(x, y, size(v), keyColor)
			drawKey(dc, x, y, size(v))
		}
	}
	for _, l := range sol.Locks {
		if ok(l.Room) {
			v := s.d.Vertices[l.Room]
			x, y := s.pt(v.X, v.Y)
			disc(x, y, size(v), lockColor)
			drawPadlock(dc, x, y+size(v)*0.1, size(v)*0.8)
		}
	}
}

// drawKey draws a key of size r centred on (x, y): a ring, a shaft and
// two teeth.
func drawKey(dc *pen, x, y, r float64) {
	lw := math.Max(r*0.22, 1)
	dc.strokeCircle(x-r*0.5, y, r*0.35, lw, keyColor)
	dc.strokeLine(x-r*0.15, y, x+r*0.85, y, lw, keyColor)
	dc.strokeLine(x+r*0.7, y, x+r*0.7, y+r*0.4, lw, keyColor)
	dc.strokeLine(x+r*0.4, y, x+r*0.4, y+r*0.3, lw, keyColor)
}

// drawPadlock draws a padlock of size r centred on (x, y): a shackle over
// a body.
func drawPadlock(dc *pen, x, y, r float64) {
	dc.strokeRoundRect(x-r*0.45, y-r*0.9, r*0.9, r, r*0.4, math.Max(r*0.2, 1), lockColor)
	dc.fillRoundRect(x-r*0.7, y-r*0.2, r*1.4, r*1.05, r*0.15, lockColor)
	dc.fillCircle(x, y+r*0.3, r*0.15, paperColor)
}
