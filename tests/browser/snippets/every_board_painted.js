async (timeoutMs) => {
  const nb = window.jupyterapp.shell.currentWidget.content;
  // an illumi board's output: a widget view whose text fallback is the board's repr (it names its
  // perspective); other widgets (a tqdm progress bar) are not boards
  const isBoard = (o) => o.data && o.data['application/vnd.jupyter.widget-view+json'] &&
    String(o.data['text/plain'] ?? '').includes('perspective=');
  const hasWidget = (cell) => cell.model.type === 'code' && cell.model.outputs.toJSON().some(isBoard);
  const cells = nb.widgets.map((c, i) => [c, i]).filter(([c]) => hasWidget(c));
  const unpainted = [];
  for (const [cell, i] of cells) {
    if (nb.scrollToCell) await nb.scrollToCell(cell);
    else cell.node.scrollIntoView();
    const t0 = performance.now();
    while (!cell.node.querySelector('[data-painted="1"]') && performance.now() - t0 < timeoutMs) {
      await new Promise((r) => setTimeout(r, 50));
    }
    if (!cell.node.querySelector('[data-painted="1"]')) unpainted.push(i);
  }
  return { boards: cells.length, widgetCells: cells.map(([, i]) => i), unpainted };
}
