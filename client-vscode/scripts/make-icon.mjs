// Writes images/icon.png (128x128): a page with text lines and a check mark. Run: npm run icon
import { mkdirSync, writeFileSync } from "fs";
import { deflateSync } from "zlib";

const W = 128, H = 128;
const px = Buffer.alloc(W * H * 4);
const set = (x, y, [r, g, b, a = 255]) => {
    if (x < 0 || y < 0 || x >= W || y >= H) return;
    const i = (y * W + x) * 4;
    px[i] = r; px[i + 1] = g; px[i + 2] = b; px[i + 3] = a;
};
const inRounded = (x, y, x0, y0, x1, y1, r) => {
    const cx = Math.min(Math.max(x, x0 + r), x1 - r), cy = Math.min(Math.max(y, y0 + r), y1 - r);
    return (x - cx) ** 2 + (y - cy) ** 2 <= r * r && x >= x0 && x <= x1 && y >= y0 && y <= y1;
};
const distToSegment = (x, y, [ax, ay], [bx, by]) => {
    const dx = bx - ax, dy = by - ay;
    const t = Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy)));
    return Math.hypot(x - (ax + t * dx), y - (ay + t * dy));
};
for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
        set(x, y, [0, 0, 0, 0]);
        if (inRounded(x, y, 4, 4, 123, 123, 22)) set(x, y, [30, 58, 95]); // background
        if (inRounded(x, y, 26, 18, 86, 104, 6)) set(x, y, [245, 247, 250]); // page
        for (const ly of [34, 48, 62, 76]) {
            const len = ly === 76 ? 26 : 42;
            if (y >= ly && y < ly + 6 && x >= 36 && x < 36 + len) set(x, y, [120, 134, 156]); // text lines
        }
        if ((x - 88) ** 2 + (y - 88) ** 2 <= 24 ** 2) set(x, y, [46, 160, 67]); // badge
        const d = Math.min(distToSegment(x, y, [76, 88], [85, 97]), distToSegment(x, y, [85, 97], [101, 79]));
        if ((x - 88) ** 2 + (y - 88) ** 2 <= 24 ** 2 && d <= 3.5) set(x, y, [255, 255, 255]); // check
    }
}
const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
});
const crc32 = (buf) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type, data) => {
    const len = Buffer.alloc(4); len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const crc = Buffer.alloc(4); crc.writeUInt32BE(crc32(td));
    return Buffer.concat([len, td, crc]);
};
const ihdr = Buffer.alloc(13);
ihdr.writeUInt32BE(W, 0); ihdr.writeUInt32BE(H, 4);
ihdr[8] = 8; ihdr[9] = 6; // 8-bit RGBA
const raw = Buffer.alloc((W * 4 + 1) * H);
for (let y = 0; y < H; y++) px.copy(raw, y * (W * 4 + 1) + 1, y * W * 4, (y + 1) * W * 4);
const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr), chunk("IDAT", deflateSync(raw, { level: 9 })), chunk("IEND", Buffer.alloc(0)),
]);
mkdirSync("images", { recursive: true });
writeFileSync("images/icon.png", png);
console.log(`images/icon.png: ${png.length} bytes`);
