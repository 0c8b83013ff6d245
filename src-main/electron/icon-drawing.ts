// The app's marks, drawn from shapes in a unit square so each size is drawn for itself (a 16-pixel
// icon is not a shrunk 1024-pixel one): a V in a ring. Three looks: the app icon (white on a blue
// rounded square), the macOS menu bar template (black on nothing; macOS tints it for the bar), and
// the Linux tray icon (white on a blue disc), which reads on dark and light panels alike.
import type { Pixels } from './png';

type Color = readonly [number, number, number];
type Shape = (x: number, y: number) => boolean;

interface Layer {
  shape: Shape;
  color(x: number, y: number): Color;
}

export interface Drawing {
  /** Bottom first. */
  layers: readonly Layer[];
}

const disc =
  (cx: number, cy: number, r: number): Shape =>
  (x, y) =>
    (x - cx) ** 2 + (y - cy) ** 2 <= r * r;

const ring =
  (cx: number, cy: number, r: number, width: number): Shape =>
  (x, y) => {
    const d = Math.hypot(x - cx, y - cy);
    return d <= r + width / 2 && d >= r - width / 2;
  };

/** A stroke from a to b with round ends. */
const stroke =
  (ax: number, ay: number, bx: number, by: number, width: number): Shape =>
  (x, y) => {
    const [vx, vy] = [bx - ax, by - ay];
    const t = Math.max(0, Math.min(1, ((x - ax) * vx + (y - ay) * vy) / (vx * vx + vy * vy)));
    return Math.hypot(x - (ax + t * vx), y - (ay + t * vy)) <= width / 2;
  };

const roundedSquare =
  (inset: number, radius: number): Shape =>
  (x, y) => {
    const half = 0.5 - inset;
    const dx = Math.max(Math.abs(x - 0.5) - (half - radius), 0);
    const dy = Math.max(Math.abs(y - 0.5) - (half - radius), 0);
    return Math.abs(x - 0.5) <= half && Math.abs(y - 0.5) <= half && dx * dx + dy * dy <= radius * radius;
  };

const union =
  (...shapes: Shape[]): Shape =>
  (x, y) =>
    shapes.some((shape) => shape(x, y));

/** The V in a ring, scaled about the middle. */
const mark = (scale: number, weight: number): Shape => {
  const at = (v: number) => 0.5 + (v - 0.5) * scale;
  return union(
    ring(0.5, 0.5, 0.36 * scale, weight),
    stroke(at(0.35), at(0.36), at(0.5), at(0.66), weight * 1.15),
    stroke(at(0.65), at(0.36), at(0.5), at(0.66), weight * 1.15),
  );
};

const plain = (color: Color) => () => color;
const white: Color = [255, 255, 255];

/** The app icon: macOS's rounded square (824 of 1024 pixels) with a top-to-bottom blue. */
export const appIconDrawing: Drawing = {
  layers: [
    {
      shape: roundedSquare(100 / 1024, 185 / 1024),
      color: (_x, y) => [Math.round(88 - 50 * y), Math.round(132 - 70 * y), Math.round(255 - 45 * y)],
    },
    { shape: mark(0.62, 0.05), color: plain(white) },
  ],
};

/** The macOS menu bar icon: black where the mark is, nothing elsewhere (a template image). */
export const menubarTemplateDrawing: Drawing = { layers: [{ shape: mark(1, 0.11), color: plain([0, 0, 0]) }] };

/**
 * The Linux tray icon: no template there, so a disc of a middle blue, as far from a dark panel as
 * from a light one, and the white mark on it.
 */
export const trayIconDrawing: Drawing = {
  layers: [
    { shape: disc(0.5, 0.5, 0.48), color: plain([70, 130, 250]) },
    { shape: mark(0.72, 0.1), color: plain(white) },
  ],
};

/** Draws at `size` pixels square, each pixel averaged from samples × samples points. */
export function render(drawing: Drawing, size: number, samples = 4): Pixels {
  const rgba = new Uint8Array(size * size * 4);
  const n = samples * samples;
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let [r, g, b, a] = [0, 0, 0, 0]; // premultiplied sums
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          const x = (px + (sx + 0.5) / samples) / size;
          const y = (py + (sy + 0.5) / samples) / size;
          let [cr, cg, cb, ca] = [0, 0, 0, 0];
          for (const layer of drawing.layers) {
            if (!layer.shape(x, y)) continue;
            [cr, cg, cb] = layer.color(x, y);
            ca = 1; // every layer is opaque where it is: the one on top wins
          }
          r += cr * ca;
          g += cg * ca;
          b += cb * ca;
          a += ca;
        }
      }
      const at = (py * size + px) * 4;
      if (a > 0) rgba.set([Math.round(r / a), Math.round(g / a), Math.round(b / a), Math.round((255 * a) / n)], at);
    }
  }
  return { width: size, height: size, rgba };
}
