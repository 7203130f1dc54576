import { describe, expect, it } from "vitest";
import { filterUsers, usersCount } from "./user-search";

const USERS = [
  { name: "Éloïse Mbarga", email: "eloise@exemple.cm" },
  { name: "Jean Fotso", email: "JEAN.FOTSO@boutique.cm" },
  { name: "Awa Ngono", email: "awa@exemple.cm" },
];

describe("filterUsers", () => {
  it("keeps everyone for an empty or blank query", () => {
    expect(filterUsers(USERS, "")).toHaveLength(3);
    expect(filterUsers(USERS, "   ")).toHaveLength(3);
  });

  it("finds a name without its accents or case, and accents typed where there are none", () => {
    expect(filterUsers(USERS, "eloise").map((u) => u.name)).toEqual(["Éloïse Mbarga"]);
    expect(filterUsers(USERS, "ÉLOÏSE MB").map((u) => u.name)).toEqual(["Éloïse Mbarga"]);
    expect(filterUsers(USERS, "fötsö").map((u) => u.name)).toEqual(["Jean Fotso"]);
  });

  it("finds an e-mail by any part of it", () => {
    expect(filterUsers(USERS, "@exemple").map((u) => u.name)).toEqual(["Éloïse Mbarga", "Awa Ngono"]);
    expect(filterUsers(USERS, "jean.fotso@").map((u) => u.name)).toEqual(["Jean Fotso"]);
  });

  it("finds nobody when nothing matches", () => {
    expect(filterUsers(USERS, "zzz")).toEqual([]);
  });
});

describe("usersCount", () => {
  it("says one or many in French", () => {
    expect(usersCount(0)).toBe("0 utilisateur");
    expect(usersCount(1)).toBe("1 utilisateur");
    expect(usersCount(2)).toBe("2 utilisateurs");
  });
});
