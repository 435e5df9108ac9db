package planar

import "testing"

// FuzzPlanar reads a graph of up to 8 vertices from the input (the first
// byte the order, each further byte an edge: high and low nibble) and
// compares the test with the brute-force minor search.
func FuzzPlanar(f *testing.F) {
	f.Add([]byte{5, 0x01, 0x02, 0x03, 0x04, 0x12, 0x13, 0x14, 0x23, 0x24, 0x34})
	f.Add([]byte{6, 0x03, 0x04, 0x05, 0x13, 0x14, 0x15, 0x23, 0x24, 0x25})
	f.Add([]byte{8, 0x01, 0x12, 0x23, 0x34, 0x45, 0x56, 0x67, 0x70, 0x04, 0x15, 0x26, 0x37})
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) == 0 {
			return
		}
		n := int(data[0]%8) + 1
		var es []Edge
		for _, b := range data[1:] {
			es = append(es, Edge{int(b>>4) % n, int(b&15) % n})
		}
		if got, want := valid(Planar(n, es)), minorPlanar(n, es); got != want {
			t.Fatalf("n=%d edges %v: Planar = %v, brute force %v", n, es, got, want)
		}
	})
}
