/**
 * Second half of `npm run build`, after `react-router build`: bundles the Node entry
 * (server/index.ts), points the server's imports of React Router at its production build, and
 * writes Brotli and gzip copies of the client assets, so the server sends them compressed without
 * compressing on every request.
 */
import { readdir, readFile, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { build, type BuildOptions } from "esbuild";

const root = path.resolve(import.meta.dirname, "..");
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|html|txt|xml|webmanifest)$/;

/** How the server and the operator's scripts are bundled for Node: dependencies stay in node_modules. */
const forNode = {
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
} satisfies BuildOptions;

await build({
  ...forNode,
  entryPoints: [path.join(root, "server/index.ts")],
  outfile: path.join(root, "build/app/server.js"),
});

/**
 * The operator's scripts (`npm run backup`, `restore`, `admin` …), bundled as the server is and run
 * from here by scripts/run-built.mjs: the same code as the server they serve, no dev tools needed
 * to run them, and no `tsx` start (decision 058).
 */
const OPERATOR_SCRIPTS = ["backup", "restore", "db-seed", "db-reset", "seed-bookings", "promote-admin", "auth-secret"];
await build({
  ...forNode,
  entryPoints: OPERATOR_SCRIPTS.map((name) => path.join(root, `scripts/${name}.ts`)),
  outdir: path.join(root, "build/scripts"),
  chunkNames: "chunks/[name]-[hash]",
  splitting: true,
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
const productionImports = await pointAtProductionRouter([
  path.join(root, "build/app/server.js"),
  ...(await listFiles(path.join(root, "build/server"))).filter((f) => f.endsWith(".js")),
  ...(await listFiles(path.join(root, "build/scripts"))).filter((f) => f.endsWith(".js")),
]);
console.log(
  `Server bundled to build/app/server.js, ${OPERATOR_SCRIPTS.length} scripts to build/scripts; ` +
    `${count} client files precompressed; ` +
    `${productionImports} server imports of react-router point at its production build.`,
);

/**
 * React Router's package sends Node its development build whatever NODE_ENV says (its exports map
 * has no production condition), with the checks and warnings that costs on every request. The
 * server's bundles import it by name; each such import is pointed at the production build's file
 * (one copy for the server entry and the route modules alike, as the router's context objects
 * must be shared). @react-router/node's own import stays: it uses only stateless helpers.
 */
async function pointAtProductionRouter(files: string[]): Promise<number> {
  const production = path.join(root, "node_modules/react-router/dist/production/index.mjs");
  await stat(production);
  let rewritten = 0;
  for (const file of files) {
    const code = await readFile(file, "utf8");
    const relative = path.relative(path.dirname(file), production).split(path.sep).join("/");
    const target = relative.startsWith(".") ? relative : `./${relative}`;
    let found = 0;
    const next = code.replace(/(\bfrom\s*|\bimport\s*\(?\s*)"react-router"/g, (_match, keyword: string) => {
      found++;
      return `${keyword}"${target}"`;
    });
    if (found === 0) continue;
    await writeFile(file, next);
    rewritten += found;
  }
  if (rewritten === 0) throw new Error("No server import of react-router was found to point at its production build.");
  return rewritten;
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((e) => (e.isDirectory() ? listFiles(path.join(dir, e.name)) : [path.join(dir, e.name)])),
  );
  return nested.flat();
}
