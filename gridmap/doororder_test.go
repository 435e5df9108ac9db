package gridmap_test

import (
	"slices"
	"testing"

	"github.com/dungraph/dungraph/gridmap"
)

// TestDoorsOutOfOrder draws a hub with a neighbour on each side, whose
// doors follow its corridors round the room, then swaps two of the hub's
// doors, or two of a neighbour's corridors' layout positions, and expects
// the hub named.
func TestDoorsOutOfOrder(t *testing.T) {
	lv := hubLevel()
	m, err := gridmap.Build(lv, gridmap.Options{Cell: 10})
	if err != nil {
		t.Fatal(err)
	}
	if got := gridmap.DoorsOutOfOrder(m, lv); got != nil {
		t.Fatalf("drawn map: DoorsOutOfOrder = %v, want none", got)
	}
	// The hub's doors of corridors 1 (east) and 3 (west) trade places.
	swapped := *m
	swapped.Doors = slices.Clone(m.Doors)
	var hub []int
	for i, d := range swapped.Doors {
		if d.Room == 0 && (d.Corridor == 1 || d.Corridor == 3) {
			hub = append(hub, i)
		}
	}
	if len(hub) != 2 {
		t.Fatalf("hub doors of corridors 1 and 3: %v", hub)
	}
	a, b := &swapped.Doors[hub[0]], &swapped.Doors[hub[1]]
	a.At, b.At = b.At, a.At
	if got := gridmap.DoorsOutOfOrder(&swapped, lv); !slices.Equal(got, []int{0}) {
		t.Errorf("hub doors swapped: DoorsOutOfOrder = %v, want [0]", got)
	}
	// The same map read against a layout where north and east trade
	// places: the corridors' order round the hub is no longer the doors'.
	moved := lv
	moved.Rooms = slices.Clone(lv.Rooms)
	moved.Rooms[1].X, moved.Rooms[1].Y, moved.Rooms[2].X, moved.Rooms[2].Y = 200, 0, 0, -200
	if got := gridmap.DoorsOutOfOrder(m, moved); !slices.Equal(got, []int{0}) {
		t.Errorf("layout with north and east traded: DoorsOutOfOrder = %v, want [0]", got)
	}
}

// TestDoorsOutOfOrderSameWay draws a hub whose two eastern neighbours lie
// on one ray, so their corridors leave it in the same direction and may
// take their doors in either order, and expects the same answer, in order,
// whichever of the two corridors is numbered first.
func TestDoorsOutOfOrderSameWay(t *testing.T) {
	lv := gridmap.Level{
		Rooms: []gridmap.RoomSpec{
			{ID: 0, X: 0, Y: 0, W: 60, H: 60},
			{ID: 1, X: 200, Y: 0, W: 40, H: 40},
			{ID: 2, X: 400, Y: 0, W: 40, H: 40},
			{ID: 3, X: 0, Y: 200, W: 40, H: 40},
			{ID: 4, X: 0, Y: -200, W: 40, H: 40},
		},
		Corridors: []gridmap.Edge{{A: 0, B: 1}, {A: 0, B: 2}, {A: 0, B: 3}, {A: 0, B: 4}},
		Entrance:  3,
		Goal:      4,
	}
	for _, order := range [][]int{{0, 1, 2, 3}, {1, 0, 2, 3}} {
		l := lv
		l.Corridors = nil
		for _, i := range order {
			l.Corridors = append(l.Corridors, lv.Corridors[i])
		}
		m, err := gridmap.Build(l, gridmap.Options{Cell: 10})
		if err != nil {
			t.Fatalf("corridors in order %v: %v", order, err)
		}
		if got := gridmap.DoorsOutOfOrder(m, l); got != nil {
			t.Errorf("corridors in order %v: DoorsOutOfOrder = %v, want none", order, got)
		}
	}
}

// hubLevel is a hub (room 0) with a neighbour on each side: north 1, east
// 2, south 3, west 4.
func hubLevel() gridmap.Level {
	return gridmap.Level{
		Rooms: []gridmap.RoomSpec{
			{ID: 0, X: 0, Y: 0, W: 60, H: 60},
			{ID: 1, X: 0, Y: -200, W: 40, H: 40},
			{ID: 2, X: 200, Y: 0, W: 40, H: 40},
			{ID: 3, X: 0, Y: 200, W: 40, H: 40},
			{ID: 4, X: -200, Y: 0, W: 40, H: 40},
		},
		Corridors: []gridmap.Edge{{A: 0, B: 1}, {A: 0, B: 2}, {A: 0, B: 3}, {A: 0, B: 4}},
		Entrance:  1,
		Goal:      3,
	}
}

// TestDoorsOutOfOrderBadDoors adds doors that name no corridor, or a
// corridor that does not reach their room, to a drawn map, and expects
// them skipped: no panic, and the answer of the map without them.
func TestDoorsOutOfOrderBadDoors(t *testing.T) {
	lv := hubLevel()
	m, err := gridmap.Build(lv, gridmap.Options{Cell: 10})
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range []gridmap.Door{
		{Room: 0, Corridor: len(m.Corridors)},
		{Room: 0, Corridor: -1},
		{Room: 2, Corridor: 0}, // corridor 0 joins rooms 0 and 1
		{Room: 9, Corridor: 0},
	} {
		bad := *m
		bad.Doors = append(slices.Clone(m.Doors), d)
		if got := gridmap.DoorsOutOfOrder(&bad, lv); got != nil {
			t.Errorf("with door %+v: DoorsOutOfOrder = %v, want none", d, got)
		}
	}
}
