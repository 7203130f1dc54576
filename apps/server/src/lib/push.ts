import type { Agent } from "node:https";

/**
 * Web Push, behind one small module (decision 033): the web-push library (VAPID, the payload
 * encrypted for the device, RFC 8291/8292), loaded on the first message.
 */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

export interface PushTarget {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** What became of one message: delivered, the subscription gone for good, or a failure to retry later. */
export type PushOutcome = "sent" | "gone" | "failed";

export async function generateVapidKeys(): Promise<{ publicKey: string; privateKey: string }> {
  const { default: webpush } = await import("web-push");
  return webpush.generateVAPIDKeys();
}

export async function sendPush(
  vapid: VapidKeys,
  target: PushTarget,
  payload: object,
  /** The HTTPS agent to reach push services with (tests: one that trusts the local service's certificate). */
  agent?: Agent,
): Promise<PushOutcome> {
  const { default: webpush } = await import("web-push");
  try {
    await webpush.sendNotification(target, JSON.stringify(payload), {
      vapidDetails: vapid,
      TTL: 24 * 3600,
      urgency: "high",
      timeout: 10_000,
      ...(agent ? { agent } : {}),
    });
    return "sent";
  } catch (error) {
    const status = (error as { statusCode?: number }).statusCode;
    return status === 404 || status === 410 ? "gone" : "failed";
  }
}
