package rulesets

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/dungraph/dungraph/grammar"
	"github.com/dungraph/dungraph/params"
)

// The parameter tables of a ruleset. Adding a key takes a field with its
// `toml` tag, its default in the Default function and one line in the
// check function; decoding, Keys and overrides follow from the tag.

// Build holds the limits of a build, the [build] table.
type Build struct {
	// MaxIterations caps the rule applications of a build. Default 10.
	MaxIterations int `toml:"max_iterations"`
	// MinVertices: a build that ends with fewer vertices fails. Default 1.
	MinVertices int `toml:"min_vertices"`
	// MaxVertices: no rule is applied that would take the graph past
	// this. Default 20.
	MaxVertices int `toml:"max_vertices"`
	// MaxValence: no rule is applied that would give a mapped vertex more
	// edges than this. Default 8.
	MaxValence int `toml:"max_valence"`
	// Attempts is how many whole levels, each with a seed derived from the
	// user's, are tried before giving up when the layout fails. Default 20.
	Attempts int `toml:"attempts"`
	// Planar says what happens to a rewrite that would leave corridors no
	// drawing can keep apart: PlanarReject (the default) skips the match,
	// PlanarJunction keeps it and turns each crossing left in the
	// construction drawing into a junction room, PlanarOff does neither.
	Planar string `toml:"planar"`
	// RequireSolvable rejects an attempt whose level cannot be finished
	// (see route.Solve), like an attempt with conflicts, when the ruleset
	// declares locks; a ruleset without locks ignores it. Default true.
	RequireSolvable bool `toml:"require_solvable"`
}

// The values of build.planar.
const (
	PlanarReject   = "reject"
	PlanarJunction = "junction"
	PlanarOff      = "off"
)

// DefaultBuild returns the [build] defaults.
func DefaultBuild() Build {
	return Build{
		MaxIterations:   grammar.DefaultMaxIterations,
		MinVertices:     grammar.DefaultMinVertices,
		MaxVertices:     grammar.DefaultMaxVertices,
		MaxValence:      grammar.DefaultMaxValence,
		Attempts:        20,
		Planar:          PlanarReject,
		RequireSolvable: true,
	}
}

func (b *Build) check(c check) {
	c.atLeast("max_iterations", b.MaxIterations, 1)
	c.atLeast("min_vertices", b.MinVertices, 1)
	c.atLeast("max_vertices", b.MaxVertices, 1)
	c.atLeast("max_valence", b.MaxValence, 1)
	c.atLeast("attempts", b.Attempts, 1)
	c.order("min_vertices", b.MinVertices, "max_vertices", b.MaxVertices, "")
	switch b.Planar {
	case PlanarReject, PlanarJunction, PlanarOff:
	default:
		c.fail("planar", "planar is %q: use %q (skip rewrites that cannot be drawn without crossings), %q (turn crossings into junction rooms) or %q", b.Planar, PlanarReject, PlanarJunction, PlanarOff)
	}
}

// Options returns the grammar build options for these limits.
func (b Build) Options() grammar.Options {
	return grammar.Options{
		MaxIterations: b.MaxIterations,
		MinVertices:   b.MinVertices,
		MaxVertices:   b.MaxVertices,
		MaxValence:    b.MaxValence,
		// "junction" lets the layout planarise, "off" lets attempts fail.
		RejectNonPlanar: b.Planar == PlanarReject,
	}
}

// The [layout], [relax] and [rooms] tables are params.Forces and
// params.Rooms, with their defaults; their ranges are checked here.

// checkForces checks a [layout] or [relax] table: every number greater
// than 0, gravity from 0 to 1, a known spring.
func checkForces(c check, f *params.Forces) {
	c.positive("spring_strength", f.SpringStrength)
	c.positive("edge_length", f.EdgeLength)
	c.positive("repulsion", f.Repulsion)
	c.positive("max_delta", f.MaxDelta)
	c.positive("convergence_distance", f.ConvergenceDistance)
	c.positive("cutoff", f.Cutoff)
	c.atLeast("max_iterations", f.MaxIterations, 1)
	// Moves, reaches and the repulsion's gaps are measured in edge
	// lengths.
	c.usable("edge_length", "edge_length", f.EdgeLength)
	if !c.reported("edge_length") {
		c.usable("cutoff", "cutoff × edge_length", float64(f.Cutoff*f.EdgeLength))
		c.usable("max_delta", "max_delta × edge_length", float64(f.MaxDelta*f.EdgeLength))
	}
	if f.Spring != params.SpringLog && f.Spring != params.SpringHooke {
		c.fail("spring", "spring is %q: use %q or %q", f.Spring, params.SpringLog, params.SpringHooke)
	}
	if !(f.Gravity >= 0 && f.Gravity <= 1) {
		c.fail("gravity", "gravity is %v: use a number from 0 (none) to 1, such as 0.0025", f.Gravity)
	}
}

// checkRooms checks the [rooms] table.
func checkRooms(c check, r *params.Rooms) {
	c.positive("margin", r.Margin)
	c.atLeast("min_extent", r.MinExtent, 1)
	c.atLeast("max_extent", r.MaxExtent, 1)
	c.order("min_extent", r.MinExtent, "max_extent", r.MaxExtent, "")
	c.positive("radius_fudge", r.RadiusFudge)
	// A room's side is up to max_extent margins and its corridors keep
	// radius_fudge × margin; the raster measures in margins.
	c.usable("margin", "margin", r.Margin)
	if !c.reported("max_extent") {
		c.usable("margin", "margin × max_extent", float64(r.Margin*float64(r.MaxExtent)))
	}
	if !c.reported("margin") {
		c.usable("radius_fudge", "radius_fudge × margin", float64(r.RadiusFudge*r.Margin))
	}
}

// Quality holds the limits on a level's geometry, the [quality] table
// (see layout.Geometry): a level outside them is a failed attempt. Every
// value must be greater than 0.
type Quality struct {
	// MaxStretch bounds the median visible corridor length, in median
	// room extents. Default 3.
	MaxStretch float64 `toml:"max_stretch"`
	// MaxTail bounds the 99th percentile of the visible corridor lengths
	// over their median. Default 5.
	MaxTail float64 `toml:"max_tail"`
	// MaxWorst bounds the longest visible corridor, in median room
	// extents. Default 12.
	MaxWorst float64 `toml:"max_worst"`
	// MinDensity bounds the rooms' area over their bounding box's from
	// below. Default 0.05.
	MinDensity float64 `toml:"min_density"`
}

// DefaultQuality returns the [quality] defaults.
func DefaultQuality() Quality {
	return Quality{MaxStretch: 3, MaxTail: 5, MaxWorst: 12, MinDensity: 0.05}
}

func (q *Quality) check(c check) {
	c.positive("max_stretch", q.MaxStretch)
	c.positive("max_tail", q.MaxTail)
	c.positive("max_worst", q.MaxWorst)
	c.positive("min_density", q.MinDensity)
}

// Map holds the map stage's parameters, the [map] table.
type Map struct {
	// CorridorWidth is the corridors' width in cells, 1 to
	// params.MaxCorridorWidth. Default 1.
	CorridorWidth int `toml:"corridor_width"`
	// Cell is the side of a map cell in world units; 0 (the default)
	// lets the map stage choose from the rooms' sizes.
	Cell float64 `toml:"cell"`
}

// DefaultMap returns the [map] defaults.
func DefaultMap() Map { return Map{CorridorWidth: 1} }

func (m *Map) check(c check) {
	if m.CorridorWidth < 1 || m.CorridorWidth > params.MaxCorridorWidth {
		c.fail("corridor_width", "must be 1 to %d cells, not %d", params.MaxCorridorWidth, m.CorridorWidth)
	}
	if m.Cell < 0 || m.Cell != m.Cell {
		c.fail("cell", "must be 0 (the map stage chooses) or a positive size in world units, not %s", formatFloat(m.Cell))
	}
}

// Tag holds the settings of one tag, a [tags.<name>] table.
type Tag struct {
	// Name is the tag.
	Name string `toml:"-"`
	// Label names the tag's rooms for people. Default: the tag's name.
	Label string `toml:"label"`
	// Color is the rooms' colour, "#rrggbb"; empty lets the renderer
	// choose.
	Color string `toml:"color"`
	// MinExtent and MaxExtent bound the width and height of the tag's
	// rooms, in margins. Default: the [rooms] values.
	MinExtent int `toml:"min_extent"`
	MaxExtent int `toml:"max_extent"`
	// Variation is the letter A–Z that text-level exports write for the
	// tag's rooms; empty lets the exporter choose.
	Variation string `toml:"variation"`
	// Role is "entrance" or "goal" to make the tag's rooms the level's
	// entrance or goal candidates (see the route package), "key" for rooms
	// that hold a key of this tag, "lock" for locked rooms; empty: none.
	// At most one tag is the entrance and one the goal.
	Role string `toml:"role"`
	// Key is the key tag (a tag whose role is "key") that opens the rooms
	// of a "lock" tag; only lock tags have one.
	Key string `toml:"key"`
	// Consumed makes a lock's keys small keys: each opens one room of the
	// tag and is spent. False: one key opens every lock of its kind. Only
	// lock tags set it; all locks of one key agree. Default false.
	Consumed bool `toml:"consumed"`
	// Entity is a printable ASCII character that text-level exports place
	// in each of the tag's rooms (a key, a chest, a monster); empty: none.
	// The characters the text format reserves, "* PHIG", are refused.
	Entity string `toml:"entity"`
	// Shape is the shape the map stage draws the tag's rooms in: "rect"
	// (default), "disc", "cave", "template" or "door" (see
	// roomshape.Names()).
	Shape string `toml:"shape"`
	// Templates names the [templates] a "template" room is drawn from,
	// one chosen per room.
	Templates []string `toml:"templates"`
}

// Roles a tag can take (Tag.Role).
const (
	RoleEntrance = "entrance"
	RoleGoal     = "goal"
	// RoleJunction marks the tag of the rooms that build.planar =
	// "junction" puts where two corridors cross.
	RoleJunction = "junction"
	RoleKey      = "key"
	RoleLock     = "lock"
)

// roles are the values Tag.Role accepts besides "".
var roles = []string{RoleEntrance, RoleGoal, RoleKey, RoleLock, RoleJunction}

// ReservedEntities are the characters of the text level format that a
// tag's entity cannot take: wall, floor, spawn, the two doors and the goal.
const ReservedEntities = "* PHIG"

// defaultTag returns the settings of a tag that sets nothing.
func defaultTag(name string, rooms params.Rooms) Tag {
	return Tag{Name: name, Label: name, MinExtent: rooms.MinExtent, MaxExtent: rooms.MaxExtent}
}

func (t *Tag) check(c check) {
	c.color("color", t.Color)
	c.letter("variation", t.Variation)
	c.role("role", t.Role)
	if t.Role != RoleLock {
		for _, k := range []string{"key", "consumed"} {
			if c.d.isSet(c.p, k) {
				c.fail(k, "%s is for locks: set role = %q, or leave %s out", k, RoleLock, k)
			}
		}
	} else if t.Key == "" {
		c.fail("role", "a lock needs the tag of its key: add key = \"<tag>\", naming a tag whose role is %q", RoleKey)
	}
	c.entity("entity", t.Entity)
	c.atLeast("min_extent", t.MinExtent, 1)
	c.atLeast("max_extent", t.MaxExtent, 1)
	c.order("min_extent", t.MinExtent, "max_extent", t.MaxExtent, "rooms")
}

// check validates the values of the table at p; each method names the key
// it checks, and reports a problem at its value.
type check struct {
	d *decoder
	p keyPath
}

// fail reports a problem with key, unless its value was already reported
// (a value the decoder could not read is not checked again).
func (c check) fail(key, format string, args ...any) {
	if c.reported(key) {
		return
	}
	c.d.errAt(c.p.with(key), false, format, args...)
}

// reported reports whether a problem with key was already reported.
func (c check) reported(key string) bool {
	kp := c.p.with(key)
	return slices.ContainsFunc(c.d.failed, func(f keyPath) bool { return slices.Equal(f, kp) })
}

func (c check) atLeast(key string, v, lo int) {
	if v < lo {
		c.fail(key, "must be at least %d, not %d", lo, v)
	}
}

// usable refuses a value key whose use in the level is not a finite,
// non-zero number: derived is a product the level computes from it (what
// says which), such as margin × max_extent, and must be finite and greater
// than 0 with a finite reciprocal, so that no size, position or scale
// computed from it overflows to ±Inf or divides by an underflowed 0.
func (c check) usable(key, what string, derived float64) {
	if c.reported(key) {
		return
	}
	if !(derived > 0) || math.IsInf(derived, 0) || math.IsInf(1/derived, 0) {
		c.fail(key, "%s is %s, which the level cannot use (it overflows or underflows to 0); choose a value nearer 1", what, formatFloat(derived))
	}
}

func (c check) positive(key string, v float64) {
	if !(v > 0) {
		c.fail(key, "must be greater than 0, not %s", formatFloat(v))
	}
}

// order requires lo <= hi. A key the table does not set has its value from
// the table named by fallback, which the message says.
func (c check) order(loKey string, lo int, hiKey string, hi int, fallback string) {
	if lo <= hi || c.reported(loKey) || c.reported(hiKey) ||
		fallback != "" && !c.d.isSet(c.p, loKey) && !c.d.isSet(c.p, hiKey) {
		// A value already reported is not compared; values that both come
		// from the fallback table are reported there.
		return
	}
	from := func(key string) string {
		if fallback != "" && !c.d.isSet(c.p, key) {
			return fmt.Sprintf(" (from %s.%s)", fallback, key)
		}
		return ""
	}
	at := loKey
	if !c.d.isSet(c.p, loKey) {
		at = hiKey
	}
	c.fail(at, "%s %d%s is greater than %s %d%s", loKey, lo, from(loKey), hiKey, hi, from(hiKey))
}

// color accepts "" (unset) or "#rrggbb".
func (c check) color(key, v string) {
	if v == "" && !c.d.isSet(c.p, key) {
		return
	}
	ok := len(v) == 7 && v[0] == '#'
	for i := 1; ok && i < 7; i++ {
		c := v[i]
		ok = c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
	}
	if !ok {
		c.fail(key, "colour %q is not of the form \"#rrggbb\" (for example \"#8c6a4f\")", v)
	}
}

// role accepts "" and the roles.
func (c check) role(key, v string) {
	if v != "" && !slices.Contains(roles, v) {
		c.fail(key, "role %q is not %q, %q, %q, %q or %q (or leave the key out)", v, RoleEntrance, RoleGoal, RoleKey, RoleLock, RoleJunction)
	}
}

// entity accepts "" (unset) or one printable ASCII character outside
// ReservedEntities.
func (c check) entity(key, v string) {
	if v == "" && !c.d.isSet(c.p, key) {
		return
	}
	switch {
	case len(v) != 1 || v[0] < '!' || v[0] > '~':
		c.fail(key, "entity %q is not a single printable ASCII character", v)
	case strings.ContainsRune(ReservedEntities, rune(v[0])):
		c.fail(key, "entity %q is reserved by the text level format (%q): choose another character", v, ReservedEntities)
	}
}

// letter accepts "" (unset) or one letter A–Z.
func (c check) letter(key, v string) {
	if v == "" && !c.d.isSet(c.p, key) {
		return
	}
	if len(v) != 1 || v[0] < 'A' || v[0] > 'Z' {
		c.fail(key, "%q is not a single capital letter A-Z", v)
	}
}
