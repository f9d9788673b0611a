import { Inventory } from './inventory';
import { Point } from './traps';

/**
 * Fills an inventory.
 *
 * @example
 * import { Inventory, makeInventory } from './inventory';
 * import { z } from 'zod';
 * const inv = makeInventory();
 * const other = new Inventory();
 * other.add('apple', 3);
 * other.take('apple', 1);
 * other.missing?.();
 * inv.whatever();
 * z.string().parse('x');
 *
 * @example
 * ```ts
 * const p = new Point(1, 2);
 * p.length;
 * p.x + p.y;
 * p.toString();
 * ```
 */
export function fill(inv: Inventory, p: Point): number {
  inv.add('apple', 3);
  return p.length;
}

/**
 * An error of the example's own kind.
 *
 * @example
 * class Custom extends Inventory { extra() {} }
 * new Custom().extra();
 */
export class Wrapped extends Error {}
