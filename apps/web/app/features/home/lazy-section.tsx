import { useEffect, useRef, useState } from "react";
import { api } from "../../lib/api";
import {
  CategorySection,
  type CategorySectionData,
  loadCategorySection,
  SectionHeading,
  type SectionKind,
  SectionProductsSkeleton,
} from "../catalog/category-section";

/** How far ahead of the visitor a section starts loading: about a phone's screen. */
export const NEAR_MARGIN = "800px 0px";

type LoadSection = (category: string, kind: SectionKind) => Promise<CategorySectionData>;
const fromApi: LoadSection = (category, kind) => loadCategorySection(api(), category, kind);

/**
 * A home section below the first screens (decision 027): its heading and 'Voir tout' link at
 * once, the spec's skeletons (13 in a row, 6 in a grid) until its products come from /api,
 * asked when the visitor scrolls within a screen of it. Then the same section as the server
 * renders. A failed call offers 'Réessayer'.
 */
export function LazyCategorySection({
  category,
  kind,
  index,
  load = fromApi,
}: {
  category: string;
  kind: SectionKind;
  index: number;
  load?: LoadSection;
}) {
  const placeholder = useRef<HTMLElement>(null);
  // 0 until the visitor comes near, then one more for each attempt.
  const [request, setRequest] = useState(0);
  const [section, setSection] = useState<CategorySectionData | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const element = placeholder.current;
    if (!element || typeof IntersectionObserver === "undefined") {
      setRequest(1);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        setRequest(1);
        observer.disconnect();
      },
      { rootMargin: NEAR_MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    if (request === 0) return;
    let current = true;
    setFailed(false);
    load(category, kind).then(
      (loaded) => current && setSection(loaded),
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [request, category, kind, load]);

  if (section) return <CategorySection section={section} index={index} />;
  const headingId = `category-${index}`;
  return (
    <section
      ref={placeholder}
      aria-labelledby={headingId}
      aria-busy={!failed}
      className="mt-8"
      data-lazy-section={category}
    >
      <SectionHeading id={headingId} category={category} />
      {failed ? (
        <p role="alert" className="mt-3 px-4 text-sm text-slate-700">
          Impossible de charger ces produits.{" "}
          <button type="button" className="font-semibold text-brand underline" onClick={() => setRequest((n) => n + 1)}>
            Réessayer
          </button>
        </p>
      ) : (
        <SectionProductsSkeleton kind={kind} />
      )}
    </section>
  );
}
