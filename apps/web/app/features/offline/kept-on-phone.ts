/** An action's answer saying the order was kept on the phone (features/order/place-order.client.ts). */
export const keptOnPhone = (actionResult: unknown): boolean =>
  typeof actionResult === "object" && actionResult !== null && "queued" in actionResult;
