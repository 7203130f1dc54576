import { timeLeft } from "@shop/shared/core";

/**
 * A running sale (decision 051): its name, and on the product page the time left ('Plus que
 * 2 j 4 h'). The time is the render's: a page kept by the cache for a minute may say a minute
 * more, and the browser's render may say one less than the server's (hence no hydration warning).
 */
export function SaleBadge({ name, endsAt, size = "sm" }: { name: string; endsAt?: string; size?: "sm" | "md" }) {
  return (
    <p className={`flex flex-wrap items-center gap-x-2 gap-y-1 ${size === "md" ? "text-sm" : "text-xs"}`}>
      <span className="rounded bg-red-700 px-1.5 py-0.5 font-bold text-white">{name}</span>
      {endsAt && (
        <span className="font-semibold text-red-800" suppressHydrationWarning>
          {timeLeft(new Date(endsAt), new Date())}
        </span>
      )}
    </p>
  );
}
