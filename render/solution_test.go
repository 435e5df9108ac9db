package render

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/dungraph/dungraph/levelfile"
)

// lockedTinyDoc is levelfile's tiny level with a key in the entrance and
// the goal locked: solvable in one step.
func lockedTinyDoc(t testing.TB) *levelfile.Document {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "levelfile", "testdata", "tiny-locked.json"))
	if err != nil {
		t.Fatal(err)
	}
	d, err := levelfile.ReadJSON(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func TestWriteSolution(t *testing.T) {
	var b bytes.Buffer
	if err := WriteSolution(&b, lockedTinyDoc(t)); err != nil {
		t.Fatal(err)
	}
	want := `tiny seed 7: solvable in 1 steps, 0 of them back into a room entered before
0  room 0 (key): the entrance: picks up a key "k"
1  room 1 (door): the goal: opens with the key "k" of room 0 (shown)
essential locks: room 1
unneeded keys: none
locks that gate nothing: room 1
`
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
	if err := WriteSolution(&b, tinyDoc()); !errors.Is(err, ErrNoLocks) {
		t.Errorf("a level without locks: %v, want ErrNoLocks", err)
	}
}
