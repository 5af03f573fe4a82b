// The Sudoku board of `dlxkit play`. The page keeps the player's position (digits, pencil
// marks, undo history) and draws it; everything that needs the library (new levels,
// solving, checking, hints, reading a pasted puzzle) is a call to the server's JSON API.
"use strict";

const $ = (id) => document.getElementById(id);

const state = {
  puzzle: null, // as the API takes it: {size, box, variant, regions, cells}
  layout: null, // {box_rows, box_cols, regions, units, names, shaded}
  n: 9,
  givens: [], // digit per cell, 0 for blank
  values: [], // the position: givens and the player's digits
  marks: [], // pencil marks per cell, bit d-1 for digit d
  solved: [], // cells filled by Solve
  wrong: new Set(), // cells marked by Check
  hint: null, // {focus, units, elim} from the last Hint
  selected: 0,
  pencil: false,
  undo: [],
  redo: [],
  peersOf: [], // cell -> units holding it
  busy: false,
};

// ---- symbols ---------------------------------------------------------------------------

function symbol(d) {
  if (d === 0) return "";
  return d <= 9 ? String(d) : String.fromCharCode(55 + d); // 10 -> A
}

function digitOf(ch) {
  if (ch >= "1" && ch <= "9") return ch.charCodeAt(0) - 48;
  const up = ch.toUpperCase();
  if (up >= "A" && up <= "Z") return up.charCodeAt(0) - 55;
  return 0;
}

function cellsText(values) {
  return values.map((d) => (d === 0 ? "." : symbol(d))).join("");
}

function cellName(i) {
  return `r${Math.floor(i / state.n) + 1}c${(i % state.n) + 1}`;
}

// ---- the API ---------------------------------------------------------------------------

async function api(path, body) {
  const response = await fetch(path, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  let data;
  try {
    data = await response.json();
  } catch (e) {
    throw new Error(`the server answered ${response.status} without JSON`);
  }
  if (!response.ok) throw new Error(data.error || `the server answered ${response.status}`);
  return data;
}

async function busy(label, work) {
  if (state.busy) return;
  state.busy = true;
  document.body.classList.add("busy");
  for (const b of document.querySelectorAll("button")) b.disabled = true;
  if (label) setStatus(label);
  try {
    await work();
  } catch (e) {
    setStatus(e.message, "error");
  } finally {
    state.busy = false;
    document.body.classList.remove("busy");
    for (const b of document.querySelectorAll("button")) b.disabled = false;
    updateButtons();
  }
}

// ---- loading a puzzle ------------------------------------------------------------------

function load(puzzle, layout, info) {
  state.puzzle = puzzle;
  state.layout = layout;
  state.n = puzzle.size;
  state.givens = Array.from(puzzle.cells, (ch) => (ch === "." || ch === "0" ? 0 : digitOf(ch)));
  state.values = state.givens.slice();
  state.marks = new Array(state.givens.length).fill(0);
  state.solved = new Array(state.givens.length).fill(false);
  state.wrong = new Set();
  state.hint = null;
  state.undo = [];
  state.redo = [];
  state.selected = Math.max(0, state.givens.indexOf(0));
  state.peersOf = state.givens.map(() => []);
  layout.units.forEach((unit, u) => unit.forEach((c) => state.peersOf[c].push(u)));
  $("runs").hidden = true;
  $("runs").tBodies[0].replaceChildren();
  $("hint-box").hidden = true;
  $("level").textContent = info;
  buildBoard();
  render();
  $("board").focus({ preventScroll: true });
}

function buildBoard() {
  const { n, layout } = state;
  const board = $("board");
  board.style.setProperty("--n", n);
  board.classList.toggle("big", n > 9);
  board.classList.toggle("windoku", state.puzzle.variant === "windoku");
  const tints = state.puzzle.variant === "jigsaw" ? regionTints() : null;
  const shaded = new Set(layout.shaded);
  const cells = [];
  for (let i = 0; i < n * n; i++) {
    const cell = document.createElement("div");
    cell.className = "cell";
    cell.dataset.i = i;
    const r = Math.floor(i / n);
    const c = i % n;
    if (c === n - 1) cell.classList.add("last-col");
    else if (layout.regions[i] !== layout.regions[i + 1]) cell.classList.add("rb");
    if (r === n - 1) cell.classList.add("last-row");
    else if (layout.regions[i] !== layout.regions[i + n]) cell.classList.add("bb");
    if (shaded.has(i)) cell.classList.add("shade");
    if (tints) cell.classList.add(`tint-${tints[layout.regions[i]]}`);
    cell.addEventListener("mousedown", (e) => {
      e.preventDefault();
      select(i);
      board.focus({ preventScroll: true });
    });
    cells.push(cell);
  }
  board.replaceChildren(...cells);
  const pad = $("pad");
  const buttons = [];
  for (let d = 1; d <= n; d++) {
    const b = document.createElement("button");
    b.textContent = symbol(d);
    b.addEventListener("click", () => enter(d, state.pencil));
    buttons.push(b);
  }
  const erase = document.createElement("button");
  erase.textContent = "⌫";
  erase.title = "Clear the cell (Backspace)";
  erase.addEventListener("click", () => clearCell());
  buttons.push(erase);
  pad.replaceChildren(...buttons);
}

// Colours for jigsaw regions: neighbouring regions get different tints (greedy colouring).
function regionTints() {
  const { n, layout } = state;
  const count = Math.max(...layout.regions) + 1;
  const near = Array.from({ length: count }, () => new Set());
  for (let i = 0; i < n * n; i++) {
    const here = layout.regions[i];
    for (const j of [i % n < n - 1 ? i + 1 : -1, i + n < n * n ? i + n : -1]) {
      if (j >= 0 && layout.regions[j] !== here) {
        near[here].add(layout.regions[j]);
        near[layout.regions[j]].add(here);
      }
    }
  }
  const tint = new Array(count).fill(-1);
  for (let k = 0; k < count; k++) {
    const used = new Set([...near[k]].map((m) => tint[m]));
    let t = 0;
    while (used.has(t)) t++;
    tint[k] = t % 6;
  }
  return tint;
}

// ---- drawing ---------------------------------------------------------------------------

// Cells holding a digit that another cell of one of their units holds too.
function conflicts() {
  const bad = new Set();
  const first = [];
  state.layout.units.forEach((unit, u) => {
    const seen = new Map();
    for (const c of unit) {
      const d = state.values[c];
      if (d === 0) continue;
      if (seen.has(d)) {
        bad.add(c);
        bad.add(seen.get(d));
        if (first.length === 0) first.push({ d, u, a: seen.get(d), b: c });
      } else {
        seen.set(d, c);
      }
    }
  });
  return { bad, first: first[0] };
}

function render() {
  const { n, values, givens, marks, layout } = state;
  const { bad, first } = conflicts();
  const sel = state.selected;
  const selUnits = new Set(state.peersOf[sel]);
  const selDigit = values[sel];
  const hint = state.hint;
  const cells = $("board").children;
  for (let i = 0; i < n * n; i++) {
    const cell = cells[i];
    const d = values[i];
    const cl = cell.classList;
    cl.toggle("given", givens[i] !== 0);
    cl.toggle("solved", givens[i] === 0 && state.solved[i] && d !== 0);
    cl.toggle("conflict", bad.has(i));
    cl.toggle("wrong", state.wrong.has(i) && d !== 0);
    cl.toggle("selected", i === sel);
    cl.toggle("peer", i !== sel && state.peersOf[i].some((u) => selUnits.has(u)));
    cl.toggle("same", i !== sel && selDigit !== 0 && d === selDigit);
    cl.toggle("hint-focus", !!hint && hint.focus.has(i));
    cl.toggle("hint-unit", !!hint && state.peersOf[i].some((u) => hint.units.has(u)));
    cl.toggle("hint-elim", !!hint && hint.elim.has(i));
    if (d !== 0) {
      cell.textContent = symbol(d);
    } else if (marks[i] !== 0) {
      const box = document.createElement("div");
      box.className = "marks";
      box.style.setProperty("--br", layout.box_rows);
      box.style.setProperty("--bc", layout.box_cols);
      for (let k = 1; k <= n; k++) {
        const s = document.createElement("span");
        s.textContent = marks[i] & (1 << (k - 1)) ? symbol(k) : "";
        box.appendChild(s);
      }
      cell.replaceChildren(box);
    } else {
      cell.textContent = "";
    }
    const what = givens[i] ? "given" : d ? "entered" : "empty";
    cell.setAttribute("aria-label", `${cellName(i)} ${symbol(d) || ""} ${what}`.replace("  ", " "));
  }
  const blanks = values.filter((d) => d === 0).length;
  if (first) {
    const name = layout.names[first.u];
    setStatus(`${symbol(first.d)} appears twice in ${name} (${cellName(first.a)} and ${cellName(first.b)}).`, "error");
  } else if (blanks === 0) {
    const by = state.solved.some((s) => s) ? " (filled in by Solve)" : "";
    setStatus(`Solved! The grid is complete and correct${by}.`, "win");
  } else if (!state.busy) {
    setStatus(`${blanks} ${blanks === 1 ? "cell" : "cells"} to go.`);
  }
  updateButtons();
}

function setStatus(text, kind) {
  const s = $("status");
  s.textContent = text;
  s.className = `status${kind ? ` ${kind}` : ""}`;
}

function updateButtons() {
  if (state.busy) return;
  $("undo").disabled = state.undo.length === 0;
  $("redo").disabled = state.redo.length === 0;
  $("pencil").setAttribute("aria-pressed", String(state.pencil));
}

// ---- playing ---------------------------------------------------------------------------

function snapshot() {
  return { values: state.values.slice(), marks: state.marks.slice(), solved: state.solved.slice() };
}

function restore(s) {
  state.values = s.values;
  state.marks = s.marks;
  state.solved = s.solved;
}

// Records the position before a change, for Undo.
function remember() {
  state.undo.push(snapshot());
  if (state.undo.length > 500) state.undo.shift();
  state.redo = [];
  state.hint = null;
}

function select(i) {
  state.selected = i;
  render();
}

function enter(d, pencil) {
  const i = state.selected;
  if (state.givens[i] !== 0 || d < 1 || d > state.n) return;
  if (pencil) {
    if (state.values[i] !== 0) return;
    remember();
    state.marks[i] ^= 1 << (d - 1);
  } else {
    if (state.values[i] === d) return;
    remember();
    state.values[i] = d;
    state.solved[i] = false;
    state.wrong.delete(i);
    // The digit is no longer a candidate of the cell's peers.
    for (const u of state.peersOf[i]) {
      for (const c of state.layout.units[u]) state.marks[c] &= ~(1 << (d - 1));
    }
  }
  render();
}

function clearCell() {
  const i = state.selected;
  if (state.givens[i] !== 0 || (state.values[i] === 0 && state.marks[i] === 0)) return;
  remember();
  state.values[i] = 0;
  state.marks[i] = 0;
  state.solved[i] = false;
  state.wrong.delete(i);
  render();
}

function undo() {
  if (state.undo.length === 0) return;
  state.redo.push(snapshot());
  restore(state.undo.pop());
  state.hint = null;
  render();
}

function redo() {
  if (state.redo.length === 0) return;
  state.undo.push(snapshot());
  restore(state.redo.pop());
  state.hint = null;
  render();
}

function reset() {
  if (state.values.every((d, i) => d === state.givens[i]) && state.marks.every((m) => m === 0)) return;
  remember();
  state.values = state.givens.slice();
  state.marks = state.marks.map(() => 0);
  state.solved = state.solved.map(() => false);
  state.wrong = new Set();
  $("hint-box").hidden = true;
  render();
}

function move(dr, dc) {
  const n = state.n;
  const r = Math.min(n - 1, Math.max(0, Math.floor(state.selected / n) + dr));
  const c = Math.min(n - 1, Math.max(0, (state.selected % n) + dc));
  select(r * n + c);
}

// The digit of a key, from the physical key so that Shift + 5 is 5 (for pencil marks).
function keyDigit(e) {
  const m = /^(?:Digit|Numpad)([1-9])$/.exec(e.code) || /^Key([A-Z])$/.exec(e.code);
  const d = m ? digitOf(m[1]) : digitOf(e.key.length === 1 ? e.key : "");
  return d >= 1 && d <= state.n ? d : 0;
}

document.addEventListener("keydown", (e) => {
  if (!state.puzzle || e.target.closest("input, textarea, select")) return;
  const ctrl = e.ctrlKey || e.metaKey;
  const key = e.key;
  if (ctrl && (key === "z" || key === "Z")) {
    e.preventDefault();
    if (e.shiftKey) redo();
    else undo();
    return;
  }
  if (ctrl && (key === "y" || key === "Y")) {
    e.preventDefault();
    redo();
    return;
  }
  if (ctrl || e.altKey) return;
  const arrows = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  if (arrows[key]) {
    e.preventDefault();
    move(...arrows[key]);
    return;
  }
  if (key === "Backspace" || key === "Delete" || key === "0" || key === ".") {
    e.preventDefault();
    clearCell();
    return;
  }
  if ((key === "p" || key === "P") && state.n < 25) {
    state.pencil = !state.pencil;
    updateButtons();
    return;
  }
  if (e.target.closest("button") && (key === "Enter" || key === " ")) return;
  const d = keyDigit(e);
  if (d) {
    e.preventDefault();
    enter(d, state.pencil || e.shiftKey);
  }
});

// ---- the buttons -------------------------------------------------------------------------

function levelParams() {
  return {
    size: Number($("size").value),
    variant: $("variant").value,
    difficulty: $("difficulty").value,
  };
}

function shareLink(params) {
  const q = new URLSearchParams(params);
  const url = `${location.pathname}?${q}`;
  history.replaceState(null, "", url);
  $("share").href = url;
}

async function newLevel(seed) {
  await busy("Making a puzzle…", async () => {
    const params = levelParams();
    const body = { ...params };
    if (seed !== undefined) body.seed = seed;
    const data = await api("/api/new", body);
    const level = data.difficulty || "unrated";
    const variant = params.variant === "standard" ? "" : ` ${params.variant}`;
    let info = `${params.size}×${params.size}${variant}, ${level} (${data.hardest}), ${data.givens} givens`;
    if (data.note) info += ` — ${data.note}`;
    $("seed").textContent = String(data.seed);
    shareLink({ ...params, seed: data.seed });
    state.busy = false;
    load(data.puzzle, data.layout, info);
  });
}

async function solve() {
  await busy(`Solving with ${$("solver").value}…`, async () => {
    const solver = $("solver").value;
    const data = await api("/api/solve", { puzzle: state.puzzle, solver });
    addRun(data);
    if (data.solution) {
      remember();
      const solution = Array.from(data.solution, digitOf);
      state.values.forEach((d, i) => {
        if (state.givens[i] === 0 && d !== solution[i]) state.solved[i] = true;
      });
      state.values = solution;
      state.marks = state.marks.map(() => 0);
      state.wrong = new Set();
    }
    state.busy = false;
    render();
    if (!data.solution) {
      const why = data.answer === "unsolvable" ? "the puzzle has no solution" : `stopped: ${data.status}`;
      setStatus(`${data.solver} found no solution (${why}).`, "error");
    }
  });
}

function addRun(data) {
  const row = document.createElement("tr");
  const time = data.elapsed_ms < 10 ? data.elapsed_ms.toFixed(2) : Math.round(data.elapsed_ms).toLocaleString();
  const note = data.status === "complete" || data.status === "solution limit" ? data.answer : data.status;
  for (const text of [data.solver, data.nodes.toLocaleString(), data.guesses.toLocaleString(), `${time} ms`, note]) {
    const td = document.createElement("td");
    td.textContent = text;
    row.appendChild(td);
  }
  row.lastChild.className = "note";
  $("runs").tBodies[0].appendChild(row);
  $("runs").hidden = false;
}

async function check() {
  await busy(null, async () => {
    const data = await api("/api/check", { puzzle: state.puzzle, entries: cellsText(state.values) });
    state.wrong = new Set(data.wrong);
    state.busy = false;
    render();
    if (data.correct) setStatus("Complete and correct!", "win");
    else if (data.wrong.length > 0) {
      const k = data.wrong.length;
      setStatus(`${k} ${k === 1 ? "entry is" : "entries are"} wrong: ${data.wrong.map(cellName).join(", ")}.`, "error");
    } else setStatus(`No mistakes so far; ${data.blank} ${data.blank === 1 ? "cell" : "cells"} to go.`);
  });
}

async function hint() {
  await busy(null, async () => {
    const data = await api("/api/hint", { puzzle: state.puzzle, entries: cellsText(state.values) });
    const list = $("hint-steps");
    list.replaceChildren();
    if (data.steps.length === 0) {
      const li = document.createElement("li");
      li.textContent = data.text;
      li.className = "last";
      list.appendChild(li);
    }
    data.steps.forEach((step, k) => {
      const li = document.createElement("li");
      li.textContent = step.text;
      if (k === data.steps.length - 1) li.className = "last";
      list.appendChild(li);
    });
    $("hint-box").hidden = false;
    const last = data.steps[data.steps.length - 1];
    state.hint = {
      focus: new Set(last ? last.cells : data.mistakes),
      units: new Set(last ? last.units : []),
      elim: new Set(data.steps.flatMap((s) => s.eliminations.map((e) => e.cell))),
    };
    if (data.mistakes.length > 0) state.wrong = new Set(data.mistakes);
    const target = last && last.placements.length > 0 ? last.placements[0].cell : last ? last.cells[0] : undefined;
    if (target !== undefined) state.selected = target;
    state.busy = false;
    render();
  });
}

async function loadOwn() {
  const msg = $("own-msg");
  msg.textContent = "";
  msg.className = "msg";
  await busy(null, async () => {
    const variant = $("own-variant").value;
    const body = { text: $("own-text").value, variant };
    const box = $("own-box").value.trim();
    if (box) body.box = box;
    if (variant === "jigsaw") body.regions = $("own-regions").value;
    let data;
    try {
      data = await api("/api/validate", body);
    } catch (e) {
      msg.textContent = e.message;
      msg.className = "msg error";
      return;
    }
    if (!data.valid) {
      msg.textContent = data.message;
      msg.className = "msg error";
      return;
    }
    msg.textContent = `Loaded: ${data.givens} givens, ${data.difficulty || "unrated"}.`;
    const p = data.puzzle;
    const params = { puzzle: p.cells, variant: p.variant, box: p.box };
    if (p.regions) params.regions = p.regions;
    $("seed").textContent = "–";
    shareLink(params);
    const kind = p.variant === "standard" ? "" : ` ${p.variant}`;
    state.busy = false;
    load(p, data.layout, `Your puzzle: ${p.size}×${p.size}${kind}, ${data.difficulty || "unrated"}, ${data.givens} givens`);
  });
}

function syncVariants() {
  // Windows need square boxes: no windoku on 6x6. Random jigsaw levels go up to 9x9.
  const size = Number($("size").value);
  const off = { windoku: size === 6, jigsaw: size > 9 };
  for (const [name, disabled] of Object.entries(off)) {
    $("variant").querySelector(`option[value="${name}"]`).disabled = disabled;
    if (disabled && $("variant").value === name) $("variant").value = "standard";
  }
}

async function start() {
  try {
    const info = await fetch("/api/info").then((r) => r.json());
    $("solver").replaceChildren(
      ...info.solvers.map((name) => {
        const o = document.createElement("option");
        o.value = o.textContent = name;
        return o;
      }),
    );
  } catch (e) {
    setStatus("The server does not answer.", "error");
    return;
  }
  $("random").addEventListener("click", () => newLevel());
  $("reset").addEventListener("click", reset);
  $("check").addEventListener("click", check);
  $("hint").addEventListener("click", hint);
  $("solve").addEventListener("click", solve);
  $("undo").addEventListener("click", undo);
  $("redo").addEventListener("click", redo);
  $("pencil").addEventListener("click", () => {
    state.pencil = !state.pencil;
    updateButtons();
    $("board").focus({ preventScroll: true });
  });
  $("own-load").addEventListener("click", loadOwn);
  $("own-variant").addEventListener("change", () => {
    $("own-regions-label").hidden = $("own-variant").value !== "jigsaw";
  });
  $("size").addEventListener("change", syncVariants);

  const q = new URLSearchParams(location.search);
  for (const [key, id] of [["size", "size"], ["variant", "variant"], ["difficulty", "difficulty"]]) {
    if (q.has(key)) $(id).value = q.get(key);
  }
  syncVariants();
  if (q.has("puzzle")) {
    $("own").open = true;
    $("own-text").value = q.get("puzzle");
    $("own-variant").value = q.get("variant") || "standard";
    $("own-box").value = q.get("box") || "";
    $("own-regions").value = q.get("regions") || "";
    $("own-regions-label").hidden = $("own-variant").value !== "jigsaw";
    await loadOwn();
  } else if (q.has("seed") && /^\d+$/.test(q.get("seed"))) {
    await newLevel(Number(q.get("seed")));
  } else {
    await newLevel();
  }
}

start();
