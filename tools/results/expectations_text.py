"""Reading an expectations file's text (:mod:`fivetenk.results.expectations`) with the line of each
section and entry: YAML through a strict loader (safe tags only, no duplicate keys,
nesting and integers bounded as in JSON), JSON as already checked strict JSON. Every
error is :class:`ExpectationsError` at ``FILE:LINE``. ``fivetenk expectations --update``
also reads the composed YAML nodes, whose marks say where each entry's text is."""

from __future__ import annotations

import json
from functools import cache
from typing import Any, cast

from ..model.scenario import ScenarioError
from ..model.user_input import MAX_DEPTH, MAX_INT

Lines = dict[tuple[Any, ...], int]
"""1-based line of a section (``("xfail",)``) and of an entry (``("xfail", 2)`` in the
long form, ``("xfail", "R05")`` in the short form)."""


class ExpectationsError(ScenarioError):
    """A bad expectations file; ``where`` is the file and line."""


def parse_yaml(text: str, where: str) -> Any:
    """YAML through :class:`_StrictLoader` (safe tags only, no duplicate keys, nesting and
    integers bounded as in JSON); ExpectationsError at ``where:line`` otherwise."""
    return yaml_with_lines(text, where)[0]


def yaml_with_lines(text: str, where: str) -> tuple[Any, Lines]:
    """:func:`parse_yaml`, and the line of each section and entry (:data:`Lines`)."""
    # lazy: yaml loads to read an expectations file only
    import yaml

    loader = strict_loader()(text)
    try:
        node = loader.get_single_node()
        data = loader.construct_document(node) if node is not None else None
        return data, _node_lines(node)
    except yaml.MarkedYAMLError as err:
        mark = err.problem_mark or err.context_mark
        at = f"{where}:{mark.line + 1}" if mark is not None else where
        problem = err.problem or err.context or "not YAML"
        raise ExpectationsError(f"not YAML the kit accepts: {problem}", where=at) from None
    except yaml.YAMLError as err:
        raise ExpectationsError(f"not YAML: {err}", where=where) from None
    except RecursionError:  # not expected below MAX_DEPTH, but never a traceback
        raise ExpectationsError(f"nested deeper than {MAX_DEPTH} levels", where=where) from None
    finally:
        loader.dispose()


def _node_lines(node: Any) -> Lines:
    """Lines of the sections and of their entries, from the composed YAML (two levels
    only: aliases cannot make this walk large)."""
    # lazy: yaml loads to read an expectations file only
    import yaml

    lines: Lines = {}
    if not isinstance(node, yaml.MappingNode):
        return lines
    for key_node, body in node.value:
        section = key_node.value
        lines[(section,)] = key_node.start_mark.line + 1
        if isinstance(body, yaml.MappingNode):
            for entry_key, _ in body.value:
                if isinstance(entry_key, yaml.ScalarNode):
                    lines[(section, entry_key.value.strip())] = entry_key.start_mark.line + 1
        elif isinstance(body, yaml.SequenceNode):
            for i, item in enumerate(body.value):
                lines[(section, i)] = item.start_mark.line + 1
    return lines


def json_lines(text: str) -> Lines:
    """Lines of the sections and entries of a JSON expectations file (already known to be
    strict JSON). Best effort: a line it cannot find is left out, never an error."""
    decoder = json.JSONDecoder()
    lines: Lines = {}
    text = text.removeprefix("\ufeff")

    def skip(i: int) -> int:
        while i < len(text) and text[i] in " \t\r\n":
            i += 1
        return i

    def line(i: int) -> int:
        return text.count("\n", 0, i) + 1

    try:
        i = skip(0)
        if text[i] != "{":
            return lines
        i = skip(i + 1)
        while i < len(text) and text[i] != "}":
            section, i = decoder.raw_decode(text, i)
            lines[(section,)] = line(i)
            i = skip(skip(i) + 1)  # past the colon
            if text[i] == "{":
                j = skip(i + 1)
                while text[j] != "}":
                    start = j
                    key, j = decoder.raw_decode(text, j)
                    lines[(section, str(key).strip())] = line(start)
                    j = skip(skip(j) + 1)
                    _, j = decoder.raw_decode(text, j)
                    j = skip(j)
                    j = skip(j + 1) if text[j] == "," else j
                i = j + 1
            elif text[i] == "[":
                j, n = skip(i + 1), 0
                while text[j] != "]":
                    lines[(section, n)] = line(j)
                    _, j = decoder.raw_decode(text, j)
                    j = skip(j)
                    j = skip(j + 1) if text[j] == "," else j
                    n += 1
                i = j + 1
            else:
                _, i = decoder.raw_decode(text, i)
            i = skip(i)
            i = skip(i + 1) if i < len(text) and text[i] == "," else i
    except (ValueError, IndexError):
        pass
    return lines


@cache
def strict_loader() -> type[Any]:
    """A :class:`yaml.SafeLoader` that refuses duplicate keys (YAML 1.2 forbids them, PyYAML
    keeps the last), nesting deeper than :data:`MAX_DEPTH` and integers beyond
    :data:`MAX_INT`, each with the line."""
    # lazy: yaml loads to read an expectations file only
    import yaml

    class StrictLoader(yaml.SafeLoader):
        depth = 0

        def compose_node(self, parent: Any, index: Any) -> Any:
            self.depth += 1
            try:
                if self.depth > MAX_DEPTH:
                    raise yaml.MarkedYAMLError(
                        problem=f"nested deeper than {MAX_DEPTH} levels",
                        problem_mark=cast(Any, self).peek_event().start_mark)
                return super().compose_node(parent, index)
            finally:
                self.depth -= 1

        def construct_mapping(self, node: Any, deep: bool = False) -> Any:
            seen: set[Any] = set()
            for key_node, _ in node.value:
                if key_node.tag == "tag:yaml.org,2002:merge":
                    continue  # `<<: *defaults` merges; its keys may be overridden
                key = self.construct_object(key_node, deep=True)
                try:
                    repeated = key in seen
                    seen.add(key)
                except TypeError:  # an unhashable key: the base class says so
                    break
                if repeated:
                    raise yaml.MarkedYAMLError(
                        problem=f"duplicate key {key!r}: each key may appear once",
                        problem_mark=key_node.start_mark)
            return super().construct_mapping(node, deep=deep)

        def construct_yaml_int(self, node: Any) -> Any:
            digits = str(node.value).lstrip("+-").replace("_", "")
            if len(digits) > len(str(MAX_INT)) + 2:  # room for a 0x / 0o / 0b prefix
                raise yaml.MarkedYAMLError(problem=f"the number {node.value[:20]}… is out of "
                                           f"range (at most {MAX_INT})",
                                           problem_mark=node.start_mark)
            value = super().construct_yaml_int(node)
            if abs(value) > MAX_INT:
                raise yaml.MarkedYAMLError(problem=f"the number {node.value} is out of range "
                                           f"(at most {MAX_INT})", problem_mark=node.start_mark)
            return value

    StrictLoader.add_constructor("tag:yaml.org,2002:int", StrictLoader.construct_yaml_int)
    return StrictLoader


__all__ = ["ExpectationsError", "Lines", "json_lines", "parse_yaml", "strict_loader",
           "yaml_with_lines"]
