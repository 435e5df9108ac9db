package cputime

import (
	"testing"
	"time"
)

// Report reports the process's CPU time per iteration since start (from
// Now) as the metric cpu-ms/op.
func Report(b *testing.B, start time.Duration) {
	b.ReportMetric(float64(Now()-start)/float64(time.Millisecond)/float64(b.N), "cpu-ms/op")
}
