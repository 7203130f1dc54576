/**
 * Draws the installable shop's icons (decision 034) into public/icons from the favicon's
 * design: the brand's blue, a phone in white. Run once when the design changes
 * (`node apps/web/scripts/icons.ts`); the PNG files are committed, so a build needs no sharp.
 */
import path from "node:path";
import sharp from "sharp";

const out = path.resolve(import.meta.dirname, "../public/icons");
const BLUE = "#0b5cad";

/** The phone drawn in a 32-unit square, `scale` of it, centred. */
const phone = (scale: number) => {
  const t = (v: number) => 16 + (v - 16) * scale;
  return `<rect x="${t(10)}" y="${t(5)}" width="${12 * scale}" height="${22 * scale}" rx="${2.5 * scale}" fill="none" stroke="#fff" stroke-width="${2 * scale}"/><circle cx="16" cy="${t(23)}" r="${1.3 * scale}" fill="#fff"/>`;
};
const svg = (body: string) => Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">${body}</svg>`);

const icons: [string, number, Buffer][] = [
  // "any": the favicon's rounded square.
  ["icon-192.png", 192, svg(`<rect width="32" height="32" rx="7" fill="${BLUE}"/>${phone(1)}`)],
  ["icon-512.png", 512, svg(`<rect width="32" height="32" rx="7" fill="${BLUE}"/>${phone(1)}`)],
  // "maskable": full bleed, the phone inside the safe circle (80 % of the width).
  ["maskable-512.png", 512, svg(`<rect width="32" height="32" fill="${BLUE}"/>${phone(0.8)}`)],
  // iOS's home screen icon: square, iOS rounds it.
  ["apple-touch-icon.png", 180, svg(`<rect width="32" height="32" fill="${BLUE}"/>${phone(0.85)}`)],
  // Android's status bar: white on transparent, only the shape counts.
  ["badge-96.png", 96, svg(phone(1.2))],
];
for (const [name, size, source] of icons) {
  await sharp(source, { density: 72 * (size / 32) })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: true })
    .toFile(path.join(out, name));
}
console.log(`icons written to ${out}`);
