// Package atomicfile writes files so that a reader, or a crash, never sees
// half of one: the bytes go to a temporary file in the same directory, which
// is renamed over the destination only once everything was written.
//
// dungraph's CLI writes every output through it, so that a failed or
// interrupted run leaves the previous level.png and level.json as they were.
package atomicfile
