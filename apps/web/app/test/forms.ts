/** A form's text fields as the browser sends them. */
export function formOf(fields: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return form;
}

/** These fields posted to `path` of the shop, as a route's action receives them. */
export const postOf = (path: string, fields: Record<string, string>) =>
  new Request(`http://shop.test${path}`, { method: "POST", body: formOf(fields) });

/** What a form posted, its values as text, to compare with a plain object. */
export const fieldsOf = (form: FormData) => Object.fromEntries([...form].map(([name, value]) => [name, String(value)]));
