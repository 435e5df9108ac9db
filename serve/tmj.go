package serve

import (
	"bytes"
	"context"
	"net/http"

	"github.com/dungraph/dungraph/levelfile"
	"github.com/dungraph/dungraph/raster"
	"github.com/dungraph/dungraph/render"
	"github.com/dungraph/dungraph/tiled"
)

// tmjRequest is the body of /api/tmj.
type tmjRequest struct {
	levelRequest
	// Tiles is the map's lattice, "square" (default) or "hex": --tiles of
	// `dungraph generate`.
	Tiles string `json:"tiles"`
}

// tmj answers the level's grid map as Tiled JSON: level.tmj of `dungraph
// generate --format tmj --tiles q.Tiles` with the default tile size, floors
// in the level's tag colours. A level the map stage cannot draw is a 422
// with its message.
func (h *handler) tmj(w http.ResponseWriter, r *http.Request) {
	var q tmjRequest
	if e := h.decode(w, r, &q); e != nil {
		writeError(w, e)
		return
	}
	lattice := raster.Square
	if q.Tiles != "" {
		l, err := raster.ParseLattice(q.Tiles)
		if err != nil {
			writeError(w, errorf(http.StatusBadRequest, "serve: tiles %q: want \"square\" or \"hex\"", q.Tiles))
			return
		}
		lattice = l
	}
	h.export(w, r, &q.levelRequest, "tmj", "application/json", func(ctx context.Context, d *levelfile.Document) ([]byte, error) {
		m, err := render.Raster{Lattice: lattice}.MapContext(ctx, d)
		if err != nil {
			return nil, err
		}
		var b bytes.Buffer
		err = tiled.Options{Document: d}.WriteTMJ(&b, m)
		return b.Bytes(), err
	})
}
