package render

import (
	"image/color"

	"github.com/dungraph/dungraph/levelfile"
)

// MapColors are the colours of a grid map's cells in pictures of it, one
// per kind of cell.
type MapColors struct {
	Wall, Floor, Corridor, Door, Entrance, Goal color.RGBA
}

// DefaultMapColors returns the previews' palette for map cells: walls and
// floors as the previews draw walls and room floors, corridors a shade
// darker than floors so that they read as passages, doors white as in the
// tile pictures, and the entrance and goal in the previews' markers'
// colours. A map drawn in them reads like the level's preview.
func DefaultMapColors() MapColors {
	return MapColors{
		Wall:     wallColor,
		Floor:    floorColor,
		Corridor: shade(floorColor, 0.8),
		Door:     tileDoorColor,
		Entrance: entranceColor,
		Goal:     goalColor,
	}
}

// TagColors returns the fill colour of each of tags as the previews draw
// it: the colour d's params.tags gives it, else the default palette's, by
// the tag's place in the sorted list of tags.
func TagColors(d *levelfile.Document, tags []string) map[string]color.RGBA { return tagColors(d, tags) }
