"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.Meter = void 0;
/**
 * Reads a length.
 *
 * @example
 * import { Meter, toFeet, UNITS } from './index';
 * toFeet(new Meter().read());
 */
class Meter {
    /**
     * The length in metres.
     * @param {number} scale - what the reading is multiplied by
     * @returns {number} the scaled reading
     */
    read(/* scale */) {
        return 1;
    }
}
Meter.ZERO = 0;
exports.Meter = Meter;
