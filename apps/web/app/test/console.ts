import { format } from "node:util";
import { afterEach, beforeEach } from "vitest";

/**
 * A web test fails when something calls console.error that the test did not expect: React says
 * there what goes wrong in a test without failing it (an update outside act(), a missing key, an
 * error a boundary caught, a hydration mismatch), and so does the app when it logs a failure.
 * vitest.setup.ts installs it for every test of the web project.
 *
 * A test that provokes an error on purpose says so, with what it expects to be said:
 *
 *   const logged = expectConsoleError(/Failed to load/);
 *   …
 *   expect(logged).toHaveLength(1); // optional: the matching calls' arguments
 *
 * Only matching calls are let through, and the test fails if none came. A test may also take
 * console.error over itself (`vi.spyOn(console, "error").mockImplementation(…)`): what its own
 * spy receives is its business, and goes nowhere near this check.
 */

interface Expectation {
  matching: string | RegExp;
  calls: unknown[][];
}

let unexpected: unknown[][] = [];
let expectations: Expectation[] = [];

/**
 * Lets through this test the calls of console.error whose text contains `matching` (a string) or
 * matches it (a RegExp); without it, any. Answers the arguments of the calls let through.
 */
export function expectConsoleError(matching: string | RegExp = ""): unknown[][] {
  const expectation: Expectation = { matching, calls: [] };
  expectations.push(expectation);
  return expectation.calls;
}

const says = (text: string, matching: string | RegExp) =>
  typeof matching === "string" ? text.includes(matching) : matching.test(text);

/** Installs the check: called once, by the web project's setup file. */
export function failOnUnexpectedConsoleError() {
  const original = console.error;
  beforeEach(() => {
    unexpected = [];
    expectations = [];
    console.error = (...args: unknown[]) => {
      const expectation = expectations.find((e) => says(format(...args), e.matching));
      if (expectation) {
        expectation.calls.push(args);
        return;
      }
      unexpected.push(args);
      original(...args);
    };
  });
  afterEach(() => {
    console.error = original;
    const [first] = unexpected;
    const unmet = expectations.find((e) => e.calls.length === 0);
    unexpected = [];
    expectations = [];
    if (first)
      throw new Error(
        `console.error was called during the test, which did not expect it. Its first call said:\n\n${format(...first)}\n\n` +
          "Fix the cause (an act() warning: wait for what updates the component; a key warning: give each item its key), " +
          "or, if the test provokes that error on purpose, call expectConsoleError(/what it says/) in it (app/test/console.ts).",
      );
    if (unmet)
      throw new Error(`expectConsoleError(${String(unmet.matching)}): no console.error said that during the test.`);
  });
}
