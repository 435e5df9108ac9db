package grammar

import (
	"context"
	"errors"
	"math"
	"reflect"
	"testing"

	"github.com/dungraph/dungraph/internal/ctxtest"
)

// CompileContext looks at its context before each rule and between the
// stages of one; the first look that finds it done ends the compile with
// an error wrapping the context's, and no later stage looks again. A live
// context changes nothing.
func TestCompileContext(t *testing.T) {
	def := demoDefinition()
	want, err := Compile(def)
	if err != nil {
		t.Fatal(err)
	}
	live := ctxtest.New(math.MaxInt, context.DeadlineExceeded)
	got, err := CompileContext(live, def)
	if err != nil || !reflect.DeepEqual(got, want) {
		t.Fatalf("a live context changed the compile: %v", err)
	}
	polls := live.Calls
	// Each rule: before it, before its connectivity, once per side and
	// per side's check, after the checks, before keepsPlanar.
	if min := 7 * len(def.Rules); polls < min {
		t.Fatalf("the compile of %d rules looked at its context %d times, want at least %d", len(def.Rules), polls, min)
	}
	for n := 1; n <= polls; n++ {
		ctx := ctxtest.New(n, context.DeadlineExceeded)
		g, err := CompileContext(ctx, def)
		if !errors.Is(err, context.DeadlineExceeded) || g != nil {
			t.Fatalf("done at look %d of %d: got %v, %v", n, polls, g, err)
		}
		var ps Problems
		if errors.As(err, &ps) {
			t.Errorf("done at look %d of %d: the stopped compile reported problems: %v", n, polls, err)
		}
		if ctx.Calls != n {
			t.Errorf("done at look %d of %d, the compile went on to look %d times", n, polls, ctx.Calls)
		}
	}
}
