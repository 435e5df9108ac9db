//go:build unix

package render

import (
	"syscall"
	"testing"
	"time"
)

// reportCPU reports the process's CPU time per iteration since start (from
// cpuNow) as cpu-ms/op: on a shared machine the wall time of ns/op grows
// with the load, the CPU time much less.
func reportCPU(b *testing.B, start time.Duration) {
	b.ReportMetric(float64(cpuNow()-start)/float64(time.Millisecond)/float64(b.N), "cpu-ms/op")
}

func cpuNow() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
