// Package raster lays a laid-out level onto tiles, square cells or
// hexagons, for engines that think in tiles: it rasterises the rooms and
// corridors, places a door where each corridor leaves a room and the spawn
// and goal tiles, checks that the tiles keep apart what the level keeps
// apart, and writes the result as a DeepMind Lab text level (entity and
// variation layers) or as JSON tiles.
//
// A room gets the tiles whose centres lie in its shape (its rectangle, or
// the disc inscribed in it). A corridor is a lattice line between the centre
// tiles of its rooms: the first tile of the line outside each room is that
// room's door (or, where that tile cannot be walked through straight, as in
// the notch of a disc room, the nearest tile beside the room that can),
// entered straight from the room tile behind it and followed by a straight
// step, so that every door is walked through in line; the rest of the
// corridor is the lattice line between those two steps, widened if asked. The rasterisation is checked exactly like the layout is: every room
// has tiles, no tile is claimed twice, neighbouring tiles belong only to
// rooms and corridors that the level joins (a room touches a corridor only
// at its door), every door stands in line between its room and its
// corridor, and every tile can be walked to from the spawn. When the tiles
// are too coarse for that, the error lists every problem and names the
// largest smaller cell size that works (SuggestCell).
//
// Coordinates. World coordinates are the layout's: x grows to the right and
// y grows downwards, as in the PNG previews, so row 0 of a grid is its top
// and the text level looks like the picture. Square tile (q, r) is column q,
// row r; it covers world x in [(q+k)·Cell, (q+k+1)·Cell) for the grid's
// offset k, the lattice being anchored at the world origin. Hex tiles use
// ZTile's FlatHex axial coordinates: rows of hexagons along x, neighbours
// (±1, 0), (0, ±1), (-1, +1) and (+1, -1), distance max(|dq|, |dr|,
// |dq+dr|); a grid's row r holds q from -floor(r/2) on, so the grid is a
// rectangle whose odd rows are shifted half a tile right. In cell units the
// centre of hex (q, r) is (q + r/2, r·√3/2).
//
// Everything is computed with +, −, ×, ÷ and floor, products
// rounded before they are added, and the lattice lines in integers, so the
// same level and options give the same bytes on every platform.
package raster
