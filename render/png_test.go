package render

import (
	"bytes"
	"compress/zlib"
	"fmt"
	"image"
	"image/color"
	"image/gif"
	"image/png"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"testing"

	"github.com/dungraph/dungraph/levelfile"

	"github.com/dungraph/dungraph/internal/cputime"
	"github.com/dungraph/dungraph/internal/golden"
)

// pngCases are rendered from the golden JSON files, not from freshly
// generated levels, so that a change in generation shows up in the JSON
// golden alone.
var pngCases = []struct {
	level goldenCase
	opts  PNG
}{
	{goldenCase{"quads", 1}, PNG{Size: 400, Labels: true, Trace: true}},
	{goldenCase{"catacomb", 2}, PNG{Size: 320}},
}

func goldenDoc(t *testing.T, c goldenCase) *levelfile.Document {
	t.Helper()
	d, err := levelfile.ReadJSON(bytes.NewReader(readGolden(t, c)))
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func TestPNGGolden(t *testing.T) {
	for _, c := range pngCases {
		t.Run(c.level.String(), func(t *testing.T) {
			var b bytes.Buffer
			if err := c.opts.Write(&b, goldenDoc(t, c.level)); err != nil {
				t.Fatal(err)
			}
			name := c.level.String() + ".png"
			golden.CheckWith(t, name, b.Bytes(), func(want, got []byte) error {
				err := similar(want, got)
				if err != nil {
					out := filepath.Join(os.TempDir(), "dungraph-"+name)
					if os.WriteFile(out, got, 0o644) == nil {
						err = fmt.Errorf("%w; the rendered image is %s", err, out)
					}
				}
				return err
			})
		})
	}
}

// similar compares two PNGs pixel by pixel. Anti-aliasing may differ by a
// level or two across platforms (fused multiply-adds change the last bits
// of curve coordinates), so a channel may differ by 2, and a few edge
// pixels, at most 1 in 2000, by more.
func similar(wantPNG, gotPNG []byte) error {
	want, err := png.Decode(bytes.NewReader(wantPNG))
	if err != nil {
		return fmt.Errorf("golden: %w", err)
	}
	got, err := png.Decode(bytes.NewReader(gotPNG))
	if err != nil {
		return err
	}
	if want.Bounds() != got.Bounds() {
		return fmt.Errorf("size %v, want %v", got.Bounds(), want.Bounds())
	}
	const tolerance = 2
	b := want.Bounds()
	bad, first := 0, image.Point{-1, -1}
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			w := color.RGBAModel.Convert(want.At(x, y)).(color.RGBA)
			g := color.RGBAModel.Convert(got.At(x, y)).(color.RGBA)
			if diff(w.R, g.R) > tolerance || diff(w.G, g.G) > tolerance || diff(w.B, g.B) > tolerance || diff(w.A, g.A) > tolerance {
				if bad == 0 {
					first = image.Pt(x, y)
				}
				bad++
			}
		}
	}
	if limit := b.Dx() * b.Dy() / 2000; bad > limit {
		return fmt.Errorf("%d pixels differ by more than %d levels (at most %d may), the first at %v: %v, want %v",
			bad, tolerance, limit, first, got.At(first.X, first.Y), want.At(first.X, first.Y))
	}
	return nil
}

func diff(a, b uint8) int {
	if a > b {
		return int(a - b)
	}
	return int(b - a)
}

func TestSimilarDetectsChanges(t *testing.T) {
	var b bytes.Buffer
	if err := (PNG{Size: 128}).Write(&b, tinyDoc()); err != nil {
		t.Fatal(err)
	}
	if err := similar(b.Bytes(), b.Bytes()); err != nil {
		t.Errorf("an image differs from itself: %v", err)
	}
	d := tinyDoc()
	d.Vertices[1].X += 20 // one room moves
	if err := d.UpdateRoute(); err != nil {
		t.Fatal(err)
	}
	var moved bytes.Buffer
	if err := (PNG{Size: 128}).Write(&moved, d); err != nil {
		t.Fatal(err)
	}
	if similar(b.Bytes(), moved.Bytes()) == nil {
		t.Error("a moved room went unnoticed")
	}
}

func TestPNGDeterministic(t *testing.T) {
	d := goldenDoc(t, goldenCase{"catacomb", 2})
	o := PNG{Size: 256, Labels: true, Trace: true}
	// Concurrent renders share the parsed fonts and the pools of faces,
	// never a face at once; a face reused keeps its glyph cache.
	const n = 4
	out := make([][]byte, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() {
			var b bytes.Buffer
			if err := o.Write(&b, d); err != nil {
				t.Error(err)
			}
			out[i] = b.Bytes()
		})
	}
	wg.Wait()
	for i := 1; i < n; i++ {
		if !bytes.Equal(out[0], out[i]) {
			t.Fatalf("render %d differs from render 0", i)
		}
	}
}

// centre returns the colour of a vertex's room, at its middle height a
// tenth of its width in from the left: clear of the wall and of the
// entrance and goal markers at the centre.
func centre(t *testing.T, o PNG, d *levelfile.Document, id int) color.RGBA {
	t.Helper()
	s, err := newScene(o, d)
	if err != nil {
		t.Fatal(err)
	}
	img := s.draw(len(d.Trace.Steps), "")
	x, y, w, h := s.rect(d.Vertices[id])
	return img.RGBAAt(int(x+w/10), int(y+h/2))
}

// TestPNGMarkers checks the entrance and goal markers at their rooms'
// centres, and that they follow the route.
func TestPNGMarkers(t *testing.T) {
	at := func(d *levelfile.Document, id int) color.RGBA {
		s, err := newScene(PNG{Size: 300}, d)
		if err != nil {
			t.Fatal(err)
		}
		img := s.draw(len(d.Trace.Steps), "")
		x, y := s.pt(d.Vertices[id].X, d.Vertices[id].Y)
		return img.RGBAAt(int(x), int(y))
	}
	d := tinyDoc()
	if got := at(d, 0); got != entranceColor {
		t.Errorf("entrance room 0 is %v at its centre, want %v", got, entranceColor)
	}
	if got := at(d, 1); got != goalColor {
		t.Errorf("goal room 1 is %v at its centre, want %v", got, goalColor)
	}
	// Make room 1 the entrance: the markers swap.
	d.Params.Tags["b"] = levelfile.Tag{Label: "b", MinExtent: 3, MaxExtent: 4, Role: "entrance"}
	d.Vertices[1].Tag = "b"
	if err := d.UpdateRoute(); err != nil {
		t.Fatal(err)
	}
	if got := at(d, 1); got != entranceColor {
		t.Errorf("entrance room 1 is %v at its centre, want %v", got, entranceColor)
	}
	if got := at(d, 0); got != goalColor {
		t.Errorf("goal room 0 is %v at its centre, want %v", got, goalColor)
	}
}

func TestPNGColours(t *testing.T) {
	o := PNG{Size: 200}
	d := tinyDoc()
	if got, want := centre(t, o, d, 0), (color.RGBA{0xff, 0, 0, 0xff}); got != want {
		t.Errorf("room of a tag coloured #ff0000 is %v at its centre", got)
	}
	// Without a colour, tags take the palette's in sorted order: a, c.
	d.Params.Tags["a"] = levelfile.Tag{Label: "a", MinExtent: 3, MaxExtent: 4}
	if got, want := centre(t, o, d, 0), defaultPalette[0]; got != want {
		t.Errorf("first tag's room is %v, want the palette's first colour %v", got, want)
	}
	// A cosmetic room is translucent: neither its tag's colour nor paper.
	if got := centre(t, o, d, 2); got == defaultPalette[1] || got == paperColor {
		t.Errorf("cosmetic room is %v at its centre", got)
	}
}

func TestPNGOrientation(t *testing.T) {
	d := tinyDoc()
	s, err := newScene(PNG{Size: 200}, d)
	if err != nil {
		t.Fatal(err)
	}
	// World y grows downwards: vertex 2, at y = -300, is above vertex 0;
	// vertex 1, at x = 400, is to its right.
	x0, y0 := s.pt(d.Vertices[0].X, d.Vertices[0].Y)
	x1, _ := s.pt(d.Vertices[1].X, d.Vertices[1].Y)
	_, y2 := s.pt(d.Vertices[2].X, d.Vertices[2].Y)
	if !(y2 < y0 && x1 > x0) {
		t.Errorf("vertex 0 at (%v, %v), 1 at x %v, 2 at y %v", x0, y0, x1, y2)
	}
	// Every room fits in the picture, above the footer.
	for _, v := range d.Vertices {
		x, y, w, h := s.rect(v)
		if x < 0 || y < 0 || x+w > float64(s.size) || y+h > s.footerTop {
			t.Errorf("room %d at %v,%v %vx%v outside the drawing area", v.ID, x, y, w, h)
		}
	}
}

func TestPNGEdgeCases(t *testing.T) {
	one := tinyDoc()
	one.Vertices, one.Edges, one.Trace.Steps = one.Vertices[:1], nil, nil
	point := tinyDoc()
	for i := range point.Vertices {
		point.Vertices[i].X, point.Vertices[i].Y, point.Vertices[i].W, point.Vertices[i].H = 0, 0, 0, 0
	}
	for _, d := range []*levelfile.Document{one, point} {
		if err := d.UpdateRoute(); err != nil {
			t.Fatal(err)
		}
	}
	for name, d := range map[string]*levelfile.Document{"one room": one, "all at one point": point} {
		img, err := PNG{Size: 100, Labels: true, Trace: true}.Render(d)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if img.Bounds() != image.Rect(0, 0, 100, 100) {
			t.Errorf("%s: bounds %v", name, img.Bounds())
		}
	}
}

// TestPNGExtremeDocuments renders valid documents at the limits of
// float64: each must finish quickly, inside the picture. Rooms so far apart
// that their distance overflows are not valid documents (the route's
// lengths could not be written) and get an error.
func TestPNGExtremeDocuments(t *testing.T) {
	for name, mutate := range map[string]func(d *levelfile.Document){
		"rooms at ±MaxFloat64": func(d *levelfile.Document) {
			d.Vertices[0].X, d.Vertices[1].X, d.Vertices[2].X = -math.MaxFloat64/2, math.MaxFloat64/2, math.MaxFloat64
		},
		"room of MaxFloat64 sides": func(d *levelfile.Document) { d.Vertices[0].W, d.Vertices[0].H = math.MaxFloat64, math.MaxFloat64 },
		"both": func(d *levelfile.Document) {
			d.Vertices[0].X, d.Vertices[1].X = -math.MaxFloat64/2, math.MaxFloat64/2
			d.Vertices[0].W, d.Vertices[1].W = math.MaxFloat64, math.MaxFloat64
		},
		"far from the origin": func(d *levelfile.Document) { d.Vertices[0].X, d.Vertices[1].X = 1e300, 1e300+1e285 },
		"subnormal extent": func(d *levelfile.Document) {
			for i := range d.Vertices {
				d.Vertices[i].X, d.Vertices[i].Y, d.Vertices[i].W, d.Vertices[i].H = 0, 0, 0, 0
			}
			d.Vertices[0].X = 5e-324
		},
		"huge margin":      func(d *levelfile.Document) { d.Params.Rooms.Margin = math.MaxFloat64 },
		"subnormal margin": func(d *levelfile.Document) { d.Params.Rooms.Margin = 5e-324 },
	} {
		d := tinyDoc()
		mutate(d)
		if err := d.UpdateRoute(); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if _, err := (PNG{Size: 100, Labels: true, Trace: true}).Render(d); err != nil {
			t.Errorf("%s: %v", name, err)
		}
		s, err := newScene(PNG{Size: 100}, d)
		if err != nil {
			t.Fatal(err)
		}
		for _, v := range d.Vertices {
			x, y := s.pt(v.X, v.Y)
			if !(x >= 0 && x <= 100 && y >= 0 && y <= s.footerTop) {
				t.Errorf("%s: vertex %d drawn at %v,%v", name, v.ID, x, y)
			}
		}
	}
}

func TestPNGRejects(t *testing.T) {
	bad := tinyDoc()
	bad.Edges[0].B = 9
	for name, tc := range map[string]struct {
		o PNG
		d *levelfile.Document
	}{
		"invalid document": {PNG{Size: 100}, bad},
		"nil document":     {PNG{Size: 100}, nil},
		"tiny size":        {PNG{Size: 10}, tinyDoc()},
		"negative size":    {PNG{Size: -5}, tinyDoc()},
	} {
		var b bytes.Buffer
		if err := tc.o.Write(&b, tc.d); err == nil {
			t.Errorf("%s: no error", name)
		}
		if err := tc.o.WriteGIF(&b, tc.d); err == nil {
			t.Errorf("%s: WriteGIF: no error", name)
		}
	}
	if s, err := (PNG{}).size(); s != DefaultSize || err != nil {
		t.Errorf("default size %d, %v", s, err)
	}
}

func TestWriteGIF(t *testing.T) {
	d := goldenDoc(t, goldenCase{"quads", 1})
	o := PNG{Size: 160, Trace: true}
	var b1, b2 bytes.Buffer
	if err := o.WriteGIF(&b1, d); err != nil {
		t.Fatal(err)
	}
	if err := o.WriteGIF(&b2, d); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(b1.Bytes(), b2.Bytes()) {
		t.Error("two GIFs of one document differ")
	}
	g, err := gif.DecodeAll(bytes.NewReader(b1.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	if len(g.Image) != len(d.Trace.Steps)+1 {
		t.Fatalf("%d frames for %d steps, want one more", len(g.Image), len(d.Trace.Steps))
	}
	if g.Delay[0] != 50 || g.Delay[len(g.Delay)-1] != 250 {
		t.Errorf("delays %v: want 50 and 250 for the last", g.Delay)
	}
	// The last frame, composed over the others, is the PNG's picture up to
	// the palette: compare a room's centre.
	canvas := image.NewRGBA(g.Image[0].Bounds())
	for _, f := range g.Image {
		for y := f.Rect.Min.Y; y < f.Rect.Max.Y; y++ {
			for x := f.Rect.Min.X; x < f.Rect.Max.X; x++ {
				if c := f.At(x, y).(color.RGBA); c.A != 0 {
					canvas.SetRGBA(x, y, c)
				}
			}
		}
	}
	s, err := newScene(o, d)
	if err != nil {
		t.Fatal(err)
	}
	x, y := s.pt(d.Vertices[5].X, d.Vertices[5].Y)
	want := s.draw(len(d.Trace.Steps), "").RGBAAt(int(x), int(y))
	if got := canvas.RGBAAt(int(x), int(y)); got != want {
		t.Errorf("room 5's centre in the last frame is %v, want %v", got, want)
	}
}

// benchDoc is the level the PNG benchmarks draw: dungeon seed 1.
func benchDoc(b *testing.B) *levelfile.Document {
	b.Helper()
	d, err := levelfile.ReadJSON(bytes.NewReader(readGolden(b, goldenCase{"dungeon", 1})))
	if err != nil {
		b.Fatal(err)
	}
	return d
}

func BenchmarkPNGWrite(b *testing.B) {
	d := benchDoc(b)
	start := cputime.Now()
	for b.Loop() {
		if err := (PNG{Labels: true, Trace: true}).Write(io.Discard, d); err != nil {
			b.Fatal(err)
		}
	}
	cputime.Report(b, start)
}

// BenchmarkPNGRender and BenchmarkPNGEncode split BenchmarkPNGWrite into
// its drawing and its encoding.
func BenchmarkPNGRender(b *testing.B) {
	d := benchDoc(b)
	start := cputime.Now()
	for b.Loop() {
		if _, err := (PNG{Labels: true, Trace: true}).Render(d); err != nil {
			b.Fatal(err)
		}
	}
	cputime.Report(b, start)
}

// countWriter counts the bytes written to it.
type countWriter int

func (c *countWriter) Write(b []byte) (int, error) {
	*c += countWriter(len(b))
	return len(b), nil
}

func BenchmarkPNGEncode(b *testing.B) {
	d := benchDoc(b)
	img, err := (PNG{Labels: true, Trace: true}).Render(d)
	if err != nil {
		b.Fatal(err)
	}
	var out countWriter
	start := cputime.Now()
	for b.Loop() {
		out = 0
		if err := encodePNG(&out, img); err != nil {
			b.Fatal(err)
		}
	}
	cputime.Report(b, start)
	b.ReportMetric(float64(out), "png-bytes")
}

// TestEncodeOpaqueLossless encodes opaque pictures of few colours (written
// paletted) and of many (RGB) and decodes them with image/png: every pixel
// must come back.
func TestEncodeOpaqueLossless(t *testing.T) {
	for _, colours := range []int{1, 2, 256, 257, 5000} {
		img := image.NewRGBA(image.Rect(3, 5, 3+97, 5+61))
		for i := range img.Rect.Dx() * img.Rect.Dy() {
			k := (i*7919 + i/13) % colours
			img.Pix[4*i], img.Pix[4*i+1], img.Pix[4*i+2], img.Pix[4*i+3] = byte(k), byte(k>>8), byte(k*31), 0xff
		}
		var b bytes.Buffer
		if err := encodePNG(&b, img); err != nil {
			t.Fatal(err)
		}
		got, err := png.Decode(&b)
		if err != nil {
			t.Fatalf("%d colours: %v", colours, err)
		}
		_, paletted := got.(*image.Paletted)
		if paletted != (colours <= 256) {
			t.Errorf("%d colours: paletted %v", colours, paletted)
		}
		for y := img.Rect.Min.Y; y < img.Rect.Max.Y; y++ {
			for x := img.Rect.Min.X; x < img.Rect.Max.X; x++ {
				if w, g := img.RGBAAt(x, y), color.RGBAModel.Convert(got.At(x-img.Rect.Min.X, y-img.Rect.Min.Y)).(color.RGBA); w != g {
					t.Fatalf("%d colours: pixel %d,%d is %v, want %v", colours, x, y, g, w)
				}
			}
		}
	}
}

// TestLegendCountsPerFrame: a frame's legend counts the rooms it shows.
func TestLegendCountsPerFrame(t *testing.T) {
	d := goldenDoc(t, goldenCase{"quads", 1})
	s, err := newScene(PNG{}, d)
	if err != nil {
		t.Fatal(err)
	}
	total := 0
	for _, n := range s.tagCounts(len(d.Trace.Steps)) {
		total += n
	}
	if total != len(d.Vertices) {
		t.Errorf("the last frame counts %d rooms, want all %d", total, len(d.Vertices))
	}
	first := s.tagCounts(0)
	if len(first) != 1 || first[d.Vertices[0].Tag] != 1 {
		t.Errorf("the first frame counts %v, want the start vertex alone", first)
	}
}

// TestLabelsClearOfMarkers: in the entrance's and the goal's rooms the
// label sits below the marker, not on it.
func TestLabelsClearOfMarkers(t *testing.T) {
	d := goldenDoc(t, goldenCase{"quads", 1})
	s, err := newScene(PNG{Labels: true}, d)
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range []int{d.Route.Entrance, d.Route.Goal} {
		v := d.Vertices[id]
		_, cy := s.pt(v.X, v.Y)
		_, ly := s.labelAt(v)
		if top := ly - s.labelSize/2; top < cy+s.markerSize(v) {
			t.Errorf("room %d: the label's top %.1f is above the marker's bottom %.1f", id, top, cy+s.markerSize(v))
		}
	}
	v := d.Vertices[slices.IndexFunc(d.Vertices, func(v levelfile.Vertex) bool { return v.ID != d.Route.Entrance && v.ID != d.Route.Goal })]
	x, y := s.pt(v.X, v.Y)
	if lx, ly := s.labelAt(v); math.Abs(lx-x) > 1 || math.Abs(ly-y) > 1 {
		t.Errorf("room %d: label at %.1f,%.1f, want its centre %.1f,%.1f", v.ID, lx, ly, x, y)
	}
}

// TestPNGWalkthrough checks that --trace marks a dungeon level's key and
// locked rooms with a key and a padlock at their centres, and draws the
// walk, and that without it the rooms are plain.
func TestPNGWalkthrough(t *testing.T) {
	d := testDoc(t, goldenCase{"dungeon", 1})
	sol := d.Route.Solution
	if sol == nil || len(sol.Keys) == 0 || len(sol.Locks) == 0 {
		t.Fatalf("dungeon seed 1 has no keys and locks: %+v", sol)
	}
	at := func(o PNG, id int, dy float64) color.RGBA {
		s, err := newScene(o, d)
		if err != nil {
			t.Fatal(err)
		}
		img := s.draw(len(d.Trace.Steps), "")
		x, y := s.pt(d.Vertices[id].X, d.Vertices[id].Y)
		return img.RGBAAt(int(x), int(y+dy))
	}
	close := func(a, b color.RGBA) bool {
		return diff(a.R, b.R) < 40 && diff(a.G, b.G) < 40 && diff(a.B, b.B) < 40
	}
	plain, traced := PNG{Size: 800}, PNG{Size: 800, Trace: true}
	key, lock := sol.Keys[0].Room, sol.Locks[0].Room
	if got := at(traced, key, 0); !close(got, keyColor) {
		t.Errorf("key room %d is %v at its centre with levelfile.Trace, want the key's %v", key, got, keyColor)
	}
	if got := at(traced, lock, 4); !close(got, lockColor) {
		t.Errorf("locked room %d is %v below its centre with levelfile.Trace, want the padlock's %v", lock, got, lockColor)
	}
	if got := at(plain, key, 0); close(got, keyColor) {
		t.Errorf("key room %d is %v at its centre without Trace: a marker without --trace", key, got)
	}
	// The walk's first step leaves the entrance: its line is drawn beside
	// the corridor, so some pixel between the two rooms is the walk's.
	s, err := newScene(traced, d)
	if err != nil {
		t.Fatal(err)
	}
	img := s.draw(len(d.Trace.Steps), "")
	a, b := d.Vertices[sol.Walk[0]], d.Vertices[sol.Walk[1]]
	x1, y1 := s.pt(a.X, a.Y)
	x2, y2 := s.pt(b.X, b.Y)
	found := false
	for i := 0; i <= 40 && !found; i++ {
		x, y := x1+(x2-x1)*float64(i)/40, y1+(y2-y1)*float64(i)/40
		for dx := -6; dx <= 6 && !found; dx++ {
			for dy := -6; dy <= 6 && !found; dy++ {
				c := img.RGBAAt(int(x)+dx, int(y)+dy)
				found = c.B > c.R+40 && c.B > 0x90
			}
		}
	}
	if !found {
		t.Errorf("no blue walk line between rooms %d and %d", sol.Walk[0], sol.Walk[1])
	}
}

// TestRunDeflate decompresses runDeflate's stream with compress/zlib, which
// checks its Adler-32, and compares it with the unfiltered RGB rows, on
// pictures of random pixels, of flat colour with runs longer than a deflate
// match, and of both.
func TestRunDeflate(t *testing.T) {
	rng := rand.New(rand.NewPCG(20, 7))
	for _, tc := range []struct {
		name string
		w, h int
		fill func(x, y int) [3]byte
	}{
		{"random", 97, 61, func(x, y int) [3]byte { return [3]byte{byte(rng.IntN(256)), byte(rng.IntN(256)), byte(rng.IntN(256))} }},
		{"flat", 1000, 7, func(x, y int) [3]byte { return [3]byte{0xf6, 0xf2, 0xe9} }},
		{"boxes", 700, 90, func(x, y int) [3]byte {
			if (x/90+y/30)%2 == 0 {
				return [3]byte{byte(x / 90), 0x80, byte(y / 30)}
			}
			if rng.IntN(40) == 0 {
				return [3]byte{byte(rng.IntN(256)), 0, 0}
			}
			return [3]byte{0xf6, 0xf2, 0xe9}
		}},
	} {
		img := image.NewRGBA(image.Rect(5, 2, 5+tc.w, 2+tc.h))
		var want []byte
		for y := range tc.h {
			want = append(want, 0)
			for x := range tc.w {
				c := tc.fill(x, y)
				img.SetRGBA(5+x, 2+y, color.RGBA{c[0], c[1], c[2], 0xff})
				want = append(want, c[:]...)
			}
		}
		zr, err := zlib.NewReader(bytes.NewReader(runDeflate(img)))
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		got, err := io.ReadAll(zr)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s: the stream decompresses to %d bytes unlike the %d of the rows", tc.name, len(got), len(want))
		}
	}
}

// TestWriteReusesCanvas: a picture drawn on a canvas another level was
// drawn on has the same bytes as the first time.
func TestWriteReusesCanvas(t *testing.T) {
	write := func(c goldenCase) []byte {
		var b bytes.Buffer
		if err := (PNG{Size: 300, Labels: true}).Write(&b, goldenDoc(t, c)); err != nil {
			t.Fatal(err)
		}
		return b.Bytes()
	}
	first := write(goldenCases[0])
	write(goldenCases[1])
	if again := write(goldenCases[0]); !bytes.Equal(first, again) {
		t.Errorf("%v written after %v: %d bytes unlike the %d written first", goldenCases[0], goldenCases[1], len(again), len(first))
	}
}
