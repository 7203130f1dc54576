import type { AdminPromotion } from "@shop/shared";
import { FIELD_MSG, MSG } from "@shop/shared/core";
import { describe, expect, it } from "vitest";
import {
  checkPromotion,
  discountWords,
  doualaLocalOf,
  instantOf,
  NEW_PROMOTION,
  nameList,
  periodWords,
  promotionBody,
  promotionErrorsOf,
  readPromotionForm,
  targetWords,
  usesWords,
  valuesOf,
} from "./promotion-form-values";

const NBSP = "\u00a0";
const NNBSP = "\u202f";

const blackFriday: AdminPromotion = {
  _id: "11111111-1111-4111-8111-111111111111",
  kind: "code",
  name: "Black Friday",
  code: "BLACKFRIDAY",
  discountType: "amount",
  value: 5000,
  startsAt: "2026-11-27T07:00:00.000Z",
  endsAt: "2026-11-30T22:59:00.000Z",
  productIds: ["22222222-2222-4222-8222-222222222222"],
  variantIds: [],
  categories: ["Téléphones"],
  brands: ["Samsung", "Tecno"],
  minSubtotal: 50_000,
  maxUses: 20,
  maxUsesPerCustomer: 1,
  stacksWithSale: true,
  uses: 3,
  pausedAt: null,
  state: "running",
  summary: { orders: 3, units: 4, revenue: 900_000, discount: 15_000 },
  createdAt: "2026-11-01T10:00:00.000Z",
  updatedAt: "2026-11-01T10:00:00.000Z",
};

const aSale = {
  ...NEW_PROMOTION,
  name: "Soldes d'été",
  value: "10",
  startsAt: "2026-07-01T08:00",
  endsAt: "2026-07-15T23:59",
};

describe("Douala's time in the form", () => {
  it("turns what a datetime-local input sends into an instant at UTC+1, and back", () => {
    expect(instantOf("2026-11-27T08:00")).toBe("2026-11-27T08:00:00+01:00");
    expect(instantOf("2026-11-27T08:00:30")).toBe("2026-11-27T08:00:00+01:00");
    expect(doualaLocalOf("2026-11-27T07:00:00.000Z")).toBe("2026-11-27T08:00");
    expect(doualaLocalOf("2026-12-31T23:30:00.000Z")).toBe("2027-01-01T00:30");
    expect(doualaLocalOf(instantOf("2026-03-29T02:30") ?? "")).toBe("2026-03-29T02:30");
  });

  it("refuses what is no real date and time", () => {
    for (const typed of ["", "27/11/2026 08:00", "2026-02-30T08:00", "2026-11-27T25:00", "2026-11-27"]) {
      expect(instantOf(typed)).toBeNull();
    }
  });

  it("words the period in Douala", () => {
    expect(periodWords(blackFriday)).toBe("du 27/11/2026 08:00 au 30/11/2026 23:59");
    expect(periodWords({ startsAt: "2026-11-27T23:00:00.000Z", endsAt: null })).toBe(
      "dès le 28/11/2026 00:00, sans date de fin",
    );
  });
});

describe("a promotion in words", () => {
  it("says the discount, the uses and the target", () => {
    expect(discountWords({ discountType: "percent", value: 10 })).toBe(`-10${NBSP}%`);
    expect(discountWords({ discountType: "amount", value: 5000 })).toBe(`-5${NNBSP}000${NBSP}FCFA`);
    expect(discountWords({ discountType: "free_delivery", value: 0 })).toBe("Livraison offerte");
    expect(usesWords(blackFriday)).toBe("Utilisations : 3 / 20");
    expect(usesWords({ uses: 3, maxUses: null })).toBe("Utilisations : 3");
    expect(targetWords(blackFriday)).toBe("Marques : Samsung, Tecno · Catégories : Téléphones · 1 article choisi");
    expect(targetWords({ brands: [], categories: [], productIds: [], variantIds: [] })).toBe("Tout le catalogue");
  });
});

describe("the promotion form", () => {
  it("reads lists separated by commas, trimmed, blanks dropped", () => {
    expect(nameList(" Samsung, ,Tecno ,")).toEqual(["Samsung", "Tecno"]);
    expect(nameList("")).toEqual([]);
  });

  it("sends a sale as the API takes it, at Douala's time", () => {
    expect(checkPromotion(aSale)).toEqual({});
    expect(promotionBody({ ...aSale, brands: "Samsung, Tecno" })).toEqual({
      kind: "sale",
      name: "Soldes d'été",
      code: null,
      discountType: "percent",
      value: 10,
      startsAt: "2026-07-01T08:00:00+01:00",
      endsAt: "2026-07-15T23:59:00+01:00",
      productIds: [],
      variantIds: [],
      categories: [],
      brands: ["Samsung", "Tecno"],
      minSubtotal: null,
      maxUses: null,
      maxUsesPerCustomer: null,
      stacksWithSale: false,
    });
  });

  it("gives an edited promotion back as it was typed, keeping the products it names", () => {
    const values = valuesOf(blackFriday);
    expect(values).toMatchObject({
      code: "BLACKFRIDAY",
      value: "5000",
      startsAt: "2026-11-27T08:00",
      endsAt: "2026-11-30T23:59",
      brands: "Samsung, Tecno",
      minSubtotal: "50000",
      maxUses: "20",
    });
    expect(checkPromotion(values)).toEqual({});
    const body = promotionBody(values, blackFriday);
    expect(body).toMatchObject({
      startsAt: "2026-11-27T08:00:00+01:00",
      endsAt: "2026-11-30T23:59:00+01:00",
      productIds: blackFriday.productIds,
      minSubtotal: 50_000,
      maxUsesPerCustomer: 1,
      stacksWithSale: true,
    });
    expect(Date.parse(body.startsAt)).toBe(Date.parse(blackFriday.startsAt));
    expect(promotionBody({ ...values, discountType: "free_delivery", value: "12" }).value).toBe(0);
  });

  it("checks first what the server would refuse, in its words", () => {
    expect(checkPromotion(NEW_PROMOTION)).toEqual({
      name: FIELD_MSG.promoNameRequired,
      value: FIELD_MSG.promoPercentInvalid,
      startsAt: FIELD_MSG.promoDateInvalid,
      endsAt: FIELD_MSG.promoSaleNeedsEnd,
    });
    expect(
      checkPromotion({ ...aSale, code: "noel", discountType: "free_delivery", maxUses: "5", endsAt: aSale.startsAt }),
    ).toEqual({
      kind: FIELD_MSG.promoSaleCodeFields,
      code: FIELD_MSG.promoSaleHasNoCode,
      discountType: FIELD_MSG.promoSaleNoFreeDelivery,
      endsAt: FIELD_MSG.promoEndBeforeStart,
    });
    const code = { ...aSale, kind: "code" as const, endsAt: "" };
    expect(checkPromotion({ ...code, code: "black friday", maxUses: "20" })).toEqual({});
    expect(
      checkPromotion({ ...code, code: "x!", discountType: "amount", value: "0", minSubtotal: "abc", maxUses: "0" }),
    ).toEqual({
      code: FIELD_MSG.promoCodeInvalid,
      value: FIELD_MSG.promoAmountInvalid,
      minSubtotal: FIELD_MSG.promoAmountInvalid,
      maxUses: FIELD_MSG.promoUsesInvalid,
    });
    expect(checkPromotion({ ...code, code: "" }).code).toBe(FIELD_MSG.promoCodeRequired);
  });

  it("reads the posted form and places the server's refusals beside their fields", () => {
    const form = new FormData();
    form.set("kind", "code");
    form.set("discountType", "free_delivery");
    form.set("value", "50 000");
    form.set("stacksWithSale", "on");
    expect(readPromotionForm(form)).toMatchObject({
      kind: "code",
      discountType: "free_delivery",
      stacksWithSale: true,
    });
    form.set("kind", "gift");
    form.set("discountType", "half");
    expect(readPromotionForm(form)).toMatchObject({ kind: "sale", discountType: "percent" });
    expect(
      promotionErrorsOf([
        { path: "body.brands.2", message: "Trop long." },
        { path: "body.kind", message: MSG.promotionKindFixed },
        { path: "body.unknown", message: "ignored" },
      ]),
    ).toEqual({ brands: "Trop long.", kind: MSG.promotionKindFixed });
    expect(promotionErrorsOf([], MSG.promotionCodeTaken)).toEqual({ code: MSG.promotionCodeTaken });
    expect(promotionErrorsOf([], MSG.promotionNotFound)).toEqual({});
  });
});
