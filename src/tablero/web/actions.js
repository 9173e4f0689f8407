// Legal actions (docs/actions.md) as things a player clicks. Their words, and the places of the board each
// starts from and goes to, come from the server (the envelope's `labels`), as the game says them: the
// browser words no action of its own and knows no game's verbs.

/** One button for the many actions that start from one card or zone (an amalgam's zones and materials,
 *  an attacker's targets): the group's words the server sent with the action (its verb and source) and how
 *  many; choosing it narrows the list to them. */
export function describeGroup(label, count) {
  return `${label}… (${count})`;
}
