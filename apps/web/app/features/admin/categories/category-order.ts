/**
 * The whole new order after moving one category a place up (-1) or down (+1): what
 * `PUT /api/admin/categories/order` takes (decision 046). Null when there is nothing to move (an
 * unknown id, the first one up, the last one down).
 */
export function movedOrder(ids: readonly string[], id: string, step: -1 | 1): string[] | null {
  const from = ids.indexOf(id);
  const to = from + step;
  if (from < 0 || to < 0 || to >= ids.length) return null;
  const order = [...ids];
  [order[from], order[to]] = [order[to] as string, order[from] as string];
  return order;
}

/** "up" is -1, anything else +1: the buttons' values. */
export const stepOf = (direction: string): -1 | 1 => (direction === "up" ? -1 : 1);
