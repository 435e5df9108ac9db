package render

import (
	"bytes"
	"context"
	"flag"
	"testing"

	"github.com/dungraph/dungraph/levelfile"

	"github.com/dungraph/dungraph/gridmap"
	"github.com/dungraph/dungraph/level"
	"github.com/dungraph/dungraph/raster"
	"github.com/dungraph/dungraph/rulesets"
)

var mapSeeds = flag.Int("map-seeds", 0, "TestMapProofBundled: seeds per bundled ruleset (default 20, 3 with -short)")

// TestMapProofBundled draws every bundled ruleset's levels with the map
// stage, on squares and on hexes, and checks each map against its level
// twice: Build's own proof,
// and Verify again on the returned map against an independently built
// list of the level's rooms and corridors.
func TestMapProofBundled(t *testing.T) {
	seeds := 20
	if testing.Short() {
		seeds = 3
	}
	if *mapSeeds > 0 {
		seeds = *mapSeeds
	}
	for _, info := range rulesets.ListBundled() {
		rs, err := rulesets.Bundled(info.Name)
		if err != nil {
			t.Fatal(err)
		}
		for seed := uint64(1); seed <= uint64(seeds); seed++ {
			lv, err := level.Generate(context.Background(), rs, seed, level.Options{})
			if err != nil {
				continue // a level that fails to generate has no map
			}
			d, err := lv.Document()
			if err != nil {
				t.Fatal(err)
			}
			want := gridmap.Level{Entrance: d.Route.Entrance, Goal: d.Route.Goal}
			for _, v := range d.Vertices {
				if !v.Cosmetic {
					want.Rooms = append(want.Rooms, gridmap.RoomSpec{ID: v.ID})
				}
			}
			for _, e := range d.Edges {
				if !e.Cosmetic && !d.Vertices[e.A].Cosmetic && !d.Vertices[e.B].Cosmetic {
					want.Corridors = append(want.Corridors, gridmap.Edge{A: e.A, B: e.B})
				}
			}
			for _, l := range []raster.Lattice{raster.Square, raster.Hex} {
				m, err := Raster{Lattice: l}.Map(d)
				if err == nil {
					err = gridmap.Verify(m, want)
				}
				if err != nil {
					t.Errorf("%s seed %d, %v: %v", info.Name, seed, l, err)
				}
			}
		}
	}
}

// TestMapCrowdedDoors draws the levels of the 200-seed sweep whose
// corridors once walled another's door side in (two corridors leaving a
// cave's corner, one west and one south, left no door on the wall between
// them for a third to the south-west): each must draw and pass its proof,
// with the rooms spread no further than a few steps.
func TestMapCrowdedDoors(t *testing.T) {
	for _, c := range []struct {
		ruleset string
		seed    uint64
	}{{"caves", 97}, {"dungeon", 146}, {"quads", 180}} {
		rs, err := rulesets.Bundled(c.ruleset)
		if err != nil {
			t.Fatal(err)
		}
		lv, err := level.Generate(context.Background(), rs, c.seed, level.Options{})
		if err != nil {
			t.Fatalf("%s seed %d: %v", c.ruleset, c.seed, err)
		}
		d, err := lv.Document()
		if err != nil {
			t.Fatal(err)
		}
		m, err := Raster{}.Map(d)
		if err != nil {
			t.Errorf("%s seed %d: %v", c.ruleset, c.seed, err)
			continue
		}
		if m.ScaleX > 2 || m.ScaleY > 2 {
			t.Errorf("%s seed %d: the rooms were spread by %v × %v to fit, want at most 2", c.ruleset, c.seed, m.ScaleX, m.ScaleY)
		}
	}
}

// TestMapParams checks that the ruleset's [map] table reaches the map, that
// the options override it, and that it survives the level file.
func TestMapParams(t *testing.T) {
	ov, err := rulesets.ParseOverride("map.corridor_width=2")
	if err != nil {
		t.Fatal(err)
	}
	rs, err := rulesets.Loader{Overrides: []rulesets.Override{ov}}.Bundled("dungeon")
	if err != nil {
		t.Fatal(err)
	}
	lv, err := level.Generate(context.Background(), rs, 3, level.Options{})
	if err != nil {
		t.Fatal(err)
	}
	d, err := lv.Document()
	if err != nil {
		t.Fatal(err)
	}
	js, err := d.JSON()
	if err != nil {
		t.Fatal(err)
	}
	back, err := levelfile.ReadJSON(bytes.NewReader(js))
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name string
		o    Raster
		want int
	}{
		{"the ruleset's width", Raster{}, 2},
		{"the option's width", Raster{CorridorWidth: 1}, 1},
	} {
		m, err := tt.o.Map(back)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if m.CorridorWidth != tt.want {
			t.Errorf("%s: corridors %d cells wide, want %d", tt.name, m.CorridorWidth, tt.want)
		}
	}
}
