// The map view: the level's grid map as Tiled JSON (/api/tmj, the bytes
// `dungraph generate --format tmj` writes), drawn one canvas pixel per cell
// in the colour of its tile (the "color" property of the embedded
// tileset's tiles, #AARRGGBB); CSS scales the canvas up without smoothing.

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

// drawMap draws the map's tile layer on canvas.
export function drawMap(canvas, tmj) {
  const layer = tmj.layers.find((l) => l.type === "tilelayer");
  const colors = colorsOf(tmj);
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
