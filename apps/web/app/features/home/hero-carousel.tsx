import { HERO_INTERVAL_MS, HERO_PAUSE_MS } from "@shop/shared/core";
import { useState } from "react";
import { Link } from "react-router";
import { useHydrated } from "../../lib/use-hydrated";
import { useCarousel } from "./use-carousel";

export interface HeroSlide {
  title: string;
  text: string;
  cta: string;
  to: string;
  /** Tailwind background classes: drawn in CSS, so the first screen costs no image bytes. */
  tone: string;
}

const categoryLink = (category: string) => `/product-category?category=${encodeURIComponent(category)}`;

/** The four fixed promotional slides (SPEC.md §2 Home, §9: 4 slides). */
export const HERO_SLIDES: readonly HeroSlide[] = [
  {
    title: "Les nouveaux iPhone sont arrivés",
    text: "Neufs, garantis et livrés à Yaoundé. Commandez en un message WhatsApp.",
    cta: "Voir les iPhone",
    to: categoryLink("NOUVEAUX IPHONE"),
    tone: "from-slate-900 to-brand-dark",
  },
  {
    title: "Samsung Galaxy à prix doux",
    text: "Les derniers Galaxy et leurs grands écrans, avec garantie et échange.",
    cta: "Voir les Samsung",
    to: categoryLink("SAMSUNG"),
    tone: "from-indigo-900 to-indigo-700",
  },
  {
    title: "Montres connectées",
    text: "Apple Watch pour le sport, la santé et vos notifications au poignet.",
    cta: "Voir les montres",
    to: categoryLink("APPLE WATCH"),
    tone: "from-emerald-900 to-teal-700",
  },
  {
    title: "Accessoires d'origine",
    text: "Chargeurs, câbles, écouteurs et coques : fini les contrefaçons.",
    cta: "Voir les accessoires",
    to: categoryLink("ACCESSOIRES"),
    tone: "from-rose-900 to-rose-700",
  },
];

/**
 * Full-width hero: advances every 5 s and wraps; arrows and dots jump and hold it 10 s
 * (SPEC.md §4). A pause button and keyboard focus inside stop it, so that moving content
 * can always be stopped (WCAG 2.2.2). The slides move with the scripts only: before they run,
 * the first slide and its link show, and the arrows, dots and pause are not offered (drawn
 * over the slide, they take no room; decision 027, "The first tap").
 */
export function HeroCarousel({ slides = HERO_SLIDES }: { slides?: readonly HeroSlide[] }) {
  const [paused, setPaused] = useState(false);
  const [keyboardFocus, setKeyboardFocus] = useState(false);
  const hydrated = useHydrated();
  const { index, go, next, previous } = useCarousel(
    slides.length,
    HERO_INTERVAL_MS,
    HERO_PAUSE_MS,
    paused || keyboardFocus,
  );

  return (
    <section
      aria-roledescription="carrousel"
      aria-label="Nos offres du moment"
      className="relative overflow-hidden bg-slate-900 text-white"
      onFocus={(e) => setKeyboardFocus(e.target.matches(":focus-visible"))}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget)) setKeyboardFocus(false);
      }}
    >
      <div
        className="flex h-56 transition-transform duration-500 ease-out motion-reduce:transition-none sm:h-64 lg:h-80"
        style={{ transform: `translateX(-${index * 100}%)` }}
      >
        {slides.map((slide, i) => (
          // biome-ignore lint/a11y/useSemanticElements: the APG carousel pattern, a group described as a slide
          <div
            key={slide.title}
            role="group"
            aria-roledescription="diapositive"
            aria-label={`${i + 1} sur ${slides.length}`}
            aria-hidden={i !== index}
            inert={i !== index}
            className={`flex w-full shrink-0 flex-col justify-center bg-gradient-to-r px-14 sm:px-20 ${slide.tone}`}
          >
            <p className="max-w-xl text-2xl font-extrabold leading-tight sm:text-4xl">{slide.title}</p>
            <p className="mt-2 max-w-xl text-sm text-slate-100 sm:text-base">{slide.text}</p>
            <Link
              to={slide.to}
              className="mt-4 self-start rounded-full bg-white px-4 py-2 text-sm font-semibold text-slate-900 hover:bg-slate-100"
            >
              {slide.cta}
            </Link>
          </div>
        ))}
      </div>
      {hydrated && (
        <>
          <button
            type="button"
            onClick={previous}
            aria-label="Diapositive précédente"
            className="absolute top-1/2 left-2 grid size-10 -translate-y-1/2 place-items-center rounded-full bg-black/40 text-xl hover:bg-black/60"
          >
            <span aria-hidden="true">‹</span>
          </button>
          <button
            type="button"
            onClick={next}
            aria-label="Diapositive suivante"
            className="absolute top-1/2 right-2 grid size-10 -translate-y-1/2 place-items-center rounded-full bg-black/40 text-xl hover:bg-black/60"
          >
            <span aria-hidden="true">›</span>
          </button>
          <div className="absolute inset-x-0 bottom-2 flex items-center justify-center gap-1">
            {slides.map((slide, i) => (
              <button
                key={slide.title}
                type="button"
                onClick={() => go(i)}
                aria-label={`Diapositive ${i + 1}`}
                aria-current={i === index ? "true" : undefined}
                className="grid size-6 place-items-center"
              >
                <span className={`block size-2.5 rounded-full ${i === index ? "bg-white" : "bg-white/50"}`} />
              </button>
            ))}
            <button
              type="button"
              onClick={() => setPaused((p) => !p)}
              aria-pressed={paused}
              className="ml-2 rounded-full bg-black/40 px-2 py-0.5 text-xs hover:bg-black/60 aria-pressed:bg-white aria-pressed:text-slate-900"
            >
              Pause
            </button>
          </div>
        </>
      )}
    </section>
  );
}
