"use strict";
// what a compiler writes for ``export { Meter } from './meter'; export * from './units';``
var __createBinding = (this && this.__createBinding) || function (o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    Object.defineProperty(o, k2, { enumerable: true, get: function () { return m[k]; } });
};
var __exportStar = (this && this.__exportStar) || function (m, exports) {
    for (var p in m) if (p !== "default") __createBinding(exports, m, p);
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.Meter = void 0;
var meter_1 = require("./meter");
Object.defineProperty(exports, "Meter", { enumerable: true, get: function () { return meter_1.Meter; } });
__exportStar(require("./units"), exports);
