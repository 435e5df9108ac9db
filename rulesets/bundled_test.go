package rulesets

import (
	"slices"
	"strings"
	"testing"
)

// TestBundled loads every bundled ruleset, whichever there are.
func TestBundled(t *testing.T) {
	infos := ListBundled()
	if len(infos) == 0 {
		t.Fatal("no bundled rulesets")
	}
	if !slices.IsSortedFunc(infos, func(a, b Info) int { return strings.Compare(a.Name, b.Name) }) {
		t.Errorf("ListBundled is not sorted by name: %v", infos)
	}
	for _, info := range infos {
		rs, err := Bundled(info.Name)
		if err != nil {
			t.Errorf("bundled ruleset %s:\n%v", info.Name, err)
			continue
		}
		if rs.Name != info.Name {
			t.Errorf("bundled/%s.toml is named %q; a bundled ruleset's name must be its file's", info.Name, rs.Name)
		}
		if rs.Description == "" || rs.Description != info.Description {
			t.Errorf("bundled ruleset %s: description %q, listed as %q; want the same, non-empty", info.Name, rs.Description, info.Description)
		}
		if rs.File != "bundled/"+info.Name+".toml" {
			t.Errorf("bundled ruleset %s: File = %q", info.Name, rs.File)
		}
	}
}

// TestBundledDefault requires the default ruleset to be bundled.
func TestBundledDefault(t *testing.T) {
	rs, err := Bundled(DefaultName)
	if err != nil {
		t.Fatalf("the default ruleset %q: %v", DefaultName, err)
	}
	if rs.Name != DefaultName {
		t.Errorf("Bundled(%q).Name = %q", DefaultName, rs.Name)
	}
}

func TestBundledUnknown(t *testing.T) {
	_, err := Bundled("no-such-ruleset")
	if err == nil || !strings.Contains(err.Error(), DefaultName) {
		t.Errorf("Bundled(no-such-ruleset) = %v; want an error listing the bundled rulesets", err)
	}
	if _, err := Bundled("../testdata/minimal"); err == nil {
		t.Errorf("Bundled loaded a file outside bundled/")
	}
}

// TestBundledOverrides: a Loader's overrides apply to bundled rulesets.
func TestBundledOverrides(t *testing.T) {
	rs, err := Loader{Overrides: []Override{{"relax.edge_length", "77"}}}.Bundled(DefaultName)
	if err != nil {
		t.Fatal(err)
	}
	if rs.Relax.EdgeLength != 77 {
		t.Errorf("relax.edge_length = %v; want 77", rs.Relax.EdgeLength)
	}
}
