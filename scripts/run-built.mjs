/**
 * `node scripts/run-built.mjs <script> [args…]`: how package.json runs the operator's scripts
 * (`npm run backup`, `restore`, `admin` …). It runs the build's bundle of the script, as `npm start`
 * runs the server's (scripts/build-server.ts): after changing a script, `npm run build` again.
 */
import { existsSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";

const [name, ...args] = process.argv.slice(2);
const file = fileURLToPath(new URL(`../build/scripts/${name}.js`, import.meta.url));
if (!existsSync(file)) {
  console.error(`${file} is not built: run npm run build first.`);
  process.exit(1);
}
// The script reads its own arguments (parseArgs, process.argv) as if node had started it.
process.argv = [process.argv[0], file, ...args];
await import(pathToFileURL(file).href);
