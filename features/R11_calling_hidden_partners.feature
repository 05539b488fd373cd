@R11
Feature: R11 Calling hidden partners
  The banker calls 2 distinct faces. Call A in a suit; only if all three As are buried,
  descend through K, Q, J and so on to the highest rank still possibly in play. Never call
  2 or jokers. Specify the first, second or third actual PLAY occurrence, not dealing,
  ownership or leading a trick. A self-call adds no partner. Two calls played by the same
  person add only one partner.

  Calling cases start from a deal: seat 2 reveals the 3H it receives at draw 3, and so
  holds all three AH and all three KH (its first cards) and the kitty 4D 4C 4H 4S 6D 6C
  when it buries. Resolution cases start from a position in play with seat 0 as banker;
  copies of a called face held by nobody and not buried were played in earlier tricks and
  have already counted.

  Rule: R11.1 The banker calls two distinct faces

    @id:R11-001 @R11.1 @D7 @D13 @D34
    Scenario: The banker announces two calls of different faces
      Given seat 2 is dealt "3H AH AH AH KH KH KH"
      And the kitty is "4D 4C 4H 4S 6D 6C"
      When seat 2 reveals "3H"
      And seat 2 buries "4D 4C 4H 4S 6D 6C"
      Then no calls have been announced
      When seat 2 calls the 1st "AH" and the 2nd "AS"
      Then the calls are the 1st "AH" and the 2nd "AS"
      And call 1 is unresolved
      And call 2 is unresolved
      And the partners are ""
      And seat 2 is asked to play

    @id:R11-002 @R11.1 @D13 @D34 @D35
    Scenario: The same face cannot be called twice
      Given seat 2 is dealt "3H AH AH AH KH KH KH"
      And the kitty is "4D 4C 4H 4S 6D 6C"
      When seat 2 reveals "3H"
      And seat 2 buries "4D 4C 4H 4S 6D 6C"
      And seat 2 calls the 1st "AH" and the 2nd "AH"
      Then the action is rejected citing R11.1
      And no calls have been announced
      And seat 2 is asked to call

    @id:R11-003 @R11.1 @D13 @D34 @D35
    Scenario: The banker must announce two calls, not one
      Given seat 2 is dealt "3H AH AH AH KH KH KH"
      And the kitty is "4D 4C 4H 4S 6D 6C"
      When seat 2 reveals "3H"
      And seat 2 buries "4D 4C 4H 4S 6D 6C"
      And the action {"type": "call", "seat": 2, "calls": [{"face": "AH", "ordinal": 1}]} is sent
      Then the action is rejected citing R11.1
      And seat 2 is asked to call

    @id:R11-004 @R11.1 @R11.2 @D13 @D34 @D35
    Scenario: Two faces of one suit cannot both be called
      Given seat 2 is dealt "3H AH AH AH KH KH KH"
      And the kitty is "4D 4C 4H 4S 6D 6C"
      When seat 2 reveals "3H"
      And seat 2 buries "4D 4C 4H 4S 6D 6C"
      And seat 2 calls the 1st "AH" and the 1st "KH"
      Then the action is rejected citing R11.2
      And seat 2 is asked to call

    @id:R11-504 @R11.1 @R08.2
    Scenario: A banker who revealed at the last draw before the kitty and buried six calls two faces
      Given the position is:
        """
        {
          "phase": "calling",
          "banker": 0,
          "reveal": {"seat": 0, "card": "3S", "draw": 156},
          "hands": [
            ["3D", "3D", "3D", "3C", "3C", "3C", "3H", "3H", "3H", "3S", "3S", "3S", "4D", "4D", "4D", "4C", "4C", "4C", "4H", "4H", "4H", "4S", "4S", "4S", "5D", "5D"],
            ["5D", "5C", "5C", "5C", "5H", "5H", "5H", "5S", "5S", "5S", "6D", "6D", "6D", "6C", "6C", "6C", "6H", "6H", "6H", "6S", "6S", "6S", "7D", "7D", "7D", "7C"],
            ["7C", "7C", "7H", "7H", "7H", "7S", "7S", "7S", "8D", "8D", "8D", "8C", "8C", "8C", "8H", "8H", "8H", "8S", "8S", "8S", "9D", "9D", "9D", "9C", "9C", "9C"],
            ["9H", "9H", "9H", "9S", "9S", "9S", "10D", "10D", "10D", "10C", "10C", "10C", "10H", "10H", "10H", "10S", "10S", "10S", "JD", "JD", "JD", "JC", "JC", "JC", "JH", "JH"],
            ["JH", "JS", "JS", "JS", "QD", "QD", "QD", "QC", "QC", "QC", "QH", "QH", "QH", "QS", "QS", "QS", "KD", "KD", "KD", "KC", "KC", "KC", "KH", "KH", "KH", "KS"],
            ["KS", "KS", "AD", "AD", "AD", "AC", "AC", "AC", "AH", "AH", "AH", "AS", "AS", "AS", "2D", "2D", "2D", "2C", "2C", "2C", "2H", "2H", "2H", "2S", "2S", "2S"]
          ],
          "buried": ["SJ", "SJ", "SJ", "BJ", "BJ", "BJ"],
          "calls": [],
          "captured": [0, 0, 0, 0, 0, 0],
          "turn": 0
        }
        """
      When seat 0 calls the 1st "AH" and the 1st "AS"
      Then seat 0 revealed "3S" at draw 156
      And the calls are the 1st "AH" and the 1st "AS"

    @id:R11-505 @R11.1 @D40
    Scenario: A position in play with only one call is refused: the banker calls two faces
      Given the position is:
        """
        {
          "banker": 0,
          "buried": ["3D", "3D", "3D", "3C", "3C", "3C"],
          "calls": [{"face": "AH", "ordinal": 1, "played": 3, "resolved_by": 0}],
          "hands": [
            ["9D", "9C"],
            ["8D", "8C"],
            ["7D", "7C"],
            [],
            [],
            []
          ],
          "captured": [300, 0, 0, 0, 0, 0],
          "turn": 0,
          "out": [3, 4, 5]
        }
        """
      Then the position is refused citing R11.1

    @id:R11-506 @R11.1 @R09.3 @D7 @D34
    Scenario: A later hand at the calls written by the cards: the banker who revealed their level calls two faces, then leads
      Given a hand at the calls with seat 0 as banker
      And this is hand 2, after seat 3 was banker and seats "0 3" won
      And the levels are "4 3 3 4 3 3"
      And seat 0 revealed "4H" at draw 9
      And the buried cards are "5H 10H KH 5S 10S KS"
      And seat 0 holds "3D 3D 3D 3C 3C 3C 3H 3H 3H 3S 3S 3S 4D 4D 4D 4C 4C 4C 4H 4H 4H 4S 4S 4S 5D 5D"
      And seat 1 holds "5D 5C 5C 5C 5H 5H 5S 5S 6D 6D 6D 6C 6C 6C 6H 6H 6H 6S 6S 6S 7D 7D 7D 7C 7C 7C"
      And seat 2 holds "7H 7H 7H 7S 7S 7S 8D 8D 8D 8C 8C 8C 8H 8H 8H 8S 8S 8S 9D 9D 9D 9C 9C 9C 9H 9H"
      And seat 3 holds "9H 9S 9S 9S 10D 10D 10D 10C 10C 10C 10H 10H 10S 10S JD JD JD JC JC JC JH JH JH JS JS JS"
      And seat 4 holds "QD QD QD QC QC QC QH QH QH QS QS QS KD KD KD KC KC KC KH KH KS KS AD AD AD AC"
      And seat 5 holds "AC AC AH AH AH AS AS AS 2D 2D 2D 2C 2C 2C 2H 2H 2H 2S 2S 2S SJ SJ SJ BJ BJ BJ"
      When seat 0 calls the 1st "AH" and the 2nd "AS"
      Then seat 0 is asked to play
      And the calls are the 1st "AH" and the 2nd "AS"
      And the whole-side check is not active

    @id:R11-702 @R11.1 @D40 @position-duties
    Scenario: A position whose banker called the 1st and the 2nd AH is refused citing R11.1, as the calls are: the two faces differ
      Given the position is:
        """
        {
          "hand": 1,
          "phase": "playing",
          "deal": 1,
          "levels": ["3", "3", "3", "3", "3", "3"],
          "previous_winners": [],
          "previous_banker": null,
          "banker": 0,
          "reveal": null,
          "buried": ["3D", "3D", "3C", "3C", "3H", "3H"],
          "calls": [{"face": "AH", "ordinal": 1, "played": 3, "resolved_by": 0}, {"face": "AH", "ordinal": 2, "played": 3, "resolved_by": 0}],
          "hands": [
            ["3D", "4D", "7C"],
            ["3C", "4C"],
            ["3H", "4H"],
            [],
            [],
            []
          ],
          "captured": [300, 0, 0, 0, 0, 0],
          "trick": null,
          "turn": 0,
          "out": [3, 4, 5]
        }
        """
      Then the position is refused citing R11.1

    @id:R11-801 @R11.1 @D13 @D34 @D35
    Scenario Outline: A call is an object of a face and an ordinal: <what> is malformed and cites no clause
      Given seat 2 is dealt "3H AH AH AH KH KH KH"
      And the kitty is "4D 4C 4H 4S 6D 6C"
      When seat 2 reveals "3H"
      And seat 2 buries "4D 4C 4H 4S 6D 6C"
      And the action {"type": "call", "seat": 2, "calls": [<call>, {"face": "AS", "ordinal": 1}]} is sent
      Then the action is rejected citing no clause
      And no calls have been announced
      And seat 2 is asked to call

      Examples:
        | what                        | call                                     |
        | a call without its ordinal  | {"face": "AH"}                           |
        | a call with a key of its own | {"face": "AH", "ordinal": 1, "seat": 2} |
        | an ordinal of true          | {"face": "AH", "ordinal": true}          |
        | an ordinal written as text  | {"face": "AH", "ordinal": "1"}           |
        | a call written as text      | "AH:1"                                   |

  Rule: R11.2 Call the A of a suit; descend only when all three As are buried

    @id:R11-005 @R11.2 @D13 @D34
    Scenario: With all three AH buried, KH is the callable heart
      Given seat 2 is dealt "3H AH AH AH KH KH KH"
      And the kitty is "4D 4C 4H 4S 6D 6C"
      When seat 2 reveals "3H"
      And seat 2 buries "AH AH AH 4D 4C 4H"
      And seat 2 calls the 1st "KH" and the 1st "AS"
      Then the calls are the 1st "KH" and the 1st "AS"
      And seat 2 is asked to play

    @id:R11-006 @R11.2 @D13 @D34 @D35
    Scenario Outline: The K cannot be called while an A of its suit is not buried
      Given seat 2 is dealt "3H AH AH AH KH KH KH"
      And the kitty is "4D 4C 4H 4S 6D 6C"
      When seat 2 reveals "3H"
      And seat 2 buries "<buried>"
      And seat 2 calls the 1st "KH" and the 1st "AS"
      Then the action is rejected citing R11.2
      And seat 2 is asked to call

      Examples:
        | buried            |
        | 4D 4C 4H 4S 6D 6C |
        | AH 4D 4C 4H 4S 6D |
        | AH AH 4D 4C 4H 4S |

    @id:R11-007 @R11.2 @D13 @D34
    Scenario: With two AH buried, the third AH is still the callable heart
      Given seat 2 is dealt "3H AH AH AH KH KH KH"
      And the kitty is "4D 4C 4H 4S 6D 6C"
      When seat 2 reveals "3H"
      And seat 2 buries "AH AH 4D 4C 4H 4S"
      And seat 2 calls the 1st "AH" and the 1st "AS"
      Then the calls are the 1st "AH" and the 1st "AS"

    @id:R11-008 @R11.2 @D13 @D34 @D35
    Scenario: The A cannot be called once all three are buried
      Given seat 2 is dealt "3H AH AH AH KH KH KH"
      And the kitty is "4D 4C 4H 4S 6D 6C"
      When seat 2 reveals "3H"
      And seat 2 buries "AH AH AH 4D 4C 4H"
      And seat 2 calls the 1st "AH" and the 1st "AS"
      Then the action is rejected citing R11.2
      And no calls have been announced

    @id:R11-009 @R11.2 @D13 @D34 @D35
    Scenario: With all As and Ks of hearts buried, the descent reaches QH
      Given seat 2 is dealt "3H AH AH AH KH KH KH"
      And the kitty is "4D 4C 4H 4S 6D 6C"
      When seat 2 reveals "3H"
      And seat 2 buries "AH AH AH KH KH KH"
      And seat 2 calls the 1st "KH" and the 1st "AS"
      Then the action is rejected citing R11.2
      When seat 2 calls the 1st "QH" and the 1st "AS"
      Then the calls are the 1st "QH" and the 1st "AS"

    @id:R11-010 @R11.2 @D13 @D34 @D35
    Scenario: As in the banker's own hand count as in play
      Given seat 2 is dealt "3H AH AH AH KH KH KH"
      And the kitty is "4D 4C 4H 4S 6D 6C"
      When seat 2 reveals "3H"
      And seat 2 buries "4D 4C 4H 4S 6D 6C"
      And seat 2 calls the 1st "KH" and the 1st "AS"
      Then the action is rejected citing R11.2
      When seat 2 calls the 3rd "AH" and the 1st "AS"
      Then the calls are the 3rd "AH" and the 1st "AS"

    @id:R11-503 @R11.2 @D13 @D40
    Scenario: A position whose banker called the KH while the AH was not all buried is refused
      Given a hand in play with seat 0 as banker
      And the banker called the 1st "KH" and the 1st "AS"
      And call 1 was resolved by seat 0
      And call 2 was resolved by seat 0
      And seat 0 holds "3D 4D"
      And seat 1 holds "3C 4C"
      Then the position is refused citing R11.2

  Rule: R11.3 Never call a 2 or a joker

    @id:R11-011 @R11.3 @D13 @D34 @D35
    Scenario Outline: A 2 or a joker is never callable
      Given seat 2 is dealt "3H AH AH AH KH KH KH"
      And the kitty is "4D 4C 4H 4S 6D 6C"
      When seat 2 reveals "3H"
      And seat 2 buries "AH AH AH 4D 4C 4H"
      And seat 2 calls the 1st "<face>" and the 1st "AS"
      Then the action is rejected citing R11.3
      And seat 2 is asked to call

      Examples:
        | face |
        | 2H   |
        | SJ   |
        | BJ   |

    @id:R11-012 @R11.3 @R11.2 @D13 @D34 @D35
    Scenario: The A is the top callable face although 2s and jokers rank higher
      Given seat 2 is dealt "3H AH AH AH KH KH KH"
      And the kitty is "4D 4C 4H 4S 6D 6C"
      When seat 2 reveals "3H"
      And seat 2 buries "4D 4C 4H 4S 6D 6C"
      And seat 2 calls the 1st "2S" and the 1st "AH"
      Then the action is rejected citing R11.3
      When seat 2 calls the 1st "AS" and the 1st "AH"
      Then the calls are the 1st "AS" and the 1st "AH"

    @id:R11-701 @R11.3 @D40 @position-duties
    Scenario: A position whose banker called the 2H is refused citing R11.3, as the call is
      Given the position is:
        """
        {
          "hand": 1,
          "phase": "playing",
          "deal": 1,
          "levels": ["3", "3", "3", "3", "3", "3"],
          "previous_winners": [],
          "previous_banker": null,
          "banker": 0,
          "reveal": null,
          "buried": ["3D", "3D", "3C", "3C", "3H", "3H"],
          "calls": [{"face": "2H", "ordinal": 1, "played": 3, "resolved_by": 0}, {"face": "AS", "ordinal": 1, "played": 3, "resolved_by": 0}],
          "hands": [
            ["3D", "4D", "7C"],
            ["3C", "4C"],
            ["3H", "4H"],
            [],
            [],
            []
          ],
          "captured": [300, 0, 0, 0, 0, 0],
          "trick": null,
          "turn": 0,
          "out": [3, 4, 5]
        }
        """
      Then the position is refused citing R11.3

  Rule: R11.4 A call names the 1st, 2nd or 3rd played occurrence

    @id:R11-013 @R11.4 @D13 @D14 @D34 @D35
    Scenario Outline: The ordinal cannot exceed the copies of the face not buried
      Given seat 2 is dealt "3H AH AH AH KH KH KH"
      And the kitty is "4D 4C 4H 4S 6D 6C"
      When seat 2 reveals "3H"
      And seat 2 buries "<buried>"
      And seat 2 calls the <ordinal> "AH" and the 1st "AS"
      Then the action is rejected citing R11.4
      And seat 2 is asked to call

      Examples:
        | buried            | ordinal |
        | AH 4D 4C 4H 4S 6D | 3rd     |
        | AH AH 4D 4C 4H 4S | 2nd     |
        | AH AH 4D 4C 4H 4S | 3rd     |

    @id:R11-014 @R11.4 @D13 @D14 @D34
    Scenario Outline: Any ordinal up to the copies not buried may be called
      Given seat 2 is dealt "3H AH AH AH KH KH KH"
      And the kitty is "4D 4C 4H 4S 6D 6C"
      When seat 2 reveals "3H"
      And seat 2 buries "<buried>"
      And seat 2 calls the <ordinal> "AH" and the 3rd "AS"
      Then the calls are the <ordinal> "AH" and the 3rd "AS"

      Examples:
        | buried            | ordinal |
        | 4D 4C 4H 4S 6D 6C | 3rd     |
        | AH 4D 4C 4H 4S 6D | 2nd     |
        | AH AH 4D 4C 4H 4S | 1st     |

    @id:R11-015 @R11.4 @D13 @D14 @D15 @D34 @variant
    Scenario: Under the any-ordinal variant an impossible ordinal may be called
      Given the variant "call_ordinal" is "any"
      And seat 2 is dealt "3H AH AH AH KH KH KH"
      And the kitty is "4D 4C 4H 4S 6D 6C"
      When seat 2 reveals "3H"
      And seat 2 buries "AH AH 4D 4C 4H 4S"
      And seat 2 calls the 3rd "AH" and the 1st "AS"
      Then the calls are the 3rd "AH" and the 1st "AS"
      And call 1 is unresolved
      When seat 2 plays "AH"
      Then call 1 has seen 1 occurrence
      And call 1 is unresolved

    @id:R11-508 @R11.4 @D7 @D14 @variant
    Scenario: Under the any-ordinal variant a hand written at the calls may call the 3rd AH with two AH buried
      Given the variant "call_ordinal" is "any"
      And a hand at the calls with seat 0 as banker
      And the buried cards are "AH AH 10H KH 5S 10S"
      And seat 0 holds "3D 3D 3D 3C 3C 3C 3H 3H 3H 3S 3S 3S 4D 4D 4D 4C 4C 4C 4H 4H 4H 4S 4S 4S 5D 5D"
      And seat 1 holds "5D 5C 5C 5C 5H 5H 5S 5S 6D 6D 6D 6C 6C 6C 6H 6H 6H 6S 6S 6S 7D 7D 7D 7C 7C 7C"
      And seat 2 holds "7H 7H 7H 7S 7S 7S 8D 8D 8D 8C 8C 8C 8H 8H 8H 8S 8S 8S 9D 9D 9D 9C 9C 9C 9H 9H"
      And seat 3 holds "9H 9S 9S 9S 10D 10D 10D 10C 10C 10C 10H 10H 10S 10S JD JD JD JC JC JC JH JH JH JS JS JS"
      And seat 4 holds "QD QD QD QC QC QC QH QH QH QS QS QS KD KD KD KC KC KC KH KH KS KS AD AD AD AC"
      And seat 5 holds "AC AC AH 5H KS AS AS AS 2D 2D 2D 2C 2C 2C 2H 2H 2H 2S 2S 2S SJ SJ SJ BJ BJ BJ"
      When seat 0 calls the 3rd "AH" and the 1st "AS"
      Then the calls are the 3rd "AH" and the 1st "AS"
      And seat 0 is asked to play

    @id:R11-016 @R11.4 @D13 @D14 @D34 @D35 @variant
    Scenario: Even under the any-ordinal variant the ordinal is at most the 3rd
      Given the variant "call_ordinal" is "any"
      And seat 2 is dealt "3H AH AH AH KH KH KH"
      And the kitty is "4D 4C 4H 4S 6D 6C"
      When seat 2 reveals "3H"
      And seat 2 buries "4D 4C 4H 4S 6D 6C"
      And the action {"type": "call", "seat": 2, "calls": [{"face": "AH", "ordinal": 4}, {"face": "AS", "ordinal": 1}]} is sent
      Then the action is rejected citing R11.4
      And seat 2 is asked to call

    @id:R11-507 @R11.4 @D13 @D14 @D34 @D35
    Scenario Outline: A call of the <ordinal>th occurrence is refused (<variant> ordinals)
      Given the variant "call_ordinal" is "<variant>"
      And seat 2 is dealt "3H AH AH AH KH KH KH"
      And the kitty is "4D 4C 4H 4S 6D 6C"
      When seat 2 reveals "3H"
      And seat 2 buries "4D 4C 4H 4S 6D 6C"
      And the action {"type": "call", "seat": 2, "calls": [{"face": "AH", "ordinal": <ordinal>}, {"face": "AS", "ordinal": 1}]} is sent
      Then the action is rejected citing R11.4
      And seat 2 is asked to call

      Examples:
        | variant | ordinal |
        | bounded | 0       |
        | any     | 0       |
        | bounded | 4       |

    @id:R11-017 @R11.4 @D4 @D15 @D16 @D34
    Scenario: The banker's revealed card is not an occurrence; playing it is
      Given this is hand 2, after seat 1 was banker and seats "2" won
      And the levels are "3 3 A 3 3 3"
      And seat 2 is dealt "AH"
      And the kitty is "4D 4C 4H 4S 6D 6C"
      When seat 2 reveals "AH"
      And seat 2 buries "4D 4C 4H 4S 6D 6C"
      And seat 2 calls the 1st "AH" and the 1st "AS"
      Then call 1 has seen 0 occurrences
      And call 1 is unresolved
      When seat 2 plays "AH"
      Then call 1 has seen 1 occurrence
      And call 1 is resolved by seat 2
      And the partners are ""

    @id:R11-018 @R11.4 @D13 @D15 @D34
    Scenario: Burying a copy of the called face is not an occurrence
      Given seat 2 is dealt "3H AH AH AH KH KH KH"
      And the kitty is "4D 4C 4H 4S 6D 6C"
      When seat 2 reveals "3H"
      And seat 2 buries "AH 4D 4C 4H 4S 6D"
      And seat 2 calls the 2nd "AH" and the 1st "AS"
      Then call 1 has seen 0 occurrences
      And call 1 is unresolved

    @id:R11-019 @R11.4 @R12.1 @D15
    Scenario: Holding every copy of the called face is not an occurrence
      Given a hand in play with seat 0 as banker
      And the banker called the 1st "AH" and the 1st "AS"
      And call 1 is still open
      And call 2 is still open
      And seat 0 holds "9D 9S"
      And seat 1 holds "AH AH AH 10C"
      And seat 3 holds "AS AS AS 8C"
      Then call 1 has seen 0 occurrences
      And call 1 is unresolved
      When seat 0 plays "9D"
      And seat 1 plays "10C"
      Then call 1 is unresolved
      And the partners are ""

    @id:R11-020 @R11.4 @D15
    Scenario: A called card played as a lead is an occurrence
      Given a hand in play with seat 0 as banker
      And the banker called the 1st "AH" and the 1st "AS"
      And call 1 is still open
      And call 2 is still open
      And seat 0 holds "9D 9S"
      And seat 1 holds "AH 10C"
      And seat 3 holds "AH AH AS AS AS"
      And it is seat 1's turn
      When seat 1 plays "AH"
      Then call 1 has seen 1 occurrence
      And call 1 is resolved by seat 1
      And the partners are "1"

    @id:R11-021 @R11.4 @D15
    Scenario: Copies played in earlier tricks count towards the ordinal
      Given a hand in play with seat 0 as banker
      And the banker called the 2nd "AH" and the 1st "AS"
      And call 1 is still open
      And call 2 is still open
      And the buried cards are "3D 3D 3D 3C 3C 3C"
      And seat 0 holds "9D 9S"
      And seat 3 holds "AH 10C"
      And seat 4 holds "AH AS AS AS"
      And it is seat 3's turn
      Then call 1 has seen 1 occurrence
      And call 1 is unresolved
      When seat 3 plays "AH"
      Then call 1 has seen 2 occurrences
      And call 1 is resolved by seat 3
      And the partners are "3"

    @id:R11-022 @R11.4 @D15 @D16
    Scenario: A pair holding the 1st and 2nd copies resolves a call of the 2nd
      Given a hand in play with seat 0 as banker
      And the banker called the 2nd "AH" and the 1st "AS"
      And call 1 is still open
      And call 2 is still open
      And seat 0 holds "9D 9S 8C"
      And seat 1 holds "AH AH 10C"
      And seat 3 holds "AH AS AS AS"
      When seat 0 plays "9D 9S"
      And seat 1 plays "AH AH"
      Then call 1 has seen 2 occurrences
      And call 1 is resolved by seat 1
      And the partners are "1"

    @id:R11-023 @R11.4 @D15 @D16
    Scenario: Several copies in one play take consecutive ordinals
      Given a hand in play with seat 0 as banker
      And the banker called the 3rd "AH" and the 1st "AS"
      And call 1 is still open
      And call 2 is still open
      And seat 0 holds "9D 9S 8C"
      And seat 3 holds "AH AH 10C"
      And seat 4 holds "AS AS AS"
      When seat 0 plays "9D 9S"
      And seat 3 plays "AH AH"
      Then call 1 has seen 3 occurrences
      And call 1 is resolved by seat 3
      And the partners are "3"

    @id:R11-024 @R11.4 @D15
    Scenario: A play of copies that stops short of the ordinal resolves nothing
      Given a hand in play with seat 0 as banker
      And the banker called the 3rd "AH" and the 1st "AS"
      And call 1 is still open
      And call 2 is still open
      And seat 0 holds "9D 9S 8C"
      And seat 1 holds "AH AH 10C"
      And seat 3 holds "AH AS AS AS"
      When seat 0 plays "9D 9S"
      And seat 1 plays "AH AH"
      Then call 1 has seen 2 occurrences
      And call 1 is unresolved
      And the partners are ""

    @id:R11-502 @R11.4 @D15
    Scenario: The 2nd AH is the second copy played in the hand, counting a copy played in an earlier trick
      Given a hand in play with seat 0 as banker
      And the banker called the 2nd "AH" and the 1st "AS"
      And call 1 is still open
      And call 2 was resolved by seat 0
      And seat 0 holds "9D 9C"
      And seat 3 holds "AH 7S"
      And seat 4 holds "8D 8C"
      And it is seat 3's turn
      When seat 3 plays "AH"
      Then call 1 has seen 2 occurrences
      And call 1 is resolved by seat 3
      And the banker side is "0 3"

    @id:R11-703 @R11.4 @D14 @D40 @position-duties
    Scenario: A position whose banker called the 3rd AH with one AH buried is refused citing R11.4, as the call is: only two AH can be played
      Given the position is:
        """
        {
          "hand": 1,
          "phase": "playing",
          "deal": 1,
          "levels": ["3", "3", "3", "3", "3", "3"],
          "previous_winners": [],
          "previous_banker": null,
          "banker": 0,
          "reveal": null,
          "buried": ["3S", "3S", "3S", "4S", "4S", "AH"],
          "calls": [{"face": "AH", "ordinal": 3, "played": 0, "resolved_by": null}, {"face": "AS", "ordinal": 1, "played": 3, "resolved_by": 0}],
          "hands": [
            ["3D", "4D", "7C"],
            ["3C", "4C", "AH"],
            ["3H", "4H", "AH"],
            [],
            [],
            []
          ],
          "captured": [300, 0, 0, 0, 0, 0],
          "trick": null,
          "turn": 0,
          "out": [3, 4, 5]
        }
        """
      Then the position is refused citing R11.4

    @id:R11-704 @R11.4 @D15 @D40 @position-duties
    Scenario: A position whose call counts one AH played when two have been played is refused citing R11.4
      Given the position is:
        """
        {
          "hand": 1,
          "phase": "playing",
          "deal": 1,
          "levels": ["3", "3", "3", "3", "3", "3"],
          "previous_winners": [],
          "previous_banker": null,
          "banker": 0,
          "reveal": null,
          "buried": ["3D", "3D", "3C", "3C", "3H", "3H"],
          "calls": [{"face": "AH", "ordinal": 3, "played": 1, "resolved_by": null}, {"face": "AS", "ordinal": 1, "played": 3, "resolved_by": 0}],
          "hands": [
            ["3D", "4D", "7C"],
            ["3C", "4C", "AH"],
            ["3H", "4H"],
            [],
            [],
            []
          ],
          "captured": [300, 0, 0, 0, 0, 0],
          "trick": null,
          "turn": 0,
          "out": [3, 4, 5]
        }
        """
      Then the position is refused citing R11.4

  Rule: R11.5 A self-call adds no partner

    @id:R11-025 @R11.5 @D15 @D16
    Scenario: The banker playing the called occurrence adds no partner
      Given a hand in play with seat 0 as banker
      And the banker called the 1st "AH" and the 1st "AS"
      And call 1 is still open
      And call 2 is still open
      And seat 0 holds "AH 9D"
      And seat 1 holds "AH AH 10C"
      And seat 3 holds "AS AS AS"
      When seat 0 plays "AH"
      Then call 1 is resolved by seat 0
      And the partners are ""
      And the banker side is "0"

    @id:R11-026 @R11.5 @D16
    Scenario: After a self-call a later copy of the face makes no partner
      Given a hand in play with seat 0 as banker
      And the banker called the 1st "AH" and the 1st "AS"
      And call 1 was resolved by seat 0
      And call 2 is still open
      And seat 0 holds "9D 9S"
      And seat 1 holds "AH 10C"
      And seat 3 holds "AH AS AS AS"
      And it is seat 1's turn
      When seat 1 plays "AH"
      Then call 1 has seen 2 occurrences
      And call 1 is resolved by seat 0
      And the partners are ""
      And the banker side is "0"

    @id:R11-027 @R11.5 @D16
    Scenario: Another player playing the called occurrence becomes a partner
      Given a hand in play with seat 0 as banker
      And the banker called the 1st "AH" and the 1st "AS"
      And call 1 is still open
      And call 2 is still open
      And seat 0 holds "AH 9D"
      And seat 1 holds "AH AH 10C"
      And seat 3 holds "AS AS AS"
      When seat 0 plays "9D"
      And seat 1 plays "AH"
      Then call 1 is resolved by seat 1
      And the partners are "1"
      And the banker side is "0 1"

    @id:R11-501 @R11.5 @D14 @D16
    Scenario: A position that names no calls has the 1st AH and the 1st AS called, even with two copies of each buried, and their last copies were played by the banker
      Given a hand in play with seat 0 as banker
      And the buried cards are "AH AH AS AS 3D 3C"
      And seat 0 holds "9D 9C"
      And seat 1 holds "7S"
      And seat 2 holds "8S"
      Then call 1 is resolved by seat 0
      And call 2 is resolved by seat 0
      And the banker side is "0"

  Rule: R11.6 Two calls resolved by one player add one partner

    @id:R11-028 @R11.6 @D15 @D16
    Scenario: One player resolving both calls in one play is one partner
      Given a hand in play with seat 0 as banker
      And the banker called the 1st "AH" and the 1st "AS"
      And call 1 is still open
      And call 2 is still open
      And seat 0 holds "9D 9S"
      And seat 1 holds "AH AS 10C"
      And seat 3 holds "AH AH AS AS"
      And it is seat 1's turn
      When seat 1 plays "AH AS"
      Then call 1 is resolved by seat 1
      And call 2 is resolved by seat 1
      And the partners are "1"
      And the banker side is "0 1"

    @id:R11-029 @R11.6 @D15 @D16
    Scenario: One player resolving the calls in two plays is still one partner
      Given a hand in play with seat 0 as banker
      And the banker called the 1st "AH" and the 1st "AS"
      And call 1 was resolved by seat 1
      And call 2 is still open
      And seat 0 holds "9D 9S"
      And seat 1 holds "AS 10C"
      And seat 3 holds "AH AH AS AS"
      And it is seat 1's turn
      Then the partners are "1"
      When seat 1 plays "AS"
      Then call 2 is resolved by seat 1
      And the partners are "1"
      And the banker side is "0 1"

    @id:R11-030 @R11.6 @D15 @D16
    Scenario: Two different players resolving the calls are two partners
      Given a hand in play with seat 0 as banker
      And the banker called the 1st "AH" and the 1st "AS"
      And call 1 was resolved by seat 1
      And call 2 is still open
      And seat 0 holds "9D 9S"
      And seat 1 holds "10C"
      And seat 3 holds "AS 8C"
      And seat 4 holds "AH AH AS AS"
      And it is seat 3's turn
      When seat 3 plays "AS"
      Then call 2 is resolved by seat 3
      And the partners are "1 3"
      And the banker side is "0 1 3"

    @id:R11-031 @R11.4 @D15 @D34
    Scenario: Each called face counts its own occurrences, a pair counting two
      Given seat 2 is dealt "3H AS AS KH KH KH"
      And the kitty is "4D 4C 4H 4S 6D 6C"
      When seat 2 reveals "3H"
      And seat 2 buries "4D 4C 4H 4S 6D 6C"
      And seat 2 calls the 1st "AH" and the 3rd "AS"
      And seat 2 plays "AS AS"
      Then call 1 has seen 0 occurrences
      And call 2 has seen 2 occurrences
      And call 2 is unresolved
      And the trick's plays are "2: AS AS = pair A"
