package batch

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/dungraph/dungraph/internal/atomicfile"
)

// Status of a seed in the manifest.
const (
	StatusOK     = "ok"
	StatusFailed = "failed"
)

// Entry is one line of a manifest: the outcome of one seed. Its JSON
// fields come in the order below; Files is an object whose keys are sorted.
type Entry struct {
	Seed uint64 `json:"seed"`
	// Attempt is Result.Attempt, as the generator reported it.
	Attempt int    `json:"attempt"`
	Status  string `json:"status"`
	// Files maps each file name to the hex sha256 of its bytes; ok seeds
	// only.
	Files map[string]string `json:"files,omitempty"`
	// Metrics are Result.Metrics, compacted.
	Metrics json.RawMessage `json:"metrics,omitempty"`
	// Reason is the generator's error; failed seeds only.
	Reason string `json:"reason,omitempty"`
}

// line returns e as a manifest line, newline included.
func (e *Entry) line() ([]byte, error) {
	b, err := json.Marshal(e)
	if err != nil {
		return nil, fmt.Errorf("batch: seed %d: %w", e.Seed, err)
	}
	return append(b, '\n'), nil
}

// parseEntry parses a manifest line (without its newline) and checks it.
func parseEntry(line []byte) (Entry, error) {
	var e Entry
	d := json.NewDecoder(bytes.NewReader(line))
	d.DisallowUnknownFields()
	if err := d.Decode(&e); err != nil {
		return e, err
	}
	if d.More() {
		return e, errors.New("more than one value on the line")
	}
	switch e.Status {
	case StatusOK, StatusFailed:
	default:
		return e, fmt.Errorf("status %q is neither %q nor %q", e.Status, StatusOK, StatusFailed)
	}
	for name, sum := range e.Files {
		if err := checkName(name); err != nil {
			return e, err
		}
		if b, err := hex.DecodeString(sum); err != nil || len(b) != 32 || strings.ToLower(sum) != sum {
			return e, fmt.Errorf("file %s: sha256 %q is not 64 lowercase hex digits", name, sum)
		}
	}
	return e, nil
}

// checkName checks a file name given by a generator. Names starting with
// a dot are reserved for temporary files.
func checkName(name string) error {
	switch {
	case name == "":
		return errors.New("empty file name")
	case strings.ContainsAny(name, `/\`+"\x00"):
		return fmt.Errorf("file name %q holds a path separator or NUL", name)
	case strings.Contains(name, ".."):
		return fmt.Errorf("file name %q holds \"..\"", name)
	case name[0] == '.':
		return fmt.Errorf("file name %q starts with a dot, which marks temporary files", name)
	}
	return nil
}

// names are the base names of a run's files in DIR.
type names struct {
	manifest, journal, timings, info string
}

func namesOf(sh Shard) names {
	s := sh.suffix()
	return names{
		manifest: "manifest" + s + ".jsonl",
		journal:  "manifest" + s + ".jsonl.journal",
		timings:  "timings" + s + ".jsonl",
		info:     "batch" + s + ".json",
	}
}

// parseName recognizes the name of a manifest, journal or batch file,
// returning its kind ("manifest", "journal" or "info") and shard.
func parseName(name string) (kind string, sh Shard, ok bool) {
	for _, k := range []struct{ kind, prefix, suffix string }{
		{"manifest", "manifest", ".jsonl"},
		{"journal", "manifest", ".jsonl.journal"},
		{"info", "batch", ".json"},
	} {
		mid, ok := strings.CutPrefix(name, k.prefix)
		if !ok {
			continue
		}
		if mid, ok = strings.CutSuffix(mid, k.suffix); !ok {
			continue
		}
		if mid == "" {
			return k.kind, Shard{}, true
		}
		var sh Shard
		if _, err := fmt.Sscanf(mid, ".shard-%d-of-%d", &sh.Index, &sh.Count); err == nil && sh.Count > 1 && sh.check() == nil && sh.suffix() == mid {
			return k.kind, sh, true
		}
	}
	return "", Shard{}, false
}

// info is the content of batch.json: a run's parameters.
type info struct {
	// Batch is the format version, 1.
	Batch int `json:"batch"`
	// Seeds are all the run's seeds, not only the shard's.
	Seeds string `json:"seeds"`
	// Shard is "I/N", omitted for the whole run.
	Shard  string          `json:"shard,omitempty"`
	Params json.RawMessage `json:"params,omitempty"`
	// Outputs and Files are Options.Outputs and Options.FileNames.
	Outputs json.RawMessage `json:"outputs,omitempty"`
	Files   []string        `json:"files,omitempty"`
}

const formatVersion = 1

func newInfo(seeds Seeds, sh Shard, params json.RawMessage) info {
	in := info{Batch: formatVersion, Seeds: seeds.String(), Params: params}
	if !sh.whole() {
		in.Shard = sh.String()
	}
	return in
}

func (in info) write(path string) error {
	b, err := json.Marshal(in)
	if err != nil {
		return fmt.Errorf("batch: %w", err)
	}
	return atomicfile.WriteFile(path, 0o644, func(w io.Writer) error {
		_, err := w.Write(append(b, '\n'))
		return err
	})
}

// readInfo reads a batch file; ok is false if there is none.
func readInfo(path string) (in info, ok bool, err error) {
	b, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return in, false, nil
	} else if err != nil {
		return in, false, fmt.Errorf("batch: %w", err)
	}
	d := json.NewDecoder(bytes.NewReader(b))
	d.DisallowUnknownFields()
	if err := d.Decode(&in); err != nil {
		return in, false, fmt.Errorf("batch: %s: %w", path, err)
	}
	if in.Batch != formatVersion {
		return in, false, fmt.Errorf("batch: %s: format version %d, want %d", path, in.Batch, formatVersion)
	}
	return in, true, nil
}

// compactParams returns p compacted, so that formatting never makes two
// runs' parameters differ.
func compactParams(p json.RawMessage) (json.RawMessage, error) {
	if len(p) == 0 {
		return nil, nil
	}
	var b bytes.Buffer
	if err := json.Compact(&b, p); err != nil {
		return nil, fmt.Errorf("batch: Params: %w", err)
	}
	return b.Bytes(), nil
}

// record is a parsed manifest or journal line.
type record struct {
	entry Entry
	line  []byte // with its newline
	num   int    // line number, from 1
	err   error  // why the line did not parse
}

// readRecords reads a manifest or journal. Lines that do not parse go to
// bad, and so does a last line without its newline (a torn append, which a
// journal may have and a manifest may not), which is never a record;
// complete is the length of the file up to it.
func readRecords(path string) (recs []record, bad []record, complete int64, err error) {
	b, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil, 0, nil
	} else if err != nil {
		return nil, nil, 0, fmt.Errorf("batch: %w", err)
	}
	complete = int64(bytes.LastIndexByte(b, '\n') + 1)
	if tail := b[complete:]; len(tail) > 0 {
		num := bytes.Count(b[:complete], []byte{'\n'}) + 1
		defer func() {
			bad = append(bad, record{line: tail, num: num,
				err: fmt.Errorf("the line is cut off after %d bytes (byte %d of the file, no newline): the file was not written whole", len(tail), complete)})
		}()
	}
	b = b[:complete]
	for num := 1; len(b) > 0; num++ {
		i := bytes.IndexByte(b, '\n')
		line := b[: i+1 : i+1]
		b = b[i+1:]
		e, err := parseEntry(line[:i])
		if err != nil {
			bad = append(bad, record{line: line, num: num, err: err})
			continue
		}
		recs = append(recs, record{entry: e, line: line, num: num})
	}
	return recs, bad, complete, nil
}

// openLog opens an append-only log (journal or timings) for appending,
// first cutting off a torn last line, so that the next line starts on a
// line of its own.
func openLog(path string) (*os.File, error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, fmt.Errorf("batch: %w", err)
	}
	end, err := completeLength(f)
	if err == nil {
		err = f.Truncate(end)
	}
	if err == nil {
		_, err = f.Seek(end, io.SeekStart)
	}
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("batch: %s: %w", path, err)
	}
	return f, nil
}

// completeLength returns the length of f up to its last newline, reading
// backwards from the end.
func completeLength(f *os.File) (int64, error) {
	fi, err := f.Stat()
	if err != nil {
		return 0, err
	}
	buf := make([]byte, 4096)
	for end := fi.Size(); end > 0; {
		n := min(end, int64(len(buf)))
		if _, err := f.ReadAt(buf[:n], end-n); err != nil {
			return 0, err
		}
		if i := bytes.LastIndexByte(buf[:n], '\n'); i >= 0 {
			return end - n + int64(i) + 1, nil
		}
		end -= n
	}
	return 0, nil
}

// isTemp reports whether name is an atomicfile temporary file of base.
func isTemp(name, base string) bool {
	return strings.HasPrefix(name, "."+base+".tmp")
}

// removeTemps removes the temporary files a killed run left in dir: those
// of the files named in bases, or all of them when bases is empty (a seed
// directory, where every dot file is one).
func removeTemps(dir string, bases ...string) {
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		n := e.Name()
		if len(bases) == 0 && strings.HasPrefix(n, ".") && strings.Contains(n, ".tmp") {
			os.Remove(filepath.Join(dir, n))
		}
		for _, b := range bases {
			if isTemp(n, b) {
				os.Remove(filepath.Join(dir, n))
			}
		}
	}
}

// seedDir is where the files of seed live.
func seedDir(dir string, seed uint64) string {
	return filepath.Join(dir, strconv.FormatUint(seed, 10))
}
