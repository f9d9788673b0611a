/**
 * The price of an item in cents.
 * @param sku the item
 * @returns {number} the price
 */
export function lookupPrice(sku: string): number {
  return sku.length * 100;
}
