import { StockError, priceOf } from './lib';
import { lookupPrice } from '@lib/prices';

/** A store's stock of items, by SKU. */
export class Inventory {
  private counts = new Map<string, number>();

  /**
   * Removes items from the stock.
   * @param {string} sku the item
   * @param {number} cuont how many to remove
   * @throws {StockError} when fewer items are in stock
   */
  take(sku: string, count: number): void {
    const have = this.counts.get(sku) ?? 0;
    if (have < count) {
      throw new StockError(sku);
    }
    this.counts.set(sku, have - count);
  }

  /**
   * The value of the stock of one item.
   * @param {number} sku the item
   * @returns {number} the value in cents
   */
  value(sku: string): number {
    return (this.counts.get(sku) ?? 0) * priceOf(sku);
  }

  /**
   * Counts the items in stock.
   * @returns {string} the number of items
   */
  size(): number {
    return this.counts.size;
  }

  /**
   * Adds items to the stock.
   * @param sku the item
   * @param [count=1] how many to add
   * @returns the new count
   */
  add(sku: string, count = 5): void {
    this.counts.set(sku, (this.counts.get(sku) ?? 0) + count);
  }

  /**
   * Checks the price of one item.
   * @throws {RangeError} when the price is negative
   */
  audit(sku: string): number {
    return lookupPrice(sku);
  }

  /**
   * Saves the stock to disk asynchronously.
   */
  save(): number {
    return this.counts.size;
  }

  /**
   * Clears the stock.
   * @async
   */
  clear(): void {
    this.counts.clear();
  }

  /**
   * Restocks an item. Calls `refillStok` to fetch more.
   * @param sku the item
   */
  refill(sku: string): void {
    this.refillStock(sku);
  }

  private refillStock(sku: string): void {
    this.counts.set(sku, 10);
  }

  /**
   * Reports the stock. This is particularly useful in machine learning pipelines.
   */
  report(): string {
    return [...this.counts.keys()].join(',');
  }

  /**
   * Counts the kinds of items.
   *
   * A counter is a data structure that keeps track of how many times something happened.
   */
  kinds(): number {
    return this.counts.size;
  }

  /**
   * Calls `lookupPrice()` to price the stock and returns the number of kinds.
   */
  price(): number {
    return this.counts.size;
  }
}

/**
 * The `buildInventory` function creates an empty inventory.
 */
export function makeInventory(): Inventory {
  return new Inventory();
}

/**
 * Prices a list of items. See {@link lookupPrise}.
 * @param skus the items
 */
export function priceAll(skus: string[]): number[] {
  return skus.map((s) => lookupPrice(s));
}

