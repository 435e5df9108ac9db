// The dungraph tuner: picks a ruleset and a seed, offers a control for every
// parameter, and draws the level the server generates. Plain JavaScript and
// SVG; docs/serve.md describes the API it calls. draw.js draws.

import { draw, finalScene, tagColors } from "./draw.js";
import { showMap } from "./map.js";

(function () {
  const DEBOUNCE_MS = 250;
  const TABLES = ["", "build", "layout", "relax", "rooms", "map"];

  const $ = (id) => document.getElementById(id);
  const state = {
    config: null,
    source: null,      // {ruleset} or {ruleset_toml, ruleset_file}
    info: null,        // /api/ruleset: name, source and params of the ruleset
    params: new Map(), // key -> param, with .base: the ruleset's value
    changed: new Map(),// key -> value the user set
    seed: 1,
    doc: null,         // the level, parsed
    docText: "",       // the level, as the server sent it: the JSON download
    tmj: null,         // the level's grid map (Tiled JSON), parsed
    mapCtl: null,      // AbortController of the map view's own request
    elapsed: null,     // generation time in ms (Server-Timing)
    generation: 0,     // levels drawn so far
    timer: null,
    inflight: null,    // AbortController of the generation in flight
    step: { on: false, frames: [], index: 0, timer: null, inflight: null, verified: false, reason: "" },
  };

  // ---- requests ----

  function sourceBody() {
    return Object.assign({}, state.source);
  }

  // request is the body of /api/generate for the page's settings: the set
  // map in sorted key order, as the server applies it.
  function request() {
    const body = sourceBody();
    body.seed = state.seed;
    const set = {};
    for (const k of [...state.changed.keys()].sort()) set[k] = state.changed.get(k);
    body.set = set;
    return body;
  }

  // mapRequest is the level request with the map view's lattice.
  function mapRequest() {
    const body = request();
    body.tiles = $("tiles").value;
    return body;
  }

  async function post(path, body, signal) {
    const res = await fetch(path, {
      method: "POST", headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body), signal,
    });
    if (!res.ok) {
      let err = { error: res.status + " " + res.statusText };
      try { err = await res.json(); } catch (e) { /* not JSON */ }
      const e = new Error(err.error);
      e.status = res.status;
      e.problems = err.problems || [];
      throw e;
    }
    return res;
  }

  function elapsedOf(res) {
    const m = /dur=([0-9.]+)/.exec(res.headers.get("Server-Timing") || "");
    return m ? Number(m[1]) : null;
  }

  function setStatus(s, text) {
    const el = $("status");
    el.dataset.state = s;
    el.textContent = text || "";
  }

  // ---- start-up and the ruleset ----

  async function init() {
    state.config = await (await fetch("/api/config")).json();
    const list = await (await fetch("/api/rulesets")).json();
    const sel = $("ruleset");
    for (const r of list) {
      const o = new Option(r.name, r.name);
      o.title = r.description;
      sel.add(o);
    }
    sel.add(new Option("Custom TOML…", ""));
    if (state.config.ruleset_toml) {
      $("toml").value = state.config.ruleset_toml;
      $("toml-name").value = state.config.ruleset_file;
      sel.value = "";
      $("custom").hidden = false;
      state.source = { ruleset_toml: state.config.ruleset_toml, ruleset_file: state.config.ruleset_file };
    } else {
      sel.value = state.config.ruleset;
      state.source = { ruleset: state.config.ruleset };
    }
    bind();
    await loadRuleset();
  }

  // loadRuleset checks the chosen ruleset, builds its controls and draws
  // its level. The changed parameters are dropped: they belong to the old
  // ruleset.
  async function loadRuleset() {
    $("toml-errors").replaceChildren();
    let info;
    try {
      info = await (await post("/api/ruleset", sourceBody())).json();
    } catch (e) {
      showRulesetError(e);
      return;
    }
    state.info = info;
    $("level").classList.remove("stale");
    state.changed.clear();
    state.params.clear();
    for (const p of info.params) {
      p.base = p.value;
      state.params.set(p.key, p);
    }
    if ("ruleset" in state.source) $("toml").value = info.source;
    buildControls();
    updateCopy();
    generateNow();
  }

  function showRulesetError(e) {
    setStatus("error", "ruleset has problems");
    $("level").classList.add("stale");
    const ol = $("toml-errors");
    ol.replaceChildren();
    const problems = e.problems.length ? e.problems : [{ msg: e.message }];
    for (const p of problems) {
      const li = document.createElement("li");
      li.textContent = p.line ? `${p.file}:${p.line}:${p.col}: ${p.path ? p.path + ": " : ""}${p.msg}` : (p.path ? p.path + ": " : "") + p.msg;
      if (p.source) {
        const pre = document.createElement("pre");
        pre.textContent = p.source;
        li.append(pre);
      }
      if (p.line) li.addEventListener("click", () => selectLine(p.line, p.col));
      ol.append(li);
    }
    $("custom").hidden = false;
    showError(e.message);
  }

  // selectLine puts the TOML editor's caret at line:col.
  function selectLine(line, col) {
    const ta = $("toml");
    const lines = ta.value.split("\n");
    let off = 0;
    for (let i = 0; i < line - 1 && i < lines.length; i++) off += lines[i].length + 1;
    off += Math.max(col - 1, 0);
    ta.focus();
    ta.setSelectionRange(off, off + 1);
    const lh = ta.scrollHeight / Math.max(lines.length, 1);
    ta.scrollTop = Math.max(0, (line - 4) * lh);
  }

  // ---- controls ----

  function groupOrder(g) {
    const i = TABLES.indexOf(g);
    if (i >= 0) return [i, g];
    const kind = g.split(".")[0];
    return [{ tags: 10, rules: 11, groups: 12, passes: 13 }[kind] || 20, g];
  }

  function buildControls() {
    const root = $("params");
    root.replaceChildren();
    const groups = new Map();
    for (const p of state.params.values()) {
      if (!groups.has(p.group)) groups.set(p.group, []);
      groups.get(p.group).push(p);
    }
    const names = [...groups.keys()].sort((a, b) => {
      const [ia, na] = groupOrder(a), [ib, nb] = groupOrder(b);
      return ia - ib || (na < nb ? -1 : na > nb ? 1 : 0);
    });
    let lastKind = "";
    let outer = root;
    for (const g of names) {
      const kind = TABLES.includes(g) ? "" : g.split(".")[0];
      if (kind !== lastKind) {
        // Tags, rules, groups and passes each get a folder of their own.
        const d = document.createElement("details");
        d.dataset.kind = kind;
        const s = document.createElement("summary");
        s.textContent = kind === "tags" ? "Tags" : kind === "rules" ? "Rules (metarules)" : kind;
        d.append(s);
        root.append(d);
        outer = d;
        lastKind = kind;
      }
      const d = document.createElement("details");
      d.dataset.group = g;
      d.open = kind === "";
      const s = document.createElement("summary");
      s.textContent = g === "" ? "Ruleset" : kind === "" ? `[${g}]` : g.slice(kind.length + 1);
      const count = document.createElement("span");
      count.className = "count";
      s.append(" ", count);
      d.append(s);
      for (const p of groups.get(g)) d.append(control(p));
      outer.append(d);
    }
    refreshChanged();
  }

  function fmt(v) {
    if (typeof v === "number") return Number.isInteger(v) ? String(v) : String(Number(v.toPrecision(6)));
    if (typeof v === "string") return v === "" ? "“”" : v;
    return String(v);
  }

  // control makes the row of one parameter.
  function control(p) {
    const row = document.createElement("div");
    row.className = "param";
    row.dataset.key = p.key;
    const label = document.createElement("label");
    label.textContent = p.key.slice(p.key.lastIndexOf(".") + 1);
    label.title = p.key;
    const def = document.createElement("small");
    def.className = "def";
    def.textContent = p.base === p.default ? `default ${fmt(p.default)}` : `ruleset ${fmt(p.base)} · default ${fmt(p.default)}`;
    const reset = document.createElement("button");
    reset.type = "button";
    reset.className = "reset";
    reset.title = "Back to the ruleset's value";
    reset.textContent = "↺";
    reset.addEventListener("click", () => { setValue(p, p.base); syncRow(row, p); });
    row.append(label);
    const id = "p-" + p.key;
    label.htmlFor = id;
    if (p.type === "int" || p.type === "float") {
      const slider = document.createElement("input");
      slider.type = "range";
      slider.className = "slider";
      const num = document.createElement("input");
      num.type = "number";
      num.className = "num";
      num.id = id;
      num.step = p.type === "int" ? "1" : "any";
      const scale = sliderScale(p);
      slider.min = 0; slider.max = scale.steps; slider.step = 1;
      slider.addEventListener("input", () => {
        const v = scale.value(Number(slider.value));
        num.value = v;
        setValue(p, v);
      });
      num.addEventListener("change", () => {
        if (num.value === "" || !isFinite(Number(num.value))) { num.value = current(p); return; }
        const v = p.type === "int" ? Math.round(Number(num.value)) : Number(num.value);
        num.value = v;
        slider.value = scale.pos(v);
        setValue(p, v);
      });
      row._sync = () => { const v = current(p); num.value = v; slider.value = scale.pos(v); };
      row.append(slider, num);
    } else if (p.type === "bool") {
      const box = document.createElement("input");
      box.type = "checkbox";
      box.id = id;
      box.addEventListener("change", () => setValue(p, box.checked));
      row._sync = () => { box.checked = current(p); };
      const wrap = document.createElement("span");
      wrap.className = "wide";
      wrap.append(box);
      row.append(wrap);
    } else if (p.choices) {
      const sel = document.createElement("select");
      sel.id = id;
      for (const c of p.choices) sel.add(new Option(c === "" ? "(none)" : c, c));
      sel.addEventListener("change", () => setValue(p, sel.value));
      row._sync = () => { sel.value = current(p); };
      const wrap = document.createElement("span");
      wrap.className = "wide";
      wrap.append(sel);
      row.append(wrap);
    } else {
      const wrap = document.createElement("span");
      wrap.className = "wide";
      const text = document.createElement("input");
      text.type = "text";
      text.id = id;
      text.addEventListener("change", () => setValue(p, text.value));
      wrap.append(text);
      let color = null;
      if (p.key.endsWith(".color")) {
        color = document.createElement("input");
        color.type = "color";
        color.title = "Pick a colour";
        color.addEventListener("input", () => { text.value = color.value; setValue(p, color.value); });
        wrap.append(color);
      }
      row._sync = () => {
        text.value = current(p);
        if (color) color.value = /^#[0-9a-fA-F]{6}$/.test(current(p)) ? current(p) : state.doc ? tagColors(state.doc)(p.group.slice(5)) : "#bab0ac";
      };
      row.append(wrap);
    }
    row.append(reset, def);
    row._sync();
    return row;
  }

  // sliderScale maps a slider's 0..steps to a parameter's values: integers
  // linearly from 0 or 1 to three times the larger of the ruleset's value
  // and the default; floats logarithmically over two decades around the
  // ruleset's value, rounded to three significant digits. The number box
  // takes any value.
  function sliderScale(p) {
    if (p.type === "int") {
      const lo = (p.base === 0 || p.default === 0) ? 0 : 1;
      const hi = Math.max(10, 3 * Math.max(p.base, p.default));
      return {
        steps: hi - lo,
        value: (s) => lo + s,
        pos: (v) => Math.min(Math.max(v - lo, 0), hi - lo),
      };
    }
    const mid = p.base > 0 ? p.base : p.default > 0 ? p.default : 1;
    const lo = mid / 10, hi = mid * 10, steps = 400;
    return {
      steps,
      value: (s) => Number((lo * Math.pow(hi / lo, s / steps)).toPrecision(3)),
      pos: (v) => v <= lo ? 0 : v >= hi ? steps : Math.round(steps * Math.log(v / lo) / Math.log(hi / lo)),
    };
  }

  function current(p) {
    return state.changed.has(p.key) ? state.changed.get(p.key) : p.base;
  }

  function setValue(p, v) {
    if (v === p.base) state.changed.delete(p.key);
    else state.changed.set(p.key, v);
    refreshChanged();
    updateCopy();
    scheduleGenerate();
  }

  function syncRow(row) { if (row._sync) row._sync(); }

  function refreshChanged() {
    for (const row of document.querySelectorAll("#params .param")) {
      row.classList.toggle("changed", state.changed.has(row.dataset.key));
    }
    for (const d of document.querySelectorAll("#params details[data-group]")) {
      const n = d.querySelectorAll(".param.changed").length;
      d.querySelector("summary .count").textContent = n ? `(${n} changed)` : "";
    }
    $("changed-count").textContent = state.changed.size ? `(${state.changed.size})` : "";
  }

  // ---- generation ----

  function scheduleGenerate() {
    clearTimeout(state.timer);
    if (state.inflight) state.inflight.abort();
    state.timer = setTimeout(generateNow, DEBOUNCE_MS);
  }

  // generateNow asks for the level of the current settings, cancelling the
  // request in flight: the server stops its generation.
  async function generateNow() {
    clearTimeout(state.timer);
    state.timer = null;
    if (state.inflight) state.inflight.abort();
    if (state.mapCtl) state.mapCtl.abort();
    const ctl = new AbortController();
    state.inflight = ctl;
    setStatus("busy");
    $("level").classList.add("stale");
    const t0 = performance.now();
    try {
      const res = await post("/api/generate", request(), ctl.signal);
      const text = await res.text();
      if (ctl.signal.aborted) return;
      state.docText = text;
      state.doc = JSON.parse(text);
      state.elapsed = elapsedOf(res);
      state.generation++;
      $("level").dataset.generation = state.generation;
      showError("");
      markBad([]);
      setStatus("idle", `${Math.round(performance.now() - t0)} ms round trip`);
      if (state.step.on) loadSteps(); else drawFinal();
      showMetrics();
      state.tmj = await showMap($("map"), post, mapRequest(), ctl.signal);
    } catch (e) {
      if (e.name === "AbortError") return;
      setStatus("error", e.status === 422 ? "no valid level" : "error");
      showError(e.message);
      markBad(e.problems || []);
      if (e.status === 422) showMetrics(e.message);
    } finally {
      if (state.inflight === ctl) {
        state.inflight = null;
        $("level").classList.remove("stale");
      }
    }
  }

  // refreshMap draws the map view again on the lattice now picked, for the
  // level on the page.
  async function refreshMap() {
    if (!state.doc) return;
    if (state.mapCtl) state.mapCtl.abort();
    const ctl = new AbortController();
    state.mapCtl = ctl;
    try {
      state.tmj = await showMap($("map"), post, mapRequest(), ctl.signal);
    } catch (e) {
      if (e.name !== "AbortError") showError(e.message);
    } finally {
      if (state.mapCtl === ctl) state.mapCtl = null;
    }
  }

  function showError(msg) {
    const el = $("error");
    el.textContent = msg;
    el.hidden = !msg;
  }

  // markBad marks the controls whose override has a problem.
  function markBad(problems) {
    const bad = new Set(problems.map((p) => p.override ? p.override.split("=")[0] : p.path));
    for (const row of document.querySelectorAll("#params .param")) {
      row.classList.toggle("bad", bad.has(row.dataset.key));
    }
  }

  // show draws a scene of the current level.
  function show(scene) {
    scene.doc = state.doc;
    scene.color = tagColors(state.doc, state.step.on ? state.step.tags : []);
    draw($("level"), $("legend"), scene);
  }

  function drawFinal() {
    if (!state.doc) return;
    show(finalScene(state.doc));
    $("step-caption").textContent = state.step.on ? "The level" : "";
  }

  // ---- metrics ----

  function showMetrics(failure) {
    const dl = $("metrics");
    dl.replaceChildren();
    const row = (k, v, cls) => {
      const dt = document.createElement("dt"), dd = document.createElement("dd");
      dt.textContent = k; dd.textContent = v;
      if (cls) dd.className = cls;
      if (String(v).length > 24) dd.classList.add("long"); // a row of its own; every value wraps
      dl.append(dt, dd);
    };
    const num = (v, d) => v === null || v === undefined ? "—" : Number(v).toFixed(d);
    if (failure) {
      row("valid", "no", "bad");
      const p = state.params.get("build.attempts");
      row("attempts", p ? String(current(p)) + " failed" : "all failed");
      return;
    }
    const doc = state.doc, m = doc.metrics;
    row("valid", "yes", "ok");
    row("attempts", `${m.attempts} of ${doc.params.build.attempts}`);
    row("rooms", m.rooms);
    row("corridors", m.corridors);
    row("crossings before repair", m.construction_crossings);
    row("rejected conflicts", m.rejected_conflicts);
    row("clearance: rooms", num(m.clearance.rooms, 1));
    row("clearance: corridors", num(m.clearance.corridors, 1));
    row("edge-length deviation", num(m.quality.edge_deviation, 3));
    row("stretch (corridor / room)", num(m.quality.stretch, 2));
    row("tail (p99 / median corridor)", num(m.quality.tail, 2));
    row("worst (corridor / room)", num(m.quality.worst, 2));
    row("density (room area / box)", num(m.quality.density, 3));
    row("stress", num(m.quality.stress, 3));
    row("angular resolution", num(m.quality.angular_resolution, 3));
    row("relax iterations", m.relax.iterations);
    row("relax converged", m.relax.converged ? "yes" : "no");
    row("critical path rooms", m.critical_path_rooms);
    row("critical path length", num(m.critical_path_length, 0));
    row("dead ends", m.dead_ends);
    row("max depth", m.max_depth);
    const sol = doc.route.solution;
    if (sol) {
      // The walkthrough of a level with locks (route.solution).
      const rooms = (ids) => ids.length ? ids.join(", ") : "none";
      row("solvable", sol.solvable ? "yes" : "no", sol.solvable ? "ok" : "bad");
      if (sol.solvable) {
        row("walkthrough steps", sol.walk.length - 1);
        row("backtracking", sol.backtracking);
        row("keys picked", sol.keys.map((k) => `${k.room} (step ${k.picked})`).join(", ") || "none");
        row("locks opened", sol.locks.map((l) => `${l.room} with ${l.key_room} (step ${l.opened})`).join(", ") || "none");
        row("essential locks", rooms(sol.essential));
        row("unneeded keys", rooms(sol.unneeded_keys));
        row("locks gating nothing", rooms(sol.idle_locks));
        row("walk", sol.walk.join(" → "));
      } else {
        row("why not", sol.reason, "bad");
      }
    }
    row("build steps", doc.trace.steps.length);
    row("time", state.elapsed === null ? "—" : `${num(state.elapsed, 1)} ms`);
  }

  // ---- step mode ----

  function setStepMode(on) {
    const st = state.step;
    st.on = on;
    $("step-toggle").setAttribute("aria-pressed", String(on));
    $("step-controls").hidden = !on;
    stopPlay();
    if (st.inflight) st.inflight.abort();
    if (!on) {
      $("step-note").hidden = true;
      drawFinal();
      return;
    }
    loadSteps();
  }

  // loadSteps fetches the frames of the build and the relax pass. When the
  // server cannot replay the level, the page plays the trace instead: the
  // rooms appear in the order their rules created them, at their final
  // places.
  async function loadSteps() {
    const st = state.step;
    if (st.inflight) st.inflight.abort();
    const ctl = new AbortController();
    st.inflight = ctl;
    $("step-caption").textContent = "loading the build…";
    let fr = null, reason = "";
    try {
      fr = await (await post("/api/steps", request(), ctl.signal)).json();
      if (!fr.verified) { reason = fr.reason; fr = null; }
    } catch (e) {
      if (e.name === "AbortError") return;
      reason = e.message;
    }
    if (ctl.signal.aborted) return;
    st.inflight = null;
    st.verified = !!fr;
    st.reason = reason;
    st.frames = fr ? replayFrames(fr) : traceFrames();
    st.tags = fr ? fr.tags : [];
    const note = $("step-note");
    note.hidden = false;
    note.textContent = fr
      ? "Build frames show the construction drawing after each rule application; relax frames show the relax pass iteration by iteration."
      : "Playing the trace: rooms appear in the order their rules created them, drawn at their final places with the final corridors between them. (" + reason + ")";
    const slider = $("step-slider");
    slider.max = st.frames.length - 1;
    showFrame(0);
  }

  function replayFrames(fr) {
    const out = fr.build.map((b) => ({ kind: "build", b, tags: fr.tags }));
    out.push({ kind: "finish", b: fr.build[fr.build.length - 1], pos: fr.finish, tags: fr.tags });
    for (const r of fr.relax) out.push({ kind: "relax", r, n: fr.relax[fr.relax.length - 1].iteration, scale: fr.scale, turned: !!fr.turn });
    if (fr.turn) out.push({ kind: "turn", t: fr.turn });
    out.push({ kind: "final" });
    return out;
  }

  function traceFrames() {
    const out = [];
    for (let k = 0; k <= state.doc.trace.steps.length; k++) out.push({ kind: "trace", k });
    out.push({ kind: "final" });
    return out;
  }

  function showFrame(i) {
    const st = state.step;
    i = Math.max(0, Math.min(i, st.frames.length - 1));
    st.index = i;
    $("step-slider").value = i;
    const f = st.frames[i], doc = state.doc, steps = doc.trace.steps;
    const cap = $("step-caption");
    const stepText = (s) => {
      const t = steps[s];
      return `Step ${s + 1} of ${steps.length}: rule “${t.rule}”${t.pass ? " (pass " + t.pass + ")" : ""}, matched ${t.match.join(", ") || "—"}, added ${t.added.join(", ") || "none"}`;
    };
    if (f.kind === "build" || f.kind === "finish") {
      const b = f.b, pos = f.kind === "finish" ? f.pos : b;
      const cos = new Set(b.cosmetic);
      const r = Number(doc.params.layout.edge_length) * 0.18;
      const scene = {
        unit: Number(doc.params.layout.edge_length) / 4,
        vertices: b.tag.map((t, v) => ({ id: v, tag: f.tags[t], x: pos.x[v], y: pos.y[v], r, cosmetic: cos.has(v) })),
        edges: [],
      };
      for (let j = 0; j < b.edges.length; j += 3) scene.edges.push({ a: b.edges[j], b: b.edges[j + 1], cosmetic: b.edges[j + 2] === 1 });
      if (f.kind === "build" && b.step >= 0) { scene.match = steps[b.step].match; scene.added = steps[b.step].added; }
      show(scene);
      cap.textContent = f.kind === "finish" ? "Construction drawing, finished: the graph before rooms"
        : b.step < 0 ? "Start: the start vertex" : stepText(b.step);
    } else if (f.kind === "relax") {
      const scene = finalScene(state.doc);
      const grow = f.r.grow;
      for (const v of scene.vertices) { v.x = f.r.x[v.id]; v.y = f.r.y[v.id]; v.w *= grow; v.h *= grow; }
      scene.view = relaxView();
      show(scene);
      const phase = { inflate: "rooms inflating", settle: "settling at full size", done: f.turned ? "final positions, rounded, before the turn" : "final positions, rounded" }[f.r.phase];
      cap.textContent = `Relax iteration ${f.r.iteration} of ${f.n}, ${phase} (the drawing scaled ×${Number(f.scale).toPrecision(3)}` +
        (grow < 1 ? `, rooms at ${Math.round(100 * grow)}% of their size)` : `)`);
    } else if (f.kind === "turn") {
      // The relax pass's view, so the turn shows as what it is: the
      // drawing of the last relax frame turned about its box's centre.
      const scene = finalScene(state.doc);
      for (const v of scene.vertices) { v.x = f.t.x[v.id]; v.y = f.t.y[v.id]; }
      scene.view = relaxView();
      show(scene);
      cap.textContent = turnCaption(f.t);
    } else if (f.kind === "trace") {
      const scene = finalScene(state.doc);
      for (const v of scene.vertices) v.visible = v.createdBy < f.k;
      scene.route = null;
      if (f.k > 0) { scene.match = steps[f.k - 1].match; scene.added = steps[f.k - 1].added; }
      scene.view = scene.vertices;
      show(scene);
      cap.textContent = f.k === 0 ? "Start: the start vertex" : stepText(f.k - 1);
    } else {
      drawFinal();
      cap.textContent = "The level";
    }
    $("step-play").textContent = st.timer ? "pause" : "play";
  }

  // turnCaption names the turn layout.Orient gave the level, from the
  // cosine and sine the level records (counter-clockwise with y up, so
  // clockwise on the page, whose y points down). Math.atan2 is for this
  // caption only: no angle is part of the level.
  function turnCaption(t) {
    const deg = Math.round(Math.abs(Math.atan2(t.sin, t.cos)) * 180 / Math.PI);
    const dir = t.sin > 0 ? "clockwise" : "counter-clockwise";
    const saved = Math.round(100 * (1 - t.after / t.before));
    return `Turned ${deg} degrees ${dir} to lie along the axes: the rooms' bounding box is ${saved}% smaller (rooms keep their axes)`;
  }

  // relaxView is the extent of every relax frame and the turn, so the
  // camera holds still while the relax pass plays and the level turns.
  function relaxView() {
    const st = state.step;
    if (st._view && st._viewFor === st.frames) return st._view;
    const out = [];
    const doc = state.doc;
    for (const f of st.frames) {
      const p = f.kind === "relax" ? f.r : f.kind === "turn" ? f.t : null;
      if (!p) continue;
      for (const v of doc.vertices) out.push({ x: p.x[v.id], y: p.y[v.id], w: v.w, h: v.h });
    }
    st._view = out;
    st._viewFor = st.frames;
    return out;
  }

  function stopPlay() {
    clearTimeout(state.step.timer);
    state.step.timer = null;
    $("step-play").textContent = "play";
  }

  function play() {
    const st = state.step;
    if (st.timer) { stopPlay(); return; }
    if (st.index >= st.frames.length - 1) showFrame(0);
    const tick = () => {
      if (st.index >= st.frames.length - 1) { stopPlay(); return; }
      showFrame(st.index + 1);
      const kind = st.frames[st.index].kind;
      st.timer = setTimeout(tick, kind === "relax" ? 40 : kind === "turn" ? 1500 : 450);
      $("step-play").textContent = "pause";
    };
    st.timer = setTimeout(tick, 0);
    $("step-play").textContent = "pause";
  }

  // ---- downloads and copies ----

  function fileBase() {
    const name = state.doc ? state.doc.ruleset.name : (state.info ? state.info.name : "level");
    return `${name}-seed${state.seed}`;
  }

  function save(blob, name) {
    const a = document.createElement("a");
    a.href = URL.createObjectURL(blob);
    a.download = name;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 10000);
  }

  async function download(kind) {
    try {
      if (kind === "json") {
        if (!state.docText) return;
        save(new Blob([state.docText], { type: "application/json" }), fileBase() + ".json");
        return;
      }
      setStatus("busy");
      const body = request();
      if (kind === "png") body.size = 1600;
      if (kind === "variations") body.layer = "variations";
      const res = await post(kind === "png" ? "/api/png" : "/api/text", body);
      save(await res.blob(), fileBase() + { png: ".png", text: ".txt", variations: ".variations.txt" }[kind]);
      setStatus("idle", "downloaded");
    } catch (e) {
      setStatus("error", "download failed");
      showError(e.message);
    }
  }

  // shellQuote quotes a --set argument for a POSIX shell when it needs it.
  function shellQuote(s) {
    return /^[A-Za-z0-9_.,:=+\-#\/@%]+$/.test(s) ? s : "'" + s.replace(/'/g, "'\\''") + "'";
  }


  function flagsText() {
    const keys = [...state.changed.keys()].sort();
    const rs = "ruleset" in state.source ? state.source.ruleset : ($("toml-name").value || "mine.toml");
    const parts = ["dungraph generate --ruleset " + shellQuote(rs) + " --seed " + state.seed];
    for (const k of keys) parts.push("--set " + shellQuote(k + "=" + String(state.changed.get(k))));
    return parts.join(" \\\n  ");
  }

  function tomlValue(v) {
    if (typeof v === "string") return JSON.stringify(v);
    return String(v);
  }

  // tomlText writes the changes as TOML tables to paste in the ruleset.
  // Rules, groups and passes are [[arrays]] keyed by name, which a snippet
  // cannot address: they are written as comments.
  function tomlText() {
    const keys = [...state.changed.keys()].sort();
    const lines = [];
    const tables = new Map();
    const notes = [];
    for (const k of keys) {
      const v = state.changed.get(k);
      const i = k.lastIndexOf(".");
      if (i < 0) { lines.push(`${k} = ${tomlValue(v)}`); continue; }
      const table = k.slice(0, i), key = k.slice(i + 1);
      const kind = table.split(".")[0];
      if (kind === "rules" || kind === "groups" || kind === "passes") {
        const name = table.slice(kind.length + 1);
        notes.push(`# in the [[${kind}]] entry with name = ${JSON.stringify(name)}: ${key} = ${tomlValue(v)}`);
        continue;
      }
      if (!tables.has(table)) tables.set(table, []);
      tables.get(table).push(`${key} = ${tomlValue(v)}`);
    }
    for (const [t, kv] of tables) {
      if (lines.length) lines.push("");
      lines.push(`[${t}]`, ...kv);
    }
    if (notes.length) { if (lines.length) lines.push(""); lines.push(...notes); }
    return lines.join("\n");
  }

  function updateCopy() {
    $("copy-out").value = state.changed.size ? flagsText() : "";
  }

  async function copy(text) {
    const out = $("copy-out");
    out.value = text;
    try {
      await navigator.clipboard.writeText(text);
      setStatus("idle", "copied");
    } catch (e) {
      out.focus();
      out.select();
      setStatus("idle", "select and copy the text below");
    }
  }

  // ---- events ----

  function setSeed(s) {
    s = Math.floor(Number(s));
    if (!isFinite(s) || s < 0) s = 0;
    s = Math.min(s, Number.MAX_SAFE_INTEGER);
    state.seed = s;
    $("seed").value = s;
    updateCopy();
    scheduleGenerate();
  }

  function bind() {
    state.seed = Number($("seed").value);
    $("ruleset").addEventListener("change", () => {
      const v = $("ruleset").value;
      if (v === "") {
        $("custom").hidden = false;
        $("toml").focus();
        return;
      }
      $("custom").hidden = true;
      state.source = { ruleset: v };
      loadRuleset();
    });
    $("toml-load").addEventListener("click", () => {
      state.source = { ruleset_toml: $("toml").value, ruleset_file: $("toml-name").value || "mine.toml" };
      $("ruleset").value = "";
      loadRuleset();
    });
    $("toml").addEventListener("keydown", (e) => {
      if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) $("toml-load").click();
    });
    $("toml-file").addEventListener("change", async () => {
      const f = $("toml-file").files[0];
      if (!f) return;
      $("toml").value = await f.text();
      $("toml-name").value = f.name;
      $("toml-load").click();
    });
    $("seed").addEventListener("change", () => setSeed($("seed").value));
    $("tiles").addEventListener("change", refreshMap);
    $("seed-prev").addEventListener("click", () => setSeed(Math.max(state.seed - 1, 0)));
    $("seed-next").addEventListener("click", () => setSeed(state.seed + 1));
    $("seed-random").addEventListener("click", () => setSeed(Math.floor(Math.random() * 1e9)));
    $("step-toggle").addEventListener("click", () => setStepMode(!state.step.on));
    $("step-first").addEventListener("click", () => { stopPlay(); showFrame(0); });
    $("step-prev").addEventListener("click", () => { stopPlay(); showFrame(state.step.index - 1); });
    $("step-next").addEventListener("click", () => { stopPlay(); showFrame(state.step.index + 1); });
    $("step-last").addEventListener("click", () => { stopPlay(); showFrame(state.step.frames.length - 1); });
    $("step-play").addEventListener("click", play);
    $("step-slider").addEventListener("input", () => { stopPlay(); showFrame(Number($("step-slider").value)); });
    document.addEventListener("keydown", (e) => {
      if (!state.step.on || /^(INPUT|TEXTAREA|SELECT)$/.test(document.activeElement.tagName)) return;
      if (e.key === "ArrowRight") { stopPlay(); showFrame(state.step.index + 1); e.preventDefault(); }
      if (e.key === "ArrowLeft") { stopPlay(); showFrame(state.step.index - 1); e.preventDefault(); }
      if (e.key === " ") { play(); e.preventDefault(); }
    });
    $("download-png").addEventListener("click", () => download("png"));
    $("download-json").addEventListener("click", () => download("json"));
    $("download-text").addEventListener("click", () => download("text"));
    $("download-variations").addEventListener("click", () => download("variations"));
    $("copy-flags").addEventListener("click", () => copy(flagsText()));
    $("copy-toml").addEventListener("click", () => copy(tomlText()));
    $("reset-all").addEventListener("click", () => {
      state.changed.clear();
      for (const row of document.querySelectorAll("#params .param")) syncRow(row);
      refreshChanged();
      updateCopy();
      scheduleGenerate();
    });
  }

  // The browser test drives the page through these.
  window.tuner = { state, request, flagsText, tomlText };
  init().catch((e) => { setStatus("error", "failed to start"); showError(String(e)); });
})();
