// A little CSS, injected once per document. Scoped under .illumi-widget; uses JupyterLab's theme
// variables (with light fallbacks) so the panel reads well in the light and the dark theme.
export const STYLE_ID = "illumi-widgets-style";

const CSS = `
.illumi-widget{position:relative;box-sizing:border-box;max-width:100%;
  font-family:var(--jp-ui-font-family,system-ui,-apple-system,"Segoe UI",Helvetica,Arial,sans-serif);
  font-size:var(--jp-ui-font-size1,13px);line-height:1.35;color:var(--jp-ui-font-color1,#1f1f1f)}
.illumi-widget *{box-sizing:border-box}
.illumi-stage{position:relative;line-height:0;user-select:none;-webkit-user-select:none}
.illumi-stage canvas{display:block}
.illumi-overlay{position:absolute;left:0;top:0;touch-action:manipulation}
.illumi-overlay.illumi-pointer{cursor:pointer}
.illumi-tip{position:absolute;z-index:5;pointer-events:none;max-width:300px;padding:4px 7px;border-radius:4px;
  white-space:pre-line;line-height:1.3;font-size:12px;background:rgba(24,24,28,.93);color:#f4f4f4;
  box-shadow:0 2px 8px rgba(0,0,0,.35)}
.illumi-chooser{position:absolute;z-index:6;min-width:140px;max-width:320px;max-height:260px;overflow:auto;
  line-height:1.3;padding:4px;border-radius:6px;background:var(--jp-layout-color1,#fff);
  color:var(--jp-ui-font-color1,#1f1f1f);border:1px solid var(--jp-border-color1,#9e9e9e);
  box-shadow:0 4px 14px rgba(0,0,0,.3)}
.illumi-chooser-title{font-size:11px;opacity:.75;padding:2px 6px 4px}
.illumi-chooser button{display:block;width:100%;text-align:left;margin:1px 0}
.illumi-status{margin:6px 0 2px;font-weight:600}
.illumi-status.illumi-terminal{color:var(--jp-success-color1,#2e7d32)}
.illumi-panel{display:flex;flex-direction:column;gap:6px;margin:4px 0}
.illumi-decision{padding:6px 8px;border-radius:6px;border:1px solid var(--jp-border-color2,#d0d0d0);
  background:var(--jp-layout-color1,transparent)}
.illumi-prompt{margin-bottom:4px}
.illumi-seat{font-size:11px;opacity:.7;margin-left:6px}
.illumi-group{display:flex;flex-wrap:wrap;align-items:center;gap:4px;margin:2px 0}
.illumi-group-label{font-size:11px;opacity:.75;margin-right:2px}
.illumi-more>summary{cursor:pointer;font-size:12px;opacity:.85;margin:2px 0}
.illumi-btn{font:inherit;font-size:12px;line-height:1.3;padding:2px 8px;border-radius:4px;cursor:pointer;
  color:var(--jp-ui-font-color1,#1f1f1f);background:var(--jp-layout-color2,#eeeeee);
  border:1px solid var(--jp-border-color1,#b0b0b0)}
.illumi-btn:hover:not(:disabled){background:var(--jp-layout-color3,#dcdcdc)}
.illumi-btn:focus-visible{outline:2px solid var(--jp-brand-color1,#1976d2);outline-offset:1px}
.illumi-btn:disabled{opacity:.45;cursor:default}
.illumi-btn.illumi-primary{border-color:var(--jp-brand-color1,#1976d2);font-weight:600}
.illumi-btn.illumi-chip{font-size:11px;padding:1px 6px}
.illumi-error{margin:4px 0;color:var(--jp-error-color1,#c62828);font-weight:600}
.illumi-error:empty{display:none}
.illumi-controls{display:flex;flex-wrap:wrap;align-items:center;gap:4px;margin:4px 0}
.illumi-controls .illumi-sep{width:10px}
.illumi-history-label{font-size:12px;min-width:4.5em;text-align:center;opacity:.85}
.illumi-range{width:140px;vertical-align:middle}
.illumi-log{margin:4px 0}
.illumi-log>summary{cursor:pointer;font-size:12px;opacity:.85;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.illumi-log ol{margin:4px 0;padding-left:2.6em;max-height:180px;overflow:auto;font-size:12px;
  font-family:var(--jp-code-font-family,monospace)}
.illumi-curtain{position:absolute;inset:0;z-index:10;display:flex;align-items:center;justify-content:center;
  width:100%;min-height:120px;border:0;border-radius:4px;cursor:pointer;padding:20px;
  font:inherit;font-size:20px;font-weight:600;color:#f5f5f5;
  background:repeating-linear-gradient(45deg,#23262d 0 14px,#2a2e36 14px 28px)}
.illumi-curtain[hidden]{display:none}
`;

export function injectStyle(doc) {
  if (!doc || doc.getElementById(STYLE_ID)) return;
  const style = doc.createElement("style");
  style.id = STYLE_ID;
  style.textContent = CSS;
  (doc.head || doc.documentElement).appendChild(style);
}
