// The map view: the level's grid map as Tiled JSON (/api/tmj, the bytes
// `dungraph generate --format tmj` writes) in the colour of each cell's
// tile (the "color" property of the embedded tileset's tiles, #AARRGGBB).
// A square map is drawn one canvas pixel per cell, and CSS scales the
// canvas up without smoothing. A hexagonal map (pointy-top, odd rows half a
// tile right: Tiled's staggeraxis "y", staggerindex "odd") is drawn as
// hexagons HEX_WIDTH pixels wide, in the proportions of its tiles.

// colorsOf returns the [r, g, b] of each global tile id.
function colorsOf(tmj) {
  const ts = tmj.tilesets[0];
  const colors = [];
  for (const t of ts.tiles) {
    const p = t.properties.find((p) => p.name === "color");
    if (p) colors[ts.firstgid + t.id] = [3, 5, 7].map((i) => parseInt(p.value.slice(i, i + 2), 16));
  }
  return colors;
}

// HEX_WIDTH is the width in canvas pixels of a hexagonal map's tile.
export const HEX_WIDTH = 8;

// hexGeometry returns where a hexagonal map's tiles lie on the canvas: the
// tile's width w and height h, the height s of its vertical sides and the
// distance between rows, all in canvas pixels, and the canvas's size.
export function hexGeometry(tmj, layer) {
  const k = HEX_WIDTH / tmj.tilewidth;
  const w = HEX_WIDTH, h = tmj.tileheight * k, s = tmj.hexsidelength * k;
  const row = (h + s) / 2;
  return {
    w, h, s, row,
    width: Math.ceil(layer.width * w + w / 2),
    height: Math.ceil((layer.height - 1) * row + h),
  };
}

// drawHex draws a hexagonal map's tile layer, one hexagon per tile.
function drawHex(canvas, tmj, layer, colors) {
  const g = hexGeometry(tmj, layer);
  canvas.width = g.width;
  canvas.height = g.height;
  const ctx = canvas.getContext("2d");
  ctx.clearRect(0, 0, g.width, g.height);
  const top = (g.h - g.s) / 2;
  layer.data.forEach((gid, i) => {
    const x = i % layer.width, y = Math.floor(i / layer.width);
    const left = x * g.w + (y % 2 === 1 ? g.w / 2 : 0), up = y * g.row;
    const c = colors[gid] || [255, 0, 255];
    ctx.fillStyle = `rgb(${c[0]}, ${c[1]}, ${c[2]})`;
    ctx.beginPath();
    ctx.moveTo(left + g.w / 2, up);
    ctx.lineTo(left + g.w, up + top);
    ctx.lineTo(left + g.w, up + top + g.s);
    ctx.lineTo(left + g.w / 2, up + g.h);
    ctx.lineTo(left, up + top + g.s);
    ctx.lineTo(left, up + top);
    ctx.closePath();
    ctx.fill();
  });
  canvas.setAttribute("aria-label", `The level's grid map, ${layer.width} × ${layer.height} hexagons`);
}

// drawMap draws the map's tile layer on canvas.
export function drawMap(canvas, tmj) {
  const layer = tmj.layers.find((l) => l.type === "tilelayer");
  const colors = colorsOf(tmj);
  if (tmj.orientation === "hexagonal") {
    drawHex(canvas, tmj, layer, colors);
    return;
  }
  canvas.width = layer.width;
  canvas.height = layer.height;
  const ctx = canvas.getContext("2d");
  const img = ctx.createImageData(layer.width, layer.height);
  layer.data.forEach((gid, i) => {
    const c = colors[gid] || [255, 0, 255];
    img.data.set([c[0], c[1], c[2], 255], 4 * i);
  });
  ctx.putImageData(img, 0, 0);
  canvas.setAttribute("aria-label", `The level's grid map, ${layer.width} × ${layer.height} cells`);
}

// showMap asks for the map of body's level with post (the page's POST
// helper) and draws it on canvas; a level the map stage cannot draw hides
// the canvas, with the reason as its title. It returns the map, or null.
export async function showMap(canvas, post, body, signal) {
  try {
    const tmj = await (await post("/api/tmj", body, signal)).json();
    if (signal.aborted) return null;
    drawMap(canvas, tmj);
    canvas.hidden = false;
    canvas.title = "";
    return tmj;
  } catch (e) {
    if (e.name === "AbortError") throw e;
    canvas.hidden = true;
    canvas.title = e.message;
    return null;
  }
}
