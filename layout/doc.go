// Package layout draws a level's graph in the plane and decides whether the
// drawing is usable.
//
// A vertex is drawn as a room, a disc with a centre and a radius; an edge as
// a corridor, the straight segment between the centres of its two rooms. The
// drawing is force-directed (springs pull joined rooms toward a target
// corridor length, non-adjacent rooms repel) and comes in two stages. A
// Constructor redraws the neighbourhood of every rewrite while a grammar
// builds the graph, keeping the drawing free of crossings; once the build
// is done, its Replan says on which side of its corridor each room hung on
// one should go, and the build can be drawn again with that Plan. Then
// AssignRooms sizes the rooms (the Constructor's NestRooms hands the
// smallest sizes to the rooms inside its triangles) and a Relaxation fits
// the drawing to them,
// step by step through its phases (Inflate, Settle, Done); Relax runs one
// to its end. The forces' parameters are params.Forces. Everything that
// reaches a coordinate is deterministic: the same seed gives bit-identical
// drawings on every platform.
//
// A drawing is only shipped if it passes Check: no two rooms overlap, no room
// sits on a corridor it is not attached to, and no two corridors cross. Check
// decides each case with exact predicates from package geom and finds the
// candidate pairs through a uniform grid, so its cost grows about linearly
// with the size of the level; it reports every offending pair, not a bool, so
// a caller can repair, retry or explain. Clearance measures how close a
// drawing comes to failing, and Measure and MeasureGeometry how good it is.
package layout
