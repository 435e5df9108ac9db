package render

import (
	"bufio"
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"hash/crc32"
	"image"
	"io"
	"math/bits"
)

// The previews' PNG encoder. image/png chooses a filter for every row by
// trying all five and compresses at the default level: for a 1600² preview
// that was three quarters of its cost. A preview is flat colour with
// anti-aliased edges: where it has at most 256 colours it is written
// paletted, unfiltered, through compress/flate; an RGB preview goes through
// runDeflate, which only looks for runs of pixels equal to their left or
// upper neighbour (see NOTES.md, render). The pixels are the same: PNG is
// lossless.

// pngWriter writes the chunks of a PNG.
type pngWriter struct {
	w   io.Writer
	err error
}

func (p *pngWriter) chunk(kind string, data []byte) {
	if p.err != nil {
		return
	}
	var head [8]byte
	binary.BigEndian.PutUint32(head[:4], uint32(len(data)))
	copy(head[4:], kind)
	crc := crc32.NewIEEE()
	crc.Write(head[4:])
	crc.Write(data)
	var tail [4]byte
	binary.BigEndian.PutUint32(tail[:], crc.Sum32())
	for _, b := range [][]byte{head[:], data, tail[:]} {
		if _, err := p.w.Write(b); err != nil {
			p.err = err
			return
		}
	}
}

// Write implements io.Writer for the zlib stream: each write is an IDAT.
func (p *pngWriter) Write(b []byte) (int, error) {
	p.chunk("IDAT", b)
	if p.err != nil {
		return 0, p.err
	}
	return len(b), nil
}

// palette returns the colours of img, at most 256, and each pixel's index,
// or ok false when it has more.
func palette(img *image.RGBA) (pal []uint32, idx []byte, ok bool) {
	// The first pass only counts, so that a picture of many colours, as
	// a preview is, costs no index.
	if _, _, ok := paletteInto(img, nil); !ok {
		return nil, nil, false
	}
	b := img.Bounds()
	return paletteInto(img, make([]byte, b.Dx()*b.Dy()))
}

// paletteInto is palette writing the indices into idx, if not nil.
func paletteInto(img *image.RGBA, idx []byte) (pal []uint32, _ []byte, ok bool) {
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	// A small open-addressed table of the colours seen, keyed by RGBA.
	const slots = 1024
	var keys [slots]uint32
	var vals [slots]int16
	for i := range vals {
		vals[i] = -1
	}
	last, lastIdx := uint32(0), -1
	for i := range h {
		// Counting goes from the bottom up: a preview's footer, text
		// anti-aliased on a flat colour, shows more than 256 colours in
		// its first rows.
		y := i
		if idx == nil {
			y = h - 1 - i
		}
		row := img.Pix[(b.Min.Y+y-img.Rect.Min.Y)*img.Stride+(b.Min.X-img.Rect.Min.X)*4:]
		for x := range w {
			px := row[4*x : 4*x+4 : 4*x+4]
			c := uint32(px[0])<<24 | uint32(px[1])<<16 | uint32(px[2])<<8 | uint32(px[3])
			if c != last || lastIdx < 0 {
				s := (c * 2654435761) >> 22
				for vals[s] >= 0 && keys[s] != c {
					s = (s + 1) % slots
				}
				if vals[s] < 0 {
					if len(pal) == 256 {
						return nil, nil, false
					}
					keys[s], vals[s] = c, int16(len(pal))
					pal = append(pal, c)
				}
				last, lastIdx = c, int(vals[s])
			}
			if idx != nil {
				idx[y*w+x] = byte(lastIdx)
			}
		}
	}
	return pal, idx, true
}

// encodeOpaque writes img, whose pixels must all be opaque, as a PNG:
// paletted when it has at most 256 colours, else 8-bit RGB.
func encodeOpaque(w io.Writer, img *image.RGBA) error {
	b := img.Bounds()
	width, height := b.Dx(), b.Dy()
	bw := bufio.NewWriterSize(w, 1<<16)
	if _, err := bw.WriteString("\x89PNG\r\n\x1a\n"); err != nil {
		return err
	}
	p := &pngWriter{w: bw}
	pal, idx, paletted := palette(img)
	var ihdr [13]byte
	binary.BigEndian.PutUint32(ihdr[0:4], uint32(width))
	binary.BigEndian.PutUint32(ihdr[4:8], uint32(height))
	ihdr[8] = 8 // bits per sample
	ihdr[9] = 2 // truecolour
	if paletted {
		ihdr[9] = 3
		plte := make([]byte, 0, 3*len(pal))
		for _, c := range pal {
			plte = append(plte, byte(c>>24), byte(c>>16), byte(c>>8))
		}
		p.chunk("IHDR", ihdr[:])
		p.chunk("PLTE", plte)
	} else {
		p.chunk("IHDR", ihdr[:])
	}
	if !paletted && 1+3*width <= maxDistance {
		writeIDAT(p, runDeflate(img))
	} else if err := flateRows(p, img, idx, paletted); err != nil {
		return err
	}
	p.chunk("IEND", nil)
	if p.err != nil {
		return p.err
	}
	return bw.Flush()
}

// flateRows compresses the rows with compress/flate at BestSpeed: paletted
// rows unfiltered, RGB rows with the Sub filter (RGB rows wider than
// runDeflate can reach).
func flateRows(p *pngWriter, img *image.RGBA, idx []byte, paletted bool) error {
	b := img.Bounds()
	width, height := b.Dx(), b.Dy()
	idat := bufio.NewWriterSize(p, 1<<16)
	zw, err := zlib.NewWriterLevel(idat, zlib.BestSpeed)
	if err != nil {
		return err
	}
	if paletted {
		row := make([]byte, 1+width)
		for y := range height {
			copy(row[1:], idx[y*width:(y+1)*width])
			zw.Write(row)
		}
	} else {
		// Sub: each byte minus the same sample of the pixel to its left.
		row := make([]byte, 1+3*width)
		row[0] = 1
		for y := range height {
			src := img.Pix[(b.Min.Y+y-img.Rect.Min.Y)*img.Stride+(b.Min.X-img.Rect.Min.X)*4:][: 4*width : 4*width]
			out := row[1:]
			var pr, pg, pb byte
			for x := 0; x < len(src); x += 4 {
				r, g, bl := src[x], src[x+1], src[x+2]
				out[0], out[1], out[2] = r-pr, g-pg, bl-pb
				out = out[3:]
				pr, pg, pb = r, g, bl
			}
			zw.Write(row)
		}
	}
	if err := zw.Close(); err != nil {
		return err
	}
	if err := idat.Flush(); err != nil {
		return err
	}
	return nil
}

// maxDistance is the farthest back a deflate match may reach.
const maxDistance = 32768

// writeIDAT writes a zlib stream as IDAT chunks of at most 1 MiB.
func writeIDAT(p *pngWriter, z []byte) {
	for len(z) > 0 {
		n := min(len(z), 1<<20)
		p.chunk("IDAT", z[:n])
		z = z[n:]
	}
}

// runDeflate compresses the unfiltered RGB rows of img into a zlib stream
// of one deflate block with the fixed Huffman codes (RFC 1951, 3.2.6).
// Its only matches are runs of pixels equal to the pixel to their left
// (distance 3) or to the pixel above (distance one row), found by
// comparing whole RGBA pixels: a preview is flat colour, so nearly every
// byte is in such a run, and finding them costs one comparison a pixel
// where a general matcher hashes every byte. The rows need 1 + 3 × width
// ≤ maxDistance.
func runDeflate(img *image.RGBA) []byte {
	b := img.Bounds()
	width, height := b.Dx(), b.Dy()
	rowLen := 1 + 3*width
	leftCode, upCode := distCode(3), distCode(rowLen) // the only distances
	bw := bitWriter{out: make([]byte, 0, 1<<18)}
	bw.out = append(bw.out, 0x78, 0x01) // zlib: deflate, 32 KiB window, fastest
	bw.bits(3, 3)                       // the final block, fixed codes
	sum := adler{s1: 1}
	var above []byte
	for y := range height {
		cur := img.Pix[(b.Min.Y+y-img.Rect.Min.Y)*img.Stride+(b.Min.X-img.Rect.Min.X)*4:][: 4*width : 4*width]
		sum.add(0) // filter None
		bw.literal(0)
		for x := 0; x < width; {
			// A run of the left pixel's colour long enough is taken as
			// it is; a short one only if the run of the pixels above is
			// no longer.
			left, up := x, x
			if x > 0 {
				left = sameRun(cur, x, pixelAt(cur, x-1))
			}
			if left-x < 8 && above != nil {
				up = equalRun(cur, above, x)
			}
			switch {
			case left > x && left >= up:
				bw.match(3*(left-x), leftCode)
				sum.run(pixelAt(cur, x-1), left-x)
				x = left
			case up > x:
				bw.match(3*(up-x), upCode)
				sum.span(cur[4*x : 4*up])
				x = up
			default:
				bw.literal(int(cur[4*x]))
				bw.literal(int(cur[4*x+1]))
				bw.literal(int(cur[4*x+2]))
				sum.pixels(cur[4*x : 4*x+4])
				x++
			}
		}
		above = cur
	}
	bw.literal(256) // end of block
	bw.flush()
	return binary.BigEndian.AppendUint32(bw.out, uint32(sum.s2)<<16|uint32(sum.s1))
}

// adler is the Adler-32 checksum (RFC 1950) of the RGB bytes of RGBA
// pixels, computed without copying them out: a pixel r, g, b adds
// r + g + b to s1 and 3 × s1 + 3r + 2g + b to s2, and a run of n pixels of
// one colour adds the sums of those series. The sums stay below 65521
// between calls, so that no product overflows.
type adler struct{ s1, s2 uint64 }

const adlerMod = 65521

// add adds one byte.
func (a *adler) add(v byte) {
	a.s1 = (a.s1 + uint64(v)) % adlerMod
	a.s2 = (a.s2 + a.s1) % adlerMod
}

// pixels adds the RGB bytes of RGBA pixels p: at most 2^16 of them, which
// keeps s2 below 2^64.
func (a *adler) pixels(p []byte) {
	s1, s2 := a.s1, a.s2
	for i := 0; i+4 <= len(p); i += 4 {
		r, g, b := uint64(p[i]), uint64(p[i+1]), uint64(p[i+2])
		s2 += 3*s1 + 3*r + 2*g + b
		s1 += r + g + b
	}
	a.s1, a.s2 = s1%adlerMod, s2%adlerMod
}

// span adds the RGB bytes of RGBA pixels p, at most 2^16 of them, a run
// of one colour at a time: the runs of a flat picture make it a few steps
// for a whole row.
func (a *adler) span(p []byte) {
	n := len(p) / 4
	for i := 0; i < n; {
		c := pixelAt(p, i)
		j := sameRun(p, i+1, c)
		if j-i >= 4 {
			a.run(c, j-i)
		} else {
			a.pixels(p[4*i : 4*j])
		}
		i = j
	}
}

// run adds n pixels of colour c (R in the low byte), n below 2^16.
func (a *adler) run(c uint32, n int) {
	r, g, b := uint64(c&0xff), uint64(c>>8&0xff), uint64(c>>16&0xff)
	m := uint64(n)
	sum := r + g + b
	a.s2 = (a.s2 + 3*m%adlerMod*a.s1 + m*(3*r+2*g+b) + 3*sum*(m*(m-1)/2%adlerMod)) % adlerMod
	a.s1 = (a.s1 + m*sum) % adlerMod
}

func pixelAt(row []byte, x int) uint32 { return binary.LittleEndian.Uint32(row[4*x:]) }

// sameRun returns the end of the run of pixels of colour c in row from x,
// comparing two pixels at a time.
func sameRun(row []byte, x int, c uint32) int {
	two := uint64(c) | uint64(c)<<32
	start := x
	for 4*x+8 <= len(row) && x-start < 16 && binary.LittleEndian.Uint64(row[4*x:]) == two {
		x += 2
	}
	if x-start >= 16 {
		// A long run: 64 bytes at a time against a block of the colour.
		var block [64]byte
		for i := 0; i < 64; i += 8 {
			binary.LittleEndian.PutUint64(block[i:], two)
		}
		for 4*x+64 <= len(row) && bytes.Equal(row[4*x:4*x+64], block[:]) {
			x += 16
		}
	}
	for 4*x+8 <= len(row) && binary.LittleEndian.Uint64(row[4*x:]) == two {
		x += 2
	}
	for 4*x < len(row) && pixelAt(row, x) == c {
		x++
	}
	return x
}

// equalRun returns the end of the run of pixels from x that are equal in
// rows a and b, of the same length.
func equalRun(a, b []byte, x int) int {
	b = b[:len(a)]
	// 64 bytes at a time through bytes.Equal's vector compare, then two
	// pixels, then one.
	for 4*x+64 <= len(a) && bytes.Equal(a[4*x:4*x+64], b[4*x:4*x+64]) {
		x += 16
	}
	for 4*x+8 <= len(a) && binary.LittleEndian.Uint64(a[4*x:]) == binary.LittleEndian.Uint64(b[4*x:]) {
		x += 2
	}
	for 4*x < len(a) && pixelAt(a, x) == pixelAt(b, x) {
		x++
	}
	return x
}

// bitWriter packs deflate codes into bytes, least significant bit first.
type bitWriter struct {
	out []byte
	acc uint64
	n   uint
}

func (w *bitWriter) bits(v uint64, n uint) {
	w.acc |= v << w.n
	w.n += n
	if w.n >= 32 {
		w.out = binary.LittleEndian.AppendUint32(w.out, uint32(w.acc))
		w.acc >>= 32
		w.n -= 32
	}
}

func (w *bitWriter) flush() {
	for w.n > 0 {
		w.out = append(w.out, byte(w.acc))
		w.acc >>= 8
		w.n -= min(w.n, 8)
	}
}

// literal writes a literal/length symbol in its fixed code.
func (w *bitWriter) literal(sym int) {
	c := fixedLitCodes[sym]
	w.bits(uint64(c.code), uint(c.len))
}

// match writes copies of n bytes from the distance whose code (distCode)
// is dc, n a multiple of 3: pieces of at most 258 bytes, each at least 3
// since 258 is a multiple of 3, each written at once (at most 31 bits).
func (w *bitWriter) match(n int, dc fixedCode) {
	for n > 0 {
		l := min(n, 258)
		n -= l
		lc := matchCodes[l]
		w.bits(uint64(lc.code)|uint64(dc.code)<<lc.len, uint(lc.len)+uint(dc.len))
	}
}

// matchCodes holds, for each match length from 3 to 258, its length
// symbol's fixed code followed by its extra bits.
var matchCodes = func() (out [259]fixedCode) {
	for l := 3; l <= 258; l++ {
		lc := lengthCodes[l]
		sym := fixedLitCodes[lc.sym]
		out[l] = fixedCode{sym.code | uint32(lc.extra)<<sym.len, sym.len + lc.extraBits}
	}
	return out
}()

// fixedCode is a Huffman code, bit-reversed for the bitWriter.
type fixedCode struct {
	code uint32
	len  uint8
}

// lengthCode is the symbol of a match length and its extra bits.
type lengthCode struct {
	sym       uint16
	extraBits uint8
	extra     uint16
}

var fixedLitCodes, lengthCodes = fixedTables()

func fixedTables() (lit [288]fixedCode, length [259]lengthCode) {
	for s := range lit {
		var c, n uint32
		switch {
		case s < 144:
			c, n = 0x30+uint32(s), 8
		case s < 256:
			c, n = 0x190+uint32(s-144), 9
		case s < 280:
			c, n = uint32(s-256), 7
		default:
			c, n = 0xc0+uint32(s-280), 8
		}
		lit[s] = fixedCode{reverse(c, n), uint8(n)}
	}
	// Lengths 3-258 by symbols 257-285 (RFC 1951, 3.2.5).
	base := 3
	for i := range 28 {
		extra := 0
		if i >= 8 {
			extra = (i - 4) / 4
		}
		for e := range 1 << extra {
			length[base+e] = lengthCode{uint16(257 + i), uint8(extra), uint16(e)}
		}
		base += 1 << extra
	}
	length[258] = lengthCode{sym: 285}
	return lit, length
}

// distCode returns the code of a distance, from 1 to maxDistance, with its
// extra bits appended above the 5-bit fixed code.
func distCode(d int) fixedCode {
	base, sym, extra := 1, 0, 0
	for {
		if sym >= 4 && sym%2 == 0 {
			extra++
		}
		if d < base+1<<extra || sym == 29 {
			break
		}
		base += 1 << extra
		sym++
	}
	return fixedCode{reverse(uint32(sym), 5) | uint32(d-base)<<5, uint8(5 + extra)}
}

// reverse reverses the n low bits of c: Huffman codes are sent from their
// most significant bit.
func reverse(c, n uint32) uint32 {
	return bits.Reverse32(c) >> (32 - n)
}
