package tiled

import (
	"encoding/json"
	"fmt"
	"io"

	"github.com/dungraph/dungraph/gridmap"
)

// The TMJ (Tiled JSON) objects, with the keys Tiled writes, in its order;
// the same structs decode them in the tests.

type jsonMap struct {
	CompressionLevel int           `json:"compressionlevel"`
	Height           int           `json:"height"`
	HexSideLength    int           `json:"hexsidelength,omitempty"`
	Infinite         bool          `json:"infinite"`
	Layers           []jsonLayer   `json:"layers"`
	NextLayerID      int           `json:"nextlayerid"`
	NextObjectID     int           `json:"nextobjectid"`
	Orientation      string        `json:"orientation"`
	Properties       []jsonProp    `json:"properties,omitempty"`
	RenderOrder      string        `json:"renderorder"`
	StaggerAxis      string        `json:"staggeraxis,omitempty"`
	StaggerIndex     string        `json:"staggerindex,omitempty"`
	TiledVersion     string        `json:"tiledversion"`
	TileHeight       int           `json:"tileheight"`
	Tilesets         []jsonTileset `json:"tilesets"`
	TileWidth        int           `json:"tilewidth"`
	Type             string        `json:"type"`
	Version          string        `json:"version"`
	Width            int           `json:"width"`
}

// jsonLayer is a tile layer (Data, Width, Height) or an object group
// (DrawOrder, Objects).
type jsonLayer struct {
	Data      []int        `json:"data,omitempty"`
	DrawOrder string       `json:"draworder,omitempty"`
	Height    int          `json:"height,omitempty"`
	ID        int          `json:"id"`
	Name      string       `json:"name"`
	Objects   []jsonObject `json:"objects,omitempty"`
	Opacity   float64      `json:"opacity"`
	Type      string       `json:"type"`
	Visible   bool         `json:"visible"`
	Width     int          `json:"width,omitempty"`
	X         int          `json:"x"`
	Y         int          `json:"y"`
}

type jsonObject struct {
	Height     float64     `json:"height"`
	ID         int         `json:"id"`
	Name       string      `json:"name"`
	Point      bool        `json:"point,omitempty"`
	Polygon    []jsonPoint `json:"polygon,omitempty"`
	Properties []jsonProp  `json:"properties,omitempty"`
	Rotation   float64     `json:"rotation"`
	Type       string      `json:"type"`
	Visible    bool        `json:"visible"`
	Width      float64     `json:"width"`
	X          float64     `json:"x"`
	Y          float64     `json:"y"`
}

type jsonPoint struct {
	X float64 `json:"x"`
	Y float64 `json:"y"`
}

// jsonProp is a property; Value is the JSON literal of its type: a
// string for string and color, a number or a boolean for the others.
type jsonProp struct {
	Name  string          `json:"name"`
	Type  string          `json:"type"`
	Value json.RawMessage `json:"value"`
}

type jsonTileset struct {
	Columns     int        `json:"columns"`
	FirstGID    int        `json:"firstgid"`
	Image       string     `json:"image"`
	ImageHeight int        `json:"imageheight"`
	ImageWidth  int        `json:"imagewidth"`
	Margin      int        `json:"margin"`
	Name        string     `json:"name"`
	Spacing     int        `json:"spacing"`
	TileCount   int        `json:"tilecount"`
	TileHeight  int        `json:"tileheight"`
	Tiles       []jsonTile `json:"tiles"`
	TileWidth   int        `json:"tilewidth"`
}

type jsonTile struct {
	ID         int        `json:"id"`
	Properties []jsonProp `json:"properties"`
}

func jsonProps(ps []property) ([]jsonProp, error) {
	var out []jsonProp
	for _, p := range ps {
		v := json.RawMessage(p.value)
		if p.typ == "string" || p.typ == "color" {
			b, err := json.Marshal(p.value)
			if err != nil {
				return nil, fmt.Errorf("tiled: property %s: %w", p.name, err)
			}
			v = b
		}
		out = append(out, jsonProp{Name: p.name, Type: p.typ, Value: v})
	}
	return out, nil
}

// WriteTMJ writes m as a Tiled JSON map with its tileset embedded, whose
// image is o.ImageFile() (see WriteTilesetPNG). Embedding the tileset
// lets the JSON loaders that resolve no external tileset (Phaser's, for
// one) read the map whole.
func (o Options) WriteTMJ(w io.Writer, m *gridmap.Map) error {
	t, err := o.build(m)
	if err != nil {
		return err
	}
	j := jsonMap{
		CompressionLevel: -1, Height: t.h, Width: t.w,
		NextLayerID: 3, NextObjectID: len(t.objects) + 1,
		Orientation: t.geom.orientation(), RenderOrder: "right-down",
		TiledVersion: tiledVersion, Version: formatVersion, Type: "map",
		TileWidth: t.geom.tw, TileHeight: t.geom.th,
	}
	if t.geom.hex {
		j.HexSideLength, j.StaggerAxis, j.StaggerIndex = t.geom.side, staggerAxis, staggerIndex
	}
	if j.Properties, err = jsonProps(t.props); err != nil {
		return err
	}
	n := len(t.tileset.tiles)
	ts := jsonTileset{
		Columns: n, FirstGID: 1, Image: o.ImageFile(),
		ImageWidth: t.geom.tw * n, ImageHeight: t.geom.th,
		Name: o.name(), TileCount: n, TileWidth: t.geom.tw, TileHeight: t.geom.th,
	}
	for id, tl := range t.tileset.tiles {
		ps, err := jsonProps(tl.props())
		if err != nil {
			return err
		}
		ts.Tiles = append(ts.Tiles, jsonTile{ID: id, Properties: ps})
	}
	j.Tilesets = []jsonTileset{ts}
	cells := jsonLayer{Data: t.gids, Height: t.h, Width: t.w, ID: 1, Name: cellLayer, Opacity: 1, Type: "tilelayer", Visible: true}
	group := jsonLayer{DrawOrder: "topdown", ID: 2, Name: objectLayer, Opacity: 1, Type: "objectgroup", Visible: true, Objects: []jsonObject{}}
	for _, ob := range t.objects {
		jo := jsonObject{ID: ob.id, Name: ob.name, Type: ob.typ, X: ob.x, Y: ob.y, Width: ob.w, Height: ob.h, Point: ob.point, Visible: true}
		for _, p := range ob.polygon {
			jo.Polygon = append(jo.Polygon, jsonPoint{p[0], p[1]})
		}
		if jo.Properties, err = jsonProps(ob.props); err != nil {
			return err
		}
		group.Objects = append(group.Objects, jo)
	}
	j.Layers = []jsonLayer{cells, group}
	// Compact, as Tiled's "minimize output" writes it: indented, the
	// tile data would take a line per cell.
	b, err := json.Marshal(j)
	if err != nil {
		return fmt.Errorf("tiled: writing the TMJ map: %w", err)
	}
	if _, err := w.Write(append(b, '\n')); err != nil {
		return fmt.Errorf("tiled: writing the TMJ map: %w", err)
	}
	return nil
}
