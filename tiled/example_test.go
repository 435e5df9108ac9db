package tiled_test

import (
	"fmt"
	"os"
	"strings"

	"github.com/dungraph/dungraph/gridmap"
	"github.com/dungraph/dungraph/tiled"
)

// A map of one room of three floor cells, the entrance in the middle,
// written as TMX: the tile layer holds global id kind+1 per cell.
func ExampleOptions_WriteTMX() {
	m := &gridmap.Map{W: 5, H: 3, CellSize: 1, ScaleX: 1, ScaleY: 1, CorridorWidth: 1,
		Cells: []gridmap.Kind{
			0, 0, 0, 0, 0,
			0, 1, 4, 5, 0,
			0, 0, 0, 0, 0,
		},
		Rooms: []gridmap.Room{{ID: 0, Tag: "start", Label: "hall", Shape: "rect", OnCriticalPath: true,
			Bounds:  gridmap.Rect{X: 1, Y: 1, W: 3, H: 1},
			Outline: []gridmap.Point{{X: 1, Y: 1}, {X: 4, Y: 1}, {X: 4, Y: 2}, {X: 1, Y: 2}}}},
		Entrance: gridmap.Point{X: 2, Y: 1},
		Goal:     gridmap.Point{X: 3, Y: 1},
	}
	var b strings.Builder
	if err := (tiled.Options{TileSize: 8}).WriteTMX(&b, m); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return
	}
	fmt.Print(b.String())
	// Output:
	// <?xml version="1.0" encoding="UTF-8"?>
	// <map version="1.8" tiledversion="1.8.2" orientation="orthogonal" renderorder="right-down" width="5" height="3" tilewidth="8" tileheight="8" infinite="0" nextlayerid="3" nextobjectid="4">
	//  <properties>
	//   <property name="cell_size" type="float" value="1"></property>
	//   <property name="origin_x" type="float" value="0"></property>
	//   <property name="origin_y" type="float" value="0"></property>
	//   <property name="scale_x" type="float" value="1"></property>
	//   <property name="scale_y" type="float" value="1"></property>
	//   <property name="corridor_width" type="int" value="1"></property>
	//  </properties>
	//  <tileset firstgid="1" source="level.tsx"></tileset>
	//  <layer id="1" name="cells" width="5" height="3">
	//   <data encoding="csv">
	// 1,1,1,1,1,
	// 1,2,5,6,1,
	// 1,1,1,1,1
	// </data>
	//  </layer>
	//  <objectgroup id="2" name="objects">
	//   <object id="1" name="hall" type="room" x="8" y="8">
	//    <properties>
	//     <property name="id" type="int" value="0"></property>
	//     <property name="tag" value="start"></property>
	//     <property name="label" value="hall"></property>
	//     <property name="shape" value="rect"></property>
	//     <property name="depth" type="int" value="0"></property>
	//     <property name="on_critical_path" type="bool" value="true"></property>
	//    </properties>
	//    <polygon points="0,0 24,0 24,8 0,8"></polygon>
	//   </object>
	//   <object id="2" name="spawn" type="spawn" x="20" y="12">
	//    <point></point>
	//   </object>
	//   <object id="3" name="goal" type="goal" x="28" y="12">
	//    <point></point>
	//   </object>
	//  </objectgroup>
	// </map>
}
