package gridmap

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"testing"
)

func loadDebug(t *testing.T, path string) Level {
	if path == "" {
		t.Skip()
	}
	var d struct {
		Seed     uint64
		Vertices []struct {
			ID         int
			X, Y, W, H float64
			Tag        string
			Cosmetic   bool
		}
		Edges []struct {
			A, B     int
			Cosmetic bool
		}
		Route struct{ Entrance, Goal int }
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &d); err != nil {
		t.Fatal(err)
	}
	lv := Level{Entrance: d.Route.Entrance, Goal: d.Route.Goal, Seed: d.Seed}
	for _, v := range d.Vertices {
		lv.Rooms = append(lv.Rooms, RoomSpec{ID: v.ID, X: v.X, Y: v.Y, W: v.W, H: v.H, Tag: v.Tag})
	}
	for _, e := range d.Edges {
		lv.Corridors = append(lv.Corridors, Edge{A: e.A, B: e.B})
	}
	return lv
}

func TestZZDebug(t *testing.T) {
	lv := loadDebug(t, os.Getenv("LEVEL"))
	o, _ := Options{}.withDefaults()
	p, err := check(lv)
	if err != nil {
		t.Fatal(err)
	}
	b := &builder{p: p, o: o, cell: defaultCell(lv.Rooms)}
	b.row = b.cell
	fmt.Println("cell", b.cell)
	if err := b.footprints(); err != nil {
		t.Fatal(err)
	}
	b.assignDoors()
	if os.Getenv("ROOM") != "" {
		var r int32
		fmt.Sscan(os.Getenv("ROOM"), &r)
		fmt.Println("fp", b.fps[r].w, b.fps[r].h, "apart", len(b.fps[r].apart(1)), "slots", len(b.fps[r].slots(1)), "exact", b.exact[r])
		for _, k := range p.adj[r] {
			o := p.lv.Rooms[p.other(k, r)]
			fmt.Println("corr", k, "to", p.other(k, r), o.X-p.lv.Rooms[r].X, o.Y-p.lv.Rooms[r].Y, b.slotsFor(r, k, false))
		}
	}
	for _, s := range []float64{1, 1.25, 1.5625, 1.953, 2.44} {
		_, err := b.attempt(s, s, true)
		fmt.Println(s, err)
		var re *routeError
		if errors.As(err, &re) && re.corridor >= 0 {
			markA, markB = p.ends[re.corridor][0], p.ends[re.corridor][1]
		}
	}
	if os.Getenv("DUMP") != "" {
		os.WriteFile(os.Getenv("DUMP"), dumpLast(b), 0o644)
	}
}

var markA, markB int32 = -5, -5

func dumpLast(b *builder) []byte {
	g := b.rt.g
	var out []byte
	for y := 0; y < g.h; y++ {
		for x := 0; x < g.w; x++ {
			o := g.own[y*g.w+x]
			switch {
			case o == -1 && g.corrNear1[y*g.w+x] > 3:
				out = append(out, '0'+byte(min(9, g.corrNear1[y*g.w+x])))
			case o == -1 && g.corrNear1[y*g.w+x] > 0:
				out = append(out, '.')
			case o == -1:
				out = append(out, ' ')
			case o == markA:
				out = append(out, 'A')
			case o == markB:
				out = append(out, 'B')
			case o < g.nRooms:
				out = append(out, '#')
			default:
				out = append(out, byte('a'+(o-g.nRooms)%26))
			}
		}
		out = append(out, '\n')
	}
	return out
}

func TestZZBuild(t *testing.T) {
	lv := loadDebug(t, os.Getenv("LEVEL"))
	m, err := Build(lv, Options{})
	if err != nil {
		t.Fatal(err)
	}
	fmt.Println(m.W, m.H, m.ScaleX, m.CellSize)
}
