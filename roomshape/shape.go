package roomshape

import "slices"

// The room shapes a tag can ask for.
const (
	Rect         = "rect"
	Disc         = "disc"
	Cave         = "cave"
	FromTemplate = "template"
	Door         = "door"
)

// names is the room shapes, in the order the docs give them.
var names = [...]string{Rect, Disc, Cave, FromTemplate, Door}

// Names returns the room shapes, in the order the docs give them. The
// slice is the caller's own: changing it changes no other caller's.
func Names() []string {
	return slices.Clone(names[:])
}

// Known reports whether name is one of Names.
func Known(name string) bool {
	return slices.Contains(names[:], name)
}
