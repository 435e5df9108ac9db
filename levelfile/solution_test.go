package levelfile

import (
	"bytes"
	"errors"
	"reflect"
	"strings"
	"testing"
)

// lockedTinyDoc is tinyDoc with a key in the entrance and the goal
// locked: solvable in one step.
func lockedTinyDoc(t testing.TB) *Document {
	d := tinyDoc()
	d.Params.Tags["k"] = Tag{Label: "key", MinExtent: 3, MaxExtent: 4, Role: "key"}
	d.Params.Tags["l"] = Tag{Label: "door", MinExtent: 3, MaxExtent: 4, Role: "lock", Key: "k"}
	d.Vertices[0].Tag, d.Vertices[1].Tag = "k", "l"
	if err := d.UpdateRoute(); err != nil {
		t.Fatal(err)
	}
	return d
}

func TestSolutionInDocument(t *testing.T) {
	d := lockedTinyDoc(t)
	want := &Solution{
		Solvable: true, Walk: []int{0, 1},
		Keys:      []KeyRoom{{Room: 0, Tag: "k", Picked: 0}},
		Locks:     []LockRoom{{Room: 1, Tag: "l", Key: "k", Opened: 1, KeyRoom: 0}},
		Essential: []int{1}, UnneededKeys: []int{}, IdleLocks: []int{1},
	}
	if !reflect.DeepEqual(d.Route.Solution, want) {
		t.Fatalf("solution %+v, want %+v", d.Route.Solution, want)
	}
	js := mustJSON(t, d)
	if !bytes.Contains(js, []byte(`"l": {"label": "door", "color": "", "min_extent": 3, "max_extent": 4, "variation": "", "role": "lock", "entity": "", "key": "k"}`)) {
		t.Errorf("the lock tag's params lack its key, or write consumed = false:\n%s", js)
	}
	back, err := ReadJSON(bytes.NewReader(js))
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back.Route.Solution, want) {
		t.Errorf("read back %+v", back.Route.Solution)
	}

	tests := []struct {
		name   string
		edit   func(d *Document)
		path   string
		reason string
	}{
		{"walk", func(d *Document) { d.Route.Solution.Walk = []int{0, 1, 0, 1} }, "route.solution.walk", "a walk that is not the shortest"},
		{"missing", func(d *Document) { d.Route.Solution = nil }, "route.solution", "a level with locks has a solution"},
		{"no locks", func(d *Document) { d.Params.Tags["l"] = Tag{Label: "door", MinExtent: 3, MaxExtent: 4} }, "route.solution", "a solution without locks"},
		{"key not a key", func(d *Document) {
			d.Params.Tags["l"] = Tag{Label: "door", MinExtent: 3, MaxExtent: 4, Role: "lock", Key: "a"}
		}, "params.tags.l.key", "a lock's key names a key tag"},
		{"essential", func(d *Document) { d.Route.Solution.Essential = []int{} }, "route.solution.essential", "the essential locks are recomputed"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := lockedTinyDoc(t)
			tt.edit(d)
			err := d.Validate()
			var list ErrorList
			if !errors.As(err, &list) || !strings.Contains(err.Error(), tt.path+":") {
				t.Errorf("Validate = %v, want a problem at %s: %s", err, tt.path, tt.reason)
			}
		})
	}
}
