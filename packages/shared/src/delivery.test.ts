import { describe, expect, it } from "vitest";
import { deliveryFeeFor, deliveryFeeLabel, orderTotal } from "./delivery.ts";
import { formatPrice } from "./money.ts";

describe("the delivery fee an order pays", () => {
  const zone = { kind: "zone" as const, fee: 1500 };
  it("is the zone's, waived from the free-delivery amount (the subtotal before delivery)", () => {
    expect(deliveryFeeFor(zone, 99999, 100000)).toEqual({ fee: 1500, free: false });
    expect(deliveryFeeFor(zone, 100000, 100000)).toEqual({ fee: 0, free: true });
    expect(deliveryFeeFor(zone, 5_000_000, null)).toEqual({ fee: 1500, free: false });
    // A free zone is free, not "offerte".
    expect(deliveryFeeFor({ kind: "zone", fee: 0 }, 100000, 100000)).toEqual({ fee: 0, free: false });
  });

  it("is nothing for a pickup, and stays to confirm for shipping whatever the amount", () => {
    expect(deliveryFeeFor({ kind: "pickup", fee: 500 }, 10, null)).toEqual({ fee: 0, free: false });
    expect(deliveryFeeFor({ kind: "shipping", fee: null }, 900000, 100000)).toEqual({ fee: null, free: false });
    expect(deliveryFeeFor({ kind: "shipping", fee: 5000 }, 900000, 100000)).toEqual({ fee: 5000, free: false });
  });

  it("adds to the total once known", () => {
    expect(orderTotal(470000, 1500)).toBe(471500);
    expect(orderTotal(470000, null)).toBe(470000);
    expect([deliveryFeeLabel(null), deliveryFeeLabel(0, true), deliveryFeeLabel(0), deliveryFeeLabel(1500)]).toEqual([
      "à confirmer",
      "offerte",
      "gratuite",
      formatPrice(1500),
    ]);
  });
});
