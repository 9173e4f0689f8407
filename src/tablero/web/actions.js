// Legal actions (docs/actions.md) as things a player clicks: what each one starts from (a hand card or a
// field zone) and where it goes. Their words come from the server (the envelope's `labels`), the same the
// terminal shows: the browser words no action of its own.

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

/** One button for the many actions that start from one card or zone (an amalgam's zones and materials,
 *  an attacker's targets): the group's words the server sent with the action (its verb and source) and how
 *  many; choosing it narrows the list to them. */
export function describeGroup(label, count) {
  return `${label}… (${count})`;
}
