package serve

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"time"

	"github.com/dungraph/dungraph/render"
	"github.com/dungraph/dungraph/rulesets"
)

// page serves the tuner.
func (h *handler) page(w http.ResponseWriter, r *http.Request) {
	b, err := static.ReadFile("static/index.html")
	if err != nil {
		// The page is embedded: missing means a broken build.
		h.cfg.Log.Error("serve: the embedded page is missing", "err", err)
		writeError(w, &apiError{status: http.StatusInternalServerError, Message: "serve: this build has no page; the server's log has the details"})
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-cache")
	w.Write(b)
}

// config is the answer of /api/config: what the page opens with and the
// server's limits.
type config struct {
	Ruleset     string `json:"ruleset"`
	RulesetTOML string `json:"ruleset_toml"`
	RulesetFile string `json:"ruleset_file"`
	Limits      struct {
		TimeoutMS     int64 `json:"timeout_ms"`
		MaxVertices   int   `json:"max_vertices"`
		MaxIterations int   `json:"max_iterations"`
		MaxBody       int64 `json:"max_body"`
		MaxPNGSize    int   `json:"max_png_size"`
	} `json:"limits"`
}

func (h *handler) config(w http.ResponseWriter, r *http.Request) {
	c := config{Ruleset: h.cfg.Ruleset, RulesetTOML: string(h.cfg.RulesetTOML)}
	if c.RulesetTOML != "" {
		c.RulesetFile = h.cfg.RulesetFile
	}
	c.Limits.TimeoutMS = h.cfg.Timeout.Milliseconds()
	c.Limits.MaxVertices, c.Limits.MaxIterations = h.cfg.MaxVertices, h.cfg.MaxIterations
	c.Limits.MaxBody, c.Limits.MaxPNGSize = h.cfg.MaxBody, MaxPNGSize
	writeJSON(w, http.StatusOK, c)
}

// rulesets answers the list `dungraph rulesets --json` prints, byte for
// byte.
func (h *handler) rulesets(w http.ResponseWriter, r *http.Request) {
	type entry struct {
		Name        string `json:"name"`
		Description string `json:"description"`
	}
	list := []entry{}
	for _, info := range rulesets.ListBundled() {
		list = append(list, entry{info.Name, info.Description})
	}
	writeJSON(w, http.StatusOK, list)
}

// ruleset loads a ruleset and describes its parameters: the page's
// validation of pasted TOML and the source of its controls.
func (h *handler) ruleset(w http.ResponseWriter, r *http.Request) {
	var q rulesetRequest
	if e := h.decode(w, r, &q); e != nil {
		writeError(w, e)
		return
	}
	ctx, cancel := h.deadline(r)
	defer cancel()
	rs, e := h.loadIn(ctx, &q)
	if e != nil {
		writeError(w, e)
		return
	}
	writeJSON(w, http.StatusOK, infoOf(rs))
}

// deadline gives r's context the server's timeout.
func (h *handler) deadline(r *http.Request) (context.Context, context.CancelFunc) {
	return context.WithTimeout(r.Context(), h.cfg.Timeout)
}

// timing reports how long the generation took, for the page's metrics:
// the level's JSON holds nothing that depends on the clock.
func timing(w http.ResponseWriter, b *built) {
	if b.timed {
		w.Header().Set("Server-Timing", fmt.Sprintf("generate;dur=%.1f", float64(b.elapsed)/float64(time.Millisecond)))
	}
}

// generate answers the level's JSON, the bytes `dungraph generate
// --format json` writes.
func (h *handler) generate(w http.ResponseWriter, r *http.Request) {
	var q levelRequest
	if e := h.decode(w, r, &q); e != nil {
		writeError(w, e)
		return
	}
	ctx, cancel := h.deadline(r)
	defer cancel()
	b, e := h.generateLevel(ctx, &q, nil)
	if e != nil {
		writeError(w, e)
		return
	}
	data, err := b.doc.JSON()
	if err != nil {
		writeError(w, h.workError(ctx, err, stageWriting))
		return
	}
	timing(w, b)
	w.Header().Set("Content-Type", "application/json")
	w.Write(data)
}

// png answers the level's PNG preview.
func (h *handler) png(w http.ResponseWriter, r *http.Request) {
	var q pngRequest
	if e := h.decode(w, r, &q); e != nil {
		writeError(w, e)
		return
	}
	size := q.Size
	if size == 0 {
		size = DefaultPNGSize
	}
	if size < render.MinSize || size > MaxPNGSize {
		writeError(w, errorf(http.StatusBadRequest, "size: want %d to %d pixels, got %d", render.MinSize, MaxPNGSize, size))
		return
	}
	ctx, cancel := h.deadline(r)
	defer cancel()
	var buf bytes.Buffer
	b, e := h.generateLevel(ctx, &q.levelRequest, func(ctx context.Context, b *built) error {
		// A PNG per request: render makes its font faces per picture.
		return render.PNG{Size: size, Labels: q.Labels, Trace: q.Trace}.Write(&buf, b.doc)
	})
	if e != nil {
		writeError(w, e)
		return
	}
	timing(w, b)
	w.Header().Set("Content-Type", "image/png")
	w.Write(buf.Bytes())
}

// steps answers the level's frames for the page's step mode (see replay).
func (h *handler) steps(w http.ResponseWriter, r *http.Request) {
	var q levelRequest
	if e := h.decode(w, r, &q); e != nil {
		writeError(w, e)
		return
	}
	ctx, cancel := h.deadline(r)
	defer cancel()
	var fr *frames
	b, e := h.generateLevel(ctx, &q, func(ctx context.Context, b *built) error {
		var err error
		fr, err = replay(ctx, b.rs, b.lv)
		return err
	})
	if e != nil {
		writeError(w, e)
		return
	}
	data, err := json.Marshal(fr)
	if err != nil {
		writeError(w, h.workError(ctx, err, stageWriting))
		return
	}
	timing(w, b)
	w.Header().Set("Content-Type", "application/json")
	w.Write(append(data, '\n'))
}
