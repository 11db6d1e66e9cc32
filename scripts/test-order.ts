/**
 * The order vitest starts test files in: the e2e files, longest first, with the unit and workerd files
 * spread evenly between them. vitest's own order runs one project after another (e2e, unit, workers), so
 * the processor idles while a browser waits on a page, and the CPU-bound files run last with nothing to
 * wait on beside them. Spread out, they fill the e2e files' waits.
 */
import { BaseSequencer, type TestSpecification } from "vitest/node";

export default class InterleavedSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    // Within a project: failed first, then the longest by the last run, else the largest file.
    const sorted = await super.sort(files);
    const e2e = sorted.filter((f) => f.project.name === "e2e");
    const rest = sorted.filter((f) => f.project.name !== "e2e");
    if (e2e.length === 0 || rest.length === 0) return sorted;
    const order: TestSpecification[] = [];
    let next = 0;
    e2e.forEach((file, i) => {
      order.push(file);
      const until = Math.round(((i + 1) / e2e.length) * rest.length);
      while (next < until) order.push(rest[next++]!);
    });
    return order;
  }
}
