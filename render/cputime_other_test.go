//go:build !unix

package render

import (
	"testing"
	"time"
)

func reportCPU(b *testing.B, start time.Duration) {}

func cpuNow() time.Duration { return 0 }
