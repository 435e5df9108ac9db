package grammar

// findHang reports whether every rewrite by the rule hangs one room on two
// mapped vertices: the substitute adds exactly one vertex, joined by
// exactly two corridors (neither cosmetic nor subdivided) to two distinct
// mapped vertices, and keeps any pattern edge between those two as a
// corridor. It returns their pattern indices. Options.MayHang is asked
// only for such rules, so a grammar without them pays nothing for it.
func (c *compiled) findHang() (a, b int, ok bool) {
	if c.start || c.newCount != 1 {
		return 0, 0, false
	}
	var ends []int
	for _, e := range c.subEdges {
		na, nb := c.sub[e.a].mapped < 0, c.sub[e.b].mapped < 0
		switch {
		case !na && !nb:
			continue
		case e.cosm || e.subdivide || na && nb:
			return 0, 0, false
		case na:
			ends = append(ends, c.sub[e.b].mapped)
		default:
			ends = append(ends, c.sub[e.a].mapped)
		}
	}
	if len(ends) != 2 || ends[0] == ends[1] {
		return 0, 0, false
	}
	a, b = ends[0], ends[1]
	// A pattern edge a–b the substitute drops or makes cosmetic leaves
	// no corridor to hang on.
	for pi, pe := range c.pedges {
		if pe.a == a && pe.b == b || pe.a == b && pe.b == a {
			kept := false
			for _, e := range c.subEdges {
				kept = kept || e.pattern == pi && !e.cosm && !e.subdivide
			}
			if !kept {
				return 0, 0, false
			}
		}
	}
	return a, b, true
}
