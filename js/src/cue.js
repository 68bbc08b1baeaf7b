// The "your turn" cue: when the bots hand the game back to the person at this board (a decision of theirs
// arrives after a bot's turn), the page's title gets a "● Your turn — " prefix, so a player in another tab sees
// it; it goes when they act, when the decision goes, at the end of the game, under the curtain, or when the
// board leaves the page.
//
// createCue(v) uses v.doc, v.el, v.model (bot_turn), v.s (decisions, status, curtainName, pending).
export const CUE = "● Your turn — ";

/** `title` without the cue. */
export const withoutCue = (title) => (title.startsWith(CUE) ? title.slice(CUE.length) : title);

export function createCue(v) {
  const { doc, s } = v;
  let botsHad = false; // a bot has acted since this board's person last acted
  let on = false;

  function set(want) {
    if (want === on) return;
    on = want;
    const bare = withoutCue(doc.title || "");
    doc.title = want ? `${CUE}${bare}` : bare;
  }

  function render() {
    const botTurn = v.model.get("bot_turn") === true;
    if (botTurn) botsHad = true;
    if (s.pending) botsHad = false; // acted: the cue goes
    const mine = s.decisions.length > 0 && !s.status.terminal && !s.curtainName && s.status.perspective !== "spectator";
    set(botsHad && mine && !botTurn && !s.pending && v.el.isConnected);
  }

  /** The board leaves the page: the title is left as it was. */
  const dispose = () => set(false);

  return { render, dispose, isOn: () => on };
}
