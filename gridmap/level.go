package gridmap

import (
	"fmt"
	"math"
	"slices"

	"github.com/dungraph/dungraph/params"
	"github.com/dungraph/dungraph/roomshape"
)

// RoomSpec is a walkable room of a laid-out level: a W × H rectangle centred
// on (X, Y), in world units, y growing downwards, and what its tag says of
// it.
type RoomSpec struct {
	// ID is the room's vertex id; IDs are unique but need not be dense.
	ID         int
	X, Y, W, H float64
	Tag, Label string
	// Shape is one of roomshape.Names(); "" means roomshape.Rect.
	Shape string
	// Templates names the templates (Level.Templates) a roomshape.FromTemplate
	// room is drawn from.
	Templates []string
	// Depth and OnCriticalPath are copied to the Map's Room.
	Depth          int
	OnCriticalPath bool
	// Entity is the tag's entity, "" for none.
	Entity string
	// Role is the tag's role ("key", "lock", "entrance", "goal",
	// "junction" or ""), and Key, for a lock, the tag of the key it needs.
	// Both are copied to the Map's Room.
	Role, Key string
}

// Edge is a corridor of the level between the rooms with IDs A and B.
type Edge struct{ A, B int }

// Level is what Build draws: the walkable rooms and corridors of a
// laid-out level (cosmetic ones left out by the caller).
type Level struct {
	Rooms []RoomSpec
	// Corridors must join every room to the entrance, at most one per
	// pair of rooms.
	Corridors []Edge
	// Entrance and Goal are room IDs; they may be equal.
	Entrance, Goal int
	// Templates are the art rooms of roomshape.FromTemplate rooms can use,
	// by Template.Name.
	Templates []roomshape.Template
	// Seed seeds the random choices of the map (caves, templates); the
	// level's seed gives a map that is the same on every run.
	Seed uint64
}

// Options control Build. The zero value works: see each field's default.
type Options struct {
	// Cell is the side of a cell in world units. 0 chooses one from the
	// level's scale: a fifth of the median room's shorter side, so that a
	// median room is about five cells across; when a room has more
	// corridors than door places or a corridor finds no way at that cell,
	// Build tries cells 2/3 as large, up to four times.
	Cell float64
	// CorridorWidth is the corridors' width in cells, 1 to
	// params.MaxCorridorWidth; default 1.
	CorridorWidth int
	// Compact shortens the corridors: the rooms' positions are scaled
	// down, axis by axis, for as long as the map still passes its proof.
	Compact bool
	// Hex draws the map on hexagons (Map.Hex) instead of squares.
	Hex bool
	// MaxCells bounds W × H of the map; default DefaultMaxCells.
	MaxCells int
}

// DefaultMaxCells is Options.MaxCells's default: 16 Mi cells.
const DefaultMaxCells = 16 << 20

func (o Options) withDefaults() (Options, error) {
	if o.Cell < 0 || math.IsNaN(o.Cell) || math.IsInf(o.Cell, 0) {
		return o, fmt.Errorf("gridmap: cell size %v: want a positive number of world units", o.Cell)
	}
	switch {
	case o.CorridorWidth == 0:
		o.CorridorWidth = 1
	case o.CorridorWidth < 0 || o.CorridorWidth > params.MaxCorridorWidth:
		return o, fmt.Errorf("gridmap: corridor width %d: want 1 to %d cells", o.CorridorWidth, params.MaxCorridorWidth)
	}
	switch {
	case o.MaxCells == 0:
		o.MaxCells = DefaultMaxCells
	case o.MaxCells < 0:
		return o, fmt.Errorf("gridmap: max cells %d: want a positive number", o.MaxCells)
	}
	return o, nil
}

// plan is a validated Level with dense room indices.
type plan struct {
	lv        Level
	index     map[int]int32 // room ID → index in lv.Rooms
	ends      [][2]int32    // corridor → room indices
	adj       [][]int32     // room index → corridor indices
	templates map[string]*roomshape.Template
	entrance  int32
	goal      int32
}

// check validates lv: every problem of the level itself, which no cell size
// can fix, is reported at once.
func check(lv Level) (*plan, error) {
	var errs problems
	if len(lv.Rooms) == 0 {
		return nil, fmt.Errorf("gridmap: the level has no rooms")
	}
	p := &plan{lv: lv, index: make(map[int]int32, len(lv.Rooms)), templates: map[string]*roomshape.Template{}}
	for i := range lv.Templates {
		t := &lv.Templates[i]
		if _, dup := p.templates[t.Name]; dup {
			errs.addf("template %q is defined twice", t.Name)
		}
		p.templates[t.Name] = t
	}
	for i, r := range lv.Rooms {
		if j, dup := p.index[r.ID]; dup {
			errs.addf("the rooms at indices %d and %d both have ID %d", j, i, r.ID)
			continue
		}
		p.index[r.ID] = int32(i)
		for _, v := range [...]float64{r.X, r.Y, r.W, r.H} {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				errs.addf("room %d: position or size %v is not finite", r.ID, v)
			}
		}
		if r.W < 0 || r.H < 0 {
			errs.addf("room %d: negative size %v × %v", r.ID, r.W, r.H)
		}
		switch r.Shape {
		case "", roomshape.Rect, roomshape.Disc, roomshape.Cave, roomshape.Door:
		case roomshape.FromTemplate:
			if len(r.Templates) == 0 {
				errs.addf("room %d (tag %q): shape %q names no templates", r.ID, r.Tag, r.Shape)
			}
			for _, name := range r.Templates {
				if p.templates[name] == nil {
					errs.addf("room %d (tag %q): no template is named %q", r.ID, r.Tag, name)
				}
			}
		default:
			errs.addf("room %d (tag %q): unknown shape %q; want one of %v", r.ID, r.Tag, r.Shape, roomshape.Names())
		}
	}
	if err := errs.err(); err != nil {
		return nil, err
	}
	p.ends = make([][2]int32, len(lv.Corridors))
	p.adj = make([][]int32, len(lv.Rooms))
	seen := map[[2]int32]int{}
	for k, c := range lv.Corridors {
		a, okA := p.index[c.A]
		b, okB := p.index[c.B]
		switch {
		case !okA || !okB:
			errs.addf("corridor %d (rooms %d-%d): a room is not in the level", k, c.A, c.B)
			continue
		case a == b:
			errs.addf("corridor %d joins room %d to itself", k, c.A)
			continue
		}
		key := [2]int32{min(a, b), max(a, b)}
		if j, dup := seen[key]; dup {
			errs.addf("corridors %d and %d both join rooms %d and %d", j, k, c.A, c.B)
			continue
		}
		seen[key] = k
		p.ends[k] = [2]int32{a, b}
		p.adj[a] = append(p.adj[a], int32(k))
		p.adj[b] = append(p.adj[b], int32(k))
	}
	var ok bool
	if p.entrance, ok = p.index[lv.Entrance]; !ok {
		errs.addf("the entrance, room %d, is not in the level", lv.Entrance)
	}
	if p.goal, ok = p.index[lv.Goal]; !ok {
		errs.addf("the goal, room %d, is not in the level", lv.Goal)
	}
	if err := errs.err(); err != nil {
		return nil, err
	}
	return p, p.connected()
}

// connected checks that the corridors join every room to the entrance: a
// map can only be walked through if its level can.
func (p *plan) connected() error {
	seen := make([]bool, len(p.lv.Rooms))
	seen[p.entrance] = true
	stack := []int32{p.entrance}
	for len(stack) > 0 {
		v := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, k := range p.adj[v] {
			w := p.other(k, v)
			if !seen[w] {
				seen[w] = true
				stack = append(stack, w)
			}
		}
	}
	var cut []int
	for i, s := range seen {
		if !s {
			cut = append(cut, p.lv.Rooms[i].ID)
		}
	}
	if len(cut) > 0 {
		slices.Sort(cut)
		return fmt.Errorf("gridmap: no corridors lead from the entrance (room %d) to rooms %v", p.lv.Entrance, cut)
	}
	return nil
}

// other returns the room at the other end of corridor k from room r.
func (p *plan) other(k, r int32) int32 {
	if e := p.ends[k]; e[0] == r {
		return e[1]
	} else {
		return e[0]
	}
}

func (p *plan) shape(r int32) string {
	if s := p.lv.Rooms[r].Shape; s != "" {
		return s
	}
	return roomshape.Rect
}

// corridorName names corridor k for messages.
func (p *plan) corridorName(k int32) string {
	e := p.lv.Corridors[k]
	return fmt.Sprintf("corridor %d (rooms %d-%d)", k, e.A, e.B)
}

// problems collects messages for one error.
type problems []string

func (ps *problems) addf(format string, args ...any) { *ps = append(*ps, fmt.Sprintf(format, args...)) }

func (ps problems) err() error {
	switch len(ps) {
	case 0:
		return nil
	case 1:
		return fmt.Errorf("gridmap: %s", ps[0])
	}
	msg := fmt.Sprintf("gridmap: %d problems:", len(ps))
	for _, s := range ps {
		msg += "\n\t" + s
	}
	return fmt.Errorf("%s", msg)
}
