"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.toFeet = exports.UNITS = void 0;
exports.UNITS = ["m", "ft"];
function toFeet(m) { return m * 3.28; }
exports.toFeet = toFeet;
