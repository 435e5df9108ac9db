package planar

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"
)

// TestAgainstNetworkx compares the test with networkx's check_planarity
// on the 3,000 random graphs of testdata/networkx.txt (written by
// testdata/gen_networkx.py: sparse random graphs around the planarity
// threshold, and maximal planar graphs with one edge added or removed).
func TestAgainstNetworkx(t *testing.T) {
	f, err := os.Open("testdata/networkx.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var tr Tester
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	line, count := 0, [2]int{}
	for sc.Scan() {
		line++
		fs := strings.Fields(sc.Text())
		nums := make([]int, len(fs))
		for i, s := range fs {
			if nums[i], err = strconv.Atoi(s); err != nil {
				t.Fatalf("networkx.txt:%d: %v", line, err)
			}
		}
		want, n := nums[0] == 1, nums[1]
		var es []Edge
		for i := 2; i+1 < len(nums); i += 2 {
			es = append(es, Edge{nums[i], nums[i+1]})
		}
		count[b2i(want)]++
		if got := valid(tr.Planar(n, es)); got != want {
			t.Errorf("networkx.txt:%d (n=%d, m=%d): Planar = %v, networkx %v", line, n, len(es), got, want)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if count[0] < 1000 || count[1] < 1000 {
		t.Fatalf("fixture holds %d non-planar and %d planar graphs, want at least 1,000 of each", count[0], count[1])
	}
}
