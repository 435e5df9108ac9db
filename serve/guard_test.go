package serve

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/dungraph/dungraph/level"
)

// Requests a web page on another site can make are refused before any work;
// the page's own requests pass.
func TestCrossSite(t *testing.T) {
	h := quiet().Handler()
	body := `{"ruleset": "tree", "seed": 1, "set": {"build.max_vertices": 8}}`
	tests := []struct {
		name   string
		host   string
		header map[string]string
		want   int
		reason string
	}{
		{"page", "127.0.0.1:8080", map[string]string{"Origin": "http://127.0.0.1:8080"}, http.StatusOK, "the tuner's own page"},
		{"no origin", "localhost:8080", nil, http.StatusOK, "curl and the command line send no Origin"},
		{"ipv6", "[::1]:8080", map[string]string{"Origin": "http://[::1]:8080"}, http.StatusOK, "loopback by IPv6"},
		{"rebinding", "evil.example:8080", nil, http.StatusMisdirectedRequest, "DNS rebinding: the attacker's name resolves to 127.0.0.1"},
		{"foreign origin", "127.0.0.1:8080", map[string]string{"Origin": "https://evil.example"}, http.StatusForbidden, "a cross-site fetch"},
		{"null origin", "127.0.0.1:8080", map[string]string{"Origin": "null"}, http.StatusForbidden, "a sandboxed frame"},
		{"other port", "127.0.0.1:8080", map[string]string{"Origin": "http://127.0.0.1:9999"}, http.StatusForbidden, "another local server's page"},
		{"text/plain", "127.0.0.1:8080", map[string]string{"Content-Type": "text/plain"}, http.StatusUnsupportedMediaType, "a simple request needs no preflight"},
		{"form", "127.0.0.1:8080", map[string]string{"Content-Type": "application/x-www-form-urlencoded"}, http.StatusUnsupportedMediaType, "an HTML form"},
		{"no type", "127.0.0.1:8080", map[string]string{"Content-Type": ""}, http.StatusUnsupportedMediaType, "a body without a type"},
		{"json charset", "127.0.0.1:8080", map[string]string{"Content-Type": "application/json; charset=utf-8"}, http.StatusOK, "parameters are allowed"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := newRequest(context.Background(), "POST", "/api/generate", body)
			req.Host = tt.host
			for k, v := range tt.header {
				req.Header.Set(k, v)
			}
			w := &recorder{header: http.Header{}}
			h.ServeHTTP(w, req)
			if w.code != tt.want {
				t.Fatalf("status %d, want %d (%s): %s", w.code, tt.want, tt.reason, w.body.String())
			}
		})
	}
	// The page itself is guarded too.
	req := newRequest(context.Background(), "GET", "/", "")
	req.Host = "evil.example"
	w := &recorder{header: http.Header{}}
	h.ServeHTTP(w, req)
	if w.code != http.StatusMisdirectedRequest {
		t.Errorf("GET / with Host evil.example: status %d", w.code)
	}
}

// recorder is a minimal ResponseWriter (httptest's would do, but this keeps
// the status of a handler that never writes one visible as 0).
type recorder struct {
	header http.Header
	code   int
	body   strings.Builder
}

func (r *recorder) Header() http.Header { return r.header }
func (r *recorder) WriteHeader(c int) {
	if r.code == 0 {
		r.code = c
	}
}
func (r *recorder) Write(b []byte) (int, error) {
	if r.code == 0 {
		r.code = http.StatusOK
	}
	return r.body.Write(b)
}

func TestHostsFor(t *testing.T) {
	tests := []struct {
		addr string
		host string
		want bool
	}{
		{"127.0.0.1:8080", "localhost:8080", true},
		{"127.0.0.1:8080", "127.0.0.1:8080", true},
		{"127.0.0.1:8080", "127.0.0.1:8081", false},
		{"127.0.0.1:8080", "evil.example:8080", false},
		{"192.168.1.5:80", "192.168.1.5:80", true},
		{"192.168.1.5:80", "evil.example:80", false},
		{"0.0.0.0:80", "anything:80", true},
	}
	for _, tt := range tests {
		h := Server{Hosts: HostsFor(tt.addr)}.Handler().(*handler)
		if got := h.hostAllowed(tt.host); got != tt.want {
			t.Errorf("bound to %s, Host %s: allowed %v, want %v", tt.addr, tt.host, got, tt.want)
		}
	}
}

// A body that trickles in is cut off at BodyTimeout rather than holding
// its connection open.
func TestSlowBody(t *testing.T) {
	s := quiet()
	s.BodyTimeout = 300 * time.Millisecond
	srv := s.HTTPServer()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Skipf("cannot listen on loopback: %v", err)
	}
	go srv.Serve(ln)
	defer srv.Close()
	conn, err := net.Dial("tcp", ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	head := "POST /api/generate HTTP/1.1\r\nHost: " + ln.Addr().String() + "\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"
	if _, err := io.WriteString(conn, head); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	done := make(chan error, 1)
	go func() {
		// One byte every 50 ms: the body would take 50 s.
		for range 1000 {
			time.Sleep(50 * time.Millisecond)
			if _, err := io.WriteString(conn, " "); err != nil {
				done <- err
				return
			}
		}
		done <- nil
	}()
	conn.SetReadDeadline(time.Now().Add(10 * time.Second))
	reply, _ := io.ReadAll(conn)
	took := time.Since(start)
	if took > 5*time.Second {
		t.Fatalf("the slow body held the connection %v with a 300ms body timeout", took)
	}
	if strings.Contains(string(reply), "200 OK") {
		t.Fatalf("the slow request was answered 200: %s", reply)
	}
	t.Logf("connection closed after %v: %.60q", took.Round(time.Millisecond), reply)
}

// hostile reads a ruleset of level/testdata/hostile as a generate request.
func hostile(t *testing.T, name string) string {
	t.Helper()
	src, err := os.ReadFile("../level/testdata/hostile/" + name)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := json.Marshal(map[string]any{"ruleset_toml": string(src), "seed": 1})
	return string(body)
}

// The process's budget: a ruleset whose 40 rules list 806,400 matches
// (173 MB peak from the command line) finds a budget 16 MiB above the heap
// spent, gets 503 naming the server's budget, and its generation stops.
func TestMemoryBudget(t *testing.T) {
	s := quiet()
	s.MaxMemory = level.HeapBytes() + 16<<20
	s.Timeout = time.Minute // the race detector slows the search tenfold
	h := s.Handler()
	w := call(t, h, "POST", "/api/generate", hostile(t, "fans.toml"))
	if w.Code != http.StatusServiceUnavailable {
		t.Fatalf("status %d, want 503: %s", w.Code, w.Body)
	}
	if e := errorOf(t, w); !strings.Contains(e.Message, "server's memory budget") || strings.Contains(e.Message, "--") {
		t.Errorf("message %q", e.Message)
	}
	if !stopped(h, 2*time.Second) {
		t.Error("the generation still runs 2s after its answer")
	}
}

// One request's budget: the same hostile ruleset, with a request budget
// of 32 MiB, stops at it (503 naming the request's budget), while small
// requests sent beside it, one after another as long as it runs, all
// get their levels.
func TestRequestMemory(t *testing.T) {
	s := quiet()
	s.RequestMemory = 32 << 20
	s.MaxConcurrent = 2
	s.Timeout = time.Minute
	h := s.Handler()
	done := make(chan *httptest.ResponseRecorder)
	go func() {
		w := httptest.NewRecorder()
		h.ServeHTTP(w, newRequest(context.Background(), "POST", "/api/generate", hostile(t, "fans.toml")))
		done <- w
	}()
	beside := 0
	for seed := 1; ; seed++ {
		select {
		case w := <-done:
			if w.Code != http.StatusServiceUnavailable {
				t.Fatalf("the hostile request: status %d, want 503: %.300s", w.Code, w.Body)
			}
			if e := errorOf(t, w); !strings.Contains(e.Message, "request's memory budget of 32 MiB") || strings.Contains(e.Message, "--") {
				t.Errorf("message %q", e.Message)
			}
			if beside == 0 {
				t.Error("no request ran beside the hostile one")
			}
			t.Logf("%d requests answered beside the hostile one", beside)
			return
		default:
		}
		w := call(t, h, "POST", "/api/generate", fmt.Sprintf(`{"ruleset": "tree", "seed": %d}`, seed))
		if w.Code != http.StatusOK {
			t.Fatalf("a request beside the hostile one: status %d: %.300s", w.Code, w.Body)
		}
		beside++
	}
}

// Rulesets load inside the concurrency limit: with the only slot taken,
// a load waits for it (here until its own deadline), and runs once it is
// free.
func TestLoadWaitsForSlot(t *testing.T) {
	s := quiet()
	s.MaxConcurrent = 1
	h := s.Handler()
	h.(*handler).sem <- struct{}{} // a generation holds the slot
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	w := httptest.NewRecorder()
	h.ServeHTTP(w, newRequest(ctx, "POST", "/api/ruleset", `{"ruleset": "tree"}`))
	if w.Code != http.StatusServiceUnavailable {
		t.Errorf("a load while the only slot is taken: status %d, want 503: %.200s", w.Code, w.Body)
	} else if e := errorOf(t, w); !strings.Contains(e.Message, "for a free work slot") || !strings.Contains(e.Message, "before loading the ruleset") {
		t.Errorf("message %q, want it to say the request waited for a work slot", e.Message)
	}
	<-h.(*handler).sem
	if w := call(t, h, "POST", "/api/ruleset", `{"ruleset": "tree"}`); w.Code != http.StatusOK {
		t.Errorf("a load with the slot free: status %d", w.Code)
	}
}
