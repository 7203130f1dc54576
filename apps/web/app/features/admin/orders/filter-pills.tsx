import { Link } from "react-router";

const pill = "inline-flex min-h-11 items-center rounded-full px-3 py-2 text-sm font-semibold ring-1";

/**
 * A row of links that filter a list, the current one marked for screen readers too
 * (`aria-current`); on a phone the row scrolls sideways inside itself.
 */
export function FilterPills<T extends string>({
  label,
  choices,
  current,
  allLabel,
  hrefOf,
  className = "mt-4",
}: {
  /** The navigation's name ("Filtrer par statut"). */
  label: string;
  choices: readonly { value: T; label: string }[];
  current: T | undefined;
  /** The first link, no filter at all ("Toutes"). */
  allLabel: string;
  hrefOf: (value: T | undefined) => string;
  className?: string;
}) {
  return (
    <nav aria-label={label} className={className}>
      <ul className="flex gap-2 overflow-x-auto pb-1">
        {[{ value: undefined, label: allLabel }, ...choices].map((choice) => {
          const isCurrent = choice.value === current;
          return (
            <li key={choice.value ?? "all"} className="shrink-0">
              <Link
                to={hrefOf(choice.value)}
                aria-current={isCurrent ? "page" : undefined}
                className={`${pill} ${isCurrent ? "bg-brand text-white ring-brand" : "bg-white text-slate-800 ring-slate-300 hover:bg-slate-100"}`}
              >
                {choice.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
