package serve

import (
	"bytes"
	"context"
	"net/http"

	"github.com/dungraph/dungraph/levelfile"
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
	h.export(w, r, &q.levelRequest, "text", "text/plain; charset=utf-8", func(ctx context.Context, d *levelfile.Document) ([]byte, error) {
		var entity, variations bytes.Buffer
		if err := (render.Raster{}).WriteTextContext(ctx, &entity, &variations, d); err != nil {
			return nil, err
		}
		if q.Layer == "variations" {
			return variations.Bytes(), nil
		}
		return entity.Bytes(), nil
	})
}

// export answers an export of q's level: write's bytes, of content type
// typ. A level the export cannot draw (a grid too coarse, a map the map
// stage cannot route) is the request's problem, not the server's: a 422
// whose message starts with the format's name, kept apart from the
// generation's errors.
func (h *handler) export(w http.ResponseWriter, r *http.Request, q *levelRequest, format, typ string, write func(ctx context.Context, d *levelfile.Document) ([]byte, error)) {
	ctx, cancel := h.deadline(r)
	defer cancel()
	var data []byte
	var failed error
	b, e := h.generateLevel(ctx, q, func(ctx context.Context, b *built) error {
		data, failed = write(ctx, b.doc)
		if failed != nil && ctx.Err() != nil {
			// The map stage gave up at the deadline: a 503 that says so.
			return failed
		}
		return nil
	})
	if e != nil {
		writeError(w, e)
		return
	}
	if failed != nil {
		writeError(w, errorf(http.StatusUnprocessableEntity, "%s: %v", format, failed))
		return
	}
	timing(w, b)
	w.Header().Set("Content-Type", typ)
	w.Write(data)
}
