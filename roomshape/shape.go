package roomshape

// The room shapes a tag can ask for.
const (
	Rect         = "rect"
	Disc         = "disc"
	Cave         = "cave"
	FromTemplate = "template"
	Door         = "door"
)

// Names lists the room shapes, in the order the docs give them.
var Names = []string{Rect, Disc, Cave, FromTemplate, Door}
