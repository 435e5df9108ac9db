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
// its tile in the tileset image (its room's tag's floor, or its kind's).
func checkRendering(t *testing.T, name string, got *image.RGBA, m *gridmap.Map, o Options) {
	t.Helper()
	ts := o.tileSize()
	if sz := got.Bounds().Size(); sz.X != m.W*ts || sz.Y != m.H*ts {
		t.Fatalf("%s: Tiled rendered %v pixels, want %d×%d", name, sz, m.W*ts, m.H*ts)
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
			for py := range ts {
				for px := range ts {
					g, w := got.RGBAAt(x*ts+px, y*ts+py), tiles.RGBAAt(id*ts+px, py)
					if g != w {
						if bad++; bad <= 5 {
							t.Errorf("%s: cell (%d, %d), a %v, pixel (%d, %d) is %v in Tiled's rendering, want %v", name, x, y, k, px, py, g, w)
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
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tmx, tmj := writeFiles(t, t.TempDir(), c.o, c.m)
			for _, path := range []string{tmx, tmj} {
				checkRendering(t, filepath.Base(path), rasterize(t, bin, path, objectLayer), c.m, c.o)
			}
			if c.name == "sample" {
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
	ts := o.tileSize()
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
	near := func(x, y, d int) image.Rectangle { return image.Rect(x-d, y-d, x+d+1, y+d+1) }
	for _, r := range m.Rooms {
		drawn("room "+r.Label, near(r.Outline[0].X*ts, r.Outline[0].Y*ts, 1))
		for _, h := range r.Holes {
			drawn("wall island of room "+r.Label, near(h[0].X*ts, h[0].Y*ts, 1))
		}
	}
	for _, d := range m.Doors {
		drawn("door", image.Rect(d.At.X*ts, d.At.Y*ts, (d.At.X+1)*ts, (d.At.Y+1)*ts))
	}
	above := func(p gridmap.Point) image.Rectangle {
		x, y := p.X*ts+ts/2, p.Y*ts+ts/2
		return image.Rect(x-2, y-ts, x+3, y)
	}
	drawn("spawn", above(m.Entrance))
	drawn("goal", above(m.Goal))
	for _, r := range m.Rooms {
		if r.Entity != "" {
			drawn("entity "+r.Entity, above(r.At))
		}
	}
}
