import { Counter } from './counter.mjs';

/**
 * Counts twice.
 *
 * @example
 * import { Countr } from './counter.mjs';
 * const c = new Counter();
 * c.increment();
 * c.total;
 * c.reset();
 */
export function twice(c) {
  c.increment();
  c.increment();
}
