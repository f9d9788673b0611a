export * from './errors';
export { lookupPrice as priceOf } from './prices.js';
