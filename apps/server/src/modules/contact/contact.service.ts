import type { ContactInput } from "@shop/shared";
import type { Db } from "../../db/client.ts";
import { contactMessages } from "../../db/schema.ts";

/** Keeps a visitor's message for the shop to read; the fields arrive trimmed by the contract. */
export async function saveContactMessage(db: Db, input: ContactInput): Promise<void> {
  const { name, email, subject, message } = input;
  await db.insert(contactMessages).values({ name, email, subject, message });
}
