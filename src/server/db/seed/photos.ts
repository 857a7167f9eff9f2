import { TILE_HEIGHT, TILE_WIDTH } from '../../../lib/domain/content-images.ts';
import { createRandom, type Random } from './random.ts';

/**
 * The demo catalogue's pictures: generated, not photographed, but with the
 * entropy of photographs (a 400×300 PNG of one is 250–330 kB, its AVIF a
 * twentieth of that), so every figure taken with the demo data reflects the
 * bytes of a real shop. Each is a procedural scene: produce on a textured
 * table, or packs on a shelf, shaded by a light, with soft shadows, surface
 * texture at several scales and sensor grain. Pure: the same index gives the
 * same pixels on every machine.
 */

/** How many distinct pictures the demo catalogue draws from. */
export const PHOTO_POOL = 32;

const W = TILE_WIDTH;
const H = TILE_HEIGHT;

/** A hash of three integers to [0, 1): the lattice of the value noise. */
function lattice(x: number, y: number, s: number): number {
  let h = Math.imul(x, 374_761_393) ^ Math.imul(y, 668_265_263) ^ Math.imul(s, 1_274_126_177);
  h = Math.imul(h ^ (h >>> 13), 1_274_126_177);
  return ((h ^ (h >>> 16)) >>> 0) / 4_294_967_296;
}

/** Smooth value noise in [0, 1). */
function noise(x: number, y: number, s: number): number {
  const xi = Math.floor(x);
  const yi = Math.floor(y);
  const xf = x - xi;
  const yf = y - yi;
  const u = xf * xf * (3 - 2 * xf);
  const v = yf * yf * (3 - 2 * yf);
  const a = lattice(xi, yi, s);
  const b = lattice(xi + 1, yi, s);
  const c = lattice(xi, yi + 1, s);
  const d = lattice(xi + 1, yi + 1, s);
  return a + (b - a) * u + (c - a) * v + (a - b - c + d) * u * v;
}

/** Fractal noise: `octaves` layers of value noise, each twice as fine and half as strong; about [0, 1). */
function fbm(x: number, y: number, s: number, octaves: number): number {
  let sum = 0;
  let amp = 0.5;
  let f = 1;
  let norm = 0;
  for (let o = 0; o < octaves; o++) {
    sum += amp * noise(x * f, y * f, s + o * 17);
    norm += amp;
    f *= 2;
    amp *= 0.5;
  }
  return sum / norm;
}

type Rgb = [number, number, number];

/** Table tops and shelves the scenes stand on. */
const SURFACES: { base: Rgb; streak: Rgb; grain: [number, number] }[] = [
  { base: [150, 103, 64], streak: [96, 60, 34], grain: [90, 7] }, // oak
  { base: [196, 170, 130], streak: [150, 120, 84], grain: [120, 10] }, // pine
  { base: [88, 92, 98], streak: [52, 55, 60], grain: [40, 40] }, // slate
  { base: [214, 206, 190], streak: [170, 160, 142], grain: [14, 14] }, // linen
  { base: [70, 110, 58], streak: [38, 72, 34], grain: [26, 26] }, // leaves
  { base: [120, 74, 50], streak: [70, 40, 26], grain: [60, 60] }, // basket
];

/** Colours of produce and packs. */
const HUES: Rgb[] = [
  [196, 32, 38], // apple red
  [236, 132, 24], // orange
  [238, 202, 48], // banana yellow
  [108, 168, 48], // lime green
  [64, 120, 40], // leaf green
  [112, 40, 96], // aubergine
  [150, 84, 40], // bread brown
  [226, 214, 180], // onion
  [180, 40, 90], // beetroot
  [40, 90, 160], // pack blue
  [230, 230, 224], // pack white
  [20, 20, 24], // pack black
];

interface Scene {
  /** Linear-light-ish RGB accumulation, three floats a pixel. */
  px: Float32Array;
  rng: Random;
  seed: number;
}

function paintSurface(scene: Scene): void {
  const { px, rng, seed } = scene;
  const surface = rng.pick(SURFACES);
  const [gx, gy] = surface.grain;
  const light = 0.75 + rng.next() * 0.35;
  const vignette = 0.35 + rng.next() * 0.25;
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const t = fbm(x / gx, y / gy, seed, 6);
      const m = fbm(x / 70, y / 70, seed + 5, 4);
      // Fine texture (fibres, pores, crumbs) a few pixels across: the detail a camera resolves.
      const fine = (fbm(x / 2.5, y / 2.5, seed + 11, 2) - 0.5) * 70 + (fbm(x / 8, y / 8, seed + 13, 2) - 0.5) * 60;
      const dx = x / W - 0.5;
      const dy = y / H - 0.45;
      const shade = light * (1 - vignette * (dx * dx + dy * dy) * 2.2) * (0.8 + 0.4 * m);
      const i = (y * W + x) * 3;
      for (let c = 0; c < 3; c++) {
        const base = surface.base[c] as number;
        const streak = surface.streak[c] as number;
        px[i + c] = (base + (streak - base) * t * 1.3 + fine) * shade;
      }
    }
  }
}

/** A round fruit or vegetable: a shaded ellipse with skin texture, a highlight and a shadow on the table. */
function paintProduce(scene: Scene, cx: number, cy: number, rx: number, ry: number, hue: Rgb, s: number): void {
  const { px } = scene;
  const lx = -0.5;
  const ly = -0.6;
  const lz = 0.62;
  // Shadow first, offset down and right, soft-edged.
  const sx = cx + rx * 0.25;
  const sy = cy + ry * 0.35;
  for (let y = Math.max(0, Math.floor(sy - ry * 1.6)); y < Math.min(H, sy + ry * 1.6); y++) {
    for (let x = Math.max(0, Math.floor(sx - rx * 1.6)); x < Math.min(W, sx + rx * 1.6); x++) {
      const d = Math.hypot((x - sx) / (rx * 1.25), (y - sy) / (ry * 1.15));
      if (d >= 1.3) continue;
      const k = 1 - 0.55 * Math.min(1, Math.max(0, (1.3 - d) / 0.5));
      const i = (y * W + x) * 3;
      px[i] = (px[i] as number) * k;
      px[i + 1] = (px[i + 1] as number) * k;
      px[i + 2] = (px[i + 2] as number) * k;
    }
  }
  for (let y = Math.max(0, Math.floor(cy - ry)); y < Math.min(H, cy + ry + 1); y++) {
    for (let x = Math.max(0, Math.floor(cx - rx)); x < Math.min(W, cx + rx + 1); x++) {
      const nx = (x - cx) / rx;
      const ny = (y - cy) / ry;
      const r2 = nx * nx + ny * ny;
      if (r2 >= 1) continue;
      const nz = Math.sqrt(1 - r2);
      const lambert = Math.max(0, nx * lx + ny * ly + nz * lz);
      const spec = lambert ** 24 * 0.9;
      const skin = fbm(x / 4, y / 4, s, 3) - 0.5 + (noise(x / 1.6, y / 1.6, s + 7) - 0.5) * 0.8;
      const blotch = fbm(x / 22, y / 22, s + 3, 3) - 0.5;
      // Anti-aliased rim: the last pixel of the radius blends into what is behind.
      const edge = Math.min(1, (1 - Math.sqrt(r2)) * Math.min(rx, ry));
      const i = (y * W + x) * 3;
      for (let c = 0; c < 3; c++) {
        const base = hue[c] as number;
        const lit = base * (0.22 + 0.95 * lambert) * (1 + 0.5 * blotch) + 64 * skin + 255 * spec;
        px[i + c] = (px[i + c] as number) * (1 - edge) + lit * edge;
      }
    }
  }
}

/** A pack on a shelf: a box with a lit side, a label band, lines of print and a shadow. */
function paintPack(scene: Scene, x0: number, y0: number, w: number, h: number, hue: Rgb, s: number): void {
  const { px, rng } = scene;
  const label: Rgb = rng.pick(HUES);
  const bandTop = y0 + h * (0.3 + rng.next() * 0.15);
  const bandBottom = bandTop + h * (0.25 + rng.next() * 0.15);
  const lines = 2 + rng.int(0, 3);
  for (let y = Math.max(0, Math.floor(y0)); y < Math.min(H, y0 + h); y++) {
    for (let x = Math.max(0, Math.floor(x0)); x < Math.min(W + 6, x0 + w + 6); x++) {
      if (x >= W) continue;
      const i = (y * W + x) * 3;
      if (x >= x0 + w) {
        // The shadow the pack throws on the shelf's back.
        const k = 0.55 + 0.08 * (x - x0 - w);
        for (let c = 0; c < 3; c++) px[i + c] = (px[i + c] as number) * k;
        continue;
      }
      const u = (x - x0) / w;
      const v = (y - y0) / h;
      const light = 0.55 + 0.6 * Math.sin(Math.PI * (0.15 + 0.7 * u)) - 0.15 * v;
      const crease = fbm(x / 9, y / 30, s, 3) - 0.5 + (noise(x / 1.8, y / 1.8, s + 5) - 0.5) * 0.9;
      let colour: Rgb = hue;
      if (y >= bandTop && y < bandBottom) {
        colour = label;
        const line = Math.floor(((y - bandTop) / (bandBottom - bandTop)) * (lines * 2 + 1));
        const glyph = lattice(Math.floor(x / 3), Math.floor(y / 4), s) > 0.45;
        if (line % 2 === 1 && glyph && u > 0.12 && u < 0.88) colour = [30, 30, 34];
      }
      for (let c = 0; c < 3; c++) px[i + c] = (colour[c] as number) * light + 24 * crease;
    }
  }
}

function paintProduceScene(scene: Scene): void {
  const { rng, seed } = scene;
  paintSurface(scene);
  const count = rng.int(5, 12);
  const main = rng.pick(HUES.slice(0, 9));
  for (let k = 0; k < count; k++) {
    const hue = rng.chance(0.75) ? main : rng.pick(HUES.slice(0, 9));
    const r = 26 + rng.next() * 48;
    const jitter: Rgb = [rng.next() * 30 - 15, rng.next() * 30 - 15, rng.next() * 20 - 10];
    paintProduce(
      scene,
      30 + rng.next() * (W - 60),
      60 + rng.next() * (H - 90),
      r * (0.9 + rng.next() * 0.3),
      r * (0.85 + rng.next() * 0.25),
      [hue[0] + jitter[0], hue[1] + jitter[1], hue[2] + jitter[2]],
      seed + 100 + k,
    );
  }
}

function paintShelfScene(scene: Scene): void {
  const { rng, seed, px } = scene;
  paintSurface(scene);
  const rows = rng.int(1, 2);
  const rowHeight = H / rows;
  for (let row = 0; row < rows; row++) {
    const top = row * rowHeight;
    // The shelf board under the row.
    for (let y = Math.floor(top + rowHeight - 14); y < Math.min(H, top + rowHeight); y++) {
      for (let x = 0; x < W; x++) {
        const i = (y * W + x) * 3;
        const g = fbm(x / 40, y / 3, seed + 9, 4);
        px[i] = 190 + 40 * g;
        px[i + 1] = 180 + 40 * g;
        px[i + 2] = 165 + 40 * g;
      }
    }
    let x = -rng.next() * 30;
    while (x < W) {
      const w = 44 + rng.next() * 50;
      const h = rowHeight * (0.55 + rng.next() * 0.3);
      paintPack(scene, x, top + rowHeight - 14 - h, w, h, rng.pick(HUES), seed + 200 + Math.floor(x));
      x += w + 3 + rng.next() * 8;
    }
  }
}

/**
 * The pixels of demo picture `index` (0 ≤ index < `PHOTO_POOL`): 400×300 RGB,
 * three bytes a pixel, row by row.
 */
export function photoPixels(index: number): Buffer {
  const rng = createRandom(`demo-photo/${index}`);
  const scene: Scene = { px: new Float32Array(W * H * 3), rng, seed: 1 + index * 7919 };
  if (index % 3 === 2) paintShelfScene(scene);
  else paintProduceScene(scene);
  // Sensor grain, and the warm or cool cast of the light.
  const cast: Rgb = [1 + (rng.next() - 0.5) * 0.12, 1, 1 + (rng.next() - 0.5) * 0.12];
  const out = Buffer.alloc(W * H * 3);
  const grain = createRandom(`demo-photo-grain/${index}`);
  for (let i = 0; i < out.length; i += 3) {
    const g = (grain.next() + grain.next() - 1) * 11;
    for (let c = 0; c < 3; c++) {
      const v = (scene.px[i + c] as number) * (cast[c] as number) + g + (grain.next() - 0.5) * 4;
      out[i + c] = v < 0 ? 0 : v > 255 ? 255 : Math.round(v);
    }
  }
  return out;
}
