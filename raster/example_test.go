package raster_test

import (
	"fmt"
	"log"
	"strings"

	"github.com/dungraph/dungraph/raster"
)

func ExampleRasterise() {
	lv := raster.Level{
		Rooms: []raster.Room{
			{ID: 0, X: 40, Y: 40, W: 60, H: 40, Tag: "start"},
			{ID: 1, X: 180, Y: 60, W: 40, H: 60, Tag: "goal"},
			{ID: 2, X: 60, Y: 160, W: 60, H: 40, Tag: "hall"},
		},
		Corridors: []raster.Corridor{{A: 0, B: 1}, {A: 0, B: 2}},
		Entrance:  0,
		Goal:      1,
	}
	g, err := raster.Rasterise(lv, raster.Options{Cell: 20})
	if err != nil {
		log.Fatal(err)
	}
	entity, variations, err := g.Text(raster.TextOptions{Variations: map[int]byte{1: 'A'}})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%d × %d tiles\n%s\n%s", g.Width, g.Height, entity, variations)
	// Output:
	// 15 × 13 tiles
	// ***************
	// ***************
	// ** P I  **  ***
	// **   **  IG ***
	// ***H******  ***
	// ***  **********
	// **** **********
	// ****H**********
	// ***   *********
	// ***   *********
	// ***************
	// ***************
	// ***************
	//
	// ...............
	// ...............
	// ..........AA...
	// ..........AA...
	// ..........AA...
	// ...............
	// ...............
	// ...............
	// ...............
	// ...............
	// ...............
	// ...............
	// ...............
}

func ExampleGrid_WriteTilesJSON() {
	lv := raster.Level{
		Rooms:     []raster.Room{{ID: 0, X: 0, Y: 0, W: 20, H: 20}, {ID: 1, X: 50, Y: 0, W: 20, H: 20}},
		Corridors: []raster.Corridor{{A: 0, B: 1}},
		Entrance:  0,
		Goal:      1,
	}
	g, err := raster.Rasterise(lv, raster.Options{Cell: 10, Lattice: raster.Hex})
	if err != nil {
		log.Fatal(err)
	}
	var b strings.Builder
	if err := g.WriteTilesJSON(&b); err != nil {
		log.Fatal(err)
	}
	for _, line := range strings.Split(b.String(), "\n") {
		if strings.Contains(line, `"door"`) || strings.Contains(line, "format") {
			fmt.Println(line)
		}
	}
	// Output:
	// {"format":"dungraph.tiles","version":1,"lattice":"hex","cell":10,"width":13,"height":9,"entrance":{"q":1,"r":4},"goal":{"q":6,"r":4},"tiles":[
	// {"q":2,"r":4,"kind":"door","room":0,"corridor":0},
	// {"q":4,"r":4,"kind":"door","room":1,"corridor":0},
}

func ExampleSuggestCell() {
	lv := raster.Level{
		Rooms:     []raster.Room{{ID: 0, X: 0, Y: 0, W: 40, H: 40}, {ID: 1, X: 0, Y: 45, W: 40, H: 40}},
		Corridors: []raster.Corridor{{A: 0, B: 1}},
		Entrance:  0,
		Goal:      1,
	}
	_, err := raster.Rasterise(lv, raster.Options{Cell: 20})
	fmt.Println(err)
	cell, err := raster.SuggestCell(lv, raster.Options{Cell: 20})
	fmt.Println(cell, err)
	// Output:
	// raster: cell size 20 is too coarse for this level (corridor 0 (rooms 0-1): no room for its doors between the rooms at tile (2,4)); cell size 16.125 works
	// 16.125 <nil>
}
