package grammar

import (
	"gonum.org/v1/gonum/spatial/r2"
)

// StartTag is the tag of the single vertex a build starts from. Only start
// rules, whose pattern is exactly one vertex tagged StartTag, may mention it.
const StartTag = "s"

// Wildcard, as a pattern tag, matches any host tag; as a substitute tag on a
// mapped vertex it keeps the host vertex's tag.
const Wildcard = "-"

// Rule is a graph rewriting rule: where Pattern matches the host graph, the
// match is replaced by Substitute. A substitute vertex whose ID equals a
// pattern vertex's ID is mapped to it: it takes over that host vertex, with
// its position and its edges to the rest of the graph.
type Rule struct {
	Name       string
	Pattern    Pattern
	Substitute Substitute

	// MaxUses caps how often the rule is applied in one build; 0 means
	// unlimited.
	MaxUses int
	// Priority: among the rules that have a match, only those of the highest
	// priority are drawn from. The zero value is the default priority.
	Priority int
	// Weight is the rule's relative chance of being drawn (per rule, or per
	// match site; see WeightMode). 0 means the default, 1.
	Weight float64
	// NoRepeat forbids applying the rule twice in a row.
	NoRepeat bool
}

// Pattern is the left-hand side of a rule.
type Pattern struct {
	Vertices []PatternVertex
	Edges    []PatternEdge
}

// PatternVertex is a vertex of a pattern.
type PatternVertex struct {
	ID string
	// Tags as written: "a" accepts host tag a, "-" accepts any tag, "!c"
	// rejects the match when a host neighbour outside the match is tagged c.
	Tags []string
	// Lock restricts the vertex to host vertices whose valence equals this
	// vertex's valence in the pattern.
	Lock bool
	// Cosmetic pattern vertices match only cosmetic host vertices, and
	// non-cosmetic ones only non-cosmetic host vertices.
	Cosmetic bool
	// Pos orients the pattern: flip elimination compares the angles between
	// its edges with the host's.
	Pos r2.Vec
}

// PatternEdge is an edge of a pattern. A cosmetic pattern edge matches only a
// cosmetic host edge, and a plain one only a plain one.
type PatternEdge struct {
	A, B     string
	Cosmetic bool
}

// Substitute is the right-hand side of a rule.
type Substitute struct {
	Vertices []SubstituteVertex
	Edges    []SubstituteEdge
}

// SubstituteVertex is a vertex of a substitute.
type SubstituteVertex struct {
	ID string
	// Tag is the tag the host vertex gets; "-" (mapped vertices only) keeps
	// the host vertex's tag.
	Tag      string
	Cosmetic bool
	// Pos places new vertices: the transform that best carries the mapped
	// vertices' positions onto their host positions carries the new ones
	// into the host drawing.
	Pos r2.Vec
}

// SubstituteEdge is an edge of a substitute.
type SubstituteEdge struct {
	A, B     string
	Cosmetic bool
	// Subdivide marks an edge whose length is relative to the matched part
	// of the host: its length factor is LengthFactor times the mean length
	// factor of the matched host edges. LengthFactor must then be > 0.
	Subdivide    bool
	LengthFactor float64
}

// IsStart reports whether r is a start rule: a pattern of one vertex whose
// only tag is StartTag.
func (r *Rule) IsStart() bool {
	return len(r.Pattern.Vertices) == 1 && len(r.Pattern.Vertices[0].Tags) == 1 &&
		r.Pattern.Vertices[0].Tags[0] == StartTag
}

// Group is a set of rules that share a budget of uses.
type Group struct {
	Name  string
	Rules []string
	// MaxUses caps the applications of all the group's rules together; 0
	// means unlimited.
	MaxUses int
}

// Pass is one stage of a build: its rules are applied until none matches or
// its budget runs out, then the next pass starts.
type Pass struct {
	Name  string
	Rules []string
	// MaxIterations is the pass's budget of rule applications; 0 means the
	// build's MaxIterations.
	MaxIterations int
}

// WeightMode says what a rule's weight is attached to.
type WeightMode int

const (
	// PerRule draws a rule by weight among the rules that match, then one of
	// its matches uniformly: a rule's chance does not grow with the number
	// of places it matches.
	PerRule WeightMode = iota
	// PerMatch gives every match site the weight of its rule and draws a
	// site: rules that match in many places are drawn more often.
	PerMatch
)

// String returns "rule" or "match", the names rulesets use.
func (m WeightMode) String() string {
	if m == PerMatch {
		return "match"
	}
	return "rule"
}
