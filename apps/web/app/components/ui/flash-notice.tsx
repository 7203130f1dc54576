import { useState } from "react";
import { useLocation } from "react-router";
import type { ToastTone } from "./toast";

/** What a form sent without JavaScript says on the page its answer leads to. */
export interface Notice {
  tone: ToastTone;
  text: string;
}

const TONE_CLASS: Record<ToastTone, string> = {
  success: "bg-green-50 text-green-950 ring-green-700/30",
  error: "bg-red-50 text-red-900 ring-red-700/30",
  info: "bg-slate-100 text-slate-900 ring-slate-400/40",
};

/**
 * The message of a form posted before the scripts ran (or without them): in the page's HTML,
 * where the toast would have said it (lib/flash.server.ts). It belongs to the page it came
 * with: a move to another page leaves it behind.
 */
export function FlashNotice({ notice }: { notice: Notice | null }) {
  const { key } = useLocation();
  const [page] = useState(key);
  if (!notice || key !== page) return null;
  return (
    <div className="mx-auto max-w-5xl px-4 pt-3 print:hidden">
      <p
        role={notice.tone === "error" ? "alert" : "status"}
        data-flash={notice.tone}
        className={`rounded-lg p-3 text-center font-medium ring-1 ${TONE_CLASS[notice.tone]}`}
      >
        {notice.text}
      </p>
    </div>
  );
}
