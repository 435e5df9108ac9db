// Package runfiles keeps two runs' outputs from mixing in one directory.
//
// dungraph writes fixed names (DIR/level.json, DIR/level.png, …), so a run
// that writes fewer formats than the one before would leave the earlier
// run's files, of another level, beside its own. Each run records the files
// it wrote in DIR/.dungraph-files.json: their names, the level file they
// were made from, and their SHA-256. The next run that writes that level
// file removes the recorded files made from it that it does not write
// again, and only while their content is still what dungraph wrote: a file
// the user edited, or one dungraph never recorded, is never removed.
package runfiles
