import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The folder holding package.json, found from this module whether it runs from source or from the bundle. */
export const projectRoot = (() => {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, "package.json"))) {
    const parent = path.dirname(dir);
    if (parent === dir)
      throw new Error("Cannot find the project folder (package.json) above " + fileURLToPath(import.meta.url));
    dir = parent;
  }
  return dir;
})();
