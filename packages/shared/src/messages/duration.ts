/**
 * A lifetime in French, in the largest unit that says it exactly: "30 minutes", "1 heure",
 * "90 secondes" (a reset link's, PASSWORD_RESET_TTL_SECONDS, decision 032).
 */
export function durationInWords(seconds: number): string {
  const [count, unit] =
    seconds % 3600 === 0
      ? [seconds / 3600, "heure"]
      : seconds % 60 === 0
        ? [seconds / 60, "minute"]
        : [seconds, "seconde"];
  return `${count} ${unit}${count > 1 ? "s" : ""}`;
}
