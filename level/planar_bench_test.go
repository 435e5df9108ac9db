package level

import (
	"math/rand/v2"
	"testing"

	"github.com/dungraph/dungraph/rulesets"
)

// BenchmarkPlanarCost measures what build.planar = "reject" costs over
// "off" on every bundled ruleset, in the rule engine alone (the build
// without the layout, where the planarity tests are all of the
// difference; a whole level takes 10 to 1,000 times longer). Bundled
// levels are the same in both modes.
func BenchmarkPlanarCost(b *testing.B) {
	for _, info := range rulesets.ListBundled() {
		for _, mode := range []string{rulesets.PlanarOff, rulesets.PlanarReject} {
			rs, err := rulesets.Loader{Overrides: []rulesets.Override{{Key: "build.planar", Value: mode}}}.Bundled(info.Name)
			if err != nil {
				b.Fatal(err)
			}
			b.Run(info.Name+"/"+mode, func(b *testing.B) {
				bo := buildOptions(rs)
				seed := uint64(0)
				for b.Loop() {
					seed++
					if _, err := rs.Grammar.Build(bo, rand.New(RandSource(seed, 0))); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
