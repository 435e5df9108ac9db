package rulesets

import (
	"context"
	"errors"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/dungraph/dungraph/internal/hostile"
)

func BenchmarkLoadBundled(b *testing.B) {
	src := mustReadB(b, "bundled/"+DefaultName+".toml")
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		if _, err := Load("dungeon.toml", src); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkLoadBroken measures a file with a problem in every rule, the
// slow path: every problem is placed and rendered.
func BenchmarkLoadBroken(b *testing.B) {
	src := mustReadB(b, "bundled/"+DefaultName+".toml")
	src = []byte(strings.ReplaceAll(string(src), `tag = "-"`, `tag = "!x"`))
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		if _, err := Load("dungeon.toml", src); err == nil {
			b.Fatal("no problems")
		}
	}
}

func mustReadB(b *testing.B, name string) []byte {
	b.Helper()
	src, err := os.ReadFile(name)
	if err != nil {
		b.Fatal(err)
	}
	return src
}

// BenchmarkLoadDeadline loads the largest ruleset the loader takes, a
// start rule of a 130,000-room grid (16 MB), under deadlines that end it
// in each stage (parsing, decoding, compiling, the crossing check), and
// reports how long after its deadline each load returned: the longest
// stretch of work between two looks at the context. Run with -benchtime
// 1x; the wall times include waiting for a core on a loaded machine.
func BenchmarkLoadDeadline(b *testing.B) {
	src := []byte(hostile.Grid(130000))
	for _, budget := range []time.Duration{100 * time.Millisecond, 500 * time.Millisecond, time.Second, 2 * time.Second, 2500 * time.Millisecond, 3 * time.Second, 4 * time.Second, 6 * time.Second} {
		b.Run(budget.String(), func(b *testing.B) {
			var worst time.Duration
			for b.Loop() {
				ctx, cancel := context.WithTimeout(context.Background(), budget)
				start := time.Now()
				_, err := Loader{Context: ctx}.Load("grid.toml", src)
				over := time.Since(start) - budget
				cancel()
				switch {
				case err == nil:
					over = 0 // done within the budget
				case !errors.Is(err, context.DeadlineExceeded):
					b.Fatal(err)
				}
				worst = max(worst, over)
			}
			b.ReportMetric(float64(worst.Microseconds())/1000, "overshoot-ms")
		})
	}
}
