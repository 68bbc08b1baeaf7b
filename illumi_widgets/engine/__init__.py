"""Game-agnostic engine core (pure Python; imports nothing from Jupyter)."""

from .action import CHANCE, Action, ActionList, Decision
from .compiled import compiled_modules
from .errors import (
    AmbiguousNotation,
    DataError,
    EngineError,
    GameOver,
    HistoryError,
    IllegalAction,
    NotationError,
    NotYourDecision,
    RecordError,
    StaleAction,
    quote,
)
from .game import OMNISCIENT, Game, Log, LogEntry, State
from .records import load_position, load_record, position_problems, record_checksum
from .registry import available_games, load_game, register_game
from .rng import Rng

__all__ = [
    "CHANCE", "OMNISCIENT", "Action", "ActionList", "AmbiguousNotation", "DataError", "Decision",
    "EngineError", "Game", "GameOver", "HistoryError", "IllegalAction", "Log", "LogEntry", "NotYourDecision",
    "NotationError", "RecordError", "Rng", "StaleAction", "State", "available_games", "compiled_modules",
    "load_game",
    "load_position", "load_record", "position_problems", "quote", "record_checksum", "register_game",
]
