package runfiles

import (
	"maps"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

func writeAll(t *testing.T, dir string, files map[string]string) []string {
	t.Helper()
	var paths []string
	for _, name := range slices.Sorted(maps.Keys(files)) {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(files[name]), 0o644); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, p)
	}
	return paths
}

func exists(dir, name string) bool {
	_, err := os.Stat(filepath.Join(dir, name))
	return err == nil
}

func TestUpdate(t *testing.T) {
	tests := []struct {
		name string
		// second run: the level it shows, and the files it writes.
		level  string
		second map[string]string
		// edit changes level.png after the first run.
		edit        bool
		wantRemoved []string
		wantKept    []string
		wantExist   []string
		wantGone    []string
		reason      string
	}{
		{
			name: "another level, fewer formats", level: "B",
			second:      map[string]string{"level.txt": "b"},
			wantRemoved: []string{"level.json", "level.png"},
			wantExist:   []string{"level.txt", "other.png", "user.txt"},
			wantGone:    []string{"level.json", "level.png"},
			reason:      "outputs of the earlier level that the run does not rewrite must go; other files stay",
		},
		{
			name: "same level", level: "A",
			second:    map[string]string{"level.txt": "a"},
			wantExist: []string{"level.json", "level.png", "level.txt"},
			reason:    "outputs of the same level are still right",
		},
		{
			name: "edited by the user", level: "B", edit: true,
			second:      map[string]string{"level.json": "b"},
			wantRemoved: []string{},
			wantKept:    []string{"level.png"},
			wantExist:   []string{"level.png", "level.json"},
			reason:      "a file changed since dungraph wrote it is the user's",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			writeAll(t, dir, map[string]string{"user.txt": "mine"})
			first := writeAll(t, dir, map[string]string{"level.json": "a", "level.png": "a"})
			if _, err := Update(dir, "level.json", "A", first); err != nil {
				t.Fatal(err)
			}
			other := writeAll(t, dir, map[string]string{"other.png": "a"})
			if _, err := Update(dir, "other.json", "A", other); err != nil {
				t.Fatal(err)
			}
			if tt.edit {
				writeAll(t, dir, map[string]string{"level.png": "edited"})
			}
			res, err := Update(dir, "level.json", tt.level, writeAll(t, dir, tt.second))
			if err != nil {
				t.Fatal(err)
			}
			base := func(ps []string) []string {
				var out []string
				for _, p := range ps {
					out = append(out, filepath.Base(p))
				}
				return out
			}
			if got := base(res.Removed); len(got)+len(tt.wantRemoved) > 0 && !slices.Equal(got, tt.wantRemoved) {
				t.Errorf("removed %v, want %v: %s", got, tt.wantRemoved, tt.reason)
			}
			if got := base(res.Kept); len(got)+len(tt.wantKept) > 0 && !slices.Equal(got, tt.wantKept) {
				t.Errorf("kept %v, want %v: %s", got, tt.wantKept, tt.reason)
			}
			for _, n := range tt.wantExist {
				if !exists(dir, n) {
					t.Errorf("%s is gone: %s", n, tt.reason)
				}
			}
			for _, n := range tt.wantGone {
				if exists(dir, n) {
					t.Errorf("%s is still there: %s", n, tt.reason)
				}
			}
		})
	}
}

// TestUpdateTamperedRecord checks that a record naming paths outside its
// directory removes nothing there.
func TestUpdateTamperedRecord(t *testing.T) {
	dir := t.TempDir()
	outside := filepath.Join(t.TempDir(), "victim")
	if err := os.WriteFile(outside, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	rec := `{"files": [{"name": "` + outside + `", "from": "level.json", "level": "A", "sha256": "2d711642b726b04401627ca9fbac32f5c8530fb1903cc4db02258717921a4881"}, {"name": "../victim", "from": "level.json", "level": "A", "sha256": ""}]}`
	if err := os.WriteFile(filepath.Join(dir, Name), []byte(rec), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Update(dir, "level.json", "B", nil); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(outside); err != nil {
		t.Errorf("a tampered record removed a file outside its directory: %v", err)
	}
}
