package serve

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/dungraph/dungraph/level"
	"github.com/dungraph/dungraph/levelfile"
	"github.com/dungraph/dungraph/rulesets"
)

// rulesetRequest names a ruleset: a bundled one, or TOML text.
type rulesetRequest struct {
	// Ruleset is a bundled ruleset's name; exactly one of Ruleset and
	// RulesetTOML is set.
	Ruleset string `json:"ruleset"`
	// RulesetTOML is a ruleset file's text; RulesetFile names it in
	// messages and gives its default name (default "pasted.toml").
	RulesetTOML string `json:"ruleset_toml"`
	RulesetFile string `json:"ruleset_file"`
	// Set overrides parameters by key path, applied in sorted key order.
	// A value is a JSON number, boolean or string.
	Set map[string]json.RawMessage `json:"set"`
}

// levelRequest is a ruleset and a seed: the body of /api/generate,
// /api/text and /api/steps.
type levelRequest struct {
	rulesetRequest
	Seed uint64 `json:"seed"`
}

// pngRequest is the body of /api/png.
type pngRequest struct {
	levelRequest
	// Size is the picture's side in pixels, render.MinSize to MaxPNGSize;
	// default DefaultPNGSize.
	Size   int  `json:"size"`
	Labels bool `json:"labels"`
	Trace  bool `json:"trace"`
}

// decode reads a JSON request body into v: at most MaxBody bytes, one
// object, no unknown keys.
func (h *handler) decode(w http.ResponseWriter, r *http.Request, v any) *apiError {
	body := http.MaxBytesReader(w, r.Body, h.cfg.MaxBody)
	dec := json.NewDecoder(body)
	dec.DisallowUnknownFields()
	err := dec.Decode(v)
	if err == nil {
		if _, extra := dec.Token(); extra != io.EOF {
			err = errors.New("more than one JSON value")
		}
	}
	var tooBig *http.MaxBytesError
	switch {
	case errors.As(err, &tooBig):
		return errorf(http.StatusRequestEntityTooLarge, "serve: the request body is larger than %d bytes, the server's limit (limits.max_body in /api/config)", tooBig.Limit)
	case errors.Is(err, io.EOF):
		return errorf(http.StatusBadRequest, "serve: the request body is empty: want a JSON object")
	case err != nil:
		return errorf(http.StatusBadRequest, "serve: request body: %v", err)
	}
	return nil
}

// overrides returns the Set map as overrides, sorted by key: the order
// that makes the level's bytes those of `dungraph generate` with the same
// --set flags in sorted order.
func (q *rulesetRequest) overrides() ([]rulesets.Override, *apiError) {
	out := make([]rulesets.Override, 0, len(q.Set))
	// In key order, so that of several bad keys the answer names the
	// same one every time.
	for _, k := range slices.Sorted(maps.Keys(q.Set)) {
		raw := q.Set[k]
		v, err := overrideValue(raw)
		if err != nil {
			return nil, errorf(http.StatusBadRequest, "set %s: %v", k, err)
		}
		// The command line's parser, so that keys and values are trimmed
		// and refused exactly as --set would.
		o, err := rulesets.ParseOverride(k + "=" + v)
		if err != nil {
			return nil, errorf(http.StatusBadRequest, "set: %v", err)
		}
		out = append(out, o)
	}
	slices.SortFunc(out, func(a, b rulesets.Override) int {
		return cmp.Or(strings.Compare(a.Key, b.Key), strings.Compare(a.Value, b.Value))
	})
	return out, nil
}

// overrideValue is the text of a set value, as it would follow "=" in a
// --set flag: a number as written in the request, true or false, or a
// string's contents.
func overrideValue(raw json.RawMessage) (string, error) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 {
		return "", errors.New("no value")
	}
	switch raw[0] {
	case '"':
		var s string
		if err := json.Unmarshal(raw, &s); err != nil {
			return "", err
		}
		return s, nil
	case 't', 'f':
		var b bool
		if err := json.Unmarshal(raw, &b); err != nil {
			return "", err
		}
		return strconv.FormatBool(b), nil
	case '-', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9':
		var n json.Number
		if err := json.Unmarshal(raw, &n); err != nil {
			return "", err
		}
		return string(raw), nil
	}
	return "", fmt.Errorf("%s is not a number, boolean or string", raw)
}

// load loads the requested ruleset with its overrides and checks it
// against the server's caps. Problems with the ruleset are a 400 whose
// message is what the command line prints.
func (h *handler) load(ctx context.Context, q *rulesetRequest) (*rulesets.Ruleset, *apiError) {
	l := rulesets.Loader{Context: ctx}
	var e *apiError
	if l.Overrides, e = q.overrides(); e != nil {
		return nil, e
	}
	var rs *rulesets.Ruleset
	var err error
	switch {
	case q.Ruleset != "" && q.RulesetTOML != "":
		return nil, errorf(http.StatusBadRequest, "serve: give ruleset (a bundled name) or ruleset_toml (a ruleset's text), not both")
	case q.Ruleset != "":
		if q.RulesetFile != "" {
			return nil, errorf(http.StatusBadRequest, "serve: ruleset_file names ruleset_toml's text; a bundled ruleset has its own name")
		}
		rs, err = l.Bundled(q.Ruleset)
	case q.RulesetTOML != "":
		file := cmp.Or(q.RulesetFile, "pasted.toml")
		rs, err = l.Load(file, []byte(q.RulesetTOML))
	default:
		return nil, errorf(http.StatusBadRequest, "serve: give ruleset (a bundled name) or ruleset_toml (a ruleset's text)")
	}
	if err != nil {
		return nil, loadError(err)
	}
	caps := []struct {
		key      string
		v, limit int
		limitKey string
	}{
		{"build.max_vertices", rs.Build.MaxVertices, h.cfg.MaxVertices, "max_vertices"},
		{"layout.max_iterations", rs.Layout.MaxIterations, h.cfg.MaxIterations, "max_iterations"},
		{"relax.max_iterations", rs.Relax.MaxIterations, h.cfg.MaxIterations, "max_iterations"},
	}
	for _, c := range caps {
		if c.v > c.limit {
			return nil, errorf(http.StatusBadRequest, "serve: %s is %d: this server allows at most %d (limits.%s in /api/config)", c.key, c.v, c.limit, c.limitKey)
		}
	}
	return rs, nil
}

// loadError is the response to a ruleset that does not load: the
// problems each with its source line and caret, as `dungraph generate`
// prints them, or the error's own message.
func loadError(err error) *apiError {
	var list rulesets.ErrorList
	if !errors.As(err, &list) {
		return errorf(http.StatusBadRequest, "%v", err)
	}
	e := &apiError{status: http.StatusBadRequest}
	msgs := make([]string, len(list))
	for i, p := range list {
		msgs[i] = p.ErrorWithSource()
		pr := problem{File: p.File, Line: p.Line, Col: p.Col, Path: p.Path, Msg: p.Msg, Override: p.Override}
		if p.Line > 0 {
			pr.Source = strings.TrimPrefix(msgs[i], p.Error()+"\n")
		}
		e.Problems = append(e.Problems, pr)
	}
	e.Message = strings.Join(msgs, "\n")
	return e
}

// built is a generated level.
type built struct {
	rs      *rulesets.Ruleset
	lv      *level.Level
	doc     *levelfile.Document
	elapsed time.Duration
	timed   bool // elapsed was measured
}

// heapBudget is one request's memory budget. Go keeps no account of the
// memory each goroutine holds, so a request is charged with the growth of
// the whole process's live heap (level.HeapBytes) since its work began: its
// own allocations, and those of the requests running beside it. Its limit
// is that starting heap plus Server.RequestMemory, or Server.MaxMemory if
// lower. A request that allocates without bound therefore stops once it
// has grown the heap by RequestMemory, whatever runs beside it; a request
// beside it is charged with the other's growth during its own life, which
// for a level of a few milliseconds is small, but two large requests that
// grow together can stop each other early. Memory freed but not yet
// collected still counts, as it does for the command line's --max-memory.
type heapBudget struct {
	base, request, process uint64
}

func (h *handler) heapBudget() heapBudget {
	return heapBudget{base: level.HeapBytes(), request: h.cfg.RequestMemory, process: h.cfg.MaxMemory}
}

// limit is the heap past which the request stops.
func (b heapBudget) limit() uint64 {
	if b.base+b.request < b.base {
		return b.process // no request budget (math.MaxUint64)
	}
	return min(b.process, b.base+b.request)
}

// check refuses a heap past the limit.
func (b heapBudget) check(heap uint64, stage string) *apiError {
	if heap <= b.limit() {
		return nil
	}
	return b.spent(heap, stage)
}

// spent explains a heap found past the limit during stage: which of the
// two budgets it passed.
func (b heapBudget) spent(heap uint64, stage string) *apiError {
	if heap > b.process {
		return errorf(http.StatusServiceUnavailable, "serve: the server's memory budget of %d MiB is spent (heap %d MiB, during %s); try again, or with a smaller ruleset", b.process>>20, heap>>20, stage)
	}
	return errorf(http.StatusServiceUnavailable, "serve: the request's memory budget of %d MiB ran out during %s (the heap grew by %d MiB since it began); try a smaller ruleset or fewer vertices", b.request>>20, stage, (heap-min(heap, b.base))>>20)
}

// loadIn loads the requested ruleset in a work slot: a ruleset takes
// about 200 times its text in memory while it loads, so loads count against
// MaxConcurrent like generations, and one that leaves the heap past its
// budget is refused.
func (h *handler) loadIn(ctx context.Context, q *rulesetRequest) (*rulesets.Ruleset, *apiError) {
	var rs *rulesets.Ruleset
	var e *apiError
	err := h.work(ctx, func(ctx context.Context) error {
		hb := h.heapBudget()
		if rs, e = h.load(ctx, q); e != nil {
			return ctx.Err() // the deadline or the client stopped the load
		}
		if e = hb.check(level.HeapBytes(), "loading"); e != nil {
			rs = nil
		}
		return nil
	})
	if err != nil {
		return nil, h.workError(ctx, err, stageLoading)
	}
	return rs, e
}

// generateLevel generates the requested level under ctx, then calls then
// (if not nil) in the same work slot with the result.
func (h *handler) generateLevel(ctx context.Context, q *levelRequest, then func(ctx context.Context, b *built) error) (*built, *apiError) {
	rs, e := h.loadIn(ctx, &q.rulesetRequest)
	if e != nil {
		return nil, e
	}
	b := &built{rs: rs}
	var hb heapBudget
	// stage is read when the deadline ends the wait for the work, while
	// the work may still run.
	var stage atomic.Pointer[string]
	generating, rendering := stageGenerating, stageWriting
	stage.Store(&generating)
	err := h.work(ctx, func(ctx context.Context) error {
		var start time.Time
		if h.cfg.Clock != nil {
			start = h.cfg.Clock()
		}
		hb = h.heapBudget()
		lv, err := level.Generate(ctx, rs, q.Seed, level.Options{MaxHeap: hb.limit()})
		if h.cfg.Clock != nil {
			b.elapsed = h.cfg.Clock().Sub(start)
			b.timed = true
		}
		if err != nil {
			return err
		}
		b.lv = lv
		if b.doc, err = lv.Document(); err != nil {
			return err
		}
		if then != nil {
			stage.Store(&rendering)
			return then(ctx, b)
		}
		return nil
	})
	var me *level.MemoryError
	if err != nil && ctx.Err() == nil && errors.As(err, &me) {
		return nil, hb.spent(me.Heap, me.Stage)
	}
	if err != nil {
		return nil, h.workError(ctx, err, *stage.Load())
	}
	return b, nil
}

// The stages a request's work goes through, as its 503 names them when its
// time runs out.
const (
	stageLoading    = "loading the ruleset"
	stageGenerating = "generating the level"
	stageWriting    = "writing the response"
)

// errQueued wraps the context's error when it ended a request that was
// waiting for a work slot.
var errQueued = errors.New("waiting for a work slot")

// workError maps the error of a generation or render to a response; stage
// says what the work was doing (loading the ruleset, generating the level,
// writing the response), for a deadline that ended it.
func (h *handler) workError(ctx context.Context, err error, stage string) *apiError {
	switch {
	case errors.Is(ctx.Err(), context.DeadlineExceeded) && errors.Is(err, errQueued):
		return errorf(http.StatusServiceUnavailable, "serve: the request waited %v, the server's time budget (limits.timeout_ms in /api/config), for a free work slot (the server runs a limited number of generations at once) and was stopped before %s; try again later", h.cfg.Timeout, stage)
	case errors.Is(ctx.Err(), context.DeadlineExceeded):
		hint := "try fewer vertices or iterations"
		if stage == stageLoading {
			hint = "try a smaller ruleset"
		}
		return errorf(http.StatusServiceUnavailable, "serve: the request took longer than %v, the server's time budget (limits.timeout_ms in /api/config), and was stopped while %s; %s", h.cfg.Timeout, stage, hint)
	case ctx.Err() != nil:
		// The client has gone; nobody reads this.
		return errorf(499, "serve: request cancelled")
	case errors.As(err, new(*level.MemoryError)):
		return errorf(http.StatusServiceUnavailable, "%v", err)
	case errors.Is(err, errPanic):
		return errorf(http.StatusInternalServerError, "%v", err)
	case errors.Is(err, level.ErrNoValidLevel):
		return errorf(http.StatusUnprocessableEntity, "%v", err)
	}
	// Any other failure comes from the request's ruleset and seed: the
	// server is fine, the input cannot make a level. It is logged, since
	// validate should have caught it.
	h.cfg.Log.Warn("serve: generation failed", "err", err)
	return errorf(http.StatusUnprocessableEntity, "%v", err)
}
