// A little CSS, injected once per document. Scoped under .illumi-widget; uses JupyterLab's theme
// variables (with light fallbacks) so the panel reads well in the light and the dark theme.
export const STYLE_ID = "illumi-widgets-style";

const CSS = `
.illumi-widget{position:relative;box-sizing:border-box;max-width:100%;
  font-family:var(--jp-ui-font-family,system-ui,-apple-system,"Segoe UI",Helvetica,Arial,sans-serif);
  font-size:13px;line-height:1.35;color:var(--jp-ui-font-color1,#1f1f1f)}
.illumi-widget *{box-sizing:border-box}
.illumi-stage{position:relative;line-height:0;user-select:none;-webkit-user-select:none;margin:0 auto 0 0}
.illumi-stage canvas{display:block}
.illumi-overlay{position:absolute;left:0;top:0;touch-action:manipulation}
.illumi-overlay.illumi-pointer{cursor:pointer}
.illumi-tip{position:absolute;z-index:5;pointer-events:none;max-width:320px;padding:5px 8px;border-radius:5px;
  white-space:pre-line;line-height:1.35;font-size:13px;background:rgba(24,24,28,.94);color:#f4f4f4;
  box-shadow:0 2px 8px rgba(0,0,0,.35);overflow:hidden}
.illumi-click{font-weight:700;color:#ffd08a;margin-bottom:2px}
.illumi-why{margin-top:3px;color:#ffcf8a;font-weight:600}
.illumi-chooser{position:absolute;z-index:6;min-width:160px;max-width:360px;overflow:auto;
  line-height:1.3;padding:4px;border-radius:6px;background:var(--jp-layout-color1,#fff);
  color:var(--jp-ui-font-color1,#1f1f1f);border:1px solid var(--jp-border-color1,#9e9e9e);
  box-shadow:0 4px 14px rgba(0,0,0,.3)}
.illumi-chooser-title{font-size:12px;opacity:.75;padding:2px 6px 4px}
.illumi-chooser button.illumi-choice{display:block;width:100%;text-align:left;margin:1px 0;font-size:13px}
.illumi-chooser-row{margin:2px 0}
.illumi-legend{position:absolute;z-index:7;width:min(360px,calc(100% - 16px));overflow:auto;line-height:1.35;
  padding:8px 10px;border-radius:6px;background:var(--jp-layout-color1,#fff);color:var(--jp-ui-font-color1,#1f1f1f);
  border:1px solid var(--jp-border-color1,#9e9e9e);box-shadow:0 4px 14px rgba(0,0,0,.3);font-size:13px}
.illumi-legend-title{font-weight:700;margin-bottom:4px}
.illumi-legend-close{float:right}
.illumi-howto{margin:0 0 6px;font-size:13px}
.illumi-legend-list{display:grid;grid-template-columns:max-content 1fr;gap:3px 10px;margin:0}
.illumi-legend-list dt{font-weight:700;white-space:nowrap}
.illumi-legend-list dd{margin:0}
.illumi-swatch{display:inline-block;width:12px;height:12px;border-radius:2px;margin-right:4px;vertical-align:-1px;
  border:1px solid rgba(0,0,0,.3)}
.illumi-confirm{position:absolute;z-index:8;max-width:min(420px,calc(100% - 16px));line-height:1.35;padding:12px 14px;
  border-radius:8px;background:var(--jp-layout-color1,#fff);color:var(--jp-ui-font-color1,#1f1f1f);
  border:2px solid var(--jp-warn-color1,#f57c00);box-shadow:0 6px 20px rgba(0,0,0,.4);font-size:14px}
.illumi-end{position:absolute;z-index:7;left:50%;transform:translateX(-50%);width:min(560px,calc(100% - 16px));
  overflow:auto;line-height:1.4;padding:14px 18px;border-radius:10px;background:var(--jp-layout-color1,#fff);
  color:var(--jp-ui-font-color1,#1f1f1f);border:2px solid #c9a227;box-shadow:0 8px 28px rgba(0,0,0,.5);font-size:14px}
.illumi-end[hidden]{display:none}
.illumi-end-title{font-size:13px;text-transform:uppercase;letter-spacing:.08em;opacity:.7}
.illumi-end-headline{font-size:20px;font-weight:700;margin:2px 0 10px}
.illumi-end-row{display:grid;grid-template-columns:4em 1fr auto;gap:2px 10px;padding:5px 6px;border-radius:6px;
  align-items:baseline}
.illumi-end-row+.illumi-end-row{border-top:1px solid var(--jp-border-color2,#ddd)}
.illumi-end-winner{background:rgba(201,162,39,.16)}
.illumi-end-place{font-weight:700}
.illumi-end-name{font-weight:700}
.illumi-end-score{font-weight:700;text-align:right}
.illumi-end-breakdown{grid-column:2 / 4;display:flex;flex-wrap:wrap;gap:2px 12px;font-size:13px;opacity:.85}
.illumi-end-tiebreak,.illumi-end-reason{margin-top:8px;font-size:13px}
.illumi-end-tiebreak{font-weight:600}
.illumi-end-buttons{display:flex;gap:8px;margin:12px -18px -14px;padding:8px 18px 12px;justify-content:flex-end;
  position:sticky;bottom:-14px;background:var(--jp-layout-color1,#fff)}
.illumi-markers{position:absolute;left:0;top:0;width:0;height:0;z-index:4;line-height:1}
.illumi-marker{position:absolute;min-width:28px;min-height:28px;padding:2px 8px;border-radius:14px;font-size:13px;
  background:#ff8c00;color:#1d1d1d;border:2px solid #fff;box-shadow:0 2px 8px rgba(0,0,0,.45);cursor:pointer;
  font-weight:700;white-space:nowrap}
.illumi-confirm-row{display:flex;gap:8px;margin-top:10px;justify-content:flex-end}
.illumi-offline{position:absolute;inset:0;z-index:9;background:rgba(110,110,115,.55);display:flex;
  align-items:flex-start;justify-content:center;line-height:1.3}
.illumi-offline[hidden]{display:none}
.illumi-offline-banner{margin-top:12px;padding:8px 14px;border-radius:6px;background:#3a3a40;color:#fff;
  font-size:15px;font-weight:700;box-shadow:0 2px 10px rgba(0,0,0,.4)}
.illumi-disconnected .illumi-bar{opacity:.5;pointer-events:none}
.illumi-bar{position:sticky;bottom:0;z-index:4;padding:4px 6px;margin-top:2px;border-radius:6px;
  background:var(--jp-layout-color1,#fff);border:1px solid var(--jp-border-color2,#d0d0d0);
  box-shadow:0 -2px 6px rgba(0,0,0,.08)}
.illumi-bar-top{display:flex;flex-wrap:wrap;align-items:center;gap:4px 10px}
.illumi-status{font-weight:600;flex:1 1 auto;min-width:10em}
.illumi-status.illumi-terminal{color:var(--jp-success-color1,#2e7d32)}
.illumi-botinfo{display:flex;flex-wrap:wrap;gap:4px}
.illumi-botchip{font-size:12px;padding:1px 7px;border-radius:10px;background:var(--jp-layout-color2,#eee);
  border:1px solid var(--jp-border-color2,#ccc)}
.illumi-botchip.illumi-bot-acting{border-color:#1e6ee6;color:#1e6ee6;font-weight:600}
.illumi-last{font-size:12px;opacity:.9;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.illumi-last:empty{display:none}
.illumi-last-who{font-weight:700;color:#1e6ee6}
.illumi-panel{display:flex;flex-direction:column;gap:3px;margin:3px 0 0}
.illumi-panel:empty{display:none}
.illumi-decision{display:flex;flex-wrap:wrap;align-items:center;gap:4px 8px}
.illumi-prompt{font-weight:600}
.illumi-group{display:flex;flex-wrap:wrap;align-items:center;gap:4px}
.illumi-stepper{display:inline-flex;align-items:center;gap:3px;padding:0 3px;border-radius:5px;
  border:1px dashed var(--jp-border-color1,#b0b0b0)}
.illumi-amount{width:110px}
.illumi-amount-value{min-width:1.6em;text-align:center;font-weight:700}
.illumi-btn{font:inherit;font-size:13px;line-height:1.3;padding:2px 8px;border-radius:4px;cursor:pointer;
  color:var(--jp-ui-font-color1,#1f1f1f);background:var(--jp-layout-color2,#eeeeee);
  border:1px solid var(--jp-border-color1,#b0b0b0)}
.illumi-btn:hover:not(:disabled){background:var(--jp-layout-color3,#dcdcdc)}
.illumi-btn:focus-visible{outline:2px solid var(--jp-brand-color1,#1976d2);outline-offset:1px}
.illumi-btn:disabled{opacity:.45;cursor:default}
.illumi-btn.illumi-primary{border-color:var(--jp-brand-color1,#1976d2);font-weight:600}
.illumi-btn.illumi-chip{font-size:12px;padding:1px 6px}
.illumi-glyph{vertical-align:-1px;margin-right:5px}
.illumi-error{margin:2px 0;color:var(--jp-error-color1,#c62828);font-weight:600;font-size:13px}
.illumi-error:empty{display:none}
.illumi-controls{display:flex;flex-wrap:wrap;align-items:center;gap:4px}
.illumi-history{display:inline-flex;align-items:center;gap:3px}
.illumi-history[hidden]{display:none}
.illumi-history-label{font-size:12px;min-width:4.5em;text-align:center;opacity:.85}
.illumi-range{width:110px;vertical-align:middle}
.illumi-resume{display:flex;flex-wrap:wrap;align-items:center;gap:6px;margin:2px 0 4px;padding:4px 8px;
  border-left:4px solid var(--jp-brand-color1,#1976d2);background:rgba(25,118,210,.08);font-size:13px}
.illumi-resume[hidden]{display:none}
.illumi-log li.illumi-log-run{margin-top:5px}
.illumi-log li.illumi-log-run::before{content:attr(data-turn);display:block;font-weight:600;
  font-family:var(--jp-ui-font-family,sans-serif);opacity:.9}
.illumi-log li.illumi-log-bot{opacity:.72}
.illumi-log li.illumi-log-heading{font-weight:600;margin-top:6px}
.illumi-score{margin:1px 0;font-size:12px;font-weight:600;opacity:.9}
.illumi-score[hidden]{display:none}
.illumi-prefs{position:relative;display:inline-block}
.illumi-prefs[hidden]{display:none}
.illumi-prefs>summary{list-style:none;display:inline-block}
.illumi-prefs>summary::-webkit-details-marker{display:none}
.illumi-prefs-list{position:absolute;right:0;bottom:100%;z-index:12;min-width:260px;padding:6px 8px;
  background:var(--jp-layout-color1,#fff);color:var(--jp-ui-font-color1,#222);border:1px solid #999;
  border-radius:4px;box-shadow:0 2px 8px rgba(0,0,0,.25)}
.illumi-pref{display:flex;align-items:center;gap:4px;min-height:24px;font-size:13px;cursor:pointer}
.illumi-pref input{width:18px;height:18px;margin:0 4px 0 0}
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
