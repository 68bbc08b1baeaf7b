// The curtain of a hot-seat game: between two seats' turns the board is not painted, the bar's decisions,
// controls and log are hidden, every box over the board is closed, and one big button says "Pass to <name>
// — click to reveal" (it sends "curtain" with open: true; Python lifts it).
//
// createCurtain(v) uses v.dom (curtain, tip, legendBox), v.s.curtainName, v.menus and v.transport.
export function createCurtain(v) {
  const { s } = v;
  const { curtain, tip, legendBox } = v.dom;

  function render() {
    curtain.hidden = !s.curtainName;
    if (s.curtainName) {
      curtain.textContent = `Pass to ${s.curtainName} — click to reveal`;
      tip.hidden = true;
      v.menus.closeChooser();
      v.menus.closeConfirm();
      legendBox.hidden = true;
    }
  }

  const onButton = () => v.transport.sendIntent({ type: "curtain", open: true });

  return { render, onButton };
}
