'use strict';

/** The error thrown for a bad request. */
class HttpError extends Error {
  /**
   * Creates the error.
   * @param {number} status the HTTP status
   */
  constructor(status) {
    super(`status ${status}`);
    this.status = status;
  }
}

module.exports = { HttpError };
