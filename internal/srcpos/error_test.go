package srcpos

import (
	"errors"
	"testing"
)

// TestErrorMessage: the parts that are set appear in order, as the ruleset
// loader (a file) and the level reader (a package name) print them.
func TestErrorMessage(t *testing.T) {
	cause := errors.New("cause")
	tests := []struct {
		name string
		e    Error
		want string
	}{
		{"file, position and path", Error{File: "r.toml", Line: 4, Col: 7, Path: "build.max_vertices", Msg: "is -1"}, "r.toml:4:7: build.max_vertices: is -1"},
		{"override", Error{File: "r.toml", Path: "build.max_vertices", Msg: "is -1", Override: "build.max_vertices=-1"}, `r.toml: build.max_vertices: is -1 (set by override "build.max_vertices=-1")`},
		{"nothing but the message", Error{Msg: "empty"}, "empty"},
		{"package and position", Error{Pkg: "levelfile", Line: 3, Col: 5, Path: "seed", Msg: "bad"}, "levelfile: 3:5: seed: bad"},
		{"package, no position", Error{Pkg: "levelfile", Path: "x", Msg: "worse"}, "levelfile: x: worse"},
		{"package and file", Error{Pkg: "p", File: "f", Line: 1, Col: 2, Msg: "m"}, "p: f:1:2: m"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.e.Error(); got != tt.want {
				t.Errorf("Error() = %q, want %q", got, tt.want)
			}
		})
	}
	l := ErrorList{{Msg: "a", Err: cause}, {Msg: "b"}}
	if !errors.Is(l.Err(), cause) || l.Error() != "a\nb" {
		t.Errorf("list %q does not join its problems or unwrap to their causes", l.Error())
	}
	if (ErrorList{}).Err() != nil {
		t.Error("an empty list is an error")
	}
	if got := (&Error{File: "f", Line: 2, Col: 3, Msg: "m", SourceLine: "abcd"}).ErrorWithSource(); got != "f:2:3: m\n    2 | abcd\n      |   ^" {
		t.Errorf("ErrorWithSource = %q", got)
	}
}
