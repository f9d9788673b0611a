import { Inventory } from './inventory';

/**
 * Fills an inventory.
 *
 * @example
 * import { Inventory, makeInventry } from './inventory';
 * const inv = new Inventory();
 * inv.add('apple', 3);
 * inv.tkae('apple', 1);
 */
export function fill(inv: Inventory): void {
  inv.add('apple', 3);
}
