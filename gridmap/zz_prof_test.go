package gridmap_test

import (
	"context"
	"fmt"
	"os"
	"syscall"
	"testing"
	"time"

	"github.com/dungraph/dungraph/levelfile"
	"github.com/dungraph/dungraph/render"
)

func TestZZProf(t *testing.T) {
	path := os.Getenv("ZZ_LEVEL")
	if path == "" {
		t.Skip()
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	d, err := levelfile.ReadJSON(f)
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	var ru0 syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru0)
	m, err := render.Raster{}.MapContext(context.Background(), d)
	var ru1 syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru1)
	cpu := time.Duration(ru1.Utime.Nano() + ru1.Stime.Nano() - ru0.Utime.Nano() - ru0.Stime.Nano())
	fmt.Fprintf(os.Stderr, "elapsed %.2fs cpu %.2fs err=%v\n", time.Since(start).Seconds(), cpu.Seconds(), err)
	if m != nil {
		fmt.Fprintf(os.Stderr, "map %dx%d cell %.4g scale %.4g\n", m.W, m.H, m.CellSize, m.ScaleX)
	}
}
