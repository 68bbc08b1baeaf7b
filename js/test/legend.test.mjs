// legend.js: the "?" box: how to play and what the symbols mean.
import { test } from "node:test";
import assert from "node:assert/strict";

import { createLegend, HOW_TO } from "../src/legend.js";
import { called, stubView } from "../testlib/view.mjs";

function view(legend) {
  const v = stubView({ values: { legend }, stubs: { menus: ["closeChooser"] } });
  v.layout = { cssW: 800 };
  v.legend = createLegend(v);
  return v;
}

test("opening fills the box from the trait (skipping malformed entries), closes menus and the tip", () => {
  const v = view([{ symbol: "●", color: "#c33", text: "A red disk" }, { text: 5 }, null, { text: "Plain" }]);
  v.dom.tip.hidden = false;
  v.legend.toggle(true);
  const box = v.dom.legendBox;
  assert.equal(box.hidden, false);
  assert.equal(v.dom.tip.hidden, true);
  assert.equal(v.dom.helpBtn.getAttribute("aria-expanded"), "true");
  assert.equal(box.querySelector(".illumi-howto").textContent, HOW_TO);
  assert.deepEqual([...box.querySelectorAll("dd")].map((d) => d.textContent), ["A red disk", "Plain"]);
  assert.equal(box.querySelector(".illumi-swatch").style.background, "rgb(204, 51, 51)");
  assert.equal(box.style.top, "8px");
  assert.deepEqual(called(v), ["menus.closeChooser"]);
});

test("the help button flips it; its close button closes it; an unchanged trait is not re-rendered", () => {
  const v = view([{ text: "One" }]);
  v.legend.onHelp();
  const first = v.dom.legendBox.querySelector("dl");
  v.legend.render();
  assert.equal(v.dom.legendBox.querySelector("dl"), first);
  v.model.values.legend = [{ text: "Two" }];
  v.legend.render();
  assert.equal(v.dom.legendBox.querySelector("dd").textContent, "Two");
  v.dom.legendBox.querySelector(".illumi-legend-close").click();
  assert.equal(v.dom.legendBox.hidden, true);
  assert.equal(v.dom.helpBtn.getAttribute("aria-expanded"), "false");
  v.legend.onHelp();
  assert.equal(v.dom.legendBox.hidden, false);
  v.legend.onHelp();
  assert.equal(v.dom.legendBox.hidden, true);
});
