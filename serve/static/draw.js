// Drawing a level, or a frame of its build, as SVG the way render's PNG
// draws it. The tuner (app.js) decides what to draw; this module only draws.

const SVGNS = "http://www.w3.org/2000/svg";
// render's palette and colours.
const PALETTE = ["#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#76b7b2", "#edc948", "#b07aa1",
  "#ff9da7", "#9c755f", "#bab0ac", "#86bcb6", "#d37295", "#8cd17d", "#a0cbe8"];
const WALL = "#4a4037", FLOOR = "#cfc2a8", ENTRANCE = "#2e8b57", GOAL = "#f2c12e";
// The rings of a build step's matched and added vertices.
const MATCH = "#d62728", ADDED = "#1f77b4";
// The walkthrough of a level with locks, as the PNG draws it with --trace.
const WALK = "#1f6fb8", KEY = "#a87a05", LOCK = "#8e1b1b";

// tagColors returns the colour the PNG gives each tag of doc: the tag's
// params.tags.<tag>.color, else render's palette entry at the tag's place in
// the sorted list of the level's tags. Tags the level does not end with (a
// build frame's, among extra) come after them.
export function tagColors(doc, extra) {
  const tags = [...new Set(doc.vertices.map((v) => v.tag))].sort();
  const more = (extra || []).filter((t) => !tags.includes(t)).sort();
  return (t) => {
    const c = doc.params.tags[t] && doc.params.tags[t].color;
    if (c) return c;
    let i = tags.indexOf(t);
    if (i < 0) i = tags.length + Math.max(more.indexOf(t), 0);
    return PALETTE[i % PALETTE.length];
  };
}

function el(name, attrs, parent) {
  const e = document.createElementNS(SVGNS, name);
  for (const k in attrs) e.setAttribute(k, attrs[k]);
  if (parent) parent.append(e);
  return e;
}

// draw draws a scene in svg and its legend in legendBox: rooms as
// rectangles (or, in build frames, vertices as discs), corridors, the
// entrance and goal, and the matched and added vertices of a build step.
// scene.doc is the level (labels, the trace) and scene.color a tag's colour.
export function draw(svg, legendBox, scene) {
  svg.replaceChildren();
  const vs = scene.vertices.filter((v) => v.visible !== false);
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  const extent = scene.view || vs;
  for (const v of extent) {
    const hw = v.r !== undefined ? v.r : v.w / 2, hh = v.r !== undefined ? v.r : v.h / 2;
    x0 = Math.min(x0, v.x - hw); x1 = Math.max(x1, v.x + hw);
    y0 = Math.min(y0, v.y - hh); y1 = Math.max(y1, v.y + hh);
  }
  if (!isFinite(x0)) { x0 = y0 = -1; x1 = y1 = 1; }
  const pad = Math.max(x1 - x0, y1 - y0, 1) * 0.04;
  svg.setAttribute("viewBox", `${x0 - pad} ${y0 - pad} ${x1 - x0 + 2 * pad} ${y1 - y0 + 2 * pad}`);
  const unit = scene.unit;
  const byId = new Map(scene.vertices.map((v) => [v.id, v]));
  const gE = el("g", { "stroke-linecap": "round" }, svg);
  // Corridors as the PNG draws them: a wall-coloured line with a floor-
  // coloured one inside, of fixed widths on screen; cosmetic ones dashed.
  const floors = [];
  for (const e of scene.edges) {
    const a = byId.get(e.a), b = byId.get(e.b);
    if (!a || !b || a.visible === false || b.visible === false) continue;
    const line = { x1: a.x, y1: a.y, x2: b.x, y2: b.y, "vector-effect": "non-scaling-stroke" };
    if (e.cosmetic) {
      el("line", Object.assign(line, { stroke: WALL, "stroke-width": 1.5, "stroke-opacity": 0.5, "stroke-dasharray": "5 4" }), gE);
      continue;
    }
    el("line", Object.assign({}, line, { stroke: WALL, "stroke-width": 6 }), gE);
    floors.push(Object.assign(line, { stroke: e.critical ? "#e0c98f" : FLOOR, "stroke-width": 3.5 }));
  }
  for (const f of floors) el("line", f, gE);
  const gV = el("g", {}, svg);
  for (const v of vs) {
    const fill = scene.color(v.tag);
    let shape;
    if (v.r !== undefined) {
      shape = el("circle", { cx: v.x, cy: v.y, r: v.r, fill, stroke: WALL, "stroke-width": 1.2, "vector-effect": "non-scaling-stroke" }, gV);
    } else {
      shape = el("rect", {
        x: v.x - v.w / 2, y: v.y - v.h / 2, width: v.w, height: v.h, rx: Math.min(v.w, v.h) * 0.06, fill, stroke: WALL,
        "stroke-width": 1.2, "vector-effect": "non-scaling-stroke",
      }, gV);
    }
    if (v.cosmetic) {
      shape.setAttribute("fill-opacity", "0.35");
      shape.setAttribute("stroke-dasharray", "4 3");
    }
    const t = el("title", {}, shape);
    t.textContent = vertexTitle(scene.doc, v);
    v.shape = shape;
  }
  const ring = (v, color, wide) => {
    const r = v.r !== undefined ? v.r * 1.35 : Math.hypot(v.w, v.h) / 2 * 0.75;
    el("circle", { cx: v.x, cy: v.y, r, fill: "none", stroke: color, "stroke-width": wide ? 3.5 : 2.5, "vector-effect": "non-scaling-stroke" }, svg);
  };
  if (scene.match) for (const id of scene.match) { const v = byId.get(id); if (v && v.visible !== false) ring(v, MATCH, false); }
  if (scene.added) for (const id of scene.added) { const v = byId.get(id); if (v && v.visible !== false) ring(v, ADDED, true); }
  if (scene.route) markers(svg, byId, scene.route, unit);
  legend(legendBox, vs, scene);
}

function vertexTitle(doc, v) {
  const label = doc && doc.params.tags[v.tag] ? doc.params.tags[v.tag].label : v.tag;
  let s = `room ${v.id}: ${label}${label !== v.tag ? " (" + v.tag + ")" : ""}`;
  if (v.cosmetic) s += ", cosmetic";
  if (v.createdBy !== undefined && doc) {
    s += v.createdBy < 0 ? "; the start vertex" : `; created by step ${v.createdBy + 1}, rule ${doc.trace.steps[v.createdBy].rule}`;
  }
  return s;
}

// markers draws the entrance (a green play sign) and the goal (a gold
// star), as the PNG does.
function markers(svg, byId, route, unit) {
  const e = byId.get(route.entrance), g = byId.get(route.goal);
  const size = (v) => Math.max(Math.min(v.w !== undefined ? Math.min(v.w, v.h) : 2 * v.r, 1e9) * 0.22, 0.15 * unit);
  if (e && e.visible !== false) {
    const r = size(e), x = e.x - (route.goal === route.entrance ? r : 0), y = e.y;
    const m = el("g", {}, svg);
    el("circle", { cx: x, cy: y, r, fill: "#f6f2e9", stroke: ENTRANCE, "stroke-width": r * 0.18 }, m);
    el("path", { d: `M${x - r * 0.35},${y - r * 0.5} L${x + r * 0.55},${y} L${x - r * 0.35},${y + r * 0.5} Z`, fill: ENTRANCE }, m);
    el("title", {}, m).textContent = `entrance: room ${e.id}`;
  }
  if (g && g.visible !== false) {
    const r = size(g), x = g.x + (route.goal === route.entrance ? r : 0), y = g.y;
    const pts = [];
    for (let i = 0; i < 10; i++) {
      const a = -Math.PI / 2 + i * Math.PI / 5, rr = i % 2 ? r * 0.382 : r;
      pts.push(`${x + rr * Math.cos(a)},${y + rr * Math.sin(a)}`);
    }
    const m = el("polygon", { points: pts.join(" "), fill: GOAL, stroke: "#2b2520", "stroke-width": r * 0.1 }, svg);
    el("title", {}, m).textContent = `goal: room ${g.id}`;
  }
  if (route.solution) walkthrough(svg, byId, route.solution, size);
}

// walkthrough draws a level's solution (route.solution) as the PNG's
// --trace does: the walk as a blue line through the room centres, a key in
// each key room and a padlock in each locked room, each with a tooltip.
function walkthrough(svg, byId, sol, size) {
  const shown = (id) => { const v = byId.get(id); return v && v.visible !== false ? v : null; };
  const pts = [];
  for (const id of sol.walk) { const v = shown(id); if (v) pts.push(`${v.x},${v.y}`); }
  if (pts.length > 1) {
    const w = el("polyline", { points: pts.join(" "), fill: "none", stroke: WALK, "stroke-width": 2.5, "stroke-opacity": 0.8,
      "stroke-linejoin": "round", "vector-effect": "non-scaling-stroke" }, svg);
    el("title", {}, w).textContent = `walkthrough: ${sol.walk.length - 1} steps, ${sol.backtracking} back into rooms entered before`;
  }
  for (const k of sol.keys) {
    const v = shown(k.room);
    if (!v) continue;
    const r = size(v), m = el("g", {}, svg);
    el("circle", { cx: v.x, cy: v.y, r, fill: "#f6f2e9", stroke: KEY, "stroke-width": r * 0.15 }, m);
    el("circle", { cx: v.x - r * 0.35, cy: v.y, r: r * 0.25, fill: "none", stroke: KEY, "stroke-width": r * 0.15 }, m);
    el("path", { d: `M${v.x - r * 0.1},${v.y} H${v.x + r * 0.6} M${v.x + r * 0.45},${v.y} V${v.y + r * 0.3}`, stroke: KEY, "stroke-width": r * 0.15, fill: "none" }, m);
    el("title", {}, m).textContent = `key ${k.tag}: room ${k.room}` + (k.picked >= 0 ? `, picked up at step ${k.picked}` : ", not on the walk");
  }
  for (const l of sol.locks) {
    const v = shown(l.room);
    if (!v) continue;
    const r = size(v), m = el("g", {}, svg);
    el("circle", { cx: v.x, cy: v.y, r, fill: "#f6f2e9", stroke: LOCK, "stroke-width": r * 0.15 }, m);
    el("rect", { x: v.x - r * 0.3, y: v.y - r * 0.55, width: r * 0.6, height: r * 0.6, rx: r * 0.25, fill: "none", stroke: LOCK, "stroke-width": r * 0.13 }, m);
    el("rect", { x: v.x - r * 0.45, y: v.y - r * 0.1, width: r * 0.9, height: r * 0.65, rx: r * 0.1, fill: LOCK }, m);
    const how = l.opened >= 0 ? `, opened at step ${l.opened} with the key of room ${l.key_room}${l.consumed ? " (spent)" : ""}` : ", not opened";
    el("title", {}, m).textContent = `lock ${l.tag} (key ${l.key}): room ${l.room}${how}` + (sol.essential.includes(l.room) ? ", essential" : "");
  }
}

function legend(box, vs, scene) {
  box.replaceChildren();
  const count = new Map();
  for (const v of vs) count.set(v.tag, (count.get(v.tag) || 0) + 1);
  const doc = scene.doc;
  for (const t of [...count.keys()].sort()) {
    const s = document.createElement("span");
    const i = document.createElement("i");
    i.style.background = scene.color(t);
    const label = doc && doc.params.tags[t] ? doc.params.tags[t].label : t;
    s.append(i, `${label}${label !== t ? " (" + t + ")" : ""} × ${count.get(t)}`);
    box.append(s);
  }
  const mark = (color, text, ring) => {
    const s = document.createElement("span");
    const i = document.createElement("i");
    if (ring) { i.className = "ring"; i.style.borderColor = color; } else i.style.background = color;
    s.append(i, text);
    box.append(s);
  };
  if (scene.route) { mark(ENTRANCE, "entrance"); mark(GOAL, "goal"); }
  if (scene.route && scene.route.solution) { mark(WALK, "walkthrough"); mark(KEY, "key", true); mark(LOCK, "lock", true); }
  if (scene.match) { mark(MATCH, "matched", true); mark(ADDED, "added", true); }
}

function unitOf(doc) {
  return Math.max(Number(doc.params.rooms.margin) || 50, 1);
}

// finalScene is the scene of the level doc as generated.
export function finalScene(doc) {
  const critical = new Set();
  const path = doc.route.critical_path;
  for (let i = 1; i < path.length; i++) critical.add(Math.min(path[i - 1], path[i]) + "-" + Math.max(path[i - 1], path[i]));
  return {
    unit: unitOf(doc),
    vertices: doc.vertices.map((v) => ({ id: v.id, tag: v.tag, x: v.x, y: v.y, w: v.w, h: v.h, cosmetic: v.cosmetic, createdBy: v.created_by })),
    edges: doc.edges.map((e) => ({ a: e.a, b: e.b, cosmetic: e.cosmetic, critical: critical.has(e.a + "-" + e.b) })),
    route: doc.route,
    doc,
  };
}
