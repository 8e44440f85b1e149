// The tree view drawn in the browser: one canvas, pan and zoom (mouse, wheel, touch, pinch),
// labels drawn only where they fit (readable at every zoom, hover text always), an overview
// map, click to select, double-click or the ± tab to collapse and expand.
//
// A Streamlit component (components.v1, served from this folder, no build step) speaking the
// component protocol by postMessage: Streamlit sends "streamlit:render" with the arguments on
// every rerun; the view (pan and zoom) survives them, and the tree description is parsed again
// only when its digest changes. A click sends {event, id, n} as the component's value. Every
// text comes from the data and is drawn with fillText or set as textContent: never parsed as
// HTML.

const HIGHLIGHT = "#C2185B";
const FOCUS = "#EF6C00";
const EDGE = "#9a9a9a";
const GREY_FILL = "#eeeeee";
const GREY_TEXT = "#9e9e9e";
const INTERNAL = 0, LEAF = 1, WAITING = 2, COLLAPSED = 3;

function decode(data) {
  if (typeof data === "string") return data;
  if (data instanceof ArrayBuffer) return new TextDecoder().decode(new Uint8Array(data));
  if (ArrayBuffer.isView(data)) {
    return new TextDecoder().decode(new Uint8Array(data.buffer, data.byteOffset, data.byteLength));
  }
  return null;
}

function clamp(v, lo, hi) { return Math.max(lo, Math.min(hi, v)); }

function inkOn(fill) {                            // dark text on a light fill, white on dark
  const n = parseInt(fill.slice(1), 16);
  const lum = (0.299 * (n >> 16) + 0.587 * ((n >> 8) & 255) + 0.114 * (n & 255)) / 255;
  return lum < 0.5 ? "#ffffff" : "#1b1b1b";
}

class TreeView {
  constructor(parent) {
    this.root = parent.querySelector(".tv");
    this.canvas = parent.querySelector(".tv-main");
    this.mini = parent.querySelector(".tv-mini");
    this.tip = parent.querySelector(".tv-tip");
    this.ctx = this.canvas.getContext("2d");
    this.mctx = this.mini.getContext("2d");
    this.root.__tv = this;
    this.model = null;
    this.digest = null;
    this.treeKey = null;
    this.head = {};
    this.view = { z: 1, tx: 0, ty: 0 };
    this.moved = false;              // the user has panned or zoomed since the last fit
    this.selected = null;
    this.pathSet = new Set();
    this.pointers = new Map();
    this.frame = 0;
    this.listen();
    this.observer = new ResizeObserver(() => this.resize());
    this.observer.observe(this.root);
  }

  // ------------------------------------------------------------------ data
  update(head, body) {
    if (head.digest !== this.digest) {
      const text = decode(body);
      if (text == null) return;
      this.setModel(JSON.parse(text));
      this.digest = head.digest;
    }
    const newTree = head.tree !== this.treeKey;
    const newSelection = head.selected !== this.head.selected;
    this.treeKey = head.tree;
    this.head = head;
    this.scale = head.scale || 1;
    this.root.dataset.scale = String(this.scale);
    this.root.style.height = (head.height || 520) + "px";
    this.root.classList.toggle("tv-large", this.scale > 1);
    this.setSelected(head.selected);
    this.focus = head.focus;
    this.sizeCanvas();
    if (newTree) this.moved = false;
    if (!this.moved) this.fit();
    // a node selected elsewhere (picker, path, a new step) is brought into view, readable
    if (newSelection && !newTree && head.selected != null) this.reveal(head.selected);
    this.renderMini();
    this.draw();
  }

  setModel(m) {
    const n = m.ids.length;
    m.n = n;
    m.index = new Map();
    for (let i = 0; i < n; i++) m.index.set(m.ids[i], i);
    let maxDepth = 0, minX = Infinity, maxX = -Infinity;
    for (let i = 0; i < n; i++) {
      maxDepth = Math.max(maxDepth, m.depth[i]);
      minX = Math.min(minX, m.x[i]);
      maxX = Math.max(maxX, m.x[i]);
    }
    m.maxDepth = maxDepth;
    m.minX = n ? minX : 0;
    m.maxX = n ? maxX : 0;
    m.levels = [];
    for (let d = 0; d <= maxDepth; d++) m.levels.push([]);
    for (let i = 0; i < n; i++) m.levels[m.depth[i]].push(i);
    for (const level of m.levels) level.sort((a, b) => m.x[a] - m.x[b]);
    m.levelX = m.levels.map((level) => Float64Array.from(level, (i) => m.x[i]));
    this.model = m;
    this.root.dataset.nodes = String(n);
  }

  setSelected(id) {
    this.selected = id;
    this.pathSet = new Set();
    const m = this.model;
    if (!m || id == null || !m.index.has(id)) return;
    for (let i = m.index.get(id); i >= 0; i = m.parent[i]) this.pathSet.add(i);
    this.root.dataset.selected = String(id);
  }

  // ------------------------------------------------------------------ geometry
  get fontPx() { return 12 * this.scale; }
  get lineH() { return Math.round(this.fontPx * 1.3); }
  get boxH() { return 3 * this.lineH + 8 * this.scale; }
  get fullW() { return 170 * this.scale; }          // widest box drawn
  leastZy() {                                        // levels close enough to fit in height
    const m = this.model;
    const H = this.canvas.clientHeight || 400;
    return Math.max(8, (H - 60 * this.scale) / ((m ? m.maxDepth : 0) + 0.6));
  }
  zy(z) {                                            // pixels per level at zoom z
    const most = this.boxH + 40 * this.scale;
    return clamp(z * 0.8, Math.min(most, this.leastZy()), most);
  }
  lod(z = this.view.z) {                             // 0 dots, 1 titles, 2 full boxes
    const w = z * 0.92, h = this.zy(z);
    if (w >= 105 * this.scale && h >= this.boxH + 18 * this.scale) return 2;
    if (w >= 58 * this.scale && h >= this.lineH + 22 * this.scale) return 1;
    return 0;
  }
  boxSize(lod, z = this.view.z) {
    const w = z * 0.92;
    if (lod === 2) return [Math.min(w, this.fullW), this.boxH];
    if (lod === 1) return [Math.min(w, this.fullW), this.lineH + 8 * this.scale];
    return [clamp(z * 0.7, 2.5, 9), clamp(this.zy(z) * 0.45, 2.5, 9)];
  }
  sx(i) { return this.model.x[i] * this.view.z + this.view.tx; }
  sy(i) { return this.model.depth[i] * this.zy(this.view.z) + this.view.ty; }
  toWorld(px, py) {
    return [(px - this.view.tx) / this.view.z, (py - this.view.ty) / this.zy(this.view.z)];
  }

  sizeCanvas() {
    const dpr = window.devicePixelRatio || 1;
    const w = this.canvas.clientWidth, h = this.canvas.clientHeight;
    if (this.canvas.width !== Math.round(w * dpr) || this.canvas.height !== Math.round(h * dpr)) {
      this.canvas.width = Math.round(w * dpr);
      this.canvas.height = Math.round(h * dpr);
    }
    this.dpr = dpr;
  }

  resize() {
    this.sizeCanvas();
    if (!this.moved) this.fit();
    this.renderMini();
    this.draw();
  }

  fit() {
    const m = this.model;
    if (!m) return;
    const W = this.canvas.clientWidth || 600, H = this.canvas.clientHeight || 400;
    const span = m.maxX - m.minX + 1;
    let z = clamp((W - 24) / span, 0.01, this.fullW / 0.92);
    // a small tree: no larger than needed for full boxes, and short enough to fit in height
    for (let k = 0; k < 40; k++) {
      const zy = this.zy(z);
      if (m.maxDepth * zy + this.boxSize(this.lod(z), z)[1] <= H - 16) break;
      if (zy <= Math.min(this.boxH + 40 * this.scale, this.leastZy()) + 1e-9) break;
      z *= 0.9;
    }
    this.view.z = z;
    const zy = this.zy(z);
    const treeH = m.maxDepth * zy;
    const lod = this.lod();
    const top = lod ? this.boxSize(lod)[1] / 2 + 10 * this.scale : 14;
    this.view.tx = (W - (m.minX + m.maxX) * z) / 2;
    this.view.ty = Math.max(top, (H - treeH) / 2 - (lod === 2 ? 0 : 0));
    if (treeH + top + 12 > H) this.view.ty = top;
    this.moved = false;
    this.root.dataset.zoom = z.toFixed(3);
  }

  zoomAt(px, py, factor) {
    const [wx, wy] = this.toWorld(px, py);
    const z = clamp(this.view.z * factor, 0.01, 450 * this.scale);
    this.view.z = z;
    this.view.tx = px - wx * z;
    this.view.ty = py - wy * this.zy(z);
    this.moved = true;
    this.root.dataset.zoom = z.toFixed(3);
    this.schedule();
  }

  centerOn(i, z) {
    const W = this.canvas.clientWidth, H = this.canvas.clientHeight;
    if (z) this.view.z = z;
    this.view.tx = W / 2 - this.model.x[i] * this.view.z;
    this.view.ty = H / 2 - this.model.depth[i] * this.zy(this.view.z);
    this.root.dataset.zoom = this.view.z.toFixed(3);
  }

  reveal(id) {                                      // bring the node into view, readable
    const m = this.model;
    if (!m || !m.index.has(id)) return;
    const i = m.index.get(id);
    const x = this.sx(i), y = this.sy(i);
    const W = this.canvas.clientWidth, H = this.canvas.clientHeight;
    const readable = 150 * this.scale / 0.92;
    if (x < 20 || x > W - 20 || y < 20 || y > H - 20 || this.lod() === 0) {
      this.centerOn(i, this.lod() === 0 ? Math.max(this.view.z, readable) : null);
      this.moved = true;
    }
  }

  screenPoint(id) {                                 // where node ``id`` is drawn (tests, tools)
    const m = this.model;
    if (!m || !m.index.has(id)) return null;
    const i = m.index.get(id);
    return [this.sx(i), this.sy(i)];
  }

  // ------------------------------------------------------------------ hit testing
  nearest(level, wx) {
    const xs = this.model.levelX[level];
    let lo = 0, hi = xs.length - 1;
    if (hi < 0) return -1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (xs[mid] < wx) lo = mid + 1; else hi = mid;
    }
    if (lo > 0 && Math.abs(xs[lo - 1] - wx) < Math.abs(xs[lo] - wx)) lo -= 1;
    return this.model.levels[level][lo];
  }

  hit(px, py) {                                     // [node index, "node" | "toggle"] or null
    const m = this.model;
    if (!m || !m.n) return null;
    const lod = this.lod();
    const [bw, bh] = this.boxSize(lod);
    const zy = this.zy(this.view.z);
    const d = Math.round((py - this.view.ty) / zy);
    for (const level of [d, d - 1]) {
      if (level < 0 || level > m.maxDepth) continue;
      const i = this.nearest(level, (px - this.view.tx) / this.view.z);
      if (i < 0) continue;
      const x = this.sx(i), y = this.sy(i);
      const halfW = Math.max(bw / 2, 5), halfH = Math.max(bh / 2, 5);
      if (Math.abs(px - x) <= halfW && Math.abs(py - y) <= halfH) return [i, "node"];
      if (lod && m.kind[i] !== LEAF && m.kind[i] !== WAITING) {
        const t = this.tabRect(i, lod);
        if (px >= t[0] && px <= t[0] + t[2] && py >= t[1] && py <= t[1] + t[3]) return [i, "toggle"];
      }
    }
    return null;
  }

  tabRect(i, lod) {
    const [, bh] = this.boxSize(lod);
    const w = (this.model.kind[i] === COLLAPSED ? 64 : 22) * this.scale, h = 14 * this.scale;
    return [this.sx(i) - w / 2, this.sy(i) + bh / 2, w, h];
  }

  // ------------------------------------------------------------------ input
  listen() {
    const c = this.canvas;
    this.handlers = {
      wheel: (e) => {
        e.preventDefault();
        const r = c.getBoundingClientRect();
        this.zoomAt(e.clientX - r.left, e.clientY - r.top, Math.exp(-e.deltaY * 0.0015));
      },
      down: (e) => {
        c.setPointerCapture(e.pointerId);
        const r = c.getBoundingClientRect();
        this.pointers.set(e.pointerId, { x: e.clientX - r.left, y: e.clientY - r.top });
        this.press = { x: e.clientX, y: e.clientY, tx: this.view.tx, ty: this.view.ty,
                       travel: 0 };
        if (this.pointers.size === 2) this.pinch = this.pinchState();
      },
      move: (e) => {
        const r = c.getBoundingClientRect();
        const px = e.clientX - r.left, py = e.clientY - r.top;
        if (!this.pointers.has(e.pointerId)) { this.hover(px, py); return; }
        this.pointers.set(e.pointerId, { x: px, y: py });
        if (this.pointers.size >= 2 && this.pinch) {
          const now = this.pinchState();
          this.zoomAt(now.cx, now.cy, now.dist / Math.max(this.pinch.dist, 1));
          this.view.tx += now.cx - this.pinch.cx;
          this.view.ty += now.cy - this.pinch.cy;
          this.pinch = now;
          this.press.travel = 99;
          return;
        }
        if (!this.press) return;
        const dx = e.clientX - this.press.x, dy = e.clientY - this.press.y;
        this.press.travel = Math.max(this.press.travel, Math.hypot(dx, dy));
        if (this.press.travel > 4) {
          this.view.tx = this.press.tx + dx;
          this.view.ty = this.press.ty + dy;
          this.moved = true;
          this.tip.hidden = true;
          c.style.cursor = "grabbing";
          this.schedule();
        }
      },
      up: (e) => {
        const r = c.getBoundingClientRect();
        const wasClick = this.press && this.press.travel <= 4 && this.pointers.size === 1;
        this.pointers.delete(e.pointerId);
        if (this.pointers.size < 2) this.pinch = null;
        c.style.cursor = "";
        if (wasClick) this.click(e.clientX - r.left, e.clientY - r.top, e.detail);
        if (!this.pointers.size) this.press = null;
      },
      leave: () => { this.tip.hidden = true; },
      dbl: (e) => {
        const r = c.getBoundingClientRect();
        const h = this.hit(e.clientX - r.left, e.clientY - r.top);
        if (h && this.model.kind[h[0]] !== LEAF && this.model.kind[h[0]] !== WAITING) {
          this.send("toggle", this.model.ids[h[0]]);
        }
      },
      key: (e) => {
        const W = c.clientWidth, H = c.clientHeight;
        if (e.key === "+" || e.key === "=") this.zoomAt(W / 2, H / 2, 1.25);
        else if (e.key === "-") this.zoomAt(W / 2, H / 2, 0.8);
        else if (e.key === "0") { this.fit(); this.draw(); }
        else return;
        e.preventDefault();
      },
      tools: (e) => {
        const act = e.target.closest("button")?.dataset.act;
        const W = c.clientWidth, H = c.clientHeight;
        if (act === "fit") { this.fit(); this.renderMini(); this.draw(); }
        else if (act === "in") this.zoomAt(W / 2, H / 2, 1.4);
        else if (act === "out") this.zoomAt(W / 2, H / 2, 1 / 1.4);
        else if (act === "map") {
          this.wantMini = this.mini.hidden || this.mini.style.visibility === "hidden";
          this.mini.hidden = !this.wantMini;
          this.draw();
        }
      },
      mini: (e) => {
        if (e.type === "pointerdown") this.mini.setPointerCapture(e.pointerId);
        if (e.type === "pointermove" && !e.buttons) return;
        const r = this.mini.getBoundingClientRect();
        const [wx, wy] = this.miniToWorld(e.clientX - r.left, e.clientY - r.top);
        const W = c.clientWidth, H = c.clientHeight;
        this.view.tx = W / 2 - wx * this.view.z;
        this.view.ty = H / 2 - wy * this.zy(this.view.z);
        this.moved = true;
        this.schedule();
      },
    };
    const h = this.handlers;
    c.addEventListener("wheel", h.wheel, { passive: false });
    c.addEventListener("pointerdown", h.down);
    c.addEventListener("pointermove", h.move);
    c.addEventListener("pointerup", h.up);
    c.addEventListener("pointercancel", h.up);
    c.addEventListener("pointerleave", h.leave);
    c.addEventListener("dblclick", h.dbl);
    this.root.addEventListener("keydown", h.key);
    this.root.querySelector(".tv-tools").addEventListener("click", h.tools);
    this.mini.addEventListener("pointerdown", h.mini);
    this.mini.addEventListener("pointermove", h.mini);
  }

  pinchState() {
    const [a, b] = [...this.pointers.values()];
    return { cx: (a.x + b.x) / 2, cy: (a.y + b.y) / 2, dist: Math.hypot(a.x - b.x, a.y - b.y) };
  }

  click(px, py) {
    const h = this.hit(px, py);
    if (!h) return;
    const [i, part] = h;
    const id = this.model.ids[i];
    if (part === "toggle") { this.send("toggle", id); return; }
    this.setSelected(id);                          // at once, before the server answers
    this.draw();
    this.send("select", id);
  }

  send(event, id) {
    if (this.setTrigger) this.setTrigger(event, id);
  }

  hover(px, py) {
    const h = this.hit(px, py);
    this.canvas.style.cursor = h ? "pointer" : "";
    if (!h) { this.tip.hidden = true; return; }
    const m = this.model, i = h[0];
    const lines = [m.title[i], m.detail[i], m.size[i]];
    if (m.edge[i]) lines.unshift("↳ " + m.edge[i]);
    if (m.kind[i] === COLLAPSED) lines.push(m.words.hidden.replace("{n}", m.hidden[i]));
    this.tip.textContent = lines.filter(Boolean).join("\n");
    this.tip.hidden = false;
    const W = this.canvas.clientWidth;
    this.tip.style.left = Math.min(px + 14, W - this.tip.offsetWidth - 4) + "px";
    this.tip.style.top = (py + 14) + "px";
  }

  // ------------------------------------------------------------------ drawing
  schedule() {
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => { this.frame = 0; this.draw(); });
  }

  truncate(text, width) {
    const ctx = this.ctx;
    if (ctx.measureText(text).width <= width) return text;
    let lo = 0, hi = text.length;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (ctx.measureText(text.slice(0, mid) + "…").width <= width) lo = mid; else hi = mid - 1;
    }
    return lo ? text.slice(0, lo) + "…" : "";
  }

  draw() {
    const m = this.model, ctx = this.ctx;
    if (!m) return;
    const W = this.canvas.clientWidth, H = this.canvas.clientHeight;
    ctx.setTransform(this.dpr, 0, 0, this.dpr, 0, 0);
    ctx.clearRect(0, 0, W, H);
    const lod = this.lod();
    this.root.dataset.lod = String(lod);
    const [bw, bh] = this.boxSize(lod);
    const zy = this.zy(this.view.z);
    const d0 = Math.max(0, Math.floor((-bh - this.view.ty) / zy) - 1);
    const d1 = Math.min(m.maxDepth, Math.ceil((H + bh - this.view.ty) / zy) + 1);
    const x0 = (-bw - this.view.tx) / this.view.z, x1 = (W + bw - this.view.tx) / this.view.z;
    const s = this.scale;
    // edges: elbows from the parent's bottom to the child's top, the selected path on top
    // (when nodes are marks, straight lines: a quarter of the points, the same shape)
    const plain = new Path2D(), path = new Path2D();
    const z = this.view.z, tx = this.view.tx, ty = this.view.ty;
    for (let d = Math.max(1, d0); d <= d1; d++) {
      const syc = d * zy + ty, syp = syc - zy, mid = syp + zy / 2;
      for (const i of m.levels[d]) {
        const p = m.parent[i];
        const cx = m.x[i], px = m.x[p];
        if ((cx > px ? cx : px) < x0 || (cx < px ? cx : px) > x1) continue;
        const sxc = cx * z + tx, sxp = px * z + tx;
        const target = this.pathSet.has(i) ? path : plain;
        if (lod === 0) {
          target.moveTo(sxp, syp);
          target.lineTo(sxc, syc);
          continue;
        }
        target.moveTo(sxp, syp + bh / 2);
        target.lineTo(sxp, mid);
        target.lineTo(sxc, mid);
        target.lineTo(sxc, syc - bh / 2);
      }
    }
    ctx.lineWidth = lod ? 1.2 * s : 0.8;
    ctx.strokeStyle = EDGE;
    ctx.stroke(plain);
    ctx.lineWidth = (lod ? 3 : 2) * s;
    ctx.strokeStyle = HIGHLIGHT;
    ctx.stroke(path);
    // nodes
    ctx.textBaseline = "middle";
    ctx.textAlign = "center";
    const visible = [];
    for (let d = d0; d <= d1; d++) {
      const level = m.levels[d], xs = m.levelX[d];
      let lo = 0, hi = xs.length;
      while (lo < hi) { const mid = (lo + hi) >> 1; if (xs[mid] < x0) lo = mid + 1; else hi = mid; }
      for (let k = lo; k < xs.length && xs[k] <= x1; k++) visible.push(level[k]);
    }
    this.root.dataset.visible = String(visible.length);
    if (lod === 0) this.drawMarks(visible, bw, bh, zy);
    else for (const i of visible) this.drawNode(i, lod, bw, bh);
    if (lod === 2) for (const i of visible) this.drawEdgeLabel(i, bw, bh, zy);
    const m0 = this.toWorld(0, 0), m1 = this.toWorld(W, H);
    const whole = m0[0] <= m.minX - 0.5 && m1[0] >= m.maxX + 0.5 && m0[1] <= -0.5
      && m1[1] >= m.maxDepth + 0.5;
    this.mini.style.visibility = whole && !this.wantMini ? "hidden" : "visible";
    if (!this.mini.hidden) this.drawMini();
  }

  drawMarks(visible, bw, bh, zy) {                  // every node a mark: one fill per colour
    const m = this.model, ctx = this.ctx;
    const z = this.view.z, tx = this.view.tx, ty = this.view.ty;
    const groups = new Map();
    for (const i of visible) {
      const fill = m.grey[i] ? GREY_FILL : m.fill[i];
      let g = groups.get(fill);
      if (!g) { g = new Path2D(); groups.set(fill, g); }
      g.rect(m.x[i] * z + tx - bw / 2, m.depth[i] * zy + ty - bh / 2, bw, bh);
    }
    for (const [fill, g] of groups) { ctx.fillStyle = fill; ctx.fill(g); }
    for (const i of visible) {                       // the few marked nodes on top
      const selected = m.ids[i] === this.selected, focus = m.ids[i] === this.focus;
      if (selected || focus || this.pathSet.has(i) || m.kind[i] === COLLAPSED) {
        this.drawNode(i, 0, bw, bh);
      }
    }
  }

  drawNode(i, lod, bw, bh) {
    const m = this.model, ctx = this.ctx, s = this.scale;
    const x = this.sx(i), y = this.sy(i);
    const grey = m.grey[i] === 1;
    const selected = m.ids[i] === this.selected;
    const focus = m.ids[i] === this.focus;
    ctx.fillStyle = grey ? GREY_FILL : m.fill[i];
    if (lod === 0) {
      ctx.fillRect(x - bw / 2, y - bh / 2, bw, bh);
      if (selected || focus || this.pathSet.has(i)) {
        ctx.lineWidth = 2;
        ctx.strokeStyle = focus && !selected ? FOCUS : HIGHLIGHT;
        ctx.strokeRect(x - bw / 2 - 2, y - bh / 2 - 2, bw + 4, bh + 4);
      }
      if (m.kind[i] === COLLAPSED) {
        ctx.fillStyle = "#555";
        ctx.beginPath();
        ctx.moveTo(x - bw / 2, y + bh / 2 + 1);
        ctx.lineTo(x + bw / 2, y + bh / 2 + 1);
        ctx.lineTo(x, y + bh / 2 + bw / 2 + 2);
        ctx.fill();
      }
      return;
    }
    const r = 5 * s;
    ctx.beginPath();
    ctx.roundRect(x - bw / 2, y - bh / 2, bw, bh, r);
    ctx.fill();
    ctx.setLineDash(m.kind[i] === WAITING ? [3 * s, 3 * s] : grey ? [6 * s, 3 * s] : []);
    ctx.lineWidth = selected ? 3.5 * s : focus ? 3 * s : this.pathSet.has(i) ? 2.2 * s : 1 * s;
    ctx.strokeStyle = selected || this.pathSet.has(i) ? HIGHLIGHT : focus ? FOCUS : "#555555";
    ctx.stroke();
    if (focus && selected) {                       // the step's node, selected: both rings
      ctx.setLineDash([4 * s, 3 * s]);
      ctx.lineWidth = 2 * s;
      ctx.strokeStyle = FOCUS;
      ctx.beginPath();
      ctx.roundRect(x - bw / 2 - 5 * s, y - bh / 2 - 5 * s, bw + 10 * s, bh + 10 * s, r + 4 * s);
      ctx.stroke();
    }
    ctx.setLineDash([]);
    const pad = 6 * s, inner = bw - 2 * pad, f = this.fontPx;
    ctx.fillStyle = grey ? GREY_TEXT : inkOn(m.fill[i]);
    ctx.font = `600 ${f}px sans-serif`;
    if (lod === 1) {
      ctx.fillText(this.truncate(m.title[i], inner), x, y);
    } else {
      const lh = this.lineH;
      ctx.fillText(this.truncate(m.title[i], inner), x, y - lh);
      ctx.font = `${f}px sans-serif`;
      ctx.fillText(this.truncate(m.detail[i], inner), x, y);
      ctx.fillText(this.truncate(m.size[i], inner), x, y + lh);
    }
    if (m.kind[i] === INTERNAL || m.kind[i] === COLLAPSED) {   // the collapse / expand tab
      const [tx, ty, tw, th] = this.tabRect(i, lod);
      ctx.fillStyle = m.kind[i] === COLLAPSED ? "#455a64" : "#ffffff";
      ctx.strokeStyle = "#607d8b";
      ctx.lineWidth = 1;
      ctx.beginPath();
      ctx.roundRect(tx, ty, tw, th, [0, 0, 4 * s, 4 * s]);
      ctx.fill();
      ctx.stroke();
      ctx.fillStyle = m.kind[i] === COLLAPSED ? "#ffffff" : "#37474f";
      ctx.font = `600 ${Math.round(10 * s)}px sans-serif`;
      ctx.fillText(m.kind[i] === COLLAPSED ? `+${m.hidden[i]}` : "−", x, ty + th / 2 + 0.5);
    }
  }

  drawEdgeLabel(i, bw, bh) {
    const m = this.model, ctx = this.ctx, s = this.scale;
    if (m.parent[i] < 0 || !m.edge[i]) return;
    const x = this.sx(i), y = this.sy(i) - bh / 2 - 9 * s;
    ctx.font = `${Math.round(11 * s)}px sans-serif`;
    const text = this.truncate(m.edge[i], bw);
    if (!text) return;
    const w = ctx.measureText(text).width + 6 * s;
    ctx.fillStyle = "rgba(255,255,255,0.9)";
    ctx.fillRect(x - w / 2, y - 7 * s, w, 14 * s);
    ctx.fillStyle = this.pathSet.has(i) ? HIGHLIGHT : "#444";
    ctx.fillText(text, x, y);
  }

  // ------------------------------------------------------------------ overview map
  miniBox() {
    const m = this.model;
    const w = this.mini.clientWidth, h = this.mini.clientHeight;
    const span = m.maxX - m.minX + 1, depth = m.maxDepth + 1;
    return { w, h, kx: (w - 8) / span, ky: (h - 8) / depth };
  }
  miniToWorld(px, py) {
    const b = this.miniBox();
    return [(px - 4) / b.kx + this.model.minX - 0.5, (py - 4) / b.ky - 0.5];
  }
  renderMini() {                                    // the whole tree, once per tree
    const m = this.model;
    if (!m) return;
    const dpr = window.devicePixelRatio || 1;
    const w = this.mini.clientWidth, h = this.mini.clientHeight;
    if (!w || !h) return;
    this.miniImage = document.createElement("canvas");
    this.miniImage.width = Math.round(w * dpr);
    this.miniImage.height = Math.round(h * dpr);
    const g = this.miniImage.getContext("2d");
    g.setTransform(dpr, 0, 0, dpr, 0, 0);
    const b = this.miniBox();
    const X = (i) => 4 + (m.x[i] - m.minX + 0.5) * b.kx;
    const Y = (i) => 4 + (m.depth[i] + 0.5) * b.ky;
    g.strokeStyle = "#c4c4c4";
    g.lineWidth = 0.6;
    g.beginPath();
    for (let i = 0; i < m.n; i++) {
      const p = m.parent[i];
      if (p < 0) continue;
      g.moveTo(X(p), Y(p));
      g.lineTo(X(i), Y(i));
    }
    g.stroke();
    for (let i = 0; i < m.n; i++) {
      g.fillStyle = m.grey[i] ? GREY_FILL : m.fill[i];
      g.fillRect(X(i) - 1.2, Y(i) - 1.2, 2.4, 2.4);
    }
  }
  drawMini() {
    const m = this.model, c = this.mctx;
    if (!this.miniImage) this.renderMini();
    if (!this.miniImage) return;
    const dpr = window.devicePixelRatio || 1;
    const w = this.mini.clientWidth, h = this.mini.clientHeight;
    if (this.mini.width !== Math.round(w * dpr)) {
      this.mini.width = Math.round(w * dpr);
      this.mini.height = Math.round(h * dpr);
    }
    c.setTransform(1, 0, 0, 1, 0, 0);
    c.clearRect(0, 0, this.mini.width, this.mini.height);
    c.drawImage(this.miniImage, 0, 0);
    c.setTransform(dpr, 0, 0, dpr, 0, 0);
    const b = this.miniBox();
    if (this.selected != null && m.index.has(this.selected)) {
      c.fillStyle = HIGHLIGHT;
      const i = m.index.get(this.selected);
      c.beginPath();
      c.arc(4 + (m.x[i] - m.minX + 0.5) * b.kx, 4 + (m.depth[i] + 0.5) * b.ky, 3, 0, 7);
      c.fill();
    }
    const W = this.canvas.clientWidth, H = this.canvas.clientHeight;
    const [wx0, wy0] = this.toWorld(0, 0), [wx1, wy1] = this.toWorld(W, H);
    const rx = 4 + (wx0 - m.minX + 0.5) * b.kx, ry = 4 + (wy0 + 0.5) * b.ky;
    c.strokeStyle = HIGHLIGHT;
    c.lineWidth = 1.5;
    c.strokeRect(rx, ry, Math.max(3, (wx1 - wx0) * b.kx), Math.max(3, (wy1 - wy0) * b.ky));
  }

  destroy() {
    this.observer.disconnect();
    const c = this.canvas, h = this.handlers;
    c.removeEventListener("wheel", h.wheel);
    c.removeEventListener("pointerdown", h.down);
    c.removeEventListener("pointermove", h.move);
    c.removeEventListener("pointerup", h.up);
    c.removeEventListener("pointercancel", h.up);
    c.removeEventListener("pointerleave", h.leave);
    c.removeEventListener("dblclick", h.dbl);
    if (this.frame) cancelAnimationFrame(this.frame);
  }
}

let sent = 0;

function post(type, extra) {
  window.parent.postMessage({ isStreamlitMessage: true, type, ...extra }, "*");
}

const view = new TreeView(document.body);
view.setTrigger = (event, id) => {
  sent += 1;
  post("streamlit:setComponentValue",
       { value: { event, id, n: `${Date.now()}-${sent}` }, dataType: "json" });
};

window.addEventListener("message", (e) => {
  if (!e.data || e.data.type !== "streamlit:render") return;
  view.update(e.data.args.head, e.data.args.body);
  const words = view.model && view.model.words;
  if (words) {
    for (const button of document.querySelectorAll(".tv-tools button")) {
      const label = words[button.dataset.word];
      if (label) { button.title = label; button.setAttribute("aria-label", label); }
    }
    view.root.setAttribute("aria-label", words.help);
  }
  post("streamlit:setFrameHeight", { height: (view.head.height || 520) + 2 });
});
post("streamlit:componentReady", { apiVersion: 1 });
