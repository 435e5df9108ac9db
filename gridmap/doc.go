// Package gridmap turns a laid-out level into a map a game can load: a grid
// of square cells in which every room has a real shape (a rectangle, a disc,
// a cellular-automaton cave or an ASCII-art template) and every corridor is
// an orthogonal path of corridor cells that enters its rooms through doors
// on their walls.
//
// A Map is checked before it is returned: a flood fill from the entrance
// reaches every walkable cell, and the rooms that the map's corridors join
// are exactly the rooms that the level's corridors join, no more and no
// fewer. The layout and grammar packages know nothing of this package: it
// reads a level's rooms and corridors and writes cells.
package gridmap
