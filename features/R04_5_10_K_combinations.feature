@R04
Feature: R04 5,10,K combinations
  Mixed 5,10,K < suited 5,10,K < bombs < rocket. Suited combinations rank diamonds < clubs <
  hearts < spades. All mixed combinations have equal strength.

  Rule: R04.1 Mixed 5,10,K < suited 5,10,K < bombs < rocket, all above ordinary plays

    @id:R04-001 @R04.1 @R03.1 @D12
    Scenario Outline: Exactly one 5, one 10 and one K make a 5,10,K
      When the cards "<cards>" are classified
      Then the cards read as "<reading>"

      Examples:
        | cards     | reading          |
        | 5H 10S KD | 5-10-K mixed     |
        | 5S 10S KH | 5-10-K mixed     |
        | 5D 10D KD | 5-10-K suited D  |
        | 5C 10C KC | 5-10-K suited C  |
        | 5H 10H KH | 5-10-K suited H  |
        | 5S 10S KS | 5-10-K suited S  |

    @id:R04-002 @R04.1 @R03.1 @D9 @D12
    Scenario Outline: Anything but exactly one 5, one 10 and one K is no 5,10,K
      When the cards "<cards>" are classified
      Then the cards are illegal

      Examples:
        | cards               | why                        |
        | 5H 10H              | the K is missing           |
        | 5H 10H KH KD        | two Ks                     |
        | 5H 5D 10H KH        | two 5s                     |
        | 5H 5S 10H 10S KH KS | two of each                |

    @id:R04-003 @R04.1 @D9 @D11 @D12
    Scenario Outline: A 5,10,K beats any ordinary play
      When "<reply>" is played on "<top>"
      Then it beats the top play
      And it is read as "<reading>"

      Examples:
        | top                                   | reply     | reading          |
        | BJ                                    | 5D 10S KC | 5-10-K mixed     |
        | 2H 2S                                 | 5D 10S KC | 5-10-K mixed     |
        | BJ BJ BJ SJ SJ                        | 5D 10S KC | 5-10-K mixed     |
        | 3H 4D 5S 6C 7C 8D 9S 10H JC QD KS AH  | 5D 10S KC | 5-10-K mixed     |
        | 3H 4D 5S 6C 7C 8D 9S 10H JC QD KS AH  | 5D 10D KD | 5-10-K suited D  |
        | KH KS KD AH AS AD 2H 2S               | 5S 10S KS | 5-10-K suited S  |

    @id:R04-004 @R04.1 @D9 @D11 @D12
    Scenario Outline: No ordinary play beats a 5,10,K
      When "<reply>" is played on "<top>"
      Then it does not beat the top play

      Examples:
        | top       | reply                                 |
        | 5D 10S KC | BJ                                    |
        | 5D 10S KC | 3H 4D 5S 6C 7C 8D 9S 10H JC QD KS AH  |
        | 5D 10D KD | 2H 2S 2D                              |

    @id:R04-005 @R04.1 @D11 @D12
    Scenario: A suited 5,10,K beats a mixed one
      When "5D 10D KD" is played on "5S 10S KH"
      Then it beats the top play
      And it is read as "5-10-K suited D"

    @id:R04-006 @R04.1 @D11 @D12
    Scenario: A mixed 5,10,K does not beat a suited one
      When "5S 10S KH" is played on "5D 10D KD"
      Then it does not beat the top play

    @id:R04-007 @R04.1 @R05.1 @D11 @D12
    Scenario Outline: A bomb beats any 5,10,K and no 5,10,K beats a bomb
      When "<reply>" is played on "<top>"
      Then it <verdict> the top play

      Examples:
        | top         | reply       | verdict       |
        | 5S 10S KS   | 3S 3H 3D 3C | beats         |
        | 5D 10S KC   | 3S 3H 3D 3C | beats         |
        | 3S 3H 3D 3C | 5S 10S KS   | does not beat |
        | 3S 3H 3D 3C | 5D 10S KC   | does not beat |

    @id:R04-008 @R04.1 @R05.3 @D9 @D11 @D12
    Scenario: The rocket beats a suited 5,10,K, which does not beat the rocket
      When "SJ BJ" is played on "5S 10S KS"
      Then it beats the top play
      And it is read as "rocket"
      When "5S 10S KS" is played on "SJ BJ"
      Then it does not beat the top play

    @id:R04-009 @R04.1 @D11 @D12
    Scenario: Only a suited 5,10,K replies to a mixed one from a hand holding both
      When the legal replies from "5D 10S KC 5H 10H KH" to "5C 10D KS" are listed
      Then there is 1 legal play
      And "5-10-K suited H: 5 10 K" is among them
      And "5-10-K mixed: 5 10 K" is not among them

    @id:R04-010 @R04.1 @D12
    Scenario: A hand with a mixed and a suited 5,10,K leads each once
      When the legal leads from "5D 10S KC 5H 10H KH" are listed
      Then there are 8 legal plays
      And "5-10-K mixed: 5 10 K" is among them
      And "5-10-K suited H: 5 10 K" is among them

    @id:R04-401 @R04.1 @D11 @D12
    Scenario: A mixed 5,10,K replies to an ordinary play
      When the legal replies from "5H 10S KD" to "AH AS" are listed
      Then there is 1 legal play
      And "5-10-K mixed: 5 10 K" is among them

    @id:R04-402 @R04.1 @D12
    Scenario: A 5, a 10 and a K of diamonds lead as the suited 5,10,K and never as a mixed one
      When the legal leads from "5D 10D KD" are listed
      Then there are 4 legal plays
      And "5-10-K suited D: 5 10 K" is among them
      And "5-10-K mixed: 5 10 K" is not among them

    @id:R04-301 @R04.1 @D9 @D11 @D12 @D35
    Scenario Outline: In play, an ordinary reply to a 5,10,K, or a mixed reply to a suited one, is rejected citing R04.1
      Given a hand in play with seat 0 as banker
      And seat 0 holds "9C"
      And seat 1 holds "<reply> 4C"
      And seat 2 holds "7H"
      And seat 0 led "<lead>"
      When seat 1 plays "<reply>"
      Then the action is rejected citing R04.1
      And the top play is "<top>" by seat 0

      Examples:
        | lead      | top             | reply                |
        | 5H 10S KD | 5-10-K mixed    | 2H 2S                |
        | 5H 10S KD | 5-10-K mixed    | 3H 4D 5S 6C 7C 8D 9S |
        | 5S 10S KS | 5-10-K suited S | 2H 2S                |
        | 5D 10D KD | 5-10-K suited D | 5C 10H KS            |

    @id:R04-701 @R04.1 @D40 @position-duties
    Scenario: A position whose trick holds a single replying to a 5,10,K is refused citing R04.1, as the play is
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
          "calls": [{"face": "AH", "ordinal": 1, "played": 3, "resolved_by": 0}, {"face": "AS", "ordinal": 1, "played": 3, "resolved_by": 0}],
          "hands": [
            ["3D", "4D"],
            ["3C", "4C"],
            ["3H"],
            ["4S", "QC"],
            [],
            []
          ],
          "captured": [275, 0, 0, 0, 0, 0],
          "trick": {
            "leader": 1,
            "plays": [
              {"seat": 1, "cards": ["5C", "10D", "KS"], "combo": "5-10-K mixed"},
              {"seat": 2, "cards": ["JC"]}
            ],
            "passed": []
          },
          "turn": 3,
          "out": [4, 5]
        }
        """
      Then the position is refused citing R04.1

  Rule: R04.2 Suited combinations rank diamonds < clubs < hearts < spades

    @id:R04-011 @R04.2 @D11 @D12
    Scenario Outline: A suited 5,10,K of a higher suit beats a lower suit
      When "<reply>" is played on "<top>"
      Then it beats the top play
      And it is read as "5-10-K suited <suit>"

      Examples:
        | top       | reply     | suit |
        | 5D 10D KD | 5C 10C KC | C    |
        | 5C 10C KC | 5H 10H KH | H    |
        | 5H 10H KH | 5S 10S KS | S    |
        | 5D 10D KD | 5S 10S KS | S    |

    @id:R04-012 @R04.2 @D11 @D12
    Scenario Outline: A suited 5,10,K of a lower suit does not beat a higher suit
      When "<reply>" is played on "<top>"
      Then it does not beat the top play

      Examples:
        | top       | reply     |
        | 5C 10C KC | 5D 10D KD |
        | 5H 10H KH | 5C 10C KC |
        | 5S 10S KS | 5H 10H KH |
        | 5S 10S KS | 5D 10D KD |

    @id:R04-013 @R04.2 @D11 @D12
    Scenario Outline: A suited 5,10,K does not beat one of the same suit
      When "<cards>" is played on "<cards>"
      Then it does not beat the top play

      Examples:
        | cards     |
        | 5D 10D KD |
        | 5C 10C KC |
        | 5H 10H KH |
        | 5S 10S KS |

    @id:R04-014 @R04.2 @D11 @D12
    Scenario: No lower or equal suit replies to a suited 5,10,K of clubs
      When the legal replies from "5D 10D KD 5S 10C KH" to "5C 10C KC" are listed
      Then there are 0 legal plays

    @id:R04-015 @R04.2 @D11 @D12
    Scenario: A higher suit replies to a suited 5,10,K of clubs
      When the legal replies from "5D 10D KD 5S 10C KH 5H 10H KH" to "5C 10C KC" are listed
      Then there is 1 legal play
      And "5-10-K suited H: 5 10 K" is among them
      And "5-10-K suited D: 5 10 K" is not among them

    @id:R04-016 @R04.2 @D12
    Scenario: Two suits of 5,10,K in a hand are two different leads
      When the legal leads from "5H 10H KH 5S 10S KS" are listed
      Then there are 9 legal plays
      And "5-10-K suited H: 5 10 K" is among them
      And "5-10-K suited S: 5 10 K" is among them
      And "5-10-K mixed: 5 10 K" is among them

    @id:R04-403 @R04.2 @D11 @D12
    Scenario: The same suit is no reply to a suited 5,10,K; a higher suit is
      When the legal replies from "5H 10H KH 5S 10S KS" to "5H 10H KH" are listed
      Then there is 1 legal play
      And "5-10-K suited S: 5 10 K" is among them
      And "5-10-K suited H: 5 10 K" is not among them

    @id:R04-302 @R04.2 @D11 @D12 @D35
    Scenario Outline: In play, a suited 5,10,K of a lower or the same suit is rejected citing R04.2
      Given a hand in play with seat 0 as banker
      And seat 0 holds "9C"
      And seat 1 holds "<reply> 4C"
      And seat 2 holds "7H"
      And seat 0 led "5H 10H KH"
      When seat 1 plays "<reply>"
      Then the action is rejected citing R04.2
      And the top play is "5-10-K suited H" by seat 0

      Examples:
        | reply     |
        | 5C 10C KC |
        | 5H 10H KH |

    @id:R04-304 @R04.2 @R04.1 @D10 @D12 @D35 @D38
    Scenario: A suited 5,10,K declared as a mixed one with a suit is rejected; a mixed 5,10,K names no suit
      Given a hand in play with seat 0 as banker
      And seat 0 holds "5S 10S KS 9C"
      And seat 1 holds "8D 4C"
      And seat 2 holds "7H"
      When seat 0 plays "5S 10S KS" as "5-10-K mixed S"
      Then the action is rejected citing R03.1
      When seat 0 plays "5S 10S KS" as "5-10-K suited S"
      Then the top play is "5-10-K suited S" by seat 0

    @id:R04-702 @R04.2 @D12 @D40 @position-duties
    Scenario: A position whose trick holds a suited 5,10,K in diamonds replying to one in spades is refused citing R04.2, as the play is
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
          "calls": [{"face": "AH", "ordinal": 1, "played": 3, "resolved_by": 0}, {"face": "AS", "ordinal": 1, "played": 3, "resolved_by": 0}],
          "hands": [
            ["3D", "4D"],
            ["3C", "4C"],
            ["3H"],
            ["4S", "QC"],
            [],
            []
          ],
          "captured": [250, 0, 0, 0, 0, 0],
          "trick": {
            "leader": 1,
            "plays": [
              {"seat": 1, "cards": ["5S", "10S", "KS"], "combo": "5-10-K suited S"},
              {"seat": 2, "cards": ["5D", "10D", "KD"]}
            ],
            "passed": []
          },
          "turn": 3,
          "out": [4, 5]
        }
        """
      Then the position is refused citing R04.2

    @id:R04-801 @R04.2 @D10 @D12 @D35 @D38
    Scenario Outline: A suited 5,10,K names its suit by one letter: a play declared as "<declared>" is refused citing R03.1
      Given a hand in play with seat 0 as banker
      And seat 0 holds "<cards> 9C"
      And seat 1 holds "8D 4C"
      When seat 0 plays "<cards>" as "<declared>"
      Then the action is rejected citing R03.1
      And seat 0 is asked to play

      Examples:
        | cards     | declared          |
        | 5C 10C KC | 5-10-K suited CC  |
        | 5D 10D KD | 5-10-K suited DD  |
        | 5C 10C KC | 5-10-K suited C D |

  Rule: R04.3 All mixed combinations have equal strength

    @id:R04-017 @R04.3 @D11 @D12
    Scenario Outline: A mixed 5,10,K never beats a mixed 5,10,K
      When "<reply>" is played on "<top>"
      Then it does not beat the top play

      Examples:
        | top       | reply     |
        | 5D 10S KC | 5S 10H KH |
        | 5S 10H KH | 5D 10S KC |
        | 5D 10D KC | 5S 10S KH |
        | 5H 10C KD | 5H 10C KD |

    @id:R04-018 @R04.3 @D11 @D12
    Scenario: A hand of mixed 5,10,K has no reply to a mixed 5,10,K
      When the legal replies from "5D 10S KC 5C 10D KS" to "5H 10C KD" are listed
      Then there are 0 legal plays

    @id:R04-019 @R04.3 @D12
    Scenario: Several suit choices for a mixed 5,10,K are one lead
      When the legal leads from "5H 10S KH 5S" are listed
      Then there are 5 legal plays
      And "5-10-K mixed: 5 10 K" is among them
      And "pair 5: 5 5" is among them

    @id:R04-020 @R04.3 @D12
    Scenario Outline: Every mix of suits is one and the same mixed 5,10,K
      When the cards "<cards>" are classified
      Then the cards read as "5-10-K mixed"

      Examples:
        | cards     |
        | 5D 10C KH |
        | 5S 10S KD |
        | 5H 10D KD |
        | 5C 10S KC |

    @id:R04-021 @R04.3 @R04.1 @D11 @D12
    Scenario Outline: Every mixed 5,10,K loses to the lowest suited one
      When "5D 10D KD" is played on "<mixed>"
      Then it beats the top play

      Examples:
        | mixed     |
        | 5S 10S KH |
        | 5C 10H KS |

    @id:R04-303 @R04.3 @D11 @D12 @D35
    Scenario: In play, a mixed 5,10,K played on a mixed 5,10,K is rejected citing R04.3
      Given a hand in play with seat 0 as banker
      And seat 0 holds "9C"
      And seat 1 holds "5C 10D KH 4C"
      And seat 2 holds "7H"
      And seat 0 led "5H 10S KD"
      When seat 1 plays "5C 10D KH"
      Then the action is rejected citing R04.3
      And the top play is "5-10-K mixed" by seat 0

    @id:R04-703 @R04.3 @D12 @D40 @position-duties
    Scenario: A position whose trick holds a mixed 5,10,K replying to a mixed 5,10,K is refused citing R04.3, as the play is
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
          "calls": [{"face": "AH", "ordinal": 1, "played": 3, "resolved_by": 0}, {"face": "AS", "ordinal": 1, "played": 3, "resolved_by": 0}],
          "hands": [
            ["3D", "4D"],
            ["3C", "4C"],
            ["3H"],
            ["4S", "QC"],
            [],
            []
          ],
          "captured": [250, 0, 0, 0, 0, 0],
          "trick": {
            "leader": 1,
            "plays": [
              {"seat": 1, "cards": ["5C", "10D", "KS"], "combo": "5-10-K mixed"},
              {"seat": 2, "cards": ["5D", "10C", "KH"]}
            ],
            "passed": []
          },
          "turn": 3,
          "out": [4, 5]
        }
        """
      Then the position is refused citing R04.3
