// Package batch generates the levels of many seeds into one directory, the
// engine behind `dungraph batch`: in parallel, resumable after a crash,
// splittable over machines, and with output that depends on nothing but
// the seeds, the ruleset and the generator.
//
// Run takes a seed list (ParseSeeds: "1..100000", "1..10,20,30..35"), a
// factory of per-worker Generators and Options. Each worker owns its
// generator, so it can own mutable state; results are ordered by seed,
// never by arrival, so the files and the manifest are the same whatever
// the number of workers, the shard split or the order of completion.
//
// # Layout
//
//	DIR/batch.json                     the run's parameters (written first)
//	DIR/manifest.jsonl                 one line per seed, in seed order
//	DIR/manifest.jsonl.journal         while running: lines in completion order
//	DIR/timings.jsonl                  one line per seed generated, in completion order
//	DIR/<seed>/<name>                  the seed's files, e.g. DIR/42/level.json
//
// A shard (Options.Shard, "I/N") names its files with ".shard-I-of-N":
// batch.shard-2-of-8.json, manifest.shard-2-of-8.jsonl and its journal,
// timings.shard-2-of-8.jsonl. Shards of one run can so share DIR on a shared
// file system (their seed directories are disjoint), or run in separate
// directories. A Shard with Count 1 is the whole run and uses the plain
// names. One directory must not hold two runs of the same shard at once.
//
// # batch.json
//
// Written atomically before any seed:
//
//	{"batch":1,"seeds":"1..100000","shard":"2/8","params":{"ruleset":"9f…","version":"v1.4.0","formats":["json","png"]}}
//
// "seeds" is the whole run's list, not the shard's, and "shard" is omitted
// for the whole run, so that Verify can tell the run's range and the
// number of shards from any one batch file. "params" is Options.Params,
// compacted: what besides the seed decides the files. A run refuses a
// directory whose batch file has other params (ErrParamsChanged), rather
// than mixing levels of two rulesets. The manifest has no header: that
// keeps a manifest the plain concatenation of its seeds' lines.
//
// # Manifest
//
// One JSON line per seed (Entry), in ascending seed order, with the fields
// in this order and the file names sorted:
//
//	{"seed":42,"attempt":0,"status":"ok","files":{"level.json":"5d1f…","level.png":"a0c3…"},"metrics":{"rooms":20}}
//	{"seed":43,"attempt":5,"status":"failed","metrics":{"attempts":5},"reason":"level: ruleset \"tree\" seed 43: all 5 attempts failed: …"}
//
// Files holds each file's hex sha256; metrics are the generator's,
// compacted; reason is the generator's error. There are no timings, host
// names or worker numbers, so a line depends on the seed alone, and two
// runs of one command write byte-identical manifests. Timings go to the
// timings file, one line per seed generated, which may differ run to run:
//
//	{"seed":42,"worker":3,"ms":182.417,"gen_ms":6.512}
//
// ms is the seed's whole time, its files' export and writing included;
// gen_ms, when the generator measures it (Result.GenerateTime), the time
// making the level took.
//
// # Shards
//
// With n seeds in the list, shard I of N gets the seeds at positions
// [floor(I*n/N), floor((I+1)*n/N)) of the ascending list (Seeds.Shard):
// contiguous blocks, in order, of sizes differing by at most one. So the
// shards' manifests concatenated in shard order are, byte for byte, the
// manifest of the unsharded run, which is what Merge writes after Verify.
//
// ShardFromEnv reads a shard from the environment of a scheduler:
// JOB_COMPLETION_INDEX in a Kubernetes Indexed Job (the count must be
// given), or SLURM_ARRAY_TASK_ID minus SLURM_ARRAY_TASK_MIN in a Slurm job
// array, whose SLURM_ARRAY_TASK_COUNT is the count if none is given. Shard
// indexes count from 0.
//
// # Resume
//
// Every file is written under a temporary name and renamed
// (internal/atomicfile); a seed's files are renamed only once all are
// written. Then the seed's manifest line is appended to the journal, in
// one write. So after a crash or SIGKILL, every line in the journal
// describes files on disk, and only the seeds in flight are lost. A
// torn last line (no newline) is ignored and cut off before appending.
//
// A run starts by reading the manifest and then the journal (newer; the
// last line of a seed wins), keeping the seeds of this run. For each seed,
// in order, a worker
//
//   - keeps an "ok" record if each of its files is on disk with its sha256;
//   - keeps a "failed" record, unless Options.RetryFailed;
//   - generates the seed otherwise: no record, or files missing or damaged.
//
// The manifest is streamed in seed order into a temporary file and renamed
// at the end, then the journal is removed. A cancelled context stops
// handing out seeds and the seeds in flight (their generators see it), and
// the manifest holds every seed done plus the unchecked records of earlier runs for the seeds
// not reached, which the next run checks again. Run then returns an error
// wrapping ErrInterrupted. Temporary files of a killed run are removed: the
// manifest's when a run starts, a seed's when the seed is processed.
//
// A manifest lists the seeds of its run only: records of seeds outside
// the list are dropped, though their files stay on disk.
//
// # Verify and Merge
//
// Verify reads every batch file and manifest of the directories given, and
// reports, precisely, shards without a manifest, seeds missing or
// recorded twice, seeds in the wrong shard, files missing or whose sha256
// is not the manifest's, and journals left by unfinished runs. Merge then
// writes the manifest.jsonl and batch.json of the unsharded run.
//
// Where to start: run.go is Run, the loop over the seeds (workers,
// resuming, the journal); seeds.go and shard.go parse --seeds and
// --shard; manifest.go reads and writes the manifest; verify.go checks
// and merges shards.
package batch
