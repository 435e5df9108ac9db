// Package tiled writes a gridmap.Map in the formats of the Tiled map editor
// (mapeditor.org), which Godot, Unity, Defold, Phaser, libGDX, MonoGame and
// Bevy import: TMX (XML) with an external TSX tileset, and TMJ (JSON) with
// the tileset embedded.
//
// Both formats hold the same map. One tile layer, "cells", has a tile per
// cell: the tileset has one tile per gridmap.Kind, tile id k for kind k
// (global id k+1), then a room floor tile per tag of the map, each with a
// string property "kind" naming it (wall, floor, corridor, door, entrance,
// goal), and its image is a strip of flat squares in the previews' palette
// (render.DefaultMapColors, and the tags' colours for room floors). One object
// layer, "objects", has a polygon per room (its outline, with the room's
// tag, label, depth and whether it lies on the critical path), a rectangle
// per door, and points for the spawn, the goal and each room's entity.
//
// Options.WriteTMX, WriteTSX, WriteTilesetPNG and WriteTMJ write the files;
// the same map and options give the same bytes. docs/exports.md documents
// every id, type and property.
package tiled
