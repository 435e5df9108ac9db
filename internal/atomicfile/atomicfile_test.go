package atomicfile

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

func readFile(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// leftovers returns the names in dir other than want.
func leftovers(t *testing.T, dir string, want ...string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
outer:
	for _, e := range entries {
		for _, w := range want {
			if e.Name() == w {
				continue outer
			}
		}
		out = append(out, e.Name())
	}
	return out
}

func TestWriteFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "level.json")
	boom := errors.New("boom")
	tests := []struct {
		name    string
		before  string // "" for no file
		write   string
		err     error
		want    string
		wantErr error
		reason  string
	}{
		{name: "new", write: "new", want: "new", reason: "a new file gets the bytes written"},
		{name: "replace", before: "old", write: "new", want: "new", reason: "an existing file is replaced"},
		{name: "failed write keeps old", before: "old", write: "half", err: boom, want: "old", wantErr: boom, reason: "a failed write must leave the old file untouched"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			os.Remove(path)
			if tt.before != "" {
				if err := os.WriteFile(path, []byte(tt.before), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			err := WriteFile(path, 0o644, func(w io.Writer) error {
				if _, err := io.WriteString(w, tt.write); err != nil {
					return err
				}
				return tt.err
			})
			if !errors.Is(err, tt.wantErr) {
				t.Fatalf("WriteFile error = %v, want %v", err, tt.wantErr)
			}
			if got := readFile(t, path); got != tt.want {
				t.Errorf("file holds %q, want %q: %s", got, tt.want, tt.reason)
			}
			if extra := leftovers(t, dir, "level.json"); len(extra) > 0 {
				t.Errorf("temporary files left behind: %v", extra)
			}
		})
	}
}

func TestFailedWriteLeavesNoFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "level.png")
	err := WriteFile(path, 0o644, func(w io.Writer) error { return errors.New("boom") })
	if err == nil {
		t.Fatal("WriteFile succeeded, want the write's error")
	}
	if extra := leftovers(t, dir); len(extra) > 0 {
		t.Errorf("a failed write of a new file left %v, want nothing", extra)
	}
}

func TestPermissions(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("Windows has no Unix permission bits")
	}
	dir := t.TempDir()
	fresh := filepath.Join(dir, "fresh")
	if err := WriteFile(fresh, 0o640, func(w io.Writer) error { return nil }); err != nil {
		t.Fatal(err)
	}
	kept := filepath.Join(dir, "kept")
	if err := os.WriteFile(kept, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(kept, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := WriteFile(kept, 0o644, func(w io.Writer) error { return nil }); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		path   string
		want   os.FileMode
		reason string
	}{
		{fresh, 0o640, "a new file gets perm"},
		{kept, 0o600, "a replaced file keeps its mode"},
	} {
		fi, err := os.Stat(c.path)
		if err != nil {
			t.Fatal(err)
		}
		if got := fi.Mode().Perm(); got != c.want {
			t.Errorf("%s: mode %v, want %v: %s", filepath.Base(c.path), got, c.want, c.reason)
		}
	}
}

func TestGroup(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a"), filepath.Join(dir, "b")
	for _, p := range []string{a, b} {
		if err := os.WriteFile(p, []byte("old"), 0o644); err != nil {
			t.Fatal(err)
		}
	}

	// A group whose second file fails is aborted: neither file changes,
	// although the first was written completely.
	var g Group
	fa, err := g.Create(a, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	io.WriteString(fa, "new")
	if _, err := g.Create(b, 0o644); err != nil {
		t.Fatal(err)
	}
	g.Abort()
	if got := readFile(t, a); got != "old" {
		t.Errorf("after Abort a holds %q, want %q", got, "old")
	}
	if extra := leftovers(t, dir, "a", "b"); len(extra) > 0 {
		t.Errorf("Abort left %v", extra)
	}

	// A committed group replaces both.
	g = Group{}
	for _, p := range []string{a, b} {
		f, err := g.Create(p, 0o644)
		if err != nil {
			t.Fatal(err)
		}
		io.WriteString(f, "new "+filepath.Base(p))
	}
	if err := g.Commit(); err != nil {
		t.Fatal(err)
	}
	g.Abort() // a no-op after Commit
	for _, p := range []string{a, b} {
		if got, want := readFile(t, p), "new "+filepath.Base(p); got != want {
			t.Errorf("%s holds %q, want %q", filepath.Base(p), got, want)
		}
	}
	if extra := leftovers(t, dir, "a", "b"); len(extra) > 0 {
		t.Errorf("Commit left %v", extra)
	}
}

func TestCommitTwice(t *testing.T) {
	f, err := Create(filepath.Join(t.TempDir(), "x"), 0o644)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Commit(); err != nil {
		t.Fatal(err)
	}
	if err := f.Commit(); err == nil {
		t.Error("second Commit succeeded, want an error")
	}
}

func TestNotRegular(t *testing.T) {
	dir := t.TempDir()
	if _, err := Create(dir, 0o644); err == nil {
		t.Error("Create over a directory succeeded, want an error")
	}
}

func TestMissingDirectory(t *testing.T) {
	path := filepath.Join(t.TempDir(), "no", "such", "dir", "x")
	if err := WriteFile(path, 0o644, func(w io.Writer) error { return nil }); err == nil {
		t.Error("WriteFile into a missing directory succeeded, want an error")
	}
}
