package batch

import (
	"bufio"
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/dungraph/dungraph/internal/atomicfile"
	"github.com/dungraph/dungraph/internal/runfiles"
	"github.com/dungraph/dungraph/internal/textsafe"
)

// ProblemKind classifies a Problem.
type ProblemKind int

const (
	// Malformed: a manifest line or batch file that does not parse, or a
	// manifest whose seeds are not ascending.
	Malformed ProblemKind = iota
	// Mismatch: batch files that disagree on the seeds, the shard count or
	// the params, or a manifest without its batch file.
	Mismatch
	// Unfinished: a journal is left: a run was killed, or is running.
	Unfinished
	// MissingShard: no manifest for a shard.
	MissingShard
	// MissingSeeds: seeds of a shard that its manifest lacks.
	MissingSeeds
	// Unexpected: a manifest records a seed outside its shard.
	Unexpected
	// Duplicate: a seed recorded twice.
	Duplicate
	// MissingFile: a file the manifest lists is not on disk.
	MissingFile
	// Damaged: a file whose sha256 is not the manifest's, or that cannot
	// be read.
	Damaged
)

var kindNames = [...]string{"malformed", "mismatch", "unfinished", "missing shard", "missing seeds", "unexpected seed", "duplicate", "missing file", "damaged"}

func (k ProblemKind) String() string {
	if k < 0 || int(k) >= len(kindNames) {
		return fmt.Sprintf("ProblemKind(%d)", int(k))
	}
	return kindNames[k]
}

// Problem is one thing wrong with a batch's output.
type Problem struct {
	Kind ProblemKind
	// Path is the file at fault: a manifest, batch file or journal, or the
	// level file for MissingFile and Damaged; for MissingShard, the name
	// of the manifest that is missing. Line is its line, from 1,
	// when it is a manifest line.
	Path string
	Line int
	// Seed is the seed concerned, for the kinds about one seed.
	Seed uint64
	// Shard and Seeds are the shard and its seeds missing, for
	// MissingShard and MissingSeeds.
	Shard Shard
	Seeds Seeds
	// File is the file name, Want the manifest's sha256 and Got the
	// file's, for MissingFile and Damaged.
	File, Want, Got string
	// Detail says more, in words.
	Detail string
}

// String describes the problem on one line. File names and details come
// from manifests, which anyone can edit: their control characters are
// escaped.
func (p Problem) String() string {
	p.File, p.Detail = textsafe.Escape(p.File), textsafe.Escape(p.Detail)
	where := p.Path
	if p.Line > 0 {
		where = fmt.Sprintf("%s:%d", p.Path, p.Line)
	}
	switch p.Kind {
	case MissingShard:
		return fmt.Sprintf("shard %v missing: seeds %v", p.Shard, p.Seeds)
	case MissingSeeds:
		return fmt.Sprintf("%s: shard %v lacks seeds %v", where, p.Shard, p.Seeds)
	case MissingFile:
		return fmt.Sprintf("%s: seed %d: file %s missing (manifest sha256 %s)", where, p.Seed, p.File, p.Want)
	case Damaged:
		if p.Got == "" {
			return fmt.Sprintf("%s: seed %d: file %s unreadable: %s", where, p.Seed, p.File, p.Detail)
		}
		return fmt.Sprintf("%s: seed %d: file %s has sha256 %s, manifest says %s", where, p.Seed, p.File, p.Got, p.Want)
	}
	return fmt.Sprintf("%s: %v: %s", where, p.Kind, p.Detail)
}

// Report is what Verify found.
type Report struct {
	Dirs []string
	// Seeds, Shards and Params are the run's, from its batch files; Shards
	// is 1 for an unsharded run.
	Seeds  Seeds
	Shards int
	Params json.RawMessage
	// Outputs and FileNames are the run's Options.Outputs and FileNames.
	Outputs   json.RawMessage
	FileNames []string
	// Manifests are the manifests read, in the order of Dirs, then by name.
	Manifests []string
	// Found counts the run's seeds recorded (once each); Failed those of
	// them that failed; Files the files hashed.
	Found, Failed, Files uint64
	// Problems are sorted by kind, seed and path. None means the output is
	// complete and intact.
	Problems []Problem

	lines [][]byte // the manifest lines of Seeds, in order, for Merge
}

// Err returns nil if r lists no problem, else an error listing them.
func (r *Report) Err() error {
	if len(r.Problems) == 0 {
		return nil
	}
	const show = 20
	var b strings.Builder
	fmt.Fprintf(&b, "batch: verify: %d problems:", len(r.Problems))
	for i, p := range r.Problems {
		if i == show {
			fmt.Fprintf(&b, "\n  and %d more", len(r.Problems)-show)
			break
		}
		b.WriteString("\n  " + p.String())
	}
	return errors.New(b.String())
}

type manifestFile struct {
	path, dir string
	shard     Shard
	recs      []record
}

type infoFile struct {
	path, dir string
	shard     Shard
	in        info
}

// Verify checks the output of a run, whole or in shards spread over dirs:
// that every shard has its manifest, every seed is recorded exactly once,
// and every file is on disk with the manifest's sha256. It learns the
// run's seeds and shard count from the batch files. The error is for what
// keeps Verify from checking (a directory it cannot read, no batch file);
// what it finds wrong is in Report.Problems.
func Verify(dirs ...string) (Report, error) {
	rep := Report{Dirs: dirs}
	if len(dirs) == 0 {
		return rep, errors.New("batch: verify: no directory")
	}
	var infos []infoFile
	var mans []manifestFile
	for _, dir := range dirs {
		entries, err := os.ReadDir(dir)
		if err != nil {
			return rep, fmt.Errorf("batch: verify: %w", err)
		}
		for _, e := range entries {
			kind, sh, ok := parseName(e.Name())
			if !ok || !e.Type().IsRegular() {
				continue
			}
			path := filepath.Join(dir, e.Name())
			switch kind {
			case "journal":
				rep.problem(Problem{Kind: Unfinished, Path: path, Detail: "a run was killed or is running; run it again to finish its manifest"})
			case "info":
				in, _, err := readInfo(path)
				if err != nil {
					rep.problem(Problem{Kind: Malformed, Path: path, Detail: err.Error()})
					continue
				}
				infos = append(infos, infoFile{path: path, dir: dir, shard: sh, in: in})
			case "manifest":
				recs, bad, _, err := readRecords(path)
				if err != nil {
					return rep, err
				}
				for _, b := range bad {
					rep.problem(Problem{Kind: Malformed, Path: path, Line: b.num, Detail: b.err.Error()})
				}
				rep.Manifests = append(rep.Manifests, path)
				mans = append(mans, manifestFile{path: path, dir: dir, shard: sh, recs: recs})
			}
		}
	}
	if len(infos) == 0 {
		return rep, fmt.Errorf("batch: verify: no batch.json or batch.shard-*.json in %s", strings.Join(dirs, ", "))
	}
	if err := rep.checkInfos(infos, mans); err != nil {
		return rep, err
	}
	recs, present := rep.checkManifests(mans)
	rep.checkSeeds(recs, mans, present)
	rep.checkFiles(recs, mans)
	slices.SortStableFunc(rep.Problems, func(a, b Problem) int {
		if a.Kind != b.Kind {
			return int(a.Kind - b.Kind)
		}
		if c := cmp.Compare(a.Seed, b.Seed); c != 0 {
			return c
		}
		return strings.Compare(a.Path, b.Path)
	})
	return rep, nil
}

func (r *Report) problem(p Problem) { r.Problems = append(r.Problems, p) }

// checkInfos takes the run's parameters from the first batch file and
// checks the others, and that every manifest has one.
func (r *Report) checkInfos(infos []infoFile, mans []manifestFile) error {
	ref := infos[0]
	seeds, err := ParseSeeds(ref.in.Seeds)
	if err != nil {
		return fmt.Errorf("batch: verify: %s: %w", ref.path, err)
	}
	if r.Params, err = compactParams(ref.in.Params); err != nil {
		return fmt.Errorf("batch: verify: %s: %w", ref.path, err)
	}
	r.Seeds, r.Shards = seeds, max(ref.shard.Count, 1)
	r.Outputs, r.FileNames = ref.in.Outputs, ref.in.Files
	for _, f := range infos[1:] {
		var diff []string
		if f.in.Seeds != ref.in.Seeds {
			diff = append(diff, fmt.Sprintf("seeds %s, not %s", f.in.Seeds, ref.in.Seeds))
		}
		if n := max(f.shard.Count, 1); n != r.Shards {
			diff = append(diff, fmt.Sprintf("%d shards, not %d", n, r.Shards))
		}
		levels, _ := diffParams(ref.in.Params, f.in.Params, true)
		files, _ := diffParams(ref.in.Outputs, f.in.Outputs, true)
		for _, d := range append(levels, files...) {
			diff = append(diff, strings.TrimSpace(strings.Replace(d, "(this run: ", "(here: ", 1)))
		}
		if !slices.Equal(f.in.Files, ref.in.Files) {
			diff = append(diff, fmt.Sprintf("files %v (here: %v)", ref.in.Files, f.in.Files))
		}
		if len(diff) > 0 {
			r.problem(Problem{Kind: Mismatch, Path: f.path, Detail: strings.Join(diff, "; ") + " as in " + ref.path})
		}
	}
	for _, m := range mans {
		if !slices.ContainsFunc(infos, func(f infoFile) bool { return f.dir == m.dir && f.shard == m.shard }) {
			r.problem(Problem{Kind: Mismatch, Path: m.path, Detail: "no batch file " + namesOf(m.shard).info + " beside it"})
		}
	}
	return nil
}

// vrec is a manifest record being verified.
type vrec struct {
	record
	man int // index in the manifests
}

// checkManifests checks each manifest's order and seeds, and returns their
// records sorted by seed (stable, so in manifest order for one seed) and
// which shards have a manifest.
func (r *Report) checkManifests(mans []manifestFile) ([]vrec, []bool) {
	present := make([]bool, r.Shards)
	var recs []vrec
	for mi, m := range mans {
		var block Seeds
		known := max(m.shard.Count, 1) == r.Shards
		if known {
			present[m.shard.Index] = true
			block = r.Seeds.Shard(m.shard)
		} else {
			r.problem(Problem{Kind: Mismatch, Path: m.path, Detail: fmt.Sprintf("a shard of %d, but the run has %d shards", max(m.shard.Count, 1), r.Shards)})
		}
		for i, rec := range m.recs {
			seed := rec.entry.Seed
			if i > 0 && seed < m.recs[i-1].entry.Seed {
				r.problem(Problem{Kind: Malformed, Path: m.path, Line: rec.num, Seed: seed, Detail: fmt.Sprintf("seed %d after seed %d: not in seed order", seed, m.recs[i-1].entry.Seed)})
			}
			if known && !block.Contains(seed) {
				r.problem(Problem{Kind: Unexpected, Path: m.path, Line: rec.num, Seed: seed, Detail: fmt.Sprintf("seed %d is not among shard %v's seeds %v", seed, m.shard, block)})
			}
			recs = append(recs, vrec{record: rec, man: mi})
		}
	}
	slices.SortStableFunc(recs, func(a, b vrec) int { return cmp.Compare(a.entry.Seed, b.entry.Seed) })
	return recs, present
}

// checkSeeds finds seeds recorded twice and seeds missing, and keeps the
// lines a merged manifest needs.
func (r *Report) checkSeeds(recs []vrec, mans []manifestFile, present []bool) {
	shardPath := make([]string, r.Shards)
	for i := len(mans) - 1; i >= 0; i-- {
		if m := mans[i]; max(m.shard.Count, 1) == r.Shards {
			shardPath[m.shard.Index] = m.path
		}
	}
	for i, ok := range present {
		if !ok {
			sh := Shard{Index: i, Count: r.Shards}
			p := Problem{Kind: MissingShard, Shard: sh, Seeds: r.Seeds.Shard(sh), Path: namesOf(sh).manifest}
			if p.Seeds.Len() > 0 {
				p.Seed = p.Seeds.at(0)
			}
			r.problem(p)
		}
	}
	var next uint64 // the position of the next seed expected
	missing := func(to uint64) {
		for from := next; from < to; {
			sh := Shard{Count: r.Shards}
			sh.Index = sort.Search(r.Shards, func(i int) bool { return sh.bound(r.Seeds.Len(), i+1) > from })
			end := min(to, sh.bound(r.Seeds.Len(), sh.Index+1))
			if present[sh.Index] {
				if r.Shards == 1 {
					sh = Shard{}
				}
				r.problem(Problem{Kind: MissingSeeds, Path: shardPath[sh.Index], Seed: r.Seeds.at(from), Shard: sh, Seeds: r.Seeds.slice(from, end)})
			}
			from = end
		}
	}
	first := 0 // the first record of the current seed
	for i, rec := range recs {
		seed := rec.entry.Seed
		if i > 0 && seed == recs[first].entry.Seed {
			f := recs[first]
			same := "the same record"
			if !bytes.Equal(f.line, rec.line) {
				same = "a different record"
			}
			r.problem(Problem{Kind: Duplicate, Path: mans[rec.man].path, Line: rec.num, Seed: seed,
				Detail: fmt.Sprintf("seed %d is also at %s:%d, with %s", seed, mans[f.man].path, f.num, same)})
			continue
		}
		first = i
		pos, ok := r.Seeds.index(seed)
		if !ok {
			continue
		}
		missing(pos)
		next = pos + 1
		r.Found++
		if rec.entry.Status == StatusFailed {
			r.Failed++
		}
		r.lines = append(r.lines, rec.line)
	}
	missing(r.Seeds.Len())
}

// checkFiles hashes every file every record lists, on all cores.
func (r *Report) checkFiles(recs []vrec, mans []manifestFile) {
	type task struct {
		rec        *vrec
		name, path string
		got        string
		err        error
	}
	var tasks []task
	for i := range recs {
		rec := &recs[i]
		names := make([]string, 0, len(rec.entry.Files))
		for name := range rec.entry.Files {
			names = append(names, name)
		}
		sort.Strings(names)
		for _, name := range names {
			tasks = append(tasks, task{rec: rec, name: name, path: filepath.Join(seedDir(mans[rec.man].dir, rec.entry.Seed), name)})
		}
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			for i := next.Add(1) - 1; i < int64(len(tasks)); i = next.Add(1) - 1 {
				t := &tasks[i]
				t.got, t.err = runfiles.FileSum(t.path)
			}
		})
	}
	wg.Wait()
	r.Files = uint64(len(tasks))
	for _, t := range tasks {
		p := Problem{Path: t.path, Seed: t.rec.entry.Seed, File: t.name, Want: t.rec.entry.Files[t.name], Got: t.got}
		switch {
		case errors.Is(t.err, fs.ErrNotExist):
			p.Kind = MissingFile
		case t.err != nil:
			p.Kind, p.Detail = Damaged, t.err.Error()
		case t.got != p.Want:
			p.Kind = Damaged
		default:
			continue
		}
		r.problem(p)
	}
}

// Merge writes into out the manifest.jsonl and batch.json that one
// unsharded run of r's seeds would have written: the shards' manifests
// concatenated in shard order. It refuses a report with problems. The
// level files stay where they are: gather the seed directories into out
// for it to verify. If out holds the shard manifests, move them away after
// merging: Verify would count every seed twice.
func Merge(r Report, out string) error {
	if len(r.Problems) > 0 {
		return fmt.Errorf("batch: merge: the report lists %d problems; fix them and verify again", len(r.Problems))
	}
	if uint64(len(r.lines)) != r.Seeds.Len() || r.Shards == 0 {
		return errors.New("batch: merge: the report does not come from Verify")
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return fmt.Errorf("batch: merge: %w", err)
	}
	names := namesOf(Shard{})
	err := atomicfile.WriteFile(filepath.Join(out, names.manifest), 0o644, func(w io.Writer) error {
		bw := bufio.NewWriter(w)
		for _, l := range r.lines {
			bw.Write(l)
		}
		return bw.Flush()
	})
	if err != nil {
		return fmt.Errorf("batch: merge: %w", err)
	}
	in := newInfo(r.Seeds, Shard{}, r.Params)
	in.Outputs, in.Files = r.Outputs, r.FileNames
	return in.write(filepath.Join(out, names.info))
}
