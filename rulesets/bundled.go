package rulesets

import (
	"embed"
	"fmt"
	"io/fs"
	"slices"
	"strings"

	"github.com/dungraph/dungraph/internal/toml"
)

// The rulesets that ship with dungraph, compiled into the binary.
//
//go:embed bundled/*.toml
var bundled embed.FS

// DefaultName is the name of the bundled ruleset used when none is given.
const DefaultName = "dungeon"

// Info describes a bundled ruleset.
type Info struct {
	Name        string
	Description string
}

// ListBundled describes the bundled rulesets, sorted by name.
func ListBundled() []Info {
	names := bundledNames()
	out := make([]Info, 0, len(names))
	for _, name := range names {
		info := Info{Name: name}
		src, err := fs.ReadFile(bundled, bundledPath(name))
		if err == nil {
			// A broken bundled file fails the package's tests; here it
			// only lacks a description.
			if root, err := toml.Parse(src); err == nil {
				if d := root.Get("description"); d != nil && d.Kind == toml.String {
					info.Description = d.Str
				}
			}
		}
		out = append(out, info)
	}
	return out
}

// Bundled loads the bundled ruleset name (see ListBundled).
func Bundled(name string) (*Ruleset, error) { return Loader{}.Bundled(name) }

// Bundled loads the bundled ruleset name with the loader's overrides.
func (l Loader) Bundled(name string) (*Ruleset, error) {
	names := bundledNames()
	if !slices.Contains(names, name) {
		return nil, fmt.Errorf("rulesets: no bundled ruleset %q; the bundled rulesets are %s", name, strings.Join(names, ", "))
	}
	return l.LoadFS(bundled, bundledPath(name))
}

func bundledPath(name string) string { return "bundled/" + name + ".toml" }

// bundledNames returns the names of the bundled rulesets, sorted.
func bundledNames() []string {
	entries, _ := fs.ReadDir(bundled, "bundled")
	var names []string
	for _, e := range entries {
		if name, ok := strings.CutSuffix(e.Name(), ".toml"); ok && !e.IsDir() {
			names = append(names, name)
		}
	}
	slices.Sort(names)
	return names
}
