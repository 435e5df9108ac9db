package serve

import (
	"bytes"
	"fmt"
	"net/http"

	"github.com/dungraph/dungraph/gridmap"
	"github.com/dungraph/dungraph/render"
	"github.com/dungraph/dungraph/tiled"
)

// tmj answers the level's grid map as Tiled JSON: level.tmj of `dungraph
// generate --format tmj` with the default tile size. A level the map
// stage cannot draw is a 422 with its message.
func (h *handler) tmj(w http.ResponseWriter, r *http.Request) {
	var q levelRequest
	if e := h.decode(w, r, &q); e != nil {
		writeError(w, e)
		return
	}
	h.export(w, r, &q, "tmj", "application/json", func(d *render.Document) ([]byte, error) {
		m, err := render.Raster{}.Map(d)
		if err != nil {
			return nil, err
		}
		var b bytes.Buffer
		err = tiled.Options{}.WriteTMJ(&b, m)
		return b.Bytes(), err
	})
}

// mapColors are the colours of the tiles of the map view, by kind: the
// tileset's (tiled.Colors), as "#rrggbb".
func mapColors() map[string]string {
	out := map[string]string{}
	for k, c := range tiled.Colors() {
		out[gridmap.Kind(k).String()] = fmt.Sprintf("#%02x%02x%02x", c.R, c.G, c.B)
	}
	return out
}
