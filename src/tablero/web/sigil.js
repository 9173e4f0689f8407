// A card's emblem, where its art would be: a figure of rings, rays and petals drawn from the card's id alone,
// so that every card has its own picture at a glance and keeps it on every board, page and machine, with no
// image we do not own. Its colours come from the frame's hue (CSS, style.css ".sigil"). Only a face the
// viewer may see is given one: a hidden card is drawn as a back, and its id never reaches the page.

const SVG = "http://www.w3.org/2000/svg";

/** FNV-1a of a string: the figure's seed (stable across browsers, unlike any built-in hash). */
function hashOf(text) {
  let x = 2166136261;
  for (let i = 0; i < text.length; i++) x = Math.imul(x ^ text.charCodeAt(i), 16777619) >>> 0;
  return x >>> 0;
}

/** A small seeded source (mulberry32): the same key, the same figure. */
function source(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const num = (v) => (Math.round(v * 100) / 100).toString();

function shape(tag, cls, attrs) {
  const node = document.createElementNS(SVG, tag);
  node.setAttribute("class", cls);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, typeof v === "number" ? num(v) : v);
  return node;
}

/** The points of a star of `n` rays between radii `outer` and `inner`, turned by `turn` radians. */
function star(n, outer, inner, turn) {
  const out = [];
  for (let i = 0; i < 2 * n; i++) {
    const r = i % 2 ? inner : outer;
    const a = turn + (Math.PI * i) / n;
    out.push(`${num(r * Math.sin(a))},${num(-r * Math.cos(a))}`);
  }
  return out.join(" ");
}

/** The emblem of the card named `key` (its id): an SVG of n-fold symmetry (3 to 8), decorative. */
export function sigil(key) {
  const rnd = source(hashOf(String(key || "")));
  const n = 3 + Math.floor(rnd() * 6);
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", "-50 -50 100 100");
  svg.setAttribute("class", "sigil");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("focusable", "false");
  svg.dataset.folds = String(n);
  svg.append(shape("circle", "s-ring", { r: 44 }));
  const turn = rnd() < 0.5 ? 0 : Math.PI / n;
  svg.append(shape("polygon", "s-star", { points: star(n, 40, 14 + rnd() * 16, turn) }));
  const petals = rnd() < 0.6;
  if (petals) {
    const rx = 4 + rnd() * 5;
    const ry = 8 + rnd() * 8;
    const at = 18 + rnd() * 8;
    for (let i = 0; i < n; i++) {
      const deg = (180 / Math.PI) * (turn + Math.PI / n + (2 * Math.PI * i) / n);
      svg.append(shape("ellipse", "s-petal", { cx: 0, cy: -at, rx, ry, transform: `rotate(${num(deg)})` }));
    }
  }
  svg.append(shape("polygon", "s-core", { points: star(n, 12 + rnd() * 6, 6 + rnd() * 4, turn + Math.PI / n) }));
  svg.append(shape("circle", "s-eye", { r: 3 + rnd() * 3 }));
  return svg;
}
