// The typed-command box (like lichess's blind mode): optional, off by default, opened with the `c` key or the
// legend's "Typed commands" button. A player types an action's label ("Scout B5 from your Areopagus") or its
// notation; the box completes from the legal actions (a datalist of the pending decisions' labels and
// notations). A typed command is untrusted: what matches a legal option is sent as the normal "act" intent
// (Python checks it as it checks a click); a thing on the board that cannot be used now is answered with the
// rules' reason (the "why" intent, Python's why_not); anything else is sent as typed (the "command" intent:
// Python matches it against the board's options, or refuses it with the rules' reason, State.explain).
// Answers go to the bar's error line, an assertive live region (role="alert").
//
// createCommand(v) uses v.doc, v.model, v.dom.bar, v.s (decisions, lastError, curtainName), v.a11y.model,
// v.menus.choose, v.tips (askWhy, reasonOf, onWhy), v.transport.sendIntent, v.bar.renderError.
import { button, make } from "./dom.js";
import { labelOf } from "./state.js";

let ids = 0;
const MAX_TEXT = 1024; // (Python's MAX_ID_CHARS: a longer command is refused as a bad message)
const norm = (t) => String(t).normalize("NFKC").replace(/\s+/g, " ").trim().toLowerCase();

/** The option of `decisions` whose label or notation is `text` (case and spacing ignored), else null. */
export function matchCommand(decisions, text) {
  const want = norm(text);
  if (!want) return null;
  for (const decision of decisions) {
    for (const option of decision.options || []) {
      if (norm(labelOf(option)) === want || (option.notation && norm(option.notation) === want)) return { decision, option };
    }
  }
  return null;
}

/** The completions: every pending option's label, and its notation when that differs, once each. */
export function completions(decisions) {
  const out = new Set();
  for (const d of decisions) {
    for (const o of d.options || []) {
      out.add(labelOf(o));
      if (o.notation && norm(o.notation) !== norm(labelOf(o))) out.add(String(o.notation));
    }
  }
  return [...out];
}

/** "a, b and c" (at most `max` named, then "…"). */
function listed(names, max = 6) {
  const shown = names.slice(0, max);
  if (names.length > max) return `${shown.join(", ")}, …`;
  return shown.length > 1 ? `${shown.slice(0, -1).join(", ")} and ${shown[shown.length - 1]}` : shown.join("");
}

export function createCommand(v) {
  const { doc, s } = v;
  const n = ++ids;
  const form = make(doc, "form", "illumi-command");
  form.hidden = true;
  form.setAttribute("role", "search");
  form.setAttribute("aria-label", "Typed commands");
  const label = make(doc, "label", "illumi-command-label", "Command ");
  const input = make(doc, "input", "illumi-command-input");
  input.type = "text";
  input.autocomplete = "off";
  input.spellcheck = false;
  input.id = `illumi-command-${n}`;
  label.htmlFor = input.id;
  const list = make(doc, "datalist");
  list.id = `illumi-command-list-${n}`;
  input.setAttribute("list", list.id);
  const go = button(doc, "Do it", "illumi-command-go");
  go.type = "submit";
  form.append(label, input, list, go);
  v.dom.bar.append(form);
  let shownFor = null; // the decisions the datalist was filled from
  let waiting = null; // {id, words}: the entity a typed command named, its reason asked of Python

  function say(code, message) {
    s.lastError = { code, message };
    v.bar.renderError();
  }

  function answerWhy(id, words) {
    const reason = v.tips.reasonOf(id);
    if (reason === undefined) return false;
    say("command", reason ? `${words}: ${reason}` : `${words}: nothing to do with it now.`);
    return true;
  }

  const onWhy = v.tips.onWhy;
  v.tips.onWhy = (msg) => {
    onWhy(msg);
    if (waiting && msg && msg.entity === waiting.id && answerWhy(waiting.id, waiting.words)) waiting = null;
  };

  function submit(ev) {
    if (ev) ev.preventDefault();
    const text = input.value;
    if (!norm(text) || s.curtainName) return;
    const hit = matchCommand(s.decisions, text);
    if (hit) {
      input.value = "";
      s.lastError = null;
      v.bar.renderError();
      v.menus.choose(hit.decision, hit.option);
      return;
    }
    // a thing on the board named by the command: the rules' reason it cannot be used now
    const want = norm(text);
    const thing = v.a11y.model().find((m) => m.id && m.name && (norm(m.name) === want || norm(m.name).startsWith(`${want} `)
      || norm(m.name).startsWith(`${want}:`) || norm(m.name).startsWith(`${want}.`) || norm(m.name).startsWith(`${want} —`)));
    if (thing) {
      const words = String(text).trim();
      if (!answerWhy(thing.id, words)) {
        waiting = { id: thing.id, words };
        v.tips.askWhy(thing.id);
      }
      return;
    }
    // anything else goes to Python as typed ("command"): it is checked there, and refused with the rules'
    // reason (an error reply, said by the alert line) -- or taken, if Python knows it by another spelling
    if (!v.transport.sendIntent({ type: "command", version: v.model.get("version"), text: String(text).trim().slice(0, MAX_TEXT) })) {
      const names = completions(s.decisions);
      say("command", `“${String(text).trim()}” is not a choice you can make now.${names.length ? ` You can: ${listed(names)}.` : ""}`);
    }
  }

  /** Show (true), hide (false) or flip (undefined) the box; shown, it takes the focus. */
  function toggle(open) {
    const show = open === undefined ? form.hidden : open;
    form.hidden = !show;
    if (show) {
      render();
      input.focus();
    }
    return show;
  }

  function onKey(ev) {
    ev.stopPropagation(); // typed letters never reach the notebook's shortcuts
    if (ev.key === "Escape") {
      ev.preventDefault();
      toggle(false);
      if (v.keyboard) v.keyboard.focusTarget(null);
    }
  }

  function render() {
    if (form.hidden || shownFor === s.decisions) return;
    shownFor = s.decisions;
    list.textContent = "";
    for (const name of completions(s.decisions)) {
      const o = make(doc, "option");
      o.value = name;
      list.append(o);
    }
  }

  form.addEventListener("submit", submit);
  input.addEventListener("keydown", onKey);
  return { form, input, render, toggle, submit, shown: () => !form.hidden };
}
