package batch

import (
	"strings"
	"testing"
)

func TestParseShard(t *testing.T) {
	tests := []struct {
		in      string
		want    Shard
		wantErr string // a part of the message, "" for none
	}{
		{in: "0/1", want: Shard{0, 1}},
		{in: "2/8", want: Shard{2, 8}},
		{in: "7/8", want: Shard{7, 8}},
		{in: "8/8", wantErr: "below 8"},
		{in: "0/0", wantErr: "at least 1"},
		{in: "-1/2", wantErr: "index"},
		{in: "+1/2", wantErr: "index"},
		{in: "1/2/3", wantErr: "count"},
		{in: " 1/2", wantErr: "index"},
		{in: "1", wantErr: "want I/N"},
		{in: "1/", wantErr: "count"},
		{in: "1/99999999999999999999", wantErr: "too large"},
	}
	for _, tt := range tests {
		got, err := ParseShard(tt.in)
		switch {
		case tt.wantErr == "" && err != nil:
			t.Errorf("ParseShard(%q): %v", tt.in, err)
		case tt.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tt.wantErr) || !strings.HasPrefix(err.Error(), "batch: ")):
			t.Errorf("ParseShard(%q) = %v, %v; want an error about %q", tt.in, got, err, tt.wantErr)
		case err == nil && got != tt.want:
			t.Errorf("ParseShard(%q) = %v, want %v", tt.in, got, tt.want)
		case err == nil && got.String() != tt.in:
			t.Errorf("ParseShard(%q).String() = %q", tt.in, got.String())
		}
	}
}

func TestShardNames(t *testing.T) {
	for _, tt := range []struct {
		sh   Shard
		want names
	}{
		{Shard{}, names{"manifest.jsonl", "manifest.jsonl.journal", "timings.jsonl", "batch.json"}},
		{Shard{0, 1}, names{"manifest.jsonl", "manifest.jsonl.journal", "timings.jsonl", "batch.json"}},
		{Shard{2, 8}, names{"manifest.shard-2-of-8.jsonl", "manifest.shard-2-of-8.jsonl.journal", "timings.shard-2-of-8.jsonl", "batch.shard-2-of-8.json"}},
	} {
		got := namesOf(tt.sh)
		if got != tt.want {
			t.Errorf("namesOf(%v) = %+v, want %+v", tt.sh, got, tt.want)
		}
		for kind, name := range map[string]string{"manifest": got.manifest, "journal": got.journal, "info": got.info} {
			k, sh, ok := parseName(name)
			if !ok || k != kind || sh.suffix() != tt.sh.suffix() {
				t.Errorf("parseName(%q) = %q, %v, %v", name, k, sh, ok)
			}
		}
	}
	for _, name := range []string{"manifest.shard-02-of-8.jsonl", "manifest.shard-8-of-8.jsonl", "manifest.shard-0-of-1.jsonl", "manifest.shard-+1-of-8.jsonl", "timings.jsonl", "manifest.json"} {
		if k, _, ok := parseName(name); ok {
			t.Errorf("parseName(%q) = %q, want no match", name, k)
		}
	}
}

func TestShardFromEnv(t *testing.T) {
	tests := []struct {
		name    string
		env     map[string]string
		count   int
		want    Shard
		ok      bool
		wantErr string
	}{
		{name: "none", env: nil, count: 4},
		{name: "kubernetes", env: map[string]string{"JOB_COMPLETION_INDEX": "3"}, count: 4, want: Shard{3, 4}, ok: true},
		{name: "kubernetes first", env: map[string]string{"JOB_COMPLETION_INDEX": "0"}, count: 1, want: Shard{0, 1}, ok: true},
		{name: "kubernetes without count", env: map[string]string{"JOB_COMPLETION_INDEX": "3"}, wantErr: "number of shards"},
		{name: "kubernetes index too large", env: map[string]string{"JOB_COMPLETION_INDEX": "4"}, count: 4, wantErr: "not below the shard count 4"},
		{name: "kubernetes not a number", env: map[string]string{"JOB_COMPLETION_INDEX": "x"}, count: 4, wantErr: "JOB_COMPLETION_INDEX"},
		{name: "kubernetes negative", env: map[string]string{"JOB_COMPLETION_INDEX": "-1"}, count: 4, wantErr: "JOB_COMPLETION_INDEX"},
		{name: "slurm from 0", env: map[string]string{"SLURM_ARRAY_TASK_ID": "2", "SLURM_ARRAY_TASK_MIN": "0", "SLURM_ARRAY_TASK_MAX": "7", "SLURM_ARRAY_TASK_COUNT": "8"}, want: Shard{2, 8}, ok: true},
		{name: "slurm from 1", env: map[string]string{"SLURM_ARRAY_TASK_ID": "1", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_MAX": "8", "SLURM_ARRAY_TASK_COUNT": "8"}, want: Shard{0, 8}, ok: true},
		{name: "slurm count given", env: map[string]string{"SLURM_ARRAY_TASK_ID": "5"}, count: 6, want: Shard{5, 6}, ok: true},
		{name: "slurm step 1", env: map[string]string{"SLURM_ARRAY_TASK_ID": "5", "SLURM_ARRAY_TASK_STEP": "1", "SLURM_ARRAY_TASK_COUNT": "6"}, want: Shard{5, 6}, ok: true},
		{name: "slurm without count", env: map[string]string{"SLURM_ARRAY_TASK_ID": "2"}, wantErr: "SLURM_ARRAY_TASK_COUNT"},
		{name: "slurm count disagrees", env: map[string]string{"SLURM_ARRAY_TASK_ID": "2", "SLURM_ARRAY_TASK_COUNT": "8"}, count: 4, wantErr: "has SLURM_ARRAY_TASK_COUNT=8"},
		{name: "slurm below min", env: map[string]string{"SLURM_ARRAY_TASK_ID": "0", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_COUNT": "8"}, wantErr: "below"},
		{name: "slurm step", env: map[string]string{"SLURM_ARRAY_TASK_ID": "4", "SLURM_ARRAY_TASK_STEP": "4", "SLURM_ARRAY_TASK_COUNT": "4"}, wantErr: "step 1"},
		{name: "slurm sparse list", env: map[string]string{"SLURM_ARRAY_TASK_ID": "5", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_MAX": "9", "SLURM_ARRAY_TASK_COUNT": "3"}, wantErr: "not 3 contiguous"},
		{name: "slurm index too large", env: map[string]string{"SLURM_ARRAY_TASK_ID": "8", "SLURM_ARRAY_TASK_COUNT": "8"}, wantErr: "not below the shard count 8"},
		{name: "slurm bad min", env: map[string]string{"SLURM_ARRAY_TASK_ID": "1", "SLURM_ARRAY_TASK_MIN": "one"}, count: 2, wantErr: "SLURM_ARRAY_TASK_MIN"},
		{name: "both", env: map[string]string{"SLURM_ARRAY_TASK_ID": "1", "JOB_COMPLETION_INDEX": "1"}, count: 2, wantErr: "both"},
		{name: "negative count", count: -1, wantErr: "negative"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok, err := ShardFromEnv(func(k string) string { return tt.env[k] }, tt.count)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) || !strings.HasPrefix(err.Error(), "batch: ") {
					t.Fatalf("ShardFromEnv = %v, %v, %v; want an error about %q", got, ok, err, tt.wantErr)
				}
				return
			}
			if err != nil || ok != tt.ok || got != tt.want {
				t.Fatalf("ShardFromEnv = %v, %v, %v; want %v, %v", got, ok, err, tt.want, tt.ok)
			}
		})
	}
}

func TestInvalidShardHasNoSeeds(t *testing.T) {
	s, err := ParseSeeds("1..10")
	if err != nil {
		t.Fatal(err)
	}
	for _, sh := range []Shard{{Index: 3, Count: 3}, {Index: -1, Count: 2}, {Index: 0, Count: -4}} {
		if n := s.Shard(sh).Len(); n != 0 {
			t.Errorf("shard %+v has %d seeds, want none", sh, n)
		}
	}
}
