package grammar

import (
	"flag"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"

	"gonum.org/v1/gonum/spatial/r2"
)

// Random hosts and rules for the property tests (property_test.go), checked
// against the brute-force reference (reference_test.go).

var (
	flagCases = flag.Int("grammar.cases", 10000, "random matcher cases of the grammar property tests; the incremental and build properties run a tenth and a twentieth as many")
	flagCase  = flag.Int("grammar.case", -1, "run only this case index of each grammar property test (to reproduce a failure)")
)

// propSeed is the first half of every property case's PCG seed; the second
// half is the case's index, so a failing case is reproduced by its index.
const propSeed = 0x64756e6772617068 // "dungraph"

// caseRNG returns the generator of case i of the property numbered prop.
func caseRNG(prop uint64, i int) *rand.Rand {
	return rand.New(rand.NewPCG(propSeed^prop, uint64(i)))
}

// caseIndices returns the cases a property runs: 0..n-1, or only the one
// given by -grammar.case.
func caseIndices(n int) []int {
	if *flagCase >= 0 {
		return []int{*flagCase}
	}
	out := make([]int, n)
	for i := range out {
		out[i] = i
	}
	return out
}

// caseName says how to reproduce a case in a failure message.
func caseName(prop uint64, i int) string {
	return fmt.Sprintf("case %d (PCG(%#x, %d); rerun with -grammar.case=%d)", i, propSeed^prop, i, i)
}

// tagName returns the i-th tag of the random alphabets (at most six
// tags): a, b, c, ... The start tag is never among them.
func tagName(i int) string { return []string{"a", "b", "c", "d", "e", "f"}[i] }

// hostParams controls randHost.
type hostParams struct {
	n      int     // vertices
	p      float64 // chance of each possible edge (Erdős–Rényi G(n, p))
	alpha  int     // tags a, b, ... used
	cosV   float64 // chance a vertex is cosmetic
	cosE   float64 // chance an edge is cosmetic
	startP float64 // chance a vertex is tagged "s" instead
	// posMode picks positions: 0 small integer grid (many coincident and
	// collinear points), 1 wide integer grid, 2 arbitrary floats, 3 all on
	// one line, 4 magnitudes from 1e-150 to 1e150 (differences and cross
	// products that floating point cannot represent). randHostParams never
	// picks 4: rewriting such hosts overflows placement.
	posMode int
}

func randHostParams(rng *rand.Rand, maxN int) hostParams {
	return hostParams{
		n:       rng.IntN(maxN + 1),
		p:       []float64{0.2, 0.35, 0.5, 0.7, 0.9}[rng.IntN(5)],
		alpha:   1 + rng.IntN(4),
		cosV:    []float64{0, 0, 0.15, 0.4}[rng.IntN(4)],
		cosE:    []float64{0, 0, 0.2, 0.5}[rng.IntN(4)],
		startP:  []float64{0, 0, 0, 0.2}[rng.IntN(4)],
		posMode: rng.IntN(4),
	}
}

func randPos(rng *rand.Rand, mode int) r2.Vec {
	switch mode {
	case 0:
		return r2.Vec{X: float64(rng.IntN(5) - 2), Y: float64(rng.IntN(5) - 2)}
	case 1:
		return r2.Vec{X: float64(rng.IntN(201) - 100), Y: float64(rng.IntN(201) - 100)}
	case 2:
		return r2.Vec{X: rng.Float64()*200 - 100, Y: rng.Float64()*200 - 100}
	case 3:
		t := float64(rng.IntN(9) - 4)
		return r2.Vec{X: 3 * t, Y: -2 * t}
	default:
		f := func() float64 {
			return float64(rng.IntN(7)-3) * math.Pow(10, float64(rng.IntN(301)-150)) * (1 + rng.Float64())
		}
		return r2.Vec{X: f(), Y: f()}
	}
}

// hostSpec is a host graph under construction, before it becomes a Graph.
type hostSpec struct {
	vs    []Vertex
	edges map[[2]int]Edge // by {min, max}
}

// randHostSpec returns a random host: tagged vertices and G(n, p) edges.
func randHostSpec(rng *rand.Rand, hp hostParams) *hostSpec {
	hs := &hostSpec{edges: map[[2]int]Edge{}}
	for range hp.n {
		v := Vertex{Tag: tagName(rng.IntN(hp.alpha)), Pos: randPos(rng, hp.posMode), CreatedBy: -1}
		if rng.Float64() < hp.startP {
			v.Tag = StartTag
		}
		v.Cosmetic = rng.Float64() < hp.cosV
		hs.vs = append(hs.vs, v)
	}
	for a := range hp.n {
		for b := a + 1; b < hp.n; b++ {
			if rng.Float64() < hp.p {
				e := Edge{A: a, B: b, Cosmetic: rng.Float64() < hp.cosE}
				if rng.IntN(4) == 0 {
					e.LengthFactor = 0.5 + rng.Float64()
				}
				hs.edges[[2]int{a, b}] = e
			}
		}
	}
	return hs
}

// plant makes the pattern of r match the host somewhere, if the host has
// room: it picks host vertices for the pattern vertices, gives them an
// accepted tag and the right cosmetic flag, and adds (or fixes) the pattern
// edges. Half the time it also copies the pattern's positions through a
// random rotation by quarter turns, possibly mirrored and possibly jittered,
// so that flip elimination sees the pattern, its mirror image and shapes
// close to both. Negated tags and locks are left to chance.
func (hs *hostSpec) plant(rng *rand.Rand, r *Rule) {
	k := len(r.Pattern.Vertices)
	if k > len(hs.vs) {
		return
	}
	img := rng.Perm(len(hs.vs))[:k]
	idx := map[string]int{}
	mirror, turns := rng.IntN(2) == 0, rng.IntN(4)
	copyPos, jitter := rng.IntN(2) == 0, rng.IntN(2) == 0
	off := r2.Vec{X: float64(rng.IntN(5) - 2), Y: float64(rng.IntN(5) - 2)}
	for p, pv := range r.Pattern.Vertices {
		idx[pv.ID] = img[p]
		v := &hs.vs[img[p]]
		var pos []string
		for _, t := range pv.Tags {
			if t != Wildcard && t[0] != '!' {
				pos = append(pos, t)
			}
		}
		if len(pos) > 0 {
			v.Tag = pos[rng.IntN(len(pos))]
		}
		v.Cosmetic = pv.Cosmetic
		if copyPos {
			q := pv.Pos
			if mirror {
				q.X = -q.X
			}
			for range turns {
				q = r2.Vec{X: -q.Y, Y: q.X}
			}
			v.Pos = r2.Add(q, off)
			if jitter {
				// Nearly the pattern: some turns agree, some do not.
				v.Pos.X += float64(rng.IntN(3) - 1)
				v.Pos.Y += float64(rng.IntN(3) - 1)
			}
		}
	}
	for _, pe := range r.Pattern.Edges {
		a, b := idx[pe.A], idx[pe.B]
		k := [2]int{min(a, b), max(a, b)}
		e := hs.edges[k]
		e.A, e.B, e.Cosmetic = k[0], k[1], pe.Cosmetic
		hs.edges[k] = e
	}
}

// graph builds the host through the exported API.
func (hs *hostSpec) graph() *Graph {
	g := &Graph{}
	for _, v := range hs.vs {
		g.AddVertex(v)
	}
	keys := make([][2]int, 0, len(hs.edges))
	for k := range hs.edges {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b [2]int) int { return slices.Compare(a[:], b[:]) })
	for _, k := range keys {
		if err := g.AddEdge(hs.edges[k]); err != nil {
			panic(err)
		}
	}
	return g
}

// randHost returns a random host graph in which each of plant's rules has
// been planted (see hostSpec.plant).
func randHost(rng *rand.Rand, hp hostParams, plant ...*Rule) *Graph {
	hs := randHostSpec(rng, hp)
	for _, r := range plant {
		hs.plant(rng, r)
	}
	return hs.graph()
}

// ruleParams controls randRule.
type ruleParams struct {
	k     int // pattern vertices
	alpha int // tags a, b, ... used
	// grid is the side of the square of integer points pattern positions
	// come from: on a small grid many edges from a vertex have the same
	// direction or opposite ones.
	grid int
	// loose makes the rule match more often: no tag hosts never carry,
	// fewer cosmetic flags, locks and negated tags.
	loose bool
	// minNew is the least number of vertices the substitute adds (it adds
	// up to two more).
	minNew int
	// plain makes every pattern vertex a non-cosmetic, unlocked wildcard
	// without negated tags, so that the rule matches any plain edge.
	plain bool
	// star joins the first pattern vertex to every other one, so that
	// flip elimination orders many edges around it.
	star bool
}

// randGrid picks ruleParams.grid.
func randGrid(rng *rand.Rand) int { return []int{3, 3, 5, 5, 201}[rng.IntN(5)] }

// randConnectedEdges returns the edges of a random connected graph on n
// vertices whose non-cosmetic vertices are also connected through
// non-cosmetic edges alone: the shape Compile requires of both sides of a
// rule. cosm says which vertices are cosmetic; extra is the chance of each
// edge beyond a spanning tree; cosE the chance that an edge that may be
// cosmetic is.
func randConnectedEdges(rng *rand.Rand, n int, cosm []bool, extra, cosE float64) [][3]int {
	// Non-cosmetic vertices first, each joined to an earlier one by a
	// non-cosmetic edge; then each cosmetic vertex joined to any earlier
	// vertex.
	order := make([]int, 0, n)
	for i := range n {
		if !cosm[i] {
			order = append(order, i)
		}
	}
	nonCosm := len(order)
	for i := range n {
		if cosm[i] {
			order = append(order, i)
		}
	}
	rng.Shuffle(nonCosm, func(i, j int) { order[i], order[j] = order[j], order[i] })
	has := map[[2]int]bool{}
	var out [][3]int
	add := func(a, b int, c bool) {
		k := [2]int{min(a, b), max(a, b)}
		if has[k] {
			return
		}
		has[k] = true
		ci := 0
		if c {
			ci = 1
		}
		out = append(out, [3]int{a, b, ci})
	}
	for i := 1; i < n; i++ {
		a := order[i]
		b := order[rng.IntN(i)]
		c := false
		if cosm[a] || cosm[b] {
			c = rng.Float64() < cosE
		}
		add(a, b, c)
	}
	for a := range n {
		for b := a + 1; b < n; b++ {
			if rng.Float64() < extra {
				add(a, b, rng.Float64() < cosE)
			}
		}
	}
	rng.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
	for i := range out {
		if rng.IntN(2) == 0 {
			out[i][0], out[i][1] = out[i][1], out[i][0]
		}
	}
	return out
}

// randRule returns a random valid non-start rule: k connected pattern
// vertices with random tags (positive, wildcard, negated), locks and
// cosmetic flags at distinct positions, and a connected substitute that maps
// every pattern vertex and may add up to two more.
func randRule(rng *rand.Rand, name string, rp ruleParams) Rule {
	r := Rule{Name: name}
	rare := func(n int) bool { return rng.IntN(n) == 0 }
	tag := func() string { return tagName(rng.IntN(rp.alpha + 1)) } // one tag hosts never carry
	if rp.loose {
		tag = func() string { return tagName(rng.IntN(rp.alpha)) }
		rare = func(n int) bool { return rng.IntN(3*n) == 0 }
	}
	// Distinct positions, so that no pattern edge has length zero.
	var used []r2.Vec
	for i := range rp.k {
		var p r2.Vec
		for {
			p = r2.Vec{X: float64(rng.IntN(rp.grid) - rp.grid/2), Y: float64(rng.IntN(rp.grid) - rp.grid/2)}
			if !slices.Contains(used, p) {
				break
			}
		}
		used = append(used, p)
		pv := PatternVertex{ID: fmt.Sprintf("p%d", i), Pos: p}
		wild := 2
		if rp.loose {
			wild = 4
		}
		switch x := rng.IntN(10); {
		case x < wild:
			pv.Tags = []string{Wildcard}
			if rng.IntN(3) == 0 {
				pv.Tags = append(pv.Tags, tag())
			}
		case x < 7:
			pv.Tags = []string{tag()}
		default:
			pv.Tags = []string{tag(), tag()}
		}
		if rare(3) {
			for range 1 + rng.IntN(2) {
				pv.Tags = append(pv.Tags, "!"+tag())
			}
		}
		rng.Shuffle(len(pv.Tags), func(i, j int) { pv.Tags[i], pv.Tags[j] = pv.Tags[j], pv.Tags[i] })
		pv.Lock = rare(5)
		pv.Cosmetic = rare(8) && !rp.star
		if rp.plain {
			pv.Tags, pv.Lock, pv.Cosmetic = []string{Wildcard}, false, false
		}
		r.Pattern.Vertices = append(r.Pattern.Vertices, pv)
	}
	cosm := make([]bool, rp.k)
	for i, pv := range r.Pattern.Vertices {
		cosm[i] = pv.Cosmetic
	}
	cosE := 0.3
	if rp.loose {
		cosE = 0.1
	}
	pes := randConnectedEdges(rng, rp.k, cosm, []float64{0, 0.3, 0.6}[rng.IntN(3)], cosE)
	if rp.star {
		pes = nil
		for i := 1; i < rp.k; i++ {
			pes = append(pes, [3]int{0, i, 0})
		}
		rng.Shuffle(len(pes), func(i, j int) { pes[i], pes[j] = pes[j], pes[i] })
	}
	for _, e := range pes {
		r.Pattern.Edges = append(r.Pattern.Edges, PatternEdge{A: fmt.Sprintf("p%d", e[0]), B: fmt.Sprintf("p%d", e[1]), Cosmetic: e[2] == 1})
	}
	cosV := 1.0 / 8
	if rp.loose {
		cosV = 1.0 / 30
	}
	r.Substitute = randSubstitute(rng, r.Pattern, rp.alpha, rp.minNew+rng.IntN(3), cosV)
	switch rng.IntN(6) {
	case 0:
		r.MaxUses = 1 + rng.IntN(3)
	case 1:
		r.NoRepeat = true
	}
	r.Priority = rng.IntN(3) - 1
	if rng.IntN(3) == 0 {
		r.Weight = 0.25 + 2*rng.Float64()
	}
	return r
}

// randSubstitute returns a random connected substitute that maps every
// vertex of pat and adds extra new vertices, its vertices in random order,
// each cosmetic with probability cosV.
func randSubstitute(rng *rand.Rand, pat Pattern, alpha, extra int, cosV float64) Substitute {
	var s Substitute
	rooms := false
	for _, pv := range pat.Vertices {
		rooms = rooms || !pv.Cosmetic
	}
	start := len(pat.Vertices) == 1 && len(pat.Vertices[0].Tags) == 1 && pat.Vertices[0].Tags[0] == StartTag
	for _, pv := range pat.Vertices {
		sv := SubstituteVertex{ID: pv.ID, Tag: tagName(rng.IntN(alpha)), Cosmetic: rng.Float64() < cosV,
			Pos: r2.Vec{X: float64(rng.IntN(9) - 4), Y: float64(rng.IntN(9) - 4)}}
		if !start {
			// Compile requires a mapped vertex to keep its cosmetic flag.
			sv.Cosmetic = pv.Cosmetic
		}
		if rng.IntN(5) < 2 {
			sv.Tag = Wildcard
		}
		s.Vertices = append(s.Vertices, sv)
	}
	for i := range extra {
		sv := SubstituteVertex{ID: fmt.Sprintf("n%d", i), Tag: tagName(rng.IntN(alpha)),
			Cosmetic: rng.Float64() < cosV, Pos: r2.Vec{X: float64(rng.IntN(9) - 4), Y: float64(rng.IntN(9) - 4)}}
		if !rooms && !start {
			// Compile requires new rooms to be joinable to the pattern's.
			sv.Cosmetic = true
		}
		s.Vertices = append(s.Vertices, sv)
	}
	rng.Shuffle(len(s.Vertices), func(i, j int) { s.Vertices[i], s.Vertices[j] = s.Vertices[j], s.Vertices[i] })
	cosm := make([]bool, len(s.Vertices))
	for i, sv := range s.Vertices {
		cosm[i] = sv.Cosmetic
	}
	// Often keep the pattern's edges, so that substitute edges that are
	// also pattern edges (and keep the host's length factor) are common.
	extraP := []float64{0, 0.3, 0.6}[rng.IntN(3)]
	es := randConnectedEdges(rng, len(s.Vertices), cosm, extraP, 0.2)
	has := map[[2]string]bool{}
	for _, e := range es {
		a, b := s.Vertices[e[0]].ID, s.Vertices[e[1]].ID
		has[[2]string{a, b}], has[[2]string{b, a}] = true, true
		s.Edges = append(s.Edges, SubstituteEdge{A: a, B: b, Cosmetic: e[2] == 1})
	}
	if rng.IntN(2) == 0 {
		for _, pe := range pat.Edges {
			if !has[[2]string{pe.A, pe.B}] && rng.IntN(2) == 0 {
				has[[2]string{pe.A, pe.B}], has[[2]string{pe.B, pe.A}] = true, true
				s.Edges = append(s.Edges, SubstituteEdge{A: pe.A, B: pe.B, Cosmetic: pe.Cosmetic})
			}
		}
	}
	for i := range s.Edges {
		if rng.IntN(4) == 0 {
			s.Edges[i].Subdivide = true
			s.Edges[i].LengthFactor = 0.25 + rng.Float64()
		}
	}
	return s
}

// randStartRule returns a random start rule: pattern {s}, substitute of
// 1+minNew to 3+minNew vertices, each cosmetic with probability cosV.
func randStartRule(rng *rand.Rand, alpha, minNew int, cosV float64) Rule {
	pat := Pattern{Vertices: []PatternVertex{{ID: "s", Tags: []string{StartTag}}}}
	return Rule{Name: "start", Pattern: pat, Substitute: randSubstitute(rng, pat, alpha, minNew+rng.IntN(3), cosV)}
}

// randDefinition returns a start rule that adds at least one vertex and
// nRules random rules (see ruleParams.loose), the first of which matches
// any plain edge and adds a vertex, so that most grammars grow; a third of
// the definitions have groups, a third passes.
func randDefinition(rng *rand.Rand, nRules, maxK, alpha int, loose bool) Definition {
	cosV := 1.0 / 8
	if loose {
		cosV = 1.0 / 30
	}
	def := Definition{Rules: []Rule{randStartRule(rng, alpha, 1, cosV)}}
	for i := range nRules {
		rp := ruleParams{k: 2 + rng.IntN(maxK-1), alpha: alpha, grid: randGrid(rng), loose: loose}
		if i == 0 {
			rp.k, rp.minNew, rp.plain = 2, 1, true
		}
		def.Rules = append(def.Rules, randRule(rng, fmt.Sprintf("r%d", i), rp))
	}
	if rng.IntN(2) == 0 {
		def.Weights = PerMatch
	}
	names := make([]string, len(def.Rules))
	for i, r := range def.Rules {
		names[i] = r.Name
	}
	subset := func() []string {
		var out []string
		for _, n := range names {
			if rng.IntN(2) == 0 {
				out = append(out, n)
			}
		}
		if len(out) == 0 {
			out = append(out, names[rng.IntN(len(names))])
		}
		return out
	}
	if rng.IntN(3) == 0 {
		for i := range 1 + rng.IntN(2) {
			def.Groups = append(def.Groups, Group{Name: fmt.Sprintf("g%d", i), Rules: subset(), MaxUses: rng.IntN(5)})
		}
	}
	if rng.IntN(3) == 0 {
		// The start rule first, then passes over random subsets; a last
		// pass takes every rule no other pass has.
		def.Passes = append(def.Passes, Pass{Name: "p0", Rules: []string{"start"}, MaxIterations: rng.IntN(2)})
		in := map[string]bool{"start": true}
		for i := range 1 + rng.IntN(2) {
			p := Pass{Name: fmt.Sprintf("p%d", i+1), Rules: subset(), MaxIterations: rng.IntN(8)}
			for _, n := range p.Rules {
				in[n] = true
			}
			def.Passes = append(def.Passes, p)
		}
		var rest []string
		for _, n := range names {
			if !in[n] {
				rest = append(rest, n)
			}
		}
		if len(rest) > 0 {
			def.Passes = append(def.Passes, Pass{Name: "rest", Rules: rest})
		}
	}
	return def
}

// compileOrFail compiles a generated definition; every generated definition
// is valid by construction, so an error is a bug in the generator or in
// validation.
func compileOrFail(def Definition) (*Grammar, error) {
	gr, err := Compile(def)
	if err != nil {
		return nil, fmt.Errorf("Compile rejected a generated definition: %v\n%s", err, formatDefinition(def))
	}
	return gr, nil
}

// formatDefinition prints a definition compactly for failure messages.
func formatDefinition(def Definition) string {
	out := fmt.Sprintf("weights per %v\n", def.Weights)
	for _, r := range def.Rules {
		out += formatRule(r)
	}
	for _, g := range def.Groups {
		out += fmt.Sprintf("group %q rules %q max_uses %d\n", g.Name, g.Rules, g.MaxUses)
	}
	for _, p := range def.Passes {
		out += fmt.Sprintf("pass %q rules %q max_iterations %d\n", p.Name, p.Rules, p.MaxIterations)
	}
	return out
}

func formatRule(r Rule) string {
	out := fmt.Sprintf("rule %q (max_uses %d, priority %d, weight %v, no_repeat %v)\n", r.Name, r.MaxUses, r.Priority, r.Weight, r.NoRepeat)
	for i, v := range r.Pattern.Vertices {
		out += fmt.Sprintf("  pattern %d %q tags %q lock %v cosmetic %v at (%v, %v)\n", i, v.ID, v.Tags, v.Lock, v.Cosmetic, v.Pos.X, v.Pos.Y)
	}
	for _, e := range r.Pattern.Edges {
		out += fmt.Sprintf("  pattern edge %s-%s cosmetic %v\n", e.A, e.B, e.Cosmetic)
	}
	for _, v := range r.Substitute.Vertices {
		out += fmt.Sprintf("  substitute %q tag %q cosmetic %v at (%v, %v)\n", v.ID, v.Tag, v.Cosmetic, v.Pos.X, v.Pos.Y)
	}
	for _, e := range r.Substitute.Edges {
		out += fmt.Sprintf("  substitute edge %s-%s cosmetic %v subdivide %v lf %v\n", e.A, e.B, e.Cosmetic, e.Subdivide, e.LengthFactor)
	}
	return out
}

// formatGraph prints a host graph compactly for failure messages.
func formatGraph(g *Graph) string {
	out := ""
	for i := range g.Order() {
		v := g.Vertex(i)
		out += fmt.Sprintf("  v%d %q cosmetic %v at (%v, %v)\n", i, v.Tag, v.Cosmetic, v.Pos.X, v.Pos.Y)
	}
	for _, e := range g.Edges() {
		out += fmt.Sprintf("  e %d-%d cosmetic %v\n", e.A, e.B, e.Cosmetic)
	}
	return out
}
