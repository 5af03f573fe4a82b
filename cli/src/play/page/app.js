// The Sudoku board of `dlxkit play`. The page keeps the player's game (digits, notes, undo
// history, time, hints used) in this browser's localStorage and draws it; everything that
// needs the library (new levels, solving, checking, hints, revealing a cell, reading a
// pasted puzzle) is a call to the server's JSON API.
"use strict";

const $ = (id) => document.getElementById(id);
const SAVE_KEY = "dlxkit-play-game";
const MAX_UNDO = 200;

const state = {
  puzzle: null, // as the API takes it: {size, box, variant, regions, cells}
  layout: null, // {box_rows, box_cols, regions, units, names, shaded}
  info: "",
  seed: null,
  link: {}, // the query of the level's link
  n: 9,
  givens: [], // digit per cell, 0 for blank
  values: [], // the position: givens and the player's digits
  marks: [], // notes per cell, bit d-1 for digit d
  elim: [], // with auto notes: candidates the player or a hint took out
  solved: [], // cells filled by Solve
  wrong: new Set(), // cells marked by Check or a hint
  hint: null, // {data, stage} of the hint on show
  selected: 0,
  pencil: false,
  auto: false,
  undo: [],
  redo: [],
  peersOf: [], // cell -> units holding it
  busy: false,
  elapsed: 0, // ms played
  since: null, // when the clock last started, or null when it stands
  paused: false,
  hints: 0,
  reveals: 0,
  mistakes: 0,
  counted: new Set(), // "cell:digit" mistakes counted already
  done: false,
  bySolve: false,
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

function spokenName(i) {
  return `row ${Math.floor(i / state.n) + 1}, column ${(i % state.n) + 1}`;
}

function digitsOf(mask) {
  const out = [];
  for (let d = 1; d <= state.n; d++) if (mask & (1 << (d - 1))) out.push(d);
  return out;
}

function clock(ms) {
  const s = Math.floor(ms / 1000);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${sec}` : `${m}:${sec}`;
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
  if (label) setStatus(label);
  try {
    await work();
  } catch (e) {
    setStatus(e.message, "error");
  } finally {
    state.busy = false;
    document.body.classList.remove("busy");
    updateButtons();
  }
}

function announce(text) {
  $("announce").textContent = text;
}

// ---- the clock -------------------------------------------------------------------------

function played() {
  return state.elapsed + (state.since === null ? 0 : Date.now() - state.since);
}

function runClock() {
  const run = !!state.puzzle && !state.done && !state.paused && !document.hidden;
  if (run && state.since === null) state.since = Date.now();
  if (!run && state.since !== null) {
    state.elapsed = played();
    state.since = null;
  }
  $("timer").textContent = clock(played());
}

setInterval(() => {
  $("timer").textContent = clock(played());
}, 1000);
setInterval(() => save(), 5000);

document.addEventListener("visibilitychange", () => {
  runClock();
  save();
});
window.addEventListener("pagehide", () => save());

function pause(on) {
  state.paused = on;
  $("pause").setAttribute("aria-pressed", String(on));
  $("pause").textContent = on ? "Resume" : "Pause";
  $("board").classList.toggle("paused", on);
  runClock();
  announce(on ? "Paused." : "Resumed.");
  save();
}

// ---- saving ----------------------------------------------------------------------------

function save() {
  if (!state.puzzle) return;
  const game = {
    puzzle: state.puzzle,
    layout: state.layout,
    info: state.info,
    seed: state.seed,
    link: state.link,
    values: state.values,
    marks: state.marks,
    elim: state.elim,
    solved: state.solved,
    auto: state.auto,
    undo: state.undo.slice(-MAX_UNDO),
    redo: state.redo.slice(-MAX_UNDO),
    elapsed: played(),
    hints: state.hints,
    reveals: state.reveals,
    mistakes: state.mistakes,
    counted: [...state.counted],
    done: state.done,
    bySolve: state.bySolve,
    selected: state.selected,
    paused: state.paused,
  };
  try {
    localStorage.setItem(SAVE_KEY, JSON.stringify(game));
  } catch (e) {
    // A full or refused storage leaves the game unsaved, not broken.
  }
}

function saved() {
  try {
    const game = JSON.parse(localStorage.getItem(SAVE_KEY) || "null");
    return game && game.puzzle && game.layout && Array.isArray(game.values) ? game : null;
  } catch (e) {
    return null;
  }
}

// Whether a game has moves worth asking about before it is replaced.
function inProgress() {
  if (!state.puzzle || state.done) return false;
  return state.undo.length > 0 || state.values.some((d, i) => d !== state.givens[i]);
}

function confirmReplace(text) {
  if (!inProgress()) return Promise.resolve(true);
  const dialog = $("confirm");
  $("confirm-text").textContent = text;
  return new Promise((resolve) => {
    const done = (answer) => {
      dialog.close();
      $("confirm-keep").onclick = null;
      $("confirm-replace").onclick = null;
      dialog.oncancel = null;
      resolve(answer);
    };
    $("confirm-keep").onclick = () => done(false);
    $("confirm-replace").onclick = () => done(true);
    dialog.oncancel = () => done(false);
    dialog.showModal();
    $("confirm-keep").focus();
  });
}

// ---- loading a puzzle ------------------------------------------------------------------

function load(puzzle, layout, info, game) {
  state.puzzle = puzzle;
  state.layout = layout;
  state.info = info;
  state.n = puzzle.size;
  state.givens = Array.from(puzzle.cells, (ch) => (ch === "." || ch === "0" ? 0 : digitOf(ch)));
  const cells = state.givens.length;
  const g = game || {};
  state.values = g.values || state.givens.slice();
  state.marks = g.marks || new Array(cells).fill(0);
  state.elim = g.elim || new Array(cells).fill(0);
  state.solved = g.solved || new Array(cells).fill(false);
  state.auto = !!g.auto;
  state.undo = g.undo || [];
  state.redo = g.redo || [];
  state.elapsed = g.elapsed || 0;
  state.since = null;
  state.hints = g.hints || 0;
  state.reveals = g.reveals || 0;
  state.mistakes = g.mistakes || 0;
  state.counted = new Set(g.counted || []);
  state.done = !!g.done;
  state.bySolve = !!g.bySolve;
  state.wrong = new Set();
  state.hint = null;
  state.selected = g.selected !== undefined ? g.selected : Math.max(0, state.givens.indexOf(0));
  state.peersOf = state.givens.map(() => []);
  layout.units.forEach((unit, u) => unit.forEach((c) => state.peersOf[c].push(u)));
  $("runs").hidden = true;
  $("runs").tBodies[0].replaceChildren();
  $("level").textContent = info;
  $("seed").textContent = state.seed === null ? "–" : String(state.seed);
  $("auto").setAttribute("aria-pressed", String(state.auto));
  buildBoard();
  showHint();
  state.paused = !!g.paused;
  $("pause").setAttribute("aria-pressed", String(state.paused));
  $("pause").textContent = state.paused ? "Resume" : "Pause";
  $("board").classList.toggle("paused", state.paused);
  runClock();
  render();
  showSummary();
  save();
  focusCell();
}

function buildBoard() {
  const { n, layout } = state;
  const board = $("board");
  board.style.setProperty("--n", n);
  board.style.setProperty("--br", layout.box_rows);
  board.style.setProperty("--bc", layout.box_cols);
  board.classList.toggle("big", n > 9);
  board.classList.toggle("windoku", state.puzzle.variant === "windoku");
  board.setAttribute("aria-label", `Sudoku board, ${n} by ${n}`);
  board.setAttribute("aria-rowcount", n);
  board.setAttribute("aria-colcount", n);
  const tints = state.puzzle.variant === "jigsaw" ? regionTints() : null;
  const shaded = new Set(layout.shaded);
  const windows = windowSides();
  const rows = [];
  for (let r = 0; r < n; r++) {
    const row = document.createElement("div");
    row.setAttribute("role", "row");
    row.className = "row";
    for (let c = 0; c < n; c++) {
      const i = r * n + c;
      const cell = document.createElement("div");
      cell.className = "cell";
      cell.dataset.i = i;
      cell.setAttribute("role", "gridcell");
      cell.tabIndex = -1;
      if (c === n - 1) cell.classList.add("last-col");
      else if (layout.regions[i] !== layout.regions[i + 1]) cell.classList.add("rb");
      if (r === n - 1) cell.classList.add("last-row");
      else if (layout.regions[i] !== layout.regions[i + n]) cell.classList.add("bb");
      if (shaded.has(i)) cell.classList.add("shade");
      if (tints) cell.classList.add(`tint-${tints[layout.regions[i]]}`);
      if (windows[i]) {
        const w = document.createElement("span");
        w.className = `win ${windows[i]}`;
        cell.appendChild(w);
      }
      const val = document.createElement("span");
      val.className = "val";
      const marks = document.createElement("div");
      marks.className = "marks";
      for (let k = 1; k <= n; k++) marks.appendChild(document.createElement("span"));
      // The cell's name (read from a hidden text) says its place, digit or notes; the
      // drawn ones are not read twice.
      const said = document.createElement("span");
      said.className = "said visually-hidden";
      val.setAttribute("aria-hidden", "true");
      marks.setAttribute("aria-hidden", "true");
      cell.append(said, val, marks);
      cell.addEventListener("mousedown", (e) => {
        e.preventDefault();
        select(i);
      });
      row.appendChild(cell);
    }
    rows.push(row);
  }
  board.replaceChildren(...rows);
  const pad = $("pad");
  pad.style.setProperty("--pc", layout.box_cols);
  pad.style.setProperty("--n", n);
  pad.classList.toggle("big", n > 9);
  const buttons = [];
  for (let d = 1; d <= n; d++) {
    const b = document.createElement("button");
    b.textContent = symbol(d);
    b.dataset.d = d;
    b.addEventListener("click", () => enter(d, state.pencil));
    buttons.push(b);
  }
  pad.replaceChildren(...buttons);
}

// For windoku: which sides of each cell are a window's edge ("t r b l" classes).
function windowSides() {
  const { n, layout } = state;
  const out = new Array(n * n).fill("");
  if (state.puzzle.variant !== "windoku") return out;
  const first = n * 3; // rows, columns, boxes
  layout.units.slice(first).forEach((unit) => {
    const inside = new Set(unit);
    for (const i of unit) {
      const r = Math.floor(i / n);
      const c = i % n;
      const sides = [];
      if (r === 0 || !inside.has(i - n)) sides.push("wt");
      if (c === n - 1 || !inside.has(i + 1)) sides.push("wr");
      if (r === n - 1 || !inside.has(i + n)) sides.push("wb");
      if (c === 0 || !inside.has(i - 1)) sides.push("wl");
      out[i] = sides.join(" ");
    }
  });
  return out;
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

// ---- candidates ------------------------------------------------------------------------

// The digits no peer of cell i holds, as a mask.
function allowed(i) {
  let mask = (1 << state.n) - 1;
  for (const u of state.peersOf[i]) {
    for (const c of state.layout.units[u]) {
      if (c !== i && state.values[c] !== 0) mask &= ~(1 << (state.values[c] - 1));
    }
  }
  return mask;
}

// With auto notes, every empty cell's notes are its candidates less the ones taken out.
function refreshAuto() {
  if (!state.auto) return;
  state.values.forEach((d, i) => {
    state.marks[i] = d === 0 ? allowed(i) & ~state.elim[i] : 0;
  });
}

function fillCandidates() {
  if (!state.puzzle || state.done) return;
  remember();
  state.values.forEach((d, i) => {
    state.marks[i] = d === 0 ? allowed(i) : 0;
  });
  state.elim = state.elim.map(() => 0);
  announce("Every empty cell's candidates are written as notes.");
  changed();
}

function toggleAuto() {
  remember();
  state.auto = !state.auto;
  state.elim = state.values.map((d, i) => (d === 0 && state.marks[i] !== 0 ? allowed(i) & ~state.marks[i] : 0));
  $("auto").setAttribute("aria-pressed", String(state.auto));
  announce(state.auto ? "Auto notes on: notes follow the digits." : "Auto notes off.");
  changed();
}

// ---- drawing ---------------------------------------------------------------------------

// Cells holding a digit that another cell of one of their units holds too.
function conflicts() {
  const bad = new Set();
  let first;
  state.layout.units.forEach((unit, u) => {
    const seen = new Map();
    for (const c of unit) {
      const d = state.values[c];
      if (d === 0) continue;
      if (seen.has(d)) {
        bad.add(c);
        bad.add(seen.get(d));
        if (!first) first = { d, u, a: seen.get(d), b: c };
      } else {
        seen.set(d, c);
      }
    }
  });
  return { bad, first };
}

// What the hint on show marks: where to look, then the move.
function hintMarks() {
  const h = state.hint;
  const none = { focus: new Set(), units: new Set(), place: new Map(), elim: new Map() };
  if (!h) return none;
  const d = h.data;
  none.focus = new Set(d.look.cells);
  none.units = new Set(d.look.units);
  if (h.stage >= 3 && d.step) {
    none.units = new Set(d.step.units);
    none.focus = new Set(d.step.cells);
    for (const p of d.step.placements) none.place.set(p.cell, p.digit);
    for (const e of d.step.eliminations) {
      none.elim.set(e.cell, (none.elim.get(e.cell) || 0) | (1 << (e.digit - 1)));
    }
  }
  return none;
}

function render() {
  const { n, values, givens, marks } = state;
  const { bad, first } = conflicts();
  const sel = state.selected;
  const selUnits = new Set(state.peersOf[sel]);
  const selDigit = values[sel];
  const hint = hintMarks();
  const cells = $("board").querySelectorAll(".cell");
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
    cl.toggle("hint-focus", hint.focus.has(i));
    cl.toggle("hint-unit", state.peersOf[i].some((u) => hint.units.has(u)));
    cl.toggle("hint-place", hint.place.has(i));
    cell.tabIndex = i === sel ? 0 : -1;
    cell.setAttribute("aria-selected", String(i === sel));
    cell.querySelector(".val").textContent = symbol(d);
    // Notes: the player's, or for a cell a hint takes candidates from, its candidates.
    const elim = hint.elim.get(i) || 0;
    const shown = d !== 0 ? 0 : marks[i] || (elim ? allowed(i) : 0);
    const spans = cell.querySelector(".marks").children;
    for (let k = 1; k <= n; k++) {
      const s = spans[k - 1];
      const on = (shown & (1 << (k - 1))) !== 0;
      s.textContent = on ? symbol(k) : "";
      s.className = on && elim & (1 << (k - 1)) ? "out" : on && k === selDigit ? "same-note" : "";
    }
    const label = cellLabel(i, bad.has(i));
    const said = cell.querySelector(".said");
    if (said.textContent !== label) said.textContent = label;
  }
  const counts = new Array(n + 1).fill(0);
  values.forEach((d) => counts[d]++);
  for (const b of $("pad").children) {
    const d = Number(b.dataset.d);
    const finished = counts[d] >= n && !first;
    b.classList.toggle("finished", finished);
    b.setAttribute("aria-label", finished ? `${symbol(d)}, all placed` : symbol(d));
  }
  const blanks = values.filter((d) => d === 0).length;
  if (first) {
    const name = state.layout.names[first.u];
    setStatus(`${symbol(first.d)} appears twice in ${name} (${cellName(first.a)} and ${cellName(first.b)}).`, "error");
  } else if (blanks === 0) {
    const by = state.bySolve ? " (filled in by Solve)" : "";
    setStatus(`Solved! The grid is complete and correct${by}.`, "win");
  } else if (!state.busy) {
    setStatus(`${blanks} ${blanks === 1 ? "cell" : "cells"} to go.`);
  }
  updateButtons();
}

function cellLabel(i, conflict) {
  const d = state.values[i];
  let what;
  if (state.givens[i]) what = `given ${symbol(d)}`;
  else if (d) what = symbol(d);
  else {
    const notes = digitsOf(state.marks[i]).map(symbol);
    what = notes.length ? `empty, candidates ${notes.join(" ")}` : "empty";
  }
  const extra = (conflict ? ", conflict" : "") + (state.wrong.has(i) && d ? ", wrong" : "");
  return `${spokenName(i)}, ${what}${extra}`;
}

function setStatus(text, kind) {
  const s = $("status");
  if (s.textContent !== text) s.textContent = text;
  s.className = `status${kind ? ` ${kind}` : ""}`;
}

function updateButtons() {
  const none = !state.puzzle;
  for (const b of document.querySelectorAll("button")) {
    b.disabled = state.busy && !b.closest("dialog");
  }
  if (state.busy) return;
  $("undo").disabled = none || state.undo.length === 0;
  $("redo").disabled = none || state.redo.length === 0;
  $("pencil").setAttribute("aria-pressed", String(state.pencil));
  for (const id of ["hint", "reveal", "check", "fill", "auto", "erase"]) {
    $(id).disabled = none || state.done;
  }
}

function focusCell() {
  const cell = $("board").querySelector(`.cell[data-i="${state.selected}"]`);
  if (cell) cell.focus({ preventScroll: true });
}

// ---- playing ---------------------------------------------------------------------------

function snapshot() {
  return {
    values: state.values.slice(),
    marks: state.marks.slice(),
    elim: state.elim.slice(),
    solved: state.solved.slice(),
    auto: state.auto,
  };
}

function restore(s) {
  state.values = s.values;
  state.marks = s.marks;
  state.elim = s.elim || state.marks.map(() => 0);
  state.solved = s.solved;
  state.auto = !!s.auto;
  $("auto").setAttribute("aria-pressed", String(state.auto));
}

// Records the position before a change, for Undo.
function remember() {
  state.undo.push(snapshot());
  if (state.undo.length > MAX_UNDO) state.undo.shift();
  state.redo = [];
  closeHint();
}

// After a change: auto notes, completion, drawing, saving.
function changed() {
  refreshAuto();
  const full = state.values.every((d) => d !== 0);
  if (full && !state.done && conflicts().bad.size === 0) finish();
  else if (!full && state.done) {
    // Undo took back the last digit (or Solve): the game goes on.
    state.done = false;
    state.bySolve = false;
    showSummary();
    runClock();
  }
  render();
  save();
}

function select(i) {
  state.selected = i;
  render();
  focusCell();
}

function enter(d, pencil) {
  const i = state.selected;
  if (state.done || state.paused || state.givens[i] !== 0 || d < 1 || d > state.n) return;
  if (pencil) {
    if (state.values[i] !== 0) return;
    remember();
    const bit = 1 << (d - 1);
    if (state.auto) {
      const on = (state.marks[i] & bit) !== 0;
      state.elim[i] = on ? state.elim[i] | bit : state.elim[i] & ~bit;
      if (!on) state.marks[i] |= bit;
    } else {
      state.marks[i] ^= bit;
    }
    announce(`${spokenName(i)}: note ${symbol(d)} ${state.marks[i] & bit ? "on" : "off"}.`);
  } else {
    if (state.values[i] === d) return;
    remember();
    place(i, d);
    if (state.layout.units.some((u, k) => state.peersOf[i].includes(k) && u.some((c) => c !== i && state.values[c] === d))) {
      countMistake(i, d);
    }
    announce(`${symbol(d)} in ${spokenName(i)}.`);
  }
  changed();
}

// Puts digit d in cell i; the digit leaves the notes of the cell's peers.
function place(i, d) {
  state.values[i] = d;
  state.marks[i] = 0;
  state.solved[i] = false;
  state.wrong.delete(i);
  for (const u of state.peersOf[i]) {
    for (const c of state.layout.units[u]) state.marks[c] &= ~(1 << (d - 1));
  }
}

function countMistake(i, d) {
  const key = `${i}:${d}`;
  if (state.counted.has(key)) return;
  state.counted.add(key);
  state.mistakes++;
}

function clearCell() {
  const i = state.selected;
  if (state.done || state.givens[i] !== 0 || (state.values[i] === 0 && state.marks[i] === 0)) return;
  remember();
  if (state.values[i] === 0) {
    if (state.auto) state.elim[i] = allowed(i);
    state.marks[i] = 0;
  }
  state.values[i] = 0;
  state.solved[i] = false;
  state.wrong.delete(i);
  announce(`${spokenName(i)} cleared.`);
  changed();
}

function undo() {
  if (state.undo.length === 0) return;
  state.redo.push(snapshot());
  restore(state.undo.pop());
  closeHint();
  announce("Undone.");
  changed();
}

function redo() {
  if (state.redo.length === 0) return;
  state.undo.push(snapshot());
  restore(state.redo.pop());
  closeHint();
  announce("Redone.");
  changed();
}

function reset() {
  if (state.values.every((d, i) => d === state.givens[i]) && state.marks.every((m) => m === 0)) return;
  remember();
  state.values = state.givens.slice();
  state.marks = state.marks.map(() => 0);
  state.elim = state.elim.map(() => 0);
  state.solved = state.solved.map(() => false);
  state.wrong = new Set();
  state.done = false;
  state.bySolve = false;
  showSummary();
  runClock();
  changed();
}

function move(dr, dc) {
  const n = state.n;
  const r = Math.min(n - 1, Math.max(0, Math.floor(state.selected / n) + dr));
  const c = Math.min(n - 1, Math.max(0, (state.selected % n) + dc));
  select(r * n + c);
}

// The game is over: the clock stops and the summary shows.
function finish() {
  state.done = true;
  runClock();
  showSummary();
  announce($("summary-text").textContent);
}

function showSummary() {
  $("summary").hidden = !state.done;
  if (!state.done) return;
  const parts = [`Time ${clock(played())}`];
  parts.push(`${state.hints} ${state.hints === 1 ? "hint" : "hints"}`);
  parts.push(`${state.reveals} ${state.reveals === 1 ? "cell" : "cells"} revealed`);
  parts.push(`${state.mistakes} ${state.mistakes === 1 ? "mistake" : "mistakes"}`);
  $("summary-title").textContent = state.bySolve ? "Filled in by Solve" : "Solved!";
  $("summary-text").textContent = `${parts.join(" · ")}.`;
}

// The digit of a key, from the physical key so that Shift + 5 is 5 (for notes).
function keyDigit(e) {
  const m = /^(?:Digit|Numpad)([1-9])$/.exec(e.code) || /^Key([A-G])$/.exec(e.code);
  const d = m ? digitOf(m[1]) : digitOf(e.key.length === 1 ? e.key : "");
  return d >= 1 && d <= state.n ? d : 0;
}

document.addEventListener("keydown", (e) => {
  if (!state.puzzle || e.target.closest("input, textarea, select, dialog, summary")) return;
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
  const onBoard = !!e.target.closest("#board");
  const arrows = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  if (arrows[key] && onBoard) {
    e.preventDefault();
    move(...arrows[key]);
    return;
  }
  if (e.target.closest("button, a")) return;
  if (key === "Backspace" || key === "Delete" || key === "0" || key === ".") {
    e.preventDefault();
    clearCell();
    return;
  }
  // Letters that are digits on 16x16 (A-G) are not shortcuts there.
  const letter = key.length === 1 ? key.toLowerCase() : "";
  if ((letter === "n" || letter === "p") && state.n < 23) {
    state.pencil = !state.pencil;
    updateButtons();
    announce(state.pencil ? "Notes on." : "Notes off.");
    return;
  }
  if (letter === "h" && state.n < 17) {
    e.preventDefault();
    hint();
    return;
  }
  const d = keyDigit(e);
  if (d) {
    e.preventDefault();
    enter(d, state.pencil || e.shiftKey);
  }
});

// ---- hints -----------------------------------------------------------------------------

// The player's notes as the hint reads them: a string of digits per cell, empty for none.
function notesForHint() {
  return state.marks.map((m, i) => (state.values[i] === 0 ? digitsOf(m).map(symbol).join("") : ""));
}

async function hint() {
  if (state.done || state.busy) return;
  await busy(null, async () => {
    const data = await api("/api/hint", {
      puzzle: state.puzzle,
      entries: cellsText(state.values),
      notes: notesForHint(),
    });
    if (data.kind === "step") state.hints++;
    if (data.kind === "mistakes") {
      state.wrong = new Set(data.mistakes);
      data.mistakes.forEach((c) => countMistake(c, state.values[c]));
    }
    // A step starts at where to look; anything else is said at once.
    state.hint = { data, stage: data.kind === "step" ? 1 : 3 };
    state.busy = false;
    showHint();
    render();
    save();
  });
}

function showHint() {
  const h = state.hint;
  $("hint-box").hidden = !h;
  if (!h) return;
  const d = h.data;
  $("hint-look").textContent = d.kind === "step" ? d.look.text : d.text;
  $("hint-technique").hidden = h.stage < 2 || d.kind !== "step";
  $("hint-technique").textContent = h.stage >= 2 ? `Technique: ${d.technique}.` : "";
  $("hint-move").hidden = h.stage < 3 || d.kind !== "step";
  $("hint-move").textContent = h.stage >= 3 && d.kind === "step" ? d.text : "";
  const next = $("hint-next");
  next.hidden = d.kind !== "step" || h.stage >= 3;
  next.textContent = h.stage === 1 ? "Which technique?" : "Show the move";
  $("hint-apply").hidden = !(d.kind === "step" && h.stage >= 3);
  const said = h.stage === 1 ? $("hint-look").textContent : h.stage === 2 ? $("hint-technique").textContent : d.kind === "step" ? d.text : d.text;
  announce(`Hint: ${said}`);
}

function nextStage() {
  if (!state.hint || state.hint.stage >= 3) return;
  state.hint.stage++;
  showHint();
  render();
  (state.hint.stage >= 3 ? $("hint-apply") : $("hint-next")).focus();
}

function closeHint() {
  if (!state.hint) return;
  state.hint = null;
  $("hint-box").hidden = true;
}

// Performs the step on the board: its placements, and its eliminations on the notes (a
// cell without notes first gets its candidates).
function applyHint() {
  const h = state.hint;
  if (!h || !h.data.step) return;
  const step = h.data.step;
  remember();
  for (const e of step.eliminations) {
    const bit = 1 << (e.digit - 1);
    if (state.auto) state.elim[e.cell] |= bit;
    else {
      if (state.marks[e.cell] === 0) state.marks[e.cell] = allowed(e.cell);
      state.marks[e.cell] &= ~bit;
    }
  }
  for (const p of step.placements) {
    place(p.cell, p.digit);
    state.selected = p.cell;
  }
  announce(`Applied: ${step.text}`);
  changed();
  focusCell();
}

async function reveal() {
  const i = state.selected;
  if (state.done) return;
  if (state.givens[i] !== 0) {
    setStatus("Select a cell that is not a given to reveal it.", "error");
    return;
  }
  await busy(null, async () => {
    const entries = state.values.map((d, c) => (c === i ? 0 : d));
    const data = await api("/api/reveal", { puzzle: state.puzzle, entries: cellsText(entries), cell: i });
    state.busy = false;
    if (state.values[i] === data.digit) {
      setStatus(`${cellName(i)} is right already.`);
      return;
    }
    remember();
    place(i, data.digit);
    state.reveals++;
    announce(`Revealed: ${data.text}`);
    changed();
  });
}

// ---- the buttons -------------------------------------------------------------------------

function levelParams() {
  return {
    size: Number($("size").value),
    variant: $("variant").value,
    difficulty: $("difficulty").value,
  };
}

function shareLink(params) {
  state.link = params;
  const q = new URLSearchParams(params);
  const url = `${location.pathname}?${q}`;
  history.replaceState(null, "", url);
  $("share").href = url;
}

async function newLevel(seed, ask) {
  if (ask && !(await confirmReplace("A new level replaces the game in progress (it is not kept)."))) {
    focusCell();
    return;
  }
  await busy("Making a puzzle…", async () => {
    const params = levelParams();
    const body = { ...params };
    if (seed !== undefined) body.seed = seed;
    const data = await api("/api/new", body);
    const level = data.difficulty || "unrated";
    const variant = params.variant === "standard" ? "" : ` ${params.variant}`;
    let info = `${params.size}×${params.size}${variant}, ${level} (${data.hardest}), ${data.givens} givens`;
    if (data.note) info += ` — ${data.note}`;
    state.seed = data.seed;
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
    state.busy = false;
    if (data.solution && !state.done) {
      remember();
      const solution = Array.from(data.solution, digitOf);
      state.values.forEach((d, i) => {
        if (state.givens[i] === 0 && d !== solution[i]) state.solved[i] = true;
      });
      state.values = solution;
      state.marks = state.marks.map(() => 0);
      state.wrong = new Set();
      state.bySolve = true;
      changed();
    } else {
      render();
    }
    if (!data.solution) {
      const why = data.answer === "unsolvable" ? "the puzzle has no solution" : `stopped: ${data.status}`;
      setStatus(`${data.solver} found no solution (${why}).`, "error");
    }
  });
}

function ms(x) {
  return x < 10 ? x.toFixed(3) : Math.round(x).toLocaleString();
}

function addRun(data) {
  const row = document.createElement("tr");
  const note = data.status === "complete" || data.status === "solution limit" ? data.answer : data.status;
  const build = data.warm ? "kept" : `${ms(data.build_ms)} ms`;
  for (const text of [data.solver, data.assignments.toLocaleString(), data.guesses.toLocaleString(), `${ms(data.elapsed_ms)} ms`, build, note]) {
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
    data.wrong.forEach((c) => countMistake(c, state.values[c]));
    state.busy = false;
    render();
    save();
    if (data.correct) setStatus("Complete and correct!", "win");
    else if (data.wrong.length > 0) {
      const k = data.wrong.length;
      setStatus(`${k} ${k === 1 ? "entry is" : "entries are"} wrong: ${data.wrong.map(cellName).join(", ")}.`, "error");
    } else setStatus(`No mistakes so far; ${data.blank} ${data.blank === 1 ? "cell" : "cells"} to go.`);
  });
}

async function loadOwn(ask) {
  const msg = $("own-msg");
  msg.textContent = "";
  msg.className = "msg";
  if (ask && !(await confirmReplace("Loading your puzzle replaces the game in progress (it is not kept)."))) return;
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
    state.seed = null;
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

// Whether the saved game is the level the link asks for (or the link asks for none).
function linkMatches(game, q) {
  const keys = ["size", "variant", "difficulty", "seed", "puzzle", "box", "regions"];
  if (!keys.some((k) => q.has(k))) return true;
  const link = game.link || {};
  return keys.every((k) => (q.get(k) || "") === (link[k] === undefined ? "" : String(link[k])));
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
  $("random").addEventListener("click", () => newLevel(undefined, true));
  $("summary-new").addEventListener("click", () => newLevel(undefined, true));
  $("reset").addEventListener("click", reset);
  $("check").addEventListener("click", check);
  $("hint").addEventListener("click", hint);
  $("hint-next").addEventListener("click", nextStage);
  $("hint-apply").addEventListener("click", applyHint);
  $("hint-close").addEventListener("click", () => {
    closeHint();
    render();
    focusCell();
  });
  $("reveal").addEventListener("click", reveal);
  $("fill").addEventListener("click", fillCandidates);
  $("auto").addEventListener("click", toggleAuto);
  $("erase").addEventListener("click", clearCell);
  $("solve").addEventListener("click", solve);
  $("undo").addEventListener("click", undo);
  $("redo").addEventListener("click", redo);
  $("pause").addEventListener("click", () => pause(!state.paused));
  $("pencil").addEventListener("click", () => {
    state.pencil = !state.pencil;
    updateButtons();
  });
  $("own-load").addEventListener("click", () => loadOwn(true));
  $("own-variant").addEventListener("change", () => {
    $("own-regions-label").hidden = $("own-variant").value !== "jigsaw";
  });
  $("size").addEventListener("change", syncVariants);

  const q = new URLSearchParams(location.search);
  for (const [key, id] of [["size", "size"], ["variant", "variant"], ["difficulty", "difficulty"]]) {
    if (q.has(key)) $(id).value = q.get(key);
  }
  syncVariants();
  const game = saved();
  if (game && linkMatches(game, q)) {
    state.seed = game.seed === undefined ? null : game.seed;
    shareLink(game.link || {});
    load(game.puzzle, game.layout, game.info || "", game);
    announce("Your saved game is back.");
    return;
  }
  if (game && !game.done) {
    // Following a link to another level while a game is saved: the player chooses.
    state.seed = game.seed === undefined ? null : game.seed;
    const link = game.link || {};
    load(game.puzzle, game.layout, game.info || "", game);
    if (!(await confirmReplace("This link opens another level; it replaces your saved game."))) {
      shareLink(link);
      return;
    }
  }
  if (q.has("puzzle")) {
    $("own").open = true;
    $("own-text").value = q.get("puzzle");
    $("own-variant").value = q.get("variant") || "standard";
    $("own-box").value = q.get("box") || "";
    $("own-regions").value = q.get("regions") || "";
    $("own-regions-label").hidden = $("own-variant").value !== "jigsaw";
    await loadOwn(false);
  } else if (q.has("seed") && /^\d+$/.test(q.get("seed"))) {
    await newLevel(Number(q.get("seed")), false);
  } else {
    await newLevel(undefined, false);
  }
}

start();
