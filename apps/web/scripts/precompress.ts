/**
 * After `react-router build`: writes a Brotli (quality 11) and a gzip (level 9) copy beside
 * every script, style sheet and text asset of the client build, once, so that the server
 * sends the smallest form without compressing on each request (decision 012).
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const root = path.resolve(import.meta.dirname, "../build/client");
const compressible = /\.(js|mjs|css|svg|json|txt|xml|html|webmanifest)$/;

function* files(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) yield* files(full);
    else if (compressible.test(name)) yield full;
  }
}

let count = 0;
let before = 0;
let after = 0;
for (const file of files(root)) {
  const source = readFileSync(file);
  if (source.length < 1024) continue;
  const br = brotliCompressSync(source, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 11,
      [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
    },
  });
  writeFileSync(`${file}.br`, br);
  writeFileSync(`${file}.gz`, gzipSync(source, { level: 9 }));
  count++;
  before += source.length;
  after += br.length;
}
console.log(
  `precompressed ${count} files: ${(before / 1024).toFixed(0)} KiB → ${(after / 1024).toFixed(0)} KiB brotli`,
);
