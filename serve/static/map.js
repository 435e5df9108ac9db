// The map view: the level's grid map as Tiled JSON (/api/tmj, the bytes
// `dungraph generate --format tmj` writes), drawn one canvas pixel per cell
// in the colours of the tileset's tiles (/api/config's map_colors); CSS
// scales the canvas up without smoothing.

// kindsOf returns the kind of each global tile id, from the "kind"
// property of the map's embedded tileset's tiles.
function kindsOf(tmj) {
  const ts = tmj.tilesets[0];
  const kinds = [];
  for (const t of ts.tiles) {
    const p = t.properties.find((p) => p.name === "kind");
    if (p) kinds[ts.firstgid + t.id] = p.value;
  }
  return kinds;
}

function rgb(hex) {
  return [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
}

// drawMap draws the map's tile layer on canvas; colors maps a kind to
// "#rrggbb".
export function drawMap(canvas, tmj, colors) {
  const layer = tmj.layers.find((l) => l.type === "tilelayer");
  const kinds = kindsOf(tmj);
  canvas.width = layer.width;
  canvas.height = layer.height;
  const ctx = canvas.getContext("2d");
  const img = ctx.createImageData(layer.width, layer.height);
  layer.data.forEach((gid, i) => {
    const c = rgb(colors[kinds[gid]] || "#ff00ff");
    img.data.set([c[0], c[1], c[2], 255], 4 * i);
  });
  ctx.putImageData(img, 0, 0);
  canvas.setAttribute("aria-label", `The level's grid map, ${layer.width} × ${layer.height} cells`);
}

// showMap asks for the map of body's level with post (the page's POST
// helper) and draws it on canvas; a level the map stage cannot draw hides
// the canvas, with the reason as its title. It returns the map, or null.
export async function showMap(canvas, post, body, signal, colors) {
  try {
    const tmj = await (await post("/api/tmj", body, signal)).json();
    if (signal.aborted) return null;
    drawMap(canvas, tmj, colors);
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
