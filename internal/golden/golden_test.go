package golden

import (
	"os"
	"path/filepath"
	"testing"
)

// TestCheck: with -update a golden file is written; without, the same
// bytes pass and other bytes fail.
func TestCheck(t *testing.T) {
	t.Chdir(t.TempDir())
	*Update = true
	Check(t, "sub/a.txt", []byte("one"))
	*Update = false
	if b, err := os.ReadFile(filepath.Join("testdata", "sub", "a.txt")); err != nil || string(b) != "one" {
		t.Fatalf("written %q, %v", b, err)
	}
	Check(t, "sub/a.txt", []byte("one"))
	r := &recorder{TB: t}
	Check(r, "sub/a.txt", []byte("two"))
	if !r.failed {
		t.Error("different bytes passed the golden check")
	}
}

// recorder records an Errorf instead of failing the test.
type recorder struct {
	testing.TB
	failed bool
}

func (r *recorder) Errorf(string, ...any) { r.failed = true }
