// The installed app's icons (public/icons/), drawn from the favicon's anchor (public/favicon.svg):
// `node scripts/app-icons.mjs` after the drawing changes. The maskable one fills its square with
// the sea-800 token and keeps the anchor inside the safe circle (the middle 80 %).
import { readFileSync } from "node:fs";
import sharp from "sharp";

const favicon = readFileSync("public/favicon.svg", "utf8");
const anchor = /<g[\s\S]*<\/g>/.exec(favicon)[0];
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="#1e4caf"/><g transform="translate(16 16.4) scale(0.68) translate(-16 -16.4)">${anchor}</g></svg>`;

for (const size of [192, 512]) {
  await sharp(Buffer.from(favicon), { density: (72 * size) / 32 }).resize(size, size).png({ compressionLevel: 9 }).toFile(`public/icons/icon-${size}.png`);
}
await sharp(Buffer.from(maskable), { density: (72 * 512) / 32 }).resize(512, 512).png({ compressionLevel: 9 }).toFile("public/icons/maskable-512.png");
