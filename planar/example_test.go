package planar_test

import (
	"fmt"

	"github.com/dungraph/dungraph/planar"
)

func Example() {
	// A square with one diagonal is planar; K5 is not.
	square := []planar.Edge{{0, 1}, {1, 2}, {2, 3}, {3, 0}, {0, 2}}
	fmt.Println(planar.Planar(4, square))
	// An edge to a vertex that is not there is an error.
	fmt.Println(planar.Planar(2, []planar.Edge{{0, 2}}))
	var k5 []planar.Edge
	for u := range 5 {
		for v := u + 1; v < 5; v++ {
			k5 = append(k5, planar.Edge{U: u, V: v})
		}
	}
	fmt.Println(planar.Planar(5, k5))
	// Output:
	// true <nil>
	// false planar: edge 0-2 names a vertex outside 0..1
	// false <nil>
}
