package batch

import (
	"iter"
	"math"
	"math/bits"
	"sort"
	"strconv"
	"strings"
)

// Range is the seeds First through Last, both included.
type Range struct {
	First, Last uint64
}

func (r Range) String() string {
	if r.First == r.Last {
		return strconv.FormatUint(r.First, 10)
	}
	return strconv.FormatUint(r.First, 10) + ".." + strconv.FormatUint(r.Last, 10)
}

// Seeds is a set of seeds, iterated in ascending order. It is kept as
// maximal ranges, so "1..5,6..10" and "1..10" are the same Seeds with the
// same String. The zero value is the empty set. A Seeds holds at most
// 2^64-1 seeds, so that Len fits a uint64.
type Seeds struct {
	ranges []Range
	// ends[i] is the number of seeds in ranges[:i+1].
	ends []uint64
}

// SeedsError is a syntax error in a seed list. Offset is the byte offset in
// Input of the element at fault.
type SeedsError struct {
	Input  string
	Offset int
	Msg    string
}

func (e *SeedsError) Error() string {
	return "batch: seeds " + strconv.Quote(e.Input) + ": " + e.Msg
}

// ParseSeeds parses a seed list: comma-separated elements, each a seed
// ("42") or an inclusive range ("1..1000"), in ascending order and not
// overlapping ("1..10,20,30..35"). Spaces and tabs around elements are
// allowed.
// Seeds are decimal uint64s, 0 through 18446744073709551615.
func ParseSeeds(s string) (Seeds, error) {
	fail := func(off int, msg string) (Seeds, error) {
		return Seeds{}, &SeedsError{Input: s, Offset: off, Msg: msg}
	}
	if strings.Trim(s, " \t") == "" {
		return fail(0, "no seeds")
	}
	var (
		seeds    Seeds
		total    uint64
		prev     Range
		prevText string
		off      int
	)
	for i, elem := range strings.Split(s, ",") {
		start := off + len(elem) - len(strings.TrimLeft(elem, " \t"))
		off += len(elem) + 1
		text := strings.Trim(elem, " \t")
		if text == "" {
			return fail(start, "empty element")
		}
		var r Range
		var err string
		if a, b, ok := strings.Cut(text, ".."); ok {
			if r.First, err = parseSeed(a); err == "" {
				r.Last, err = parseSeed(b)
				if err != "" {
					start += len(a) + 2
				}
			}
			if err == "" && r.First > r.Last {
				return fail(start, text+" is descending; write "+b+".."+a)
			}
		} else {
			r.First, err = parseSeed(text)
			r.Last = r.First
		}
		if err != "" {
			return fail(start, err)
		}
		if i > 0 && r.First <= prev.Last {
			if r.Last >= prev.First {
				return fail(start, text+" overlaps "+prevText)
			}
			return fail(start, text+" comes before "+prevText+"; list seeds in ascending order")
		}
		n := r.Last - r.First + 1 // 0 for the full range, which wraps
		if n == 0 || total+n < total {
			return fail(start, "more than 18446744073709551615 seeds")
		}
		total += n
		seeds.add(r)
		prev, prevText = r, text
	}
	return seeds, nil
}

// parseSeed parses one decimal seed, returning an error message.
func parseSeed(s string) (uint64, string) {
	if s == "" {
		return 0, "missing seed"
	}
	for _, c := range []byte(s) {
		if c < '0' || c > '9' {
			return 0, strconv.Quote(s) + " is not a seed (want decimal digits)"
		}
	}
	v, err := strconv.ParseUint(s, 10, 64)
	if err != nil {
		return 0, s + " is larger than the largest seed, 18446744073709551615"
	}
	return v, ""
}

// add appends r, which comes after every range of s, merging it with the
// last range when they touch.
func (s *Seeds) add(r Range) {
	var before uint64
	if k := len(s.ranges); k > 0 {
		last := &s.ranges[k-1]
		if last.Last != math.MaxUint64 && last.Last+1 == r.First {
			last.Last = r.Last
			s.ends[k-1] += r.Last - r.First + 1
			return
		}
		before = s.ends[k-1]
	}
	s.ranges = append(s.ranges, r)
	s.ends = append(s.ends, before+r.Last-r.First+1)
}

// Len returns the number of seeds.
func (s Seeds) Len() uint64 {
	if len(s.ends) == 0 {
		return 0
	}
	return s.ends[len(s.ends)-1]
}

// Ranges returns the seeds as maximal ranges in ascending order.
func (s Seeds) Ranges() []Range {
	return append([]Range(nil), s.ranges...)
}

// String returns the seeds in ParseSeeds' syntax, with maximal ranges:
// ParseSeeds(s.String()) is s. The empty set is "".
func (s Seeds) String() string {
	var b strings.Builder
	for i, r := range s.ranges {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(r.String())
	}
	return b.String()
}

// All iterates over the seeds in ascending order.
func (s Seeds) All() iter.Seq[uint64] {
	return func(yield func(uint64) bool) {
		for _, r := range s.ranges {
			for v := r.First; ; v++ {
				if !yield(v) {
					return
				}
				if v == r.Last {
					break
				}
			}
		}
	}
}

// Contains reports whether seed is in s.
func (s Seeds) Contains(seed uint64) bool {
	_, ok := s.index(seed)
	return ok
}

// index returns the position of seed in s.
func (s Seeds) index(seed uint64) (uint64, bool) {
	i := sort.Search(len(s.ranges), func(i int) bool { return s.ranges[i].Last >= seed })
	if i == len(s.ranges) || s.ranges[i].First > seed {
		return 0, false
	}
	return s.ends[i] - (s.ranges[i].Last - seed) - 1, true
}

// at returns the seed at position p < s.Len().
func (s Seeds) at(p uint64) uint64 {
	i := sort.Search(len(s.ends), func(i int) bool { return s.ends[i] > p })
	return s.ranges[i].Last - (s.ends[i] - 1 - p)
}

// slice returns the seeds at positions [from, to).
func (s Seeds) slice(from, to uint64) Seeds {
	var out Seeds
	if from >= to {
		return out
	}
	i := sort.Search(len(s.ends), func(i int) bool { return s.ends[i] > from })
	for ; i < len(s.ranges) && (i == 0 || s.ends[i-1] < to); i++ {
		r := s.ranges[i]
		start := s.ends[i] - (r.Last - r.First + 1) // position of r.First
		if from > start {
			r.First += from - start
		}
		if to < s.ends[i] {
			r.Last -= s.ends[i] - to
		}
		out.add(r)
	}
	return out
}

// Shard returns the seeds of sh: the Index-th of Count contiguous blocks.
// With n seeds, block i holds the seeds at positions
// [floor(i*n/Count), floor((i+1)*n/Count)) of the ascending list, so blocks
// differ in size by at most one, come in seed order, and together are s. A
// Shard whose Count is 0 or 1 is all of s. An invalid shard (see
// ParseShard for the rules) has no seeds; Run refuses one with an error.
func (s Seeds) Shard(sh Shard) Seeds {
	if err := sh.check(); err != nil {
		return Seeds{}
	}
	if sh.whole() {
		return s
	}
	return s.slice(sh.bound(s.Len(), sh.Index), sh.bound(s.Len(), sh.Index+1))
}

// bound returns floor(i*n/Count) without overflow.
func (sh Shard) bound(n uint64, i int) uint64 {
	hi, lo := bits.Mul64(uint64(i), n)
	q, _ := bits.Div64(hi, lo, uint64(sh.Count)) // hi < Count as i <= Count
	return q
}
