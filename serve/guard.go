package serve

import (
	"log/slog"
	"mime"
	"net"
	"net/http"
	"net/url"
	"strings"
	"time"
)

// The tuner has no authentication, and a browser lets any page it shows
// send requests to a loopback address. guard refuses the three ways such a
// page could use a running tuner (docs/serve.md, "Threat model"):
//
//   - a request whose Host is not an address the server listens on: a
//     DNS-rebinding page, whose own host name resolves to 127.0.0.1, could
//     otherwise read the answers;
//   - a request whose Origin is another site: a page's fetch or form;
//   - an API POST that is not application/json: text/plain and form
//     bodies are the "simple" requests a browser sends cross-site without
//     asking first, while application/json from another origin needs a
//     CORS preflight that the tuner never grants.
func (h *handler) guard(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !h.hostAllowed(r.Host) {
			writeError(w, errorf(http.StatusMisdirectedRequest, "serve: Host %q is not an address this tuner listens on; it answers only requests for its own address, so that a web page cannot reach it by DNS rebinding", r.Host))
			return
		}
		if o := r.Header.Get("Origin"); o != "" && !sameOrigin(o, r.Host) {
			writeError(w, errorf(http.StatusForbidden, "serve: Origin %q is not this tuner's page: cross-site requests are refused", o))
			return
		}
		if r.Method == http.MethodPost && strings.HasPrefix(r.URL.Path, "/api/") {
			mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
			if err != nil || mt != "application/json" {
				writeError(w, errorf(http.StatusUnsupportedMediaType, "serve: Content-Type %q: the API takes application/json only", r.Header.Get("Content-Type")))
				return
			}
		}
		next.ServeHTTP(w, r)
	})
}

// hostAllowed reports whether host, a request's Host, names this server:
// one of Server.Hosts, or with none set a loopback name (localhost,
// 127.0.0.0/8, ::1) on any port.
func (h *handler) hostAllowed(host string) bool {
	if len(h.cfg.Hosts) == 0 {
		name := host
		if n, _, err := net.SplitHostPort(host); err == nil {
			name = n
		}
		return isLoopback(strings.TrimSuffix(strings.TrimPrefix(name, "["), "]"))
	}
	for _, a := range h.cfg.Hosts {
		if a == AnyHost || strings.EqualFold(a, host) {
			return true
		}
	}
	return false
}

// AnyHost in Server.Hosts accepts every Host: for a public server bound to
// every interface, whose names it cannot know. The Origin and Content-Type
// checks still apply.
const AnyHost = "*"

// sameOrigin reports whether origin (an Origin header) is the page of
// host: http or https, and the same host and port.
func sameOrigin(origin, host string) bool {
	u, err := url.Parse(origin)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") {
		return false
	}
	return strings.EqualFold(u.Host, host)
}

// HostsFor returns the Host values a server listening on addr (a
// listener's address, host:port) answers: for a loopback address the
// loopback names on its port, for an address of every interface
// (0.0.0.0, ::) AnyHost, and otherwise addr itself.
func HostsFor(addr string) []string {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return []string{addr}
	}
	ip := net.ParseIP(host)
	switch {
	case isLoopback(host):
		return []string{net.JoinHostPort("localhost", port), net.JoinHostPort("127.0.0.1", port), net.JoinHostPort("::1", port), net.JoinHostPort(host, port)}
	case host == "" || ip != nil && ip.IsUnspecified():
		return []string{AnyHost}
	}
	return []string{addr}
}

// HTTPServer returns an http.Server for the handler with the timeouts the
// tuner needs: a request's header must arrive within 10 seconds and its
// whole body within BodyTimeout, so that a client sending a byte a second
// cannot hold a connection; an answer may take the request's Timeout and
// 30 seconds more to send. The server's own errors go to Log.
func (s Server) HTTPServer() *http.Server {
	h := s.Handler().(*handler)
	return &http.Server{
		Handler:           h,
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       h.cfg.BodyTimeout,
		WriteTimeout:      h.cfg.BodyTimeout + h.cfg.Timeout + 30*time.Second,
		IdleTimeout:       2 * time.Minute,
		ErrorLog:          slog.NewLogLogger(h.cfg.Log.Handler(), slog.LevelWarn),
	}
}
