package runfiles

import (
	"bytes"
	"cmp"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"

	"github.com/dungraph/dungraph/internal/atomicfile"
)

// Name is the record's file name in each directory dungraph writes to.
const Name = ".dungraph-files.json"

// entry is one recorded file.
type entry struct {
	// Name is the file's name in the directory.
	Name string `json:"name"`
	// From is the name of the level file it was made from (itself for a
	// level file).
	From string `json:"from"`
	// Level is the SHA-256 of the level it shows, in its JSON form.
	Level string `json:"level"`
	// SHA256 is the hex digest of the bytes dungraph wrote.
	SHA256 string `json:"sha256"`
}

type record struct {
	Files []entry `json:"files"`
}

// Result says what Update did to the files of earlier runs.
type Result struct {
	// Removed are the paths of earlier outputs of the level file that
	// show another level and that this run did not write again, removed.
	Removed []string
	// Kept are such paths left in place because they changed since
	// dungraph wrote them.
	Kept []string
}

// LevelSum returns the digest Update wants of a level: of its JSON bytes,
// as generate writes them to level.json.
func LevelSum(levelJSON []byte) string {
	h := sha256.Sum256(levelJSON)
	return hex.EncodeToString(h[:])
}

// Update records files, all in directory dir and all made from the level
// file named from (a name in dir) whose level has digest level (LevelSum),
// as written by this run. Every recorded output of from that shows another
// level and that is not among files is removed (if unchanged since it was
// written) and forgotten; outputs of the same level stay.
//
// Update reads back the files it records, so it runs after they were
// committed. An unreadable record is treated as empty: it only ever allows
// fewer removals.
func Update(dir, from, level string, files []string) (Result, error) {
	var res Result
	rec := read(dir)
	written := make(map[string]bool, len(files))
	var fresh []entry
	for _, path := range files {
		name := filepath.Base(path)
		sum, err := FileSum(filepath.Join(dir, name))
		if err != nil {
			return res, fmt.Errorf("runfiles: %w", err)
		}
		written[name] = true
		fresh = append(fresh, entry{Name: name, From: from, Level: level, SHA256: sum})
	}
	var keep []entry
	for _, e := range rec.Files {
		switch {
		case written[e.Name]:
			// Recorded again below.
		case e.From != from || e.Level == level:
			keep = append(keep, e)
		default:
			path := filepath.Join(dir, e.Name)
			sum, err := FileSum(path)
			switch {
			case errors.Is(err, fs.ErrNotExist):
			case err != nil || sum != e.SHA256:
				res.Kept = append(res.Kept, path)
			default:
				if err := os.Remove(path); err != nil {
					return res, fmt.Errorf("runfiles: %w", err)
				}
				res.Removed = append(res.Removed, path)
			}
		}
	}
	rec.Files = append(keep, fresh...)
	slices.SortFunc(rec.Files, func(a, b entry) int { return cmp.Compare(a.Name, b.Name) })
	return res, write(dir, rec)
}

func read(dir string) record {
	var rec record
	b, err := os.ReadFile(filepath.Join(dir, Name))
	if err != nil || json.Unmarshal(b, &rec) != nil {
		return record{}
	}
	// Only plain names in dir: a tampered record must not reach elsewhere.
	rec.Files = slices.DeleteFunc(rec.Files, func(e entry) bool {
		return e.Name == "" || e.Name != filepath.Base(e.Name) || e.Name == "." || e.Name == ".." || e.Name == Name
	})
	return rec
}

func write(dir string, rec record) error {
	b, err := json.MarshalIndent(rec, "", "  ")
	if err != nil {
		return fmt.Errorf("runfiles: %w", err)
	}
	b = append(b, '\n')
	return atomicfile.WriteFile(filepath.Join(dir, Name), 0o644, func(w io.Writer) error {
		_, err := io.Copy(w, bytes.NewReader(b))
		return err
	})
}

// FileSum returns the hex SHA-256 of the file at path.
func FileSum(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}
