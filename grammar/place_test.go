package grammar

import (
	"testing"

	"gonum.org/v1/gonum/spatial/r2"
)

func TestFitSimilarityRecoversExactly(t *testing.T) {
	// Constructed so that every intermediate value is exact in binary
	// floating point: the fit must recover the transform to the bit.
	tests := []struct {
		name string
		a, b float64 // scale·cos, scale·sin
		tr   r2.Vec
	}{
		{"identity", 1, 0, v(0, 0)},
		{"translation", 1, 0, v(12.5, -3)},
		{"quarter turn, double size", 0, 2, v(10, 10)},
		{"half turn", -1, 0, v(0, 0)},
		{"three-quarter turn, half size", 0, -0.5, v(-4, 8)},
		{"3-4-5 rotation, scale 5", 3, 4, v(1, 2)},
	}
	src := []r2.Vec{v(0, 0), v(100, 0), v(0, 50), v(100, 50)}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			want := similarity{a: tt.a, b: tt.b, t: tt.tr}
			dst := make([]r2.Vec, len(src))
			for i, p := range src {
				dst[i] = want.apply(p)
			}
			got := fitSimilarity(src, dst)
			if got.a != tt.a || got.b != tt.b || got.t != tt.tr {
				t.Fatalf("fit = %+v, want %+v", got, want)
			}
			if p := got.apply(v(30, 70)); p != want.apply(v(30, 70)) {
				t.Errorf("apply = %v, want %v", p, want.apply(v(30, 70)))
			}
		})
	}
}

func TestFitSimilarityTwoPoints(t *testing.T) {
	// The case of every two-vertex rule: the edge is carried exactly onto
	// the host edge.
	got := fitSimilarity([]r2.Vec{v(0, 0), v(100, 0)}, []r2.Vec{v(10, 10), v(10, 210)})
	if p := got.apply(v(50, 50)); p != v(-90, 110) {
		t.Errorf("apply = %v, want (-90, 110)", p)
	}
}

func TestFitSimilarityNeverReflects(t *testing.T) {
	// A mirrored host: the best similarity is a rotation, not a
	// reflection, so the mirrored point does not land on its mirror image.
	src := []r2.Vec{v(0, 0), v(10, 0), v(0, 10)}
	dst := []r2.Vec{v(0, 0), v(10, 0), v(0, -10)}
	got := fitSimilarity(src, dst)
	if got.a == 1 && got.b == 0 {
		t.Fatalf("fit %+v: identity", got)
	}
	// With a reflection (x, y) -> (x, -y) the fit would be exact; a
	// similarity cannot reach it.
	if p := got.apply(v(0, 10)); p == v(0, -10) {
		t.Errorf("similarity reproduced a reflection: %+v", got)
	}
}

func TestFitSimilarityDegenerate(t *testing.T) {
	// All source points coincide: translation only.
	got := fitSimilarity([]r2.Vec{v(5, 5), v(5, 5)}, []r2.Vec{v(0, 0), v(10, 0)})
	if got.a != 1 || got.b != 0 || got.t != v(0, -5) {
		t.Errorf("fit = %+v, want scale 1, translation (0,-5)", got)
	}
	// All host points coincide: the fit would collapse to scale zero.
	got = fitSimilarity([]r2.Vec{v(0, 0), v(10, 0)}, []r2.Vec{v(3, 3), v(3, 3)})
	if got.a != 1 || got.b != 0 || got.t != v(-2, 3) {
		t.Errorf("fit = %+v, want scale 1, translation (-2,3)", got)
	}
}

func TestFitStart(t *testing.T) {
	tests := []struct {
		name   string
		sub    []r2.Vec // all substitute vertices; the first is mapped
		size   float64
		target r2.Vec
		want   []r2.Vec
	}{
		// A 100-tall substitute fitted into a 200 box: scale 2, mapped
		// vertex on the host vertex.
		{"scaled up", []r2.Vec{v(600, 250), v(600, 300), v(600, 200)}, 200, v(0, 0), []r2.Vec{v(0, 0), v(0, 100), v(0, -100)}},
		// A larger substitute is scaled down to the box.
		{"scaled down", []r2.Vec{v(0, 0), v(400, 0), v(0, 100)}, 200, v(10, 10), []r2.Vec{v(10, 10), v(210, 10), v(10, 60)}},
		// A single vertex: nothing to scale.
		{"single vertex", []r2.Vec{v(7, 7)}, 200, v(1, 2), []r2.Vec{v(1, 2)}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tf := fitStart(tt.sub, tt.sub[:1], []r2.Vec{tt.target}, tt.size)
			for i, p := range tt.sub {
				if got := tf.apply(p); got != tt.want[i] {
					t.Errorf("vertex %d at %v, want %v", i, got, tt.want[i])
				}
			}
		})
	}
}
