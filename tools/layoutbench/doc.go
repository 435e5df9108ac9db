// Command layoutbench compares dungraph's construction drawing with
// Graphviz neato and gonum's EadesR2 on the same graphs (caves grown to
// 100, 330 and 1,000 rooms): time, corridor crossings and edge-length
// deviation. It needs neato on the PATH (Debian: apt-get install graphviz).
//
//	go run ./tools/layoutbench -seeds 3
//
// dungraph's time includes the build it follows rewrite by rewrite; neato
// and EadesR2 draw the finished graph (build not timed; neato's time is
// the whole process, start-up included). Deviation is the RMS of
// length/(s·target) − 1 over the non-cosmetic edges, target being
// edge_length × the edge's length factor (neato gets it as the edge's len)
// and s the drawing's own scale (the least-squares fit of lengths to
// targets), so that drawings in different units compare.
package main
