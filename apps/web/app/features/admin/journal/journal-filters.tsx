import type { Role } from "@shop/shared";
import { AUDIT_ACTIONS, AUDIT_ENTITIES } from "@shop/shared/back-office";
import { Form, Link } from "react-router";
import { Field, inputClass } from "../../../components/ui/field";
import { type JournalFilterValues, journalHref } from "./journal-query";

/** An ADMIN or SUPERADMIN account the Journal can be filtered by. */
export interface JournalPerson {
  _id: string;
  name: string;
  role: Role;
}

const ENTITY_CHOICES = Object.entries(AUDIT_ENTITIES);
const ACTION_CHOICES = Object.entries(AUDIT_ACTIONS);

/**
 * The Journal's filters: a plain GET form, so it filters without JavaScript too; every field is
 * optional and the address keeps them (a filtered Journal is a link to share or to keep).
 */
export function JournalFilters({
  filters,
  people,
}: {
  filters: JournalFilterValues;
  people: readonly JournalPerson[];
}) {
  return (
    // Drawn again when the address changes (a link, "Effacer les filtres"), so the fields show it.
    <Form
      key={journalHref(filters)}
      method="get"
      role="search"
      aria-label="Filtrer le journal"
      className="mt-4 grid gap-3 rounded-lg bg-white p-4 ring-1 ring-slate-200 sm:grid-cols-2"
    >
      <Field id="journal-actor" name="actor" label="Personne">
        {(props) => (
          <select {...props} defaultValue={filters.actor ?? ""} className={inputClass}>
            <option value="">Toutes</option>
            {people.map((person) => (
              <option key={person._id} value={person._id}>
                {person.name} ({person.role})
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field id="journal-entity" name="entity" label="Objet">
        {(props) => (
          <select {...props} defaultValue={filters.entity ?? ""} className={inputClass}>
            <option value="">Tous</option>
            {ENTITY_CHOICES.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field
        id="journal-entity-id"
        name="entityId"
        label="Identifiant"
        hint="La référence d'une commande (CMD-…) ou l'identifiant d'un produit."
      >
        {(props) => (
          <input
            {...props}
            type="text"
            defaultValue={filters.entityId ?? ""}
            maxLength={100}
            autoComplete="off"
            spellCheck={false}
            className={inputClass}
          />
        )}
      </Field>
      <Field id="journal-action" name="action" label="Action">
        {(props) => (
          <select {...props} defaultValue={filters.action ?? ""} className={inputClass}>
            <option value="">Toutes</option>
            {ACTION_CHOICES.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field id="journal-from" name="from" label="Du">
        {(props) => <input {...props} type="date" defaultValue={filters.from ?? ""} className={inputClass} />}
      </Field>
      <Field id="journal-to" name="to" label="Au">
        {(props) => <input {...props} type="date" defaultValue={filters.to ?? ""} className={inputClass} />}
      </Field>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 sm:col-span-2">
        <button
          type="submit"
          className="min-h-11 rounded-full bg-brand px-5 py-2.5 font-semibold text-white hover:bg-brand-dark"
        >
          Filtrer
        </button>
        <Link to={journalHref({})} className="inline-flex min-h-11 items-center font-semibold text-brand underline">
          Effacer les filtres
        </Link>
      </div>
    </Form>
  );
}
