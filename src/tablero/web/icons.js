// Small pictures drawn inline as SVG (no image files, no emoji: a machine without an emoji font would show
// empty boxes). A board's numbers name their picture with a generic word (core/board.py ICONS: "heart",
// "sword", ...); the table's own controls use a few more. Every picture is decorative: the words next to it
// (a number's label, a button's name) say what it means, so it is hidden from assistive technology.

const SVG = "http://www.w3.org/2000/svg";

// 24×24 paths, filled
const PATHS = {
  heart: "M12 21.2s-7.6-4.7-9.7-9.3C.8 8.5 3 4.6 6.7 4.6c2.1 0 3.6 1.1 5.3 3 1.7-1.9 3.2-3 5.3-3 3.7 0 5.9 3.9 4.4 7.3-2.1 4.6-9.7 9.3-9.7 9.3z",
  sword: "M21 2.6l-.6 4.3L10.6 16.7l-3.3-3.3L17.1 3.6zM5.3 12.7l6 6-1.6 1.6-1.7-1.7-3.2 3.2a1.2 1.2 0 01-1.7-1.7l3.2-3.2-1.7-1.7z",
  shield: "M12 1.8l8.6 3.2v6.2c0 5.3-3.6 9.9-8.6 11.3-5-1.4-8.6-6-8.6-11.3V5zM12 4.4L5.8 6.7v4.5c0 3.9 2.5 7.4 6.2 8.7z",
  life: "M9.2 2.5h5.6v6.7h6.7v5.6h-6.7v6.7H9.2v-6.7H2.5V9.2h6.7z",
  star: "M12 1.9l3 6.3 6.9.8-5.1 4.8 1.4 6.8L12 17.2l-6.2 3.4 1.4-6.8L2.1 9l6.9-.8z",
  burst: "M12 1l2.1 6.1 5.7-3-3 5.7L23 12l-6.2 2.2 3 5.7-5.7-3L12 23l-2.1-6.1-5.7 3 3-5.7L1 12l6.2-2.2-3-5.7 5.7 3z",
  coin: "M12 2.5a9.5 9.5 0 110 19 9.5 9.5 0 010-19zm0 3.2a6.3 6.3 0 100 12.6 6.3 6.3 0 000-12.6zm-1.3 2.4h2.6v7.8h-2.6z",
  flame: "M12.6 1.5c.9 4.1 6.2 6.4 6.2 12.3a6.8 6.8 0 01-13.6 0c0-2.8 1.4-4.6 2.9-5.9-.1 2.3.8 3.8 2.4 4.3-1.1-3.6.3-7.4 2.1-10.7z",
  drop: "M12 1.8s7.4 8 7.4 12.8a7.4 7.4 0 01-14.8 0C4.6 9.8 12 1.8 12 1.8z",
  card: "M7 2h10a2.2 2.2 0 012.2 2.2v15.6A2.2 2.2 0 0117 22H7a2.2 2.2 0 01-2.2-2.2V4.2A2.2 2.2 0 017 2zm.6 2.8v14.4h8.8V4.8z",
  // the table's own
  deck: "M8 1.5h10.5a2 2 0 012 2v14h-2.5V4H8zM4.5 6h10a2 2 0 012 2v12.5a2 2 0 01-2 2h-10a2 2 0 01-2-2V8a2 2 0 012-2z",
  chevron: "M5.6 8.3L12 14.7l6.4-6.4 1.9 1.9L12 18.5 3.7 10.2z",
  rest: "M12 2.5a9.5 9.5 0 11-9.5 9.5h2.7A6.8 6.8 0 1012 5.2V8L7.2 3.9 12 0z",
};

// what a label alone says, for boards whose numbers name no icon
const BY_LABEL = { "♥": "heart", "❤": "heart", "★": "star", "☆": "star" };

/** The picture of a number (its `icon`, or one its label makes plain), or null. */
export function iconName(n) {
  if (n.icon && PATHS[n.icon]) return n.icon;
  return BY_LABEL[(n.label || "").trim()] || null;
}

/** An inline SVG picture, decorative (aria-hidden): `name` of PATHS, with the class `ic ic-<name>`. */
export function icon(name, extra = "") {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("focusable", "false");
  svg.setAttribute("class", `ic ic-${name}${extra ? ` ${extra}` : ""}`);
  const path = document.createElementNS(SVG, "path");
  path.setAttribute("d", PATHS[name] || PATHS.card);
  path.setAttribute("fill-rule", "evenodd");
  svg.append(path);
  return svg;
}

/** An SVG element of any kind, with attributes (for the motion layer's arrows). */
export function svgNode(tag, attrs = {}) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  return node;
}
