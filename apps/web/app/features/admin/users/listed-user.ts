import type { User } from "@shop/shared";

/** What the users table needs of each user: the loader sends only this to the browser. */
export type ListedUser = Pick<User, "_id" | "name" | "email" | "role">;

export const toListedUser = (u: User): ListedUser => ({ _id: u._id, name: u.name, email: u.email, role: u.role });
