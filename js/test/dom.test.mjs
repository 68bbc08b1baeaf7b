// dom.js: the element builders and the fixed node tree of one view.
import { test } from "node:test";
import assert from "node:assert/strict";
import { JSDOM } from "jsdom";

import { button, buildDom, ctxOf, DISCONNECTED_TEXT, glyph, make } from "../src/dom.js";

const doc = () => new JSDOM("<!doctype html><html><body></body></html>").window.document;

test("make and button", () => {
  const d = doc();
  const n = make(d, "span", "a b", 5);
  assert.equal(n.tagName, "SPAN");
  assert.equal(n.className, "a b");
  assert.equal(n.textContent, "5");
  assert.equal(make(d, "div", null, null).textContent, "");
  const b = button(d, "Go", "illumi-primary", "Do it");
  assert.equal(b.type, "button");
  assert.equal(b.className, "illumi-btn illumi-primary");
  assert.equal(b.title, "Do it");
  assert.equal(button(d, "X").className, "illumi-btn");
});

test("glyph draws a pause (two bars) or a play triangle as inline SVG", () => {
  const d = doc();
  const pause = glyph(d, "pause");
  assert.equal(pause.getAttribute("class"), "illumi-glyph illumi-glyph-pause");
  assert.equal(pause.querySelectorAll("rect").length, 2);
  const play = glyph(d, "play");
  assert.equal(play.querySelectorAll("polygon").length, 1);
  assert.equal(play.getAttribute("aria-hidden"), "true");
});

test("the node tree: canvases and boxes on the stage, the bar's controls, log and curtain; the boxes start hidden", () => {
  const d = doc();
  const dom = buildDom(d);
  assert.equal(dom.root.className, "illumi-widget");
  assert.deepEqual([...dom.root.children].map((c) => c.className), ["illumi-scroll", "illumi-bar", "illumi-log", "illumi-curtain"]);
  assert.deepEqual([...dom.stage.children].map((c) => c.className),
    ["illumi-base", "illumi-overlay", "illumi-tip", "illumi-chooser", "illumi-legend", "illumi-confirm", "illumi-offline"]);
  for (const k of ["tip", "chooser", "legendBox", "confirmBox", "offline", "botBtn", "analyseBtn", "curtain"]) {
    assert.equal(dom[k].hidden, true, k);
  }
  assert.equal(dom.offline.textContent, DISCONNECTED_TEXT);
  assert.equal(dom.range.type, "range");
  assert.deepEqual([...dom.controls.children].map((c) => c.className.replace("illumi-btn ", "")),
    ["illumi-undo", "illumi-redo", "illumi-history", "illumi-bots", "illumi-analyse", "illumi-help"]);
  assert.equal(ctxOf({ getContext: () => { throw new Error("no canvas"); } }), null);
});
