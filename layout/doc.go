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
//
// # Where to start
//
// The stages, in the order a level meets them:
//
//   - construct.go: Constructor, the drawing during the build; side.go
//     chooses the side a hanging room goes on, nest.go plans those sides
//     from the whole build (Replan), nestrooms.go hands the small sizes to
//     the rooms inside its triangles, and nestopen.go relaxes the drawing
//     with those rooms marked (Constructor.Relax).
//   - rooms.go: AssignRooms, the rooms' sizes.
//   - relax.go: Relaxation and Relax, the relax pass and its phases;
//     inflate.go grows the rooms into the drawing, open.go and reopen.go
//     open crowded faces when inflation stalls, spokes.go arranges the rooms
//     around crowded rooms, press.go and presstail.go press a settled
//     drawing toward its limits.
//   - intersect.go, clearance.go: Check and Clearance, validity;
//     metrics.go and geometry.go: Measure and MeasureGeometry, what a
//     designer judges.
//
// Underneath: drawing.go (positions, radii and one force iteration),
// forces.go and kernel.go (the forces as pure functions, and who feels
// them), crossfree.go (moves that keep the drawing valid), schedule.go
// (step sizes and when a phase ends), frame.go and frameindex.go (the part
// of the drawing a local phase works on), grid.go and hashgrid.go (the
// uniform grids behind every neighbour query), vec.go and log.go
// (arithmetic that gives the same bits on every platform).
package layout
