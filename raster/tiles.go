package raster

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
)

// TilesFormat is the value of a tile document's "format" key.
const TilesFormat = "dungraph.tiles"

// TilesVersion is the version of the tile format.
const TilesVersion = 1

// TileDocument is a grid in the JSON tile format. Its fields are written in
// the order they are declared here.
type TileDocument struct {
	Format  string `json:"format"`
	Version int    `json:"version"`
	// Lattice is "square" or "hex".
	Lattice string  `json:"lattice"`
	Cell    float64 `json:"cell"`
	Width   int     `json:"width"`
	Height  int     `json:"height"`
	// Entrance and Goal are the spawn and goal tiles.
	Entrance TileCoord `json:"entrance"`
	Goal     TileCoord `json:"goal"`
	// Tiles holds every tile of the grid, in row-major order: by r, then
	// by q.
	Tiles []TileJSON `json:"tiles"`
}

// TileCoord is a tile's coordinates in the tile format.
type TileCoord struct {
	Q int `json:"q"`
	R int `json:"r"`
}

// TileJSON is one tile in the tile format.
type TileJSON struct {
	Q int `json:"q"`
	R int `json:"r"`
	// Kind is "wall", "floor", "corridor", "door", "entrance" or "goal";
	// the entrance and goal are floor tiles of their rooms.
	Kind string `json:"kind"`
	// Room is the room ID of a floor tile, or of the room a door opens
	// into; -1 otherwise.
	Room int `json:"room"`
	// Corridor is the corridor index of a corridor or door tile; -1
	// otherwise.
	Corridor int `json:"corridor"`
	// Tag is the tag of a floor tile's room, left out when empty.
	Tag string `json:"tag,omitempty"`
	// Door is "up-down" or "left-right" for doors on the square lattice,
	// left out otherwise.
	Door string `json:"door,omitempty"`
}

// Tiles returns the grid in the tile format.
func (g *Grid) Tiles() *TileDocument {
	d := &TileDocument{
		Format: TilesFormat, Version: TilesVersion,
		Lattice: g.Lattice.String(), Cell: g.Cell,
		Width: g.Width, Height: g.Height,
		Entrance: TileCoord{g.Entrance.Q, g.Entrance.R},
		Goal:     TileCoord{g.Goal.Q, g.Goal.R},
		Tiles:    make([]TileJSON, 0, len(g.cells)),
	}
	for c, t := range g.All() {
		kind := t.Kind.String()
		switch c {
		case g.Entrance:
			kind = "entrance"
		case g.Goal:
			kind = "goal"
		}
		d.Tiles = append(d.Tiles, TileJSON{Q: c.Q, R: c.R, Kind: kind, Room: t.Room, Corridor: t.Corridor, Tag: t.Tag, Door: t.Door.String()})
	}
	return d
}

// WriteTilesJSON writes the grid in the tile format: the document's keys
// in a fixed order, one tile per line. The same grid gives the same bytes
// on every platform.
func (g *Grid) WriteTilesJSON(w io.Writer) error {
	d := g.Tiles()
	tiles := d.Tiles
	d.Tiles = nil
	head, err := json.Marshal(d)
	if err != nil {
		return fmt.Errorf("raster: encoding tiles: %w", err)
	}
	// head ends in "tiles":null}; the tiles go where the null was.
	const null = "null}"
	bw := bufio.NewWriter(w)
	bw.Write(head[:len(head)-len(null)])
	bw.WriteString("[")
	for i, t := range tiles {
		line, err := json.Marshal(t)
		if err != nil {
			return fmt.Errorf("raster: encoding tiles: %w", err)
		}
		if i > 0 {
			bw.WriteString(",")
		}
		bw.WriteString("\n")
		bw.Write(line)
	}
	bw.WriteString("\n]}\n")
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("raster: writing tiles: %w", err)
	}
	return nil
}
