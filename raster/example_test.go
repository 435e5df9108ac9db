package raster_test

import (
	"fmt"
	"log"
	"strings"

	"github.com/dungraph/dungraph/gridmap"
	"github.com/dungraph/dungraph/raster"
)

func ExampleFromMap() {
	lv := gridmap.Level{
		Rooms: []gridmap.RoomSpec{
			{ID: 0, X: 40, Y: 40, W: 60, H: 40, Tag: "start"},
			{ID: 1, X: 180, Y: 60, W: 40, H: 60, Tag: "goal"},
			{ID: 2, X: 60, Y: 160, W: 60, H: 40, Tag: "hall"},
		},
		Corridors: []gridmap.Edge{{A: 0, B: 1}, {A: 0, B: 2}},
		Entrance:  0,
		Goal:      1,
	}
	m, err := gridmap.Build(lv, gridmap.Options{Cell: 20})
	if err != nil {
		log.Fatal(err)
	}
	g, err := raster.FromMap(m)
	if err != nil {
		log.Fatal(err)
	}
	entity, variations, err := g.Text(raster.TextOptions{Variations: map[int]byte{1: 'A'}})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%d × %d tiles\n%s\n%s", g.Width, g.Height, entity, variations)
	// Output:
	// 21 × 20 tiles
	// *********************
	// *********************
	// *********************
	// *********************
	// *********************
	// *********************
	// ****** P ************
	// ******   I  I  ******
	// *******H*****G ******
	// ******* *****  ******
	// ******* *************
	// *******H*************
	// *******   ***********
	// *******   ***********
	// *********************
	// *********************
	// *********************
	// *********************
	// *********************
	// *********************
	//
	// .....................
	// .....................
	// .....................
	// .....................
	// .....................
	// .....................
	// .....................
	// .............AA......
	// .............AA......
	// .............AA......
	// .....................
	// .....................
	// .....................
	// .....................
	// .....................
	// .....................
	// .....................
	// .....................
	// .....................
	// .....................
}

func ExampleGrid_WriteTilesJSON() {
	lv := gridmap.Level{
		Rooms:     []gridmap.RoomSpec{{ID: 0, X: 0, Y: 0, W: 20, H: 20}, {ID: 1, X: 50, Y: 0, W: 20, H: 20}},
		Corridors: []gridmap.Edge{{A: 0, B: 1}},
		Entrance:  0,
		Goal:      1,
	}
	m, err := gridmap.Build(lv, gridmap.Options{Cell: 10, Hex: true})
	if err != nil {
		log.Fatal(err)
	}
	g, err := raster.FromMap(m)
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
	// {"format":"dungraph.tiles","version":1,"lattice":"hex","cell":10,"width":19,"height":14,"entrance":{"q":3,"r":6},"goal":{"q":8,"r":6},"tiles":[
	// {"q":5,"r":6,"kind":"door","room":0,"corridor":0},
	// {"q":7,"r":6,"kind":"door","room":1,"corridor":0},
}
