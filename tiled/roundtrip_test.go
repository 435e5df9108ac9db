package tiled

import (
	"bytes"
	"cmp"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/dungraph/dungraph/gridmap"
)

// shape is an object as a reader of either format sees it: absolute pixel
// coordinates, its polygon's corners or its rectangle, its properties as
// "name:type=value".
type shape struct {
	Type, Name string
	X, Y, W, H float64
	Point      bool
	Polygon    []string
	Props      []string
}

// decoded is a map as a reader of either format sees it.
type decoded struct {
	W, H, Tile int
	// Layout is the orientation, the tile height, the hexagons' side
	// and stagger.
	Layout  string
	Kinds   []string
	Props   []string
	Objects []shape
}

// wantOf describes what the files of m must hold, from the Map itself and
// the documented encoding (docs/exports.md), independently of build.
func wantOf(m *gridmap.Map, ts int) decoded {
	f := func(c int) float64 { return float64(c * ts) }
	num := func(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }
	// Cell (x, y)'s tile: its top-left corner and size.
	tw, th, side, rowH, shift := ts, ts, 0, ts, 0
	layout := fmt.Sprintf("orthogonal %d 0  ", th)
	if m.Hex {
		// docs/exports.md: w is N rounded up to even, h the even number
		// nearest 2w/√3 (the largest 2k with 3(2k-1)² ≤ 4w²), s half of
		// h rounded down to even.
		tw = max(2, ts+ts%2)
		k := 1
		for 3*(2*k+1)*(2*k+1) <= 4*tw*tw {
			k++
		}
		th = 2 * k
		side = th / 2 / 2 * 2
		rowH, shift = (th+side)/2, tw/2
		layout = fmt.Sprintf("hexagonal %d %d y odd", th, side)
	}
	at := func(p gridmap.Point) (float64, float64) {
		return float64(p.X*tw + p.Y%2*shift), float64(p.Y * rowH)
	}
	mid := func(p gridmap.Point) (float64, float64) {
		x, y := at(p)
		return x + float64(tw)/2, y + float64(th)/2
	}
	d := decoded{W: m.W, H: m.H, Tile: tw, Layout: layout, Props: []string{
		"cell_size:float=" + num(m.CellSize), "origin_x:float=" + num(m.OriginX), "origin_y:float=" + num(m.OriginY),
		"scale_x:float=" + num(m.ScaleX), "scale_y:float=" + num(m.ScaleY), fmt.Sprintf("corridor_width:int=%d", m.CorridorWidth)}}
	for i, k := range m.Cells {
		kind := k.String()
		if k == gridmap.CellFloor && len(m.Owner) == len(m.Cells) && m.Owner[i] >= 0 {
			kind += "/" + m.Rooms[m.Owner[i]].Tag
		}
		d.Kinds = append(d.Kinds, kind)
	}
	for _, r := range m.Rooms {
		s := shape{Type: "room", Name: cmp.Or(r.Label, r.Tag), Props: []string{
			fmt.Sprintf("id:int=%d", r.ID), "tag:string=" + r.Tag, "label:string=" + r.Label, "shape:string=" + r.Shape,
			fmt.Sprintf("depth:int=%d", r.Depth), fmt.Sprintf("on_critical_path:bool=%v", r.OnCriticalPath)}}
		out := r.Outline
		if len(out) < 3 {
			b := r.Bounds
			out = []gridmap.Point{{X: b.X, Y: b.Y}, {X: b.X + b.W, Y: b.Y}, {X: b.X + b.W, Y: b.Y + b.H}, {X: b.X, Y: b.Y + b.H}}
		}
		if m.Hex {
			// Hexagonal outlines follow the cells (TestHexOutlines);
			// the round trip leaves them and the islands out.
			d.Objects = append(d.Objects, s)
			continue
		}
		for _, p := range out {
			s.Polygon = append(s.Polygon, fmt.Sprintf("%s,%s", num(f(p.X)), num(f(p.Y))))
		}
		d.Objects = append(d.Objects, s)
		for _, h := range r.Holes {
			w := shape{Type: "wall", Name: "wall", Props: []string{fmt.Sprintf("room:int=%d", r.ID)}}
			for _, p := range h {
				w.Polygon = append(w.Polygon, fmt.Sprintf("%s,%s", num(f(p.X)), num(f(p.Y))))
			}
			d.Objects = append(d.Objects, w)
		}
	}
	for _, door := range m.Doors {
		c := m.Corridors[door.Corridor]
		to := c.A + c.B - door.Room
		x, y := at(door.At)
		d.Objects = append(d.Objects, shape{Type: "door", Name: "door", X: x, Y: y, W: float64(tw), H: float64(th),
			Props: []string{fmt.Sprintf("room:int=%d", door.Room), fmt.Sprintf("to:int=%d", to), fmt.Sprintf("corridor:int=%d", door.Corridor)}})
	}
	ex, ey := mid(m.Entrance)
	gx, gy := mid(m.Goal)
	d.Objects = append(d.Objects,
		shape{Type: "spawn", Name: "spawn", X: ex, Y: ey, Point: true},
		shape{Type: "goal", Name: "goal", X: gx, Y: gy, Point: true})
	for _, r := range m.Rooms {
		if r.Entity != "" {
			ax, ay := mid(r.At)
			d.Objects = append(d.Objects, shape{Type: "entity", Name: r.Entity, X: ax, Y: ay, Point: true,
				Props: []string{"entity:string=" + r.Entity, fmt.Sprintf("room:int=%d", r.ID)}})
		}
	}
	return d
}

// tileKinds reads the tileset's "kind" and "tag" properties: by global
// id, the kind, or kind/tag for a tile with a tag.
func tileKinds(ids []int, props [][]string, firstgid int) map[int]string {
	out := map[int]string{}
	for i, id := range ids {
		var kind, tag string
		for _, p := range props[i] {
			// A tile with a tag property is a room floor's, even if
			// the tag is "".
			if v, ok := strings.CutPrefix(p, "kind:string="); ok {
				kind = v
			}
			if v, ok := strings.CutPrefix(p, "tag:string="); ok {
				tag = "/" + v
			}
		}
		out[firstgid+id] = kind + tag
	}
	return out
}

func xmlPropList(ps *xmlProperties) []string {
	if ps == nil {
		return nil
	}
	var out []string
	for _, p := range ps.Property {
		typ := p.Type
		if typ == "" {
			typ = "string"
		}
		out = append(out, p.Name+":"+typ+"="+p.Value)
	}
	return out
}

// decodeTMX reads a TMX map and its TSX tileset with encoding/xml.
func decodeTMX(t *testing.T, tmx, tsx []byte) decoded {
	t.Helper()
	var m xmlMap
	var ts xmlTileset
	if err := xml.Unmarshal(tmx, &m); err != nil {
		t.Fatalf("TMX: %v", err)
	}
	if err := xml.Unmarshal(tsx, &ts); err != nil {
		t.Fatalf("TSX: %v", err)
	}
	var ids []int
	var props [][]string
	for _, tile := range ts.Tiles {
		ids = append(ids, tile.ID)
		props = append(props, xmlPropList(&tile.Properties))
	}
	kinds := tileKinds(ids, props, m.Tileset.FirstGID)
	d := decoded{W: m.Width, H: m.Height, Tile: m.TileWidth, Props: xmlPropList(m.Properties),
		Layout: fmt.Sprintf("%s %d %d %s %s", m.Orientation, m.TileHeight, m.HexSideLength, m.StaggerAxis, m.StaggerIndex)}
	if m.Layer.Data.Encoding != "csv" {
		t.Fatalf("TMX: data encoding %q", m.Layer.Data.Encoding)
	}
	for _, f := range strings.Split(strings.TrimSpace(m.Layer.Data.CSV), ",") {
		gid, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil {
			t.Fatalf("TMX: %v", err)
		}
		d.Kinds = append(d.Kinds, kinds[gid])
	}
	for _, o := range m.ObjectGroup.Objects {
		s := shape{Type: o.Type, Name: o.Name, X: o.X, Y: o.Y, W: o.Width, H: o.Height, Point: o.Point != nil, Props: xmlPropList(o.Properties)}
		if o.Polygon != nil {
			for _, p := range strings.Fields(o.Polygon.Points) {
				x, y, _ := strings.Cut(p, ",")
				px, err1 := strconv.ParseFloat(x, 64)
				py, err2 := strconv.ParseFloat(y, 64)
				if err1 != nil || err2 != nil {
					t.Fatalf("TMX: polygon point %q", p)
				}
				s.Polygon = append(s.Polygon, fmt.Sprintf("%s,%s", strconv.FormatFloat(o.X+px, 'g', -1, 64), strconv.FormatFloat(o.Y+py, 'g', -1, 64)))
			}
			s.X, s.Y = 0, 0
		}
		d.Objects = append(d.Objects, s)
	}
	return d
}

func jsonPropList(t *testing.T, ps []jsonProp) []string {
	var out []string
	for _, p := range ps {
		v := string(p.Value)
		if p.Type == "string" || p.Type == "color" {
			if err := json.Unmarshal(p.Value, &v); err != nil {
				t.Fatalf("TMJ: property %s: %v", p.Name, err)
			}
		}
		out = append(out, p.Name+":"+p.Type+"="+v)
	}
	return out
}

// decodeTMJ reads a TMJ map with encoding/json.
func decodeTMJ(t *testing.T, tmj []byte) decoded {
	t.Helper()
	var m jsonMap
	dec := json.NewDecoder(bytes.NewReader(tmj))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&m); err != nil {
		t.Fatalf("TMJ: %v", err)
	}
	if len(m.Tilesets) != 1 || len(m.Layers) != 2 {
		t.Fatalf("TMJ: %d tilesets and %d layers, want 1 and 2", len(m.Tilesets), len(m.Layers))
	}
	var ids []int
	var props [][]string
	for _, tile := range m.Tilesets[0].Tiles {
		ids = append(ids, tile.ID)
		props = append(props, jsonPropList(t, tile.Properties))
	}
	kinds := tileKinds(ids, props, m.Tilesets[0].FirstGID)
	d := decoded{W: m.Width, H: m.Height, Tile: m.TileWidth, Props: jsonPropList(t, m.Properties),
		Layout: fmt.Sprintf("%s %d %d %s %s", m.Orientation, m.TileHeight, m.HexSideLength, m.StaggerAxis, m.StaggerIndex)}
	for _, gid := range m.Layers[0].Data {
		d.Kinds = append(d.Kinds, kinds[gid])
	}
	for _, o := range m.Layers[1].Objects {
		s := shape{Type: o.Type, Name: o.Name, X: o.X, Y: o.Y, W: o.Width, H: o.Height, Point: o.Point, Props: jsonPropList(t, o.Properties)}
		for _, p := range o.Polygon {
			s.Polygon = append(s.Polygon, fmt.Sprintf("%s,%s", strconv.FormatFloat(o.X+p.X, 'g', -1, 64), strconv.FormatFloat(o.Y+p.Y, 'g', -1, 64)))
		}
		if s.Polygon != nil {
			s.X, s.Y = 0, 0
		}
		d.Objects = append(d.Objects, s)
	}
	return d
}

// text is a random string of the characters labels and tags may hold,
// XML's specials and non-ASCII among them.
func text(rng *rand.Rand) string {
	chars := []rune("ab Z09_-<>&\"'\n\t{}[],:=éß→🐉")
	var b strings.Builder
	for range rng.IntN(8) {
		b.WriteRune(chars[rng.IntN(len(chars))])
	}
	return b.String()
}

// randomMap is a map of random size and cells, with random rooms (some
// of them with fewer than three outline corners, which the exports
// replace by their bounds), corridors, doors and entities. Nothing in it
// need be a plausible level: the exports copy, they do not check.
func randomMap(rng *rand.Rand) *gridmap.Map {
	pt := func(w, h int) gridmap.Point { return gridmap.Point{X: rng.IntN(w + 1), Y: rng.IntN(h + 1)} }
	m := &gridmap.Map{W: 1 + rng.IntN(40), H: 1 + rng.IntN(40), CellSize: float64(rng.IntN(100)) / 8, OriginX: rng.Float64()*200 - 100, OriginY: -rng.Float64(),
		ScaleX: 0.5 + rng.Float64(), ScaleY: float64(1 + rng.IntN(3)), CorridorWidth: 1 + rng.IntN(3), Hex: rng.IntN(3) == 0}
	for range m.W * m.H {
		m.Cells = append(m.Cells, gridmap.Kinds[rng.IntN(len(gridmap.Kinds))])
	}
	defer func() {
		// Floor cells belong to a room or to none, as the map stage's
		// Owner says; other cells to none. Some maps have no Owner.
		if len(m.Rooms) == 0 || rng.IntN(4) == 0 {
			return
		}
		m.Owner = make([]int32, len(m.Cells))
		for i, k := range m.Cells {
			m.Owner[i] = -1
			if k == gridmap.CellFloor {
				m.Owner[i] = int32(rng.IntN(len(m.Rooms)+1) - 1)
			}
		}
	}()
	for i := range rng.IntN(6) {
		r := gridmap.Room{ID: 2*i + rng.IntN(2), Tag: text(rng), Label: text(rng), Shape: []string{"rect", "disc", "cave", "template", "door"}[rng.IntN(5)],
			Depth: rng.IntN(9), OnCriticalPath: rng.IntN(2) == 0,
			Bounds: gridmap.Rect{X: rng.IntN(m.W), Y: rng.IntN(m.H), W: 1 + rng.IntN(m.W), H: 1 + rng.IntN(m.H)}}
		for range rng.IntN(9) {
			r.Outline = append(r.Outline, pt(m.W, m.H))
		}
		for range rng.IntN(3) {
			hole := make([]gridmap.Point, 3+rng.IntN(6))
			for i := range hole {
				hole[i] = pt(m.W, m.H)
			}
			r.Holes = append(r.Holes, hole)
		}
		if rng.IntN(2) == 0 {
			r.Entity, r.At = text(rng)+"x", pt(m.W-1, m.H-1)
		}
		m.Rooms = append(m.Rooms, r)
	}
	for i := 0; len(m.Rooms) >= 2 && i < rng.IntN(5); i++ {
		a, b := m.Rooms[rng.IntN(len(m.Rooms))].ID, m.Rooms[rng.IntN(len(m.Rooms))].ID
		m.Corridors = append(m.Corridors, gridmap.Corridor{A: a, B: b})
		m.Doors = append(m.Doors, gridmap.Door{Room: a, Corridor: i, At: pt(m.W-1, m.H-1)}, gridmap.Door{Room: b, Corridor: i, At: pt(m.W-1, m.H-1)})
	}
	m.Entrance, m.Goal = pt(m.W-1, m.H-1), pt(m.W-1, m.H-1)
	return m
}

// TestRoundTrip writes random maps in both formats, reads them back with
// encoding/xml and encoding/json, and compares cells, properties and
// objects with what the map says they must be.
func TestRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(18, 3))
	for i := range 150 {
		roundTrip(t, fmt.Sprint("map ", i), rng)
	}
}

// FuzzRoundTrip is TestRoundTrip on the random maps of fuzzed seeds.
func FuzzRoundTrip(f *testing.F) {
	for _, s := range []uint64{0, 1, 18, 1 << 40} {
		f.Add(s, s+1)
	}
	f.Fuzz(func(t *testing.T, a, b uint64) {
		roundTrip(t, fmt.Sprintf("seed (%d, %d)", a, b), rand.New(rand.NewPCG(a, b)))
	})
}

// roundTrip writes a random map and a random tile size of rng's in both
// formats and compares what encoding/xml and encoding/json read back with
// wantOf.
func roundTrip(t *testing.T, name string, rng *rand.Rand) {
	t.Helper()
	m := randomMap(rng)
	o := Options{TileSize: []int{0, 1, 7, 16, 32}[rng.IntN(5)]}
	want := wantOf(m, o.tileSize())
	var tmx, tsx, tmj bytes.Buffer
	for _, err := range []error{o.WriteTMX(&tmx, m), o.WriteTSX(&tsx, m), o.WriteTMJ(&tmj, m)} {
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
	}
	for format, got := range map[string]decoded{"tmx": decodeTMX(t, tmx.Bytes(), tsx.Bytes()), "tmj": decodeTMJ(t, tmj.Bytes())} {
		if m.Hex {
			got.Objects = slices.DeleteFunc(got.Objects, func(s shape) bool { return s.Type == "wall" })
			for i := range got.Objects {
				if got.Objects[i].Type == "room" {
					if len(got.Objects[i].Polygon) < 3 {
						t.Fatalf("%s, %s: room object %d has no polygon", name, format, i)
					}
					got.Objects[i].Polygon = nil
				}
			}
		}
		if diff := compare(want, got); diff != "" {
			t.Fatalf("%s, %s: %s", name, format, diff)
		}
	}
}

// compare returns the first difference of two decoded maps, "" for none.
func compare(want, got decoded) string {
	switch {
	case want.W != got.W || want.H != got.H || want.Tile != got.Tile || want.Layout != got.Layout:
		return fmt.Sprintf("size %d×%d tiles of %d (%s), want %d×%d of %d (%s)", got.W, got.H, got.Tile, got.Layout, want.W, want.H, want.Tile, want.Layout)
	case !slices.Equal(want.Kinds, got.Kinds):
		return fmt.Sprintf("cells %q, want %q", got.Kinds, want.Kinds)
	case !slices.Equal(want.Props, got.Props):
		return fmt.Sprintf("map properties %q, want %q", got.Props, want.Props)
	case len(want.Objects) != len(got.Objects):
		return fmt.Sprintf("%d objects, want %d", len(got.Objects), len(want.Objects))
	}
	for i, w := range want.Objects {
		if g := got.Objects[i]; fmt.Sprintf("%#v", g) != fmt.Sprintf("%#v", w) {
			return fmt.Sprintf("object %d:\n got %#v\nwant %#v", i+1, g, w)
		}
	}
	return ""
}
