// Package params defines the parameter tables shared by the pipeline's
// stages: Forces, the force-drawing parameters of the construction drawing
// ([layout] in a ruleset) and of the relax pass ([relax]), and Rooms, the
// room sizes ([rooms]). Each table has one definition, with the keys it
// takes in a ruleset (toml tags) and in a level file (json tags), and one
// set of defaults.
//
// The layout package consumes these types directly, the rulesets package
// decodes into them (and checks their ranges, with positions), and the
// level file writes them. Within layout a zero numeric field means its
// default (WithDefaults), so a literal that sets one field is usable.
//
// The package imports nothing of the project, so that every stage can
// depend on it.
//
// # Where to start
//
// Everything is in params.go: Forces with DefaultLayout, DefaultRelax and
// WithDefaults; Rooms with DefaultRooms, WithDefaults and Gap (the
// corridor kept between two rooms' discs); MarshalJSON, which writes a
// table's keys in field order and each float in its shortest form, the
// same on every platform; and MaxCorridorWidth, the one bound that the
// ruleset, the level file and the map stage share.
package params
