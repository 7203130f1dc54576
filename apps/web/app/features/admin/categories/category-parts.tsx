import type { AdminCategory } from "@shop/shared";
import { useEffect, useRef } from "react";
import { Form, Link } from "react-router";
import { ProductImage } from "../../../components/ui/product-image";
import { plural } from "../orders/order-format";
import { CATEGORIES_PATH } from "./category-paths";

const SMALL =
  "inline-flex min-h-11 items-center rounded-full border border-slate-400 px-4 py-2 text-sm font-semibold hover:bg-slate-100 disabled:opacity-50";

/** How many products a category holds, hidden and archived ones included: what refuses its deletion. */
export const productCountText = (count: number) => (count === 0 ? "Aucun produit" : plural(count, "produit"));

/** A category's picture, name, 'Masquée' badge, slug and products' count. */
export function CategorySummary({ category }: { category: AdminCategory }) {
  return (
    <div className="flex items-start gap-3">
      {category.image ? (
        <ProductImage
          url={category.image}
          alt=""
          size={48}
          className="size-12 shrink-0 rounded-md bg-slate-100 object-contain"
        />
      ) : (
        <span aria-hidden="true" className="size-12 shrink-0 rounded-md bg-slate-100" />
      )}
      <div className="min-w-0">
        <h3 className="text-lg font-bold break-words">
          {category.name}
          {category.hidden && (
            // The space keeps the name and the badge apart in the heading's accessible name.
            <>
              {" "}
              <span className="ml-1 inline-block rounded-full bg-slate-200 px-2 py-0.5 align-middle text-xs font-semibold text-slate-800">
                Masquée
              </span>
            </>
          )}
        </h3>
        <p className="text-sm text-slate-700">
          {productCountText(category.productCount)}
          <span className="text-slate-600"> · {category.slug}</span>
        </p>
      </div>
    </div>
  );
}

/**
 * A category's actions, the SUPERADMIN's: edit, hide or show, move a place up or down, delete.
 * Links and posted forms, so they work without scripts. `focus` names the move button to give
 * the focus back to after a move (the page is drawn again), so the keyboard keeps its place.
 */
export function CategoryActions({
  category,
  first,
  last,
  busy,
  focus,
}: {
  category: AdminCategory;
  first: boolean;
  last: boolean;
  busy: boolean;
  focus: "up" | "down" | null;
}) {
  const up = useRef<HTMLButtonElement>(null);
  const down = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!focus) return;
    // At an end the pressed button is disabled now: the other one.
    const wanted = focus === "up" ? (first ? down : up) : last ? up : down;
    wanted.current?.focus();
  }, [focus, first, last]);
  const name = category.name;
  return (
    <div className="mt-3 flex flex-wrap gap-2">
      <Link
        to={`${CATEGORIES_PATH}?edit=${category._id}`}
        className={`${SMALL} text-brand`}
        aria-label={`Modifier ${name}`}
      >
        Modifier
      </Link>
      <Form method="post" action={CATEGORIES_PATH} className="contents">
        <input type="hidden" name="id" value={category._id} />
        <button
          type="submit"
          name="intent"
          value={category.hidden ? "show" : "hide"}
          disabled={busy}
          className={SMALL}
          aria-label={`${category.hidden ? "Afficher" : "Masquer"} ${name}`}
        >
          {category.hidden ? "Afficher" : "Masquer"}
        </button>
      </Form>
      <Form method="post" action={CATEGORIES_PATH} className="contents">
        <input type="hidden" name="intent" value="move" />
        <input type="hidden" name="id" value={category._id} />
        <button
          ref={up}
          type="submit"
          name="direction"
          value="up"
          disabled={first || busy}
          className={SMALL}
          aria-label={`Monter ${name}`}
        >
          Monter
        </button>
        <button
          ref={down}
          type="submit"
          name="direction"
          value="down"
          disabled={last || busy}
          className={SMALL}
          aria-label={`Descendre ${name}`}
        >
          Descendre
        </button>
      </Form>
      <Link
        to={`${CATEGORIES_PATH}?delete=${category._id}`}
        className={`${SMALL} text-red-800`}
        aria-label={`Supprimer ${name}`}
      >
        Supprimer
      </Link>
    </div>
  );
}

/** 'Supprimer' asks first, saying what the server will refuse: a category that still has products. */
export function DeleteConfirm({ category, busy }: { category: AdminCategory; busy: boolean }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => box.current?.focus(), []);
  const count = category.productCount;
  return (
    <div
      ref={box}
      tabIndex={-1}
      role="alertdialog"
      aria-labelledby={`delete-${category._id}`}
      aria-describedby={`delete-${category._id}-hint`}
      className="space-y-3 focus:outline-none"
    >
      <p id={`delete-${category._id}`} className="font-semibold">
        Supprimer « {category.name} » ?
      </p>
      <p id={`delete-${category._id}-hint`} className="text-sm text-slate-700">
        {count > 0
          ? `Elle contient encore ${plural(count, "produit")} : la boutique refusera de la supprimer tant qu'elle n'est pas vide. Pour la retirer de la boutique sans attendre, masquez-la.`
          : "Elle est vide : elle disparaît de la boutique et du back-office."}
      </p>
      <Form method="post" action={CATEGORIES_PATH} className="flex flex-wrap items-center gap-3">
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="id" value={category._id} />
        <button
          type="submit"
          disabled={busy}
          className="min-h-11 rounded-full bg-red-700 px-5 py-2 font-semibold text-white hover:bg-red-800 disabled:opacity-60"
        >
          Supprimer
        </button>
        <Link to={CATEGORIES_PATH} className="inline-flex min-h-11 items-center font-semibold text-brand underline">
          Annuler
        </Link>
      </Form>
    </div>
  );
}
