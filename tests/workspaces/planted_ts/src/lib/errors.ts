/** The error thrown when a stock level would go below zero. */
export class StockError extends Error {
  /**
   * Creates the error.
   * @param sku the item that ran out
   */
  constructor(public readonly sku: string) {
    super(`out of stock: ${sku}`);
  }
}
