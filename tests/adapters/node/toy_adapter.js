#!/usr/bin/env node
// A toy 5,10,K engine behind the fivetenk adapter protocol (schemas/protocol.md), in plain
// Node.js with no packages. It knows only singles, pairs, triples, bombs and the rocket,
// so it offers only the "queries" capability and the default variants; for other shapes
// (straights, airplanes, 5-10-K...) its answers are wrong, and the kit will say so.
//
//   fivetenk check --impl "node tests/adapters/node/toy_adapter.js" --rule R05
"use strict";

const readline = require("readline");

const PROTOCOL = 1;
const RANKS = ["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2", "SJ", "BJ"];
const SUITS = ["D", "C", "H", "S"];
const SHAPES = ["single", "pair", "triple"];

// ---------------------------------------------------------------- the toy engine

/** "10H" -> {rank: 7, suit: "H"}; jokers have no suit. Throws on bad notation. */
function parseCard(text) {
  if (text === "SJ" || text === "BJ") return { rank: RANKS.indexOf(text), suit: null };
  const rank = RANKS.indexOf(String(text).slice(0, -1));
  const suit = String(text).slice(-1);
  if (rank < 0 || rank > 12 || !SUITS.includes(suit)) throw new Error(`bad card ${text}`);
  return { rank, suit };
}

/** Card counts per rank index. */
function counts(cards) {
  const out = new Array(RANKS.length).fill(0);
  for (const card of cards.map(parseCard)) out[card.rank] += 1;
  return out;
}

/** The one reading the toy knows for a card set, or null: {shape, rank, size, text}. */
function reading(cards) {
  const c = counts(cards);
  const present = c.map((n, r) => [r, n]).filter(([, n]) => n > 0);
  if (present.length === 1) {
    const [rank, n] = present[0];
    if (n <= 3) return { shape: SHAPES[n - 1], rank, size: n, text: `${SHAPES[n - 1]} ${RANKS[rank]}` };
    if (rank <= 12) return { shape: "bomb", rank, size: n, text: `bomb ${n}x${RANKS[rank]}` };
    return null;
  }
  if (present.length === 2 && c[13] === 1 && c[14] === 1) {
    return { shape: "rocket", rank: 14, size: 2, text: "rocket" };
  }
  return null; // the toy's limit: everything else is "illegal" to it
}

const TIER = { single: 0, pair: 0, triple: 0, bomb: 1, rocket: 2 };

/** Whether reading a beats reading b (same shape and higher rank; bombs by count, then rank). */
function beats(a, b) {
  if (TIER[a.shape] !== TIER[b.shape]) return TIER[a.shape] > TIER[b.shape];
  if (a.shape === "rocket") return false;
  if (a.shape === "bomb") return a.size !== b.size ? a.size > b.size : a.rank > b.rank;
  return a.shape === b.shape && a.rank > b.rank;
}

/** Every play the toy can make from a hand, as "reading: ranks" texts. */
function plays(hand, top) {
  const c = counts(hand);
  const out = [];
  const add = (r, text, ranks) => {
    if (!top || beats(r, top)) out.push(`${text}: ${ranks.join(" ")}`);
  };
  c.forEach((n, rank) => {
    for (let size = 1; size <= Math.min(n, 3); size++) {
      const shape = SHAPES[size - 1];
      add({ shape, rank, size }, `${shape} ${RANKS[rank]}`, Array(size).fill(RANKS[rank]));
    }
    if (rank <= 12) {
      for (let size = 4; size <= n; size++) {
        add({ shape: "bomb", rank, size }, `bomb ${size}x${RANKS[rank]}`, Array(size).fill(RANKS[rank]));
      }
    }
  });
  if (c[13] && c[14]) add({ shape: "rocket", rank: 14, size: 2 }, "rocket", ["SJ", "BJ"]);
  return out.sort();
}

function points(cards) {
  return cards.map(parseCard).reduce((sum, card) => {
    const r = RANKS[card.rank];
    return sum + (r === "5" ? 5 : r === "10" || r === "K" ? 10 : 0);
  }, 0);
}

// ---------------------------------------------------------------- the protocol

const handlers = {
  hello: () => ({
    name: "toy-node",
    version: "0.1.0",
    protocol: PROTOCOL,
    capabilities: ["queries"], // no "deal", no "position": game scenarios are skipped
    variants: {}, // only the default value of every variant
  }),
  start: (req) => {
    if (req.setup !== null) throw new Error("the toy plays no games");
    return { accepted: true };
  },
  classify: (req) => {
    const r = reading(req.cards);
    return { legal: r !== null, readings: r ? [r.text] : [] };
  },
  beats: (req) => {
    const reply = reading(req.reply);
    const top = reading(req.top);
    if (!reply || !top || !beats(reply, top)) return { beats: false, reading: null };
    return { beats: true, reading: reply.text };
  },
  plays: (req) => {
    const top = req.top ? reading(req.top) : null;
    const list = plays(req.hand, top);
    return { count: list.length, plays: list };
  },
  points: (req) => ({ points: points(req.cards) }),
  deck: () => ({ cards: 162, faces: 54, copies: 3, points: 300 }),
  stop: () => ({}),
};

function reply(message) {
  process.stdout.write(JSON.stringify(message) + "\n");
}

const lines = readline.createInterface({ input: process.stdin, terminal: false });
lines.on("line", (line) => {
  let req;
  try {
    req = JSON.parse(line);
  } catch (err) {
    return reply({ seq: null, ok: false, error: `not JSON: ${err.message}` });
  }
  const seq = Number.isInteger(req && req.seq) ? req.seq : null;
  const handler = req && handlers[req.cmd];
  if (!handler) return reply({ seq, ok: false, error: `the toy cannot do ${req && req.cmd}` });
  try {
    reply({ seq, ok: true, result: handler(req) });
  } catch (err) {
    reply({ seq, ok: false, error: err.message });
  }
  if (req.cmd === "stop") process.exit(0);
});
lines.on("close", () => process.exit(0));
