package serve

import (
	"bytes"
	"net/http"

	"github.com/dungraph/dungraph/levelfile"
	"github.com/dungraph/dungraph/render"
	"github.com/dungraph/dungraph/tiled"
)

// tmj answers the level's grid map as Tiled JSON: level.tmj of `dungraph
// generate --format tmj` with the default tile size, floors in the
// level's tag colours. A level the map stage cannot draw is a 422 with its
// message.
func (h *handler) tmj(w http.ResponseWriter, r *http.Request) {
	var q levelRequest
	if e := h.decode(w, r, &q); e != nil {
		writeError(w, e)
		return
	}
	h.export(w, r, &q, "tmj", "application/json", func(d *levelfile.Document) ([]byte, error) {
		m, err := render.Raster{}.Map(d)
		if err != nil {
			return nil, err
		}
		var b bytes.Buffer
		err = tiled.Options{Document: d}.WriteTMJ(&b, m)
		return b.Bytes(), err
	})
}
