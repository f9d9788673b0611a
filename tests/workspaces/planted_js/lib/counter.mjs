/** A counter. */
export class Counter {
  constructor() {
    this.total = 0;
  }

  /** Adds one. */
  increment() {
    this.total += 1;
  }
}
