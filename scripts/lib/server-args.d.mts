/** How node runs the compiled shop (see server-args.mjs). */
export declare const SERVER_NODE_ARGS: readonly string[];
