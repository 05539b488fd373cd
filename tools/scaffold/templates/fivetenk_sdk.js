// fivetenk adapter SDK for Node.js 18 or newer: one file, no packages.
//
// It does the protocol plumbing of schemas/protocol.md (`fivetenk protocol`) so that an
// adapter is one object with a function per command:
//
//   const { serve, NotImplemented, reject } = require("./fivetenk_sdk.js");
//   serve({
//     name: "my-engine", version: "0.1.0",
//     protocol: "1.4",                         // the conventions you follow (see below)
//     capabilities: ["classify", "beats"],     // the commands you answer
//     shapes: ["single", "pair", "bomb"],      // the shapes you play (leave out: all)
//     variants: {},                            // per variant, the values (none: defaults)
//     classify(req) {
//       if (req.cards.length === 0) return reject("R03.1", "no cards"); // a refusal (D35)
//       return { legal: true, readings: ["pair 3"] };
//     },
//   });
//
// (`fivetenk new-adapter --lang js --module esm` writes this file as an ES module,
// fivetenk_sdk.mjs, to `import { serve, NotImplemented, reject } from "./fivetenk_sdk.mjs"`.)
//
// - framing: one JSON request per line on stdin, one compact JSON reply per line on
//   stdout, in order (a line longer than 16 MiB is answered with an error and skipped);
// - hello: built from name, version, protocol, capabilities, shapes, variants and
//   `profile` (any further optional hello fields, as they are: the profile words pack,
//   runs, run_top, wings, jokers, extra_shapes of ruling D39, e.g. { run_top: "K",
//   jokers: "alone" } for runs that stop at K and jokers that join no other cards). `protocol` is the version
//   whose conventions you follow ("1.4": schemas/protocol.md, section 8, lists which
//   rejection cites which clause and how a reading is declared); the kit skips the
//   scenarios of conventions added after it, naming them. Left out, it is 1 (1.0): a new
//   SDK never declares a convention for you;
// - refusals the rules call for are results, not errors: return reject(clause, message)
//   ({accepted: false, clause, error: {clause, message}}), or throw new Rejected(clause,
//   message) from anywhere in a command;
// - dispatch on cmd, seq echoed; a command function may return its result or a Promise
//   of it, and replies still go out in the order of the requests;
// - errors: a command without a function, or whose function throws NotImplemented,
//   answers {"ok": false, "error": "classify is not implemented"}; any other exception
//   answers "internal error in classify: <message>"; bad input (not JSON, no seq, an
//   unknown cmd) answers ok: false too. The session never ends on an error;
// - console.log writes to stderr while serving: stdout carries replies only;
// - stop (or the end of input) ends the process with exit code 0.
"use strict";

const PROTOCOL = 1; // the major version; an engine declares its minor one ("1.4")
const COMMANDS = ["hello", "start", "classify", "beats", "plays", "points", "deck", "act",
  "observe", "next_hand", "stop"];
const MAX_REQUEST = 16 << 20;

/** Throw it from a command function you have not written yet. */
class NotImplemented extends Error {}

/** The result of a refusal the rules call for, citing `clause` (null: none applies). */
function reject(clause, message, code) {
  const error = { clause, message: String(message) };
  if (code !== undefined && code !== null) error.code = String(code);
  return { accepted: false, clause, error };
}

/** Throw it anywhere in a command to answer reject(clause, message, code). */
class Rejected extends Error {
  constructor(clause, message, code) {
    super(message);
    this.result = reject(clause, message, code);
  }
}

function helloResult(engine) {
  const result = {
    name: String(engine.name || "unnamed engine"),
    version: String(engine.version || "0.0.0"),
    protocol: engine.protocol === undefined ? PROTOCOL : engine.protocol,
    capabilities: [...(engine.capabilities || [])],
  };
  if (engine.shapes) result.shapes = [...engine.shapes];
  result.variants = { ...(engine.variants || {}) };
  return Object.assign(result, engine.profile || {});
}

function kind(value) {
  if (Array.isArray(value)) return "an array";
  if (value === null) return "null";
  return `a ${typeof value}`;
}

/** The reply to one request line (a Promise): never rejects. */
async function handleLine(engine, session, line) {
  let req;
  try {
    req = JSON.parse(line);
  } catch (err) {
    return { seq: null, ok: false, error: `the request is not JSON: ${err.message}` };
  }
  if (req === null || typeof req !== "object" || Array.isArray(req)) {
    return { seq: null, ok: false, error: `a request is a JSON object, not ${kind(req)}` };
  }
  const seq = req.seq;
  if (!Number.isInteger(seq) || seq < 0) {
    return { seq: null, ok: false, error: 'the request has no "seq" (a non-negative integer)' };
  }
  const cmd = req.cmd;
  if (!COMMANDS.includes(cmd)) {
    return { seq, ok: false, error: `unknown cmd ${JSON.stringify(cmd) ?? "null"}: expected one of ${COMMANDS.join(", ")}` };
  }
  let fn = engine[cmd];
  if (cmd === "hello" && typeof fn !== "function") fn = () => helloResult(engine);
  if (cmd === "stop" && typeof fn !== "function") fn = () => ({});
  if (cmd === "stop") session.stopped = true;
  if (typeof fn !== "function") return { seq, ok: false, error: `${cmd} is not implemented` };
  try {
    const result = await fn.call(engine, req);
    if (result === null || typeof result !== "object" || Array.isArray(result)) {
      return { seq, ok: false, error: `internal error in ${cmd}: the engine returned ${kind(result)}, not a result object` };
    }
    return { seq, ok: true, result };
  } catch (err) {
    if (err instanceof Rejected) return { seq, ok: true, result: err.result };
    if (err instanceof NotImplemented) {
      return { seq, ok: false, error: `${cmd} is not implemented${err.message ? ": " + err.message : ""}` };
    }
    const message = err && err.message ? err.message : String(err);
    return { seq, ok: false, error: `internal error in ${cmd}: ${message}` };
  }
}

function encode(reply) {
  try {
    return JSON.stringify(reply).replace(/[\u007f-\uffff]/g,
      (c) => "\\u" + c.charCodeAt(0).toString(16).padStart(4, "0")) + "\n";
  } catch (err) {
    return JSON.stringify({ seq: reply.seq, ok: false, error: `internal error: the result cannot be written as JSON: ${err.message}` }) + "\n";
  }
}

/** Serve `engine` on stdin/stdout until stop or the end of input. */
function serve(engine, { input = process.stdin, output = process.stdout } = {}) {
  console.log = (...args) => console.error(...args);
  const session = { stopped: false };
  let chain = Promise.resolve();
  let buffer = "";
  let skipping = false;
  const finish = () => chain.then(() => output.write("", () => process.exit(0)));
  const send = (line) => {
    chain = chain.then(async () => {
      if (session.stopped) return;
      const reply = line === null
        ? { seq: null, ok: false, error: `the request is longer than ${MAX_REQUEST} bytes` }
        : !line.trim()
          ? { seq: null, ok: false, error: "an empty line is not a request" }
          : await handleLine(engine, session, line);
      output.write(encode(reply));
      if (session.stopped) finish();
    });
  };
  input.setEncoding("utf8");
  input.on("data", (chunk) => {
    buffer += chunk;
    let end;
    while ((end = buffer.indexOf("\n")) >= 0) {
      const line = buffer.slice(0, end).replace(/\r$/, "");
      buffer = buffer.slice(end + 1);
      if (skipping) {
        skipping = false;
        send(null);
      } else {
        send(line);
      }
    }
    if (buffer.length > MAX_REQUEST) {
      buffer = "";
      skipping = true;
    }
  });
  input.on("end", () => {
    if (skipping) send(null);
    else if (buffer.trim()) send(buffer);
    finish();
  });
}

module.exports = { serve, handleLine, helloResult, reject, NotImplemented, Rejected, PROTOCOL,
  COMMANDS };
