import type { ReactNode } from "react";

export interface ProseSection {
  /** The anchor of the section (letters, digits and dashes), linked from the contents. */
  id: string;
  title: string;
  content: ReactNode;
}

/**
 * The shape of the text pages (blog, privacy, terms, cookies): one h1 and its lead, a short
 * table of contents for long pages read on a phone, then one section (or article) per h2.
 */
export function ProsePage({
  title,
  lead,
  sections,
  as: Section = "section",
  contentsLabel = "Sommaire",
  children,
}: {
  title: string;
  lead: ReactNode;
  sections: readonly ProseSection[];
  /** `article` when each section stands on its own (a blog post). */
  as?: "section" | "article";
  contentsLabel?: string;
  /** Shown after the sections. */
  children?: ReactNode;
}) {
  return (
    <main className="mx-auto max-w-3xl px-4 pt-6 pb-10">
      <h1 className="text-2xl font-extrabold sm:text-3xl">{title}</h1>
      <div className="mt-3 space-y-3 leading-relaxed text-slate-700 [&_a]:font-medium [&_a]:text-brand [&_a]:underline">
        {lead}
      </div>
      {sections.length > 2 && (
        <nav aria-label={contentsLabel} className="mt-6 rounded-lg bg-white p-4 ring-1 ring-slate-200">
          <p className="font-semibold">{contentsLabel}</p>
          <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm">
            {sections.map((section) => (
              <li key={section.id}>
                <a className="text-brand underline" href={`#${section.id}`}>
                  {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
      )}
      {sections.map((section) => (
        <Section key={section.id} aria-labelledby={section.id} className="mt-8">
          <h2 id={section.id} className="scroll-mt-32 text-xl font-bold lg:scroll-mt-20">
            {section.title}
          </h2>
          <div className="mt-3 space-y-3 leading-relaxed text-slate-700 [&_a]:font-medium [&_a]:text-brand [&_a]:underline">
            {section.content}
          </div>
        </Section>
      ))}
      {children}
    </main>
  );
}

/** A bulleted list inside a prose section. */
export function ProseList({ children }: { children: ReactNode }) {
  return <ul className="list-disc space-y-1 pl-5">{children}</ul>;
}
