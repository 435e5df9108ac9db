package render

import (
	"bytes"
	"testing"

	"github.com/dungraph/dungraph/levelfile"
)

// FuzzDraw checks that every level file levelfile.ReadJSON accepts can be
// drawn. levelfile's FuzzReadJSON covers the reader itself.
func FuzzDraw(f *testing.F) {
	f.Add(mustJSON(f, tinyDoc()))
	f.Add(mustJSON(f, lockedTinyDoc(f)))
	f.Fuzz(func(t *testing.T, in []byte) {
		d, err := levelfile.ReadJSON(bytes.NewReader(in))
		if err != nil {
			return
		}
		if _, err := (PNG{Size: MinSize, Labels: true, Trace: true}).Render(d); err != nil {
			t.Fatalf("accepted document cannot be drawn: %v", err)
		}
	})
}
