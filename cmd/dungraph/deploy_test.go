package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// deployArgs returns the dungraph command line of a deploy example, with
// the seed range shrunk to seeds and the output directory set to out.
func deployArgs(t *testing.T, args []string, seeds, out string) []string {
	t.Helper()
	if len(args) < 2 || args[0] != "dungraph" || args[1] != "batch" {
		t.Fatalf("not a dungraph batch command: %q", args)
	}
	var got []string
	for _, a := range args[1:] {
		switch {
		case strings.HasPrefix(a, "--seeds="):
			a = "--seeds=" + seeds
		case strings.HasPrefix(a, "--out="):
			a = "--out=" + out
		case strings.HasPrefix(a, "--workers="):
			a = "--workers=2"
		}
		got = append(got, a)
	}
	return got
}

// TestDeployExamples runs the commands of deploy/kubernetes/job.yaml and
// deploy/slurm/batch.sbatch on a small seed range, as one shard of each
// would, and checks that their shards land where verify expects them.
func TestDeployExamples(t *testing.T) {
	yaml, err := os.ReadFile("../../deploy/kubernetes/job.yaml")
	if err != nil {
		t.Fatal(err)
	}
	// The container's command: the list items after "command:".
	var k8s []string
	in := false
	for _, l := range strings.Split(string(yaml), "\n") {
		trimmed := strings.TrimSpace(l)
		switch {
		case trimmed == "command:":
			in = true
		case in && strings.HasPrefix(trimmed, "- "):
			k8s = append(k8s, strings.TrimPrefix(trimmed, "- "))
		case in:
			in = false
		}
	}
	completions := regexp.MustCompile(`(?m)^\s*completions: (\d+)$`).FindStringSubmatch(string(yaml))
	if completions == nil || !strings.Contains(strings.Join(k8s, " "), "--shard-count="+completions[1]) {
		t.Fatalf("job.yaml: --shard-count must equal completions (%v): %q", completions, k8s)
	}

	sbatch, err := os.ReadFile("../../deploy/slurm/batch.sbatch")
	if err != nil {
		t.Fatal(err)
	}
	// The srun line and its continuations.
	m := regexp.MustCompile(`(?s)srun (dungraph batch.*?)\n\n?$`).FindSubmatch(sbatch)
	if m == nil {
		t.Fatal("batch.sbatch: no srun dungraph batch line")
	}
	line := strings.NewReplacer("\\\n", " ", `"`, "", "$OUT", "OUT", "${SLURM_CPUS_PER_TASK:-2}", "2").Replace(string(m[1]))
	slurm := strings.Fields(line)
	array := regexp.MustCompile(`#SBATCH --array=(\d+)-(\d+)`).FindStringSubmatch(string(sbatch))
	if array == nil || array[1] != "0" {
		t.Fatalf("batch.sbatch: want an array from 0, got %v", array)
	}

	dir := t.TempDir()
	for _, tc := range []struct {
		name string
		args []string
		env  map[string]string
		want string
	}{
		{"kubernetes", deployArgs(t, k8s, "1..300", filepath.Join(dir, "k8s")), map[string]string{"JOB_COMPLETION_INDEX": "7"}, "manifest.shard-7-of-" + completions[1] + ".jsonl"},
		{"slurm", deployArgs(t, slurm, "1..300", filepath.Join(dir, "slurm")), map[string]string{
			"SLURM_ARRAY_TASK_ID": "42", "SLURM_ARRAY_TASK_MIN": array[1], "SLURM_ARRAY_TASK_MAX": array[2],
			"SLURM_ARRAY_TASK_COUNT": "100",
		}, "manifest.shard-42-of-100.jsonl"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for k, v := range tc.env {
				t.Setenv(k, v)
			}
			var stderr bytes.Buffer
			a := &app{stdout: &bytes.Buffer{}, stderr: &stderr}
			if code := a.execute(context.Background(), tc.args); code != 0 {
				t.Fatalf("%q: exit %d: %s", tc.args, code, stderr.String())
			}
			out := tc.args[len(tc.args)-1]
			for _, a := range tc.args {
				if v, ok := strings.CutPrefix(a, "--out="); ok {
					out = v
				}
			}
			b, err := os.ReadFile(filepath.Join(out, tc.want))
			if err != nil {
				t.Fatal(err)
			}
			if n := bytes.Count(b, []byte("\n")); n != 3 {
				t.Errorf("%s holds %d seeds, want 3 (300 seeds over 100 shards)", tc.want, n)
			}
		})
	}
}
