import { readFileSync } from "node:fs";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * Vitest's own order, except that the files which start processes of their own (a script, a
 * server, a worker) or open a whole server runtime on a data directory go first. They are the
 * longest (10–70 s each, stop 54), and vitest cannot know it on a fresh clone: without its cache
 * of earlier runs it puts larger files first, so a short file that runs `npm run …` eight times
 * started late and ran on while the other worker idled (`npm-scripts` 137 s from 351 s into a
 * loaded run, `private-data-dir` the run's last 29 s, `runtime` near the end).
 */
export class ProcessFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const startsProcesses = (file: TestSpecification) =>
      /\b(spawn|spawnSync|execFile|openRuntime)\(/.test(readFileSync(file.moduleId, "utf8"));
    return [...sorted.filter(startsProcesses), ...sorted.filter((file) => !startsProcesses(file))];
  }
}
