package level

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/dungraph/dungraph/rulesets"
)

func TestMeasureBundled(t *testing.T) {
	for _, info := range []rulesets.Info{{Name: "caves"}} {
		rs, err := rulesets.Bundled(info.Name)
		if err != nil {
			t.Fatal(err)
		}
		first, ok, attempts := 0, 0, 0
		var times []time.Duration
		var rooms []int
		reasons := map[string]int{}
		for seed := uint64(1); seed <= 60; seed++ {
			t0 := time.Now()
			lv, err := Generate(context.Background(), rs, seed, Options{})
			times = append(times, time.Since(t0))
			if err != nil {
				reasons["fail"]++
				continue
			}
			ok++
			attempts += lv.Metrics.Attempts
			rooms = append(rooms, lv.Metrics.Rooms)
			if lv.Attempt == 0 {
				first++
			} else {
				for _, f := range lv.Failures {
					k := f.Reason
					if len(k) > 60 {
						k = k[:60]
					}
					reasons[k]++
				}
			}
		}
		slices.Sort(times)
		slices.Sort(rooms)
		fmt.Printf("%-10s ok %3d first %3d meanAtt %.2f rooms %d..%d med %v p95 %v\n", info.Name, ok, first, float64(attempts)/float64(max(ok, 1)), rooms[0], rooms[len(rooms)-1], times[len(times)/2], times[len(times)*95/100])
		n := 0
		for k, v := range reasons {
			if n < 4 {
				fmt.Printf("     %4d %s\n", v, k)
			}
			n++
		}
	}
}
