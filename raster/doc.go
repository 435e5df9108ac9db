// Package raster holds a level on tiles, square cells or hexagons, for
// engines that think in tiles. FromMap reads the tiles from a map drawn by
// the map stage (package gridmap): the map's rooms, corridors, doors, spawn
// and goal become floor, corridor, door and wall tiles, and the grid is
// checked again, so that no grid that fails is written. Grid.Text writes a
// square grid as a DeepMind Lab text level (entity and variation layers);
// Grid.WriteTilesJSON writes either lattice as JSON tiles (TileDocument).
//
// The checks keep apart on the tiles what the level keeps apart: every
// room has tiles, neighbouring tiles belong only to rooms and corridors
// that the level joins (a room touches a corridor only at its door), on
// squares every door stands in line between its room and its corridor
// with walls beside it (DeepMind Lab's 'H' and 'I'), and every tile can be
// walked to from the spawn. A grid that fails them is a *CheckError that
// lists every problem.
//
// Coordinates. World coordinates are the layout's: x grows to the right and
// y grows downwards, as in the PNG previews, so row 0 of a grid is its top
// and the text level looks like the picture. Square tile (q, r) is column q,
// row r, the map's cell (q, r). Hex tiles use ZTile's FlatHex axial
// coordinates: rows of hexagons along x, neighbours (±1, 0), (0, ±1),
// (-1, +1) and (+1, -1), distance max(|dq|, |dr|, |dq+dr|); a grid's row r
// holds q from -floor(r/2) on, so the grid is a rectangle whose odd rows
// are shifted half a tile right, and the map's cell (x, y) is tile
// (x - floor(y/2), y). In cell units the centre of hex (q, r) is
// (q + r/2, r·√3/2).
//
// Everything is computed with +, −, ×, ÷ and floor, products rounded
// before they are added, so the same map gives the same bytes on every
// platform.
package raster
