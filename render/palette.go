package render

import (
	"image/color"
	"slices"

	"github.com/dungraph/dungraph/levelfile"
)

// defaultPalette colours the tags a ruleset gives no colour, in sorted tag
// order: muted, distinct hues that read well on the paper background and
// under dark text (Tableau 10, then four more).
var defaultPalette = [...]color.RGBA{
	{0x4e, 0x79, 0xa7, 0xff}, // blue
	{0xf2, 0x8e, 0x2b, 0xff}, // orange
	{0x59, 0xa1, 0x4f, 0xff}, // green
	{0xe1, 0x57, 0x59, 0xff}, // red
	{0x76, 0xb7, 0xb2, 0xff}, // teal
	{0xed, 0xc9, 0x48, 0xff}, // yellow
	{0xb0, 0x7a, 0xa1, 0xff}, // purple
	{0xff, 0x9d, 0xa7, 0xff}, // pink
	{0x9c, 0x75, 0x5f, 0xff}, // brown
	{0xba, 0xb0, 0xac, 0xff}, // grey
	{0x86, 0xbc, 0xb6, 0xff}, // sea green
	{0xd3, 0x72, 0x95, 0xff}, // rose
	{0x8c, 0xd1, 0x7d, 0xff}, // light green
	{0xa0, 0xcb, 0xe8, 0xff}, // light blue
}

var (
	paperColor    = color.RGBA{0xf6, 0xf2, 0xe9, 0xff}
	footerColor   = color.RGBA{0xec, 0xe6, 0xd8, 0xff}
	inkColor      = color.RGBA{0x2b, 0x25, 0x20, 0xff}
	wallColor     = color.RGBA{0x4a, 0x40, 0x37, 0xff}
	floorColor    = color.RGBA{0xcf, 0xc2, 0xa8, 0xff}
	badgeColor    = color.RGBA{0xe6, 0xe6, 0xe6, 0xe6} // white at 90%, premultiplied
	entranceColor = color.RGBA{0x2e, 0x8b, 0x57, 0xff}
	goalColor     = color.RGBA{0xf2, 0xc1, 0x2e, 0xff}
)

// tagColors returns the fill colour of every tag in tags: the colour
// params.tags gives it, else the default palette's, indexed by the tag's
// place in the sorted list of tags.
func tagColors(d *levelfile.Document, tags []string) map[string]color.RGBA {
	sorted := slices.Clone(tags)
	slices.Sort(sorted)
	out := make(map[string]color.RGBA, len(sorted))
	for i, t := range sorted {
		if c, ok := levelfile.ParseColor(d.Params.Tags[t].Color); ok {
			out[t] = c
			continue
		}
		out[t] = defaultPalette[i%len(defaultPalette)]
	}
	return out
}

// shade scales a colour's channels by f in [0, 1], towards black.
func shade(c color.RGBA, f float64) color.RGBA {
	s := func(v uint8) uint8 { return uint8(float64(v)*f + 0.5) }
	return color.RGBA{s(c.R), s(c.G), s(c.B), c.A}
}

// withAlpha returns the opaque colour c with alpha a, premultiplied as
// color.RGBA requires.
func withAlpha(c color.RGBA, a uint8) color.RGBA {
	m := func(v uint8) uint8 { return uint8((uint32(v)*uint32(a) + 127) / 255) }
	return color.RGBA{m(c.R), m(c.G), m(c.B), a}
}

// inkOn returns dark or light text for a background: whichever contrasts
// more, by the background's relative luminance.
func inkOn(bg color.RGBA) color.RGBA {
	// Rec. 709 weights on the gamma-encoded channels are close enough to
	// choose between black and white.
	l := 0.2126*float64(bg.R) + 0.7152*float64(bg.G) + 0.0722*float64(bg.B)
	if l < 140 {
		return color.RGBA{0xff, 0xff, 0xff, 0xff}
	}
	return inkColor
}
