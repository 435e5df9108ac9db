package gridmap_test

import (
	"fmt"

	"github.com/dungraph/dungraph/gridmap"
	"github.com/dungraph/dungraph/roomshape"
)

// Two rooms joined through a locked door: the door is a room of its own,
// drawn as a door cell in the corridor.
func ExampleBuild() {
	lv := gridmap.Level{
		Rooms: []gridmap.RoomSpec{
			{ID: 0, X: 0, Y: 0, W: 40, H: 30},
			{ID: 1, X: 100, Y: 0, W: 10, H: 10, Shape: roomshape.Door},
			{ID: 2, X: 200, Y: 0, W: 40, H: 30, Shape: roomshape.Disc},
		},
		Corridors: []gridmap.Edge{{A: 0, B: 1}, {A: 1, B: 2}},
		Entrance:  0,
		Goal:      2,
	}
	m, err := gridmap.Build(lv, gridmap.Options{Cell: 10})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(string(m.Text()))
	fmt.Println(len(m.Rooms), "rooms,", len(m.Corridors), "corridors,", len(m.Doors), "doors")
	// Output:
	// ####################################
	// ####################################
	// ####################################
	// ####################################
	// ####################################
	// ####################################
	// ######....#################..#######
	// ######.<..+,,,,,,+++,,,,,+.>..######
	// ######....#################..#######
	// ####################################
	// ####################################
	// ####################################
	// ####################################
	// ####################################
	// ####################################
	// 3 rooms, 2 corridors, 4 doors
}

// A hub with a neighbour on each side: greedy routing keeps its doors in
// the order of its corridors round it; a map whose east and west doors
// traded places does not.
func ExampleDoorsOutOfOrder() {
	lv := hubLevel()
	m, err := gridmap.Build(lv, gridmap.Options{Cell: 10})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(gridmap.DoorsOutOfOrder(m, lv))
	var east, west *gridmap.Door
	for i, d := range m.Doors {
		switch {
		case d.Room == 0 && d.Corridor == 1:
			east = &m.Doors[i]
		case d.Room == 0 && d.Corridor == 3:
			west = &m.Doors[i]
		}
	}
	east.At, west.At = west.At, east.At
	fmt.Println(gridmap.DoorsOutOfOrder(m, lv))
	// Output:
	// []
	// [0]
}
