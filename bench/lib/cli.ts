/**
 * The benches' command lines: node's parseArgs with `--help` added, and the checks of the
 * values, every problem said at once above the help, exit code 2.
 */
import { type ParseArgsConfig, parseArgs } from "node:util";
import { errorMessage } from "./format.ts";

type Options = NonNullable<ParseArgsConfig["options"]>;
const HELP_OPTION = { help: { type: "boolean", default: false } } as const;
type Values<T extends Options> = ReturnType<
  typeof parseArgs<{ args: string[]; options: T & typeof HELP_OPTION }>
>["values"];

/**
 * The options of `argv`, or the exit code when there is nothing to run: 0 once the help is
 * printed (`--help`), 2 after an unknown option or a missing value.
 */
export function parseOptions<const T extends Options>(argv: string[], options: T, help: string): Values<T> | number {
  let values: Values<T>;
  try {
    values = parseArgs({ args: argv, options: { ...options, ...HELP_OPTION } }).values as Values<T>;
  } catch (error) {
    console.error(`${errorMessage(error)}\n\n${help}`);
    return 2;
  }
  if ((values as { help: boolean }).help) {
    console.log(help);
    return 0;
  }
  return values;
}

/** parseOptions for a script's top level: exits at once when there is nothing to run. */
export function parseOptionsOrExit<const T extends Options>(argv: string[], options: T, help: string): Values<T> {
  const values = parseOptions(argv, options, help);
  if (typeof values === "number") process.exit(values);
  return values;
}

/** Reads option values, noting what is wrong with them; `exitCode()` says it all at the end. */
export class OptionCheck {
  readonly problems: string[] = [];
  readonly help: string;

  constructor(help: string) {
    this.help = help;
  }

  fail(problem: string): void {
    this.problems.push(problem);
  }

  /** A number from `min` to `max`. */
  number(name: string, raw: string | undefined, min: number, max: number): number {
    const n = Number(raw);
    if (!Number.isFinite(n) || n < min || n > max) this.fail(`--${name} must be a number between ${min} and ${max}`);
    return n;
  }

  /** A count (connections, customers…): a number from `min` to `max`, rounded. */
  count(name: string, raw: string | undefined, min: number, max: number): number {
    return Math.round(this.number(name, raw, min, max));
  }

  /** A whole number of at least `min` (runs, loads). */
  whole(name: string, raw: string | undefined, min: number): number {
    const n = Number(raw);
    if (!Number.isInteger(n) || n < min) this.fail(`--${name} must be a whole number, at least ${min}`);
    return n;
  }

  /** One of `allowed`. */
  choice<K extends string>(name: string, raw: string, allowed: readonly K[]): K {
    if (!allowed.includes(raw as K))
      this.fail(`--${name} must be ${allowed.slice(0, -1).join(", ")} or ${allowed[allowed.length - 1]}`);
    return raw as K;
  }

  /** A comma-separated list, each of `allowed` (`what` names one in the message: "page", "database"…). */
  list<K extends string>(name: string, raw: string, allowed: readonly K[], what: string): K[] {
    const items = raw.split(",").map((k) => k.trim());
    for (const k of items) if (!allowed.includes(k as K)) this.fail(`--${name}: unknown ${what} ${k}`);
    return items as K[];
  }

  /** undefined when all was well; else prints the problems and the help, and answers 2. */
  exitCode(): number | undefined {
    if (!this.problems.length) return undefined;
    console.error(`${this.problems.join("\n")}\n\n${this.help}`);
    return 2;
  }

  /** exitCode() for a script's top level: exits with 2 when anything was wrong. */
  exitOnProblems(): void {
    const code = this.exitCode();
    if (code !== undefined) process.exit(code);
  }
}
