package serve

import (
	"encoding/json"
	"log/slog"
	"net/http"
	"strings"
	"testing"
	"time"

	hostilegen "github.com/dungraph/dungraph/internal/hostile"
)

// The request's time budget covers loading its ruleset: a ruleset of
// 20,000 rooms (2.3 MB, far more than 50 ms of parsing) gets 503 naming
// the budget, and its load stops at its next look at the request's
// context, freeing its work slot, rather than running to its end.
func TestTimeoutWhileLoading(t *testing.T) {
	h := Server{Timeout: 50 * time.Millisecond, MaxBody: 8 << 20, Log: slog.New(slog.DiscardHandler)}.Handler()
	body, err := json.Marshal(map[string]any{"ruleset_toml": hostilegen.Grid(20000), "ruleset_file": "grid.toml", "seed": 1})
	if err != nil {
		t.Fatal(err)
	}
	w := call(t, h, "POST", "/api/generate", string(body))
	if w.Code != http.StatusServiceUnavailable {
		t.Fatalf("status %d, want 503: %.300s", w.Code, w.Body)
	}
	if e := errorOf(t, w); !strings.Contains(e.Message, "longer than 50ms, the server's time budget") || !strings.Contains(e.Message, "while loading the ruleset; try a smaller ruleset") {
		t.Errorf("message %q", e.Message)
	}
	if !stopped(h, 2*time.Second) {
		t.Error("the load still runs 2s after the budget ran out")
	}
}
