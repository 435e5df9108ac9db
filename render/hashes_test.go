package render

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/dungraph/dungraph/internal/golden"
	"github.com/dungraph/dungraph/levelfile"
)

// hashesFile holds, for each bundled ruleset and seeds 1 to 20, the
// sha256 of the level's content (its JSON without the generator block) and
// of its text level. `make test-cross` runs TestGoldenHashes on arm64 under
// qemu and on amd64 with GOAMD64=v3 (fused multiply-add): the same file
// must hold everywhere.
const hashesFile = "testdata/hashes.txt"

// levelHashes returns the hash lines of one level: "ruleset seed json
// text", with "-" for a text level the raster refuses.
func levelHashes(t *testing.T, c goldenCase) string {
	g := generate(c)
	if g.err != nil {
		return fmt.Sprintf("%s %d failed %x", c.ruleset, c.seed, sha256.Sum256([]byte(g.err.Error())))
	}
	d, err := g.lv.Document()
	if err != nil {
		t.Fatal(err)
	}
	d.Generator = levelfile.Provenance{}
	js, err := d.JSON()
	if err != nil {
		t.Fatal(err)
	}
	text := "-"
	var ent, vars bytes.Buffer
	if err := (Raster{}).WriteText(&ent, &vars, d); err == nil {
		sum := sha256.Sum256(append(ent.Bytes(), vars.Bytes()...))
		text = hex.EncodeToString(sum[:])
	}
	sum := sha256.Sum256(js)
	return fmt.Sprintf("%s %d %s %s", c.ruleset, c.seed, hex.EncodeToString(sum[:]), text)
}

func TestGoldenHashes(t *testing.T) {
	seeds, caves := uint64(20), uint64(5) // caves: the slow one, under qemu above all
	if testing.Short() {
		seeds, caves = 1, 1
	}
	var got []string
	for _, c := range sweep(t, seeds, caves) {
		got = append(got, levelHashes(t, c))
	}
	if *golden.Update && !testing.Short() {
		out := "# ruleset seed sha256(level JSON without \"generator\") sha256(text level + variations, or - when it does not rasterise)\n" + strings.Join(got, "\n") + "\n"
		if err := os.WriteFile(hashesFile, []byte(out), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	f, err := os.Open(hashesFile)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	want := map[string]string{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		l := sc.Text()
		if strings.HasPrefix(l, "#") || l == "" {
			continue
		}
		fields := strings.Fields(l)
		want[fields[0]+" "+fields[1]] = l
	}
	for _, g := range got {
		fields := strings.Fields(g)
		key := fields[0] + " " + fields[1]
		if w, ok := want[key]; !ok {
			t.Errorf("%s: no golden hash (run go test ./render -run TestGoldenHashes -update)", key)
		} else if w != g {
			t.Errorf("%s: hashes differ on this platform:\n got %s\nwant %s", key, g, w)
		}
	}
}
