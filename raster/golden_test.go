package raster

import (
	"bytes"
	"testing"

	"github.com/dungraph/dungraph/internal/golden"
)

// fiveRooms is a hand-built level with a loop, rooms of three tags and
// corridors in every direction.
func fiveRooms() Level {
	return Level{
		Rooms: []Room{
			{ID: 10, X: 0, Y: 0, W: 80, H: 60, Tag: "start"},
			{ID: 11, X: 160, Y: 0, W: 60, H: 60, Tag: "hall"},
			{ID: 12, X: 160, Y: 140, W: 80, H: 60, Tag: "hall"},
			{ID: 13, X: 0, Y: 150, W: 60, H: 80, Tag: "vault"},
			{ID: 14, X: 300, Y: 80, W: 40, H: 40, Tag: "goal"},
		},
		Corridors: []Corridor{{10, 11}, {11, 12}, {12, 13}, {13, 10}, {11, 14}, {12, 14}},
		Entrance:  10,
		Goal:      14,
	}
}

func TestGoldenText(t *testing.T) {
	g, err := Rasterise(fiveRooms(), Options{Cell: 10})
	if err != nil {
		t.Fatal(err)
	}
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
	g, err := Rasterise(fiveRooms(), Options{Cell: 16, Lattice: Hex, CorridorWidth: 2})
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := g.WriteTilesJSON(&b); err != nil {
		t.Fatal(err)
	}
	golden.Check(t, "five-rooms.hex.json", b.Bytes())
}
