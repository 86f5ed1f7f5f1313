/**
 * Draws the installed app's icons (web app manifest, apple-touch-icon) from the stand mark in
 * src/assets/logo.svg into public/icons/. The PNGs are committed: run this again only when the mark
 * changes (`node web/build/make-app-icons.mjs`). It borrows sharp from the workspace (the photo
 * service's dependency), which is why it is not part of the build.
 *
 * - `icon-192.png`, `icon-512.png`: the mark as it is (rounded corners, transparent outside).
 * - `maskable-512.png`: the launcher may cut any shape out of it, so the background fills the whole
 *   square and the mark sits inside the safe circle (80 % of the width), scaled to 75 %.
 * - `apple-touch-icon.png` (180 px): iOS rounds the corners itself and shows black where it is transparent.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const root = new URL('..', import.meta.url);
const logo = readFileSync(new URL('src/assets/logo.svg', root), 'utf8');
const out = fileURLToPath(new URL('public/icons/', root));
mkdirSync(out, { recursive: true });

/** The mark's drawing without its rounded background: everything after the first <rect … url(#fm-bg)/>. */
const body = logo.slice(logo.indexOf('/>', logo.indexOf('url(#fm-bg)')) + 2, logo.lastIndexOf('</svg>'));
const defs = logo.slice(logo.indexOf('<defs>'), logo.indexOf('</defs>') + '</defs>'.length);
const fullBleed = (scale) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">${defs}<rect width="64" height="64" fill="url(#fm-bg)"/>` +
  `<g transform="translate(32 32) scale(${scale}) translate(-32 -32)">${body}</g></svg>`;

const render = (svg, size, file) =>
  sharp(Buffer.from(svg), { density: (72 * size) / 64 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(out + file);

await render(logo, 192, 'icon-192.png');
await render(logo, 512, 'icon-512.png');
await render(fullBleed(0.75), 512, 'maskable-512.png');
await render(fullBleed(0.85), 180, 'apple-touch-icon.png');
