import { Counter } from './counter.mjs';

/**
 * Counts twice.
 *
 * @example
 * import { Counter } from './counter.mjs';
 * import express from 'express';
 * const c = new Counter();
 * c.increment();
 * c.total;
 * const app = express();
 * app.listen(3000);
 */
export function twice(c) {
  c.increment();
  c.increment();
}

/** A counter that also counts down. */
export class UpDown extends Counter {
  /**
   * Subtracts one.
   *
   * @example
   * const u = new UpDown();
   * u.increment();
   * u.decrement();
   * u.total;
   */
  decrement() {
    this.total -= 1;
  }
}
