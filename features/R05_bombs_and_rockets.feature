@R05
Feature: R05 Bombs and rockets
  Four or more equal ranks form a bomb, beating ordinary shapes and 5,10,K. Compare bomb
  count before rank. A big-and-small-joker rocket beats bombs; equal rockets cannot beat
  one another.

  @id:R05-001 @R05.2 @D11
  Scenario: A longer bomb of a lower rank beats a shorter bomb of a higher rank
    When "3H 3S 3D 3C 3H" is played on "AH AS AD AC"
    Then it beats the top play
    And it is read as "bomb 5x3"

  @id:R05-002 @R05.1 @D9
  Scenario Outline: Four or more equal ranks are a bomb and nothing else
    When the cards "<cards>" are classified
    Then the cards read as "<reading>"

    Examples:
      | cards        | reading   |
      | 7H 7S 7D 7C  | bomb 4x7  |
      | 2H 2S 2D 2C 2H | bomb 5x2 |
      | AH AS AD AC AH AS AD AC | bomb 8xA |
      | 2H 2H 2H 2S 2S 2S 2D 2D 2D 2C 2C 2C | bomb 12x2 |
      | 3H 3H 3H 3S 3S 3S 3D 3D 3D 3C 3C 3C | bomb 12x3 |

  Rule: R05.1 Four or more equal ranks form a bomb, beating ordinary shapes and 5,10,K

    @id:R05-003 @R05.1 @R03.1 @D9
    Scenario: A bomb is never read as a triple with a single
      When the cards "7H 7S 7D 7C" are classified
      Then "triple+single 7" is not one of the readings

    @id:R05-004 @R05.1 @R03.1 @D9
    Scenario Outline: A bomb with any other card is illegal
      When the cards "<cards>" are classified
      Then the cards are illegal

      Examples:
        | cards                |
        | 7H 7S 7D 7C 3H       |
        | 7H 7S 7D 7C 3H 4S    |
        | 7H 7S 7D 7C 3H 3S    |
        | 7H 7S 7D 7C 8H 8S 8D 8C |

    @id:R05-005 @R05.1 @D9
    Scenario: Three of a rank are a triple, not a bomb
      When the cards "7H 7S 7D" are classified
      Then the cards read as "triple 7"

    @id:R05-006 @R05.1 @R01.1 @D9 @D35
    Scenario: There are no joker bombs: four small jokers do not exist
      When the cards "SJ SJ SJ SJ" are classified
      Then the cards are rejected as bad input citing R01.1

    @id:R05-408 @R05.1 @D9 @D10 @D38
    Scenario: A reply declared as a bomb of three cards is refused as bad input, citing the bomb rule
      When "7H 7S 7D" as "bomb 3x7" is played on "6S"
      Then the declared reading is refused as bad input citing R05.1

    @id:R05-007 @R05.1 @D9 @D11
    Scenario Outline: The lowest bomb beats the highest ordinary plays
      When "3H 3S 3D 3C" is played on "<top>"
      Then it beats the top play
      And it is read as "bomb 4x3"

      Examples:
        | top                                   |
        | BJ                                    |
        | BJ BJ BJ                              |
        | 3H 4D 5S 6C 7C 8D 9S 10H JC QD KS AH  |
        | KH KS KD AH AS AD QC JC               |
        | 2H 2S 2D BJ BJ                        |

    @id:R05-008 @R05.1 @R04.1 @D11 @D12
    Scenario Outline: The lowest bomb beats every 5,10,K
      When "3H 3S 3D 3C" is played on "<top>"
      Then it beats the top play

      Examples:
        | top       |
        | 5D 10S KC |
        | 5S 10S KS |

    @id:R05-009 @R05.1 @D9 @D11 @D12
    Scenario Outline: No ordinary play or 5,10,K beats a bomb
      When "<reply>" is played on "3H 3S 3D 3C"
      Then it does not beat the top play

      Examples:
        | reply                                 |
        | BJ                                    |
        | 2H 2S 2D                              |
        | 3H 4D 5S 6C 7C 8D 9S 10H JC QD KS AH  |
        | 5S 10S KS                             |

    @id:R05-010 @R05.1 @D9
    Scenario: Four of a rank lead as a bomb and as smaller plays, never with a kicker
      When the legal leads from "7H 7S 7D 7C" are listed
      Then there are 4 legal plays
      And "bomb 4x7: 7 7 7 7" is among them
      And "triple 7: 7 7 7" is among them

    @id:R05-011 @R05.1 @D11
    Scenario: Only the bomb replies to an ace from a hand of four 3s
      When the legal replies from "3H 3S 3D 3C 9S" to "AS" are listed
      Then there is 1 legal play
      And "bomb 4x3: 3 3 3 3" is among them
      And "single 9: 9" is not among them

    @id:R05-101 @R05.1 @R03.4 @D9 @D11
    Scenario Outline: The lowest bomb beats the longest run of every shape and no run beats a bomb
      When "3H 3S 3D 3C" is played on "<top>"
      Then it beats the top play
      And it is read as "bomb 4x3"
      When "<top>" is played on "3H 3S 3D 3C"
      Then it does not beat the top play

      Examples:
        | top                                                                               |
        | 3H 4D 5S 6C 7C 8D 9S 10H JC QD KS AH                                              |
        | 4H 4S 5D 5C 6H 6S 7D 7C 8H 8S 9D 9C 10H 10S JD JC QH QS KD KC AH AS                |
        | 4H 4S 4D 5H 5S 5D 6H 6S 6D 7H 7S 7D 8H 8S 8D 9H 9S 9D                             |
        | 9H 9S 9D 10H 10S 10D JH JS JD QH QS QD KC KD AC AD                                |
        | 10H 10S 10D JH JS JD QH QS QD 4C 4D 5C 5D 6C 6D                                   |

    @id:R05-402 @R05.1 @R04.1 @D11 @D12
    Scenario: No 5,10,K replies to a bomb, suited or mixed
      When the legal replies from "5H 10H KH 5S 10D KC" to "3H 3S 3D 3C" are listed
      Then there are 0 legal plays

    @id:R05-301 @R05.1 @D9 @D11 @D12 @D35
    Scenario Outline: In play, an ordinary play or a 5,10,K played on a bomb is rejected citing R05.1
      Given a hand in play with seat 0 as banker
      And seat 0 holds "9C"
      And seat 1 holds "<reply> 4C"
      And seat 2 holds "7H"
      And seat 0 led "8H 8D 8C 8S"
      When seat 1 plays "<reply>"
      Then the action is rejected citing R05.1
      And the top play is "bomb 4x8" by seat 0

      Examples:
        | reply                                   |
        | 2H 2S                                   |
        | 3H 4D 5S 6C 7C 8D 9S 10H JC QD KS AH    |
        | 5D 10C KS                               |
        | 5S 10S KS                               |

    @id:R05-302 @R05.1 @R03.1 @D9 @D10 @D35 @D38
    Scenario: Three of a rank are no bomb: a play of three 7s declared as a bomb is rejected
      Given a hand in play with seat 0 as banker
      And seat 0 holds "7H 7S 7D 9C"
      And seat 1 holds "8D 4C"
      And seat 2 holds "7C"
      When seat 0 plays "7H 7S 7D" as "bomb 3x7"
      Then the action is rejected citing R03.1
      When seat 0 plays "7H 7S 7D"
      Then the top play is "triple 7" by seat 0

    @id:R05-307 @R05.1 @R03.1 @D10 @D35 @D38
    Scenario: A bomb is declared with its count: four 7s declared as "bomb x7" are rejected, as "bomb 4x7" accepted
      Given a hand in play with seat 0 as banker
      And seat 0 holds "7H 7S 7D 7C 9C"
      And seat 1 holds "8D 4C"
      And seat 2 holds "7H"
      When seat 0 plays "7H 7S 7D 7C" as "bomb x7"
      Then the action is rejected citing R03.1
      When seat 0 plays "7H 7S 7D 7C" as "bomb 4x7"
      Then the top play is "bomb 4x7" by seat 0

    @id:R05-701 @R05.1 @D40 @position-duties
    Scenario: A position whose trick holds a single replying to a bomb is refused citing R05.1, as the play is
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
          "captured": [300, 0, 0, 0, 0, 0],
          "trick": {
            "leader": 1,
            "plays": [
              {"seat": 1, "cards": ["9D", "9C", "9H", "9S"], "combo": "bomb 4x9"},
              {"seat": 2, "cards": ["JC"]}
            ],
            "passed": []
          },
          "turn": 3,
          "out": [4, 5]
        }
        """
      Then the position is refused citing R05.1

  Rule: R05.2 Bombs compare by card count first, then by rank

    @id:R05-012 @R05.2 @D11
    Scenario: A shorter bomb of a higher rank does not beat a longer bomb
      When "AH AS AD AC" is played on "3H 3S 3D 3C 3H"
      Then it does not beat the top play

    @id:R05-013 @R05.2 @D11
    Scenario Outline: Bombs of one size compare by rank
      When "<reply>" is played on "<top>"
      Then it <verdict> the top play

      Examples:
        | top          | reply        | verdict       |
        | 7H 7S 7D 7C  | 8H 8S 8D 8C  | beats         |
        | 8H 8S 8D 8C  | 7H 7S 7D 7C  | does not beat |
        | AH AS AD AC  | 2H 2S 2D 2C  | beats         |
        | 2H 2S 2D 2C  | AH AS AD AC  | does not beat |

    @id:R05-014 @R05.2 @D11
    Scenario Outline: Equal bombs do not beat one another
      When "<cards>" is played on "<cards>"
      Then it does not beat the top play

      Examples:
        | cards                      |
        | 7H 7S 7D 7C                |
        | 9H 9S 9D 9C 9H 9S          |

    @id:R05-015 @R05.2 @D11
    Scenario Outline: More cards beat fewer whatever the ranks
      When "<reply>" is played on "<top>"
      Then it <verdict> the top play

      Examples:
        | top                                   | reply                                 | verdict       |
        | 2H 2S 2D 2C                           | 3H 3S 3D 3C 3H                        | beats         |
        | 3H 3S 3D 3C 3H                        | 2H 2S 2D 2C                           | does not beat |
        | 2H 2H 2H 2S 2S 2S 2D 2D 2D 2C 2C      | 3H 3H 3H 3S 3S 3S 3D 3D 3D 3C 3C 3C   | beats         |
        | 3H 3H 3H 3S 3S 3S 3D 3D 3D 3C 3C 3C   | 2H 2H 2H 2S 2S 2S 2D 2D 2D 2C 2C      | does not beat |

    @id:R05-016 @R05.2 @D11
    Scenario: A hand replies to a bomb with a higher bomb or a longer one
      When the legal replies from "8H 8S 8D 8C 3H 3S 3D 3C 3H" to "7H 7S 7D 7C" are listed
      Then there are 2 legal plays
      And "bomb 4x8: 8 8 8 8" is among them
      And "bomb 5x3: 3 3 3 3 3" is among them
      And "bomb 4x3: 3 3 3 3" is not among them

    @id:R05-401 @R05.2 @D11
    Scenario: An equal bomb is no reply; only a higher bomb of the same size is
      When the legal replies from "7H 7S 7D 7C 8H 8S 8D 8C" to "7H 7S 7D 7C" are listed
      Then there is 1 legal play
      And "bomb 4x8: 8 8 8 8" is among them
      And "bomb 4x7: 7 7 7 7" is not among them

    @id:R05-303 @R05.2 @D11 @D35
    Scenario Outline: In play, a bomb of fewer cards, or of as many cards and a lower rank, is rejected citing R05.2
      Given a hand in play with seat 0 as banker
      And seat 0 holds "9C"
      And seat 1 holds "<reply> 4C"
      And seat 2 holds "7H"
      And seat 0 led "8H 8S 8D 8C 8H"
      When seat 1 plays "<reply>"
      Then the action is rejected citing R05.2
      And the top play is "bomb 5x8" by seat 0

      Examples:
        | reply          |
        | AH AS AD AC    |
        | 7H 7S 7D 7C 7H |
        | 8S 8D 8C 8S 8D |

    @id:R05-702 @R05.2 @D40 @position-duties
    Scenario: A position whose trick holds a bomb of four 4s replying to a bomb of four 9s is refused citing R05.2, as the play is
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
          "captured": [300, 0, 0, 0, 0, 0],
          "trick": {
            "leader": 1,
            "plays": [
              {"seat": 1, "cards": ["9D", "9C", "9H", "9S"], "combo": "bomb 4x9"},
              {"seat": 2, "cards": ["4D", "4C", "4H", "4S"]}
            ],
            "passed": []
          },
          "turn": 3,
          "out": [4, 5]
        }
        """
      Then the position is refused citing R05.2

  Rule: R05.3 The rocket beats bombs; equal rockets never beat one another

    @id:R05-017 @R05.3 @D9
    Scenario: The small and the big joker form the rocket
      When the cards "SJ BJ" are classified
      Then the cards read as "rocket"

    @id:R05-409 @R05.3 @D9 @D10 @D38
    Scenario Outline: A reply declared as a rocket of one joker is refused as bad input, citing the rocket rule; "rocket x2" cites no rule
      A rocket holds both jokers. The rocket of SJ BJ is written "rocket", never "rocket x2": that is a slip of the notation, not of the rules, so its refusal cites no clause.
      When "<reply>" as "<declared>" is played on "6S"
      Then the declared reading is refused as bad input citing <clause>

      Examples:
        | reply | declared  | clause    |
        | BJ    | rocket x1 | R05.3     |
        | SJ BJ | rocket x2 | no clause |

    @id:R05-018 @R05.3 @D9 @D11 @D37
    Scenario: The rocket beats the biggest bomb, twelve 2s
      When "SJ BJ" is played on "2H 2H 2H 2S 2S 2S 2D 2D 2D 2C 2C 2C"
      Then it beats the top play
      And it is read as "rocket"

    @id:R05-019 @R05.3 @D9 @D11 @D37
    Scenario: Twelve 2s do not beat the rocket
      When "2H 2H 2H 2S 2S 2S 2D 2D 2D 2C 2C 2C" is played on "SJ BJ"
      Then it does not beat the top play

    @id:R05-020 @R05.3 @D9 @D11
    Scenario: The rocket never beats the rocket
      When "SJ BJ" is played on "SJ BJ"
      Then it does not beat the top play

    @id:R05-021 @R05.3 @D9 @D11 @D12
    Scenario Outline: The rocket beats ordinary plays and 5,10,K too
      When "SJ BJ" is played on "<top>"
      Then it beats the top play

      Examples:
        | top       |
        | BJ BJ     |
        | BJ BJ BJ  |
        | 5S 10S KS |

    @id:R05-022 @R05.3 @D9 @D11
    Scenario: A pair of jokers of one kind does not beat the rocket
      When "BJ BJ" is played on "SJ BJ"
      Then it does not beat the top play

    @id:R05-023 @R05.3 @D9
    Scenario Outline: By default only SJ BJ is a rocket; other mixed joker sets are illegal
      When the cards "<cards>" are classified
      Then the cards are illegal

      Examples:
        | cards             |
        | SJ SJ BJ          |
        | SJ BJ BJ          |
        | SJ SJ BJ BJ       |
        | SJ SJ SJ BJ BJ BJ |

    @id:R05-024 @R05.3 @D9 @D11
    Scenario: The rocket is the only reply to the biggest bomb
      When the legal replies from "SJ BJ 3S" to "2H 2H 2H 2S 2S 2S 2D 2D 2D 2C 2C 2C" are listed
      Then there is 1 legal play
      And "rocket: SJ BJ" is among them

    @id:R05-025 @R05.3 @D9 @D11
    Scenario: Nothing replies to the rocket, not even the rocket
      When the legal replies from "SJ BJ" to "SJ BJ" are listed
      Then there are 0 legal plays

    @id:R05-026 @R05.3 @D9
    Scenario: Two jokers of different kinds lead as two singles or the rocket
      When the legal leads from "SJ BJ" are listed
      Then there are 3 legal plays
      And "rocket: SJ BJ" is among them

    @id:R05-027 @R05.3 @D9 @D26
    Scenario Outline: Under joker sets any joker-only set with both kinds is a rocket
      Given the variant "rocket" is "joker_sets"
      When the cards "<cards>" are classified
      Then the cards read as "<reading>"

      Examples:
        | cards             | reading   |
        | SJ BJ             | rocket    |
        | SJ SJ BJ          | rocket x3 |
        | SJ BJ BJ          | rocket x3 |
        | SJ SJ BJ BJ       | rocket x4 |
        | SJ SJ SJ BJ BJ BJ | rocket x6 |

    @id:R05-028 @R05.3 @D9 @D26
    Scenario Outline: Under joker sets jokers of one kind stay pairs and triples
      Given the variant "rocket" is "joker_sets"
      When the cards "<cards>" are classified
      Then the cards read as "<reading>"

      Examples:
        | cards    | reading   |
        | SJ SJ    | pair SJ   |
        | BJ BJ BJ | triple BJ |

    @id:R05-029 @R05.3 @D9 @D26
    Scenario Outline: Under joker sets a joker triple with the other kind is also a rocket
      Given the variant "rocket" is "joker_sets"
      When the cards "<cards>" are classified
      Then the cards read as "<readings>"

      Examples:
        | cards          | readings                    |
        | SJ SJ SJ BJ    | rocket x4; triple+single SJ |
        | SJ SJ SJ BJ BJ | rocket x5; triple+pair SJ   |

    @id:R05-030 @R05.3 @D9 @D11 @D26
    Scenario Outline: Under joker sets a larger rocket beats a smaller one
      Given the variant "rocket" is "joker_sets"
      When "<reply>" is played on "<top>"
      Then it beats the top play
      And it is read as "<reading>"

      Examples:
        | top         | reply             | reading   |
        | SJ BJ       | SJ SJ BJ          | rocket x3 |
        | SJ SJ BJ    | SJ SJ BJ BJ       | rocket x4 |
        | SJ SJ BJ BJ | SJ SJ SJ BJ BJ BJ | rocket x6 |

    @id:R05-031 @R05.3 @D9 @D11 @D26
    Scenario Outline: Under joker sets a smaller or equal rocket does not beat
      Given the variant "rocket" is "joker_sets"
      When "<reply>" is played on "<top>"
      Then it does not beat the top play

      Examples:
        | top      | reply    |
        | SJ SJ BJ | SJ BJ    |
        | SJ SJ BJ | SJ BJ BJ |
        | SJ BJ    | SJ BJ    |

    @id:R05-032 @R05.3 @D9 @D11 @D26
    Scenario: Under joker sets only the larger rocket replies to a rocket
      Given the variant "rocket" is "joker_sets"
      When the legal replies from "SJ SJ BJ BJ" to "SJ SJ BJ" are listed
      Then there is 1 legal play
      And "rocket x4: SJ SJ BJ BJ" is among them

    @id:R05-033 @R05.3 @D9 @D36
    Scenario: Under six jokers all six jokers are the rocket
      Given the variant "rocket" is "six_jokers"
      When the cards "SJ SJ SJ BJ BJ BJ" are classified
      Then the cards read as "rocket x6"

    @id:R05-034 @R05.3 @D9 @D36
    Scenario Outline: Under six jokers fewer jokers of both kinds are no rocket
      Given the variant "rocket" is "six_jokers"
      When the cards "<cards>" are classified
      Then the cards are illegal

      Examples:
        | cards       |
        | SJ BJ       |
        | SJ SJ BJ    |
        | SJ BJ BJ    |
        | SJ SJ BJ BJ |

    @id:R05-035 @R05.3 @D9 @D36
    Scenario Outline: Under six jokers a joker triple with the other kind keeps its kicker reading only
      Given the variant "rocket" is "six_jokers"
      When the cards "<cards>" are classified
      Then the cards read as "<reading>"

      Examples:
        | cards          | reading          |
        | SJ SJ SJ BJ    | triple+single SJ |
        | SJ SJ SJ BJ BJ | triple+pair SJ   |
        | SJ BJ BJ BJ    | triple+single BJ |

    @id:R05-036 @R05.3 @D9 @D11 @D12 @D36 @D37
    Scenario Outline: Under six jokers the rocket of six beats the biggest bomb and everything else
      Given the variant "rocket" is "six_jokers"
      When "SJ SJ SJ BJ BJ BJ" is played on "<top>"
      Then it beats the top play
      And it is read as "rocket x6"

      Examples:
        | top                                   |
        | 2H 2H 2H 2S 2S 2S 2D 2D 2D 2C 2C 2C   |
        | 5S 10S KS                             |
        | BJ BJ BJ                              |

    @id:R05-037 @R05.3 @D9 @D11 @D36
    Scenario: Under six jokers the small and the big joker do not beat a bomb
      Given the variant "rocket" is "six_jokers"
      When "SJ BJ" is played on "3H 3S 3D 3C"
      Then it does not beat the top play

    @id:R05-038 @R05.3 @D9 @D36
    Scenario: Under six jokers SJ BJ leads only as two singles
      Given the variant "rocket" is "six_jokers"
      When the legal leads from "SJ BJ" are listed
      Then there are 2 legal plays
      And "rocket: SJ BJ" is not among them

    @id:R05-039 @R05.3 @D9 @D11 @D36
    Scenario: Under six jokers only the six jokers reply to the biggest bomb
      Given the variant "rocket" is "six_jokers"
      When the legal replies from "SJ SJ SJ BJ BJ BJ 3S" to "2H 2H 2H 2S 2S 2S 2D 2D 2D 2C 2C 2C" are listed
      Then there is 1 legal play
      And "rocket x6: SJ SJ SJ BJ BJ BJ" is among them

    @id:R05-040 @R05.3 @R03.1 @D9 @D35 @D36
    Scenario: Under six jokers a lead of SJ BJ is rejected as no combination
      Given the variant "rocket" is "six_jokers"
      And a hand in play with seat 0 as banker
      And seat 0 holds "SJ BJ 9C"
      And seat 1 holds "8D 4C"
      And seat 2 holds "7H"
      When seat 0 plays "SJ BJ"
      Then the action is rejected citing R03.1
      And there is no trick in progress
      And seat 0 holds 3 cards

    @id:R05-041 @R05.3 @D9 @D11 @D36 @D37
    Scenario: Under six jokers the rocket of six is played on a bomb of twelve
      Given the variant "rocket" is "six_jokers"
      And a hand in play with seat 0 as banker
      And seat 0 holds "9C"
      And seat 1 holds "SJ SJ SJ BJ BJ BJ 4C"
      And seat 2 holds "7H"
      And seat 0 led "2H 2H 2H 2S 2S 2S 2D 2D 2D 2C 2C 2C"
      When seat 1 plays "SJ SJ SJ BJ BJ BJ"
      Then the action is accepted
      And the top play is "rocket x6" by seat 1

    @id:R05-042 @R05.3 @D9 @D11 @D37
    Scenario Outline: Under the twelve-bomb variant a bomb of twelve beats the rocket
      Given the variant "twelve_bomb" is "beats_rocket"
      When "<reply>" is played on "SJ BJ"
      Then it beats the top play
      And it is read as "<reading>"

      Examples:
        | reply                                 | reading   |
        | 3H 3H 3H 3S 3S 3S 3D 3D 3D 3C 3C 3C   | bomb 12x3 |
        | 2H 2H 2H 2S 2S 2S 2D 2D 2D 2C 2C 2C   | bomb 12x2 |

    @id:R05-043 @R05.3 @D9 @D11 @D37
    Scenario Outline: Under the twelve-bomb variant no rocket beats a bomb of twelve
      Given the variant "twelve_bomb" is "beats_rocket"
      When "SJ BJ" is played on "<top>"
      Then it <verdict> the top play

      Examples:
        | top                                   | verdict       |
        | 3H 3H 3H 3S 3S 3S 3D 3D 3D 3C 3C 3C   | does not beat |
        | 2H 2H 2H 2S 2S 2S 2D 2D 2D 2C 2C 2C   | does not beat |
        | 2H 2H 2H 2S 2S 2S 2D 2D 2D 2C 2C      | beats         |

    @id:R05-044 @R05.3 @D9 @D11 @D37
    Scenario: Under the twelve-bomb variant a bomb of eleven still does not beat the rocket
      Given the variant "twelve_bomb" is "beats_rocket"
      When "2H 2H 2H 2S 2S 2S 2D 2D 2D 2C 2C" is played on "SJ BJ"
      Then it does not beat the top play

    @id:R05-045 @R05.2 @D11 @D37
    Scenario Outline: Under the twelve-bomb variant bombs of twelve still compare by rank
      Given the variant "twelve_bomb" is "beats_rocket"
      When "<reply>" is played on "<top>"
      Then it <verdict> the top play

      Examples:
        | top                                   | reply                                 | verdict       |
        | 2H 2H 2H 2S 2S 2S 2D 2D 2D 2C 2C 2C   | 3H 3H 3H 3S 3S 3S 3D 3D 3D 3C 3C 3C   | does not beat |
        | 3H 3H 3H 3S 3S 3S 3D 3D 3D 3C 3C 3C   | 2H 2H 2H 2S 2S 2S 2D 2D 2D 2C 2C 2C   | beats         |

    @id:R05-046 @R05.3 @D9 @D11 @D37
    Scenario: Under the twelve-bomb variant only the bomb of twelve replies to the rocket
      Given the variant "twelve_bomb" is "beats_rocket"
      When the legal replies from "3H 3H 3H 3S 3S 3S 3D 3D 3D 3C 3C 3C 4H 4S 4D 4C" to "SJ BJ" are listed
      Then there is 1 legal play
      And "bomb 12x3: 3 3 3 3 3 3 3 3 3 3 3 3" is among them
      And "bomb 4x4: 4 4 4 4" is not among them

    @id:R05-047 @R05.3 @D11 @D37
    Scenario: Under the twelve-bomb variant the rocket is no reply to a bomb of twelve
      Given the variant "twelve_bomb" is "beats_rocket"
      When the legal replies from "SJ BJ 3S" to "2H 2H 2H 2S 2S 2S 2D 2D 2D 2C 2C 2C" are listed
      Then there are 0 legal plays

    @id:R05-048 @R05.3 @D9 @D11 @D26 @D36 @D37
    Scenario Outline: A bomb of twelve beats every rocket of the rocket variants
      Given the variant "twelve_bomb" is "beats_rocket"
      And the variant "rocket" is "<rocket>"
      When "3H 3H 3H 3S 3S 3S 3D 3D 3D 3C 3C 3C" is played on "<top>"
      Then it beats the top play
      And it is read as "bomb 12x3"

      Examples:
        | rocket     | top               |
        | joker_sets | SJ SJ SJ BJ BJ BJ |
        | six_jokers | SJ SJ SJ BJ BJ BJ |

    @id:R05-049 @R05.3 @D9 @D11 @D35 @D37
    Scenario: Under the twelve-bomb variant a bomb of twelve is played on the rocket, and the rocket may not answer it
      Given the variant "twelve_bomb" is "beats_rocket"
      And a hand in play with seat 0 as banker
      And seat 0 holds "9C"
      And seat 1 holds "3H 3H 3H 3S 3S 3S 3D 3D 3D 3C 3C 3C 4C"
      And seat 2 holds "SJ BJ 7H"
      And seat 0 led "SJ BJ"
      When seat 1 plays "3H 3H 3H 3S 3S 3S 3D 3D 3D 3C 3C 3C"
      Then the action is accepted
      And the top play is "bomb 12x3" by seat 1
      When seat 2 plays "SJ BJ"
      Then the action is rejected citing R05.3
      And the top play is "bomb 12x3" by seat 1

    @id:R05-407 @R05.3 @D9 @D10 @D26 @D35 @D37
    Scenario: With joker-set rockets and bombs of twelve above rockets, three small jokers and a big joker on a bomb of twelve are refused by the rocket rule, whichever of their readings is tried
      Given the variant "rocket" is "joker_sets"
      And the variant "twelve_bomb" is "beats_rocket"
      And a hand in play with seat 0 as banker
      And seat 0 holds "9C"
      And seat 1 holds "4C"
      And seat 2 holds "SJ SJ SJ BJ 7H"
      And seat 1 led "3H 3H 3H 3S 3S 3S 3D 3D 3D 3C 3C 3C"
      When seat 2 plays "SJ SJ SJ BJ"
      Then the action is rejected citing R05.3
      And the top play is "bomb 12x3" by seat 1

    @id:R05-403 @R05.3 @D9 @D36
    Scenario: Under six jokers the six jokers lead as the rocket and as every smaller joker play
      Given the variant "rocket" is "six_jokers"
      When the legal leads from "SJ SJ SJ BJ BJ BJ" are listed
      Then there are 11 legal plays
      And "rocket x6: SJ SJ SJ BJ BJ BJ" is among them
      And "triple+pair SJ: SJ SJ SJ BJ BJ" is among them
      And "rocket: SJ BJ" is not among them

    @id:R05-404 @R05.3 @D9 @D11 @D36
    Scenario: Under six jokers nothing replies to the rocket of six, not even the six jokers
      Given the variant "rocket" is "six_jokers"
      When the legal replies from "SJ SJ SJ BJ BJ BJ" to "SJ SJ SJ BJ BJ BJ" are listed
      Then there are 0 legal plays

    @id:R05-405 @R05.3 @D9 @D26
    Scenario: Under joker sets two jokers of each kind lead as four rockets of three sizes
      Given the variant "rocket" is "joker_sets"
      When the legal leads from "SJ SJ BJ BJ" are listed
      Then there are 8 legal plays
      And "rocket: SJ BJ" is among them
      And "rocket x3: SJ SJ BJ" is among them
      And "rocket x3: SJ BJ BJ" is among them
      And "rocket x4: SJ SJ BJ BJ" is among them
      And "pair SJ: SJ SJ" is among them

    @id:R05-304 @R05.3 @D9 @D11 @D12 @D35
    Scenario Outline: In play, nothing answers the rocket: a bomb or an ordinary play on it is rejected citing R05.3
      Given a hand in play with seat 0 as banker
      And seat 0 holds "9C"
      And seat 1 holds "<reply> 4C"
      And seat 2 holds "7H"
      And seat 0 led "SJ BJ"
      When seat 1 plays "<reply>"
      Then the action is rejected citing R05.3
      And the top play is "rocket" by seat 0

      Examples:
        | reply                   |
        | 8H 8S 8D 8C 8H 8S 8D    |
        | 2H 2S                   |
        | 5S 10S KS               |

    @id:R05-801 @R05.3 @D9 @D11 @D26 @D35
    Scenario Outline: Under joker sets, in play, a rocket no larger than the top rocket is refused citing R05.3
      Given the variant "rocket" is "joker_sets"
      And a hand in play with seat 0 as banker
      And seat 0 holds "9C"
      And seat 1 holds "<reply> 4C"
      And seat 2 holds "7H"
      And seat 0 led "SJ SJ BJ"
      When seat 1 plays "<reply>"
      Then the action is rejected citing R05.3
      And the top play is "rocket x3" by seat 0

      Examples:
        | reply    |
        | SJ BJ    |
        | SJ BJ BJ |

    @id:R05-305 @R05.3 @D9 @D10 @D11 @D26
    Scenario: Under joker sets a play may declare its rocket: "rocket" for SJ BJ, "rocket x3" for three jokers
      Given the variant "rocket" is "joker_sets"
      And a hand in play with seat 0 as banker
      And seat 0 holds "SJ BJ 9C"
      And seat 1 holds "SJ SJ BJ 4C"
      And seat 2 holds "7H"
      When seat 0 plays "SJ BJ" as "rocket"
      Then the top play is "rocket" by seat 0
      When seat 1 plays "SJ SJ BJ" as "rocket x3"
      Then the top play is "rocket x3" by seat 1

    @id:R05-406 @R05.3 @D9 @D26
    Scenario: Under joker sets all six jokers lead as every rocket of two to six jokers
      Given the variant "rocket" is "joker_sets"
      When the legal leads from "SJ SJ SJ BJ BJ BJ" are listed
      Then there are 19 legal plays
      And "rocket: SJ BJ" is among them
      And "rocket x4: SJ SJ SJ BJ" is among them
      And "rocket x5: SJ SJ BJ BJ BJ" is among them
      And "rocket x6: SJ SJ SJ BJ BJ BJ" is among them
      And "triple+single SJ: SJ SJ SJ BJ" is among them
      And "triple+pair BJ: SJ SJ BJ BJ BJ" is among them

    @id:R05-306 @R05.3 @D9 @D10 @D11
    Scenario: SJ BJ declared as "rocket" beats a bomb
      When "SJ BJ" as "rocket" is played on "2H 2S 2D 2C 2H"
      Then it beats the top play
      And it is read as "rocket"

    @id:R05-308 @R05.3 @D9 @D10 @D26 @D35 @D38
    Scenario: Under joker sets a rocket of three is declared exactly as "rocket x3": "rocket X3" is rejected
      Given the variant "rocket" is "joker_sets"
      And a hand in play with seat 0 as banker
      And seat 0 holds "SJ SJ BJ 9C"
      And seat 1 holds "8D 4C"
      And seat 2 holds "7H"
      When seat 0 plays "SJ SJ BJ" as "rocket X3"
      Then the action is rejected citing R03.1
      When seat 0 plays "SJ SJ BJ" as "rocket x3"
      Then the top play is "rocket x3" by seat 0

    @id:R05-703 @R05.3 @D40 @position-duties
    Scenario: A position whose trick holds a single replying to the rocket is refused citing R05.3, as the play is
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
          "captured": [300, 0, 0, 0, 0, 0],
          "trick": {
            "leader": 1,
            "plays": [
              {"seat": 1, "cards": ["SJ", "BJ"], "combo": "rocket"},
              {"seat": 2, "cards": ["2C"]}
            ],
            "passed": []
          },
          "turn": 3,
          "out": [4, 5]
        }
        """
      Then the position is refused citing R05.3
