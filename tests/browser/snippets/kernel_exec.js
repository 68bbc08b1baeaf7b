async (code) => {
  const kernel = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
  const future = kernel.requestExecute({ code, store_history: false, silent: false });
  const out = [];
  future.onIOPub = (msg) => {
    const t = msg.header.msg_type;
    if (t === 'stream') out.push(msg.content.text);
    if (t === 'error') {
      // the traceback too (without its colours): what failed and where
      const tb = (msg.content.traceback || []).join('\n').replace(/\u001b\[[0-9;]*m/g, '');
      out.push(`ERROR ${msg.content.ename}: ${msg.content.evalue}\n${tb}`);
    }
  };
  const reply = await future.done;
  return { status: reply.content.status, out: out.join('') };
}
