// Legal actions (docs/actions.md) as things a player clicks: what each one starts from (a hand card or a
// field zone), where it goes, and a label in the player's language.
import { lang } from "./i18n.js";

const VERBS = {
  es: { activate_soul: "Activar", call: "Llamar a", play: "Jugar", use: "Usar", attack: "Atacar con",
        defend: "Defender con", choose: "Elegir", discard: "Descartar", ofrenda: "Hacer la ofrenda",
        pass: "Pasar", end_phase: "Terminar la fase", in: "en", to: "a", hearts: "los corazones",
        call_amalgam: "Llamar la amalgama", with: "con" },
  en: { activate_soul: "Activate", call: "Call", play: "Play", use: "Use", attack: "Attack with",
        defend: "Defend with", choose: "Choose", discard: "Discard", ofrenda: "Make the offering",
        pass: "Pass", end_phase: "End the phase", in: "in", to: "at", hearts: "the hearts",
        call_amalgam: "Call the amalgam", with: "with" },
};

function v(k) { return (VERBS[lang] || VERBS.es)[k]; }

/** Where an action starts: "hand:<card>", "support:<card>" (an amalgam in the support deck, CH-6.4) or a
 *  field reference "A.C1"; null for plain buttons. */
export function sourceOf(a) {
  switch (a.do) {
    case "activate_soul": case "call": case "play": return `hand:${a.card}`;
    case "call_amalgam": return `support:${a.card}`;
    case "use": return a.source && a.source.includes(".") ? a.source : null;
    case "attack": return `${a.player}.${a.attacker}`;
    case "defend": return `${a.player}.${a.defender}`;
    default: return null;
  }
}

/** Where an action goes: a field reference ("A.C2", "B.hearts"), or null. */
export function targetOf(a) {
  const other = a.player === "A" ? "B" : "A";
  switch (a.do) {
    case "activate_soul": case "call": case "play": case "call_amalgam":
      return a.zone ? `${a.player}.${a.zone}` : null;
    case "attack": return a.target === "hearts" ? `${other}.hearts` : a.target;
    case "use": return a.targets && a.targets.length ? a.targets[0] : null;
    default: return null;
  }
}

/** Every place an action goes, in the order they are chosen: a `use` with two targets (Portal's swap) is
 *  chosen as source → first target → second target. */
export function targetsOf(a) {
  if (a.do === "use") return a.targets || [];
  const one = targetOf(a);
  return one ? [one] : [];
}

export function describe(a, name) {
  const nm = (id) => name(id) || id;
  const where = (ref) => (ref && ref.endsWith("hearts") ? v("hearts") : ref);
  switch (a.do) {
    case "activate_soul": case "call": case "play":
      return `${v(a.do)} ${nm(a.card)} ${v("in")} ${a.zone}`;
    case "use":
      return `${v("use")} ${a.ability || ""} (${a.source && a.source.includes(".") ? a.source : nm(a.source)})`
        + (a.targets && a.targets.length ? ` → ${a.targets.join(", ")}` : "");
    case "call_amalgam":
      return `${v("call_amalgam")} ${nm(a.card)} ${v("in")} ${a.zone}`
        + (a.materials && a.materials.length ? ` ${v("with")} ${a.materials.map(nm).join(" + ")}` : "");
    case "attack": return `${v("attack")} ${a.attacker} ${v("to")} ${where(targetOf(a))}`;
    case "defend": return `${v("defend")} ${a.defender}`;
    case "choose": case "discard": {
      const what = a.cards ? a.cards.map(nm).join(", ") : (a.option ?? "");
      return `${v(a.do)} ${what}` + (a.targets ? ` → ${a.targets.join(", ")}` : "");
    }
    default: return v(a.do) || a.do;
  }
}

/** One button for the many actions that start from one card or zone (an amalgam's zones and materials,
 *  an attacker's targets): its verb and card, and how many; choosing it narrows the list to them. */
export function describeGroup(a, count, name) {
  const nm = (id) => name(id) || id;
  const what = a.do === "attack" ? a.attacker : a.do === "defend" ? a.defender
    : a.do === "use" ? (a.source && a.source.includes(".") ? a.source : nm(a.source)) : nm(a.card);
  return `${v(a.do) || a.do} ${what}… (${count})`;
}
