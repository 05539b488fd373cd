#!/usr/bin/env node
// A toy 5,10,K engine behind the fivetenk adapter protocol (schemas/protocol.md), in plain
// Node.js with no packages but the kit's one-file SDK. It knows only singles, pairs,
// triples, bombs and the rocket, and says so in its handshake (capabilities "queries",
// those five shapes, the default variants): the kit skips what lies outside, and where
// the toy is still wrong inside it, the kit says so.
//
//   fivetenk check --impl "node tests/adapters/node/toy_adapter.js" --rule R05
"use strict";

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
// The plumbing (framing, hello, dispatch, error replies) is the kit's JavaScript SDK, the
// file `fivetenk new-adapter --lang js` copies beside a new adapter.

const { serve } = require("../../../tools/scaffold/templates/fivetenk_sdk.js");

serve({
  name: "toy-node",
  version: "0.1.0",
  protocol: "1.2", // judged on every convention of schemas/protocol.md, section 8
  capabilities: ["queries"], // no "deal", no "position": game scenarios are skipped
  shapes: ["single", "pair", "triple", "bomb", "rocket"], // the shapes the toy plays
  variants: {}, // only the default value of every variant
  start(req) {
    if (req.setup !== null) throw new Error("the toy plays no games");
    return { accepted: true };
  },
  classify(req) {
    const r = reading(req.cards);
    return { legal: r !== null, readings: r ? [r.text] : [] };
  },
  beats(req) {
    const reply = reading(req.reply);
    const top = reading(req.top);
    if (!reply || !top || !beats(reply, top)) return { beats: false, reading: null };
    return { beats: true, reading: reply.text };
  },
  plays(req) {
    const top = req.top ? reading(req.top) : null;
    const list = plays(req.hand, top);
    return { count: list.length, plays: list };
  },
  points: (req) => ({ points: points(req.cards) }),
  deck: () => ({ cards: 162, faces: 54, copies: 3, points: 300 }),
});
