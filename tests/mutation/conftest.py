"""What the mutation tests share: every mutant of the engine, enumerated once per worker
(about 1.5 s of CPU) for both modules, which run on one worker (xdist group
``mutation``)."""

from __future__ import annotations

import pytest

from fivetenk.mutation.operators import Mutant, enumerate_mutants


@pytest.fixture(scope="session")
def mutants() -> list[Mutant]:
    """Every mutant of the engine's target modules; it also sets ``operators.TREES``, the
    trees the children apply mutants to."""
    return enumerate_mutants()
