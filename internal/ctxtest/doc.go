// Package ctxtest holds a context for the tests of code that looks at its
// context as it works (a load, a compile, a search): a Countdown is done
// from its Nth look on and counts the looks, so that a test can stop the
// code at each of its looks in turn, wherever they fall, and check that
// the code returns the context's error and does not look again.
package ctxtest
