import { describe, expect, it } from "vitest";
import { idleStep } from "./idle-gc.ts";

describe("idleStep", () => {
  it("collects once, on the first quiet window after a crowd", () => {
    let busy = false;
    const verdicts = [0.01, 0.5, 0.9, 0.3, 0.01, 0.0, 0.01].map((u) => {
      const step = idleStep(busy, u);
      busy = step.busy;
      return step.collect;
    });
    expect(verdicts).toEqual([false, false, false, false, true, false, false]);
  });

  it("waits while the traffic only eases", () => {
    let busy = true;
    const verdicts = [0.1, 0.05, 0.03, 0.01].map((u) => {
      const step = idleStep(busy, u);
      busy = step.busy;
      return step.collect;
    });
    expect(verdicts).toEqual([false, false, false, true]);
  });

  it("never collects on a server that was never busy", () => {
    expect([0, 0.01, 0.1, 0.15, 0].some((u) => idleStep(false, u).collect)).toBe(false);
  });
});
