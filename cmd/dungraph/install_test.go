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
// that the directory is not on PATH; then with another dungraph before
// GOBIN on PATH, which the output must name.
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

	// An older dungraph earlier on PATH would run instead: make install
	// says so, and how to put GOBIN first.
	old := t.TempDir()
	if err := os.WriteFile(filepath.Join(old, "dungraph"), []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	sep := string(os.PathListSeparator)
	cmd = exec.Command("make", "-s", "-C", "../..", "install")
	cmd.Env = append(os.Environ(), "GOBIN="+bin, "PATH="+old+sep+bin+sep+os.Getenv("PATH"))
	if out, err = cmd.CombinedOutput(); err != nil {
		t.Fatalf("make install: %v\n%s", err, out)
	}
	want := "another dungraph comes first on your PATH: " + filepath.Join(old, "dungraph")
	if !strings.Contains(string(out), want) || strings.Contains(string(out), "not on your PATH") {
		t.Errorf("make install with an older dungraph first on PATH: want %q and no \"not on your PATH\":\n%s", want, out)
	}
}
