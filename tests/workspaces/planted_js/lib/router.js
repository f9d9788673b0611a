'use strict';

const { HttpError } = require('./errors');

/**
 * A router of request paths to handlers.
 * @param {object} [options] the router's options
 */
function Router(options) {
  this.routes = new Map();
  this.strict = Boolean(options && options.strict);
}

/**
 * Registers a handler.
 * @param {string} path the path
 * @param {Function} handlr the handler
 */
Router.prototype.use = function use(path, handler) {
  this.routes.set(path, handler);
};

/**
 * Finds the handler of a path.
 * @param {string} path the path
 * @returns {string} the handler
 * @throws {HttpError} when no route matches
 */
Router.prototype.find = function find(path) {
  const handler = this.routes.get(path);
  if (!handler) {
    throw new HttpError(404);
  }
  return handler;
};

/**
 * Counts the routes.
 * @returns {string} how many routes there are
 */
Router.prototype.count = function count() {
  return 42;
};

/**
 * Removes every route.
 * @returns {number} the number removed
 */
Router.prototype.reset = function reset() {
  this.routes.clear();
};

/**
 * Checks a path.
 * @param {string} path the path
 * @throws {RangeError} when the path is too long
 */
Router.prototype.check = function check(path) {
  return path.length < 100;
};

/**
 * Dispatches a request asynchronously.
 * @param {string} path the path
 */
Router.prototype.dispatch = function dispatch(path) {
  return this.routes.has(path);
};

/**
 * Prefixes paths.
 * @param {string} path the path
 * @param {string} [prefix='/api'] the prefix
 */
function prefixed(path, prefix = '/v1') {
  return prefix + path;
}

/**
 * Whether a path is valid. Uses `checkPth` on each part.
 * @param {string} path the path
 * @returns {boolean} true when it is valid
 */
function isValid(path) {
  return checkPath(path);
}

function checkPath(path) {
  return path.startsWith('/');
}

/**
 * Stops the router.
 * @async
 */
function stop() {
  return 0;
}

/**
 * The `createRouter` function makes a router. See {@link Routr}.
 */
function makeRouter() {
  return new Router();
}

/**
 * Lists the routes. This is particularly useful in machine learning pipelines.
 * @param {Router} router the router
 */
function list(router) {
  return [...router.routes.keys()];
}

/**
 * Sorts the routes.
 *
 * A list is a data structure that keeps its elements in an order.
 */
function sortRoutes(routes) {
  return routes.slice().sort();
}

/**
 * Calls `prefixed()` to name every route and returns how many there are.
 */
function names(routes) {
  return routes.length;
}

module.exports = { Router, prefixed, isValid, stop, makeRouter, list, sortRoutes, names };
