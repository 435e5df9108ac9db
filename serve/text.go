package serve

import (
	"bytes"
	"context"
	"net/http"

	"github.com/dungraph/dungraph/render"
)

// textRequest is the body of /api/text.
type textRequest struct {
	levelRequest
	// Layer is "entity" (default), the text level itself, or "variations",
	// its variation layer.
	Layer string `json:"layer"`
}

// text answers one layer of the level's text export (render.Raster's
// defaults), as text/plain: the files `dungraph generate --format text`
// writes as level.txt and level.variations.txt.
func (h *handler) text(w http.ResponseWriter, r *http.Request) {
	var q textRequest
	if e := h.decode(w, r, &q); e != nil {
		writeError(w, e)
		return
	}
	if q.Layer != "" && q.Layer != "entity" && q.Layer != "variations" {
		writeError(w, errorf(http.StatusBadRequest, "serve: layer %q: want \"entity\" or \"variations\"", q.Layer))
		return
	}
	ctx, cancel := h.deadline(r)
	defer cancel()
	var entity, variations bytes.Buffer
	var failed error
	b, e := h.generateLevel(ctx, &q.levelRequest, func(ctx context.Context, b *built) error {
		// A level the text grid cannot hold is the request's problem, not
		// the server's: keep it apart from the generation's errors.
		failed = render.Raster{}.WriteText(&entity, &variations, b.doc)
		return nil
	})
	if e != nil {
		writeError(w, e)
		return
	}
	if failed != nil {
		writeError(w, errorf(http.StatusUnprocessableEntity, "text: %v", failed))
		return
	}
	timing(w, b)
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	if q.Layer == "variations" {
		w.Write(variations.Bytes())
		return
	}
	w.Write(entity.Bytes())
}
