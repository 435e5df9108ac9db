package serve

import (
	"encoding/hex"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/dungraph/dungraph/grammar"
	"github.com/dungraph/dungraph/params"
	"github.com/dungraph/dungraph/rulesets"
)

// rulesetInfo is the answer of /api/ruleset: a ruleset that loaded, and
// every parameter the page offers a control for.
type rulesetInfo struct {
	Name        string `json:"name"`
	Description string `json:"description"`
	File        string `json:"file"`
	SHA256      string `json:"sha256"`
	// Source is the file's text, before overrides.
	Source string  `json:"source"`
	Params []param `json:"params"`
}

// param is one parameter an override can set.
type param struct {
	// Key is its key path, as --set and the set map spell it.
	Key string `json:"key"`
	// Group is the table it belongs to: "build", "layout", "relax",
	// "rooms", "map", "tags.<tag>", "rules.<rule>", "groups.<group>",
	// "passes.<pass>", or "" for the top-level "weights".
	Group string `json:"group"`
	// Type is "int", "float", "bool" or "string".
	Type string `json:"type"`
	// Value is the ruleset's value, with the request's overrides.
	Value any `json:"value"`
	// Default is the value when the file leaves the key out.
	Default any `json:"default"`
	// Choices lists the values a string parameter accepts, when they are
	// few.
	Choices []string `json:"choices,omitempty"`
}

// choices are the values of the string parameters that take one of a few.
var choices = map[string][]string{
	"weights": {"rule", "match"},
	"spring":  {"log", "hooke"},
	"role":    {"", rulesets.RoleEntrance, rulesets.RoleGoal, rulesets.RoleKey, rulesets.RoleLock, rulesets.RoleJunction},
	"planar":  {rulesets.PlanarReject, rulesets.PlanarJunction, rulesets.PlanarOff},
}

// infoOf describes rs and its parameters, in the order of rulesets.Keys
// with each "<tag>", "<rule>", "<group>" and "<pass>" expanded in name
// order.
func infoOf(rs *rulesets.Ruleset) rulesetInfo {
	info := rulesetInfo{
		Name: rs.Name, Description: rs.Description, File: rs.File,
		SHA256: hex.EncodeToString(rs.SHA256[:]), Source: string(rs.Source), Params: []param{},
	}
	tables := map[string]struct{ value, def any }{
		"build":   {rs.Build, rulesets.DefaultBuild()},
		"layout":  {rs.Layout, params.DefaultLayout()},
		"relax":   {rs.Relax, params.DefaultRelax()},
		"rooms":   {rs.Rooms, params.DefaultRooms()},
		"quality": {rs.Quality, rulesets.DefaultQuality()},
		"map":     {rs.Map, rulesets.DefaultMap()},
	}
	add := func(group, key string, value, def any) {
		p := param{Key: key, Group: group, Value: value, Default: def, Choices: choices[key[strings.LastIndexByte(key, '.')+1:]]}
		switch reflect.TypeOf(value).Kind() {
		case reflect.Int:
			p.Type = "int"
		case reflect.Float64:
			p.Type = "float"
		case reflect.Bool:
			p.Type = "bool"
		default:
			p.Type = "string"
		}
		info.Params = append(info.Params, p)
	}
	for _, k := range rulesets.Keys() {
		parts := strings.Split(k, ".")
		switch {
		case k == "weights":
			add("", k, rs.Weights.String(), "rule")
		case len(parts) == 2:
			t, ok := tables[parts[0]]
			if !ok {
				continue
			}
			v, okv := field(t.value, parts[1])
			d, okd := field(t.def, parts[1])
			if okv && okd {
				add(parts[0], k, v, d)
			}
		case len(parts) == 3:
			for _, n := range namesOf(rs, parts[0]) {
				group := parts[0] + "." + n
				v, d, ok := namedValue(rs, parts[0], n, parts[2])
				if ok {
					add(group, group+"."+parts[2], v, d)
				}
			}
		}
	}
	return info
}

// field returns the field of struct v that key (snake case) names.
func field(v any, key string) (any, bool) {
	f := reflect.ValueOf(v).FieldByName(camel(key))
	if !f.IsValid() {
		return nil, false
	}
	return f.Interface(), true
}

// camel turns "max_vertices" into "MaxVertices", the Go name the rulesets
// and grammar types give a key.
func camel(key string) string {
	var b strings.Builder
	for _, w := range strings.Split(key, "_") {
		if w != "" {
			b.WriteString(strings.ToUpper(w[:1]) + w[1:])
		}
	}
	return b.String()
}

// namesOf returns the names "<tag>", "<rule>", "<group>" or "<pass>" stands
// for in rs, sorted: the tags the file configures or a rule gives, and the
// rules, groups and passes.
func namesOf(rs *rulesets.Ruleset, table string) []string {
	var names []string
	switch table {
	case "tags":
		for _, t := range rs.Tags {
			names = append(names, t.Name)
		}
		for _, r := range rs.Rules {
			for _, v := range r.Substitute.Vertices {
				if v.Tag != "" && v.Tag != grammar.Wildcard {
					names = append(names, v.Tag)
				}
			}
		}
	case "rules":
		for _, r := range rs.Rules {
			names = append(names, r.Name)
		}
		names = append(names, rs.Disabled...)
	case "groups":
		for _, g := range rs.Groups {
			names = append(names, g.Name)
		}
	case "passes":
		for _, p := range rs.Passes {
			names = append(names, p.Name)
		}
	}
	slices.Sort(names)
	return slices.Compact(names)
}

// namedValue returns the value and default of key in the tag, rule, group
// or pass name.
func namedValue(rs *rulesets.Ruleset, table, name, key string) (value, def any, ok bool) {
	switch table {
	case "tags":
		t, _ := rs.Tag(name)
		// What rulesets gives a tag the file does not configure.
		d := rulesets.Tag{Name: name, Label: name, MinExtent: rs.Rooms.MinExtent, MaxExtent: rs.Rooms.MaxExtent}
		value, ok = field(t, key)
		def, _ = field(d, key)
		if names, isList := value.([]string); isList {
			// A list is edited as its TOML value, as --set takes it.
			value, def = tomlList(names), "[]"
		}
	case "rules":
		i := slices.IndexFunc(rs.Rules, func(r grammar.Rule) bool { return r.Name == name })
		if key == "enabled" {
			return i >= 0, true, true
		}
		if i < 0 {
			return nil, nil, false // a disabled rule has its switch only
		}
		r := rs.Rules[i]
		if r.Weight == 0 {
			r.Weight = 1 // grammar.Rule: 0 means 1
		}
		value, ok = field(r, key)
		def, _ = field(grammar.Rule{Weight: 1}, key)
	case "groups":
		i := slices.IndexFunc(rs.Groups, func(g grammar.Group) bool { return g.Name == name })
		value, ok = field(rs.Groups[i], key)
		def, _ = field(grammar.Group{}, key)
	case "passes":
		i := slices.IndexFunc(rs.Passes, func(p grammar.Pass) bool { return p.Name == name })
		value, ok = field(rs.Passes[i], key)
		def, _ = field(grammar.Pass{}, key)
	}
	return value, def, ok
}

// tomlList writes names as a TOML array of strings.
func tomlList(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = strconv.Quote(n)
	}
	return "[" + strings.Join(q, ", ") + "]"
}
