// How node runs the compiled shop: `npm start`, the stack, the container image and the bench.
// Source maps for stack traces (ADR 017). PGlite's WebAssembly compiled by V8's baseline compiler
// only (ADR 029): V8's optimising tier cost 480 MB for a second or two at every start and 45 MB for
// good, for no measured gain; V8's flags cannot be changed once the process runs. --expose-gc lets
// the shop collect the garbage of its first catalogue load before it serves anyone (start.ts).
// --max-semi-space-size=16 and --heap-growing-percent=30 (ADR 029, 2026-11-28): on a machine with
// this much memory V8 let the young generation grow to 134 MB, all of it resident, and the old one
// to four times the live heap before its first major collection; with both, a 50,000-row catalogue
// import peaks at about 600 MB instead of 853 MB, at the same speed.

/** @type {readonly string[]} */
export const SERVER_NODE_ARGS = [
  '--enable-source-maps',
  '--liftoff-only',
  '--expose-gc',
  '--max-semi-space-size=16',
  '--heap-growing-percent=30',
];
