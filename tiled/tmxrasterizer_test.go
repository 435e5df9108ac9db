package tiled

import (
	"bytes"
	"image"
	"image/png"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/dungraph/dungraph/gridmap"
)

// rasterize renders a Tiled map with Tiled's own tmxrasterizer, headless,
// at one pixel per tileset pixel, with the named layers hidden.
func rasterize(t *testing.T, bin, path string, hide ...string) *image.RGBA {
	t.Helper()
	out := path + ".render.png"
	args := []string{"--no-smoothing"}
	for _, l := range hide {
		args = append(args, "--hide-layer", l)
	}
	cmd := exec.Command(bin, append(args, path, out)...)
	cmd.Env = append(os.Environ(), "QT_QPA_PLATFORM=offscreen")
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("tmxrasterizer %s: %v\n%s", filepath.Base(path), err, b)
	}
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatalf("tmxrasterizer wrote no picture of %s: %v", filepath.Base(path), err)
	}
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	rgba := image.NewRGBA(img.Bounds())
	for y := img.Bounds().Min.Y; y < img.Bounds().Max.Y; y++ {
		for x := img.Bounds().Min.X; x < img.Bounds().Max.X; x++ {
			rgba.Set(x, y, img.At(x, y))
		}
	}
	return rgba
}

// tmxrasterizer returns the path of Tiled's renderer, or skips the test.
func tmxrasterizer(t *testing.T) string {
	bin, err := exec.LookPath("tmxrasterizer")
	if err != nil {
		t.Skip("tmxrasterizer is not installed: install Debian's tiled package (apt-get install tiled) to check the maps with Tiled's own renderer")
	}
	return bin
}

// checkRendering compares Tiled's rendering of a map's tile layer with the
// map, pixel by pixel: every pixel of cell (x, y) must be the pixel of
// its tile in the tileset image (its room's tag's floor, or its kind's),
// on a hexagonal map every pixel inside the cell's hexagon.
func checkRendering(t *testing.T, name string, got *image.RGBA, m *gridmap.Map, o Options) {
	t.Helper()
	g := o.geometry(m)
	if w, h := g.size(m.W, m.H); got.Bounds().Size() != image.Pt(w, h) {
		t.Fatalf("%s: Tiled rendered %v pixels, want %d×%d", name, got.Bounds().Size(), w, h)
	}
	tiles, err := o.TilesetImage(m)
	if err != nil {
		t.Fatal(err)
	}
	set := o.tileset(m)
	bad := 0
	for y := range m.H {
		for x := range m.W {
			k, id := m.At(x, y), set.gid(m, y*m.W+x)-1
			x0, y0 := g.corner(x, y)
			for py := range g.th {
				for px := range g.tw {
					if !g.inside(px, py) {
						continue
					}
					gp, w := got.RGBAAt(x0+px, y0+py), tiles.RGBAAt(id*g.tw+px, py)
					if gp != w {
						if bad++; bad <= 5 {
							t.Errorf("%s: cell (%d, %d), a %v, pixel (%d, %d) is %v in Tiled's rendering, want %v", name, x, y, k, px, py, gp, w)
						}
					}
				}
			}
		}
	}
	if bad > 5 {
		t.Errorf("%s: %d pixels differ in all", name, bad)
	}
}

// TestTmxrasterizer renders the TMX and TMJ maps with Tiled's own
// renderer and compares the pictures with the maps' cells. It also
// renders the object layer and checks that Tiled draws something at every
// object: a room's outline, a door's rectangle, a point's marker.
func TestTmxrasterizer(t *testing.T) {
	bin := tmxrasterizer(t)
	rng := rand.New(rand.NewPCG(18, 4))
	cases := []struct {
		name string
		m    *gridmap.Map
		o    Options
	}{
		{"sample", sampleMap(), Options{}},
		{"sample, 5 px tiles", sampleMap(), Options{TileSize: 5, Name: "small"}},
		{"random", randomMap(rng), Options{TileSize: 8, Name: "random"}},
		{"hex", hexSampleMap(t), Options{}},
		{"hex, 7 px tiles", hexSampleMap(t), Options{TileSize: 7, Name: "small"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tmx, tmj := writeFiles(t, t.TempDir(), c.o, c.m)
			for _, path := range []string{tmx, tmj} {
				checkRendering(t, filepath.Base(path), rasterize(t, bin, path, objectLayer), c.m, c.o)
			}
			if c.name == "sample" || c.name == "hex" {
				checkObjects(t, rasterize(t, bin, tmx, objectLayer), rasterize(t, bin, tmx), c.m, c.o)
				checkObjects(t, rasterize(t, bin, tmj, objectLayer), rasterize(t, bin, tmj), c.m, c.o)
			}
		})
	}
}

// checkObjects checks that the rendering with objects differs from the
// one without near each of the sample's objects: on a room's first
// corner and each of its holes' first corners, inside a door's cell, and just above a point (Tiled draws a
// point as a pin whose tip is the point).
func checkObjects(t *testing.T, cells, all *image.RGBA, m *gridmap.Map, o Options) {
	t.Helper()
	g := o.geometry(m)
	drawn := func(what string, r image.Rectangle) {
		for y := r.Min.Y; y < r.Max.Y; y++ {
			for x := r.Min.X; x < r.Max.X; x++ {
				if cells.RGBAAt(x, y) != all.RGBAAt(x, y) {
					return
				}
			}
		}
		t.Errorf("Tiled draws nothing for the %s in %v", what, r)
	}
	near := func(p [2]int, d int) image.Rectangle { return image.Rect(p[0]-d, p[1]-d, p[0]+d+1, p[1]+d+1) }
	for o, r := range m.Rooms {
		outer, holes := g.outlines(m, int32(o), r)
		drawn("room "+r.Label, near(outer[0], 1))
		for _, h := range holes {
			drawn("wall island of room "+r.Label, near(h[0], 1))
		}
	}
	for _, d := range m.Doors {
		x, y := g.corner(d.At.X, d.At.Y)
		drawn("door", image.Rect(x, y, x+g.tw, y+g.th))
	}
	above := func(p gridmap.Point) image.Rectangle {
		cx, cy := g.centre(p.X, p.Y)
		x, y := int(cx), int(cy)
		return image.Rect(x-2, y-g.th, x+3, y)
	}
	drawn("spawn", above(m.Entrance))
	drawn("goal", above(m.Goal))
	for _, r := range m.Rooms {
		if r.Entity != "" {
			drawn("entity "+r.Entity, above(r.At))
		}
	}
}
