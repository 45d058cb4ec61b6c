/**
 * Second half of `npm run build`, after `react-router build`: bundles the Node entry
 * (server/index.ts) and writes Brotli and gzip copies of the client assets, so the
 * server sends them compressed without compressing on every request.
 */
import { readdir, readFile, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { build } from "esbuild";

const root = path.resolve(import.meta.dirname, "..");
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|html|txt|xml|webmanifest)$/;

await build({
  entryPoints: [path.join(root, "server/index.ts")],
  outfile: path.join(root, "build/app/server.js"),
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);
let count = 0;
for (const file of await listFiles(path.join(root, "build/client"))) {
  if (!COMPRESSIBLE.test(file) || (await stat(file)).size < 1024) continue;
  const content = await readFile(file);
  await writeFile(`${file}.br`, await brotli(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  await writeFile(`${file}.gz`, await gz(content, { level: 9 }));
  count++;
}
console.log(`Server bundled to build/app/server.js; ${count} client files precompressed.`);

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((e) => (e.isDirectory() ? listFiles(path.join(dir, e.name)) : [path.join(dir, e.name)])),
  );
  return nested.flat();
}
