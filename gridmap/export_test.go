package gridmap

import "context"

// BuildPass is build for the external tests: one pass, negotiating or
// guided, at most spreads scales.
func BuildPass(lv Level, o Options, spreads int, negotiate, guided bool) (*Map, error) {
	return build(context.Background(), lv, o, spreads, pass{negotiate: negotiate, guided: guided}, false)
}
