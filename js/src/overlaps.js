// The painter's own check of its texts (drawScene's stats.overlaps, the canvas's data-texts-overlap): how many
// pairs of drawn lines of different texts overlap, found row by row. A scan of all the lines sorted by their
// left edge alone compares every pair of lines that share a left edge (a column of names, a log) however far
// apart they are up and down; each line is compared here only with the lines of the same rows.

/** Pairs of the boxes `bs` (sorted by x0) overlapping by more than `slack` each way, of different ids, found by a
 * scan of `list` (indices into bs, ascending) from `lo` on: (i, j) with i < j, in the order i, then j. */
function scan(bs, list, slack, onPair, row = null, rowOf = null) {
  for (let p = 0; p < list.length; p++) {
    const i = list[p];
    const a = bs[i];
    for (let q = p + 1; q < list.length; q++) {
      const j = list[q];
      const b = bs[j];
      if (b.x0 >= a.x1 - slack) break; // (sorted by x0: no box further on reaches into a by more than slack)
      if (a.id === b.id) continue;
      if (Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0) > slack && Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0) > slack) {
        // a pair that shares several rows counts once: in the first row of both
        if (row === null || row === Math.max(rowOf[i], rowOf[j])) onPair(i, j);
      }
    }
  }
}

/** How many pairs of line boxes ({x0, y0, x1, y1, id, s}) of different texts (ids) overlap by more than `slack`
 * each way; `sample` collects the first few pairs' lines (their `s`), in the order of a scan of the boxes
 * sorted by their left edge: [a.s, b.s] with a left of b (a's x0 <= b's), the pairs of the leftmost a first. */
export function countOverlaps(boxes, slack = 0, sample = null) {
  const bs = [...boxes].sort((a, b) => a.x0 - b.x0);
  const n = bs.length;
  let count = 0;
  const first = []; // the first pairs [i, j] in the scan's order (at most 3)
  const onPair = (i, j) => {
    count += 1;
    if (first.length === 3 && (i > first[2][0] || (i === first[2][0] && j > first[2][1]))) return;
    let k = first.length;
    while (k > 0 && (i < first[k - 1][0] || (i === first[k - 1][0] && j < first[k - 1][1]))) k -= 1;
    first.splice(k, 0, [i, j]);
    if (first.length > 3) first.pop();
  };
  let top = Infinity;
  let bottom = -Infinity;
  let tall = 0;
  for (const b of bs) {
    if (b.y0 < top) top = b.y0;
    if (b.y1 > bottom) bottom = b.y1;
    tall += b.y1 - b.y0;
  }
  // rows about a line high (and no more of them than 4 a box): each box is listed in every row it meets
  const rowH = Math.max(tall / Math.max(1, n), (bottom - top) / Math.max(1, 4 * n));
  if (!(n > 1 && Number.isFinite(top) && Number.isFinite(bottom) && Number.isFinite(rowH) && rowH > 0)) {
    scan(bs, bs.map((_, i) => i), slack, onPair); // (a box without a finite place: one scan of them all)
  } else {
    const rows = new Map();
    const rowOf = new Int32Array(n);
    for (let i = 0; i < n; i++) {
      const b = bs[i];
      const r0 = Math.floor((b.y0 - top) / rowH);
      const r1 = Math.floor((b.y1 - top) / rowH);
      rowOf[i] = r0;
      for (let r = r0; r <= r1; r++) {
        const list = rows.get(r);
        if (list === undefined) rows.set(r, [i]);
        else list.push(i);
      }
    }
    for (const [r, list] of rows) if (list.length > 1) scan(bs, list, slack, onPair, r, rowOf);
  }
  if (sample) for (const [i, j] of first) if (sample.length < 3) sample.push([bs[i].s, bs[j].s]);
  return count;
}
