"""A step's phrase in another language: a small template that both reads and writes it.

A :class:`Spanish` phrase is written once, as a template, and gives both directions:

- a regular expression with the English phrase's named groups (the compiler and pytest-bdd
  match Spanish step text with it), and
- a writer that fills the template from the groups of an English line
  (``fivetenk render --lang es``).

Template syntax (every other character is literal text):

``{seat}``
    the group ``seat``; its regex is the English pattern's own (cards, seats, numbers, clause
    ids, JSON and quoted values are the same in every language), unless ``words`` gives the
    group's words in Spanish: a table (English value → Spanish value, e.g. ``1st`` → ``1.ª``)
    or a :class:`Words` (a group mixing words and data, e.g. ``seat 3 "3H"; draw 14 "7D"``).
``[ … ]``
    optional: written when every group inside it has a value, matched as ``(?: … )?``.
``<a|b>``
    alternatives: each is read; the first whose groups all have a value is written (without
    groups: the first, so ``<juega|sale con>`` reads both and writes ``juega``).
``<#a|b>``
    number agreement: ``a`` is written after the value ``1`` of the group just written, ``b``
    otherwise (``{n} <#carta|cartas>``); both are read.

Reading a Spanish line gives its groups back as the English phrase would give them (words
translated back), so step functions never see the language and a Spanish scenario compiles
to exactly the JSON of its English twin.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from ..model.scenario import ScenarioError


@dataclass(frozen=True)
class Words:
    """A group holding words among data: its Spanish regex and the two translations.
    ``to_es`` and ``to_en`` must be inverse (the kit's tests check them on every shipped
    scenario)."""

    regex: str
    to_es: Callable[[str], str]
    to_en: Callable[[str], str]


Translation = Mapping[str, str] | Words


def outside_quotes(text: str, swap: Callable[[str], str]) -> str:
    """``swap`` applied to the parts of ``text`` outside double quotes (cards stay)."""
    parts = text.split('"')
    return '"'.join(swap(p) if i % 2 == 0 else p for i, p in enumerate(parts))


def english_groups(pattern: str) -> dict[str, str]:
    """Each named group of a regex pattern and its body (``(?P<seat>[0-5])`` → ``[0-5]``)."""
    out: dict[str, str] = {}
    for m in re.finditer(r"\(\?P<(\w+)>", pattern):
        i, depth, in_class = m.end(), 1, False
        while depth:
            c = pattern[i]
            if c == "\\":
                i += 2
                continue
            if in_class:
                in_class = c != "]"
            elif c == "[":
                in_class = True
            elif c == "(":
                depth += 1
            elif c == ")":
                depth -= 1
            i += 1
        out[m.group(1)] = pattern[m.end():i - 1]
    return out


# -- the template ------------------------------------------------------------------------------
# A parsed template is a list of nodes: str (literal), ("group", name), ("opt", nodes),
# ("alt", plural, [nodes, ...]).

Node = str | tuple[Any, ...]


def _parse(template: str, i: int = 0, stop: str = "") -> tuple[list[Node], int]:
    nodes: list[Node] = []
    literal = ""
    while i < len(template):
        c = template[i]
        if c in stop:
            break
        if c in "{[<":
            if literal:
                nodes.append(literal)
                literal = ""
            if c == "{":
                end = template.index("}", i)
                nodes.append(("group", template[i + 1:end]))
                i = end + 1
            elif c == "[":
                inner, i = _parse(template, i + 1, "]")
                nodes.append(("opt", inner))
                i += 1
            else:
                plural = template.startswith("<#", i)
                i += 2 if plural else 1
                choices: list[list[Node]] = []
                while True:
                    inner, i = _parse(template, i, "|>")
                    choices.append(inner)
                    i += 1
                    if template[i - 1] == ">":
                        break
                nodes.append(("alt", plural, choices))
            continue
        if c in "}]>|":
            raise ValueError(f"unbalanced {c!r} in the template {template!r}")
        literal += c
        i += 1
    if literal:
        nodes.append(literal)
    if stop and i >= len(template):
        raise ValueError(f"unclosed {stop!r} in the template {template!r}")
    return nodes, i


def _groups(nodes: list[Node]) -> list[str]:
    out: list[str] = []
    for node in nodes:
        if isinstance(node, str):
            continue
        if node[0] == "group":
            out.append(node[1])
        elif node[0] == "opt":
            out.extend(_groups(node[1]))
        else:
            for choice in node[2]:
                out.extend(_groups(choice))
    return out


@dataclass(frozen=True)
class Spanish:
    """A step's Spanish phrase: ``template`` (see the module's docstring), the groups'
    ``words`` and the English ``english`` pattern it mirrors; ``example`` is filled in from
    the English example when not given."""

    template: str
    english: str
    example: str = ""
    words: Mapping[str, Translation] = field(default_factory=dict)
    pattern: re.Pattern[str] = field(init=False, compare=False)
    _nodes: list[Node] = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        nodes, _ = _parse(self.template)
        bodies = english_groups(self.english)
        missing = sorted(set(bodies) - set(_groups(nodes)))
        unknown = sorted(set(_groups(nodes)) - set(bodies))
        if missing or unknown:
            raise ValueError(f"the Spanish phrase {self.template!r} must have the groups of "
                             f"{self.english!r}: missing {missing}, unknown {unknown}")
        object.__setattr__(self, "_nodes", nodes)
        object.__setattr__(self, "pattern", re.compile(self._regex(nodes, bodies)))

    # -- reading ---------------------------------------------------------------------------
    def _regex(self, nodes: list[Node], bodies: dict[str, str]) -> str:
        out = ""
        for node in nodes:
            if isinstance(node, str):
                out += re.escape(node)
            elif node[0] == "group":
                name = node[1]
                words = self.words.get(name)
                if isinstance(words, Words):
                    body = words.regex
                elif words is not None:
                    body = "|".join(re.escape(v) for v in sorted(words.values(), key=len,
                                                                 reverse=True))
                else:
                    body = bodies[name]
                out += f"(?P<{name}>{body})"
            elif node[0] == "opt":
                out += f"(?:{self._regex(node[1], bodies)})?"
            else:
                out += "(?:" + "|".join(self._regex(c, bodies) for c in node[2]) + ")"
        return out

    def match(self, text: str) -> dict[str, str] | None:
        """The English groups of the Spanish step ``text``, or None if it is not this step."""
        m = self.pattern.fullmatch(text)
        if m is None:
            return None
        out: dict[str, str] = {}
        for name, value in m.groupdict().items():
            if value is None:
                continue
            words = self.words.get(name)
            if isinstance(words, Words):
                value = words.to_en(value)
            elif words is not None:
                value = {es: en for en, es in words.items()}[value]
            out[name] = value
        return out

    # -- writing ---------------------------------------------------------------------------
    def render(self, groups: Mapping[str, str]) -> str:
        """The Spanish text of the step whose English groups are ``groups``."""
        text = self._write(self._nodes, groups, [""])
        if text is None:
            raise ScenarioError(f"the Spanish phrase {self.template!r} cannot say {groups!r}")
        return text

    def _write(self, nodes: list[Node], groups: Mapping[str, str],
               last: list[str]) -> str | None:
        out = ""
        for node in nodes:
            if isinstance(node, str):
                out += node
                continue
            if node[0] == "group":
                name = node[1]
                if name not in groups:
                    return None
                value = groups[name]
                last[0] = value
                words = self.words.get(name)
                if isinstance(words, Words):
                    out += words.to_es(value)
                elif words is not None:
                    if value not in words:
                        raise ScenarioError(f"no Spanish for {value!r} in {self.template!r}")
                    out += words[value]
                else:
                    out += value
            elif node[0] == "opt":
                inner = self._write(node[1], groups, last)
                out += inner or ""
            else:
                _, plural, choices = node
                if plural:
                    chosen = self._write(choices[0] if last[0] == "1" else choices[-1],
                                         groups, last)
                else:
                    chosen = next((w for c in choices if _groups(c) or c is choices[0]
                                   for w in [self._write(c, groups, last)] if w is not None),
                                  None)
                if chosen is None:
                    return None
                out += chosen
        return out
