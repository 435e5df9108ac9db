package rulesets

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/dungraph/dungraph/internal/toml"
)

// keyPath names a value of a ruleset document: table keys (string) and
// array indices (int), from the root.
type keyPath []any

func (p keyPath) with(elems ...any) keyPath {
	out := make(keyPath, 0, len(p)+len(elems))
	return append(append(out, p...), elems...)
}

// hasPrefix reports whether q is a prefix of p (or equal to it).
func (p keyPath) hasPrefix(q keyPath) bool {
	if len(q) > len(p) {
		return false
	}
	for i := range q {
		if p[i] != q[i] {
			return false
		}
	}
	return true
}

// lookup returns the deepest node of root along p and how many elements of
// p it followed.
func lookup(root *toml.Node, p keyPath) (*toml.Node, int) {
	n := root
	for i, e := range p {
		var next *toml.Node
		switch e := e.(type) {
		case string:
			next = n.Get(e)
		case int:
			next = n.Elem(e)
		}
		if next == nil {
			return n, i
		}
		n = next
	}
	return n, len(p)
}

// label is a short name for the element of an array of tables at p, for
// messages: the rule's or group's name, the vertex's id, the edge's ends.
// It returns false when the element has nothing to be named by.
func label(root *toml.Node, p keyPath) (string, bool) {
	n, depth := lookup(root, p)
	if depth < len(p) {
		return "", false
	}
	str := func(n *toml.Node) (string, bool) {
		if n == nil || n.Kind != toml.String {
			return "", false
		}
		return n.Str, true
	}
	switch {
	case len(p) == 2 && (p[0] == "rules" || p[0] == "groups" || p[0] == "passes"):
		if s, ok := str(n.Get("name")); ok {
			return fmt.Sprintf("%s[%d] %q", p[0], p[1], s), true
		}
	case len(p) == 5 && p[0] == "rules" && p[3] == "vertices":
		if s, ok := str(n.Get("id")); ok {
			return fmt.Sprintf("%s vertex %q", p[2], s), true
		}
	case len(p) == 5 && p[0] == "rules" && p[3] == "edges":
		if b := n.Get("between"); b != nil && b.Kind == toml.Array && len(b.Vals) == 2 {
			a, oka := str(b.Vals[0])
			c, okc := str(b.Vals[1])
			if oka && okc {
				return fmt.Sprintf("%s edge %q-%q", p[2], a, c), true
			}
		}
	}
	return "", false
}

// display renders p for messages. Parameters read as their TOML key path
// ("build.max_vertices", "tags.a.color"). Named elements read as in the
// grammar's messages and are set off by ": ": `rules[3] "loop": pattern
// vertex "b": tags[0]`; an element without a name keeps its index
// (`rules[3]: pattern.vertices[1].tags[0]`).
func display(root *toml.Node, p keyPath) string {
	var chunks []string
	var cur strings.Builder
	flush := func() {
		if cur.Len() > 0 {
			chunks = append(chunks, cur.String())
			cur.Reset()
		}
	}
	for i := 0; i < len(p); i++ {
		span := 0
		switch {
		case i == 0 && len(p) >= 2 && (p[0] == "rules" || p[0] == "groups" || p[0] == "passes"):
			span = 2
		case i == 2 && len(p) >= 5 && p[0] == "rules" && (p[3] == "vertices" || p[3] == "edges"):
			span = 3
		}
		if span > 0 {
			if _, isIndex := p[i+span-1].(int); isIndex {
				if s, ok := label(root, p[:i+span]); ok {
					flush()
					chunks = append(chunks, s)
					i += span - 1
					continue
				}
			}
		}
		switch e := p[i].(type) {
		case string:
			if cur.Len() > 0 {
				cur.WriteByte('.')
			}
			cur.WriteString(displayKey(e))
		case int:
			cur.WriteString("[" + strconv.Itoa(e) + "]")
		}
		// An unnamed rule, group or pass still ends its chunk, so that what
		// follows reads the same whether or not the element has a name.
		if i == 1 && (p[0] == "rules" || p[0] == "groups" || p[0] == "passes") {
			flush()
		}
	}
	flush()
	return strings.Join(chunks, ": ")
}

// displayKey quotes a key that is not a bare TOML key.
func displayKey(k string) string {
	if !toml.IsBareKey(k) {
		return strconv.Quote(k)
	}
	return k
}
