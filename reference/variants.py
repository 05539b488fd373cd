"""House-rule variants named by the rulings (spec/rulings.yaml).

Each field's first value is the default reading; the others are the named variants.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal

from .errors import InvalidNotation
from .python_api_parts import variants_mapping

WingRanks = Literal["shared", "distinct"]
RocketRule = Literal["pair", "joker_sets", "six_jokers"]
PassRule = Literal["turn", "trick"]
CallOrdinal = Literal["bounded", "any"]
TwelveBomb = Literal["below_rocket", "beats_rocket"]

CHOICES: dict[str, tuple[str, ...]] = {
    "wing_ranks": ("shared", "distinct"),
    "rocket": ("pair", "joker_sets", "six_jokers"),
    "pass": ("turn", "trick"),
    "call_ordinal": ("bounded", "any"),
    "twelve_bomb": ("below_rocket", "beats_rocket"),
}
"""Variant name -> allowed values, default first. The single source of truth: the kit's
scenario checks, the protocol handshake of ``fivetenk adapter`` and the variant enums of
schemas/scenario.schema.json, position.schema.json and protocol-hello-reply.schema.json
follow it (tests/engine/test_variants_house.py checks the schemas)."""


@dataclass(frozen=True, slots=True)
class Variants:
    """The house-rule options of a match.

    - ``wing_ranks`` (D9): ``shared`` — single wings may share a rank with each other and
      pair wings may repeat a rank; ``distinct`` — all wing ranks distinct.
    - ``rocket`` (D9): ``pair`` — the rocket is exactly SJ BJ; ``joker_sets`` (D26) — any
      joker-only set holding both kinds is a rocket, larger beats smaller; ``six_jokers``
      (D36) — only all six jokers (SJ SJ SJ BJ BJ BJ) are a rocket, and SJ BJ is no
      combination at all.
    - ``pass_rule`` (D18, name ``pass``): ``turn`` — a pass covers that turn only;
      ``trick`` — a pass locks the player out of the rest of the trick.
    - ``call_ordinal`` (D14): ``bounded`` — the ordinal may not exceed the unburied
      copies of the face; ``any`` — any of 1st–3rd, an impossible call never resolves.
    - ``twelve_bomb`` (D37): ``below_rocket`` — every bomb, twelve cards included, is below
      the rocket (R05.3); ``beats_rocket`` — a bomb of all twelve copies of a rank beats
      every rocket, and no rocket beats it.
    """

    wing_ranks: WingRanks = "shared"
    rocket: RocketRule = "pair"
    pass_rule: PassRule = "turn"
    call_ordinal: CallOrdinal = "bounded"
    twelve_bomb: TwelveBomb = "below_rocket"

    @classmethod
    def from_mapping(cls, options: Mapping[str, str]) -> Variants:
        """Build from ``{"wing_ranks": "distinct", "pass": "trick"}``; unknown names or
        values raise :class:`InvalidNotation` listing what is allowed."""
        values: dict[str, str] = {}
        for name, value in options.items():
            if name not in CHOICES:
                raise InvalidNotation(
                    f"unknown variant {name!r}: expected one of {', '.join(CHOICES)}"
                )
            if value not in CHOICES[name]:
                raise InvalidNotation(
                    f"variant {name!r} has no value {value!r}: expected one of "
                    f"{', '.join(CHOICES[name])}"
                )
            values["pass_rule" if name == "pass" else name] = value
        return cls(**values)  # type: ignore[arg-type]

    def to_mapping(self) -> dict[str, str]:
        """The non-default options only, keyed by their public names; Python API only
        (:func:`.python_api_parts.variants_mapping`)."""
        return variants_mapping(self)


DEFAULT = Variants()
