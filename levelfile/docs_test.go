package levelfile

import (
	"os"
	"reflect"
	"strings"
	"testing"
)

// TestFormatDocMentionsEveryKey fails when a key of the format is missing
// from docs/level-format.md.
func TestFormatDocMentionsEveryKey(t *testing.T) {
	b, err := os.ReadFile("../docs/level-format.md")
	if err != nil {
		t.Fatal(err)
	}
	doc := string(b)
	seen := map[reflect.Type]bool{}
	var walk func(typ reflect.Type, path string)
	walk = func(typ reflect.Type, path string) {
		switch typ.Kind() {
		case reflect.Pointer, reflect.Slice, reflect.Map:
			walk(typ.Elem(), path)
		case reflect.Struct:
			if seen[typ] {
				return
			}
			seen[typ] = true
			for i := range typ.NumField() {
				name, _, _ := strings.Cut(typ.Field(i).Tag.Get("json"), ",")
				p := member(path, name)
				if !strings.Contains(doc, "`"+name+"`") {
					t.Errorf("docs/level-format.md does not mention `%s` (%s)", name, p)
				}
				walk(typ.Field(i).Type, p)
			}
		}
	}
	walk(reflect.TypeFor[Document](), "")
}
