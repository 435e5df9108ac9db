package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

func main() {
	in := flag.String("in", "../shared/fixtures/demirogue", "directory of demirogue JSON rulesets")
	out := flag.String("out", "rulesets/bundled", "directory to write <name>.toml files into")
	flag.Parse()
	if err := run(*in, *out, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

// run converts every *.json file in in and writes the results to out,
// listing each file written on w.
func run(in, out string, w io.Writer) error {
	files, err := filepath.Glob(filepath.Join(in, "*.json"))
	if err != nil {
		return err
	}
	if len(files) == 0 {
		return fmt.Errorf("demirogue2toml: no *.json files in %s", in)
	}
	slices.Sort(files)
	var errs []error
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		// The source path is written relative to the fixtures' parent so
		// that the output does not depend on where the tool runs from.
		src := path.Join(filepath.Base(filepath.Dir(f)), filepath.Base(f))
		name, toml, err := convert(data, src)
		if err != nil {
			errs = append(errs, fmt.Errorf("%s: %w", f, err))
			continue
		}
		dst := filepath.Join(out, name+".toml")
		if err := os.WriteFile(dst, toml, 0o644); err != nil {
			errs = append(errs, err)
			continue
		}
		fmt.Fprintf(w, "%s -> %s\n", f, dst)
	}
	return errors.Join(errs...)
}

// The JSON shape of a fixture; see the fixtures' README.

type fixture struct {
	Name          string            `json:"name"`
	Source        string            `json:"source"`
	ParamsSource  string            `json:"paramsSource"`
	Params        params            `json:"params"`
	Rules         []rule            `json:"rules"`
	SkippedLevels []json.RawMessage `json:"skippedLevels"`
}

type params struct {
	MaxIterations *float64 `json:"maxIterations"`
	MinVertices   *float64 `json:"minVertices"`
	MaxVertices   *float64 `json:"maxVertices"`
	MaxValence    *float64 `json:"maxValence"`

	Metarules map[string]map[string]float64 `json:"metarules"`

	SpringStrength      *float64 `json:"springStrength"`
	EdgeLength          *float64 `json:"edgeLength"`
	Repulsion           *float64 `json:"repulsion"`
	MaxDelta            *float64 `json:"maxDelta"`
	ConvergenceDistance *float64 `json:"convergenceDistance"`

	RelaxSpringStrength      *float64 `json:"relaxSpringStrength"`
	RelaxEdgeLength          *float64 `json:"relaxEdgeLength"`
	RelaxRepulsion           *float64 `json:"relaxRepulsion"`
	RelaxMaxDelta            *float64 `json:"relaxMaxDelta"`
	RelaxConvergenceDistance *float64 `json:"relaxConvergenceDistance"`

	Margin      *float64 `json:"margin"`
	MinExtent   *float64 `json:"minExtent"`
	MaxExtent   *float64 `json:"maxExtent"`
	RadiusFudge *float64 `json:"radiusFudge"`

	Tags map[string]tagParams `json:"tags"`
}

type tagParams struct {
	MinExtent *float64 `json:"minExtent"`
	MaxExtent *float64 `json:"maxExtent"`
}

type rule struct {
	Name       string  `json:"name"`
	Pattern    graph   `json:"pattern"`
	Substitute graph   `json:"substitute"`
	Map        [][]int `json:"map"`
}

type graph struct {
	Vertices []vertex `json:"vertices"`
	Edges    []edge   `json:"edges"`
}

// vertex is a pattern vertex (Tags, Lock) or a substitute vertex (Tag,
// Mapped).
type vertex struct {
	X        float64         `json:"x"`
	Y        float64         `json:"y"`
	Tags     map[string]bool `json:"tags"`
	Tag      string          `json:"tag"`
	Lock     bool            `json:"lock"`
	Cosmetic bool            `json:"cosmetic"`
	Mapped   bool            `json:"mapped"`
}

type edge struct {
	A            int      `json:"a"`
	B            int      `json:"b"`
	Cosmetic     bool     `json:"cosmetic"`
	Subdivide    bool     `json:"subdivide"`
	LengthFactor *float64 `json:"lengthFactor"`
}

// descriptions are the one-line descriptions of the known rulesets.
var descriptions = map[string]string{
	"default":  "Small branching levels with diamond-shaped loops (demirogue's default)",
	"quads":    "A grid of rooms grown by splitting square loops into four",
	"tree":     "A branching tree of evenly sized rooms",
	"catacomb": "Winding catacombs around open chambers",
}

// convert turns one fixture into TOML. src is the fixture's path as the
// header should show it. It returns the ruleset's name.
func convert(data []byte, src string) (name string, out []byte, err error) {
	var fx fixture
	dec := json.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&fx); err != nil {
		return "", nil, fmt.Errorf("demirogue2toml: %w", err)
	}
	if !validName(fx.Name) {
		return "", nil, fmt.Errorf("demirogue2toml: name %q: want letters, digits, '-' and '_' only (it names the output file)", fx.Name)
	}
	c := converter{fx: &fx}
	c.check()
	if len(c.errs) > 0 {
		return "", nil, errors.Join(c.errs...)
	}
	c.write(src)
	return fx.Name, c.b.Bytes(), nil
}

func validName(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if !(r == '-' || r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9') {
			return false
		}
	}
	return true
}

type converter struct {
	fx   *fixture
	b    bytes.Buffer
	errs []error
	// maxUses is metarules.max by rule name.
	maxUses map[string]int
	// subOf[r][i] is the substitute vertex pattern vertex i of rule r is
	// mapped to; patOf[r][j] is the pattern vertex substitute vertex j is
	// mapped to, or -1.
	subOf, patOf [][]int
}

func (c *converter) fail(format string, args ...any) {
	c.errs = append(c.errs, fmt.Errorf("demirogue2toml: "+format, args...))
}

// check validates what the conversion relies on, collecting every problem:
// the output must say exactly what the input said, so anything it could not
// express is an error rather than a silent change.
func (c *converter) check() {
	fx := c.fx
	names := map[string]bool{}
	for ri, r := range fx.Rules {
		where := fmt.Sprintf("rules[%d] %q", ri, r.Name)
		if r.Name == "" {
			c.fail("rules[%d]: no name", ri)
		}
		if names[r.Name] {
			c.fail("%s: duplicate rule name", where)
		}
		names[r.Name] = true
		for _, side := range []struct {
			name string
			g    graph
		}{{"pattern", r.Pattern}, {"substitute", r.Substitute}} {
			for ei, e := range side.g.Edges {
				n := len(side.g.Vertices)
				if e.A < 0 || e.A >= n || e.B < 0 || e.B >= n {
					c.fail("%s: %s edge %d: vertex index out of range 0..%d", where, side.name, ei, n-1)
				}
			}
			for vi, v := range side.g.Vertices {
				if !finite(v.X) || !finite(v.Y) {
					c.fail("%s: %s vertex %d: position is not finite", where, side.name, vi)
				}
			}
		}
		for vi, v := range r.Pattern.Vertices {
			if len(v.Tags) == 0 {
				c.fail("%s: pattern vertex %d: no tags", where, vi)
			}
			for t := range v.Tags {
				if !validTag(t) {
					c.fail("%s: pattern vertex %d: tag %q cannot be written", where, vi, t)
				}
			}
		}
		for vi, v := range r.Substitute.Vertices {
			if !validTag(v.Tag) {
				c.fail("%s: substitute vertex %d: tag %q cannot be written", where, vi, v.Tag)
			}
		}
		for ei, e := range r.Substitute.Edges {
			switch {
			case e.LengthFactor != nil && !e.Subdivide:
				c.fail("%s: substitute edge %d: lengthFactor %v on an edge that does not subdivide", where, ei, *e.LengthFactor)
			case e.Subdivide && e.LengthFactor == nil:
				c.fail("%s: substitute edge %d: subdivide edge without a lengthFactor", where, ei)
			case e.LengthFactor != nil && (!finite(*e.LengthFactor) || *e.LengthFactor <= 0):
				c.fail("%s: substitute edge %d: lengthFactor %v is not a positive number", where, ei, *e.LengthFactor)
			}
		}
		subOf := make([]int, len(r.Pattern.Vertices))
		patOf := make([]int, len(r.Substitute.Vertices))
		for i := range subOf {
			subOf[i] = -1
		}
		for i := range patOf {
			patOf[i] = -1
		}
		for mi, m := range r.Map {
			if len(m) != 2 {
				c.fail("%s: map[%d] = %v: want a [patternIndex, substituteIndex] pair", where, mi, m)
				continue
			}
			p, s := m[0], m[1]
			switch {
			case p < 0 || p >= len(subOf) || s < 0 || s >= len(patOf):
				c.fail("%s: map[%d] = [%d, %d]: index out of range", where, mi, p, s)
			case subOf[p] >= 0:
				c.fail("%s: map[%d]: pattern vertex %d is mapped twice", where, mi, p)
			case patOf[s] >= 0:
				c.fail("%s: map[%d]: substitute vertex %d is mapped twice", where, mi, s)
			default:
				subOf[p], patOf[s] = s, p
			}
		}
		for p, s := range subOf {
			if s < 0 {
				c.fail("%s: pattern vertex %d is not in map", where, p)
			}
		}
		for s, v := range r.Substitute.Vertices {
			if v.Mapped != (patOf[s] >= 0) {
				c.fail("%s: substitute vertex %d: mapped = %v disagrees with map", where, s, v.Mapped)
			}
			if v.Tag == "-" && patOf[s] < 0 {
				c.fail("%s: substitute vertex %d: tag \"-\" on a vertex that is not mapped", where, s)
			}
		}
		c.subOf = append(c.subOf, subOf)
		c.patOf = append(c.patOf, patOf)
	}
	c.maxUses = map[string]int{}
	for _, k := range sortedKeys(fx.Params.Metarules) {
		if k != "max" {
			c.fail("params.metarules.%s: unknown metarule; only max can be converted", k)
			continue
		}
		for _, rn := range sortedKeys(fx.Params.Metarules[k]) {
			n := fx.Params.Metarules[k][rn]
			switch {
			case !names[rn]:
				c.fail("params.metarules.max: unknown rule %q", rn)
			case n < 0 || n != math.Trunc(n):
				c.fail("params.metarules.max.%s: %v is not a count", rn, n)
			default:
				c.maxUses[rn] = int(n)
			}
		}
	}
	for _, p := range []struct {
		key string
		v   *float64
	}{
		{"maxIterations", fx.Params.MaxIterations}, {"minVertices", fx.Params.MinVertices},
		{"maxVertices", fx.Params.MaxVertices}, {"maxValence", fx.Params.MaxValence},
	} {
		if p.v != nil && *p.v != math.Trunc(*p.v) {
			c.fail("params.%s: %v is not an integer", p.key, *p.v)
		}
	}
	for _, t := range sortedKeys(fx.Params.Tags) {
		if !validTag(t) {
			c.fail("params.tags: tag %q cannot be written", t)
		}
	}
}

func finite(f float64) bool { return !math.IsNaN(f) && !math.IsInf(f, 0) }

// validTag reports whether t is a tag the format accepts: letters, digits
// and '_', or the wildcard "-".
func validTag(t string) bool {
	if t == "-" {
		return true
	}
	return validName(t) && !strings.Contains(t, "-")
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

func (c *converter) printf(format string, args ...any) { fmt.Fprintf(&c.b, format, args...) }

func (c *converter) write(src string) {
	fx := c.fx
	c.printf("# %s: a ruleset of demirogue, ported to dungraph.\n", fx.Name)
	c.printf("#\n")
	c.printf("# From demirogue by Daniel Slaney, BSD-3-Clause.\n")
	c.printf("# Copyright (c) 2012, Daniel Slaney\n")
	c.printf("# Redistributions must keep this notice; the licence's conditions and\n")
	c.printf("# disclaimer are in LICENSE.demirogue beside this file.\n")
	c.printf("#\n")
	if fx.Source != "" {
		c.printf("# Original: %s\n", oneLine(fx.Source))
	}
	if fx.ParamsSource != "" {
		c.printf("# Parameters: %s\n", oneLine(fx.ParamsSource))
	}
	c.printf("# Source: %s\n", src)
	c.printf("# Generated by tools/demirogue2toml; do not edit by hand.\n")
	c.printf("#\n")
	c.printf("# Positions are the original editor's coordinates (y grows downwards).\n")
	c.printf("# Vertex ids were made up by the converter (tag + counter).\n")
	if n := len(fx.SkippedLevels); n > 0 {
		c.printf("# %d empty placeholder level(s) of the original file are not rules and were left out.\n", n)
	}
	c.printf("\n")
	c.printf("name = %s\n", quote(fx.Name))
	desc, ok := descriptions[fx.Name]
	if !ok {
		desc = "The demirogue ruleset " + fx.Name
	}
	c.printf("description = %s\n", quote(desc))

	p := &fx.Params
	c.table("build", []kv{
		{"max_iterations", p.MaxIterations, intNum},
		{"min_vertices", p.MinVertices, intNum},
		{"max_vertices", p.MaxVertices, intNum},
		{"max_valence", p.MaxValence, intNum},
	})
	c.table("layout", []kv{
		{"spring_strength", p.SpringStrength, floatNum},
		{"edge_length", p.EdgeLength, floatNum},
		{"repulsion", p.Repulsion, floatNum},
		{"max_delta", p.MaxDelta, floatNum},
		{"convergence_distance", p.ConvergenceDistance, floatNum},
	})
	c.table("relax", []kv{
		{"spring_strength", p.RelaxSpringStrength, floatNum},
		{"edge_length", p.RelaxEdgeLength, floatNum},
		{"repulsion", p.RelaxRepulsion, floatNum},
		{"max_delta", p.RelaxMaxDelta, floatNum},
		{"convergence_distance", p.RelaxConvergenceDistance, floatNum},
	})
	c.table("rooms", []kv{
		{"margin", p.Margin, anyNum},
		{"min_extent", p.MinExtent, anyNum},
		{"max_extent", p.MaxExtent, anyNum},
		{"radius_fudge", p.RadiusFudge, anyNum},
	})
	for _, t := range sortedKeys(p.Tags) {
		tp := p.Tags[t]
		c.table("tags."+t, []kv{
			{"min_extent", tp.MinExtent, anyNum},
			{"max_extent", tp.MaxExtent, anyNum},
		})
	}
	for ri := range fx.Rules {
		c.rule(ri)
	}
}

// oneLine keeps a comment on one line.
func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}

type numKind int

const (
	intNum   numKind = iota // a count: always an integer
	floatNum                // a measure: always written as a float
	anyNum                  // an integer when it is one, else a float
)

type kv struct {
	key  string
	v    *float64
	kind numKind
}

// table writes [name] with the keys that are set; nothing if none is.
func (c *converter) table(name string, kvs []kv) {
	var set []kv
	for _, e := range kvs {
		if e.v != nil {
			set = append(set, e)
		}
	}
	if len(set) == 0 {
		return
	}
	c.printf("\n[%s]\n", name)
	for _, e := range set {
		c.printf("%s = %s\n", e.key, number(*e.v, e.kind))
	}
}

// number formats f as a TOML integer or float. Floats use the shortest
// representation that reads back as the same float64.
func number(f float64, kind numKind) string {
	if kind != floatNum && f == math.Trunc(f) && math.Abs(f) < 1<<53 {
		return strconv.FormatInt(int64(f), 10)
	}
	s := strconv.FormatFloat(f, 'g', -1, 64)
	if strings.ContainsAny(s, "e") {
		// Go writes "1e+21"; TOML reads that, but keep a mantissa
		// with a fraction for readers that want one.
		mant, exp, _ := strings.Cut(s, "e")
		if !strings.Contains(mant, ".") {
			mant += ".0"
		}
		return mant + "e" + exp
	}
	if !strings.Contains(s, ".") {
		s += ".0"
	}
	return s
}

// quote writes s as a TOML basic string.
func quote(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r == '\t':
			b.WriteString(`\t`)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r < 0x20 || r == 0x7f || r == utf8.RuneError:
			fmt.Fprintf(&b, `\u%04X`, r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// ids names the vertices of rule ri: pattern vertices after their first
// positive tag, new substitute vertices after their tag, mapped substitute
// vertices as their pattern vertex.
func (c *converter) ids(ri int) (pat, sub []string) {
	r := &c.fx.Rules[ri]
	used := map[string]bool{}
	counter := map[string]int{}
	fresh := func(base string) string {
		if base == "-" {
			base = "x"
		}
		sep := ""
		if last := base[len(base)-1]; last >= '0' && last <= '9' {
			sep = "_"
		}
		for {
			counter[base]++
			id := base + sep + strconv.Itoa(counter[base])
			if !used[id] {
				used[id] = true
				return id
			}
		}
	}
	pat = make([]string, len(r.Pattern.Vertices))
	for i, v := range r.Pattern.Vertices {
		pos, _ := splitTags(v.Tags)
		base := "x"
		if len(pos) > 0 {
			base = pos[0]
		}
		pat[i] = fresh(base)
	}
	sub = make([]string, len(r.Substitute.Vertices))
	for j, v := range r.Substitute.Vertices {
		if p := c.patOf[ri][j]; p >= 0 {
			sub[j] = pat[p]
		} else {
			sub[j] = fresh(v.Tag)
		}
	}
	return pat, sub
}

// splitTags returns the positive and the negated tags, each sorted.
func splitTags(tags map[string]bool) (pos, neg []string) {
	for _, t := range sortedKeys(tags) {
		if tags[t] {
			pos = append(pos, t)
		} else {
			neg = append(neg, t)
		}
	}
	return pos, neg
}

func (c *converter) rule(ri int) {
	r := &c.fx.Rules[ri]
	pat, sub := c.ids(ri)
	c.printf("\n[[rules]]\n")
	c.printf("name = %s\n", quote(r.Name))
	if n, ok := c.maxUses[r.Name]; ok {
		c.printf("max_uses = %d\n", n)
	}

	c.printf("pattern.vertices = [\n")
	for i, v := range r.Pattern.Vertices {
		pos, neg := splitTags(v.Tags)
		tags := make([]string, 0, len(pos)+len(neg))
		for _, t := range pos {
			tags = append(tags, quote(t))
		}
		for _, t := range neg {
			tags = append(tags, quote("!"+t))
		}
		c.printf("  { id = %s, tags = [%s], at = %s", quote(pat[i]), strings.Join(tags, ", "), at(v))
		if v.Lock {
			c.printf(", lock = true")
		}
		if v.Cosmetic {
			c.printf(", cosmetic = true")
		}
		c.printf(" },\n")
	}
	c.printf("]\n")
	if len(r.Pattern.Edges) > 0 {
		for i, e := range r.Pattern.Edges {
			if e.Subdivide {
				c.printf("# Pattern edge %d (%s-%s) has subdivide = true in the original; dropped: it has no meaning on a pattern edge.\n",
					i, pat[e.A], pat[e.B])
			}
		}
		c.printf("pattern.edges = [\n")
		for _, e := range r.Pattern.Edges {
			c.printf("  { between = [%s, %s]", quote(pat[e.A]), quote(pat[e.B]))
			if e.Cosmetic {
				c.printf(", cosmetic = true")
			}
			c.printf(" },\n")
		}
		c.printf("]\n")
	}

	c.printf("substitute.vertices = [\n")
	for j, v := range r.Substitute.Vertices {
		c.printf("  { id = %s, tag = %s, at = %s", quote(sub[j]), quote(v.Tag), at(v))
		if v.Cosmetic {
			c.printf(", cosmetic = true")
		}
		c.printf(" },\n")
	}
	c.printf("]\n")
	if len(r.Substitute.Edges) > 0 {
		c.printf("substitute.edges = [\n")
		for _, e := range r.Substitute.Edges {
			c.printf("  { between = [%s, %s]", quote(sub[e.A]), quote(sub[e.B]))
			if e.Cosmetic {
				c.printf(", cosmetic = true")
			}
			if e.Subdivide {
				c.printf(", subdivide = true, length_factor = %s", number(*e.LengthFactor, floatNum))
			}
			c.printf(" },\n")
		}
		c.printf("]\n")
	}
}

func at(v vertex) string {
	return "[" + number(v.X, anyNum) + ", " + number(v.Y, anyNum) + "]"
}
