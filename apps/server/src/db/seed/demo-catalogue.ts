import type { Category, ProductOption } from "@shop/shared";
import type { products } from "../schema.ts";
import type { ImageDesign, PhoneCamera, PhoneFront } from "./images.ts";

/**
 * The demo catalogue of a fresh shop: real models at plausible Yaoundé prices (whole francs
 * CFA), each with the pictures to draw for it. A model sold in several capacities or colours
 * is one product with options and one variant per combination sold (decision 024), as a real
 * shop lists it; its colours have their own pictures, so that the photo follows the choice.
 */

type NewProduct = typeof products.$inferInsert;

/** One combination sold: its values in the options' order, prices, stock and own pictures. */
export interface DemoVariant {
  optionValues: string[];
  price: number;
  sellingPrice: number;
  /** null: not tracked ("non suivi"). */
  stock: number | null;
  /** Its own pictures (the phone's back in its colour); empty: the product's. */
  designs: ImageDesign[];
}

export type DemoProduct = Required<
  Pick<NewProduct, "productName" | "brandName" | "category" | "description" | "price" | "sellingPrice">
> & {
  /** 1 to 3 pictures; the first is the main one. */
  designs: ImageDesign[];
  /** Empty for a single item. */
  options: ProductOption[];
  /** Empty for a single item (its one default variant is the product). */
  variants: DemoVariant[];
  /** A single item's stock; null: not tracked. Variants carry their own. */
  stock: number | null;
};

const STATE = {
  neuf: "Neuf, scellé dans sa boîte d'origine. Garantie 12 mois.",
  reco: "Reconditionné grade A : batterie au-dessus de 85 %, aucune rayure visible. Garantie 6 mois.",
  occasion: "Occasion en très bon état, testé point par point et débloqué tout opérateur. Garantie 3 mois.",
  gadget: "Produit neuf et original, livré dans sa boîte. Garantie 6 mois.",
  accessoire: "Produit neuf et original. Garantie 3 mois.",
} as const;

/** `prices` is one price, or [old price, discounted price]. */
function item(
  category: Category,
  brandName: string,
  productName: string,
  prices: number | [number, number],
  state: keyof typeof STATE,
  pitch: string,
  designs: ImageDesign[],
): DemoProduct {
  const [price, sellingPrice] = pricesOf(prices);
  return {
    productName,
    brandName,
    category,
    price,
    sellingPrice,
    description: `${pitch} ${STATE[state]}`,
    designs,
    options: [],
    variants: [],
    stock: null,
  };
}

const pricesOf = (prices: number | [number, number]): [number, number] =>
  typeof prices === "number" ? [prices, prices] : prices;

/** A single item whose stock the shop counts. */
const counted = (product: DemoProduct, stock: number): DemoProduct => ({ ...product, stock });

type PhoneModel = Omit<Extract<ImageDesign, { kind: "phone" }>, "kind" | "view" | "color">;

const iphone = (camera: PhoneCamera, front: PhoneFront, lenses?: number): PhoneModel =>
  lenses ? { camera, front, lenses, apple: true } : { camera, front, apple: true };
const android = (camera: PhoneCamera, lenses: number): PhoneModel => ({ camera, lenses, front: "punch" });

/** The first colour shows the phone from both sides, the others only its back. */
const phone = (model: PhoneModel, ...colors: string[]): ImageDesign[] =>
  colors.map((color, i) => ({ kind: "phone", view: i === 0 ? "duo" : "back", color, ...model }));

/** One combination sold: its values (capacity first, then colour), prices and stock. */
type Sku = [values: string[], prices: number | [number, number], stock: number | null];

/**
 * A phone model sold in several capacities and/or colours: one product, options "Stockage"
 * and "Couleur" (name → body colour), one variant per combination in `skus`. The product's
 * pictures are its colours' (as `phone`), each colour's variants show the back in that colour;
 * its prices are the cheapest variant's, as the variants' service keeps them.
 */
function model(
  category: Category,
  brandName: string,
  productName: string,
  state: keyof typeof STATE,
  pitch: string,
  phoneModel: PhoneModel,
  /** `shown`: the pictures' colours of a model sold in one colour only. */
  choice: { storage?: string[]; colours?: Record<string, string>; shown?: string[] },
  skus: Sku[],
): DemoProduct {
  const colours = Object.entries(choice.colours ?? {});
  const options: ProductOption[] = [];
  if (choice.storage) options.push({ name: "Stockage", values: choice.storage });
  if (colours.length) options.push({ name: "Couleur", values: colours.map(([name]) => name) });
  const variants = skus.map(([optionValues, prices, stock]): DemoVariant => {
    const [price, sellingPrice] = pricesOf(prices);
    const hex = colours.find(([name]) => name === optionValues.at(-1))?.[1];
    const designs: ImageDesign[] = hex ? [{ kind: "phone", view: "back", color: hex, ...phoneModel }] : [];
    return { optionValues, price, sellingPrice, stock, designs };
  });
  const cheapest = [...variants].sort((a, b) => a.sellingPrice - b.sellingPrice)[0];
  const designs = phone(phoneModel, ...(colours.length ? colours.map(([, hex]) => hex) : (choice.shown ?? [])));
  return {
    ...item(
      category,
      brandName,
      productName,
      [cheapest?.price ?? 0, cheapest?.sellingPrice ?? 0],
      state,
      pitch,
      designs,
    ),
    options,
    variants,
  };
}

const I8 = iphone("single", "home");
const I8_PLUS = iphone("pill-h", "home");
const IXR = iphone("single", "notch");
const IXS = iphone("pill", "notch");
const I11 = iphone("dual", "notch");
const I13 = iphone("diag", "notch");
const I15 = iphone("diag", "island");
const I16 = iphone("pill", "island");
const PRO_NOTCH = iphone("pro", "notch");
const PRO_ISLAND = iphone("pro", "island");
const I17_PRO = iphone("plateau", "island", 3);
const IPHONE_AIR = iphone("plateau", "island", 1);

const MIDNIGHT = "#2f353d";
const STARLIGHT = "#f0e9df";
const RED = "#b81e2b";
const WHITE = "#f2f2f0";
const BLACK = "#2b2b2d";
const SILVER = "#e4e4e2";
const GOLD = "#f1dfc6";
const SPACE_GRAY = "#535150";
const GRAPHITE = "#56545a";
const SIERRA_BLUE = "#9fb8d0";
const MIDNIGHT_GREEN = "#4e5851";
const PACIFIC_BLUE = "#2e4a5f";
const DEEP_PURPLE = "#5b4e63";
const NATURAL_TITANIUM = "#bab4aa";
const BLUE_TITANIUM = "#3f4756";
const DESERT_TITANIUM = "#bfa48f";
const COSMIC_ORANGE = "#d9622b";
const DEEP_BLUE = "#2c3a55";
const OBSIDIAN = "#2b2c2e";
const PORCELAIN = "#ebe5da";
const JBL_BLUE = "#2a5ca8";
const JBL_BLACK = "#26282c";
const ORAIMO_GREEN = "#7ac143";

const watch = (color: string, band: string, dial: "rings" | "analog" = "rings"): ImageDesign => ({
  kind: "watch",
  color,
  band,
  dial,
});

// biome-ignore format: one product per call reads better as a compact table
export const DEMO_PRODUCTS: DemoProduct[] = [
  // NOUVEAUX IPHONE
  item("NOUVEAUX IPHONE", "Apple", "iPhone 17 Pro Max 256 Go", [1_050_000, 990_000], "neuf",
    "Le tout dernier iPhone : écran 6,9 pouces ProMotion, puce A19 Pro et triple caméra 48 Mpx dans son nouveau plateau en aluminium. 256 Go de stockage.",
    phone(I17_PRO, COSMIC_ORANGE, DEEP_BLUE)),
  model("NOUVEAUX IPHONE", "Apple", "iPhone 17 Pro", "neuf",
    "Écran 6,3 pouces ProMotion 120 Hz, puce A19 Pro et triple caméra 48 Mpx. En 256 ou 512 Go pour les photos et vidéos 4K.",
    I17_PRO, { storage: ["256 Go", "512 Go"], colours: { "Bleu intense": DEEP_BLUE, Argent: SILVER, "Orange cosmique": COSMIC_ORANGE } },
    [[["256 Go", "Bleu intense"], 930_000, 4], [["256 Go", "Argent"], 930_000, 3], [["256 Go", "Orange cosmique"], 930_000, 5],
     [["512 Go", "Bleu intense"], 1_080_000, 2], [["512 Go", "Orange cosmique"], 1_080_000, 1]]),
  item("NOUVEAUX IPHONE", "Apple", "iPhone Air 256 Go", 820_000, "neuf",
    "L'iPhone le plus fin jamais conçu : 5,6 mm, écran 6,5 pouces et puce A19 Pro. 256 Go de stockage, eSIM uniquement.",
    phone(IPHONE_AIR, "#cfe1ee", "#eadfc8")),
  model("NOUVEAUX IPHONE", "Apple", "iPhone 17", "neuf",
    "L'écran ProMotion 120 Hz arrive sur le modèle standard, avec la puce A19 et une double caméra 48 Mpx. En 256 ou 512 Go.",
    I16, { storage: ["256 Go", "512 Go"], colours: { Lavande: "#d8cfe8", Sauge: "#c5d2b8" } },
    [[["256 Go", "Lavande"], 690_000, 6], [["256 Go", "Sauge"], 690_000, 4],
     [["512 Go", "Lavande"], 820_000, 3], [["512 Go", "Sauge"], 820_000, 0]]),
  item("NOUVEAUX IPHONE", "Apple", "iPhone 16 Pro 256 Go", [800_000, 745_000], "neuf",
    "Boîtier en titane, écran 6,3 pouces, puce A18 Pro et bouton Commande de l'appareil photo. 256 Go de stockage.",
    phone(PRO_ISLAND, DESERT_TITANIUM, NATURAL_TITANIUM)),
  model("NOUVEAUX IPHONE", "Apple", "iPhone 16", "neuf",
    "Puce A18, bouton Action et double caméra 48 Mpx sur un écran 6,1 pouces. En 128 ou 256 Go.",
    I16, { storage: ["128 Go", "256 Go"], colours: { Outremer: "#5b6fd6", Rose: "#f0a9c9" } },
    [[["128 Go", "Outremer"], 560_000, 5], [["128 Go", "Rose"], 560_000, 3],
     [["256 Go", "Outremer"], [640_000, 615_000], 4], [["256 Go", "Rose"], [640_000, 615_000], 2]]),
  counted(item("NOUVEAUX IPHONE", "Apple", "iPhone 16e 128 Go", 415_000, "neuf",
    "La puce A18 et une caméra 48 Mpx dans un iPhone 6,1 pouces plus abordable, avec Face ID. 128 Go de stockage.",
    phone(IXR, "#262628", "#f4f4f2")), 2),

  // IPHONE 15 (the product "iPhone 15" is the browser journeys' contract: keep it as it is)
  model("IPHONE 15", "Apple", "iPhone 15", "reco",
    "Dynamic Island, port USB-C et caméra 48 Mpx sur un écran 6,1 pouces, dans un verre teinté dans la masse. En 128, 256 ou 512 Go.",
    I15, { storage: ["128 Go", "256 Go", "512 Go"], colours: { Noir: "#3b3d40", Bleu: "#cdd9e3", Rose: "#f4d6dc" } },
    [[["128 Go", "Noir"], [430_000, 395_000], 8], [["128 Go", "Bleu"], [430_000, 395_000], 5], [["128 Go", "Rose"], [430_000, 395_000], 2],
     [["256 Go", "Noir"], 470_000, 6], [["256 Go", "Bleu"], 470_000, 0],
     [["512 Go", "Noir"], 560_000, 1]]),
  item("IPHONE 15", "Apple", "iPhone 15 Plus 128 Go", 480_000, "reco",
    "Grand écran 6,7 pouces et la meilleure autonomie de la gamme 15, avec la puce A16 Bionic. 128 Go de stockage.",
    phone(I15, "#d3e0cc", "#f2e6b4")),
  model("IPHONE 15", "Apple", "iPhone 15 Pro", "reco",
    "Boîtier en titane plus léger, bouton Action et puce A17 Pro. Écran 6,1 pouces ProMotion, zoom optique 3x et USB-C rapide. En 128 ou 256 Go.",
    PRO_ISLAND, { storage: ["128 Go", "256 Go"], colours: { "Titane naturel": NATURAL_TITANIUM, "Titane bleu": BLUE_TITANIUM } },
    [[["128 Go", "Titane naturel"], [560_000, 520_000], 3], [["128 Go", "Titane bleu"], [560_000, 520_000], 1],
     [["256 Go", "Titane naturel"], 590_000, 4], [["256 Go", "Titane bleu"], 590_000, 2]]),

  // IPHONE 14
  model("IPHONE 14", "Apple", "iPhone 14", "reco",
    "Écran 6,1 pouces Super Retina XDR, puce A15 Bionic, détection des accidents et mode Action pour des vidéos stables. En 128 ou 256 Go.",
    I13, { storage: ["128 Go", "256 Go"], colours: { Minuit: MIDNIGHT, Mauve: "#d9d0e3" } },
    [[["128 Go", "Minuit"], [340_000, 315_000], 7], [["128 Go", "Mauve"], [340_000, 315_000], 3],
     [["256 Go", "Minuit"], 370_000, 4]]),
  item("IPHONE 14", "Apple", "iPhone 14 Plus 128 Go", 360_000, "occasion",
    "Écran 6,7 pouces et autonomie record pour un iPhone non Pro. 128 Go de stockage.",
    phone(I13, "#f5e27a", "#a9bfd6")),
  item("IPHONE 14", "Apple", "iPhone 14 Pro 128 Go", 450_000, "reco",
    "Première Dynamic Island, écran toujours allumé et caméra 48 Mpx. 128 Go de stockage.",
    phone(PRO_ISLAND, DEEP_PURPLE, "#f1e3c4")),

  // IPHONE 13
  item("IPHONE 13", "Apple", "iPhone 13 mini 128 Go", 230_000, "occasion",
    "Tout l'iPhone 13 dans un format 5,4 pouces qui tient dans une main. 128 Go de stockage.",
    phone(I13, RED, STARLIGHT)),
  model("IPHONE 13", "Apple", "iPhone 13", "reco",
    "Écran OLED 6,1 pouces, puce A15 Bionic, double caméra stabilisée et mode Cinématique en vidéo. En 128 ou 256 Go.",
    I13, { storage: ["128 Go", "256 Go"], colours: { Rose: "#f7dcd8", Bleu: "#2f5d7e" } },
    [[["128 Go", "Rose"], [290_000, 265_000], 4], [["128 Go", "Bleu"], [290_000, 265_000], 6],
     [["256 Go", "Rose"], 310_000, 0], [["256 Go", "Bleu"], 310_000, 3]]),
  item("IPHONE 13", "Apple", "iPhone 13 Pro 256 Go", [390_000, 360_000], "reco",
    "Écran ProMotion 120 Hz, triple caméra avec mode macro et bords en acier. 256 Go de stockage.",
    phone(PRO_NOTCH, SIERRA_BLUE, GRAPHITE)),

  // IPHONE 12
  model("IPHONE 12", "Apple", "iPhone 12", "occasion",
    "Compatible 5G, design à bords plats, verre Ceramic Shield et puce A14 Bionic sur un écran OLED 6,1 pouces. En 64 ou 128 Go.",
    I11, { storage: ["64 Go", "128 Go"], colours: { Bleu: "#1f4e79", Mauve: "#c9c2e0" } },
    [[["64 Go", "Bleu"], [200_000, 185_000], 5], [["64 Go", "Mauve"], [200_000, 185_000], 2],
     [["128 Go", "Bleu"], 220_000, 3], [["128 Go", "Mauve"], 220_000, 1]]),
  item("IPHONE 12", "Apple", "iPhone 12 mini 64 Go", 160_000, "occasion",
    "Format compact 5,4 pouces avec la 5G et la puce A14 Bionic. 64 Go de stockage.",
    phone(I11, RED, WHITE)),
  item("IPHONE 12", "Apple", "iPhone 12 Pro 128 Go", 255_000, "reco",
    "Bords en acier inoxydable, triple caméra et scanner LiDAR. 128 Go de stockage.",
    phone(PRO_NOTCH, PACIFIC_BLUE, "#f2e2c6")),

  // IPHONE 11
  model("IPHONE 11", "Apple", "iPhone 11", "occasion",
    "Double caméra avec ultra grand-angle, mode Nuit, vidéo 4K et écran Liquid Retina 6,1 pouces à très bonne autonomie. En 64 ou 128 Go.",
    I11, { storage: ["64 Go", "128 Go"], colours: { Mauve: "#d6cbe6", Vert: "#cfe6cf" } },
    [[["64 Go", "Mauve"], [180_000, 165_000], 6], [["64 Go", "Vert"], [180_000, 165_000], 4],
     [["128 Go", "Mauve"], 190_000, 3], [["128 Go", "Vert"], 190_000, 5]]),
  model("IPHONE 11", "Apple", "iPhone 11 Pro", "reco",
    "Écran OLED 5,8 pouces, triple caméra avec téléobjectif et dos en verre mat. En 64 ou 256 Go.",
    PRO_NOTCH, { storage: ["64 Go", "256 Go"], colours: { "Vert nuit": MIDNIGHT_GREEN, Or: GOLD } },
    [[["64 Go", "Vert nuit"], 200_000, 3], [["256 Go", "Or"], [240_000, 225_000], 2]]),

  // IPHONE XR
  model("IPHONE XR", "Apple", "iPhone XR", "occasion",
    "Écran Liquid Retina 6,1 pouces, Face ID, puce A12 Bionic et étanchéité IP67 : un iPhone fiable à petit prix. En 64, 128 ou 256 Go.",
    IXR, { storage: ["64 Go", "128 Go", "256 Go"], colours: { Rouge: RED, Bleu: "#4aa3df", Noir: BLACK } },
    [[["64 Go", "Rouge"], [125_000, 115_000], 3], [["64 Go", "Bleu"], [125_000, 115_000], 2],
     [["128 Go", "Rouge"], 140_000, 4], [["128 Go", "Noir"], 140_000, 1],
     [["256 Go", "Noir"], 155_000, 2]]),
  item("IPHONE XR", "Apple", "iPhone XS 64 Go", 135_000, "occasion",
    "Écran OLED 5,8 pouces, double caméra avec mode Portrait et bords en acier inoxydable. 64 Go de stockage.",
    phone(IXS, SILVER, SPACE_GRAY)),
  item("IPHONE XR", "Apple", "iPhone XS Max 256 Go", 175_000, "occasion",
    "Grand écran OLED 6,5 pouces, double caméra et bords en acier. 256 Go de stockage.",
    phone(IXS, "#f2dcc2", SPACE_GRAY)),

  // IPHONE 8
  model("IPHONE 8", "Apple", "iPhone 8", "occasion",
    "Format compact 4,7 pouces avec Touch ID et recharge sans fil. Idéal comme premier smartphone. En 64 ou 256 Go.",
    I8, { storage: ["64 Go", "256 Go"], colours: { "Gris sidéral": "#4a4a4d", Or: "#f1ddc9" } },
    [[["64 Go", "Gris sidéral"], [80_000, 70_000], 3], [["64 Go", "Or"], [80_000, 70_000], 2],
     [["256 Go", "Gris sidéral"], 90_000, 1]]),

  item("IPHONE 8", "Apple", "iPhone 8 Plus 64 Go", 105_000, "occasion",
    "Écran 5,5 pouces, double caméra avec mode Portrait et Touch ID. 64 Go de stockage.",
    phone(I8_PLUS, "#f1ddc9", "#4a4a4d")),
  item("IPHONE 8", "Apple", "iPhone SE (2022) 64 Go", [145_000, 130_000], "reco",
    "Le format de l'iPhone 8 avec la puce A15 Bionic et la 5G. 64 Go de stockage et Touch ID.",
    phone(I8, MIDNIGHT, RED)),

  // SMARTPHONES
  model("SMARTPHONES", "Tecno", "Tecno Camon 30", "neuf",
    "Écran AMOLED 6,78 pouces 120 Hz, caméra 50 Mpx et charge rapide 70 W. 8 Go de RAM, en 256 ou 512 Go.",
    android("ring", 3), { storage: ["256 Go", "512 Go"], colours: { Noir: "#1f2024", Blanc: "#efeee9" } },
    [[["256 Go", "Noir"], [175_000, 160_000], 8], [["256 Go", "Blanc"], [175_000, 160_000], 5],
     [["512 Go", "Noir"], 195_000, 3]]),
  item("SMARTPHONES", "Tecno", "Tecno Spark 20 Pro 256 Go", 110_000, "neuf",
    "Écran 6,78 pouces 120 Hz, caméra 108 Mpx et batterie 5 000 mAh. 8 Go de RAM et 256 Go de stockage.",
    phone(android("square", 2), "#232428", "#f1c7a8")),
  item("SMARTPHONES", "Tecno", "Tecno Pova 6 Pro 5G 256 Go", 155_000, "neuf",
    "Batterie géante 6 000 mAh, charge 70 W et écran AMOLED 120 Hz. 12 Go de RAM et 256 Go de stockage.",
    phone(android("square", 3), "#2e4a3e", "#4a4c52")),
  item("SMARTPHONES", "Infinix", "Infinix Note 40 Pro 256 Go", 170_000, "neuf",
    "Écran AMOLED incurvé 6,78 pouces, charge 45 W et recharge sans fil magnétique. 8 Go de RAM et 256 Go de stockage.",
    phone(android("ring", 3), "#3c5a48", "#d9c49f")),
  model("SMARTPHONES", "Infinix", "Infinix Hot 40i", "neuf",
    "Écran 6,56 pouces 90 Hz, batterie 5 000 mAh et caméra 50 Mpx. 4 Go de RAM, en 128 ou 256 Go.",
    android("square", 2), { storage: ["128 Go", "256 Go"], colours: { Bleu: "#3a6f8f", Noir: "#1f2024" } },
    [[["128 Go", "Bleu"], 78_000, 10], [["128 Go", "Noir"], 78_000, 7],
     [["256 Go", "Noir"], 92_000, 4]]),
  item("SMARTPHONES", "itel", "itel A70 128 Go", 49_000, "neuf",
    "Le petit prix malin : écran 6,6 pouces, Dynamic Bar et batterie 5 000 mAh. 4 Go de RAM et 128 Go de stockage.",
    phone(android("square", 2), "#6f8f78", "#4a79a8")),

  // IPHONE PROMAX
  model("IPHONE PROMAX", "Apple", "iPhone 16 Pro Max", "neuf",
    "Le plus grand écran d'iPhone (6,9 pouces), titane, puce A18 Pro et zoom optique 5x. En 256 ou 512 Go pour filmer en 4K 120 i/s sans compter.",
    PRO_ISLAND, { storage: ["256 Go", "512 Go"], colours: { "Titane désert": DESERT_TITANIUM, "Titane naturel": NATURAL_TITANIUM } },
    [[["256 Go", "Titane désert"], 870_000, 3], [["256 Go", "Titane naturel"], 870_000, 2],
     [["512 Go", "Titane désert"], 1_000_000, 1]]),
  item("IPHONE PROMAX", "Apple", "iPhone 15 Pro Max 256 Go", [780_000, 750_000], "neuf",
    "Titane, zoom optique 5x, puce A17 Pro et port USB-C. 256 Go de stockage.",
    phone(PRO_ISLAND, NATURAL_TITANIUM, BLUE_TITANIUM)),
  item("IPHONE PROMAX", "Apple", "iPhone 14 Pro Max 128 Go", [560_000, 520_000], "reco",
    "Dynamic Island, écran 6,7 pouces toujours allumé et caméra 48 Mpx. 128 Go de stockage.",
    phone(PRO_ISLAND, DEEP_PURPLE, "#f1e3c4")),
  item("IPHONE PROMAX", "Apple", "iPhone 13 Pro Max 256 Go", 440_000, "reco",
    "Écran 6,7 pouces ProMotion et meilleure autonomie de sa génération. 256 Go de stockage.",
    phone(PRO_NOTCH, SIERRA_BLUE, GRAPHITE)),
  item("IPHONE PROMAX", "Apple", "iPhone 12 Pro Max 128 Go", [330_000, 305_000], "occasion",
    "Écran 6,7 pouces, stabilisation par déplacement du capteur et scanner LiDAR. 128 Go de stockage.",
    phone(PRO_NOTCH, PACIFIC_BLUE, "#f2e2c6")),
  item("IPHONE PROMAX", "Apple", "iPhone 11 Pro Max 64 Go", 235_000, "occasion",
    "Écran OLED 6,5 pouces et triple caméra : un Pro Max à petit prix. 64 Go de stockage.",
    phone(PRO_NOTCH, MIDNIGHT_GREEN, GOLD)),

  // SAMSUNG
  item("SAMSUNG", "Samsung", "Galaxy S24 Ultra 512 Go", [820_000, 780_000], "neuf",
    "Cadre en titane, S Pen intégré, zoom jusqu'à 100x et Galaxy AI. 12 Go de RAM et 512 Go de stockage.",
    phone(android("column", 4), "#8a8a88", "#2d2e30")),
  model("SAMSUNG", "Samsung", "Galaxy S24", "neuf",
    "Format compact 6,2 pouces, écran 120 Hz et fonctions Galaxy AI. 8 Go de RAM, en 128 ou 256 Go.",
    android("column", 3), { storage: ["128 Go", "256 Go"], colours: { Violet: "#a99cc6", Jaune: "#f3e3a2", Noir: "#2d2e30" } },
    [[["128 Go", "Violet"], [440_000, 420_000], 4], [["128 Go", "Noir"], [440_000, 420_000], 6],
     [["256 Go", "Violet"], 470_000, 3], [["256 Go", "Jaune"], 470_000, 2], [["256 Go", "Noir"], 470_000, 5]]),
  item("SAMSUNG", "Samsung", "Galaxy S23 FE 256 Go", [310_000, 285_000], "neuf",
    "Écran AMOLED 6,4 pouces, triple caméra 50 Mpx et recharge sans fil. 8 Go de RAM et 256 Go de stockage.",
    phone(android("column", 3), "#cfe5d6", "#c8b8dd")),
  model("SAMSUNG", "Samsung", "Galaxy A55 5G", "neuf",
    "Cadre en aluminium, écran Super AMOLED 6,6 pouces et 4 ans de mises à jour Android. 8 Go de RAM, en 128 ou 256 Go.",
    android("column", 3), { storage: ["128 Go", "256 Go"], colours: { "Bleu glacier": "#cde3ef", "Bleu nuit": "#2a3550", Lilas: "#c8b8dd" } },
    [[["128 Go", "Bleu glacier"], [230_000, 215_000], 7], [["128 Go", "Bleu nuit"], [230_000, 215_000], 5], [["128 Go", "Lilas"], [230_000, 215_000], 0],
     [["256 Go", "Bleu nuit"], 250_000, 3]]),
  item("SAMSUNG", "Samsung", "Galaxy A15 128 Go", 105_000, "neuf",
    "Écran Super AMOLED 6,5 pouces 90 Hz et batterie 5 000 mAh pour tenir la journée. 4 Go de RAM et 128 Go de stockage.",
    phone(android("column", 3), "#24304a", "#b8d4ec")),

  // PIXEL
  item("PIXEL", "Google", "Pixel 8 Pro 128 Go", [430_000, 395_000], "reco",
    "Écran Super Actua 6,7 pouces, puce Tensor G3 et 7 ans de mises à jour Android. 12 Go de RAM et 128 Go de stockage.",
    phone(android("visor", 3), OBSIDIAN, PORCELAIN)),
  model("PIXEL", "Google", "Pixel 8 128 Go", "reco",
    "Format 6,2 pouces, Gomme magique et retouches photo par l'IA de Google. 8 Go de RAM et 128 Go de stockage.",
    android("visor", 2), { colours: { Vert: "#7c8273", Rose: "#efcfc8" } },
    [[["Vert"], 300_000, 3], [["Rose"], 300_000, 2]]),
  item("PIXEL", "Google", "Pixel 7a 128 Go", [200_000, 185_000], "occasion",
    "Le meilleur rapport qualité-prix de Google : Tensor G2, caméra 64 Mpx et recharge sans fil. 128 Go de stockage.",
    phone(android("visor", 2), "#3b3c3e", "#a9c3d9")),
  item("PIXEL", "Google", "Pixel 9 Pro XL 256 Go", 640_000, "neuf",
    "Écran 6,8 pouces, puce Tensor G4, Gemini intégré et zoom optique 5x. 16 Go de RAM et 256 Go de stockage.",
    phone(android("visor-pill", 3), PORCELAIN, "#8b9082")),

  // REDMI
  model("REDMI", "Xiaomi", "Redmi Note 13 Pro", "neuf",
    "Caméra 200 Mpx stabilisée, écran AMOLED 1,5K 120 Hz et charge 67 W. 8 Go de RAM, en 256 ou 512 Go.",
    android("square", 3), { storage: ["256 Go", "512 Go"], colours: { "Vert forêt": "#3e6b5c", Lavande: "#bba7d9" } },
    [[["256 Go", "Vert forêt"], [185_000, 170_000], 6], [["256 Go", "Lavande"], [185_000, 170_000], 4],
     [["512 Go", "Vert forêt"], 205_000, 2]]),
  model("REDMI", "Xiaomi", "Redmi Note 13", "neuf",
    "Écran AMOLED 6,67 pouces 120 Hz, caméra 108 Mpx et charge 33 W. 6 Go de RAM, en 128 ou 256 Go.",
    android("square", 3), { storage: ["128 Go", "256 Go"], colours: { "Bleu glacier": "#b9d6ea", "Vert menthe": "#c5e8d7" } },
    [[["128 Go", "Bleu glacier"], 115_000, 9], [["128 Go", "Vert menthe"], 115_000, 6],
     [["256 Go", "Bleu glacier"], 130_000, 3]]),
  item("REDMI", "Xiaomi", "Redmi 13C 128 Go", 72_000, "neuf",
    "Grand écran 6,74 pouces 90 Hz, caméra 50 Mpx et batterie 5 000 mAh. 4 Go de RAM et 128 Go de stockage.",
    phone(android("square", 2), "#2d3e66", "#9ac3a5")),
  item("REDMI", "Xiaomi", "Redmi A3 64 Go", 52_000, "neuf",
    "Entrée de gamme au dos effet verre, écran 6,71 pouces 90 Hz et batterie 5 000 mAh. 3 Go de RAM et 64 Go de stockage.",
    phone(android("ring", 3), "#6f7b5a", "#6fa3c9")),
  item("REDMI", "Xiaomi", "Redmi Note 14 Pro+ 5G 512 Go", [290_000, 265_000], "neuf",
    "Caméra 200 Mpx, charge 120 W et écran incurvé protégé par Gorilla Glass Victus 2. 12 Go de RAM et 512 Go de stockage.",
    phone(android("square", 3), "#a9c8e6", "#bba7d9")),

  // HUAWEI
  item("HUAWEI", "Huawei", "Huawei Nova 12 SE 256 Go", [175_000, 160_000], "neuf",
    "Caméra 108 Mpx, écran OLED 6,67 pouces et charge 66 W. 8 Go de RAM et 256 Go de stockage, sans services Google.",
    phone(android("square", 3), "#b7d5b6", "#222224")),
  item("HUAWEI", "Huawei", "Huawei Nova 11i 128 Go", 120_000, "neuf",
    "Écran 6,8 pouces, batterie 5 000 mAh et charge rapide 40 W. 8 Go de RAM et 128 Go de stockage, sans services Google.",
    phone(android("square", 2), "#bfe0d0", "#222224")),
  item("HUAWEI", "Huawei", "Huawei P60 Pro 256 Go", [520_000, 480_000], "reco",
    "Téléobjectif à très grande ouverture, écran LTPO 6,67 pouces et dos effet perle. 8 Go de RAM et 256 Go de stockage, sans services Google.",
    phone(android("ring", 3), "#f3ede4", "#1f1f22")),
  item("HUAWEI", "Huawei", "Huawei Mate 60 Pro 512 Go", 650_000, "reco",
    "Appels par satellite, écran 6,82 pouces et verre Kunlun ultra résistant. 12 Go de RAM et 512 Go de stockage, sans services Google.",
    phone(android("ring", 4), "#4f6b5c", "#1f1f22")),

  // GADGETS ÉLECTRONIQUES
  item("GADGETS ÉLECTRONIQUES", "JBL", "JBL Flip 6", [85_000, 75_000], "gadget",
    "Enceinte Bluetooth portable au son puissant, étanche IP67, avec 12 heures d'autonomie.",
    [
      { kind: "speaker", shape: "flip", color: JBL_BLUE },
      { kind: "speaker", shape: "flip", color: "#c62d2d" },
    ]),
  item("GADGETS ÉLECTRONIQUES", "JBL", "JBL Charge 5", 115_000, "gadget",
    "Enceinte étanche avec 20 heures d'autonomie, qui recharge aussi votre téléphone en USB.",
    [
      { kind: "speaker", shape: "charge", color: JBL_BLACK },
      { kind: "speaker", shape: "charge", color: "#1f7a7a" },
    ]),
  counted(item("GADGETS ÉLECTRONIQUES", "JBL", "JBL Go 4", 30_000, "gadget",
    "Mini enceinte Bluetooth avec dragonne, étanche IP67, pour 7 heures de musique partout.",
    [
      { kind: "speaker", shape: "go", color: "#e98fb5" },
      { kind: "speaker", shape: "go", color: "#4a8fd8" },
    ]), 0),
  item("GADGETS ÉLECTRONIQUES", "JBL", "Casque JBL Tune 520BT", 35_000, "gadget",
    "Casque Bluetooth pliable au son JBL Pure Bass, jusqu'à 57 heures d'écoute.",
    [
      { kind: "headphones", color: JBL_BLACK },
      { kind: "headphones", color: JBL_BLUE },
    ]),
  item("GADGETS ÉLECTRONIQUES", "Apple", "iPad 10e génération 64 Go Wi-Fi", [300_000, 280_000], "neuf",
    "Écran Liquid Retina 10,9 pouces, puce A14 Bionic et port USB-C. 64 Go de stockage.",
    [
      { kind: "tablet", color: "#9ec2e4" },
      { kind: "tablet", color: "#f1b9c7" },
    ]),
  item("GADGETS ÉLECTRONIQUES", "Samsung", "Galaxy Tab A9+ 64 Go", 150_000, "neuf",
    "Tablette 11 pouces 90 Hz, quatre haut-parleurs et grande batterie 7 040 mAh. 64 Go de stockage.",
    [
      { kind: "tablet", color: "#4a4c50" },
      { kind: "tablet", color: "#d9dadc" },
    ]),
  item("GADGETS ÉLECTRONIQUES", "Oraimo", "Oraimo Watch 4 Plus", [28_000, 24_000], "gadget",
    "Montre connectée avec appels Bluetooth, suivi du sommeil et du rythme cardiaque, et 7 jours d'autonomie.",
    [watch("#2b2b2d", "#1f1f21", "analog"), watch("#9a9ca0", "#6b6e73", "analog")]),

  // APPLE WATCH
  item("APPLE WATCH", "Apple", "Apple Watch Series 9 45 mm", [250_000, 230_000], "neuf",
    "Puce S9, geste Toucher deux fois et écran deux fois plus lumineux. Boîtier aluminium 45 mm, GPS.",
    [watch(MIDNIGHT, MIDNIGHT), watch("#f5d3d3", "#f2b8c6")]),
  item("APPLE WATCH", "Apple", "Apple Watch Series 10 46 mm", 290_000, "neuf",
    "La plus fine des Apple Watch, avec un grand écran OLED grand-angle. Boîtier aluminium 46 mm, GPS.",
    [watch("#e9c7b7", "#e8b9b0"), watch("#1b1b1d", "#2b2b2d")]),
  item("APPLE WATCH", "Apple", "Apple Watch SE 2 40 mm", [150_000, 135_000], "neuf",
    "L'essentiel de l'Apple Watch : suivi d'activité, détection des chutes et notifications. Boîtier aluminium 40 mm, GPS.",
    [watch(STARLIGHT, "#e9dfcc"), watch("#dcdde0", "#c9d4e4")]),
  counted(item("APPLE WATCH", "Apple", "Apple Watch Ultra 2 49 mm", 490_000, "neuf",
    "Boîtier titane 49 mm, GPS double fréquence et jusqu'à 36 heures d'autonomie. Étanche pour la plongée loisir.",
    [
      { kind: "watch", color: "#c9c5bd", band: "#f26b2a", dial: "analog", ultra: true },
      { kind: "watch", color: "#2e2e30", band: "#2f5fa8", dial: "analog", ultra: true },
    ]), 4),
  item("APPLE WATCH", "Apple", "Apple Watch Series 8 41 mm", [160_000, 145_000], "reco",
    "Capteur de température, détection des accidents et écran toujours allumé. Boîtier aluminium 41 mm, GPS.",
    [watch(RED, RED), watch(MIDNIGHT, "#3a4048")]),

  // ACCESSOIRES
  item("ACCESSOIRES", "Apple", "AirPods Pro 2 (USB-C)", [155_000, 140_000], "neuf",
    "Réduction de bruit active deux fois plus efficace, mode Transparence adaptatif et boîtier MagSafe USB-C.",
    [{ kind: "earbuds", color: "#f7f7f7", tips: true }]),
  item("ACCESSOIRES", "Apple", "AirPods 4", 110_000, "neuf",
    "Nouvelle forme plus confortable, puce H2 et audio spatial personnalisé. Boîtier de charge USB-C.",
    [{ kind: "earbuds", color: "#fafafa", tips: false }]),
  item("ACCESSOIRES", "Oraimo", "Oraimo FreePods 4", [25_000, 21_000], "accessoire",
    "Écouteurs sans fil à réduction de bruit active, 35 heures d'autonomie avec le boîtier.",
    [
      { kind: "earbuds", color: "#1f1f21", tips: true },
      { kind: "earbuds", color: "#e9eaec", tips: true },
    ]),
  item("ACCESSOIRES", "Apple", "Chargeur Apple USB-C 20 W", 15_000, "accessoire",
    "Adaptateur secteur d'origine pour la charge rapide des iPhone et iPad. Prise européenne, adaptée au Cameroun.",
    [{ kind: "charger", color: "#f7f7f7", tip: "lightning" }]),
  item("ACCESSOIRES", "Samsung", "Chargeur rapide Samsung 25 W", [14_000, 12_000], "accessoire",
    "Super Fast Charging 25 W avec câble USB-C vers USB-C inclus, pour les Galaxy S et A.",
    [
      { kind: "charger", color: JBL_BLACK, tip: "usb-c" },
      { kind: "charger", color: "#f2f2f2", tip: "usb-c" },
    ]),
  item("ACCESSOIRES", "Apple", "Câble Apple USB-C vers Lightning 1 m", 8_000, "accessoire",
    "Câble d'origine pour charger et synchroniser iPhone, iPad et AirPods en charge rapide.",
    [{ kind: "cable", color: "#f7f7f7", ends: ["usb-c", "lightning"] }]),
  item("ACCESSOIRES", "Anker", "Câble Anker USB-C tressé 1,8 m", [9_000, 7_500], "accessoire",
    "Câble USB-C vers USB-C en nylon tressé, charge 100 W, résistant à plus de 10 000 pliures.",
    [
      { kind: "cable", color: BLACK, ends: ["usb-c", "usb-c"], braided: true },
      { kind: "cable", color: "#8a8c90", ends: ["usb-c", "usb-c"], braided: true },
    ]),
  item("ACCESSOIRES", "Oraimo", "Câble Oraimo USB vers Type-C 1 m", 3_500, "accessoire",
    "Câble de charge rapide 3 A pour smartphones Android, gaine renforcée aux extrémités.",
    [{ kind: "cable", color: "#f2f2f2", ends: ["usb-a", "usb-c"] }]),
  item("ACCESSOIRES", "Oraimo", "Power bank Oraimo 20 000 mAh", [18_000, 15_000], "accessoire",
    "Batterie externe 20 000 mAh avec charge rapide 22,5 W, pour deux appareils à la fois. Idéale pendant les coupures de courant.",
    [
      { kind: "power-bank", color: JBL_BLACK, accent: ORAIMO_GREEN },
      { kind: "power-bank", color: "#f2f2f2", accent: ORAIMO_GREEN },
    ]),
  item("ACCESSOIRES", "Anker", "Anker PowerCore 10 000 mAh", 20_000, "accessoire",
    "Batterie externe compacte de 10 000 mAh qui recharge un iPhone plus de deux fois.",
    [{ kind: "power-bank", color: "#1d1e22", accent: "#00a7e1" }]),
];
