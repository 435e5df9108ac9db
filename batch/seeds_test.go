package batch

import (
	"errors"
	"math"
	"math/big"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

func TestParseSeeds(t *testing.T) {
	tests := []struct {
		in     string
		want   string // String()
		len    uint64
		first  uint64
		reason string
	}{
		{"42", "42", 1, 42, "a single seed"},
		{"1..1000", "1..1000", 1000, 1, "ranges are inclusive"},
		{"1..10,20,30..35", "1..10,20,30..35", 17, 1, "a list of both"},
		{" 1..3 , 7 ", "1..3,7", 4, 1, "spaces around elements are allowed"},
		{"5..5", "5", 1, 5, "a one-seed range prints as a seed"},
		{"1..5,6..10,11", "1..11", 11, 1, "touching elements merge"},
		{"0", "0", 1, 0, "seed 0 exists"},
		{"007", "7", 1, 7, "leading zeros are decimal, not octal"},
		{"18446744073709551615", "18446744073709551615", 1, math.MaxUint64, "the largest seed"},
		{"1..18446744073709551615", "1..18446744073709551615", math.MaxUint64, 1, "2^64-1 seeds fit"},
		{"0..18446744073709551614", "0..18446744073709551614", math.MaxUint64, 0, "2^64-1 seeds fit"},
		{"0..9,18446744073709551615", "0..9,18446744073709551615", 11, 0, "no wrap-around merge of the ends"},
	}
	for _, tt := range tests {
		s, err := ParseSeeds(tt.in)
		if err != nil {
			t.Errorf("ParseSeeds(%q): %v (%s)", tt.in, err, tt.reason)
			continue
		}
		if got := s.String(); got != tt.want {
			t.Errorf("ParseSeeds(%q).String() = %q, want %q: %s", tt.in, got, tt.want, tt.reason)
		}
		if got := s.Len(); got != tt.len {
			t.Errorf("ParseSeeds(%q).Len() = %d, want %d: %s", tt.in, got, tt.len, tt.reason)
		}
		if got := s.at(0); got != tt.first {
			t.Errorf("ParseSeeds(%q): first seed %d, want %d", tt.in, got, tt.first)
		}
	}
}

func TestParseSeedsErrors(t *testing.T) {
	tests := []struct {
		in     string
		offset int
		msg    string // a part of the message
	}{
		{"", 0, "no seeds"},
		{"  ", 0, "no seeds"},
		{"1,\n2", 2, "not a seed"},
		{"1..10,5", 6, "5 overlaps 1..10"},
		{"1..10,10..12", 6, "overlaps"},
		{"1..10,20..30,5", 13, "5 comes before 20..30"},
		{"20,10", 3, "comes before"},
		{"10..1", 0, "descending"},
		{"1,,2", 2, "empty element"},
		{"1,", 2, "empty element"},
		{"x", 0, "not a seed"},
		{"-1", 0, "not a seed"},
		{"+1", 0, "not a seed"},
		{"0x10", 0, "not a seed"},
		{"1..", 3, "missing seed"},
		{"..5", 0, "missing seed"},
		{"1..2..3", 3, "not a seed"},
		{"1 ..5", 0, "not a seed"},
		{"18446744073709551616", 0, "larger than the largest seed"},
		{"5,99999999999999999999", 2, "larger"},
		{"0..18446744073709551615", 0, "more than 18446744073709551615 seeds"},
		{"0..5,6..18446744073709551615", 5, "more than"},
	}
	for _, tt := range tests {
		_, err := ParseSeeds(tt.in)
		var se *SeedsError
		if !errors.As(err, &se) {
			t.Errorf("ParseSeeds(%q) = %v, want a *SeedsError", tt.in, err)
			continue
		}
		if se.Offset != tt.offset || !strings.Contains(se.Msg, tt.msg) || !strings.HasPrefix(err.Error(), "batch: seeds ") {
			t.Errorf("ParseSeeds(%q): %v at offset %d, want %q at offset %d", tt.in, err, se.Offset, tt.msg, tt.offset)
		}
	}
}

func TestSeedsAllAtTheEnds(t *testing.T) {
	s := mustSeeds(t, "0..1,18446744073709551613..18446744073709551615")
	want := []uint64{0, 1, math.MaxUint64 - 2, math.MaxUint64 - 1, math.MaxUint64}
	if got := collect(s); !slices.Equal(got, want) {
		t.Errorf("All() = %v, want %v", got, want)
	}
	for i, v := range want {
		if p, ok := s.index(v); !ok || p != uint64(i) || s.at(p) != v {
			t.Errorf("index(%d) = %d, %v; at(%d) = %d", v, p, ok, i, s.at(uint64(i)))
		}
	}
	for _, v := range []uint64{2, math.MaxUint64 - 3} {
		if s.Contains(v) {
			t.Errorf("Contains(%d) = true", v)
		}
	}
	var n int
	for range s.All() {
		if n++; n == 2 {
			break
		}
	}
}

// randomSeeds returns a random seed list and its seeds.
func randomSeeds(r *rand.Rand) (string, []uint64) {
	var parts []string
	var all []uint64
	v := r.Uint64N(5)
	for range 1 + r.IntN(5) {
		n := 1 + r.Uint64N(20)
		parts = append(parts, Range{v, v + n - 1}.String())
		for i := range n {
			all = append(all, v+i)
		}
		v += n + r.Uint64N(4) // may touch the next range
	}
	return strings.Join(parts, ","), all
}

// TestShardPartition: for many seed lists and shard counts, the shards are
// contiguous blocks of floor(i*n/N)..floor((i+1)*n/N) that, concatenated
// in order, give the list; checked against a brute-force split.
func TestShardPartition(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for range 300 {
		list, all := randomSeeds(r)
		s := mustSeeds(t, list)
		if s.Len() != uint64(len(all)) || !slices.Equal(collect(s), all) {
			t.Fatalf("%s: All() = %v, want %v", list, collect(s), all)
		}
		n := len(all)
		for _, count := range []int{1, 2, 3, 4, 7, n, n + 3} {
			var concat []uint64
			for i := range count {
				got := collect(s.Shard(Shard{Index: i, Count: count}))
				want := all[i*n/count : (i+1)*n/count]
				if !slices.Equal(got, want) {
					t.Fatalf("%s shard %d/%d = %v, want %v", list, i, count, got, want)
				}
				concat = append(concat, got...)
			}
			if !slices.Equal(concat, all) {
				t.Fatalf("%s: %d shards concatenated = %v", list, count, concat)
			}
		}
	}
}

// TestShardHuge: the split does not overflow on 2^64-1 seeds.
func TestShardHuge(t *testing.T) {
	s := mustSeeds(t, "1..18446744073709551615")
	n := new(big.Int).SetUint64(s.Len())
	count := 7
	var prevEnd uint64 = 1
	for i := range count {
		lo := new(big.Int).Div(new(big.Int).Mul(big.NewInt(int64(i)), n), big.NewInt(int64(count)))
		hi := new(big.Int).Div(new(big.Int).Mul(big.NewInt(int64(i+1)), n), big.NewInt(int64(count)))
		sh := s.Shard(Shard{Index: i, Count: count})
		rs := sh.Ranges()
		if len(rs) != 1 || rs[0].First != lo.Uint64()+1 || rs[0].Last != hi.Uint64() || rs[0].First != prevEnd {
			t.Fatalf("shard %d/%d = %v, want %d..%d", i, count, sh, lo.Uint64()+1, hi.Uint64())
		}
		prevEnd = rs[0].Last + 1
	}
	if prevEnd != 0 { // wrapped past the largest seed
		t.Errorf("the last shard ends at %d, want the largest seed", prevEnd-1)
	}
}

func FuzzParseSeeds(f *testing.F) {
	for _, s := range []string{"42", "1..1000", "1..10,20,30..35", " 1 , 2 ", "1..10,5", "0..18446744073709551615", "18446744073709551615", "1,,2", "9..1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		s, err := ParseSeeds(in)
		if err != nil {
			var se *SeedsError
			if !errors.As(err, &se) || se.Offset < 0 || se.Offset > len(in) {
				t.Fatalf("ParseSeeds(%q): %v, want a *SeedsError inside the input", in, err)
			}
			return
		}
		again, err := ParseSeeds(s.String())
		if err != nil {
			t.Fatalf("ParseSeeds(%q).String() = %q, which does not parse: %v", in, s.String(), err)
		}
		if !slices.Equal(again.ranges, s.ranges) || !slices.Equal(again.ends, s.ends) || again.String() != s.String() {
			t.Fatalf("%q → %q → %q", in, s.String(), again.String())
		}
		if s.Len() == 0 {
			t.Fatalf("ParseSeeds(%q) is empty", in)
		}
		for i, r := range s.ranges {
			if r.First > r.Last || i > 0 && r.First <= s.ranges[i-1].Last+1 {
				t.Fatalf("ParseSeeds(%q): ranges %v not ascending and apart", in, s.ranges)
			}
		}
	})
}
