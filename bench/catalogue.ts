/**
 * A realistic 10 000-product catalogue for the benchmark, generated deterministically (fixed
 * seed) so that two runs query the same data. Names and descriptions come from the demo
 * catalogue (apps/server/src/db/seed/demo-catalogue.ts) when that file exists, otherwise from
 * the small lists of models × storage × colours below. No image file is written: image URLs
 * are well-formed `/uploads/images/<uuid>/800.webp` paths that point nowhere.
 */
import { existsSync } from "node:fs";
import { CATEGORIES, type Category } from "@shop/shared";

export interface BenchProduct {
  productName: string;
  brandName: string;
  category: Category;
  productImage: string[];
  description: string;
  price: number;
  sellingPrice: number;
  createdAt: Date;
  updatedAt: Date;
}

interface Model {
  name: string;
  brand: string;
  /** Lowest price in francs, for the smallest storage; larger storage costs more. */
  price: number;
  storage: readonly string[];
  colours: readonly string[];
  /** Words of the description specific to the model. */
  blurb: string;
}

const IPHONE_COLOURS = ["Noir", "Blanc", "Bleu", "Rouge", "Vert", "Violet", "Rose", "Jaune"] as const;
const PRO_COLOURS = ["Titane naturel", "Titane noir", "Titane bleu", "Argent", "Or", "Graphite"] as const;
const ANDROID_COLOURS = ["Noir", "Blanc", "Bleu", "Vert", "Violet", "Gris"] as const;
const S = ["64 Go", "128 Go", "256 Go"] as const;
const M = ["128 Go", "256 Go", "512 Go"] as const;
const L = ["256 Go", "512 Go", "1 To"] as const;
const NONE = [""] as const;

const iphone = (name: string, price: number, storage: readonly string[], pro = false): Model => ({
  name: `iPhone ${name}`,
  brand: "Apple",
  price,
  storage,
  colours: pro ? PRO_COLOURS : IPHONE_COLOURS,
  blurb: pro
    ? "Écran Super Retina XDR ProMotion, triple appareil photo, Face ID."
    : "Écran Super Retina, double appareil photo, Face ID.",
});

const android = (brand: string, name: string, price: number, storage: readonly string[], blurb: string): Model => ({
  name,
  brand,
  price,
  storage,
  colours: ANDROID_COLOURS,
  blurb,
});

const gadget = (brand: string, name: string, price: number, colours: readonly string[], blurb: string): Model => ({
  name,
  brand,
  price,
  storage: NONE,
  colours,
  blurb,
});

/** A few real models per category: the storefront's 17 categories, all of them stocked. */
const MODELS: Record<Category, Model[]> = {
  "NOUVEAUX IPHONE": [
    iphone("16", 650_000, M),
    iphone("16 Plus", 720_000, M),
    iphone("16 Pro", 850_000, M, true),
    iphone("16e", 480_000, M),
    iphone("17", 720_000, L),
    iphone("17 Pro", 950_000, L, true),
    iphone("Air", 880_000, L),
  ],
  "IPHONE 15": [iphone("15", 520_000, M), iphone("15 Plus", 580_000, M), iphone("15 Pro", 690_000, M, true)],
  "IPHONE 14": [iphone("14", 400_000, M), iphone("14 Plus", 450_000, M), iphone("14 Pro", 540_000, M, true)],
  "IPHONE 13": [iphone("13", 310_000, M), iphone("13 mini", 270_000, M), iphone("13 Pro", 420_000, M, true)],
  "IPHONE 12": [iphone("12", 230_000, S), iphone("12 mini", 190_000, S), iphone("12 Pro", 300_000, M, true)],
  "IPHONE 11": [iphone("11", 170_000, S), iphone("11 Pro", 220_000, S, true)],
  "IPHONE XR": [iphone("XR", 130_000, S), iphone("XS", 140_000, S), iphone("XS Max", 165_000, S)],
  "IPHONE 8": [iphone("8", 75_000, S), iphone("8 Plus", 95_000, S), iphone("SE (2022)", 120_000, S)],
  SMARTPHONES: [
    android("Tecno", "Tecno Camon 30", 145_000, M, "Écran AMOLED 6,78 pouces, appareil photo 50 MP."),
    android("Infinix", "Infinix Hot 40i", 85_000, S, "Grande batterie 5000 mAh, charge rapide 18 W."),
    android("Itel", "Itel A70", 55_000, S, "Double SIM, batterie longue durée."),
    android("Oppo", "Oppo Reno 11", 260_000, M, "Portrait expert, charge SUPERVOOC 67 W."),
    android("Nokia", "Nokia G42 5G", 120_000, S, "Réparable soi-même, trois ans de mises à jour."),
  ],
  "IPHONE PROMAX": [
    iphone("12 Pro Max", 340_000, M, true),
    iphone("13 Pro Max", 460_000, M, true),
    iphone("14 Pro Max", 590_000, M, true),
    iphone("15 Pro Max", 760_000, L, true),
    iphone("16 Pro Max", 930_000, L, true),
  ],
  SAMSUNG: [
    android("Samsung", "Samsung Galaxy S24", 520_000, M, "Galaxy AI, écran Dynamic AMOLED 2X 120 Hz."),
    android("Samsung", "Samsung Galaxy S24 Ultra", 820_000, L, "S Pen intégré, zoom 100x, cadre en titane."),
    android("Samsung", "Samsung Galaxy A15", 110_000, S, "Écran Super AMOLED 90 Hz, batterie 5000 mAh."),
    android("Samsung", "Samsung Galaxy A55 5G", 260_000, M, "Résistant à l'eau IP67, triple caméra 50 MP."),
    android("Samsung", "Samsung Galaxy Z Flip 6", 690_000, M, "Pliable, écran externe FlexWindow."),
  ],
  PIXEL: [
    android("Google", "Google Pixel 8", 380_000, M, "Puce Tensor G3, la gomme magique de Google Photos."),
    android("Google", "Google Pixel 8a", 300_000, M, "Sept ans de mises à jour Android."),
    android("Google", "Google Pixel 9 Pro", 690_000, M, "Triple caméra, zoom optique 5x, Gemini."),
  ],
  REDMI: [
    android("Xiaomi", "Redmi Note 13", 120_000, S, "Écran AMOLED 120 Hz, appareil photo 108 MP."),
    android("Xiaomi", "Redmi Note 13 Pro+ 5G", 240_000, M, "Charge 120 W, écran incurvé."),
    android("Xiaomi", "Redmi 13C", 70_000, S, "Grand écran 6,74 pouces, batterie 5000 mAh."),
  ],
  HUAWEI: [
    android("Huawei", "Huawei Nova 12 SE", 180_000, M, "Selfie 108 MP, charge 66 W."),
    android("Huawei", "Huawei P60 Pro", 520_000, M, "Caméra XMAGE à ouverture variable."),
    android("Huawei", "Huawei Nova Y90", 110_000, S, "Écran FullView 6,7 pouces."),
  ],
  "GADGETS ÉLECTRONIQUES": [
    gadget("JBL", "Enceinte JBL Flip 6", 85_000, ["Noir", "Bleu", "Rouge"], "Étanche IP67, 12 heures d'écoute."),
    gadget("JBL", "Enceinte JBL Charge 5", 120_000, ["Noir", "Bleu", "Camouflage"], "Sert aussi de batterie."),
    gadget("Apple", "AirPods Pro (2e génération)", 160_000, ["Blanc"], "Réduction de bruit active, boîtier USB-C."),
    gadget("Anker", "Batterie externe Anker 20000 mAh", 30_000, ["Noir", "Blanc"], "Deux ports, charge rapide."),
    gadget("Sony", "Casque Sony WH-1000XM5", 230_000, ["Noir", "Argent"], "Réduction de bruit, 30 heures."),
  ],
  "APPLE WATCH": [
    gadget("Apple", "Apple Watch Series 9 45 mm", 260_000, ["Minuit", "Lumière stellaire", "Rose"], "Puce S9."),
    gadget("Apple", "Apple Watch SE 40 mm", 160_000, ["Minuit", "Argent"], "Détection des accidents."),
    gadget("Apple", "Apple Watch Ultra 2", 560_000, ["Titane naturel", "Titane noir"], "Boîtier titane 49 mm."),
  ],
  ACCESSOIRES: [
    gadget("Apple", "Chargeur secteur USB-C 20 W", 15_000, ["Blanc"], "Charge rapide pour iPhone et iPad."),
    gadget("Apple", "Câble USB-C vers Lightning 1 m", 10_000, ["Blanc"], "Compatible iPhone 8 à iPhone 14."),
    gadget("Samsung", "Chargeur Samsung 25 W", 12_000, ["Noir", "Blanc"], "Super Fast Charging."),
    gadget("Generique", "Coque MagSafe transparente", 8_000, ["Transparent"], "Pour iPhone 13, 14 et 15."),
    gadget("Generique", "Protection écran verre trempé", 5_000, ["Transparent"], "Dureté 9H, pose facile."),
  ],
};

const CONDITIONS = [
  "Neuf, scellé, garantie 1 an.",
  "Reconditionné grade A, batterie ≥ 85 %, garantie 6 mois.",
  "Occasion comme neuf, sans rayure, garantie 3 mois.",
] as const;

/** mulberry32: small, fast, good enough to spread test data. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function uuid(rand: () => number): string {
  const hex = Array.from({ length: 32 }, () => Math.floor(rand() * 16).toString(16));
  hex[12] = "4";
  hex[16] = ((Number.parseInt(hex[16] ?? "0", 16) & 0x3) | 0x8).toString(16);
  const s = hex.join("");
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
}

const pick = <T>(rand: () => number, list: readonly T[]): T => list[Math.floor(rand() * list.length)] as T;

/** Rounded to 500 francs like the shop's prices. */
export const francs = (n: number) => Math.max(500, Math.round(n / 500) * 500);

/** What a generated product is made of: a model with a storage, or a product of the demo catalogue. */
interface Base {
  productName: string;
  brandName: string;
  description: string;
  price: number;
  variants: readonly string[];
  /** Generated descriptions get a random condition; the demo catalogue's already say it. */
  withCondition: boolean;
}

function basesFromModels(category: Category): Base[] {
  return MODELS[category].flatMap((m) =>
    m.storage.map((storage, i) => ({
      productName: storage ? `${m.name} ${storage}` : m.name,
      brandName: m.brand,
      description: m.blurb,
      price: Math.round(m.price * (1 + 0.18 * i)),
      variants: m.colours,
      withCondition: true,
    })),
  );
}

interface DemoProduct {
  productName: string;
  brandName: string;
  category: string;
  description: string;
  price: number;
}

function isDemoProduct(v: unknown): v is DemoProduct {
  if (typeof v !== "object" || v === null) return false;
  const o = v as Record<string, unknown>;
  return (
    typeof o.productName === "string" &&
    typeof o.brandName === "string" &&
    typeof o.category === "string" &&
    typeof o.description === "string" &&
    typeof o.price === "number" &&
    o.price > 0
  );
}

const DEMO_FILE = new URL("../apps/server/src/db/seed/demo-catalogue.ts", import.meta.url);

/** The demo catalogue's products per category, when that file exists and reads as expected. */
async function demoBases(): Promise<{ bases: Map<Category, Base[]>; used: boolean }> {
  const bases = new Map<Category, Base[]>();
  if (!existsSync(DEMO_FILE)) return { bases, used: false };
  try {
    const mod = (await import(DEMO_FILE.href)) as { DEMO_PRODUCTS?: unknown };
    const list = Array.isArray(mod.DEMO_PRODUCTS) ? mod.DEMO_PRODUCTS.filter(isDemoProduct) : [];
    for (const p of list) {
      const category = CATEGORIES.find((c) => c === p.category);
      if (!category) continue;
      const phone = !["GADGETS ÉLECTRONIQUES", "APPLE WATCH", "ACCESSOIRES"].includes(category);
      const entry = {
        productName: p.productName,
        brandName: p.brandName,
        description: p.description,
        price: p.price,
        // Colours make the ~110 copies of each demo product distinct listings, as in a real shop.
        variants: !phone ? ["", "Noir", "Blanc"] : p.brandName === "Apple" ? IPHONE_COLOURS : ANDROID_COLOURS,
        withCondition: false,
      };
      bases.set(category, [...(bases.get(category) ?? []), entry]);
    }
    return { bases, used: bases.size > 0 };
  } catch (error) {
    console.warn(`demo catalogue not usable (${(error as Error).message}): generating names instead`);
    return { bases, used: false };
  }
}

/**
 * `count` products spread evenly over the 17 categories (round robin), newest first by
 * `createdAt` one hour apart going back from `now`, about 40 % of them discounted 5–25 %.
 */
export async function benchCatalogue(
  count: number,
  now = Date.now(),
): Promise<{ products: BenchProduct[]; source: string }> {
  const demo = await demoBases();
  const rand = random(20_260_101);
  const products: BenchProduct[] = [];
  for (let i = 0; i < count; i++) {
    const category = CATEGORIES[i % CATEGORIES.length] as Category;
    const base = pick(rand, demo.bases.get(category) ?? basesFromModels(category));
    const variant = pick(rand, base.variants);
    const condition = pick(rand, CONDITIONS);
    const price = francs(base.price * (0.9 + rand() * 0.2));
    const discounted = rand() < 0.4;
    const sellingPrice = discounted ? francs(price * (0.75 + rand() * 0.2)) : price;
    const createdAt = new Date(now - i * 3_600_000 - Math.floor(rand() * 600_000));
    const images = 1 + Math.floor(rand() * 3);
    products.push({
      productName: variant ? `${base.productName} ${variant}` : base.productName,
      brandName: base.brandName,
      category,
      productImage: Array.from({ length: images }, () => `/uploads/images/${uuid(rand)}/800.webp`),
      description: `${base.description}${base.withCondition ? ` ${condition}` : ""} Livraison à Yaoundé et Douala, paiement à la livraison.`,
      price,
      sellingPrice: Math.min(sellingPrice, price),
      createdAt,
      updatedAt: new Date(createdAt.getTime() + Math.floor(rand() * 86_400_000)),
    });
  }
  const source = demo.used
    ? "names and descriptions from demo-catalogue.ts, × colours; generated for categories it lacks"
    : "generated from models × storage × colours";
  return { products, source };
}
