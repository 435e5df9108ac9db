// Package hostile writes rulesets made to test the budgets: patterns whose
// matches explode and start rules of thousands of rooms, at any size, so
// that tests can scale them to what they measure. The rulesets of
// level/testdata/hostile are the same shapes at the sizes NOTES.md's table
// of hostile cases uses.
package hostile
