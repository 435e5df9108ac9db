package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestMakeInstall runs the README's `make install` with GOBIN off PATH:
// the binary must land in GOBIN, and the output must say where it is and
// that the directory is not on PATH.
func TestMakeInstall(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command")
	}
	if _, err := exec.LookPath("make"); err != nil {
		t.Skip("no make")
	}
	bin := t.TempDir()
	cmd := exec.Command("make", "-s", "-C", "../..", "install")
	cmd.Env = append(os.Environ(), "GOBIN="+bin, "PATH="+os.Getenv("PATH")+string(os.PathListSeparator)+"/nonexistent")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("make install: %v\n%s", err, out)
	}
	if _, err := os.Stat(filepath.Join(bin, "dungraph")); err != nil {
		t.Fatalf("make install wrote no binary in GOBIN: %v", err)
	}
	for _, want := range []string{"installed " + filepath.Join(bin, "dungraph"), bin + " is not on your PATH"} {
		if !strings.Contains(string(out), want) {
			t.Errorf("make install output lacks %q:\n%s", want, out)
		}
	}
}
