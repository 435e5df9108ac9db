package serve

import (
	"context"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"runtime"
	"runtime/debug"
	"strings"
	"sync/atomic"
	"time"

	"github.com/dungraph/dungraph/rulesets"
)

// The defaults of Server's limits.
const (
	DefaultTimeout       = 10 * time.Second
	DefaultMaxVertices   = 5000
	DefaultMaxIterations = 10000
	DefaultMaxBody       = 1 << 20
	// DefaultMaxMemory is the memory budget of the generations, the
	// command line's --max-memory default.
	DefaultMaxMemory = 2048 << 20
	// DefaultRequestMemory is one request's memory budget: a quarter of
	// DefaultMaxMemory, so that one request cannot take the memory the
	// others need, and above what any bundled ruleset needs at
	// DefaultMaxVertices (caves at 3,000 rooms peaks near 190 MB).
	DefaultRequestMemory = 512 << 20
	// DefaultBodyTimeout is the longest a request may take to arrive.
	DefaultBodyTimeout = 30 * time.Second
	// MaxPNGSize caps a PNG's side: render allows 16384 pixels, a
	// gigabyte per picture, too much for one request.
	MaxPNGSize = 4096
	// DefaultPNGSize is the side of a PNG whose request sets no size.
	DefaultPNGSize = 1200
)

// Server configures the tuner's handler. The zero value serves the default
// bundled ruleset with the default limits.
type Server struct {
	// Ruleset is the bundled ruleset the page opens with. Default
	// rulesets.DefaultName.
	Ruleset string
	// RulesetTOML, if not empty, is a ruleset the page opens with instead,
	// as if pasted; RulesetFile names it in messages and gives its default
	// name (default "pasted.toml"). The command reads it from --ruleset
	// FILE at start-up; requests never read files.
	RulesetTOML []byte
	RulesetFile string

	// Timeout caps each request's work: the request's context is given
	// this deadline. Default DefaultTimeout.
	Timeout time.Duration
	// MaxVertices caps build.max_vertices. Default DefaultMaxVertices.
	MaxVertices int
	// MaxIterations caps layout.max_iterations and relax.max_iterations.
	// Default DefaultMaxIterations.
	MaxIterations int
	// MaxMemory is the memory budget of the generations in bytes, the
	// live heap of the whole process as level.Options.MaxHeap reads it:
	// a request that finds the heap past it (after loading its ruleset,
	// or while it generates) gets 503. Default DefaultMaxMemory.
	MaxMemory uint64
	// RequestMemory is each request's own memory budget in bytes: what
	// the process's live heap may grow by while the request loads its
	// ruleset or generates (see request.go, heapBudget, for what this
	// approximates). Past it the request gets 503 and its generation
	// stops. Default DefaultRequestMemory.
	RequestMemory uint64
	// BodyTimeout is how long HTTPServer gives a request to arrive, body
	// included. Default DefaultBodyTimeout.
	BodyTimeout time.Duration
	// Hosts lists the Host header values the server answers (host:port,
	// or AnyHost); others get 421. Default: any loopback name (localhost,
	// 127.0.0.0/8, ::1) on any port. HostsFor gives the list for a
	// listener's address.
	Hosts []string
	// MaxBody caps a request body, in bytes; a larger one gets 413.
	// Default DefaultMaxBody.
	MaxBody int64
	// MaxConcurrent caps the generations and renders running at once;
	// more wait their turn (while their context lasts). Default
	// runtime.GOMAXPROCS(0).
	MaxConcurrent int
	// Log receives panics and internal errors. Default slog.Default().
	Log *slog.Logger
	// Clock times generations for the Server-Timing header (the command
	// passes time.Now); nil leaves the header out. No level depends on it.
	Clock func() time.Time
}

//go:embed static
var static embed.FS

// handler is a Server's http.Handler.
type handler struct {
	cfg  Server
	mux  *http.ServeMux
	root http.Handler // mux behind recoverer
	// sem holds a token per generation or render running.
	sem chan struct{}
	// running counts the work goroutines alive, abandoned ones included:
	// tests check that a cancelled generation stops.
	running atomic.Int64
}

// Handler returns the handler of the page and the API. Each call returns
// an independent handler; it is safe for concurrent use.
func (s Server) Handler() http.Handler {
	if s.Ruleset == "" {
		s.Ruleset = rulesets.DefaultName
	}
	if s.RulesetFile == "" {
		s.RulesetFile = "pasted.toml"
	}
	if s.Timeout <= 0 {
		s.Timeout = DefaultTimeout
	}
	if s.MaxVertices <= 0 {
		s.MaxVertices = DefaultMaxVertices
	}
	if s.MaxIterations <= 0 {
		s.MaxIterations = DefaultMaxIterations
	}
	if s.MaxBody <= 0 {
		s.MaxBody = DefaultMaxBody
	}
	if s.MaxMemory == 0 {
		s.MaxMemory = DefaultMaxMemory
	}
	if s.RequestMemory == 0 {
		s.RequestMemory = DefaultRequestMemory
	}
	if s.BodyTimeout <= 0 {
		s.BodyTimeout = DefaultBodyTimeout
	}
	if s.MaxConcurrent <= 0 {
		s.MaxConcurrent = runtime.GOMAXPROCS(0)
	}
	if s.Log == nil {
		s.Log = slog.Default()
	}
	h := &handler{cfg: s, mux: http.NewServeMux(), sem: make(chan struct{}, s.MaxConcurrent)}
	h.mux.HandleFunc("GET /{$}", h.page)
	h.mux.Handle("GET /static/", http.FileServerFS(static))
	allowed := map[string][]string{}
	var paths []string
	for _, r := range h.api() {
		h.mux.HandleFunc(r.pattern, r.handle)
		method, path, _ := strings.Cut(r.pattern, " ")
		if allowed[path] == nil {
			paths = append(paths, path)
		}
		allowed[path] = append(allowed[path], method)
	}
	// Another method on an API path gets the API's JSON error, not the
	// mux's plain-text 405.
	for _, path := range paths {
		allow := strings.Join(allowed[path], ", ")
		h.mux.HandleFunc(path, func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Allow", allow)
			writeError(w, errorf(http.StatusMethodNotAllowed, "%s %s: method not allowed; use %s", r.Method, path, allow))
		})
	}
	h.root = recoverer(s.Log, h.guard(h.mux))
	return h
}

// route is an endpoint of the API; docs/serve.md documents each.
type route struct {
	pattern string
	handle  http.HandlerFunc
}

func (h *handler) api() []route {
	return []route{
		{"GET /api/config", h.config},
		{"GET /api/rulesets", h.rulesets},
		{"POST /api/ruleset", h.ruleset},
		{"POST /api/generate", h.generate},
		{"POST /api/png", h.png},
		{"POST /api/text", h.text},
		{"POST /api/tmj", h.tmj},
		{"POST /api/steps", h.steps},
	}
}

func (h *handler) ServeHTTP(w http.ResponseWriter, r *http.Request) { h.root.ServeHTTP(w, r) }

// recoverer turns a panic in next into a logged 500, so that no input can
// take the server down.
func recoverer(log *slog.Logger, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			v := recover()
			if v == nil {
				return
			}
			if v == http.ErrAbortHandler {
				return // a handler aborting its response on purpose: nothing to report
			}
			log.Error("serve: panic", "method", r.Method, "path", r.URL.Path, "panic", fmt.Sprint(v), "stack", string(debug.Stack()))
			writeError(w, &apiError{status: http.StatusInternalServerError, Message: "serve: internal error; the server's log has the details"})
		}()
		w.Header().Set("X-Content-Type-Options", "nosniff")
		w.Header().Set("Content-Security-Policy", "default-src 'self'; img-src 'self' blob: data:; object-src 'none'; base-uri 'none'; frame-ancestors 'none'")
		next.ServeHTTP(w, r)
	})
}

// errPanic reports a panic in a work goroutine, which recoverer cannot see.
var errPanic = errors.New("serve: internal error; the server's log has the details")

// work runs f in a goroutine under h's concurrency cap and waits for it or
// for ctx. f gets ctx and should stop when it ends; work returns at once
// when ctx ends, leaving f to finish at its next check, and f's slot is
// freed only when f returns, so abandoned work still counts against the
// cap.
func (h *handler) work(ctx context.Context, f func(ctx context.Context) error) error {
	select {
	case h.sem <- struct{}{}:
	case <-ctx.Done():
		return fmt.Errorf("%w: %w", errQueued, ctx.Err())
	}
	done := make(chan error, 1)
	h.running.Add(1)
	go func() {
		defer func() {
			<-h.sem
			h.running.Add(-1)
		}()
		defer func() {
			if v := recover(); v != nil {
				h.cfg.Log.Error("serve: panic in generation", "panic", fmt.Sprint(v), "stack", string(debug.Stack()))
				done <- errPanic
			}
		}()
		done <- f(ctx)
	}()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
		return ctx.Err()
	}
}

// apiError is an error response: {"error": ..., "problems": [...]}.
type apiError struct {
	status int
	// Message is what the command line would print for the same input.
	Message string `json:"error"`
	// Problems are a ruleset's problems, each with its place.
	Problems []problem `json:"problems,omitempty"`
}

// problem is a rulesets.Error.
type problem struct {
	File     string `json:"file"`
	Line     int    `json:"line"`
	Col      int    `json:"col"`
	Path     string `json:"path"`
	Msg      string `json:"msg"`
	Override string `json:"override,omitempty"`
	// Source is the line of the file with a caret under the column, as
	// rulesets.Error.ErrorWithSource prints it.
	Source string `json:"source"`
}

func errorf(status int, format string, args ...any) *apiError {
	return &apiError{status: status, Message: fmt.Sprintf(format, args...)}
}

func writeError(w http.ResponseWriter, e *apiError) {
	w.Header().Set("Cache-Control", "no-store")
	writeJSON(w, e.status, e)
}

// writeJSON writes v as the command line writes its --json outputs:
// indented by two spaces, with a final newline.
func writeJSON(w http.ResponseWriter, status int, v any) {
	b, err := marshalIndent(v)
	if err != nil {
		status = http.StatusInternalServerError
		b = []byte(`{"error": "serve: internal error: encoding the response"}` + "\n")
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	w.Write(b)
}

func marshalIndent(v any) ([]byte, error) {
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(b, '\n'), nil
}

// CheckAddr reports whether addr, a host:port to listen on, may be served
// on: only a loopback address ("localhost", 127.0.0.0/8, ::1) unless
// public. An empty host listens on every interface and is not loopback.
func CheckAddr(addr string, public bool) error {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return fmt.Errorf("serve: address %q: want host:port, such as 127.0.0.1:8080", addr)
	}
	if public || isLoopback(host) {
		return nil
	}
	return &NotLoopbackError{Addr: addr, Host: host}
}

// NotLoopbackError is CheckAddr's error for an address that is not
// loopback when public is false.
type NotLoopbackError struct {
	// Addr is the address as given; Host its host part, empty when Addr
	// names none.
	Addr, Host string
}

func (e *NotLoopbackError) Error() string {
	what := fmt.Sprintf("%q is not a loopback address", e.Host)
	if e.Host == "" {
		what = "an empty host listens on every interface"
	}
	return fmt.Sprintf("serve: address %s: %s; the tuner has no authentication, so it listens on loopback only unless it is made public", e.Addr, what)
}

func isLoopback(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}
