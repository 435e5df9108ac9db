package tiled

import (
	"encoding/xml"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/dungraph/dungraph/gridmap"
)

// The TMX and TSX elements, as Tiled's reader expects them (see
// docs/exports.md); the same structs decode them in the tests.

type xmlMap struct {
	XMLName      xml.Name `xml:"map"`
	Version      string   `xml:"version,attr"`
	TiledVersion string   `xml:"tiledversion,attr"`
	Orientation  string   `xml:"orientation,attr"`
	RenderOrder  string   `xml:"renderorder,attr"`
	Width        int      `xml:"width,attr"`
	Height       int      `xml:"height,attr"`
	TileWidth    int      `xml:"tilewidth,attr"`
	TileHeight   int      `xml:"tileheight,attr"`
	Infinite     int      `xml:"infinite,attr"`
	// HexSideLength, StaggerAxis and StaggerIndex are a hexagonal map's.
	HexSideLength int            `xml:"hexsidelength,attr,omitempty"`
	StaggerAxis   string         `xml:"staggeraxis,attr,omitempty"`
	StaggerIndex  string         `xml:"staggerindex,attr,omitempty"`
	NextLayerID   int            `xml:"nextlayerid,attr"`
	NextObjectID  int            `xml:"nextobjectid,attr"`
	Properties    *xmlProperties `xml:"properties"`
	Tileset       xmlTilesetRef  `xml:"tileset"`
	Layer         xmlLayer       `xml:"layer"`
	ObjectGroup   xmlObjectGroup `xml:"objectgroup"`
}

type xmlProperties struct {
	Property []xmlProperty `xml:"property"`
}

type xmlProperty struct {
	Name string `xml:"name,attr"`
	// Type is left out for strings, Tiled's default.
	Type  string `xml:"type,attr,omitempty"`
	Value string `xml:"value,attr"`
}

type xmlTilesetRef struct {
	FirstGID int    `xml:"firstgid,attr"`
	Source   string `xml:"source,attr"`
}

type xmlLayer struct {
	ID     int     `xml:"id,attr"`
	Name   string  `xml:"name,attr"`
	Width  int     `xml:"width,attr"`
	Height int     `xml:"height,attr"`
	Data   xmlData `xml:"data"`
}

// xmlData is the layer's CSV, written raw: it holds only digits, commas
// and newlines, which need no escaping, and an escaped newline (&#xA;)
// would make every row one long line.
type xmlData struct {
	Encoding string `xml:"encoding,attr"`
	CSV      string `xml:",innerxml"`
}

type xmlObjectGroup struct {
	ID      int         `xml:"id,attr"`
	Name    string      `xml:"name,attr"`
	Objects []xmlObject `xml:"object"`
}

type xmlObject struct {
	ID         int            `xml:"id,attr"`
	Name       string         `xml:"name,attr,omitempty"`
	Type       string         `xml:"type,attr,omitempty"`
	X          float64        `xml:"x,attr"`
	Y          float64        `xml:"y,attr"`
	Width      float64        `xml:"width,attr,omitempty"`
	Height     float64        `xml:"height,attr,omitempty"`
	Properties *xmlProperties `xml:"properties"`
	Point      *struct{}      `xml:"point"`
	Polygon    *xmlPolygon    `xml:"polygon"`
}

type xmlPolygon struct {
	Points string `xml:"points,attr"`
}

// MarshalXML writes a property through the encoder's tokens rather than
// by reflection: a map has hundreds of properties, and reflecting over
// each was half the TMX writer's time. The bytes are those the struct
// tags give (TestGolden holds them).
func (p xmlProperty) MarshalXML(e *xml.Encoder, start xml.StartElement) error {
	start.Attr = append(start.Attr[:0], xml.Attr{Name: xml.Name{Local: "name"}, Value: p.Name})
	if p.Type != "" {
		start.Attr = append(start.Attr, xml.Attr{Name: xml.Name{Local: "type"}, Value: p.Type})
	}
	start.Attr = append(start.Attr, xml.Attr{Name: xml.Name{Local: "value"}, Value: p.Value})
	if err := e.EncodeToken(start); err != nil {
		return err
	}
	return e.EncodeToken(start.End())
}

type xmlTileset struct {
	XMLName      xml.Name  `xml:"tileset"`
	Version      string    `xml:"version,attr"`
	TiledVersion string    `xml:"tiledversion,attr"`
	Name         string    `xml:"name,attr"`
	TileWidth    int       `xml:"tilewidth,attr"`
	TileHeight   int       `xml:"tileheight,attr"`
	TileCount    int       `xml:"tilecount,attr"`
	Columns      int       `xml:"columns,attr"`
	Image        xmlImage  `xml:"image"`
	Tiles        []xmlTile `xml:"tile"`
}

type xmlImage struct {
	Source string `xml:"source,attr"`
	Width  int    `xml:"width,attr"`
	Height int    `xml:"height,attr"`
}

type xmlTile struct {
	ID         int           `xml:"id,attr"`
	Properties xmlProperties `xml:"properties"`
}

func xmlProps(ps []property) *xmlProperties {
	if len(ps) == 0 {
		return nil
	}
	out := &xmlProperties{}
	for _, p := range ps {
		typ := p.typ
		if typ == "string" {
			typ = ""
		}
		out.Property = append(out.Property, xmlProperty{Name: p.name, Type: typ, Value: p.value})
	}
	return out
}

// csv writes the layer's global tile ids as Tiled does: one row of the map
// per line, every id followed by a comma but the last.
func csv(gids []int, w int) string {
	var b strings.Builder
	// Most ids have one digit: a comma each, a newline per row.
	b.Grow(2*len(gids) + len(gids)/w + 1)
	b.WriteByte('\n')
	for i, g := range gids {
		b.WriteString(strconv.Itoa(g))
		if i < len(gids)-1 {
			b.WriteByte(',')
		}
		if (i+1)%w == 0 {
			b.WriteByte('\n')
		}
	}
	return b.String()
}

// points writes a polygon's points as TMX's "x,y x,y ...".
func points(ps [][2]float64) string {
	var b strings.Builder
	for i, p := range ps {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(strconv.FormatFloat(p[0], 'g', -1, 64))
		b.WriteByte(',')
		b.WriteString(strconv.FormatFloat(p[1], 'g', -1, 64))
	}
	return b.String()
}

// WriteTMX writes m as a TMX map whose tileset is the external
// o.TilesetFile() (see WriteTSX).
func (o Options) WriteTMX(w io.Writer, m *gridmap.Map) error {
	t, err := o.build(m)
	if err != nil {
		return err
	}
	g := t.geom
	x := xmlMap{
		Version: formatVersion, TiledVersion: tiledVersion,
		Orientation: g.orientation(), RenderOrder: "right-down",
		Width: t.w, Height: t.h, TileWidth: g.tw, TileHeight: g.th,
		NextLayerID: 3, NextObjectID: len(t.objects) + 1,
		Properties:  xmlProps(t.props),
		Tileset:     xmlTilesetRef{FirstGID: 1, Source: o.TilesetFile()},
		Layer:       xmlLayer{ID: 1, Name: cellLayer, Width: t.w, Height: t.h, Data: xmlData{Encoding: "csv", CSV: csv(t.gids, t.w)}},
		ObjectGroup: xmlObjectGroup{ID: 2, Name: objectLayer},
	}
	if g.hex {
		x.HexSideLength, x.StaggerAxis, x.StaggerIndex = g.side, staggerAxis, staggerIndex
	}
	for _, ob := range t.objects {
		xo := xmlObject{ID: ob.id, Name: ob.name, Type: ob.typ, X: ob.x, Y: ob.y, Width: ob.w, Height: ob.h, Properties: xmlProps(ob.props)}
		if ob.point {
			xo.Point = &struct{}{}
		}
		if ob.polygon != nil {
			xo.Polygon = &xmlPolygon{Points: points(ob.polygon)}
		}
		x.ObjectGroup.Objects = append(x.ObjectGroup.Objects, xo)
	}
	return writeXML(w, x, "TMX map")
}

// WriteTSX writes m's tileset as a TSX file whose image is o.ImageFile()
// (see WriteTilesetPNG).
func (o Options) WriteTSX(w io.Writer, m *gridmap.Map) error {
	t, err := o.build(m)
	if err != nil {
		return err
	}
	n := len(t.tileset.tiles)
	x := xmlTileset{
		Version: formatVersion, TiledVersion: tiledVersion, Name: o.name(),
		TileWidth: t.geom.tw, TileHeight: t.geom.th, TileCount: n, Columns: n,
		Image: xmlImage{Source: o.ImageFile(), Width: t.geom.tw * n, Height: t.geom.th},
	}
	for id, tl := range t.tileset.tiles {
		x.Tiles = append(x.Tiles, xmlTile{ID: id, Properties: *xmlProps(tl.props())})
	}
	return writeXML(w, x, "TSX tileset")
}

func writeXML(w io.Writer, v any, what string) error {
	if _, err := io.WriteString(w, xml.Header); err != nil {
		return fmt.Errorf("tiled: writing the %s: %w", what, err)
	}
	enc := xml.NewEncoder(w)
	enc.Indent("", " ")
	if err := enc.Encode(v); err != nil {
		return fmt.Errorf("tiled: writing the %s: %w", what, err)
	}
	if _, err := io.WriteString(w, "\n"); err != nil {
		return fmt.Errorf("tiled: writing the %s: %w", what, err)
	}
	return nil
}
