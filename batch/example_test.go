package batch_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/dungraph/dungraph/batch"
)

func ExampleRun() {
	dir, err := os.MkdirTemp("", "batch")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)
	seeds, err := batch.ParseSeeds("1..3")
	if err != nil {
		fmt.Println(err)
		return
	}
	// Each worker gets its own generator; a real one would own a random
	// source and font faces, and render the level.
	newWorker := func(worker int) (batch.Generator, error) {
		return func(ctx context.Context, seed uint64) (batch.Result, error) {
			if seed == 2 {
				return batch.Result{Attempt: 3}, errors.New("all 3 attempts failed")
			}
			return batch.Result{
				Files:   []batch.File{{Name: "level.txt", Data: fmt.Appendf(nil, "level %d\n", seed)}},
				Metrics: []byte(`{"rooms": 12}`),
			}, nil
		}, nil
	}
	sum, err := batch.Run(context.Background(), dir, seeds, newWorker, batch.Options{Workers: 2})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%d done, %d failed\n", sum.Done, sum.Failed)
	manifest, _ := os.ReadFile(filepath.Join(dir, "manifest.jsonl"))
	fmt.Print(string(manifest))
	level, _ := os.ReadFile(filepath.Join(dir, "3", "level.txt"))
	fmt.Print(string(level))
	// Output:
	// 3 done, 1 failed
	// {"seed":1,"attempt":0,"status":"ok","files":{"level.txt":"84d80ad6c9d14e2373568ddfc660a1bb4337355a2efaaaa0abbdce32091a2f64"},"metrics":{"rooms":12}}
	// {"seed":2,"attempt":3,"status":"failed","reason":"all 3 attempts failed"}
	// {"seed":3,"attempt":0,"status":"ok","files":{"level.txt":"52b97144c63e5a585ba11550d3969e512d2394aca5252a1fbcea625964cdaae3"},"metrics":{"rooms":12}}
	// level 3
}

func ExampleParseSeeds() {
	seeds, err := batch.ParseSeeds("1..10,11,20..25")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(seeds, seeds.Len())
	for i := range 3 {
		fmt.Println(seeds.Shard(batch.Shard{Index: i, Count: 3}))
	}
	_, err = batch.ParseSeeds("1..10,5")
	fmt.Println(err)
	// Output:
	// 1..11,20..25 17
	// 1..5
	// 6..11
	// 20..25
	// batch: seeds "1..10,5": 5 overlaps 1..10
}

func ExampleShardFromEnv() {
	env := map[string]string{"SLURM_ARRAY_TASK_ID": "3", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_MAX": "8", "SLURM_ARRAY_TASK_COUNT": "8"}
	sh, ok, err := batch.ShardFromEnv(func(k string) string { return env[k] }, 0)
	fmt.Println(sh, ok, err)
	// Output:
	// 2/8 true <nil>
}
