/**
 * `npx tsx scripts/render-artwork.ts`: writes the site's illustrations to public/images (SVG:
 * a few KB each, sharp at any size, no photos needed) and renders the Open Graph card
 * (JPEG, 1200×630, what link previews accept) with Chromium. The output is committed; run
 * this again only after changing the drawings.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";
import { chromiumLaunchOptions } from "./chromium";

const out = path.resolve(import.meta.dirname, "../public/images");

interface CarStyle {
  paint: [string, string];
  dirty?: boolean;
  shine?: boolean;
}

/** A sedan in profile on an 800×500 canvas, wheels resting on y = 400. */
function car({ paint, dirty = false, shine = false }: CarStyle, id: string): string {
  const body =
    "M70 360 L72 318 Q78 290 128 280 L238 262 Q292 204 362 188 L520 184 Q585 190 640 258 L712 272 Q742 282 744 318 L746 360 Q746 376 728 376 L88 376 Q70 376 70 360 Z";
  const wheel = (cx: number) => `
    <circle cx="${cx}" cy="370" r="58" fill="#111827"/>
    <circle cx="${cx}" cy="370" r="36" fill="${dirty ? "#8b8173" : "#d1d5db"}"/>
    <circle cx="${cx}" cy="370" r="12" fill="${dirty ? "#6b6256" : "#9ca3af"}"/>
    ${[0, 72, 144, 216, 288].map((a) => `<rect x="${cx - 3}" y="338" width="6" height="22" rx="3" fill="${dirty ? "#6b6256" : "#9ca3af"}" transform="rotate(${a} ${cx} 370)"/>`).join("")}
    ${dirty ? `<path d="M${cx - 50} 392 q25 -18 50 -4 q25 -16 50 4 a58 58 0 0 1 -100 0Z" fill="#6b4f2a" opacity=".75"/>` : ""}`;
  const mud = dirty
    ? `<g fill="#6b4f2a">
        <path d="M90 376 q40 -34 90 -20 q30 -26 80 -6 q50 -22 100 0 q60 -18 110 -2 q40 -20 90 0 q50 -16 90 4 q40 -10 70 24Z" opacity=".8"/>
        <ellipse cx="330" cy="318" rx="40" ry="14" opacity=".55"/><ellipse cx="470" cy="330" rx="52" ry="12" opacity=".5"/>
        <ellipse cx="640" cy="300" rx="26" ry="10" opacity=".5"/><ellipse cx="150" cy="310" rx="30" ry="9" opacity=".55"/>
        ${[
          [260, 300],
          [400, 290],
          [560, 310],
          [690, 330],
          [120, 340],
          [500, 270],
          [300, 250],
        ]
          .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="${5 + ((x! + y!) % 7)}" opacity=".6"/>`)
          .join("")}
      </g>
      <rect x="60" y="180" width="700" height="200" fill="#a18a6a" opacity=".28" clip-path="url(#${id}-clip)"/>
      <g stroke="#7a6244" stroke-width="3" opacity=".45" stroke-linecap="round">
        <path d="M300 200 l-6 40 M330 196 l-4 30 M470 190 l4 36 M540 196 l8 34"/>
      </g>`
    : "";
  const gloss = shine
    ? `<path d="M140 292 Q360 250 700 286 L700 300 Q380 268 140 306Z" fill="#fff" opacity=".45"/>
       <path d="M380 196 L470 194 L420 232 L360 232Z" fill="#fff" opacity=".25"/>`
    : "";
  return `
  <defs>
    <linearGradient id="${id}-paint" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${paint[0]}"/><stop offset="1" stop-color="${paint[1]}"/></linearGradient>
    <clipPath id="${id}-clip"><path d="${body}"/></clipPath>
  </defs>
  <ellipse cx="408" cy="430" rx="360" ry="18" fill="#000" opacity=".25"/>
  <path d="${body}" fill="url(#${id}-paint)"/>
  <path d="M268 262 Q316 212 372 202 L446 200 L446 262Z" fill="${dirty ? "#7f8a8f" : "#bfe3f5"}"/>
  <path d="M466 200 L516 200 Q566 206 606 262 L466 262Z" fill="${dirty ? "#7f8a8f" : "#bfe3f5"}"/>
  <path d="M456 200 V370 M268 270 V360" stroke="#000" stroke-opacity=".2" stroke-width="3"/>
  <rect x="400" y="282" width="34" height="7" rx="3" fill="#000" opacity=".25"/><rect x="600" y="282" width="34" height="7" rx="3" fill="#000" opacity=".25"/>
  <path d="M712 296 h30 v18 h-34Z" fill="${dirty ? "#b7ab8f" : "#fde68a"}"/>
  <path d="M72 302 h22 v20 h-24Z" fill="#dc2626"/>
  ${gloss}${mud}
  ${wheel(212)}${wheel(598)}`;
}

const sparkle = (x: number, y: number, s: number, color = "#fff") =>
  `<path d="M${x} ${y - s} Q${x + s * 0.18} ${y - s * 0.18} ${x + s} ${y} Q${x + s * 0.18} ${y + s * 0.18} ${x} ${y + s} Q${x - s * 0.18} ${y + s * 0.18} ${x - s} ${y} Q${x - s * 0.18} ${y - s * 0.18} ${x} ${y - s}Z" fill="${color}"/>`;

const bubbles = (seed: number, count: number, area: [number, number, number, number]) => {
  let n = seed;
  const rand = () => (n = (n * 16807) % 2147483647) / 2147483647;
  return Array.from({ length: count }, () => {
    const r = 8 + rand() * 26;
    const x = area[0] + rand() * area[2];
    const y = area[1] + rand() * area[3];
    return `<circle cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" r="${r.toFixed(0)}" fill="#fff" fill-opacity="${(0.55 + rand() * 0.4).toFixed(2)}" stroke="#bae6fd" stroke-width="2"/>`;
  }).join("");
};

const svg = (w: number, h: number, title: string, content: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}" role="img"><title>${title}</title>${content}</svg>\n`;

const floor = (top: string, bottom: string) =>
  `<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient></defs><rect width="800" height="560" fill="url(#bg)"/>`;

const files: Record<string, string> = {
  "hero-foam.svg": svg(
    800,
    560,
    "A car covered in snow foam during a hand wash",
    `${floor("#0e4a86", "#0b2f55")}<rect y="430" width="800" height="130" fill="#0a2647"/>
     <g transform="translate(0 40)">${car({ paint: ["#e11d48", "#9f1239"] }, "foam")}</g>
     <g>${bubbles(7, 46, [90, 200, 640, 150])}${bubbles(11, 18, [60, 380, 700, 60])}</g>
     <g fill="#7dd3fc" opacity=".5">${[60, 180, 300, 520, 640, 740].map((x, i) => `<rect x="${x}" y="${20 + (i % 3) * 30}" width="4" height="70" rx="2"/>`).join("")}</g>`,
  ),
  "hero-shine.svg": svg(
    800,
    560,
    "A freshly waxed car gleaming under the lights",
    `${floor("#14213d", "#0b1a33")}<rect y="430" width="800" height="130" fill="#0a1526"/>
     <defs><radialGradient id="glow"><stop offset="0" stop-color="#60a5fa" stop-opacity=".45"/><stop offset="1" stop-color="#60a5fa" stop-opacity="0"/></radialGradient></defs><ellipse cx="400" cy="330" rx="380" ry="220" fill="url(#glow)"/>
     <g transform="translate(0 40)">${car({ paint: ["#2563eb", "#1e3a8a"], shine: true }, "shine")}</g>
     ${sparkle(230, 300, 26)}${sparkle(560, 270, 34, "#fde68a")}${sparkle(660, 340, 18)}${sparkle(390, 230, 16, "#fde68a")}${sparkle(120, 170, 14)}${sparkle(700, 150, 22, "#fde68a")}`,
  ),
  "hero-lube.svg": svg(
    800,
    560,
    "A car on the lift for a quick oil change",
    `${floor("#0f3d3e", "#0b2a2b")}
     <rect x="0" y="500" width="800" height="60" fill="#082022"/><rect x="170" y="446" width="40" height="60" fill="#64748b"/><rect x="590" y="446" width="40" height="60" fill="#64748b"/><rect x="40" y="428" width="720" height="22" rx="6" fill="#94a3b8"/>
     <g transform="translate(0 0)">${car({ paint: ["#f8fafc", "#cbd5e1"], shine: true }, "lube").replace(/<ellipse[^>]*\/>/, "")}</g>
     <g transform="translate(640 60)">
       <path d="M60 0 C60 0 0 70 0 110 a60 60 0 0 0 120 0 C120 70 60 0 60 0Z" fill="#fbbf24"/>
       <path d="M38 104 a24 24 0 0 0 24 26" stroke="#fff" stroke-width="8" fill="none" stroke-linecap="round" opacity=".8"/>
     </g>
     <g transform="translate(70 70) rotate(-30)" fill="#cbd5e1"><rect x="0" y="20" width="120" height="22" rx="11"/><circle cx="128" cy="31" r="28"/><rect x="122" y="12" width="40" height="20" fill="#0f3d3e"/></g>`,
  ),
};

// Before/after pairs: the same car and framing, dirty then clean.
const pairs: Record<
  string,
  { paint: [string, string]; dirtyPaint: [string, string]; bg: [string, string]; label: string }
> = {
  "red-sedan": {
    paint: ["#dc2626", "#7f1d1d"],
    dirtyPaint: ["#9a6b5e", "#5c3b33"],
    bg: ["#e2e8f0", "#94a3b8"],
    label: "red sedan",
  },
  "green-sedan": {
    paint: ["#0f766e", "#134e4a"],
    dirtyPaint: ["#6f7a66", "#434a3c"],
    bg: ["#e0f2fe", "#7dd3fc"],
    label: "green sedan",
  },
};
for (const [name, p] of Object.entries(pairs)) {
  const frame = (content: string) =>
    `${floor(p.bg[0], p.bg[1])}<rect y="440" width="800" height="120" fill="#64748b"/><g transform="translate(0 30)">${content}</g>`;
  files[`${name}-before.svg`] = svg(
    800,
    560,
    `Before: the ${p.label} caked in mud and road grime`,
    frame(car({ paint: p.dirtyPaint, dirty: true }, `${name}b`)),
  );
  files[`${name}-after.svg`] = svg(
    800,
    560,
    `After: the same ${p.label} clean and glossy`,
    frame(
      car({ paint: p.paint, shine: true }, `${name}a`) +
        sparkle(300, 250, 22) +
        sparkle(600, 280, 28) +
        sparkle(700, 330, 14),
    ),
  );
}

for (const [file, content] of Object.entries(files)) {
  writeFileSync(path.join(out, file), content.replace(/\n\s+/g, "\n"));
  console.log(`public/images/${file} ${(content.length / 1024).toFixed(1)} KB`);
}

// The Open Graph card: link previews need a raster image.
const browser = await chromium.launch(chromiumLaunchOptions);
const page = await browser.newPage({ viewport: { width: 1200, height: 630 } });
await page.setContent(`<body style="margin:0;width:1200px;height:630px;display:flex;align-items:center;background:linear-gradient(135deg,#0b2f55,#0a4f92);font-family:system-ui,sans-serif;color:#fff">
  <div style="padding:0 0 0 64px;width:520px"><div style="font-size:28px;font-weight:700;color:#fbbf24;letter-spacing:.08em">SPARKLE AUTO SPA</div>
  <div style="font-size:64px;font-weight:800;line-height:1.05;margin-top:16px">Hand car wash &amp; quick lube</div>
  <div style="font-size:28px;margin-top:20px;color:#dbeefe">Washed by hand. Book a slot online.</div></div>
  <div style="width:640px">${files["hero-shine.svg"]!.replace('width="800" height="560"', 'width="640" height="448"')}</div></body>`);
await page.screenshot({ path: path.join(out, "og-card.jpg"), type: "jpeg", quality: 85 });
await browser.close();
console.log("public/images/og-card.jpg");
