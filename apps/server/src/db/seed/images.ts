import { IMAGE_MAX_BYTES } from "@shop/shared";
import sharp from "sharp";
import { storeProductImage } from "../../lib/images.ts";
import type { FileStorage } from "../../lib/storage.ts";

/**
 * Demo product pictures drawn as SVG and rasterised on the machine, so that a fresh shop
 * looks stocked without downloading anything. Shapes only: fonts may be missing on the
 * server, so no <text>.
 */

export type PhoneCamera =
  | "single" // iPhone 8, XR, SE, 16e
  | "pill" // vertical dual pill: XS, 16, 17
  | "pill-h" // horizontal dual pill: 8 Plus
  | "dual" // square bump, lenses stacked: 11, 12
  | "diag" // square bump, diagonal lenses: 13, 14, 15
  | "pro" // square bump, three lenses: 11 Pro and later Pros
  | "plateau" // full-width bar: 17 Pro, Air
  | "column" // Samsung: bare lenses in a column
  | "visor" // Pixel 6–8: edge-to-edge bar
  | "visor-pill" // Pixel 9: floating bar
  | "square" // most Xiaomi, Tecno, Infinix
  | "ring"; // big round module: Huawei Mate, Tecno Camon

export type PhoneFront = "home" | "notch" | "island" | "punch";

export type Plug = "usb-c" | "lightning" | "usb-a";

export type ImageDesign =
  | {
      kind: "phone";
      view: "duo" | "back" | "front";
      color: string;
      camera: PhoneCamera;
      lenses?: number;
      front: PhoneFront;
      /** Glass around the screen; by default black, or white for a light iPhone with a home button. */
      face?: string;
      apple?: boolean;
    }
  | { kind: "tablet"; color: string }
  | { kind: "watch"; color: string; band: string; dial: "rings" | "analog"; ultra?: boolean }
  | { kind: "earbuds"; color: string; tips: boolean }
  | { kind: "headphones"; color: string }
  | { kind: "charger"; color: string; tip: Plug }
  | { kind: "cable"; color: string; ends: [Plug, Plug]; braided?: boolean }
  | { kind: "power-bank"; color: string; accent: string }
  | { kind: "speaker"; color: string; shape: "flip" | "charge" | "go" };

const SIZE = 1200;

// ---------- colour helpers ----------

function rgb(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.replace("#", ""), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function mix(hex: string, target: string, t: number): string {
  const a = rgb(hex);
  const b = rgb(target);
  const out = a.map((v, i) => Math.round(v + ((b[i] ?? 0) - v) * t));
  return `#${out.map((v) => v.toString(16).padStart(2, "0")).join("")}`;
}

const lighten = (c: string, t: number) => mix(c, "#ffffff", t);
const darken = (c: string, t: number) => mix(c, "#000000", t);

function luminance(hex: string): number {
  const [r, g, b] = rgb(hex);
  return (0.299 * r + 0.587 * g + 0.114 * b) / 255;
}

/** Shading that stays visible on both white and black bodies. */
const edgeOf = (c: string) => (luminance(c) > 0.8 ? darken(c, 0.22) : darken(c, 0.35));

function linear(id: string, stops: string[], x2 = 1, y2 = 1): string {
  const s = stops.map((c, i) => `<stop offset="${i / (stops.length - 1)}" stop-color="${c}"/>`).join("");
  return `<linearGradient id="${id}" x1="0" y1="0" x2="${x2}" y2="${y2}">${s}</linearGradient>`;
}

const rr = (x: number, y: number, w: number, h: number, r: number, attrs: string) =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${r}" ${attrs}/>`;

const circle = (cx: number, cy: number, r: number, attrs: string) =>
  `<circle cx="${cx}" cy="${cy}" r="${r}" ${attrs}/>`;

/** A blurred dark copy of a shape, drawn under it. */
const shadow = (shape: string, dy = 26, opacity = 0.22) =>
  `<g class="shadow" filter="url(#blur)" opacity="${opacity}" transform="translate(0 ${dy})">${shape}</g>`;

/**
 * Which part of a picture to draw. librsvg blurs slowly (a quarter of a second per shadow
 * at full size), so renderDesign draws the background and shadows small, blurs them with
 * sharp, and lays the sharp-edged objects over them; "full" is the same picture in one SVG.
 */
export type Layer = "full" | "base" | "top";

const BASE_SIZE = 300;
const SHADOW_BLUR = 26;
const LAYER_STYLE: Record<Layer, string> = {
  full: "",
  base: "svg *{visibility:hidden} .bg,.shadow,.shadow *{visibility:visible} .shadow{filter:none}",
  top: ".bg,.shadow{display:none}",
};

function scene(tint: string, body: string, layer: Layer): string {
  const px = layer === "base" ? BASE_SIZE : SIZE;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${px}" height="${px}" viewBox="0 0 ${SIZE} ${SIZE}">
<style>${LAYER_STYLE[layer]}</style>
<defs>
<radialGradient id="bg" cx="50%" cy="42%" r="75%"><stop offset="0" stop-color="#fbfbfc"/><stop offset="1" stop-color="#e6e7eb"/></radialGradient>
<radialGradient id="halo" cx="50%" cy="50%" r="50%"><stop offset="0" stop-color="${mix(tint, "#ffffff", 0.78)}" stop-opacity=".9"/><stop offset="1" stop-color="${mix(tint, "#ffffff", 0.78)}" stop-opacity="0"/></radialGradient>
<filter id="blur" x="-30%" y="-30%" width="160%" height="160%"><feGaussianBlur stdDeviation="${SHADOW_BLUR}"/></filter>
<radialGradient id="glass" cx="40%" cy="35%" r="70%"><stop offset="0" stop-color="#4a5470"/><stop offset=".45" stop-color="#141824"/><stop offset="1" stop-color="#020203"/></radialGradient>
${ICON_GRADIENTS}
</defs>
<rect class="bg" width="${SIZE}" height="${SIZE}" fill="url(#bg)"/>
<circle class="bg" cx="600" cy="600" r="560" fill="url(#halo)"/>
${body}
</svg>`;
}

// ---------- shared parts ----------

function lens(cx: number, cy: number, r: number, ring: string): string {
  return [
    circle(cx, cy, r + r * 0.22, `fill="${ring}"`),
    circle(cx, cy, r + r * 0.08, `fill="#0c0d10"`),
    circle(cx, cy, r, `fill="url(#glass)"`),
    circle(cx, cy, r * 0.42, `fill="#07080c" stroke="#2c3552" stroke-width="${Math.max(2, r * 0.06)}"`),
    circle(cx - r * 0.32, cy - r * 0.32, r * 0.17, `fill="#ffffff" opacity=".55"`),
    circle(cx + r * 0.3, cy + r * 0.28, r * 0.08, `fill="#8fb6ff" opacity=".55"`),
  ].join("");
}

const flash = (cx: number, cy: number, r: number) =>
  circle(cx, cy, r, `fill="#f4efdd" stroke="#cfc6ad" stroke-width="3"`) + circle(cx, cy, r * 0.5, `fill="#fffbe9"`);

const mic = (cx: number, cy: number) => circle(cx, cy, 6, `fill="#1b1b1d" opacity=".7"`);

const ICON_COLOURS = ["#34c759", "#0a84ff", "#ff9f0a", "#ff375f", "#5e5ce6", "#64d2ff", "#ffd60a", "#bf5af2"];
const ICON_GRADIENTS = ICON_COLOURS.map((c, i) => linear(`ic${i}`, [lighten(c, 0.25), c], 0, 1)).join("");

const WALLPAPERS: [string, string, string][] = [
  ["#1e3c72", "#6a5acd", "#ff7eb3"],
  ["#0f2027", "#2c5364", "#4fd1c5"],
  ["#42275a", "#734b6d", "#ffb88c"],
  ["#134e5e", "#71b280", "#f9d976"],
  ["#2b1055", "#7597de", "#ffd3a5"],
  ["#3a1c71", "#d76d77", "#ffaf7b"],
];

function hashOf(text: string): number {
  let h = 7;
  for (const ch of text) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return h;
}

/** A home screen: wallpaper, a grid of app icons and a dock. */
function screen(id: string, x: number, y: number, w: number, h: number, r: number, seed: string): string {
  const [a, b, c] = WALLPAPERS[hashOf(seed) % WALLPAPERS.length] ?? WALLPAPERS[0]!;
  const defs =
    linear(`${id}w`, [a, b], 0.4, 1) +
    `<radialGradient id="${id}g" cx="50%" cy="50%" r="50%"><stop offset="0" stop-color="${c}" stop-opacity=".85"/><stop offset="1" stop-color="${c}" stop-opacity="0"/></radialGradient>` +
    `<clipPath id="${id}c">${rr(x, y, w, h, r, "")}</clipPath>`;
  const icon = Math.round(w * 0.16);
  const gap = (w - icon * 4) / 5;
  const top = y + h * 0.11;
  const dockH = icon + gap * 1.1;
  // Leave part of the wallpaper free, like a real home screen.
  const rows = Math.min(5, Math.max(1, Math.floor((h * 0.89 - dockH - gap * 2) / (icon + gap * 1.25)) - 1));
  const icons: string[] = [];
  for (let row = 0; row < rows; row++) {
    for (let col = 0; col < 4; col++) {
      const k = (row * 4 + col) * 3 + row;
      icons.push(
        rr(
          x + gap + col * (icon + gap),
          top + row * (icon + gap * 1.25),
          icon,
          icon,
          icon * 0.24,
          `fill="url(#ic${k % 8})"`,
        ),
      );
    }
  }
  const dockY = y + h - dockH - gap * 0.6;
  icons.push(rr(x + gap * 0.5, dockY, w - gap, dockH, icon * 0.34, `fill="#ffffff" opacity=".22"`));
  for (let col = 0; col < 4; col++) {
    icons.push(
      rr(
        x + gap + col * (icon + gap),
        dockY + (dockH - icon) / 2,
        icon,
        icon,
        icon * 0.24,
        `fill="url(#ic${(col * 5 + 1) % 8})"`,
      ),
    );
  }
  const body = `<g clip-path="url(#${id}c)">${rr(x, y, w, h, 0, `fill="url(#${id}w)"`)}${circle(x + w * 0.85, y + h * 0.72, w * 0.9, `fill="url(#${id}g)"`)}${circle(x + w * 0.1, y + h * 0.15, w * 0.55, `fill="url(#${id}g)" opacity=".5"`)}${icons.join("")}</g>`;
  return `<defs>${defs}</defs>${body}`;
}

// ---------- phones ----------

const PW = 500;
const PH = 1010;
const PR = 78;

function appleLogo(cx: number, cy: number, fill: string): string {
  // Two lobes and a leaf; the bite is cut with a mask so the body colour shows through.
  const id = `apl${Math.round(cx)}${Math.round(cy)}`;
  return `<mask id="${id}"><rect x="${cx - 80}" y="${cy - 90}" width="160" height="180" fill="#fff"/>${circle(cx + 44, cy - 6, 20, 'fill="#000"')}</mask>
<g fill="${fill}" mask="url(#${id})"><ellipse cx="${cx - 15}" cy="${cy + 6}" rx="27" ry="36"/><ellipse cx="${cx + 15}" cy="${cy + 6}" rx="27" ry="36"/><ellipse cx="${cx}" cy="${cy + 30}" rx="30" ry="16"/></g>
<ellipse cx="${cx + 6}" cy="${cy - 44}" rx="9" ry="17" transform="rotate(35 ${cx + 6} ${cy - 44})" fill="${fill}"/>`;
}

function phoneCamera(camera: PhoneCamera, lenses: number, c: string): string {
  const ring = darken(c, 0.35);
  const bump = (x: number, y: number, s: number, r: number) =>
    rr(
      x,
      y,
      s,
      s,
      r,
      `fill="${mix(c, luminance(c) > 0.5 ? "#ffffff" : "#000000", 0.12)}" stroke="${edgeOf(c)}" stroke-width="4"`,
    ) + rr(x + 6, y + 6, s - 12, s - 12, r - 6, `fill="none" stroke="#ffffff" stroke-opacity=".25" stroke-width="3"`);
  switch (camera) {
    case "single":
      return lens(100, 100, 38, ring) + flash(100, 182, 14) + mic(100, 226);
    case "pill":
      return (
        rr(50, 50, 104, 198, 52, `fill="${darken(c, 0.08)}" stroke="${edgeOf(c)}" stroke-width="4"`) +
        lens(102, 102, 36, ring) +
        lens(102, 196, 36, ring) +
        flash(194, 110, 14) +
        mic(194, 170)
      );
    case "pill-h":
      return (
        rr(50, 50, 198, 104, 52, `fill="${darken(c, 0.08)}" stroke="${edgeOf(c)}" stroke-width="4"`) +
        lens(102, 102, 36, ring) +
        lens(196, 102, 36, ring) +
        flash(292, 102, 14)
      );
    case "dual":
      return (
        bump(36, 36, 224, 60) + lens(100, 100, 40, ring) + lens(100, 198, 40, ring) + flash(200, 98, 15) + mic(200, 200)
      );
    case "diag":
      return (
        bump(36, 36, 224, 60) + lens(100, 100, 40, ring) + lens(198, 198, 40, ring) + flash(200, 98, 15) + mic(100, 205)
      );
    case "pro":
      return (
        bump(30, 30, 272, 66) +
        lens(102, 104, 46, "#202022") +
        lens(102, 230, 46, "#202022") +
        lens(218, 167, 46, "#202022") +
        flash(220, 76, 16) +
        circle(222, 258, 19, `fill="#101012"`) +
        mic(250, 120)
      );
    case "plateau": {
      const out = [rr(22, 34, PW - 44, 230, 76, `fill="${darken(c, 0.06)}" stroke="${edgeOf(c)}" stroke-width="4"`)];
      if (lenses >= 3)
        out.push(lens(104, 104, 44, "#202022"), lens(104, 200, 44, "#202022"), lens(214, 152, 44, "#202022"));
      else out.push(lens(110, 149, 46, "#202022"));
      out.push(flash(PW - 150, 150, 16), circle(PW - 88, 150, 18, `fill="#101012"`));
      return out.join("");
    }
    case "column":
      return (
        Array.from({ length: lenses }, (_, i) => lens(100, 110 + i * 118, 42, lighten(c, 0.35))).join("") +
        flash(196, 110, 15)
      );
    case "visor":
    case "visor-pill": {
      const pill = camera === "visor-pill";
      const bar = pill
        ? rr(60, 180, PW - 120, 160, 80, `fill="${darken(c, 0.12)}" stroke="${edgeOf(c)}" stroke-width="4"`)
        : rr(-10, 190, PW + 20, 150, 0, `fill="${lighten(c, 0.2)}" stroke="${edgeOf(c)}" stroke-width="4"`);
      const x0 = pill ? 86 : 40;
      const lensRow = Array.from({ length: lenses }, (_, i) => lens(x0 + 58 + i * 92, 265, 36, "#2a2a2c")).join("");
      return (
        bar +
        rr(x0, 218, 60 + lenses * 92, 94, 47, `fill="#111114"`) +
        lensRow +
        flash(x0 + 110 + lenses * 92, 248, 13) +
        mic(x0 + 110 + lenses * 92, 290)
      );
    }
    case "square":
      return (
        rr(34, 34, 236, 310, 46, `fill="${darken(c, 0.1)}" stroke="${edgeOf(c)}" stroke-width="4"`) +
        lens(122, 124, 60, ring) +
        lens(122, 264, 42, ring) +
        (lenses >= 3 ? lens(222, 230, 20, ring) : "") +
        flash(222, 112, 15)
      );
    case "ring":
      return (
        circle(PW / 2, 250, 170, `fill="${darken(c, 0.3)}"`) +
        circle(PW / 2, 250, 156, `fill="${darken(c, 0.12)}" stroke="${lighten(c, 0.3)}" stroke-width="6"`) +
        lens(PW / 2 - 58, 205, 46, "#202022") +
        lens(PW / 2 + 58, 205, 46, "#202022") +
        lens(PW / 2, 306, 46, "#202022") +
        (lenses >= 4 ? flash(PW / 2 - 92, 312, 14) : "") +
        flash(PW / 2 + 92, 312, 14)
      );
  }
}

function phoneShape(fill: string): string {
  return rr(0, 0, PW, PH, PR, `fill="${fill}"`);
}

/** Volume buttons on one edge and the side button on the other; seen from the back they swap. */
function phoneButtons(c: string, mirrored: boolean): string {
  const fill = `fill="${edgeOf(c)}"`;
  const [volumeX, sideX] = mirrored ? [PW - 4, -8] : [-8, PW - 4];
  return [
    rr(volumeX, 200, 12, 50, 5, fill),
    rr(volumeX, 290, 12, 92, 5, fill),
    rr(volumeX, 400, 12, 92, 5, fill),
    rr(sideX, 320, 12, 140, 5, fill),
  ].join("");
}

function phoneBack(d: Extract<ImageDesign, { kind: "phone" }>, id: string): string {
  const c = d.color;
  const defs = `${linear(`${id}b`, [lighten(c, 0.22), c, darken(c, 0.14)])}<clipPath id="${id}k">${phoneShape("")}</clipPath>`;
  const logoFill = luminance(c) > 0.55 ? darken(c, 0.12) : lighten(c, 0.16);
  return `<defs>${defs}</defs>${shadow(phoneShape("#000"))}${phoneButtons(c, true)}
${rr(0, 0, PW, PH, PR, `fill="url(#${id}b)" stroke="${edgeOf(c)}" stroke-width="7"`)}
${rr(12, 12, PW - 24, PH - 24, PR - 12, `fill="none" stroke="#ffffff" stroke-opacity=".3" stroke-width="2"`)}
<g clip-path="url(#${id}k)"><path d="M0 0 L${PW * 0.7} 0 L0 ${PH * 0.5} Z" fill="#ffffff" opacity=".1"/></g>
${d.apple ? appleLogo(PW / 2, PH * 0.47, logoFill) : rr(PW / 2 - 60, PH - 150, 120, 14, 7, `fill="${logoFill}"`)}
${phoneCamera(d.camera, d.lenses ?? 2, c)}`;
}

function phoneFront(d: Extract<ImageDesign, { kind: "phone" }>, id: string): string {
  const c = d.color;
  const home = d.front === "home";
  // iPhones with a home button had a white front on their light colours.
  const face = d.face ?? (home && luminance(c) > 0.6 ? "#f4f4f5" : "#0b0b0c");
  const defs = linear(`${id}f`, [lighten(c, 0.15), darken(c, 0.1), lighten(c, 0.1)]);
  const inset = home ? { x: 34, top: 150, bottom: 150, r: 4 } : { x: 22, top: 22, bottom: 22, r: PR - 22 };
  const parts = [
    `<defs>${defs}</defs>`,
    shadow(phoneShape("#000")),
    phoneButtons(c, false),
    rr(0, 0, PW, PH, PR, `fill="url(#${id}f)" stroke="${edgeOf(c)}" stroke-width="4"`),
    rr(8, 8, PW - 16, PH - 16, PR - 8, `fill="${face}"`),
    screen(`${id}s`, inset.x, inset.top, PW - inset.x * 2, PH - inset.top - inset.bottom, inset.r, d.color + d.camera),
  ];
  const cx = PW / 2;
  const dark = luminance(face) < 0.5;
  switch (d.front) {
    case "island":
      parts.push(rr(cx - 74, 46, 148, 42, 21, `fill="#000"`), circle(cx + 46, 67, 9, `fill="#1b2236"`));
      break;
    case "notch":
      parts.push(
        `<path d="M${cx - 135} 22 L${cx + 135} 22 L${cx + 135} 48 Q${cx + 135} 74 ${cx + 109} 74 L${cx - 109} 74 Q${cx - 135} 74 ${cx - 135} 48 Z" fill="${face}"/>`,
        rr(cx - 40, 34, 80, 10, 5, `fill="#2a2a2e"`),
        circle(cx + 70, 42, 9, `fill="#1b2236"`),
      );
      break;
    case "punch":
      parts.push(circle(cx, 64, 16, `fill="#000" stroke="#1f1f23" stroke-width="3"`));
      break;
    case "home":
      parts.push(
        rr(cx - 45, 72, 90, 12, 6, `fill="${dark ? "#2a2a2e" : "#b8b8bc"}"`),
        circle(cx - 82, 78, 10, `fill="${dark ? "#1b2236" : "#3a3f4a"}"`),
        circle(cx, PH - 75, 46, `fill="${face}" stroke="${dark ? "#3a3a3e" : "#c5c5c9"}" stroke-width="5"`),
      );
      break;
  }
  return parts.join("");
}

function phone(d: Extract<ImageDesign, { kind: "phone" }>): string {
  const place = (inner: string, x: number, y: number, angle: number, scale: number) =>
    `<g transform="translate(${x} ${y}) rotate(${angle}) scale(${scale}) translate(${-PW / 2} ${-PH / 2})">${inner}</g>`;
  if (d.view === "back") return place(phoneBack(d, "a"), 600, 585, 0, 0.95);
  if (d.view === "front") return place(phoneFront(d, "a"), 600, 585, 0, 0.95);
  return place(phoneBack(d, "a"), 440, 575, -7, 0.82) + place(phoneFront(d, "b"), 765, 615, 5, 0.82);
}

// ---------- other products ----------

function tablet(d: Extract<ImageDesign, { kind: "tablet" }>): string {
  const c = d.color;
  const w = 620;
  const h = 860;
  const back =
    `<defs>${linear("tb", [lighten(c, 0.2), c, darken(c, 0.12)])}</defs>` +
    shadow(rr(0, 0, w, h, 48, 'fill="#000"')) +
    rr(0, 0, w, h, 48, `fill="url(#tb)" stroke="${edgeOf(c)}" stroke-width="6"`) +
    rr(34, 34, 80, 80, 26, `fill="${darken(c, 0.1)}"`) +
    lens(74, 74, 24, darken(c, 0.35));
  const front =
    shadow(rr(0, 0, w, h, 48, 'fill="#000"')) +
    rr(0, 0, w, h, 48, `fill="${lighten(c, 0.1)}" stroke="${edgeOf(c)}" stroke-width="6"`) +
    rr(8, 8, w - 16, h - 16, 42, `fill="#0b0b0c"`) +
    screen("ts", 36, 36, w - 72, h - 72, 20, c) +
    circle(w / 2, 21, 6, `fill="#1b2236"`);
  return (
    `<g transform="translate(150 150) rotate(-6)">${back}</g>` +
    `<g transform="translate(450 230) rotate(4)">${front}</g>`
  );
}

function watch(d: Extract<ImageDesign, { kind: "watch" }>): string {
  const c = d.color;
  const w = d.ultra ? 470 : 440;
  const h = d.ultra ? 530 : 520;
  const r = d.ultra ? 100 : 128;
  const x = (SIZE - w) / 2;
  const y = (SIZE - h) / 2;
  const band = d.band;
  const bw = w * 0.74;
  const bx = (SIZE - bw) / 2;
  const holes = Array.from({ length: 6 }, (_, i) =>
    circle(600, y + h + 90 + i * 46, 8, `fill="${darken(band, 0.3)}"`),
  ).join("");
  const loop = d.ultra
    ? Array.from({ length: 14 }, (_, i) => rr(bx, 10 + i * 30, bw, 8, 4, `fill="${darken(band, 0.12)}"`)).join("")
    : "";
  const dial =
    d.dial === "rings"
      ? [
          { r: 150, col: "#fa114f", p: 0.78 },
          { r: 110, col: "#a6ff00", p: 0.62 },
          { r: 70, col: "#19e3f0", p: 0.9 },
        ]
          .map(({ r: rad, col, p }) => {
            const len = 2 * Math.PI * rad;
            return (
              circle(600, 600, rad, `fill="none" stroke="${col}" stroke-opacity=".22" stroke-width="32"`) +
              circle(
                600,
                600,
                rad,
                `fill="none" stroke="${col}" stroke-width="32" stroke-linecap="round" stroke-dasharray="${(len * p).toFixed(1)} ${len.toFixed(1)}" transform="rotate(-90 600 600)"`,
              )
            );
          })
          .join("")
      : Array.from({ length: 12 }, (_, i) =>
          rr(596, 600 - 170, 8, i % 3 === 0 ? 34 : 18, 4, `fill="#e8e8ea" transform="rotate(${i * 30} 600 600)"`),
        ).join("") +
        rr(593, 480, 14, 130, 7, `fill="#ffffff" transform="rotate(305 600 600)"`) +
        rr(594, 430, 12, 180, 6, `fill="#ffffff" transform="rotate(62 600 600)"`) +
        rr(598, 440, 4, 190, 2, `fill="#ff9f0a" transform="rotate(160 600 600)"`) +
        circle(600, 600, 12, `fill="#ff9f0a"`);
  const body = [
    `<defs>${linear("case", [lighten(c, 0.3), c, darken(c, 0.2)])}${linear("band", [darken(band, 0.1), lighten(band, 0.12), darken(band, 0.1)], 1, 0)}<radialGradient id="face" cx="50%" cy="40%" r="70%"><stop offset="0" stop-color="#1a1d26"/><stop offset="1" stop-color="#000"/></radialGradient></defs>`,
    shadow(rr(x, y, w, h, r, 'fill="#000"'), 30, 0.25),
    rr(bx, -40, bw, y + 120, 36, `fill="url(#band)"`),
    rr(bx, y + h - 80, bw, SIZE - y - h + 120, 36, `fill="url(#band)"`),
    loop,
    d.ultra ? "" : holes,
    rr(x + w - 12, 600 - 120, 40, 84, 14, `fill="${darken(c, 0.15)}" stroke="${edgeOf(c)}" stroke-width="3"`),
    rr(x + w - 6, 600 + 10, 22, 120, 10, `fill="${darken(c, 0.1)}"`),
    d.ultra ? rr(x - 22, 600 - 110, 30, 130, 12, `fill="#ff7a1a"`) : "",
    rr(x, y, w, h, r, `fill="url(#case)" stroke="${edgeOf(c)}" stroke-width="5"`),
    rr(x + 22, y + 22, w - 44, h - 44, r - 20, `fill="#050506"`),
    rr(x + 40, y + 40, w - 80, h - 80, r - 36, `fill="url(#face)"`),
    dial,
  ];
  return body.join("");
}

function earbuds(d: Extract<ImageDesign, { kind: "earbuds" }>): string {
  const c = d.color;
  const dark = luminance(c) < 0.5;
  const shade = dark ? lighten(c, 0.12) : darken(c, 0.1);
  const bud = (x: number, y: number, angle: number) =>
    `<g transform="translate(${x} ${y}) rotate(${angle})">` +
    shadow(`<ellipse cx="0" cy="0" rx="78" ry="70" fill="#000"/>${rr(-26, 20, 52, 220, 26, 'fill="#000"')}`, 18, 0.18) +
    rr(-26, 20, 52, 220, 26, `fill="url(#bud)" stroke="${shade}" stroke-width="3"`) +
    `<ellipse cx="0" cy="0" rx="78" ry="70" fill="url(#bud)" stroke="${shade}" stroke-width="3"/>` +
    (d.tips
      ? `<ellipse cx="-62" cy="-6" rx="36" ry="44" fill="${darken(c, dark ? 0 : 0.08)}" stroke="${shade}" stroke-width="3"/>`
      : "") +
    `<ellipse cx="28" cy="-20" rx="20" ry="12" fill="#2a2a2e" opacity=".85"/>` +
    rr(-8, 212, 16, 20, 8, `fill="${dark ? "#555" : "#b9bbc0"}"`) +
    `</g>`;
  return [
    `<defs>${linear("case", [lighten(c, 0.4), c, darken(c, 0.12)], 0.3, 1)}${linear("bud", [lighten(c, 0.5), c, darken(c, 0.08)])}</defs>`,
    shadow(rr(180, 500, 520, 400, 150, 'fill="#000"'), 34, 0.24),
    rr(180, 500, 520, 400, 150, `fill="url(#case)" stroke="${shade}" stroke-width="4"`),
    `<path d="M186 640 L694 640" stroke="${shade}" stroke-width="5"/>`,
    rr(180, 500, 520, 140, 60, `fill="#ffffff" opacity="${dark ? 0.05 : 0.25}"`),
    circle(440, 760, 9, `fill="#34c759"`),
    bud(790, 330, 18),
    bud(920, 450, 32),
  ].join("");
}

function headphones(d: Extract<ImageDesign, { kind: "headphones" }>): string {
  const c = d.color;
  const cup = (cx: number) =>
    `<ellipse cx="${cx}" cy="720" rx="140" ry="180" fill="url(#cup)" stroke="${edgeOf(c)}" stroke-width="5"/>` +
    `<ellipse cx="${cx}" cy="720" rx="96" ry="132" fill="${lighten(c, 0.08)}" stroke="${darken(c, 0.15)}" stroke-width="4"/>` +
    circle(cx, 720, 26, `fill="${darken(c, 0.2)}"`);
  return [
    `<defs>${linear("cup", [lighten(c, 0.25), c, darken(c, 0.25)])}</defs>`,
    shadow(
      `<ellipse cx="330" cy="720" rx="140" ry="180" fill="#000"/><ellipse cx="870" cy="720" rx="140" ry="180" fill="#000"/>`,
      30,
      0.25,
    ),
    `<path d="M330 600 C330 170 870 170 870 600" fill="none" stroke="${darken(c, 0.2)}" stroke-width="70" stroke-linecap="round"/>`,
    `<path d="M330 600 C330 170 870 170 870 600" fill="none" stroke="${lighten(c, 0.12)}" stroke-width="40" stroke-linecap="round"/>`,
    `<path d="M345 560 C350 230 850 230 855 560" fill="none" stroke="#ffffff" stroke-opacity=".18" stroke-width="10" stroke-linecap="round"/>`,
    rr(305, 520, 50, 110, 20, `fill="${lighten(c, 0.35)}"`),
    rr(845, 520, 50, 110, 20, `fill="${lighten(c, 0.35)}"`),
    cup(330),
    cup(870),
  ].join("");
}

/** A plug for the end of a cable, pointing up, its tip at (0, 0). */
function plug(kind: Plug, housing: string): string {
  const edge = edgeOf(housing);
  const tip =
    kind === "lightning"
      ? rr(-20, 0, 40, 70, 8, `fill="#dfe1e4" stroke="#9fa3a8" stroke-width="3"`) +
        Array.from({ length: 4 }, (_, i) => rr(-12, 14 + i * 13, 24, 6, 2, `fill="#c8a24a"`)).join("")
      : kind === "usb-c"
        ? rr(-34, 0, 68, 70, 22, `fill="#c9ccd1" stroke="#8e9298" stroke-width="3"`) +
          rr(-22, 16, 44, 16, 8, `fill="#2c2e33"`)
        : rr(-48, 0, 96, 80, 6, `fill="#c9ccd1" stroke="#8e9298" stroke-width="3"`) +
          rr(-34, 20, 68, 26, 3, `fill="#2c2e33"`);
  return (
    tip +
    rr(-46, 64, 92, 150, 26, `fill="${housing}" stroke="${edge}" stroke-width="4"`) +
    rr(-22, 204, 44, 40, 14, `fill="${darken(housing, 0.06)}"`)
  );
}

function cableStroke(path: string, c: string, braided: boolean): string {
  return (
    `<path d="${path}" fill="none" stroke="${luminance(c) > 0.8 ? darken(c, 0.14) : edgeOf(c)}" stroke-width="34" stroke-linecap="round" stroke-linejoin="round"/>` +
    `<path d="${path}" fill="none" stroke="${c}" stroke-width="26" stroke-linecap="round"/>` +
    (braided
      ? `<path d="${path}" fill="none" stroke="${lighten(c, 0.25)}" stroke-width="26" stroke-dasharray="6 10"/>`
      : "") +
    `<path d="${path}" fill="none" stroke="#ffffff" stroke-opacity=".25" stroke-width="6" stroke-linecap="round" transform="translate(-5 -6)"/>`
  );
}

function charger(d: Extract<ImageDesign, { kind: "charger" }>): string {
  const c = d.color;
  const x = 300;
  const y = 470;
  const s = 380;
  const wire = "M490 300 C490 90, 930 90, 930 400 L930 760";
  return [
    `<defs>${linear("brick", [lighten(c, 0.3), c, darken(c, 0.14)])}${linear("pin", ["#f2f3f5", "#a3a7ad", "#e4e6e9"], 1, 0)}</defs>`,
    shadow(rr(x, y, s, s, 60, 'fill="#000"'), 34, 0.25),
    rr(x + 75, y + s - 40, 44, 200, 22, 'fill="url(#pin)" stroke="#8a8e94" stroke-width="3"'),
    rr(x + s - 119, y + s - 40, 44, 200, 22, 'fill="url(#pin)" stroke="#8a8e94" stroke-width="3"'),
    cableStroke(wire, d.color, false),
    `<g transform="translate(490 ${y + 40}) rotate(180)">${plug("usb-c", c)}</g>`,
    rr(x, y, s, s, 60, `fill="url(#brick)" stroke="${edgeOf(c)}" stroke-width="5"`),
    rr(x + 16, y + 16, s - 32, s - 32, 48, `fill="none" stroke="#ffffff" stroke-opacity=".35" stroke-width="3"`),
    `<g transform="translate(930 1004) rotate(180)">${plug(d.tip, c)}</g>`,
  ].join("");
}

function cable(d: Extract<ImageDesign, { kind: "cable" }>): string {
  const c = d.color;
  const braided = d.braided ?? false;
  // A loose coil between two plugs, drawn half a turn at a time so crossings overlap.
  const point = (t: number) => {
    const angle = Math.PI + t * (4 * Math.PI + Math.PI / 3);
    return [600 + 15 * t + (270 - 40 * t) * Math.cos(angle), 470 + 30 * t + (180 - 20 * t) * Math.sin(angle)] as const;
  };
  const steps = 26;
  const pieces: string[] = [];
  for (let piece = 0; piece < 5; piece++) {
    const pts: string[] = [];
    for (let i = 0; i <= steps; i++) {
      const [x, y] = point(Math.min(1, (piece + i / steps) / 4.4));
      pts.push(`${x.toFixed(1)} ${y.toFixed(1)}`);
    }
    pieces.push(cableStroke(`M${pts.join(" L")}`, c, braided));
  }
  const [ex, ey] = point(1);
  return [
    cableStroke("M380 880 C380 720, 330 560, 330 470", c, braided),
    ...pieces,
    cableStroke(`M${ex.toFixed(1)} ${ey.toFixed(1)} C${ex + 40} ${ey + 120}, 820 760, 820 880`, c, braided),
    `<g transform="translate(380 1124) rotate(180)">${plug(d.ends[0], c)}</g>`,
    `<g transform="translate(820 1124) rotate(180)">${plug(d.ends[1], c)}</g>`,
  ].join("");
}

function powerBank(d: Extract<ImageDesign, { kind: "power-bank" }>): string {
  const c = d.color;
  const w = 440;
  const h = 760;
  const leds = Array.from({ length: 4 }, (_, i) =>
    circle(w / 2 - 66 + i * 44, h - 110, 11, `fill="${i < 3 ? d.accent : darken(c, 0.25)}"`),
  ).join("");
  return `<g transform="translate(600 600) rotate(-10) translate(${-w / 2} ${-h / 2})">
<defs>${linear("pb", [lighten(c, 0.22), c, darken(c, 0.15)])}</defs>
${shadow(rr(0, 0, w, h, 64, 'fill="#000"'), 34, 0.26)}
${rr(24, 20, w, h, 64, `fill="${darken(c, 0.3)}"`)}
${rr(0, 0, w, h, 64, `fill="url(#pb)" stroke="${edgeOf(c)}" stroke-width="5"`)}
${rr(14, 14, w - 28, h - 28, 52, `fill="none" stroke="#ffffff" stroke-opacity=".25" stroke-width="3"`)}
${rr(w / 2 - 110, 40, 70, 26, 8, `fill="#1d1e22"`)}${rr(w / 2 + 10, 42, 56, 22, 11, `fill="#1d1e22"`)}
${rr(w / 2 - 90, h * 0.44, 180, 22, 11, `fill="${d.accent}"`)}
${leds}
</g>`;
}

function speaker(d: Extract<ImageDesign, { kind: "speaker" }>): string {
  const c = d.color;
  const defs = `<defs>${linear("spk", [lighten(c, 0.28), c, darken(c, 0.3)], 0, 1)}<pattern id="mesh" width="18" height="18" patternUnits="userSpaceOnUse"><circle cx="9" cy="9" r="3.2" fill="#000" opacity=".22"/></pattern></defs>`;
  const badge = (cx: number, cy: number, s: number) =>
    rr(cx - 64 * s, cy - 26 * s, 128 * s, 52 * s, 14 * s, `fill="#ff6a13"`) +
    rr(cx - 40 * s, cy - 6 * s, 80 * s, 12 * s, 6 * s, `fill="#ffffff" opacity=".9"`);
  if (d.shape === "go") {
    const w = 480;
    const h = 600;
    const x = (SIZE - w) / 2;
    const y = (SIZE - h) / 2 + 30;
    return [
      defs,
      shadow(rr(x, y, w, h, 110, 'fill="#000"'), 34, 0.26),
      `<path d="M${x + w - 120} ${y + 20} C${x + w - 60} ${y - 120}, ${x + w + 60} ${y - 60}, ${x + w - 20} ${y + 70}" fill="none" stroke="${darken(c, 0.3)}" stroke-width="26" stroke-linecap="round"/>`,
      rr(x, y, w, h, 110, `fill="url(#spk)" stroke="${edgeOf(c)}" stroke-width="5"`),
      rr(x + 30, y + 30, w - 60, h - 60, 90, `fill="url(#mesh)"`),
      badge(600, y + h - 110, 1.1),
    ].join("");
  }
  const charge = d.shape === "charge";
  const w = charge ? 820 : 740;
  const h = charge ? 360 : 300;
  const x = (SIZE - w) / 2;
  const y = (SIZE - h) / 2;
  const cap = (cx: number) =>
    `<ellipse cx="${cx}" cy="600" rx="${h * 0.2}" ry="${h / 2 - 4}" fill="${darken(c, 0.45)}"/>` +
    `<ellipse cx="${cx}" cy="600" rx="${h * 0.13}" ry="${h * 0.34}" fill="${darken(c, 0.25)}" stroke="${lighten(c, 0.1)}" stroke-width="4"/>`;
  return [
    defs,
    shadow(rr(x, y, w, h, h / 2, 'fill="#000"'), 40, 0.26),
    charge ? rr(x + 120, y + h - 30, w - 240, 70, 20, `fill="${darken(c, 0.4)}"`) : "",
    charge
      ? ""
      : `<path d="M${x + 40} 600 C${x - 90} 520, ${x - 90} 680, ${x + 40} 620" fill="none" stroke="${darken(c, 0.3)}" stroke-width="22" stroke-linecap="round"/>`,
    rr(x, y, w, h, h / 2, `fill="url(#spk)" stroke="${edgeOf(c)}" stroke-width="5"`),
    rr(x + h * 0.3, y + 18, w - h * 0.6, h - 36, 18, `fill="url(#mesh)"`),
    rr(x + w / 2 - 120, y + 6, 240, 22, 11, `fill="${darken(c, 0.35)}"`),
    cap(x + h * 0.2 + 4),
    cap(x + w - h * 0.2 - 4),
    badge(600, 600, charge ? 1.4 : 1.2),
  ].join("");
}

/** The SVG source of one product picture, 1200×1200 on a light background. */
export function designSvg(design: ImageDesign, layer: Layer = "full"): string {
  // A faint halo of the product's colour; white and black things get a cool grey one.
  const tint = design.color;
  switch (design.kind) {
    case "phone":
      return scene(tint, phone(design), layer);
    case "tablet":
      return scene(tint, tablet(design), layer);
    case "watch":
      return scene(design.band, watch(design), layer);
    case "earbuds":
      return scene("#b8c4d6", earbuds(design), layer);
    case "headphones":
      return scene(tint, headphones(design), layer);
    case "charger":
      return scene("#b8c4d6", charger(design), layer);
    case "cable":
      return scene("#b8c4d6", cable(design), layer);
    case "power-bank":
      return scene(design.accent, powerBank(design), layer);
    case "speaker":
      return scene(tint, speaker(design), layer);
  }
}

/** Two designs that draw the same picture have the same key. */
export const designKey = (design: ImageDesign): string => JSON.stringify(design, Object.keys(design).sort());

/** A 1200×1200 PNG of the design. */
export async function renderDesign(design: ImageDesign): Promise<Buffer> {
  // Blurring at a quarter size then enlarging gives the same soft shadow as the SVG filter;
  // raw pixels between the steps spare two PNG round trips.
  const [base, top] = await Promise.all([
    sharp(Buffer.from(designSvg(design, "base")))
      .blur((SHADOW_BLUR * BASE_SIZE) / SIZE)
      .raw()
      .toBuffer({ resolveWithObject: true }),
    sharp(Buffer.from(designSvg(design, "top")))
      .raw()
      .toBuffer({ resolveWithObject: true }),
  ]);
  // Low compression: the PNG is only handed over to storeProductImage, never kept.
  return sharp(base.data, { raw: base.info })
    .resize(SIZE, SIZE, { kernel: "linear" })
    .composite([{ input: top.data, raw: top.info }])
    .png({ compressionLevel: 1 })
    .toBuffer();
}

/** Draws a design and stores it like an uploaded photo; returns the URL to keep in productImage. */
export async function storeDesign(files: FileStorage, design: ImageDesign): Promise<string> {
  const stored = await storeProductImage(files, await renderDesign(design), IMAGE_MAX_BYTES);
  return stored.url;
}
