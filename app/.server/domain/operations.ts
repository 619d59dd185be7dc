/**
 * How a feature's service factory wires its operations (decision 035): each operation is a plain
 * function taking the feature's context first; `bindTo(ctx)` gives the `bind` that turns one into
 * the service's method, its other parameters' types kept.
 */
export function bindTo<C>(ctx: C) {
  return <A extends unknown[], R>(fn: (ctx: C, ...args: A) => R) =>
    (...args: A): R =>
      fn(ctx, ...args);
}
