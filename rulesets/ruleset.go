package rulesets

import (
	"bytes"
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"reflect"
	"slices"
	"strings"

	"github.com/dungraph/dungraph/grammar"
	"github.com/dungraph/dungraph/internal/toml"
	"github.com/dungraph/dungraph/layout"
	"github.com/dungraph/dungraph/params"
)

// Ruleset is a loaded, validated and compiled ruleset.
type Ruleset struct {
	// Name is the ruleset's name; default: the file's base name without
	// ".toml".
	Name        string
	Description string
	// Weights says whether rule weights are per rule or per match site.
	Weights grammar.WeightMode

	Build  Build
	Layout params.Forces
	Relax  params.Forces
	Rooms  params.Rooms
	// Quality holds the limits a level's geometry must keep.
	Quality Quality
	// Map holds the map stage's parameters.
	Map Map
	// Tags holds the tags the file configures, sorted by name; see Tag.
	Tags []Tag
	// Templates holds the file's ASCII-art rooms, sorted by name.
	Templates []TemplateDef

	Rules []grammar.Rule
	// Disabled names the rules the file or an override switched off
	// (enabled = false), in file order; Rules leaves them out.
	Disabled []string
	Groups   []grammar.Group
	Passes   []grammar.Pass
	// Grammar is the compiled rules and metarules.
	Grammar *grammar.Grammar

	// Warnings are the likely mistakes of the file and overrides that are
	// not errors: a limit that never binds, a rule that can never apply,
	// settings of a tag no rule uses, a rule whose substitute is drawn with
	// crossing corridors. A ruleset with warnings builds.
	Warnings ErrorList

	// Overrides are the overrides applied on top of the file, in order.
	Overrides []Override
	// File is the name the ruleset was loaded under, Source the file's
	// bytes (before overrides) and SHA256 their hash, which identifies the
	// ruleset a level was generated from.
	File   string
	Source []byte
	SHA256 [sha256.Size]byte
}

// Tag returns the settings of tag name and whether the file configures it.
// An unconfigured tag gets the defaults: its name as label, no colour or
// variation, and the [rooms] extents.
func (r *Ruleset) Tag(name string) (Tag, bool) {
	i, ok := slices.BinarySearchFunc(r.Tags, name, func(t Tag, name string) int { return strings.Compare(t.Name, name) })
	if ok {
		return r.Tags[i], true
	}
	return defaultTag(name, r.Rooms), false
}

// file is the document schema: the keys a ruleset file may have.
type file struct {
	Name        string        `toml:"name"`
	Description string        `toml:"description"`
	Weights     string        `toml:"weights"`
	Build       Build         `toml:"build"`
	Layout      params.Forces `toml:"layout"`
	Relax       params.Forces `toml:"relax"`
	Rooms       params.Rooms  `toml:"rooms"`
	Quality     Quality       `toml:"quality"`
	Map         Map           `toml:"map"`
	Tags        tagSet        `toml:"tags"`
	Templates   templateSet   `toml:"templates"`
	Groups      []fileGroup   `toml:"groups" keyed:"group"`
	Passes      []filePass    `toml:"passes" keyed:"pass"`
	Rules       []fileRule    `toml:"rules" keyed:"rule"`
}

// tagSet decodes the [tags] table, whose keys are tag names.
type tagSet []Tag

func (ts *tagSet) decodeTOML(d *decoder, n *toml.Node, p keyPath) {
	for i, name := range n.Keys {
		tp := p.with(name)
		if !validTagName(name) {
			d.errAt(tp, true, "tag name %q: tag names use letters, digits and '_' only", name)
			continue
		}
		t := Tag{Name: name}
		d.decode(n.Vals[i], reflect.ValueOf(&t).Elem(), tp)
		*ts = append(*ts, t)
	}
}

// validTagName is the grammar's rule for tag names.
func validTagName(t string) bool {
	if t == "" {
		return false
	}
	for i := 0; i < len(t); i++ {
		if c := t[i]; !(c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9') {
			return false
		}
	}
	return true
}

// Loader loads rulesets. The zero value loads files as they are.
type Loader struct {
	// Overrides set parameters by their key path (see Keys) before the
	// ruleset is validated and compiled, as if the file said so; a later
	// override of the same key wins.
	Overrides []Override
	// Context, if set, stops a load once it is done: Load returns its
	// error. It is looked at while the TOML is parsed (every 4,096 values),
	// while it is decoded (every 1,024 array elements), while the rules
	// are compiled (grammar.CompileContext: before each rule and between
	// the stages of one), between the stages after, and while substitutes
	// are checked for crossing corridors (every 16,384 pairs), so that a
	// signal or a deadline ends the load of even the largest file within
	// about 0.3 s of CPU.
	Context context.Context
}

// Load loads a ruleset from src. file names it in messages and gives the
// default Name. On failure the error is an ErrorList holding every problem.
func Load(file string, src []byte) (*Ruleset, error) { return Loader{}.Load(file, src) }

// LoadFile loads the ruleset file at name.
func LoadFile(name string) (*Ruleset, error) { return Loader{}.LoadFile(name) }

// LoadFS loads the ruleset file name from fsys.
func LoadFS(fsys fs.FS, name string) (*Ruleset, error) { return Loader{}.LoadFS(fsys, name) }

// MaxFileSize is the largest ruleset file Load accepts, in bytes. Loading
// takes about six times a file's size in memory; the bundled rulesets are
// under 40 KB, and a file of 10,000 rules about 4 MB.
const MaxFileSize = 16 << 20

// errStopped is Load's error when its context ended the load.
func errStopped(name string, err error) error {
	return fmt.Errorf("rulesets: %s: loading stopped: %w", name, err)
}

// LoadFile loads the ruleset file at name.
func (l Loader) LoadFile(name string) (*Ruleset, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, fmt.Errorf("rulesets: %w", err)
	}
	defer f.Close()
	src, err := io.ReadAll(io.LimitReader(f, MaxFileSize+1))
	if err != nil {
		return nil, fmt.Errorf("rulesets: %w", err)
	}
	return l.Load(name, src)
}

// LoadFS loads the ruleset file name from fsys.
func (l Loader) LoadFS(fsys fs.FS, name string) (*Ruleset, error) {
	f, err := fsys.Open(name)
	if err != nil {
		return nil, fmt.Errorf("rulesets: %w", err)
	}
	defer f.Close()
	src, err := io.ReadAll(io.LimitReader(f, MaxFileSize+1))
	if err != nil {
		return nil, fmt.Errorf("rulesets: %w", err)
	}
	return l.Load(name, src)
}

// errTooLarge is the error for a ruleset source over MaxFileSize.
func errTooLarge(name string) error {
	return fmt.Errorf("rulesets: %s: the file is larger than %d MiB, the most a ruleset file may be; split it or trim it", name, MaxFileSize>>20)
}

// Load loads a ruleset from src, naming it name in messages; see the
// package function Load.
//
// Loading parses the file as TOML 1.0 into a tree that remembers where
// every key and value is, applies the overrides to the tree, decodes the
// tree into the ruleset, checks the parameters and compiles the rules. A
// file that is not TOML reports its first syntax error only; past that,
// every problem is reported.
func (l Loader) Load(name string, src []byte) (*Ruleset, error) {
	if len(src) > MaxFileSize {
		return nil, errTooLarge(name)
	}
	s := newSource(name, src)
	root, err := toml.ParseContext(l.Context, src)
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return nil, errStopped(name, err)
	}
	if err != nil {
		off, msg := -1, err.Error()
		var se *toml.SyntaxError
		if errors.As(err, &se) {
			off = se.Offset
			if arrayOfTables(se.Redefined) {
				msg += fmt.Sprintf(": write [[%s]], with two brackets, before each entry", se.Redefined)
			}
		}
		return nil, ErrorList{s.errorAt(off, "", msg)}
	}
	d := &decoder{src: s, root: root, overrides: l.Overrides, origin: map[*toml.Node]int{}, ctx: l.Context}
	for i, o := range l.Overrides {
		d.override(i, o)
	}
	f := file{
		Weights: "rule",
		Build:   DefaultBuild(),
		Layout:  params.DefaultLayout(),
		Relax:   params.DefaultRelax(),
		Rooms:   params.DefaultRooms(),
		Quality: DefaultQuality(),
		Map:     DefaultMap(),
	}
	d.decodeStruct(root, reflect.ValueOf(&f).Elem(), nil)
	if err := d.stopped(); err != nil {
		return nil, errStopped(name, err)
	}
	rs := &Ruleset{
		Name: f.Name, Description: f.Description,
		Build: f.Build, Layout: f.Layout, Relax: f.Relax, Rooms: f.Rooms, Quality: f.Quality, Map: f.Map,
		Overrides: slices.Clone(l.Overrides),
		File:      name, Source: bytes.Clone(src), SHA256: sha256.Sum256(src),
	}
	if !d.isSet(nil, "name") {
		rs.Name = strings.TrimSuffix(path.Base(strings.ReplaceAll(name, `\`, "/")), ".toml")
	} else if f.Name == "" {
		d.errAt(keyPath{"name"}, false, "the name is empty")
	}
	switch f.Weights {
	case "rule":
		rs.Weights = grammar.PerRule
	case "match":
		rs.Weights = grammar.PerMatch
	default:
		d.errAt(keyPath{"weights"}, false, "must be \"rule\" (a rule's weight is per rule) or \"match\" (per match site), not %q", f.Weights)
	}
	rs.Build.check(check{d, keyPath{"build"}})
	checkForces(check{d, keyPath{"layout"}}, &rs.Layout)
	checkForces(check{d, keyPath{"relax"}}, &rs.Relax)
	checkRooms(check{d, keyPath{"rooms"}}, &rs.Rooms)
	rs.Quality.check(check{d, keyPath{"quality"}})
	rs.Map.check(check{d, keyPath{"map"}})
	rs.Templates = d.templates(f.Templates)
	rs.Tags = d.tags(f.Tags, rs.Rooms)
	d.tagShapes(rs.Tags, rs.Templates)
	if rs.Build.Planar == PlanarJunction && rs.Role(RoleJunction) == "" {
		d.errAt(keyPath{"build", "planar"}, false, "planar = %q puts a room where two corridors cross: give one tag role = %q (for example [tags.x] role = %q)", PlanarJunction, RoleJunction, RoleJunction)
	}

	def := d.definition(&f)
	def.Weights = rs.Weights
	d.lengthFactors(def, rs)
	rs.Grammar = d.compile(def)
	if err := d.stopped(); err != nil {
		return nil, errStopped(name, err)
	}
	if len(d.errs) == 0 {
		var index []int
		if def, index = d.enabled(&f, def); len(index) < len(f.Rules) && len(d.errs) == 0 {
			rs.Grammar = d.compile(def)
			for i, r := range f.Rules {
				if !slices.Contains(index, i) {
					rs.Disabled = append(rs.Disabled, r.Name)
				}
			}
		}
		if len(d.errs) == 0 {
			junction := ""
			if rs.Build.Planar == PlanarJunction {
				junction = rs.Role(RoleJunction)
			}
			d.lint(def, index, rs.Build, junction)
			if err := d.stopped(); err != nil {
				return nil, errStopped(name, err)
			}
			d.crossingSubstitutes(def.Rules, index)
			if err := d.stopped(); err != nil {
				return nil, errStopped(name, err)
			}
		}
	}
	if len(d.errs) > 0 {
		sortErrors(d.errs)
		return nil, d.errs
	}
	sortErrors(d.warns)
	rs.Warnings = d.warns
	rs.Rules, rs.Groups, rs.Passes = def.Rules, def.Groups, def.Passes
	return rs, nil
}

// lengthFactors refuses a subdivide edge's length_factor whose corridor
// length, length_factor × edge_length in [layout] and [relax], would not be
// a finite, non-zero number, and warns about one below the shortest
// corridor the layout draws (layout.FloorFactor): it is drawn at that
// floor, longer than its factor asks, while the quality metrics divide by
// the factor as written.
func (d *decoder) lengthFactors(def grammar.Definition, rs *Ruleset) {
	gap := rs.Rooms.Gap()
	floor := layout.FloorFactor(gap)
	for i, r := range def.Rules {
		for j, e := range r.Substitute.Edges {
			if !e.Subdivide || !(e.LengthFactor > 0) {
				continue // the grammar reports these
			}
			p := keyPath{"rules", i, "substitute", "edges", j}
			c := check{d, p}
			c.usable("length_factor", "length_factor × layout.edge_length", float64(e.LengthFactor*rs.Layout.EdgeLength))
			c.usable("length_factor", "length_factor × relax.edge_length", float64(e.LengthFactor*rs.Relax.EdgeLength))
			if e.LengthFactor < floor {
				d.warnAt(p.with("length_factor"), false, "length_factor %g is below %g, the shortest corridor the layout draws: its rooms' discs stay %g apart (the relax pass's clearance: a fifth of the corridor gap, rooms.radius_fudge × rooms.margin = %g, and at least 2), so the layout cannot draw this corridor shorter than that floor (longer where its rooms meet side to side), while the quality metrics divide its visible length by %g as written: tail, stretch and worst may fail; use %g or more, or raise the limits in [quality]",
					e.LengthFactor, floor, float64(floor*gap), gap, e.LengthFactor, floor)
			}
		}
	}
}

// tags fills in the defaults of the configured tags, checks them and sorts
// them by name.
func (d *decoder) tags(ts tagSet, rooms params.Rooms) []Tag {
	letters := map[string]string{}
	roles := map[string]string{}
	for i := range ts {
		t := &ts[i]
		tp := keyPath{"tags", t.Name}
		def := defaultTag(t.Name, rooms)
		if !d.isSet(tp, "label") {
			t.Label = def.Label
		}
		if !d.isSet(tp, "min_extent") {
			t.MinExtent = def.MinExtent
		}
		if !d.isSet(tp, "max_extent") {
			t.MaxExtent = def.MaxExtent
		}
		t.check(check{d, tp})
		if t.Role == RoleEntrance || t.Role == RoleGoal || t.Role == RoleJunction {
			if other, dup := roles[t.Role]; dup {
				d.errAt(tp.with("role"), false, "role %q is also the role of tags.%s: one tag per role", t.Role, other)
			} else {
				roles[t.Role] = t.Name
			}
		}
		if t.Variation == "" {
			continue
		}
		if other, dup := letters[t.Variation]; dup {
			d.errAt(tp.with("variation"), false, "variation %q is also the variation of tags.%s: each tag needs its own letter", t.Variation, other)
		} else {
			letters[t.Variation] = t.Name
		}
	}
	out := slices.Clone([]Tag(ts))
	slices.SortFunc(out, func(a, b Tag) int { return strings.Compare(a.Name, b.Name) })
	d.checkLocks(out)
	return out
}

// checkLocks checks that every lock's key names a key tag and that the
// locks of one key agree on consumed.
func (d *decoder) checkLocks(tags []Tag) {
	byName := map[string]Tag{}
	for _, t := range tags {
		byName[t.Name] = t
	}
	consumer := map[string]Tag{} // by key: the first lock of it
	for _, t := range tags {
		if t.Role != RoleLock || t.Key == "" {
			continue
		}
		kp := keyPath{"tags", t.Name, "key"}
		k, ok := byName[t.Key]
		switch {
		case !ok:
			d.errAt(kp, false, "key %q is not a tag of [tags]: add [tags.%s] with role = %q", t.Key, t.Key, RoleKey)
			continue
		case k.Role != RoleKey:
			d.errAt(kp, false, "key %q names tags.%s, whose role is %q: give it role = %q", t.Key, t.Key, k.Role, RoleKey)
			continue
		}
		if first, ok := consumer[t.Key]; !ok {
			consumer[t.Key] = t
		} else if first.Consumed != t.Consumed {
			at := keyPath{"tags", t.Name, "role"}
			if d.isSet(at[:2], "consumed") {
				at[2] = "consumed"
			}
			d.errAt(at, false, "consumed is %v here but %v in tags.%s, which opens with the same key %q: the locks of one key agree",
				t.Consumed, first.Consumed, first.Name, t.Key)
		}
	}
}

// Locks returns the lock tags, by name.
func (r *Ruleset) Locks() []Tag {
	var out []Tag
	for _, t := range r.Tags {
		if t.Role == RoleLock {
			out = append(out, t)
		}
	}
	return out
}

// Keys returns the names of the key tags, sorted.
func (r *Ruleset) Keys() []string {
	var out []string
	for _, t := range r.Tags {
		if t.Role == RoleKey {
			out = append(out, t.Name)
		}
	}
	return out
}

// Role returns the tag that takes role (RoleEntrance, RoleGoal or
// RoleJunction), or "" when no tag does.
func (r *Ruleset) Role(role string) string {
	for _, t := range r.Tags {
		if t.Role == role {
			return t.Name
		}
	}
	return ""
}
