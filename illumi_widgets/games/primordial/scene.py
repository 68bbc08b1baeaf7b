"""The Primordial Secrets scene (placeholder until the board is drawn)."""

LEGEND = (
    {"symbol": "◆", "color": "#d6b24a", "text": "devotion — recruiting power"},
    {"symbol": "●", "color": "#5fa8e0", "text": "insight — visiting power"},
    {"symbol": "▲", "color": "#c0567a", "text": "deceit — hosting power"},
)
