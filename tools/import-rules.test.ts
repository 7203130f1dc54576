/**
 * The import rules of `npm run lint` (.dependency-cruiser.cjs, decision 035) refuse what they
 * should: a small tree laid out like the repository, first as the rules allow it (payments
 * reads the orders' table, a module names the acting admin's row type), then with one import
 * cycle and three forbidden imports added.
 */
import { execFile } from "node:child_process";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..");
const depcruise = path.join(root, "node_modules/.bin/depcruise");
const config = path.join(root, ".dependency-cruiser.cjs");

let dir: string;

async function write(files: Record<string, string>) {
  for (const [name, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, name)), { recursive: true });
    await writeFile(path.join(dir, name), text);
  }
}

/** The linter's verdict on the tree: its exit code and what it printed. */
async function lint(): Promise<{ code: number; output: string }> {
  try {
    const { stdout } = await promisify(execFile)(depcruise, ["apps", "--config", config], { cwd: dir });
    return { code: 0, output: stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "import-rules-"));
  await write({
    "apps/web/app/lib/api.ts": "export const api = 1;\n",
    "apps/web/app/components/button.tsx": 'import { api } from "../lib/api";\nexport const button = api;\n',
    "apps/web/app/features/cart/cart.ts":
      'import { button } from "../../components/button";\nexport const cart = button;\n',
    "apps/web/app/features/catalog/card.ts": 'import { cart } from "../cart/cart";\nexport const card = cart;\n',
    "apps/web/app/routes/home.tsx": 'import { card } from "../features/catalog/card";\nexport default card;\n',
    "apps/server/src/lib/storage.ts": "export const storage = 1;\n",
    "apps/server/src/plugins/files.ts": 'import { storage } from "../lib/storage.ts";\nexport const files = storage;\n',
    "apps/server/src/db/schema/users.ts": "export const users = 1;\nexport type UserRow = { id: string };\n",
    "apps/server/src/db/schema/contact.ts": "export const contactMessages = 1;\n",
    "apps/server/src/db/schema/orders.ts": "export const orders = 1;\n",
    "apps/server/src/modules/contact/contact.service.ts":
      'import { contactMessages } from "../../db/schema/contact.ts";\nimport type { UserRow } from "../../db/schema/users.ts";\nexport const read = (admin: UserRow) => [admin, contactMessages];\n',
    "apps/server/src/modules/payments/payments.service.ts":
      'import { orders } from "../../db/schema/orders.ts";\nexport const pay = orders;\n',
  });
}, 30_000);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("the import rules", () => {
  it("let imports go one way: routes → features (as listed) → components → lib", async () => {
    const { code, output } = await lint();
    expect(output).toContain("no dependency violations found");
    expect(code).toBe(0);
  }, 30_000);

  it("refuse an import cycle, a feature importing a route, a feature outside its list, and another module's table", async () => {
    await write({
      // lib/storage.ts ⇄ lib/s3-storage.ts, as the storage factory once was
      "apps/server/src/lib/s3-storage.ts": 'import { storage } from "./storage.ts";\nexport const s3 = storage;\n',
      "apps/server/src/lib/storage.ts":
        'export const storage = 1;\nexport const open = () => import("./s3-storage.ts");\n',
      // a feature reading the root route's loader
      "apps/web/app/features/cart/cart.ts":
        'import { button } from "../../components/button";\nimport type { home } from "../../routes/home";\nexport const cart = button;\nexport type Home = typeof home;\n',
      "apps/web/app/routes/home.tsx": 'import { card } from "../features/catalog/card";\nexport const home = card;\n',
      // the contact module reading the orders' table
      "apps/server/src/modules/contact/contact.service.ts":
        'import { contactMessages } from "../../db/schema/contact.ts";\nimport { orders } from "../../db/schema/orders.ts";\nexport const read = [contactMessages, orders];\n',
      // cart may not import catalog (catalog imports cart)
      "apps/web/app/features/cart/suggestions.ts":
        'import { card } from "../catalog/card";\nexport const suggestions = card;\n',
    });
    const { code, output } = await lint();
    expect(code).not.toBe(0);
    expect(output).toMatch(/error no-circular: apps\/server\/src\/lib\/(s3-)?storage\.ts/);
    expect(output).toContain(
      "error web-features-below-routes: apps/web/app/features/cart/cart.ts → apps/web/app/routes/home.tsx",
    );
    expect(output).toContain(
      "error server-tables-contact: apps/server/src/modules/contact/contact.service.ts → apps/server/src/db/schema/orders.ts",
    );
    expect(output).toContain(
      "error web-feature-cart: apps/web/app/features/cart/suggestions.ts → apps/web/app/features/catalog/card.ts",
    );
  }, 30_000);
});
