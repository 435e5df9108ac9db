// Package editdist measures how far apart two names are, so that error
// messages can suggest the name a user probably meant.
package editdist
