package rulesets

import (
	"os"
	"strings"
	"testing"
)

func BenchmarkLoadBundled(b *testing.B) {
	src := mustReadB(b, "bundled/"+DefaultName+".toml")
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		if _, err := Load("dungeon.toml", src); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkLoadBroken measures a file with a problem in every rule, the
// slow path: every problem is placed and rendered.
func BenchmarkLoadBroken(b *testing.B) {
	src := mustReadB(b, "bundled/"+DefaultName+".toml")
	src = []byte(strings.ReplaceAll(string(src), `tag = "-"`, `tag = "!x"`))
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		if _, err := Load("dungeon.toml", src); err == nil {
			b.Fatal("no problems")
		}
	}
}

func mustReadB(b *testing.B, name string) []byte {
	b.Helper()
	src, err := os.ReadFile(name)
	if err != nil {
		b.Fatal(err)
	}
	return src
}
