// The board's state, read from the model: the effective scene (full scene + patch), the pending decisions and
// what they make clickable (targets, compose selections), the status and the last move. One plain object
// shared by every module of the front end (index.js wires them); this module only fills it from the traits.
import { sceneSize } from "./paint.js";
import { buildIndex } from "./hit.js";
import { followPatch } from "./patch.js";
import { composeModel, isCompose, keepSelection } from "./compose.js";

/** True when the option names at least one entity on the board. */
export function hasTargets(o) {
  return Array.isArray(o.targets) && o.targets.some((t) => typeof t === "string" && t);
}

export const labelOf = (o) => String(o.label ?? o.id);

/** Entity id -> [{decision, option}] over every pending decision (a compose decision's entities are not
 * click-to-send targets: they are picked into a selection, see compose.js). */
export function buildTargets(decisions) {
  const map = new Map();
  for (const d of decisions) {
    if (!d || typeof d !== "object" || !Array.isArray(d.options) || isCompose(d)) continue;
    for (const o of d.options) {
      if (!o || typeof o !== "object" || !Array.isArray(o.targets)) continue;
      for (const t of new Set(o.targets)) {
        if (typeof t !== "string" || !t) continue;
        if (!map.has(t)) map.set(t, []);
        map.get(t).push({ decision: d, option: o });
      }
    }
  }
  return map;
}

/** What a decision asks, as a string: its id, prompt and options (ids, labels, targets, questions). An open
 * menu, a stepper or a selection of this decision survives an update with the same signature. */
export function decisionSig(d) {
  const opts = Array.isArray(d.options) ? d.options.filter((o) => o && typeof o === "object") : [];
  return JSON.stringify([d.id, d.prompt ?? "", opts.map((o) => [o.id, o.label ?? "", o.targets ?? [], o.confirm ?? ""]),
    d.compose ? Object.keys(d.compose) : null]);
}

/** The shared state of one view (before the first read of the model). */
export function createState() {
  const scene = {};
  return {
    scene, // the EFFECTIVE scene: the full scene with the patch applied (then reflowed)
    rawScene: {},
    size: sceneSize(scene),
    index: buildIndex(scene),
    decisions: [],
    decisionsRef: undefined,
    sigs: new Map(), // decision id -> decisionSig (what each pending decision asks)
    decisionsSig: "", // all of them: the bar's rows are rebuilt only when it changes
    notice: null, // {text, until}: a word in the bar (the choice being made changed)
    targets: new Map(),
    composes: new Map(), // decision id -> compose model (compose.js)
    composeOf: new Map(), // entity id -> the compose model it can be picked into
    selections: new Map(), // decision id -> [entity ids] picked (local: no kernel round trip)
    status: {},
    version: null,
    lastVersion: undefined,
    curtainName: null,
    hover: null, // hit entry under the pointer
    lastPointer: null, // {x, y, cssX, cssY} of the last pointer position on the board
    emph: null, // Set of entity ids emphasised from the bar (option hover)
    pending: null, // {t, version} of the last act sent
    lastError: null, // {code, message} of the last error reply
    lastMove: null, // {version, touched, t0}
    swallowClick: false, // the click that closed a menu does nothing else
    disposed: false,
    connected: true,
  };
}

/** Is `id` clickable now: a target of a decision, or pickable into a compose selection? */
export const isTarget = (s, id) => !!id && (s.targets.has(id) || s.composeOf.has(id));

/** The entities picked so far into compose model `m`. */
export const selectionOf = (s, m) => s.selections.get(m.decision.id) || [];

/**
 * A reader of the model's traits into state `s`. `setScene()` is called when the scene or its patch changed
 * (after `s.rawScene` was set: it reflows it for the space available); `now()` stamps the last move.
 */
export function createReader(s, model, { setScene, now, perf }) {
  let sceneRef;
  let patchRef;
  return function readModel() {
    const sc = model.get("scene");
    const p = model.get("scene_patch");
    if (sc !== sceneRef || p !== patchRef) {
      sceneRef = sc;
      patchRef = p;
      const eff = followPatch(model);
      if (eff.problem) {
        perf.patchesIgnored += 1;
        console.warn(`illumi_widgets: scene patch ignored (${eff.problem}); painting the full scene`);
      }
      s.rawScene = eff.scene;
      setScene();
    }
    const d = model.get("decisions");
    if (d !== s.decisionsRef) {
      s.decisionsRef = d;
      s.decisions = Array.isArray(d) ? d.filter((x) => x && typeof x === "object") : [];
      s.targets = buildTargets(s.decisions);
      s.sigs = new Map(s.decisions.map((dd) => [dd.id, decisionSig(dd)]));
      s.decisionsSig = [...s.sigs.values()].join("\n");
      s.composes = new Map();
      s.composeOf = new Map();
      for (const dd of s.decisions) {
        if (!isCompose(dd)) continue;
        const m = composeModel(dd);
        s.composes.set(dd.id, m);
        for (const id of m.selectable) if (!s.composeOf.has(id)) s.composeOf.set(id, m);
      }
      for (const key of [...s.selections.keys()]) {
        const m = s.composes.get(key);
        const kept = m ? keepSelection(m, s.selections.get(key)) : [];
        if (kept.length) s.selections.set(key, kept);
        else s.selections.delete(key);
      }
    }
    const st = model.get("status");
    s.status = st && typeof st === "object" ? st : {};
    s.version = model.get("version");
    s.curtainName = typeof s.status.curtain === "string" && s.status.curtain ? s.status.curtain : null;
    const last = s.status.last && typeof s.status.last === "object" ? s.status.last : null;
    if (last && Number.isInteger(last.version) && (!s.lastMove || s.lastMove.version !== last.version)) {
      const touched = Array.isArray(last.touched) ? last.touched.filter((t) => typeof t === "string") : [];
      // not on the first paint: a board opened later does not flash an old move
      const color = typeof last.color === "string" ? last.color : null;
      s.lastMove = { version: last.version, touched, color, t0: s.lastVersion === undefined ? -Infinity : now() };
    }
  };
}
