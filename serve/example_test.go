package serve_test

import (
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"strings"

	"github.com/dungraph/dungraph/serve"
)

// A Server's handler answers the tuner's API; here the bundled rulesets and
// a level, without a network.
func ExampleServer_Handler() {
	h := serve.Server{}.Handler()

	w := httptest.NewRecorder()
	// The handler answers requests for a loopback address only.
	req := httptest.NewRequest("GET", "http://127.0.0.1:8080/api/rulesets", nil)
	h.ServeHTTP(w, req)
	var list []struct{ Name string }
	json.Unmarshal(w.Body.Bytes(), &list)
	var names []string
	for _, r := range list {
		names = append(names, r.Name)
	}
	fmt.Println(strings.Join(names, " "))

	body := `{"ruleset": "tree", "seed": 7, "set": {"build.max_vertices": 12}}`
	w = httptest.NewRecorder()
	req = httptest.NewRequest("POST", "http://127.0.0.1:8080/api/generate", strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	h.ServeHTTP(w, req)
	var lv struct {
		Ruleset struct{ Overrides []string }
		Metrics struct{ Rooms int }
	}
	json.Unmarshal(w.Body.Bytes(), &lv)
	fmt.Println(w.Code, lv.Ruleset.Overrides, lv.Metrics.Rooms, "rooms")
	// Output:
	// catacomb caves cycles default dungeon quads tree
	// 200 [build.max_vertices=12] 12 rooms
}
