// Traps: right documentation in the shapes JavaScript code documents itself.
import { readFile } from 'node:fs/promises';
import defaultRouter, * as routing from './router.js';

/**
 * Loads a JSON file.
 * @param {string} file the path
 * @returns {Promise<object>} the parsed content
 * @throws {SyntaxError} when the file is not JSON
 */
export async function loadJson(file) {
  const text = await readFile(file, 'utf8');
  return JSON.parse(text);
}

/**
 * Calls `callback` with the result, later.
 * @param {number} value the value
 * @param {function(Error, number): void} callback called with the result
 * @async
 */
export function later(value, callback) {
  setTimeout(() => callback(null, value * 2), 0);
}

/**
 * Totals the prices.
 * @param {Object} options the options
 * @param {number[]} options.prices the prices
 * @param {number} [options.tax=0] the tax rate
 * @returns {number} the total
 */
export function total({ prices, tax = 0 }) {
  const sum = prices.reduce((a, b) => a + b, 0);
  return sum * (1 + tax);
}

/**
 * Iterates over the routes of the default router.
 * @yields {string} each path
 */
export function* paths() {
  yield* defaultRouter.routes.keys();
}

/**
 * Makes a router with {@link routing.makeRouter}.
 * @returns {routing.Router} a router
 */
export const fresh = () => routing.makeRouter();

/**
 * Whether the value is empty.
 * @param {*} value anything
 * @return {boolean} true for `null`, `undefined` and empty strings
 */
export const isEmpty = function (value) {
  return value === null || value === undefined || value === '';
};
