async ([n, pauseMs]) => {
  const c = document.querySelector('canvas.echo-canvas');
  const out = [];
  for (let i = 0; i < n; i++) {
    const before = c.dataset.count;
    const changed = new Promise((resolve) => {
      const obs = new MutationObserver(() => {
        if (c.dataset.count !== before) { obs.disconnect(); resolve(); }
      });
      obs.observe(c, { attributes: true });
    });
    const t0 = performance.now();
    c.click();
    await changed;
    out.push(performance.now() - t0);
    await new Promise((r) => setTimeout(r, pauseMs));
  }
  return out;
}
