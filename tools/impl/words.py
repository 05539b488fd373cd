"""The protocol's vocabulary, written once (issue 31): the commands a kit sends, the shape
words of the reading notation, and the values of the profile words an implementation
declares in its handshake (ruling D39: ``pack``, ``runs``, ``wings``, ``jokers``,
``run_top``, ``extra_shapes``).

Every module that speaks or checks these words reads them from here: the handshake
(:mod:`.hello`), the message checks (:mod:`.protocol`), the adapter and the SDK, the
shape analysis of the suite (:mod:`fivetenk.suite.shapes`) and the commands. The engine's
own names (``Shape``) stay the engine's; these are the words on the wire.
"""

from __future__ import annotations

QUERY_COMMANDS = ("classify", "beats", "plays", "points", "deck")
"""The five pure combination queries, each a command and a capability of its own (issue 8,
D-1): an engine without a play enumerator lacks ``plays`` only, a Dou Dizhu judge
``points``. A scenario's query steps are these (:data:`fivetenk.model.scenario.QUERY_OPS`,
the scenario format's own, is checked equal by the tests)."""
GAME_COMMANDS = ("act", "observe", "next_hand")
"""The commands of a game in progress."""
COMMANDS = ("hello", "start", *QUERY_COMMANDS, *GAME_COMMANDS, "stop")
"""Every request the kit sends, in the order of a session (schemas/protocol.md, section
4)."""

SHAPES: tuple[str, ...] = (
    "single", "pair", "triple", "triple+single", "triple+pair", "straight", "pairs",
    "airplane", "airplane+singles", "airplane+pairs", "5-10-K", "bomb", "rocket",
)
"""Every shape word, in the order of the reading notation (and of the strength order of
ordinary shapes where it applies). :func:`fivetenk.suite.shapes.scenario_shapes` lists
shapes in this order."""

PACK_SIZES = (1, 2, 3)
"""Decks an implementation may play with (hello ``pack``, D39); the kit's game is 3."""
KIT_PACK = 3
RUN_FAMILIES: dict[str, tuple[str, ...]] = {
    "straight": ("straight",), "pairs": ("pairs",),
    "airplane": ("airplane", "airplane+singles", "airplane+pairs"),
    "airplane+singles": ("airplane+singles",), "airplane+pairs": ("airplane+pairs",),
}
"""Keys of the hello ``runs`` word (D39) and the run shapes each governs (an airplane's
length is its body's, whatever its wings). ``airplane`` governs the winged airplanes too,
unless ``airplane+singles`` or ``airplane+pairs`` is declared apart (issue 32: RLCard caps
winged airplanes by its 20-card hand)."""
KIT_RUNS: dict[str, tuple[int, int]] = {"straight": (5, 12), "pairs": (2, 12),
                                        "airplane": (2, 12), "airplane+singles": (2, 12),
                                        "airplane+pairs": (2, 12)}
"""The run lengths of this game (R03.4, D9): body ranks, lowest and highest."""
WING_RULES = ("kit", "strict")
"""Values of the hello ``wings`` word (D39): ``kit`` the wings of R03.5 and D9;
``strict`` a triple next to the body is body, and four of a rank is never among the
wings, as singles or as pairs (issue 32)."""
JOKER_RULES = ("kit", "alone")
"""Values of the hello ``jokers`` word (D39, issue 32): ``kit`` this game's; ``alone``
jokers join no other cards (no joker kicker or wing, no joker in a mixed set)."""
ACE = 14
"""The highest rank a run may hold, as a rank value (R03.4: runs lie within 3…A)."""
RUN_TOPS = tuple(range(7, ACE + 1))
"""Values of the hello ``run_top`` word (D39, issue 32), as rank values: the highest rank
a run may reach, 7 (a straight 3-7) to the ace (this game's)."""
EXTRA_SHAPES = ("four+singles", "four+pairs")
"""Shapes an implementation may play beyond this game's (hello ``extra_shapes``, D39):
four of a rank with two single cards, or with two pairs (Dou Dizhu's four-with-two)."""
