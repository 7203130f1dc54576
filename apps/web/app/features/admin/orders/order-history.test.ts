import type { AdminOrder } from "@shop/shared";
import { describe, expect, it } from "vitest";
import { historyLines } from "./order-history";

const admin = (name: string) => ({ _id: "0b7e1c6a-3f1e-4c8e-9a55-1f6d2b8e4a10", name });

describe("historyLines", () => {
  it("starts with 'Commande reçue' at the creation time, in Yaoundé's time", () => {
    // 13:05 UTC is 14:05 in Yaoundé (UTC+1).
    expect(historyLines({ createdAt: "2026-11-22T13:05:00.000Z", history: [] })).toEqual([
      { key: "created", text: "Commande reçue — le 22/11/2026 à 14:05" },
    ]);
  });

  it("says each change with its status, who made it and when, oldest first", () => {
    const history: AdminOrder["history"] = [
      {
        fromStatus: "nouvelle",
        toStatus: "confirmée",
        changedBy: admin("Awa"),
        note: "",
        createdAt: "2026-11-22T13:05:00.000Z",
      },
      // 23:30 UTC is already the next day in Yaoundé.
      {
        fromStatus: "confirmée",
        toStatus: "payée",
        changedBy: admin("Paul"),
        note: "",
        createdAt: "2026-11-22T23:30:00.000Z",
      },
      {
        fromStatus: "payée",
        toStatus: "annulée",
        changedBy: { _id: null, name: "Ancien admin" },
        note: "",
        createdAt: "2026-11-24T08:00:00.000Z",
      },
    ];
    expect(historyLines({ createdAt: "2026-11-22T09:00:00.000Z", history }).map((l) => l.text)).toEqual([
      "Commande reçue — le 22/11/2026 à 10:00",
      "Confirmée — par Awa, le 22/11/2026 à 14:05",
      "Payée — par Paul, le 23/11/2026 à 00:30",
      "Annulée — par Ancien admin, le 24/11/2026 à 09:00",
    ]);
  });

  it("gives a change's note on its own, and none when the change has none", () => {
    const history: AdminOrder["history"] = [
      {
        fromStatus: "nouvelle",
        toStatus: "payée",
        changedBy: { _id: null, name: "Paiement en ligne" },
        note: " MTN MoMo — transaction TRX.2026.0042 ",
        createdAt: "2026-11-22T13:05:00.000Z",
      },
      {
        fromStatus: "payée",
        toStatus: "livrée",
        changedBy: admin("Awa"),
        note: "",
        createdAt: "2026-11-23T09:00:00.000Z",
      },
    ];
    const [, paid, delivered] = historyLines({ createdAt: "2026-11-22T09:00:00.000Z", history });
    expect(paid).toEqual({
      key: "0-payée",
      text: "Payée — par Paiement en ligne, le 22/11/2026 à 14:05",
      note: "MTN MoMo — transaction TRX.2026.0042",
    });
    expect(delivered).not.toHaveProperty("note");
  });
});
