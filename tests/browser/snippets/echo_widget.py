# The transport floor: a minimal anywidget (one Int trait) that counts its clicks (a notebook cell's
# source, run by tests/browser/test_widget_figures.py and test_server_nodelay.py).
import anywidget
import traitlets


class Echo(anywidget.AnyWidget):
    _esm = """
    function render({ model, el }) {
      const c = document.createElement("canvas");
      c.width = 120; c.height = 30; c.className = "echo-canvas";
      const paint = () => {
        const ctx = c.getContext("2d");
        ctx.fillStyle = "#2a5db0"; ctx.fillRect(0, 0, 120, 30);
        c.dataset.count = String(model.get("count"));
      };
      c.addEventListener("click", () => model.send({ type: "click" }));
      model.on("change:count", paint);
      paint();
      el.append(c);
    }
    export default { render };
    """
    count = traitlets.Int(0).tag(sync=True)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.on_msg(lambda _w, content, _b: setattr(self, "count", self.count + 1))


echo = Echo()
echo  # noqa: B018  (a cell: its last expression is what it displays)
