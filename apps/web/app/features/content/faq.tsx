import type { ReactNode } from "react";

/** Questions that open on a tap, without JavaScript (<details>). */
export function Faq({ items }: { items: readonly { question: string; answer: ReactNode }[] }) {
  return (
    <div className="divide-y divide-slate-200 rounded-lg bg-white ring-1 ring-slate-200">
      {items.map((item) => (
        <details key={item.question} className="group px-4">
          <summary className="flex cursor-pointer list-none items-center justify-between gap-3 py-4 font-semibold [&::-webkit-details-marker]:hidden">
            {item.question}
            <span aria-hidden="true" className="text-xl text-brand transition-transform group-open:rotate-45">
              +
            </span>
          </summary>
          <div className="pb-4 leading-relaxed text-slate-700">{item.answer}</div>
        </details>
      ))}
    </div>
  );
}
