import { type MyData, type OrderData, type PromotionsChoice, variantLabel } from "@shop/shared";
import { deviceName, OPENED_WITH_WORDS } from "../auth/devices.mapper.ts";
import type { PersonalData } from "./personal-data.service.ts";

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The rows of one person as 'Mes données' and the archive show them (decision 041). */
export function toMyData(data: PersonalData, promotions: PromotionsChoice, now = new Date()): MyData {
  const { account } = data;
  return {
    exportedAt: now.toISOString(),
    account: {
      _id: account.id,
      name: account.name,
      email: account.email,
      role: account.role,
      profilePic: account.profilePic,
      createdAt: account.createdAt.toISOString(),
      updatedAt: account.updatedAt.toISOString(),
    },
    cart: data.cart.map((line) => ({
      productName: line.productName,
      variantLabel: variantLabel(line.optionValues),
      quantity: line.quantity,
    })),
    orders: data.orders.map(
      (order): OrderData => ({
        reference: order.reference,
        channel: order.channel,
        status: order.status,
        createdAt: order.createdAt.toISOString(),
        name: order.name,
        phone: order.phone,
        address: order.address,
        message: order.message,
        fileName: order.filePath ? (order.fileName ?? "fichier") : null,
        delivery: order.deliveryKind
          ? {
              kind: order.deliveryKind,
              name: order.deliveryName,
              fee: order.deliveryFee,
              neighbourhood: order.deliveryNeighbourhood,
              city: order.deliveryCity,
              landmark: order.deliveryLandmark,
            }
          : null,
        totalQuantity: order.totalQuantity,
        totalPrice: order.totalPrice,
        total: order.total,
        lines: data.lines
          .filter((l) => l.orderId === order.id)
          .map((l) => ({
            productName: l.productName,
            variantLabel: l.variantLabel,
            unitPrice: l.unitPrice,
            quantity: l.quantity,
          })),
        history: data.history
          .filter((h) => h.orderId === order.id)
          .map((h) => ({ from: h.fromStatus, to: h.toStatus, at: h.createdAt.toISOString(), note: h.note })),
        payments: data.payments
          .filter((p) => p.orderId === order.id)
          .map((p) => ({
            method: p.method,
            operator: p.operator,
            phone: p.phone,
            amount: p.amount,
            currency: p.currency,
            state: p.state,
            reference: p.transactionId ?? p.providerReference,
            screenshot: p.screenshotPath !== null,
            createdAt: p.createdAt.toISOString(),
            settledAt: iso(p.settledAt),
          })),
      }),
    ),
    reviews: data.reviews.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
    messages: data.messages.map((m) => ({
      subject: m.subject,
      message: m.message,
      createdAt: m.createdAt.toISOString(),
      read: m.readAt !== null,
    })),
    stockAlerts: data.stockAlerts.map((a) => ({
      productName: a.productName,
      phone: a.phone,
      createdAt: a.createdAt.toISOString(),
      notifiedAt: iso(a.notifiedAt),
    })),
    promotions,
    devices: data.devices.map((s) => ({
      device: deviceName(s.userAgent),
      address: s.address,
      createdAt: s.createdAt.toISOString(),
      lastUsedAt: s.lastUsedAt.toISOString(),
      openedWith: OPENED_WITH_WORDS[s.openedWith] ?? "Mot de passe",
    })),
    secondFactors: data.factors.map((f) => ({
      kind: f.kind,
      name: f.name,
      createdAt: f.createdAt.toISOString(),
      lastUsedAt: iso(f.lastUsedAt),
    })),
    passwordResets: data.resets.map((r) => ({
      channel: r.channel,
      createdAt: r.createdAt.toISOString(),
      usedAt: iso(r.usedAt),
    })),
    notificationDevices: data.pushes.map((p) => ({
      service: serviceOf(p.endpoint),
      createdAt: p.createdAt.toISOString(),
    })),
  };
}

/** The push service a subscription goes through ("fcm.googleapis.com"), not its secret address. */
function serviceOf(endpoint: string): string {
  try {
    return new URL(endpoint).host;
  } catch {
    return "inconnu";
  }
}
