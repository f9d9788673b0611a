import { StockError, priceOf } from './lib';
import { lookupPrice } from '@lib/prices';

/** A store's stock of items, by SKU. */
export class Inventory {
  private counts = new Map<string, number>();

  /**
   * Removes items from the stock.
   * @param {string} sku the item
   * @param {number} count how many to remove
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
   * @param {string} sku the item
   * @returns {number} the value in cents
   */
  value(sku: string): number {
    return (this.counts.get(sku) ?? 0) * priceOf(sku);
  }

  /**
   * Counts the items in stock.
   * @returns {number} the number of items
   */
  size(): number {
    return this.counts.size;
  }

  /**
   * Adds items to the stock.
   * @param sku the item
   * @param [count=5] how many to add
   */
  add(sku: string, count = 5): void {
    this.counts.set(sku, (this.counts.get(sku) ?? 0) + count);
  }

  /**
   * Checks the price of one item.
   * @throws {RangeError} when the price is negative
   * @throws {StockError} when the item is unknown
   */
  audit(sku: string): number {
    if (!this.counts.has(sku)) {
      throw new StockError(sku);
    }
    const price = lookupPrice(sku);
    if (price < 0) {
      throw new RangeError(`negative price for ${sku}`);
    }
    return price;
  }

  /**
   * Saves the stock to disk.
   */
  save(): number {
    return this.counts.size;
  }

  /**
   * Clears the stock.
   */
  clear(): void {
    this.counts.clear();
  }

  /**
   * Restocks an item. Calls `refillStock` to fetch more.
   * @param sku the item
   */
  refill(sku: string): void {
    this.refillStock(sku);
  }

  private refillStock(sku: string): void {
    this.counts.set(sku, 10);
  }

  /**
   * Reports the stock as a comma-separated list.
   */
  report(): string {
    return [...this.counts.keys()].join(',');
  }

  /**
   * Counts the kinds of items.
   */
  kinds(): number {
    return this.counts.size;
  }

  /**
   * Returns the number of kinds.
   */
  price(): number {
    return this.counts.size;
  }
}

/**
 * The `makeInventory` function creates an empty inventory.
 */
export function makeInventory(): Inventory {
  return new Inventory();
}

/**
 * Prices a list of items. See {@link lookupPrice}.
 * @param skus the items
 */
export function priceAll(skus: string[]): number[] {
  return skus.map((s) => lookupPrice(s));
}

