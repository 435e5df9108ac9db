// Package geom holds the exact geometric predicates that the rule engine and
// the layout share.
//
// Every predicate answers from the sign of a determinant computed exactly: a
// fast floating-point filter decides the common case and an exact rational
// fallback decides the rest, so the answer never depends on rounding, on the
// platform or on whether the compiler fuses a multiply and an add. Touching
// and collinear configurations are answered as such (a zero sign), never by
// an epsilon guess.
package geom
