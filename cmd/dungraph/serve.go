package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"time"

	"github.com/spf13/cobra"

	"github.com/dungraph/dungraph/rulesets"
	"github.com/dungraph/dungraph/serve"
)

func (a *app) serveCmd() *cobra.Command {
	var (
		addr    string
		ruleset string
		public  bool
		mib     mebibytes
		reqMiB  mebibytes
		s       serve.Server
	)
	cmd := &cobra.Command{
		Use:   "serve",
		Short: "Serve the parameter tuner: a page to tune a ruleset and watch its levels",
		Long: `Serve serves the tuner on --addr: one page, in the binary, with a control for
every ruleset parameter, the level drawn as it regenerates, the build played
rule by rule, its metrics, and downloads of the level as PNG and JSON. Open
the printed address in a browser; docs/serve.md documents the page and its
JSON API.

--ruleset picks the ruleset the page opens with: a bundled NAME, or a FILE
read once now (the server reads no other file). The page can switch to any
bundled ruleset or to pasted TOML.

The tuner has no authentication: it listens on loopback only unless --public
is given, answers only requests addressed to its own address (Host), refuses
requests from other sites' pages (Origin) and takes only application/json on
its API. Each request is limited in time (--timeout), level size
(--max-vertices), layout iterations (--max-iterations), body size
(--max-body) and the time its body takes to arrive (30 s); generations share
the memory budget (--max-memory). Ctrl-C stops the server.`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := serve.CheckAddr(addr, public); err != nil {
				return cmdLinef("--addr: %w", err)
			}
			if isFile(ruleset) {
				rs, err := rulesets.LoadFile(ruleset)
				if err != nil {
					return a.loadErr(err)
				}
				s.RulesetTOML, s.RulesetFile = rs.Source, ruleset
			} else {
				if _, err := rulesets.Bundled(ruleset); err != nil {
					return a.loadErr(err)
				}
				s.Ruleset = ruleset
			}
			s.Log = slog.New(slog.NewTextHandler(a.stderr, nil))
			s.Clock = time.Now
			s.MaxMemory = mib.bytes()
			if mib == 0 {
				s.MaxMemory = 1<<64 - 1
			}
			s.RequestMemory = reqMiB.bytes()
			if reqMiB == 0 {
				s.RequestMemory = 1<<64 - 1
			}
			ln, err := net.Listen("tcp", addr)
			if addrInUse(err) {
				return failed(fmt.Errorf("%w\nanother program (another dungraph serve?) listens on %s: choose another port with --addr, or port 0 for a free one (--addr 127.0.0.1:0)", err, addr))
			}
			if err != nil {
				return failed(err)
			}
			s.Hosts = serve.HostsFor(ln.Addr().String())
			srv := s.HTTPServer()
			a.infof("dungraph serve: http://%s/ (Ctrl-C stops)", ln.Addr())
			return a.serveUntil(cmd.Context(), srv, ln)
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&addr, "addr", "127.0.0.1:8080", "the `host:port` to listen on; a loopback address unless --public")
	fl.StringVarP(&ruleset, "ruleset", "r", rulesets.DefaultName, "the ruleset the page opens with: a bundled `NAME`, or a ruleset FILE")
	fl.BoolVar(&public, "public", false, "allow an --addr that is not loopback: anyone who reaches it can use the tuner")
	fl.DurationVar(&s.Timeout, "timeout", serve.DefaultTimeout, "the longest a request may work")
	fl.IntVar(&s.MaxVertices, "max-vertices", serve.DefaultMaxVertices, "the largest build.max_vertices a request may set")
	fl.IntVar(&s.MaxIterations, "max-iterations", serve.DefaultMaxIterations, "the largest layout.max_iterations and relax.max_iterations a request may set")
	fl.Int64Var(&s.MaxBody, "max-body", serve.DefaultMaxBody, "the largest request body, in `bytes`")
	memoryFlag(fl, &mib)
	reqMiB = serve.DefaultRequestMemory >> 20
	fl.Var(&reqMiB, "request-memory", "each request's memory budget in `MiB`, what the heap may grow by while it works (0: none); past it the request gets 503")
	cmd.RegisterFlagCompletionFunc("ruleset", func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		return bundledNames(), cobra.ShellCompDirectiveDefault
	})
	return cmd
}

// serveUntil serves on ln until ctx ends, then lets the requests in flight
// finish for a few seconds.
func (a *app) serveUntil(ctx context.Context, srv *http.Server, ln net.Listener) error {
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return failed(err)
	case <-ctx.Done():
	}
	shutdown, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := srv.Shutdown(shutdown); err != nil {
		srv.Close()
	}
	if err := <-errc; err != nil && !errors.Is(err, http.ErrServerClosed) {
		return failed(fmt.Errorf("serve: %w", err))
	}
	a.infof("dungraph serve: stopped")
	return nil
}
