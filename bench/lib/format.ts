/**
 * How the benches write figures, bytes and tables in their reports: one way for all, so that
 * results files read alike. A figure that is not a finite number (no answer measured) is "–".
 */

export const f1 = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : "–");
export const f2 = (n: number) => (Number.isFinite(n) ? n.toFixed(2) : "–");
/** Rounded, with thousands separators: 12,345. */
export const int = (n: number) => (Number.isFinite(n) ? Math.round(n).toLocaleString("en-US") : "–");

/** An answer's size: "812 B", "68.4 KB" (KB = 1024 bytes). */
export const bytes = (n: number) => (n >= 1024 ? `${(n / 1024).toFixed(1)} KB` : `${n} B`);
/** Always in KB, one decimal (KB = 1024 bytes): "0.8 KB", "68.4 KB". */
export const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
/** A memory figure from /proc (kB) in whole MB (MiB): "183 MB"; "–" when there is none. */
export const mb = (kb: number | undefined) =>
  kb === undefined || !Number.isFinite(kb) ? "–" : `${Math.round(kb / 1024)} MB`;

export const errorMessage = (error: unknown) => (error instanceof Error ? error.message : String(error));
/** With the stack, for a failure the bench goes on after. */
export const errorDetail = (error: unknown) =>
  error instanceof Error ? (error.stack ?? error.message) : String(error);

export type Cell = string | number;

/** A Markdown table row; an empty cell stays one space wide (`| |`). */
export const row = (cells: Cell[]) => `|${cells.map((c) => (c === "" ? " " : ` ${c} `)).join("|")}|`;

const RULE = { l: "---", r: "--:", c: ":-:" } as const;

/**
 * A Markdown table: the header, its rule from `align` (one letter a column: l left, r right,
 * c centred, e.g. "llrr"), then the rows.
 */
export function table(header: Cell[], align: string, rows: Cell[][]): string {
  if (align.length !== header.length || !/^[lrc]*$/.test(align))
    throw new Error(`table: ${header.length} columns, alignments "${align}"`);
  const rule = `|${[...align].map((a) => RULE[a as keyof typeof RULE]).join("|")}|`;
  return [row(header), rule, ...rows.map(row)].join("\n");
}
