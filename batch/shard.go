package batch

import (
	"fmt"
	"strconv"
	"strings"
)

// Shard is one of Count parts of a run: Index counts from 0, like
// Kubernetes' JOB_COMPLETION_INDEX. The zero value, like any Shard whose
// Count is 1, is the whole run. Seeds.Shard gives a shard's seeds.
type Shard struct {
	Index, Count int
}

// String returns "Index/Count", the syntax of ParseShard; the whole run is
// "0/1".
func (sh Shard) String() string {
	if sh.whole() {
		return "0/1"
	}
	return strconv.Itoa(sh.Index) + "/" + strconv.Itoa(sh.Count)
}

func (sh Shard) whole() bool { return sh.Count <= 1 && sh.Index == 0 }

func (sh Shard) check() error {
	switch {
	case sh.Count < 0 || sh.Index < 0:
		return fmt.Errorf("batch: shard %d/%d: negative", sh.Index, sh.Count)
	case sh.Count == 0 && sh.Index != 0 || sh.Count > 0 && sh.Index >= sh.Count:
		return fmt.Errorf("batch: shard %d/%d: the index must be below the count (shards count from 0)", sh.Index, sh.Count)
	}
	return nil
}

// suffix is what a shard adds to the names of its files: "" for the whole
// run, ".shard-I-of-N" otherwise.
func (sh Shard) suffix() string {
	if sh.whole() {
		return ""
	}
	return fmt.Sprintf(".shard-%d-of-%d", sh.Index, sh.Count)
}

// ParseShard parses "I/N": shard I of N, with I counting from 0, so
// "0/8" through "7/8" are the eight shards of a run. N must be at least 1
// and I below N.
func ParseShard(s string) (Shard, error) {
	a, b, ok := strings.Cut(s, "/")
	if !ok {
		return Shard{}, fmt.Errorf("batch: shard %q: want I/N, such as 0/8 (I counts from 0)", s)
	}
	i, err := parseCount(a)
	if err != nil {
		return Shard{}, fmt.Errorf("batch: shard %q: index: %v", s, err)
	}
	n, err := parseCount(b)
	if err != nil {
		return Shard{}, fmt.Errorf("batch: shard %q: count: %v", s, err)
	}
	if n < 1 {
		return Shard{}, fmt.Errorf("batch: shard %q: the count must be at least 1", s)
	}
	if i >= n {
		return Shard{}, fmt.Errorf("batch: shard %q: the index must be below %d (shards count from 0)", s, n)
	}
	return Shard{Index: i, Count: n}, nil
}

// parseCount parses a non-negative decimal int without sign or spaces.
func parseCount(s string) (int, error) {
	if s == "" || strings.TrimLeft(s, "0123456789") != "" {
		return 0, fmt.Errorf("%q is not a non-negative integer", s)
	}
	v, err := strconv.Atoi(s)
	if err != nil {
		return 0, fmt.Errorf("%s is too large", s)
	}
	return v, nil
}

// Environment variables read by ShardFromEnv.
const (
	// EnvJobIndex is set by Kubernetes in the pods of an Indexed Job:
	// 0 through completions-1.
	EnvJobIndex = "JOB_COMPLETION_INDEX"
	// EnvSlurmTaskID and the rest are set by Slurm in the tasks of a job
	// array (sbatch --array=MIN-MAX).
	EnvSlurmTaskID    = "SLURM_ARRAY_TASK_ID"
	EnvSlurmTaskMin   = "SLURM_ARRAY_TASK_MIN"
	EnvSlurmTaskMax   = "SLURM_ARRAY_TASK_MAX"
	EnvSlurmTaskCount = "SLURM_ARRAY_TASK_COUNT"
	EnvSlurmTaskStep  = "SLURM_ARRAY_TASK_STEP"
)

// ShardFromEnv returns the shard of this process in a Kubernetes Indexed
// Job or a Slurm job array, reading variables through getenv (os.Getenv
// in the CLI). count is the number of shards, 0 if the caller does not
// know it.
//
//   - Kubernetes: the index is JOB_COMPLETION_INDEX. Kubernetes does not
//     publish the number of completions, so count must be given.
//   - Slurm: the index is SLURM_ARRAY_TASK_ID minus SLURM_ARRAY_TASK_MIN
//     (0 if unset), so --array=1-8 gives shards 0 through 7. When count is 0
//     it is SLURM_ARRAY_TASK_COUNT. The array must be one contiguous range
//     with step 1: an array such as --array=1,5,9 or 0-15:4 would leave
//     shards unrun, and is an error (MAX-MIN+1 must equal the count).
//
// ok is false, with no error, when neither JOB_COMPLETION_INDEX nor
// SLURM_ARRAY_TASK_ID is set. Both set, a value that is not a number, a
// count that disagrees with the array's, and an index outside 0..count-1
// are errors.
func ShardFromEnv(getenv func(string) string, count int) (sh Shard, ok bool, err error) {
	if count < 0 {
		return Shard{}, false, fmt.Errorf("batch: shard count %d: negative", count)
	}
	job, task := getenv(EnvJobIndex), getenv(EnvSlurmTaskID)
	num := func(name string) (int, error) {
		v, err := parseCount(getenv(name))
		if err != nil {
			return 0, fmt.Errorf("batch: %s: %v", name, err)
		}
		return v, nil
	}
	var index int
	src := EnvJobIndex
	switch {
	case job != "" && task != "":
		return Shard{}, false, fmt.Errorf("batch: both %s and %s are set; cannot tell which scheduler started this process", EnvJobIndex, EnvSlurmTaskID)
	case job != "":
		if index, err = num(EnvJobIndex); err != nil {
			return Shard{}, false, err
		}
		if count == 0 {
			return Shard{}, false, fmt.Errorf("batch: %s=%s: give the number of shards (the Job's completions)", EnvJobIndex, job)
		}
	case task != "":
		src = EnvSlurmTaskID
		id, err := num(EnvSlurmTaskID)
		if err != nil {
			return Shard{}, false, err
		}
		lo := 0
		if getenv(EnvSlurmTaskMin) != "" {
			if lo, err = num(EnvSlurmTaskMin); err != nil {
				return Shard{}, false, err
			}
		}
		if id < lo {
			return Shard{}, false, fmt.Errorf("batch: %s=%d is below %s=%d", EnvSlurmTaskID, id, EnvSlurmTaskMin, lo)
		}
		index = id - lo
		if step := getenv(EnvSlurmTaskStep); step != "" && step != "1" {
			return Shard{}, false, fmt.Errorf("batch: %s=%s: shards need an array with step 1, such as --array=0-7", EnvSlurmTaskStep, step)
		}
		if getenv(EnvSlurmTaskCount) != "" {
			n, err := num(EnvSlurmTaskCount)
			if err != nil {
				return Shard{}, false, err
			}
			if count == 0 {
				count = n
			} else if n != count {
				return Shard{}, false, fmt.Errorf("batch: %d shards, but the Slurm array has %s=%d tasks", count, EnvSlurmTaskCount, n)
			}
		}
		if count == 0 {
			return Shard{}, false, fmt.Errorf("batch: %s=%s: give the number of shards, or run in an array that sets %s", EnvSlurmTaskID, task, EnvSlurmTaskCount)
		}
		if getenv(EnvSlurmTaskMax) != "" {
			hi, err := num(EnvSlurmTaskMax)
			if err != nil {
				return Shard{}, false, err
			}
			if hi-lo+1 != count {
				return Shard{}, false, fmt.Errorf("batch: the Slurm array %d-%d is not %d contiguous tasks; use --array=%d-%d", lo, hi, count, lo, lo+count-1)
			}
		}
	default:
		return Shard{}, false, nil
	}
	if index >= count {
		return Shard{}, false, fmt.Errorf("batch: shard index %d (from %s) is not below the shard count %d", index, src, count)
	}
	return Shard{Index: index, Count: count}, true, nil
}
