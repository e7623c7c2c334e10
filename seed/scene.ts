/**
 * Illustrations for the demo school's pictures, composed as SVG from a seed string, so the same
 * seed always draws the same picture. Pure: no file system, no sharp (images.ts renders).
 */
import { type Random, random } from './random';

/** What a picture shows; the seed content picks one per image. */
export const SCENES = [
  'school',
  'ceremony',
  'field',
  'batik',
  'camp',
  'classroom',
  'stage',
  'trip',
  'library',
  'lab',
  'garden',
  // Issue 22: the campus map the /profil/ hotspots sit on (CAMPUS_MAP: fixed places, not drawn by chance).
  'map',
] as const;
export type Scene = (typeof SCENES)[number];

/** Aspect ratios the generator draws, as width:height. */
export const ASPECTS = {
  '16:9': [16, 9],
  '3:2': [3, 2],
  '4:3': [4, 3],
  '1:1': [1, 1],
  '3:4': [3, 4],
  '2:3': [2, 3],
} as const;
export type Aspect = keyof typeof ASPECTS;

/** Pixel size of a source picture `width` wide at an aspect ratio. */
export function aspectSize(aspect: Aspect, width: number): { width: number; height: number } {
  const [w, h] = ASPECTS[aspect];
  return { width, height: Math.round((width * h) / w) };
}

export interface SceneSpec {
  width: number;
  height: number;
  seed: string;
  scene?: Scene;
  /** Short text on a band at the bottom; none when empty. */
  caption?: string;
}

/** The SVG document of one picture. */
export function composeScene(spec: SceneSpec): string {
  const r = random(spec.seed);
  const scene = spec.scene ?? (r.pick(SCENES) as Scene);
  const c = new Canvas(spec.width, spec.height, r);
  DRAW[scene](c);
  if (spec.caption) c.caption(spec.caption);
  return c.toString();
}

// ---------------------------------------------------------------------------------------------
// Drawing helpers

const n = (v: number) => String(Math.round(v * 10) / 10);

const escapeXml = (s: string) =>
  s.replace(/[<>&"']/g, (ch) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[ch] ?? ch);

const SKIN = ['#8d5524', '#a0662f', '#c68642', '#d9a066', '#e0ac69', '#f1c27d'];
const HAIR = ['#1b1b1b', '#2b1d14', '#3b2a20'];
const BRIGHT = ['#e63946', '#f4a261', '#e9c46a', '#2a9d8f', '#457b9d', '#8e44ad', '#ff6b6b', '#06d6a0', '#118ab2'];
const FONT = 'DejaVu Sans, Liberation Sans, Arial, sans-serif';

type Outfit = { shirt: string; pants: string; scarf?: string; hijab?: string; hat?: string };

class Canvas {
  readonly W: number;
  readonly H: number;
  /** One percent of the shorter side: keeps shapes in proportion in every aspect ratio. */
  readonly u: number;
  private defs: string[] = [];
  private body: string[] = [];
  private ids = 0;

  constructor(
    width: number,
    height: number,
    readonly r: Random,
  ) {
    this.W = width;
    this.H = height;
    this.u = Math.min(width, height) / 100;
  }

  add(svg: string) {
    this.body.push(svg);
  }

  id(prefix: string) {
    this.ids += 1;
    return `${prefix}${this.ids}`;
  }

  linear(stops: string[], vertical = true): string {
    const id = this.id('g');
    const s = stops.map(
      (col, i) => `<stop offset="${n((i / Math.max(1, stops.length - 1)) * 100)}%" stop-color="${col}"/>`,
    );
    this.defs.push(
      `<linearGradient id="${id}" x1="0" y1="0" x2="${vertical ? 0 : 1}" y2="${vertical ? 1 : 0}">${s.join('')}</linearGradient>`,
    );
    return `url(#${id})`;
  }

  radial(inner: string, outer: string, innerOpacity = 1, outerOpacity = 0): string {
    const id = this.id('r');
    this.defs.push(
      `<radialGradient id="${id}"><stop offset="0%" stop-color="${inner}" stop-opacity="${innerOpacity}"/><stop offset="100%" stop-color="${outer}" stop-opacity="${outerOpacity}"/></radialGradient>`,
    );
    return `url(#${id})`;
  }

  rect(x: number, y: number, w: number, h: number, fill: string, extra = '') {
    this.add(`<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" fill="${fill}" ${extra}/>`);
  }

  circle(cx: number, cy: number, rad: number, fill: string, extra = '') {
    this.add(`<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(rad)}" fill="${fill}" ${extra}/>`);
  }

  ellipse(cx: number, cy: number, rx: number, ry: number, fill: string, extra = '') {
    this.add(`<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(rx)}" ry="${n(ry)}" fill="${fill}" ${extra}/>`);
  }

  poly(points: Array<[number, number]>, fill: string, extra = '') {
    this.add(`<polygon points="${points.map(([x, y]) => `${n(x)},${n(y)}`).join(' ')}" fill="${fill}" ${extra}/>`);
  }

  line(x1: number, y1: number, x2: number, y2: number, stroke: string, width: number, extra = '') {
    this.add(
      `<line x1="${n(x1)}" y1="${n(y1)}" x2="${n(x2)}" y2="${n(y2)}" stroke="${stroke}" stroke-width="${n(width)}" stroke-linecap="round" ${extra}/>`,
    );
  }

  text(x: number, y: number, size: number, fill: string, content: string, extra = '') {
    this.add(
      `<text x="${n(x)}" y="${n(y)}" font-family="${FONT}" font-size="${n(size)}" fill="${fill}" ${extra}>${escapeXml(content)}</text>`,
    );
  }

  /** Sky from top to horizon, with a sun (or moon) and clouds. */
  sky(horizon: number, mood: 'day' | 'morning' | 'dusk' | 'night' = this.r.pick(['day', 'day', 'morning', 'dusk'])) {
    const { W, u, r } = this;
    const palettes = {
      day: ['#3d8fd1', '#7cc3ec', '#d4efff'],
      morning: ['#6cb6e0', '#b9e0f2', '#ffe2b5'],
      dusk: ['#35407f', '#c0689a', '#f8a866', '#ffd89a'],
      night: ['#07142e', '#182c5a', '#35507f'],
    };
    this.rect(0, 0, W, horizon + 2, this.linear(palettes[mood]));
    const sx = r.range(0.12, 0.88) * W;
    const sy = horizon * r.range(0.2, 0.45);
    if (mood === 'night') {
      for (let i = 0; i < 70; i++) {
        this.circle(
          r.range(0, W),
          r.range(0, horizon * 0.8),
          r.range(0.1, 0.35) * u,
          '#fffbe6',
          `opacity="${n(r.range(0.4, 1))}"`,
        );
      }
      this.circle(sx, sy, 6 * u, '#fff6d5');
      this.circle(sx + 2.4 * u, sy - 1.2 * u, 5.2 * u, '#182c5a');
    } else {
      const sun = mood === 'dusk' ? '#ffb14a' : '#fff1a8';
      this.circle(sx, sy, 16 * u, this.radial(sun, sun, 0.65, 0));
      this.circle(sx, sy, 7 * u, sun);
      const clouds = r.int(2, 5);
      for (let i = 0; i < clouds; i++) this.cloud(r.range(0, W), r.range(0.08, 0.55) * horizon, r.range(0.7, 1.5) * u);
    }
  }

  cloud(x: number, y: number, s: number) {
    const extra = 'opacity="0.92"';
    this.ellipse(x, y, 12 * s, 4.5 * s, '#ffffff', extra);
    this.ellipse(x - 6 * s, y + 1 * s, 7 * s, 3.6 * s, '#ffffff', extra);
    this.ellipse(x + 3 * s, y - 3 * s, 7 * s, 5 * s, '#ffffff', extra);
    this.ellipse(x + 9 * s, y + 0.5 * s, 6 * s, 3.2 * s, '#f3f7fb', extra);
  }

  /** A soft rolling band of land from `baseY` down to the bottom. */
  ridge(baseY: number, amp: number, fill: string, segments = 6) {
    const { W, H, r } = this;
    const pts: Array<[number, number]> = [];
    for (let i = 0; i <= segments; i++) pts.push([(i * W) / segments, baseY - r.range(0, amp)]);
    const first = pts[0] as [number, number];
    let d = `M0 ${n(H)} L0 ${n(first[1])}`;
    for (let i = 1; i < pts.length; i++) {
      const [px, py] = pts[i - 1] as [number, number];
      const [x, y] = pts[i] as [number, number];
      d += ` Q${n(px)} ${n(py)} ${n((px + x) / 2)} ${n((py + y) / 2)}`;
    }
    const last = pts[pts.length - 1] as [number, number];
    d += ` L${n(last[0])} ${n(last[1])} L${n(W)} ${n(H)} Z`;
    this.add(`<path d="${d}" fill="${fill}"/>`);
  }

  mountains(baseY: number, height: number, fill: string, snow = false) {
    const { W, r } = this;
    let x = -r.range(0, 0.2) * W;
    while (x < W) {
      const w = r.range(0.25, 0.5) * W;
      const h = height * r.range(0.55, 1);
      const peak: [number, number] = [x + w / 2, baseY - h];
      this.poly([[x, baseY], peak, [x + w, baseY]], fill);
      if (snow) {
        this.poly(
          [
            peak,
            [peak[0] + w * 0.1, peak[1] + h * 0.2],
            [peak[0], peak[1] + h * 0.15],
            [peak[0] - w * 0.1, peak[1] + h * 0.2],
          ],
          '#f4f4f4',
        );
      }
      x += w * r.range(0.5, 0.8);
    }
  }

  tree(x: number, groundY: number, s: number, kind: 'round' | 'pine' | 'palm' = 'round') {
    const { u } = this;
    const k = s * u;
    if (kind === 'pine') {
      this.rect(x - 0.8 * k, groundY - 4 * k, 1.6 * k, 4 * k, '#5b3a1e');
      for (let i = 0; i < 3; i++) {
        const y = groundY - 4 * k - i * 5 * k;
        const w = (7 - i * 1.7) * k;
        this.poly(
          [
            [x - w, y],
            [x, y - 8 * k],
            [x + w, y],
          ],
          i % 2 ? '#1f5e3b' : '#24704a',
        );
      }
      return;
    }
    if (kind === 'palm') {
      this.add(
        `<path d="M${n(x)} ${n(groundY)} Q${n(x + 2 * k)} ${n(groundY - 10 * k)} ${n(x + 1 * k)} ${n(groundY - 20 * k)}" stroke="#8a6a3f" stroke-width="${n(1.6 * k)}" fill="none"/>`,
      );
      const top: [number, number] = [x + 1 * k, groundY - 20 * k];
      for (let i = 0; i < 6; i++) {
        const a = (Math.PI * 2 * i) / 6 + 0.3;
        const ex = top[0] + Math.cos(a) * 9 * k;
        const ey = top[1] + Math.sin(a) * 4 * k + 2 * k;
        this.add(
          `<path d="M${n(top[0])} ${n(top[1])} Q${n((top[0] + ex) / 2)} ${n(top[1] - 3 * k)} ${n(ex)} ${n(ey)}" stroke="#2e8b3e" stroke-width="${n(1.4 * k)}" fill="none" stroke-linecap="round"/>`,
        );
      }
      return;
    }
    this.rect(x - 1 * k, groundY - 8 * k, 2 * k, 8 * k, '#6b4423');
    const greens = ['#2d8a4e', '#3aa55d', '#4cb86b', '#267a43'];
    for (let i = 0; i < 5; i++) {
      this.circle(
        x + this.r.range(-4, 4) * k,
        groundY - 12 * k + this.r.range(-3, 3) * k,
        this.r.range(4, 6) * k,
        this.r.pick(greens),
      );
    }
  }

  /** A standing figure, feet on `feetY`, `h` pixels tall. */
  person(
    x: number,
    feetY: number,
    h: number,
    outfit: Outfit,
    pose: 'stand' | 'wave' | 'salute' | 'run' | 'dance' = 'stand',
  ) {
    const { r } = this;
    const skin = r.pick(SKIN);
    const headR = h * 0.1;
    const headY = feetY - h + headR;
    const torsoTop = headY + headR * 1.1;
    const torsoH = h * 0.36;
    const torsoW = h * 0.26;
    const legTop = torsoTop + torsoH;
    const legW = h * 0.085;
    const arm = h * 0.065;
    const stride = pose === 'run' ? h * 0.12 : pose === 'dance' ? h * 0.06 : 0;
    // legs
    this.line(x - legW * 0.7, legTop, x - legW * 0.7 - stride, feetY - legW * 0.4, outfit.pants, legW);
    this.line(x + legW * 0.7, legTop, x + legW * 0.7 + stride, feetY - legW * 0.4, outfit.pants, legW);
    // arms
    const shoulderY = torsoTop + arm * 0.8;
    const left =
      pose === 'dance' ? [x - torsoW * 1.2, torsoTop - h * 0.12] : [x - torsoW * 0.75, torsoTop + torsoH * 0.95];
    const right =
      pose === 'wave' || pose === 'dance'
        ? [x + torsoW * 1.1, torsoTop - h * 0.15]
        : pose === 'salute'
          ? [x + headR * 0.6, headY - headR * 0.2]
          : pose === 'run'
            ? [x + torsoW * 1.1, torsoTop + torsoH * 0.4]
            : [x + torsoW * 0.75, torsoTop + torsoH * 0.95];
    this.line(
      x - torsoW * 0.45,
      shoulderY,
      left[0] as number,
      left[1] as number,
      outfit.shirt,
      arm,
      'stroke-opacity="0.95"',
    );
    this.line(
      x + torsoW * 0.45,
      shoulderY,
      right[0] as number,
      right[1] as number,
      outfit.shirt,
      arm,
      'stroke-opacity="0.95"',
    );
    this.circle(left[0] as number, left[1] as number, arm * 0.55, skin);
    this.circle(right[0] as number, right[1] as number, arm * 0.55, skin);
    // torso
    this.rect(x - torsoW / 2, torsoTop, torsoW, torsoH, outfit.shirt, `rx="${n(torsoW * 0.3)}"`);
    if (outfit.scarf) {
      this.poly(
        [
          [x - torsoW * 0.35, torsoTop],
          [x, torsoTop + torsoH * 0.35],
          [x + torsoW * 0.35, torsoTop],
        ],
        outfit.scarf,
      );
    }
    // head
    if (outfit.hijab) {
      this.ellipse(x, headY + headR * 0.3, headR * 1.35, headR * 1.55, outfit.hijab);
      this.circle(x, headY + headR * 0.1, headR * 0.78, skin);
    } else {
      this.circle(x, headY, headR, skin);
      this.add(
        `<path d="M${n(x - headR)} ${n(headY)} A${n(headR)} ${n(headR)} 0 0 1 ${n(x + headR)} ${n(headY)} Z" fill="${r.pick(HAIR)}"/>`,
      );
      if (outfit.hat)
        this.rect(
          x - headR * 0.9,
          headY - headR * 1.15,
          headR * 1.8,
          headR * 0.6,
          outfit.hat,
          `rx="${n(headR * 0.2)}"`,
        );
    }
  }

  /** A school uniform (white shirt, navy bottom), a scout uniform or a sports kit. */
  outfit(kind: 'school' | 'scout' | 'sport' | 'teacher' | 'costume', team?: string): Outfit {
    const { r } = this;
    const hijab = r.chance(0.4);
    switch (kind) {
      case 'scout':
        return { shirt: '#b08a5a', pants: '#5d4037', scarf: '#d62828', hijab: hijab ? '#4e342e' : undefined };
      case 'sport':
        return { shirt: team ?? r.pick(BRIGHT), pants: '#1d3557', hijab: hijab ? '#ffffff' : undefined };
      case 'teacher':
        return {
          shirt: r.pick(['#6d4c41', '#2e7d32', '#8e24aa', '#1565c0']),
          pants: '#263238',
          hijab: hijab ? r.pick(BRIGHT) : undefined,
        };
      case 'costume':
        return {
          shirt: r.pick(BRIGHT),
          pants: r.pick(['#7b1fa2', '#c62828', '#ef6c00', '#00838f']),
          scarf: '#ffd54f',
          hijab: hijab ? r.pick(BRIGHT) : undefined,
        };
      default:
        return {
          shirt: '#fbfbfb',
          pants: '#1f3a68',
          hijab: hijab ? '#ffffff' : undefined,
          hat: r.chance(0.15) ? '#1a1a1a' : undefined,
        };
    }
  }

  /** The school: cream walls, tiled roof, rows of windows, the name board and the flag. */
  school(cx: number, groundY: number, w: number, h: number, flag = true) {
    const { u } = this;
    const x = cx - w / 2;
    const top = groundY - h;
    const roofH = h * 0.32;
    this.rect(x, top, w, h, '#f3e6c8');
    this.rect(x, groundY - h * 0.08, w, h * 0.08, '#b5a27f');
    this.poly(
      [
        [x - w * 0.04, top],
        [x + w * 0.12, top - roofH],
        [x + w * 0.88, top - roofH],
        [x + w * 1.04, top],
      ],
      '#c0503d',
    );
    this.rect(x - w * 0.04, top - h * 0.03, w * 1.08, h * 0.05, '#8f3526');
    const floors = 2;
    const cols = Math.max(4, Math.round(w / (9 * u)));
    const winW = (w / cols) * 0.55;
    for (let f = 0; f < floors; f++) {
      const wy = top + h * 0.14 + f * h * 0.42;
      for (let i = 0; i < cols; i++) {
        const wx = x + (i + 0.5) * (w / cols) - winW / 2;
        if (f === floors - 1 && Math.abs(i - (cols - 1) / 2) < 0.6) continue;
        this.rect(wx, wy, winW, h * 0.24, '#6fa8d6', `stroke="#ffffff" stroke-width="${n(0.5 * u)}"`);
        this.line(wx + winW / 2, wy, wx + winW / 2, wy + h * 0.24, '#ffffff', 0.4 * u);
      }
    }
    this.rect(cx - w * 0.06, groundY - h * 0.36, w * 0.12, h * 0.36, '#27476e');
    const boardW = w * 0.42;
    this.rect(cx - boardW / 2, top - roofH * 0.62, boardW, roofH * 0.46, '#1d6f42', `rx="${n(u)}"`);
    this.text(
      cx,
      top - roofH * 0.28,
      Math.min(roofH * 0.3, boardW / 10),
      '#ffffff',
      'SMP TUNAS BANGSA',
      'text-anchor="middle" font-weight="bold"',
    );
    if (flag) this.flag(x + w + w * 0.12, groundY, h * 1.6);
  }

  /** Merah Putih on its pole. */
  flag(x: number, groundY: number, poleH: number) {
    const { u } = this;
    const top = groundY - poleH;
    this.rect(x - 0.5 * u, top, 1 * u, poleH, '#9aa3ad');
    this.circle(x, top, 0.9 * u, '#d4af37');
    const fw = poleH * 0.28;
    const fh = fw * 0.62;
    const wave = fh * 0.12;
    const y = top + 1 * u;
    this.add(
      `<path d="M${n(x)} ${n(y)} Q${n(x + fw / 2)} ${n(y - wave)} ${n(x + fw)} ${n(y)} L${n(x + fw)} ${n(y + fh / 2)} Q${n(x + fw / 2)} ${n(y + fh / 2 - wave)} ${n(x)} ${n(y + fh / 2)} Z" fill="#e32636"/>`,
    );
    this.add(
      `<path d="M${n(x)} ${n(y + fh / 2)} Q${n(x + fw / 2)} ${n(y + fh / 2 - wave)} ${n(x + fw)} ${n(y + fh / 2)} L${n(x + fw)} ${n(y + fh)} Q${n(x + fw / 2)} ${n(y + fh - wave)} ${n(x)} ${n(y + fh)} Z" fill="#ffffff"/>`,
    );
  }

  /** A bottom band with a short caption; long text is cut with an ellipsis to fit one line. */
  caption(text: string) {
    const { W, H, u } = this;
    const size = Math.max(12, 4.2 * u);
    const pad = size * 0.9;
    const band = size * 2.3;
    const maxChars = Math.max(8, Math.floor((W - 2 * pad) / (size * 0.68)));
    const line = text.length > maxChars ? `${text.slice(0, maxChars - 1).trimEnd()}…` : text;
    this.rect(0, H - band, W, band, '#0b1b2b', 'opacity="0.55"');
    this.rect(0, H - band, 1.2 * u, band, '#f4b400');
    this.text(pad, H - band / 2 + size * 0.36, size, '#ffffff', line, 'font-weight="bold"');
  }

  toString() {
    return `<svg xmlns="http://www.w3.org/2000/svg" width="${this.W}" height="${this.H}" viewBox="0 0 ${this.W} ${this.H}"><defs>${this.defs.join('')}</defs>${this.body.join('')}</svg>`;
  }
}

// ---------------------------------------------------------------------------------------------
// Scenes

/** A row of figures standing on `feetY`, spread over [x0, x1]. */
function crowd(
  c: Canvas,
  x0: number,
  x1: number,
  feetY: number,
  h: number,
  count: number,
  make: () => Outfit,
  pose?: Parameters<Canvas['person']>[4],
) {
  for (let i = 0; i < count; i++) {
    const x = x0 + ((i + 0.5) * (x1 - x0)) / count + c.r.range(-0.15, 0.15) * ((x1 - x0) / count);
    c.person(x, feetY + c.r.range(-0.02, 0.02) * h, h * c.r.range(0.92, 1.05), make(), pose);
  }
}

const DRAW: Record<Scene, (c: Canvas) => void> = {
  school(c) {
    const { W, H, r } = c;
    const horizon = H * 0.58;
    c.sky(horizon);
    c.ridge(horizon, H * 0.06, '#7fb77e');
    const bw = W * (W > H ? 0.55 : 0.8);
    c.school(W * r.range(0.4, 0.5), horizon + H * 0.1, bw, bw * 0.36);
    c.ridge(horizon + H * 0.12, H * 0.02, '#5da35a', 4);
    c.rect(W * 0.44, horizon + H * 0.1, W * 0.12, H, '#d8cfb8');
    for (let i = 0; i < 4; i++)
      c.tree(r.range(0, W), horizon + H * r.range(0.16, 0.3), r.range(1.2, 1.8), r.pick(['round', 'palm'] as const));
    crowd(c, W * 0.15, W * 0.85, H * 0.9, H * 0.16, r.int(3, 6), () => c.outfit('school'), 'wave');
  },

  ceremony(c) {
    const { W, H, r } = c;
    const horizon = H * 0.45;
    c.sky(horizon, r.pick(['day', 'morning'] as const));
    const bw = W * 0.7;
    c.school(W * 0.4, horizon + H * 0.04, bw, bw * 0.3, false);
    c.rect(0, horizon + H * 0.04, W, H, '#d9d2c1');
    c.flag(W * 0.82, horizon + H * 0.2, H * 0.45);
    c.rect(W * 0.78, horizon + H * 0.18, W * 0.08, H * 0.03, '#9e9e9e');
    const rows = 4;
    for (let row = 0; row < rows; row++) {
      const feet = horizon + H * (0.22 + row * 0.13);
      const h = H * (0.1 + row * 0.035);
      const count = Math.round((W / h) * 0.9);
      crowd(
        c,
        W * 0.02,
        W * 0.98,
        feet,
        h,
        Math.min(count, 14),
        () => c.outfit('school'),
        row === rows - 1 ? 'salute' : 'stand',
      );
    }
  },

  field(c) {
    const { W, H, r } = c;
    const horizon = H * 0.38;
    c.sky(horizon, 'day');
    for (let i = 0; i < 7; i++) c.tree((i + r.range(0, 0.6)) * (W / 6), horizon + H * 0.02, r.range(1.1, 1.6));
    const grass = c.linear(['#4caf50', '#2e7d32']);
    c.rect(0, horizon, W, H - horizon, grass);
    for (let i = 0; i < 6; i++) {
      const y0 = horizon + ((H - horizon) * i) / 6;
      if (i % 2) c.rect(0, y0, W, (H - horizon) / 6, '#ffffff', 'opacity="0.06"');
    }
    const lx = W * 0.1;
    c.poly(
      [
        [W * 0.22, horizon + H * 0.05],
        [W * 0.78, horizon + H * 0.05],
        [W * 0.98, H * 0.97],
        [W * 0.02, H * 0.97],
      ],
      'none',
      `stroke="#ffffff" stroke-width="${n(0.6 * c.u)}" opacity="0.85"`,
    );
    c.ellipse(
      W / 2,
      horizon + (H - horizon) * 0.5,
      W * 0.12,
      H * 0.05,
      'none',
      `stroke="#ffffff" stroke-width="${n(0.6 * c.u)}" opacity="0.85"`,
    );
    c.line(
      lx,
      horizon + (H - horizon) * 0.5,
      W - lx,
      horizon + (H - horizon) * 0.5,
      '#ffffff',
      0.6 * c.u,
      'opacity="0.85"',
    );
    c.rect(
      W * 0.44,
      horizon + H * 0.005,
      W * 0.12,
      H * 0.045,
      'none',
      `stroke="#ffffff" stroke-width="${n(0.8 * c.u)}"`,
    );
    const teams = [r.pick(['#e63946', '#f4a261', '#ffb703']), r.pick(['#1d4ed8', '#0ea5e9', '#7c3aed'])];
    for (let i = 0; i < 7; i++) {
      const depth = r.range(0.15, 0.95);
      const feet = horizon + (H - horizon) * depth;
      c.person(r.range(0.08, 0.92) * W, feet, H * (0.07 + depth * 0.2), c.outfit('sport', teams[i % 2]), 'run');
    }
    const by = horizon + (H - horizon) * r.range(0.6, 0.85);
    const bx = r.range(0.3, 0.7) * W;
    c.ellipse(bx, by + 2.2 * c.u, 3 * c.u, 0.8 * c.u, '#000000', 'opacity="0.2"');
    c.circle(bx, by, 2.4 * c.u, '#ffffff', `stroke="#222222" stroke-width="${n(0.4 * c.u)}"`);
    c.circle(bx, by, 0.9 * c.u, '#222222');
  },

  batik(c) {
    const { W, H, r } = c;
    const palettes = [
      ['#5b2c06', '#c77d2e', '#f3d9a4', '#2b1403'],
      ['#0f3d5c', '#3e8ed0', '#f2e3c6', '#0a2233'],
      ['#4a1942', '#c2417a', '#ffd6a5', '#2a0d26'],
      ['#1b4332', '#52b788', '#f1e7c6', '#0b2418'],
    ];
    const [base, accent, light, dark] = r.pick(palettes) as [string, string, string, string];
    c.rect(0, 0, W, H, base);
    const cell = c.u * r.range(11, 16);
    for (let y = -cell; y < H + cell; y += cell) {
      for (let x = -cell; x < W + cell; x += cell) {
        const cx = x + cell / 2;
        const cy = y + cell / 2;
        for (let k = 0; k < 4; k++) {
          const a = k * 90 + 45;
          const ox = Math.cos((a * Math.PI) / 180) * cell * 0.26;
          const oy = Math.sin((a * Math.PI) / 180) * cell * 0.26;
          c.ellipse(
            cx + ox,
            cy + oy,
            cell * 0.27,
            cell * 0.13,
            light,
            `transform="rotate(${a} ${n(cx + ox)} ${n(cy + oy)})" stroke="${dark}" stroke-width="${n(cell * 0.03)}"`,
          );
          c.ellipse(
            cx + ox,
            cy + oy,
            cell * 0.15,
            cell * 0.05,
            accent,
            `transform="rotate(${a} ${n(cx + ox)} ${n(cy + oy)})"`,
          );
        }
        c.circle(cx, cy, cell * 0.07, dark);
        c.circle(x, y, cell * 0.05, accent);
      }
    }
    // parang border along the top and bottom
    const band = H * 0.1;
    for (const y0 of [0, H - band]) {
      c.rect(0, y0, W, band, dark);
      for (let x = -band; x < W + band; x += band * 0.5) {
        c.poly(
          [
            [x, y0 + band],
            [x + band * 0.25, y0 + band],
            [x + band * 0.5, y0],
            [x + band * 0.25, y0],
          ],
          accent,
        );
      }
    }
  },

  camp(c) {
    const { W, H, r } = c;
    const horizon = H * 0.55;
    const night = r.chance(0.5);
    c.sky(horizon, night ? 'night' : 'dusk');
    c.mountains(horizon, H * 0.3, night ? '#26365e' : '#6b5b95', true);
    c.ridge(horizon + H * 0.02, H * 0.05, night ? '#1d3b2a' : '#3c6e47');
    for (let i = 0; i < 9; i++) c.tree(r.range(0, W), horizon + H * r.range(0.02, 0.1), r.range(1, 1.7), 'pine');
    c.rect(0, horizon + H * 0.12, W, H, night ? '#24402c' : '#4d7c4f');
    const tents = r.int(2, 3);
    for (let i = 0; i < tents; i++) {
      const tx = W * (0.15 + (0.7 * i) / Math.max(1, tents - 1));
      const ty = horizon + H * 0.24;
      const tw = W * 0.16;
      const col = r.pick(['#e76f51', '#f4a261', '#2a9d8f', '#e9c46a']);
      c.poly(
        [
          [tx - tw / 2, ty],
          [tx, ty - tw * 0.7],
          [tx + tw / 2, ty],
        ],
        col,
      );
      c.poly(
        [
          [tx - tw * 0.1, ty],
          [tx, ty - tw * 0.45],
          [tx + tw * 0.1, ty],
        ],
        '#3b2a20',
      );
    }
    const fx = W * 0.5;
    const fy = H * 0.84;
    c.circle(fx, fy, 18 * c.u, c.radial('#ffb347', '#ff7b00', 0.55, 0));
    for (let i = 0; i < 3; i++)
      c.line(fx - 5 * c.u, fy + (i - 1) * c.u, fx + 5 * c.u, fy - (i - 1) * c.u, '#5b3a1e', 1.2 * c.u);
    c.poly(
      [
        [fx - 4 * c.u, fy],
        [fx - 1 * c.u, fy - 10 * c.u],
        [fx + 1 * c.u, fy - 5 * c.u],
        [fx + 2.5 * c.u, fy - 9 * c.u],
        [fx + 4 * c.u, fy],
      ],
      '#ff8c1a',
    );
    c.poly(
      [
        [fx - 2 * c.u, fy],
        [fx, fy - 6 * c.u],
        [fx + 2 * c.u, fy],
      ],
      '#ffe066',
    );
    for (let i = 0; i < 5; i++) {
      const side = i % 2 ? 1 : -1;
      c.person(
        fx + side * W * r.range(0.12, 0.4),
        H * r.range(0.88, 0.98),
        H * r.range(0.16, 0.22),
        c.outfit('scout'),
        r.pick(['stand', 'wave'] as const),
      );
    }
  },

  classroom(c) {
    const { W, H, r } = c;
    const wall = r.pick(['#f6e7c1', '#dcedc8', '#d7ecf7', '#f8e1e7']);
    c.rect(0, 0, W, H, wall);
    c.rect(0, H * 0.62, W, H * 0.38, '#b98b5e');
    c.rect(0, H * 0.6, W, H * 0.025, '#8d6e4c');
    const bx = W * 0.16;
    const bw = W * 0.56;
    c.rect(bx - c.u, H * 0.1 - c.u, bw + 2 * c.u, H * 0.34 + 2 * c.u, '#7a5230');
    c.rect(bx, H * 0.1, bw, H * 0.34, '#24553c');
    const lines = r.pick([
      ['a² + b² = c²', 'x + 5 = 12', 'x = 7'],
      ['Fotosintesis:', '6CO₂ + 6H₂O → C₆H₁₂O₆ + 6O₂'],
      ['Good morning, class!', 'Present tense'],
      ['Luas lingkaran = π r²', 'π ≈ 3,14'],
      ['Bhinneka Tunggal Ika', 'Pancasila'],
    ]);
    const fs = Math.min(H * 0.05, (bw / 22) * 1.1);
    lines.forEach((t, i) => {
      c.text(bx + bw * 0.06, H * 0.1 + fs * 1.6 + i * fs * 1.5, fs, '#f5f5f5', t, 'opacity="0.9"');
    });
    c.circle(W * 0.86, H * 0.14, 4.5 * c.u, '#ffffff', `stroke="#333333" stroke-width="${n(0.6 * c.u)}"`);
    c.line(W * 0.86, H * 0.14, W * 0.86, H * 0.14 - 3 * c.u, '#333333', 0.5 * c.u);
    c.line(W * 0.86, H * 0.14, W * 0.86 + 2 * c.u, H * 0.14, '#333333', 0.5 * c.u);
    c.rect(W * 0.78, H * 0.24, W * 0.17, H * 0.24, '#a8d8f0', `stroke="#ffffff" stroke-width="${n(1 * c.u)}"`);
    c.cloud(W * 0.86, H * 0.32, 0.35 * c.u);
    c.person(W * 0.76, H * 0.66, H * 0.36, c.outfit('teacher'), 'wave');
    for (let row = 0; row < 2; row++) {
      const y = H * (0.76 + row * 0.14);
      const count = row === 0 ? 4 : 3;
      for (let i = 0; i < count; i++) {
        const x = W * ((i + 0.5 + (row ? 0.5 : 0)) / (count + (row ? 1 : 0)));
        const s = H * (0.12 + row * 0.04);
        const o = c.outfit('school');
        c.rect(x - s * 0.55, y - s * 0.1, s * 1.1, s * 0.55, '#c8a06e');
        c.rect(x - s * 0.35, y - s * 0.55, s * 0.7, s * 0.5, o.shirt, `rx="${n(s * 0.15)}"`);
        if (o.hijab) c.ellipse(x, y - s * 0.75, s * 0.3, s * 0.33, o.hijab);
        else c.circle(x, y - s * 0.75, s * 0.25, r.pick(HAIR));
        c.rect(x - s * 0.45, y - s * 0.1, s * 0.9, s * 0.1, '#8d6e4c');
      }
    }
  },

  stage(c) {
    const { W, H, r } = c;
    c.rect(0, 0, W, H, '#1a1033');
    for (let i = 0; i < 3; i++) {
      const x = W * (0.2 + i * 0.3);
      c.poly(
        [
          [x - W * 0.02, 0],
          [x + W * 0.02, 0],
          [x + W * 0.16, H * 0.75],
          [x - W * 0.16, H * 0.75],
        ],
        c.linear(['#fff6c2', '#fff6c2']),
        'opacity="0.12"',
      );
    }
    c.rect(0, H * 0.72, W, H * 0.28, '#7a4a26');
    c.rect(0, H * 0.72, W, H * 0.02, '#5a3518');
    const curtain = c.linear(['#8b0000', '#c1121f', '#8b0000'], false);
    c.add(
      `<path d="M0 0 L${n(W * 0.2)} 0 Q${n(W * 0.1)} ${n(H * 0.4)} ${n(W * 0.12)} ${n(H * 0.74)} L0 ${n(H * 0.74)} Z" fill="${curtain}"/>`,
    );
    c.add(
      `<path d="M${n(W)} 0 L${n(W * 0.8)} 0 Q${n(W * 0.9)} ${n(H * 0.4)} ${n(W * 0.88)} ${n(H * 0.74)} L${n(W)} ${n(H * 0.74)} Z" fill="${curtain}"/>`,
    );
    for (let x = 0; x < W; x += W / 12) {
      c.ellipse(x + W / 24, 3 * c.u, W / 24, 6 * c.u, '#a4161a');
    }
    c.rect(0, 0, W, 3 * c.u, '#d4af37');
    const dancers = W > H ? r.int(3, 5) : r.int(2, 3);
    for (let i = 0; i < dancers; i++) {
      const x = W * (0.2 + (0.6 * i) / Math.max(1, dancers - 1));
      c.person(x, H * 0.78, Math.min(H * 0.34, W * 0.36), c.outfit('costume'), 'dance');
    }
    for (let i = 0; i < 12; i++) {
      const x = (i + 0.5) * (W / 12) + r.range(-1, 1) * c.u;
      c.circle(x, H * 0.95, H * 0.05, '#0d0a1a');
      c.rect(x - H * 0.06, H * 0.96, H * 0.12, H * 0.08, '#0d0a1a', `rx="${n(H * 0.02)}"`);
    }
  },

  trip(c) {
    const { W, H, r } = c;
    const horizon = H * 0.6;
    c.sky(horizon, 'day');
    c.rect(0, horizon, W, H - horizon, '#cfc6b0');
    const mw = W * (W > H ? 0.5 : 0.75);
    const mx = W * 0.5 - mw / 2;
    const mh = mw * 0.42;
    const top = horizon - mh;
    c.poly(
      [
        [mx - mw * 0.04, top],
        [mx + mw / 2, top - mh * 0.4],
        [mx + mw * 1.04, top],
      ],
      '#e8e0cc',
      `stroke="#b9ad8e" stroke-width="${n(0.6 * c.u)}"`,
    );
    c.rect(mx - mw * 0.04, top, mw * 1.08, mh * 0.1, '#d8cdb3');
    c.rect(mx, top + mh * 0.1, mw, mh * 0.9, '#efe8d6');
    const cols = 6;
    for (let i = 0; i < cols; i++) {
      const x = mx + mw * 0.05 + (i * mw * 0.9) / (cols - 1);
      c.rect(
        x - mw * 0.025,
        top + mh * 0.12,
        mw * 0.05,
        mh * 0.78,
        '#ffffff',
        `stroke="#c9bd9f" stroke-width="${n(0.3 * c.u)}"`,
      );
    }
    c.rect(mx - mw * 0.06, horizon - mh * 0.1, mw * 1.12, mh * 0.1, '#bfb396');
    c.text(
      W * 0.5,
      top - mh * 0.05,
      mh * 0.09,
      '#6d5f3f',
      'MUSEUM',
      'text-anchor="middle" font-weight="bold" letter-spacing="3"',
    );
    c.tree(mx - mw * 0.15, horizon, 1.6, 'palm');
    c.tree(mx + mw * 1.15, horizon, 1.6, 'palm');
    const busW = W * (W > H ? 0.34 : 0.5);
    const busH = busW * 0.38;
    const busX = W * r.range(0.02, 0.1);
    const busY = H * 0.9 - busH;
    c.rect(busX, busY, busW, busH, '#ffc300', `rx="${n(busH * 0.12)}"`);
    for (let i = 0; i < 5; i++)
      c.rect(
        busX + busW * (0.05 + i * 0.18),
        busY + busH * 0.14,
        busW * 0.14,
        busH * 0.32,
        '#9fd3f2',
        `rx="${n(c.u * 0.5)}"`,
      );
    c.rect(busX, busY + busH * 0.6, busW, busH * 0.08, '#1d3557');
    c.text(
      busX + busW * 0.5,
      busY + busH * 0.88,
      busH * 0.14,
      '#1d3557',
      'TUNAS BANGSA',
      'text-anchor="middle" font-weight="bold"',
    );
    for (const wx of [0.2, 0.8]) {
      c.circle(busX + busW * wx, busY + busH, busH * 0.17, '#222222');
      c.circle(busX + busW * wx, busY + busH, busH * 0.07, '#bbbbbb');
    }
    crowd(c, busX + busW * 1.05, W * 0.98, H * 0.96, H * 0.2, r.int(3, 5), () => c.outfit('school'), 'stand');
  },

  library(c) {
    const { W, H, r } = c;
    c.rect(0, 0, W, H, '#efe3cf');
    const shelfTop = H * 0.06;
    const shelves = 4;
    const shelfH = H * 0.14;
    c.rect(W * 0.04, shelfTop, W * 0.92, shelfH * shelves + H * 0.02, '#6d4c2f');
    for (let s = 0; s < shelves; s++) {
      const base = shelfTop + (s + 1) * shelfH;
      let x = W * 0.05;
      while (x < W * 0.94) {
        const bw = r.range(1.4, 3.2) * c.u;
        const bh = shelfH * r.range(0.6, 0.92);
        const lean = r.chance(0.06);
        c.rect(x, base - bh, bw, bh, r.pick(BRIGHT), lean ? `transform="rotate(-8 ${n(x)} ${n(base)})"` : '');
        c.rect(x, base - bh * 0.8, bw, bh * 0.05, '#ffffff', 'opacity="0.5"');
        x += bw + r.range(0.1, 0.5) * c.u;
      }
      c.rect(W * 0.04, base, W * 0.92, H * 0.015, '#4e3420');
    }
    c.rect(0, H * 0.7, W, H * 0.3, '#a1887f');
    const tx = W * 0.15;
    const tw = W * 0.7;
    const people = r.int(3, 4);
    for (let i = 0; i < people; i++) {
      const x = tx + ((i + 0.5) * tw) / people;
      c.person(x, H * 0.97, H * 0.3, c.outfit('school'));
    }
    c.rect(tx, H * 0.8, tw, H * 0.04, '#8d6e4c');
    c.rect(tx + tw * 0.05, H * 0.84, W * 0.02, H * 0.16, '#6d4c2f');
    c.rect(tx + tw * 0.95 - W * 0.02, H * 0.84, W * 0.02, H * 0.16, '#6d4c2f');
    for (let i = 0; i < people; i++) {
      const x = tx + ((i + 0.5) * tw) / people;
      c.poly(
        [
          [x - W * 0.05, H * 0.8],
          [x, H * 0.79],
          [x + W * 0.05, H * 0.8],
          [x, H * 0.805],
        ],
        '#ffffff',
        `stroke="${r.pick(BRIGHT)}" stroke-width="${n(0.4 * c.u)}"`,
      );
    }
  },

  lab(c) {
    const { W, H, r } = c;
    c.rect(0, 0, W, H, '#e3f2f1');
    const tile = 6 * c.u;
    for (let y = 0; y < H * 0.6; y += tile) c.line(0, y, W, y, '#c5e1df', 0.25 * c.u);
    for (let x = 0; x < W; x += tile) c.line(x, 0, x, H * 0.6, '#c5e1df', 0.25 * c.u);
    c.rect(W * 0.06, H * 0.08, W * 0.3, H * 0.22, '#ffffff', `stroke="#90a4ae" stroke-width="${n(0.5 * c.u)}"`);
    c.text(W * 0.08, H * 0.15, H * 0.035, '#37474f', 'LABORATORIUM IPA');
    c.text(W * 0.08, H * 0.22, H * 0.03, '#00796b', 'H₂O  ·  NaCl  ·  CO₂');
    crowd(
      c,
      W * 0.1,
      W * 0.9,
      H * 0.72,
      H * 0.46,
      r.int(2, 4),
      () => ({ ...c.outfit('school'), shirt: '#ffffff', pants: '#cfd8dc' }),
      'stand',
    );
    c.rect(0, H * 0.62, W, H * 0.06, '#37474f');
    c.rect(0, H * 0.68, W, H * 0.32, '#607d8b');
    const flasks = r.int(4, 7);
    for (let i = 0; i < flasks; i++) {
      const x = W * ((i + 0.5) / flasks);
      const s = r.range(3, 5) * c.u;
      const liquid = r.pick(['#ef476f', '#06d6a0', '#118ab2', '#ffd166', '#8e44ad']);
      const y = H * 0.62;
      c.rect(x - s * 0.25, y - s * 3.2, s * 0.5, s * 1.4, '#e0f7fa', 'opacity="0.9"');
      c.poly(
        [
          [x - s * 0.25, y - s * 1.8],
          [x + s * 0.25, y - s * 1.8],
          [x + s, y],
          [x - s, y],
        ],
        '#e0f7fa',
        'opacity="0.9"',
      );
      c.poly(
        [
          [x - s * 0.6, y - s * 0.75],
          [x + s * 0.6, y - s * 0.75],
          [x + s, y],
          [x - s, y],
        ],
        liquid,
      );
      for (let b = 0; b < 3; b++)
        c.circle(x + r.range(-0.3, 0.3) * s, y - s * r.range(1, 2.8), s * r.range(0.08, 0.16), liquid, 'opacity="0.7"');
    }
  },

  garden(c) {
    const { W, H, r } = c;
    const horizon = H * 0.45;
    c.sky(horizon, r.pick(['day', 'morning'] as const));
    c.ridge(horizon, H * 0.05, '#8bc34a');
    for (let i = 0; i < 5; i++) c.tree(r.range(0, W), horizon + H * 0.03, r.range(1.2, 2));
    c.rect(0, horizon + H * 0.06, W, H, '#7a5a3a');
    const beds = 3;
    for (let b = 0; b < beds; b++) {
      const y = horizon + H * (0.12 + b * 0.15);
      c.rect(W * 0.04, y, W * 0.92, H * 0.08, '#5d4030', `rx="${n(c.u)}"`);
      const plants = 10 + b * 2;
      for (let i = 0; i < plants; i++) {
        const x = W * 0.06 + (i * W * 0.88) / plants;
        const s = (1 + b * 0.4) * c.u;
        c.ellipse(x - s, y, s * 1.4, s * 0.6, '#43a047', `transform="rotate(-30 ${n(x - s)} ${n(y)})"`);
        c.ellipse(x + s, y, s * 1.4, s * 0.6, '#66bb6a', `transform="rotate(30 ${n(x + s)} ${n(y)})"`);
        if (r.chance(0.3)) c.circle(x, y - s * 1.2, s * 0.6, r.pick(['#e53935', '#fdd835', '#fb8c00']));
      }
    }
    crowd(c, W * 0.1, W * 0.9, H * 0.97, H * 0.26, r.int(2, 4), () => c.outfit('school'), 'wave');
    const cx = W * r.range(0.7, 0.85);
    c.rect(cx, H * 0.88, 5 * c.u, 4 * c.u, '#26a69a', `rx="${n(c.u)}"`);
    c.line(cx + 5 * c.u, H * 0.89, cx + 8 * c.u, H * 0.86, '#26a69a', 1 * c.u);
  },
  map(c) {
    const { W, H, u } = c;
    const px = (x: number) => (x / 100) * W;
    const py = (y: number) => (y / 100) * H;
    c.rect(0, 0, W, H, '#d7ebcf');
    // The street and the school's fence, the gate on the street.
    c.rect(0, py(88), W, py(12), '#9aa3a8');
    c.line(0, py(94), W, py(94), '#f5f5f5', 0.6 * u, `stroke-dasharray="${n(3 * u)} ${n(2 * u)}"`);
    c.text(px(3), py(98), 2.6 * u, '#ffffff', 'Jl. Merdeka Raya', 'font-weight="700"');
    c.rect(px(2), py(4), px(96), py(82), 'none', `stroke="#6d7b72" stroke-width="${n(0.6 * u)}"`);
    c.rect(px(46), py(84), px(8), py(5), '#e0e0e0', `stroke="#6d7b72" stroke-width="${n(0.4 * u)}"`);
    // Paths between the buildings.
    c.rect(px(48), py(32), px(4), py(54), '#efe6d2');
    c.rect(px(4), py(40), px(92), py(4), '#efe6d2');
    for (const place of CAMPUS_MAP) {
      const [x, y, w, h] = place.box;
      if (place.kind === 'field') {
        c.rect(px(x), py(y), px(w), py(h), '#7cb342', `rx="${n(u)}" stroke="#ffffff" stroke-width="${n(0.5 * u)}"`);
        c.circle(
          px(x + w / 2),
          py(y + h / 2),
          Math.min(px(w), py(h)) * 0.18,
          'none',
          `stroke="#ffffff" stroke-width="${n(0.4 * u)}"`,
        );
      } else if (place.kind === 'garden') {
        c.rect(px(x), py(y), px(w), py(h), '#8d6e63', `rx="${n(u)}"`);
        for (let i = 0; i < 6; i++) c.circle(px(x + ((i + 0.5) * w) / 6), py(y + h / 2), 1.2 * u, '#43a047');
      } else {
        c.rect(px(x) + 0.6 * u, py(y) + 0.6 * u, px(w), py(h), 'rgba(0,0,0,0.18)', `rx="${n(0.6 * u)}"`);
        c.rect(
          px(x),
          py(y),
          px(w),
          py(h),
          place.kind === 'mosque' ? '#fff3e0' : '#fafafa',
          `rx="${n(0.6 * u)}" stroke="#8d6e63" stroke-width="${n(0.4 * u)}"`,
        );
        c.rect(
          px(x),
          py(y),
          px(w),
          py(h) * 0.18,
          place.kind === 'mosque' ? '#2e7d32' : '#c62828',
          `rx="${n(0.6 * u)}"`,
        );
      }
      c.text(
        px(x + w / 2),
        py(y + h) - 1.4 * u,
        2.3 * u,
        '#263238',
        place.label,
        'text-anchor="middle" font-weight="700"',
      );
    }
    for (const x of [72, 80, 88, 95]) c.tree(px(x), py(84), 0.5, 'round');
    c.text(px(97), py(9), 2.4 * u, '#263238', 'U ↑', 'text-anchor="end" font-weight="700"');
  },
};

/** The campus map's places in percent of the picture (x, y, width, height): the hotspots' seed uses the same. */
export const CAMPUS_MAP = [
  { label: 'Ruang Kelas', kind: 'building', box: [5, 8, 25, 28] },
  { label: 'Perpustakaan', kind: 'building', box: [34, 8, 14, 22] },
  { label: 'Laboratorium', kind: 'building', box: [54, 8, 20, 22] },
  { label: 'Aula', kind: 'building', box: [78, 8, 17, 28] },
  { label: 'Kantin & UKS', kind: 'building', box: [5, 48, 25, 20] },
  { label: 'Lapangan', kind: 'field', box: [34, 48, 32, 30] },
  { label: 'Masjid', kind: 'mosque', box: [78, 48, 17, 20] },
  { label: 'Kebun', kind: 'garden', box: [5, 72, 25, 10] },
] as const;
