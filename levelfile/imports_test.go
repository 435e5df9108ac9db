package levelfile

import (
	"go/parser"
	gotoken "go/token"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestImports: the level file imports only the leaves of the project it
// needs (params, roomshape, route, internal/srcpos), never the generator
// or what draws or exports levels.
func TestImports(t *testing.T) {
	allowed := []string{"internal/srcpos", "params", "roomshape", "route"}
	const project = "github.com/dungraph/dungraph/"
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	seen := 0
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		ast, err := parser.ParseFile(gotoken.NewFileSet(), f, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, im := range ast.Imports {
			path, _ := strconv.Unquote(im.Path.Value)
			if own, ok := strings.CutPrefix(path, project); ok {
				seen++
				if !slices.Contains(allowed, own) {
					t.Errorf("%s imports %s: the level file depends only on %v of the project", f, own, allowed)
				}
			}
		}
	}
	if seen == 0 {
		t.Fatal("no import of the project found: the test reads nothing")
	}
}
