package raster

import (
	"bytes"
	"testing"

	"github.com/dungraph/dungraph/gridmap"
	"github.com/dungraph/dungraph/internal/golden"
)

// fiveRooms is a hand-built level with a loop, rooms of three tags and
// corridors in every direction.
func fiveRooms() gridmap.Level {
	return gridmap.Level{
		Rooms: []gridmap.RoomSpec{
			{ID: 10, X: 0, Y: 0, W: 80, H: 60, Tag: "start"},
			{ID: 11, X: 160, Y: 0, W: 60, H: 60, Tag: "hall"},
			{ID: 12, X: 160, Y: 140, W: 80, H: 60, Tag: "hall"},
			{ID: 13, X: 0, Y: 150, W: 60, H: 80, Tag: "vault"},
			{ID: 14, X: 300, Y: 80, W: 40, H: 40, Tag: "goal"},
		},
		Corridors: []gridmap.Edge{{A: 10, B: 11}, {A: 11, B: 12}, {A: 12, B: 13}, {A: 13, B: 10}, {A: 11, B: 14}, {A: 12, B: 14}},
		Entrance:  10,
		Goal:      14,
	}
}

// mapGrid draws lv with the map stage and returns its grid.
func mapGrid(t testing.TB, lv gridmap.Level, o gridmap.Options) (*gridmap.Map, *Grid) {
	t.Helper()
	m, err := gridmap.Build(lv, o)
	if err != nil {
		t.Fatal(err)
	}
	g, err := FromMap(m)
	if err != nil {
		t.Fatal(err)
	}
	return m, g
}

func TestGoldenText(t *testing.T) {
	_, g := mapGrid(t, fiveRooms(), gridmap.Options{Cell: 10})
	entity, variations, err := g.Text(TextOptions{
		Entities:   map[int]byte{13: 'k', 12: 'm'},
		Variations: map[int]byte{11: 'A', 12: 'A', 13: 'B'},
	})
	if err != nil {
		t.Fatal(err)
	}
	golden.Check(t, "five-rooms.entity.txt", entity)
	golden.Check(t, "five-rooms.variations.txt", variations)
}

func TestGoldenHexTiles(t *testing.T) {
	_, g := mapGrid(t, fiveRooms(), gridmap.Options{Cell: 16, Hex: true, CorridorWidth: 2})
	var b bytes.Buffer
	if err := g.WriteTilesJSON(&b); err != nil {
		t.Fatal(err)
	}
	golden.Check(t, "five-rooms.hex.json", b.Bytes())
}
