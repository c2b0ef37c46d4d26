// How node runs the compiled shop: `npm start`, the stack, the container image and the bench.
// Source maps for stack traces (ADR 017). PGlite's WebAssembly compiled by V8's baseline compiler
// only (ADR 029): V8's optimising tier cost 480 MB for a second or two at every start and 45 MB for
// good, for no measured gain; V8's flags cannot be changed once the process runs. --expose-gc lets
// the shop collect the garbage of its first catalogue load before it serves anyone (start.ts).
// --max-semi-space-size=16 (ADR 029, "Young generation"): on a machine with this much memory V8 lets
// the young generation grow to 134 MB, all of it resident; 16 MB semi-spaces (48 MB in all) cut the
// peak of a 50,000-row catalogue import from 853 to 609 MB at the same speed.

/** @type {readonly string[]} */
export const SERVER_NODE_ARGS = ['--enable-source-maps', '--liftoff-only', '--expose-gc', '--max-semi-space-size=16', '--heap-growing-percent=30'];
