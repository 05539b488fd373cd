"""The book's interface in English and Spanish (``--lang``): every word a page shows that
is not data, and counts that agree in number (issue 22)."""

from __future__ import annotations

WORDS: dict[str, dict[str, str]] = {
    "en": {
        "book": "5,10,K — the living rulebook", "home": "Rulebook", "rules": "Rules",
        "rule": "Rule", "rulings": "Rulings", "ruling": "Ruling", "matrix": "Results",
        "search": "Search rules, clauses, rulings and scenarios",
        "search_hint": "Type a word, a clause (R17.2), a ruling (D29) or a scenario id.",
        "made": "Made by fivetenk {version} with", "clause": "Clause",
        "english": "English", "spanish": "Spanish", "read_by": "Rulings that read it",
        "variants": "House-rule variants", "default": "default",
        "scenarios": "Scenarios", "also": "Also exercised by",
        "no_scenarios": "No scenario exercises this clause yet.",
        "gherkin": "Gherkin", "source": "feature file", "setup": "Setup",
        "steps": "Steps", "seat": "Seat", "banker": "banker", "turn": "to play",
        "out": "out", "level": "level", "captured": "points", "calls": "Calls",
        "trick": "Current trick", "reveal": "Revealed", "buried": "Buried",
        "no_trick": "No trick in progress.", "passed_seats": "passed",
        "deal_from": "Deal: the first card goes to seat", "cards": "cards",
        "data": "as written", "variant": "variant", "clauses": "Clauses",
        "tagged": "Scenarios tagged with it", "grounds": "Grounds",
        "report": "Report", "implementation": "implementation", "file": "file",
        "failures": "Failures", "evidence": "Evidence",
        "request": "Request", "expected": "Expected", "observed": "Observed",
        "sent": "sent", "received": "received", "differences": "Differences",
        "status": "status", "message": "message", "step": "step", "stderr": "stderr",
        "exit": "exit", "reason": "reason", "position": "position",
        "filled_in": "filled in by the kit", "note": "note", "absent": "(absent)",
        "none": "—", "stale": "Stale expectations (xfail entries that matched nothing)",
        "other_clauses": "Scenarios citing clauses the spec does not have",
        "in_book": "in the book", "not_in_book": "no page in the book",
        "matrix_intro": "Rows are clauses, grouped by rule; columns are the reports. A "
                        "scenario counts once, in the row of the first clause it cites (the "
                        "clause it was written for), so each rule's row is the sum of its "
                        "clause rows and the first row the sum of the rules. A scenario that "
                        "cites several clauses is also shown under each of the others, as "
                        "'also citing it', without being counted again. A failed cell leads "
                        "to the evidence of each failure citing the clause.",
        "also_citing": "also citing it",
        "nothing_failed": "Nothing failed, errored or passed unexpectedly.",
        "no_reports": "No report: run fivetenk check --jsonl FILE and build with "
                      "--report NAME=FILE.",
        "vectors": "Beside the scenarios, <code>fivetenk check</code> runs {n} count vectors "
                   "(<code>{file}</code>) against an engine that declares <code>plays</code>: "
                   "{leads} leads and {replies} replies, hands of {low} to {high} cards, each "
                   "with how many plays the rules allow, family by family, as chess engines "
                   "count their moves. An engine that drops a family only in long hands passes "
                   "every scenario and fails a vector. A vector that fails is shown like a "
                   "scenario, under the clauses it cites ({clauses}), with the first play "
                   "missing or wrongly listed.",
        "feature": "Feature file", "open_at": "open at", "lang_note": "",
        "feature_in_spanish": "The file is written in English; each of its scenarios is "
        "written here in the scenario language's Spanish, which compiles to the same cases.",
        "passed": "passed", "failed": "failed", "errored": "errored", "skipped": "skipped",
        "xfailed": "xfailed", "xpassed": "xpassed", "expected_answer": "expected answer",
        "answer": "answer",
        "the_rule": "The rule", "summary": "In short", "examples": "Examples",
        "more": "The other scenarios of {clause}", "filter": "Show scenarios",
        "all": "all", "filter_shown": "shown", "results": "Results",
        "also_n": "Scenarios of other clauses that also exercise {clause}",
        "search_more": "{shown} of {total} shown; {more} more.", "search_none": "No results.",
        "search_all": "Show all", "howto": "How to play",
        "failing_only": "Failing rows only", "total": "All rules",
        "rows_shown": "rows shown", "clause_text": "The clause's text",
        "read_on": "The rest of {ruling}", "as_at": "as under {clause}",
        "given_steps": "The steps that set it up", "revealed_at": "seat {seat} at draw {draw}",
        "implementers": "For implementers: the steps the kit checks",
        "summary_page": "The rules on one page", "variants_page": "House-rule variants",
        "summary_intro": "Every rule in a line or two, as the rules text says it; each "
                         "heading opens the rule's page. To learn the game from scratch, "
                         "read",
        "variants_intro": "The house rules a table may choose, each in one place: the "
                          "ruling that defines it, the clauses it changes, its values (the "
                          "default first marked) and how many scenarios play it.",
        "conventions": "For implementers: the kit's conventions",
        "variants_profile": "An engine of a related game (one or two decks, runs that stop "
                            "at K, jokers that join no other cards, Dou Dizhu's wings and "
                            "shapes) picks no variant: it says in its handshake how its game "
                            "differs, and the kit leaves out, each with its reason, the "
                            "scenarios its game reads otherwise. The ruling that says how:",
    },
    "es": {
        "book": "5,10,K — el reglamento vivo", "home": "Reglamento", "rules": "Reglas",
        "rule": "Regla", "rulings": "Resoluciones", "ruling": "Resolución",
        "matrix": "Resultados",
        "search": "Buscar reglas, cláusulas, resoluciones y escenarios",
        "search_hint": "Escriba una palabra, una cláusula (R17.2), una resolución (D29) "
                       "o un escenario.",
        "made": "Hecho por fivetenk {version} con", "clause": "Cláusula",
        "english": "Inglés", "spanish": "Español", "read_by": "Resoluciones que la leen",
        "variants": "Variantes de la casa", "default": "por defecto",
        "scenarios": "Escenarios", "also": "También la ejercitan",
        "no_scenarios": "Ningún escenario ejercita aún esta cláusula.",
        "gherkin": "Gherkin", "source": "archivo feature", "setup": "Preparación",
        "steps": "Pasos", "seat": "Asiento", "banker": "banca", "turn": "juega",
        "out": "fuera", "level": "nivel", "captured": "puntos", "calls": "Llamadas",
        "trick": "Baza en curso", "reveal": "Revelada", "buried": "Enterradas",
        "no_trick": "Ninguna baza en curso.", "passed_seats": "pasaron",
        "deal_from": "Reparto: la primera carta va al asiento", "cards": "cartas",
        "data": "tal como se escribió", "variant": "variante", "clauses": "Cláusulas",
        "tagged": "Escenarios que la citan", "grounds": "Fundamentos",
        "report": "Informe", "implementation": "implementación", "file": "archivo",
        "failures": "Fallos", "evidence": "Pruebas",
        "request": "Petición", "expected": "Esperado", "observed": "Observado",
        "sent": "enviado", "received": "recibido", "differences": "Diferencias",
        "status": "estado", "message": "mensaje", "step": "paso", "stderr": "stderr",
        "exit": "salida", "reason": "motivo", "position": "posición",
        "filled_in": "completado por el kit", "note": "nota", "absent": "(ausente)",
        "none": "—", "stale": "Expectativas obsoletas (entradas xfail sin coincidencia)",
        "other_clauses": "Escenarios que citan cláusulas que la especificación no tiene",
        "in_book": "en el libro", "not_in_book": "sin página en el libro",
        "matrix_intro": "Las filas son cláusulas, agrupadas por regla; las columnas, los "
                        "informes. Un escenario cuenta una sola vez, en la fila de la primera "
                        "cláusula que cita (para la que se escribió): la fila de cada regla "
                        "es la suma de sus cláusulas y la primera fila la suma de las reglas. "
                        "Un escenario que cita varias cláusulas aparece también en las demás, "
                        "como «también la citan», sin contarse otra vez. Una celda fallida "
                        "lleva a las pruebas de cada fallo que cita la cláusula.",
        "also_citing": "también la citan",
        "nothing_failed": "Nada falló, dio error ni pasó de forma inesperada.",
        "no_reports": "Sin informes: ejecute fivetenk check --jsonl ARCHIVO y construya con "
                      "--report NOMBRE=ARCHIVO.",
        "vectors": "Además de los escenarios, <code>fivetenk check</code> ejecuta {n} "
                   "vectores de recuento (<code>{file}</code>) contra un motor que declara "
                   "<code>plays</code>: {leads} salidas y {replies} respuestas, con manos de "
                   "{low} a {high} cartas, cada una con su número de jugadas legales familia "
                   "por familia, como los motores de ajedrez cuentan sus movimientos. Un "
                   "motor que olvida una familia solo en las manos largas pasa todos los "
                   "escenarios y falla algún vector. Un vector que falla se muestra como un "
                   "escenario, bajo las cláusulas que cita ({clauses}), con la primera jugada "
                   "que falta o sobra.",
        "feature": "Archivo feature", "open_at": "abrir en", "lang_note": "",
        "feature_in_spanish": "El archivo está escrito en inglés; aquí cada escenario se "
        "escribe en el lenguaje de escenarios en español, que compila a los mismos casos, en "
        "el orden del archivo. Un enlace a una línea del archivo lleva a su escenario.",
        "passed": "pasó", "failed": "falló", "errored": "error", "skipped": "omitido",
        "xfailed": "fallo esperado", "xpassed": "pasó sin esperarlo",
        "expected_answer": "respuesta esperada", "answer": "respuesta",
        "the_rule": "La regla", "summary": "En breve", "examples": "Ejemplos",
        "more": "Los demás escenarios de {clause}", "filter": "Mostrar escenarios",
        "all": "todos", "filter_shown": "mostrados", "results": "Resultados",
        "also_n": "Escenarios de otras cláusulas que también ejercitan {clause}",
        "search_more": "Se muestran {shown} de {total}; {more} más.",
        "search_none": "Sin resultados.", "search_all": "Mostrar todos",
        "howto": "Cómo se juega",
        "failing_only": "Solo las filas con fallos", "total": "Todas las reglas",
        "rows_shown": "filas mostradas", "clause_text": "El texto de la cláusula",
        "read_on": "El resto de {ruling}", "as_at": "como en {clause}",
        "given_steps": "Los pasos que la preparan",
        "revealed_at": "asiento {seat} en la carta {draw}",
        "implementers": "Para implementadores: los pasos tal como los ejecuta el kit",
        "summary_page": "Las reglas en una página", "variants_page": "Variantes de la casa",
        "summary_intro": "Cada regla en una o dos líneas, tal como la dice el texto del "
                         "reglamento; cada título abre la página de la regla. Para aprender "
                         "a jugar desde el principio, lea",
        "variants_intro": "Las reglas de la casa que una mesa puede elegir, todas juntas: "
                          "la resolución que la define, las cláusulas que cambia, sus "
                          "valores (marcado el que rige por defecto) y cuántos escenarios "
                          "la juegan.",
        "conventions": "Para implementadores: cómo lee el protocolo del kit esta regla",
        "variants_profile": "Un motor de un juego emparentado (una o dos barajas, escaleras "
                            "que acaban en la K, jokers que no se juntan con otras cartas, "
                            "las alas y formas del Dou Dizhu) no elige variantes: dice en su "
                            "saludo en qué difiere su juego, y el kit deja fuera, cada uno "
                            "con su motivo, los escenarios que su juego lee de otro modo. "
                            "La resolución que dice cómo:",
    },
}
"""The interface words of the book in each language (``--lang``)."""

COUNTS: dict[str, dict[str, tuple[str, str]]] = {
    "en": {
        "passed": ("{n} passed", "{n} passed"), "failed": ("{n} failed", "{n} failed"),
        "errored": ("{n} errored", "{n} errored"), "skipped": ("{n} skipped", "{n} skipped"),
        "xfailed": ("{n} xfailed", "{n} xfailed"), "xpassed": ("{n} xpassed", "{n} xpassed"),
        "cards": ("{n} card", "{n} cards"), "points": ("{n} point", "{n} points"),
        "scenarios": ("{n} scenario", "{n} scenarios"),
    },
    "es": {
        "passed": ("{n} pasó", "{n} pasaron"), "failed": ("{n} falló", "{n} fallaron"),
        "errored": ("{n} con error", "{n} con error"),
        "skipped": ("{n} omitido", "{n} omitidos"),
        "xfailed": ("{n} fallo esperado", "{n} fallos esperados"),
        "xpassed": ("{n} pasó sin esperarlo", "{n} pasaron sin esperarlo"),
        "cards": ("{n} carta", "{n} cartas"), "points": ("{n} punto", "{n} puntos"),
        "scenarios": ("{n} escenario", "{n} escenarios"),
    },
}
"""A count and its noun or verb, singular for 1 and plural otherwise (issue 22: ``13
pasaron``, ``6 con error``, ``1 carta``, ``1 card``)."""


def count(n: int, what: str, lang: str = "en") -> str:
    """``n`` with its word agreeing: ``count(1, "cards", "es")`` is ``1 carta``."""
    one, many = COUNTS[lang][what]
    return (one if n == 1 else many).format(n=f"{n:,}" if lang == "en" else n)
