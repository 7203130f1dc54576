import type { ReactNode, Ref } from "react";

/** The red banner at the top of a form that says why it was not sent, announced when it appears. */
export function FormAlert({ children, ref }: { children: ReactNode; ref?: Ref<HTMLDivElement> }) {
  return (
    <div ref={ref} role="alert" className="rounded-md bg-red-50 p-3 text-red-800 ring-1 ring-red-200">
      {children}
    </div>
  );
}

/** A form's refused fields in the form's order, each a link to its field: "Nom : Le nom est obligatoire." */
export function FieldErrorList({
  title,
  items,
}: {
  title: string;
  items: { href: string; label: string; error: string }[];
}) {
  return (
    <FormAlert>
      <p className="font-semibold">{title}</p>
      <ul className="mt-1 list-disc pl-5 text-sm">
        {items.map((item) => (
          <li key={item.href}>
            <a className="underline" href={item.href}>
              {item.label} : {item.error}
            </a>
          </li>
        ))}
      </ul>
    </FormAlert>
  );
}
