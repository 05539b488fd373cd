@R03
Feature: R03 Legal combinations
  Singles, pairs, triples, triple with a single, triple with a pair, straights, pair runs,
  airplanes, airplanes with single/pair wings, 5,10,K, bombs and rockets. No suit-following.
  Ordinary replies must match type and count and be higher. Straights need at least five
  cards, pair runs at least two pairs, airplanes at least two consecutive triples; no 2 or
  jokers in these runs. Wings cannot reuse body ranks or include both joker ranks.

  Rule: R03.1 The legal shapes, and nothing else

    @id:R03-001 @R03.1 @D9 @D12
    Scenario Outline: Each listed shape is a legal combination
      When the cards "<cards>" are classified
      Then the cards read as "<reading>"

      Examples:
        | cards                                | reading                 |
        | 7H                                   | single 7                |
        | 10S 10D                              | pair 10                 |
        | 2H 2S 2D                             | triple 2                |
        | 7H 7S 7D 3C                          | triple+single 7         |
        | 7H 7S 7D 3C 3D                       | triple+pair 7           |
        | 3H 4D 5S 6C 7C                       | straight 3-7            |
        | 3H 3S 4D 4C                          | pairs 3-4               |
        | 8H 8S 8D 9H 9S 9D                    | airplane 8-9            |
        | 8H 8S 8D 9H 9S 9D 3C 4C              | airplane+singles 8-9    |
        | 8H 8S 8D 9H 9S 9D 3C 3D 4C 4D        | airplane+pairs 8-9      |
        | 5H 10S KD                            | 5-10-K mixed            |
        | 5H 10H KH                            | 5-10-K suited H         |
        | 7H 7S 7D 7C                          | bomb 4x7                |
        | SJ BJ                                | rocket                  |

    @id:R03-002 @R03.1 @D9
    Scenario Outline: Pairs and triples of 2s and of one kind of joker are legal
      When the cards "<cards>" are classified
      Then the cards read as "<reading>"

      Examples:
        | cards    | reading  |
        | 2H 2S    | pair 2   |
        | SJ SJ    | pair SJ  |
        | BJ BJ BJ | triple BJ |

    @id:R03-003 @R03.1 @D9
    Scenario Outline: A kicker may be a 2 or a joker
      When the cards "<cards>" are classified
      Then the cards read as "<reading>"

      Examples:
        | cards          | reading          |
        | 7H 7S 7D 2H    | triple+single 7  |
        | 7H 7S 7D BJ    | triple+single 7  |
        | 7H 7S 7D SJ SJ | triple+pair 7    |
        | BJ BJ BJ SJ SJ | triple+pair BJ   |

    @id:R03-004 @R03.1 @D9 @D12
    Scenario Outline: Card sets that match none of the shapes are illegal
      When the cards "<cards>" are classified
      Then the cards are illegal

      Examples:
        | cards             | why                                  |
        | 3H 4S             | two different singles                |
        | 3H 3S 4D 4C 5H    | two pairs and a single               |
        | 7H 7S 7D 3H 4S    | a triple with two different singles  |
        | 7H 7S 7D 7C 3H 4S | four with two                        |
        | 7H 7S 7D 7C 3H    | four with one                        |
        | 5H 5S 10H 10S KH KS | 55 1010 KK                         |
        | 7H 7S 7D SJ BJ    | a triple with both jokers            |

    @id:R03-005 @R03.1 @R05.1 @D9
    Scenario: Four of a rank are never read as a triple with a single
      When the cards "7H 7S 7D 7C" are classified
      Then "triple+single 7" is not one of the readings
      And "bomb 4x7" is one of the readings

    @id:R03-006 @R03.1 @R05.1 @D9
    Scenario: Five of a rank are never read as a triple with a pair
      When the cards "7H 7S 7D 7C 7H" are classified
      Then "triple+pair 7" is not one of the readings
      And the cards read as "bomb 5x7"

    @id:R03-007 @R03.1 @R05.3 @D9
    Scenario: The two jokers are a rocket, not a pair
      When the cards "SJ BJ" are classified
      Then "pair SJ" is not one of the readings
      And "pair BJ" is not one of the readings

    @id:R03-008 @R03.1 @D9 @D10
    Scenario: Twelve cards of four consecutive triples have three readings
      When the cards "3H 3S 3D 4H 4S 4D 5H 5S 5D 6H 6S 6D" are classified
      Then the cards read as "airplane 3-6; airplane+singles 4-6; airplane+singles 3-5"

    @id:R03-009 @R03.1 @R03.3 @D9 @D10 @D11
    Scenario: An undeclared lead takes the pure airplane reading
      When "4H 4S 4D 5H 5S 5D 6H 6S 6D JC QC KC" is played on "3H 3S 3D 4H 4S 4D 5H 5S 5D 6H 6S 6D"
      Then it does not beat the top play

    @id:R03-010 @R03.1 @R03.3 @D9 @D10 @D11
    Scenario: A lead declared as a winged airplane is answered as one
      When "4H 4S 4D 5H 5S 5D 6H 6S 6D JC QC KC" is played on "3H 3S 3D 4H 4S 4D 5H 5S 5D 6H 6S 6D" as "airplane+singles 3-5"
      Then it beats the top play
      And it is read as "airplane+singles 4-6"

    @id:R03-011 @R03.1 @R03.3 @D8 @D9 @D10 @D11
    Scenario: A lead declared with the higher body needs a higher body to beat it
      When "4H 4S 4D 5H 5S 5D 6H 6S 6D JC QC KC" is played on "3H 3S 3D 4H 4S 4D 5H 5S 5D 6H 6S 6D" as "airplane+singles 4-6"
      Then it does not beat the top play

    @id:R03-012 @R03.1 @R03.3 @D9 @D10 @D11
    Scenario: An undeclared reply takes the strongest reading that beats
      When "4S 4S 4S 5S 5S 5S 6S 6S 6S 7H 7H 7H" is played on "3D 3C 3H 4D 4C 4H 5D 5C 5H 9S 10S JS"
      Then it beats the top play
      And it is read as "airplane+singles 5-7"

    @id:R03-013 @R03.1 @R03.3 @D9 @D10 @D11
    Scenario: A declared reply keeps its declared reading
      When "4S 4S 4S 5S 5S 5S 6S 6S 6S 7H 7H 7H" as "airplane+singles 4-6" is played on "3D 3C 3H 4D 4C 4H 5D 5C 5H 9S 10S JS"
      Then it beats the top play
      And it is read as "airplane+singles 4-6"

    @id:R03-014 @R03.1 @R03.3 @D9 @D10 @D11
    Scenario: A reply declared as a shape that does not match the top does not beat
      When "4S 4S 4S 5S 5S 5S 6S 6S 6S 7H 7H 7H" as "airplane 4-7" is played on "3D 3C 3H 4D 4C 4H 5D 5C 5H 9S 10S JS"
      Then it does not beat the top play

    @id:R03-015 @R03.1 @D9 @D10
    Scenario: Both winged readings of one card set are listed as replies
      When the legal replies from "4H 4S 4D 5H 5S 5D 6H 6S 6D 7C 7C 7C" to "3H 3S 3D 4H 4S 4D 5H 5S 5D 9D 10D JD" as "airplane+singles 3-5" are listed
      Then there are 2 legal plays
      And "airplane+singles 4-6: 4 4 4 5 5 5 6 6 6 7 7 7" is among them
      And "airplane+singles 5-7: 4 4 4 5 5 5 6 6 6 7 7 7" is among them

    @id:R03-016 @R03.1 @D9
    Scenario: Every shape a small hand can make is a legal lead
      When the legal leads from "3H 3S 4D" are listed
      Then there are 3 legal plays
      And "single 3: 3" is among them
      And "single 4: 4" is among them
      And "pair 3: 3 3" is among them

    @id:R03-017 @R03.1 @R03.5 @D9
    Scenario: A hand of two triples and a pair has nineteen legal leads
      When the legal leads from "3H 3S 3D 4H 4S 4D 9H 9S" are listed
      Then there are 19 legal plays
      And "pairs 3-4: 3 3 4 4" is among them
      And "airplane 3-4: 3 3 3 4 4 4" is among them
      And "airplane+singles 3-4: 3 3 3 4 4 4 9 9" is among them
      And "triple+single 4: 3 4 4 4" is among them
      And "triple+pair 3: 3 3 3 9 9" is among them
      And "triple+single 3: 3 3 3 3" is not among them

    @id:R03-048 @R03.1 @D9 @D10
    Scenario: A joker is one of the single kickers a triple can take
      When the legal leads from "3D 3C 3H SJ" are listed
      Then there are 5 legal plays
      And "triple+single 3: 3 3 3 SJ" is among them

    @id:R03-502 @R03.1 @D9 @D10
    Scenario Outline: A play declared by its bare shape word takes the strongest reading of that shape
      Given a hand in play with seat 0 as banker
      And seat 0 holds "<cards> 9C"
      And seat 1 holds "8H"
      When seat 0 leads "<cards>" as "<shape>"
      Then the action is accepted
      And the top play is "<reading>" by seat 0

      Examples:
        | cards                                   | shape            | reading              |
        | 7H 7S                                   | pair             | pair 7               |
        | 3H 3S 3D 4H 4S 4D 5H 5S 5D 6H 6S 6D     | airplane+singles | airplane+singles 4-6 |
        | 3H 3S 3D 4H 4S 4D 5H 5S 5D 6H 6S 6D     | airplane         | airplane 3-6         |

    @id:R03-507 @R03.1 @D10 @D35
    Scenario: A play declared as a reading its cards do not have is rejected
      Given a hand in play with seat 0 as banker
      And seat 0 holds "7H 7S 9D"
      And seat 1 holds "8H"
      When seat 0 plays "7H 7S" as "pair 8"
      Then the action is rejected citing R03.1
      And seat 0 is asked to play
      When seat 0 plays "7H 7S" as "pair 7"
      Then the top play is "pair 7" by seat 0

    @id:R03-703 @R03.1 @D9 @D40 @position-duties
    Scenario: A position whose trick was led by 3S 4S 5S 6S 8S, which is no combination, is refused citing R03.1, as the play is
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
          "buried": ["3D", "3D", "3D", "3C", "3C", "3C"],
          "calls": [{"face": "AH", "ordinal": 1, "played": 3, "resolved_by": 0}, {"face": "AS", "ordinal": 1, "played": 3, "resolved_by": 0}],
          "hands": [
            ["9D"],
            ["7D"],
            ["JC"],
            [],
            [],
            []
          ],
          "captured": [295, 0, 0, 0, 0, 0],
          "trick": {
            "leader": 0,
            "plays": [
              {"seat": 0, "cards": ["3S", "4S", "5S", "6S", "8S"]}
            ],
            "passed": []
          },
          "turn": 1,
          "out": [3, 4, 5]
        }
        """
      Then the position is refused citing R03.1

    @id:R03-704 @R03.1 @D38 @D40 @position-duties
    Scenario: A position whose trick's lead declares the reading "straight 3-6", which no cards can have, is refused citing R03.1, as the play is
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
          "buried": ["3D", "3D", "3D", "3C", "3C", "3C"],
          "calls": [{"face": "AH", "ordinal": 1, "played": 3, "resolved_by": 0}, {"face": "AS", "ordinal": 1, "played": 3, "resolved_by": 0}],
          "hands": [
            ["9D"],
            ["7D"],
            ["JC"],
            [],
            [],
            []
          ],
          "captured": [295, 0, 0, 0, 0, 0],
          "trick": {
            "leader": 0,
            "plays": [
              {"seat": 0, "cards": ["3S", "4S", "5S", "6S", "7S"], "combo": "straight 3-6"}
            ],
            "passed": []
          },
          "turn": 1,
          "out": [3, 4, 5]
        }
        """
      Then the position is refused citing R03.1

  Rule: R03.2 No suit-following

    @id:R03-018 @R03.2 @D8 @D11
    Scenario Outline: A reply of another suit beats a lower play
      When "<reply>" is played on "<top>"
      Then it beats the top play
      And it is read as "<reading>"

      Examples:
        | top             | reply           | reading      |
        | 7S              | 8D              | single 8     |
        | 7S 7H           | 8D 8C           | pair 8       |
        | 3S 4S 5S 6S 7S  | 4D 5C 6H 7D 8C  | straight 4-8 |

    @id:R03-019 @R03.2 @D8 @D11
    Scenario: Suits do not break a tie between equal ranks
      When "7H" is played on "7S"
      Then it does not beat the top play
      When "7S 7S" is played on "7D 7D"
      Then it does not beat the top play

    @id:R03-020 @R03.2 @D8
    Scenario: Every higher single replies, whatever its suit
      When the legal replies from "8D 9D 6S" to "7S" are listed
      Then there are 2 legal plays
      And "single 8: 8" is among them
      And "single 9: 9" is among them
      And "single 6: 6" is not among them

  Rule: R03.3 Ordinary replies must match type and count and be higher

    @id:R03-021 @R03.3 @D11
    Scenario Outline: A reply of another type or count does not beat, however high
      When "<reply>" is played on "<top>"
      Then it does not beat the top play

      Examples:
        | top                              | reply                              | what                                     |
        | 7H 7S                            | 8H 8S 8D                           | triple on a pair                         |
        | 7H 7S 7D                         | 8H 8S                              | pair on a triple                         |
        | 3H 4S 5D 6C 7H 8S                | 4H 5S 6D 7C 8H                     | 5-card straight on a 6-card straight     |
        | 3H 4S 5D 6C 7H                   | 4H 5S 6D 7C 8H 9S                  | 6-card straight on a 5-card straight     |
        | 3H 3S 3D 4H 4S 4D 5C 5D 6C 6D    | 4H 4S 4D 5H 5S 5D 9C 10C           | airplane+singles on airplane+pairs       |
        | 3H 3S 3D 4H 4S 4D 5C 6D          | 4H 4S 4D 5H 5S 5D 9C 9D 10C 10D    | airplane+pairs on airplane+singles       |
        | 7H 7S 7D 4C 4D                   | 8H 8S 8D 3C                        | triple+single on triple+pair             |
        | 7H 7S 7D 4C                      | 8H 8S 8D 3C 3D                     | triple+pair on triple+single             |
        | 3H 3S 3D 4H 4S 4D                | 4H 4S 5D 5C 6H 6S                  | 6-card pair run on a 6-card airplane     |
        | 3H 3S 4D 4C                      | 5H 5S 6D 6C 7H 7S                  | 3-pair run on a 2-pair run               |
        | 9H                               | 3H 4S 5D 6C 7H                     | straight on a single                     |

    @id:R03-022 @R03.3 @D11
    Scenario: Equal card count but different shape does not beat
      When "4H 4S 4D 5H 5S 5D 6H 6S 6D 7H 7S 7D 8H 8S 8D 9C 10C JC QC KC" is played on "3H 3S 3D 4H 4S 4D 5H 5S 5D 6H 6S 6D 9C 9D 10C 10D JC JD QC QD"
      Then it does not beat the top play

    @id:R03-023 @R03.3 @D11
    Scenario: A fifteen-card airplane does not beat a fifteen-card winged airplane
      When "6H 6S 6D 7H 7S 7D 8H 8S 8D 9H 9S 9D 10H 10S 10D" is played on "3H 3S 3D 4H 4S 4D 5H 5S 5D 9C 9C 10C 10C JC JC"
      Then it does not beat the top play

    @id:R03-024 @R03.3 @D8 @D11
    Scenario Outline: The same shape and count beats only with a strictly higher key
      When "<reply>" is played on "<top>"
      Then it <verdict> the top play

      Examples:
        | top                      | reply                    | verdict       |
        | 7H 7S                    | 8D 8C                    | beats         |
        | 7H 7S                    | 7D 7C                    | does not beat |
        | 7H 7S                    | 6D 6C                    | does not beat |
        | 3H 4S 5D 6C 7H 8S        | 4H 5S 6D 7C 8H 9S        | beats         |
        | 3H 4S 5D 6C 7H           | 3D 4D 5S 6S 7C           | does not beat |
        | 3H 3S 4D 4C              | 4H 4S 5D 5C              | beats         |
        | 4H 4S 5D 5C              | 3H 3S 4D 4C              | does not beat |
        | 8H 8S 8D 9H 9S 9D        | 9C 9C 9D 10H 10S 10D     | beats         |

    @id:R03-025 @R03.3 @D8 @D9 @D11
    Scenario Outline: Kickers and wings are ignored: an equal body never beats
      When "<reply>" is played on "<top>"
      Then it does not beat the top play

      Examples:
        | top                          | reply                          |
        | 7H 7S 7D 3C                  | 7H 7S 7D AC                    |
        | 7H 7S 7D 3C 3D               | 7H 7S 7D AC AD                 |
        | 7H 7S 7D 3C                  | 7H 7S 7D BJ                    |
        | 3H 3S 3D 4H 4S 4D 5C 6D      | 3H 3S 3D 4H 4S 4D AC KD        |

    @id:R03-026 @R03.3 @D11
    Scenario: A higher triple beats whatever its kicker
      When "8H 8S 8D 3C" is played on "7H 7S 7D AC"
      Then it beats the top play
      And it is read as "triple+single 8"

    @id:R03-027 @R03.3 @D11
    Scenario: Only the pair that matches and is higher replies to a pair
      When the legal replies from "8D 8C 8S 9S" to "7S 7H" are listed
      Then there is 1 legal play
      And "pair 8: 8 8" is among them
      And "triple 8: 8 8 8" is not among them
      And "triple+single 8: 8 8 8 9" is not among them

    @id:R03-028 @R03.3 @R03.5 @D9 @D11
    Scenario: Winged replies keep the wing kind and the body length
      When the legal replies from "8H 8S 8D 9H 9S 9D 3C 4C 3S" to "3H 3S 3D 4H 4S 4D 5D 6D" are listed
      Then there are 2 legal plays
      And "airplane+singles 8-9: 3 4 8 8 8 9 9 9" is among them
      And "airplane+singles 8-9: 3 3 8 8 8 9 9 9" is among them

    @id:R03-049 @R03.3 @R02.1 @R03.4 @D11
    Scenario: A pair run beats a pair run of the same length more than one rank lower
      When "5D 5C 6D 6C" is played on "3D 3C 4D 4C"
      Then it beats the top play
      And it is read as "pairs 5-6"
      When the legal replies from "3D 3C 4D 4C 5D 5C 6D 6C" to "3D 3C 4D 4C" are listed
      Then there are 2 legal plays
      And "pairs 5-6: 5 5 6 6" is among them

    @id:R03-101 @R03.3 @R03.4 @D8 @D9 @D11
    Scenario Outline: A run is beaten by the same shape and length several ranks higher (<reading>)
      When "<reply>" is played on "<top>"
      Then it beats the top play
      And it is read as "<reading>"

      Examples:
        | top                                              | reply                                            | reading                 |
        | 3H 4D 5S 6C 7C                                   | 9H 10D JS QC KC                                  | straight 9-K            |
        | 3H 4D 5S 6C 7C 8D 9S                             | 8H 9D 10S JC QC KD AS                            | straight 8-A            |
        | 3H 3S 4D 4C                                      | 10H 10S JD JC                                    | pairs 10-J              |
        | 3H 3S 4D 4C 5H 5S                                | 9H 9S 10D 10C JH JS                              | pairs 9-J               |
        | 4H 4S 4D 5H 5S 5D                                | JH JS JD QH QS QD                                | airplane J-Q            |
        | 3H 3S 3D 4H 4S 4D 5H 5S 5D                       | 9H 9S 9D 10H 10S 10D JH JS JD                    | airplane 9-J            |
        | 3H 3S 3D 4H 4S 4D 5C 6D                          | 10H 10S 10D JH JS JD 3C 4D                       | airplane+singles 10-J   |
        | 3H 3S 3D 4H 4S 4D 5H 5S 5D 9C 10C JC             | 8H 8S 8D 9H 9S 9D 10H 10S 10D 3C 4C 5C           | airplane+singles 8-10   |
        | 3H 3S 3D 4H 4S 4D 9C 9D 10C 10D                  | QH QS QD KH KS KD 3C 3D 4C 4D                    | airplane+pairs Q-K      |

    @id:R03-102 @R03.3 @R03.4 @D9 @D11
    Scenario Outline: A run of the same shape but another length does not beat, however much higher (<what>)
      When "<reply>" is played on "<top>"
      Then it does not beat the top play

      Examples:
        | top                                              | reply                                                   | what                                          |
        | 3H 4D 5S 6C 7C                                   | 9H 10D JS QC KC AH                                      | a 6-card straight 9-A on a 5-card straight    |
        | 3H 4D 5S 6C 7C 8D                                | 10H JD QS KC AC                                         | a 5-card straight 10-A on a 6-card straight   |
        | 3H 4D 5S 6C 7C 8D 9S 10H                         | 6H 7D 8S 9C 10C JD QS KH AC                             | a 9-card straight on an 8-card straight       |
        | 3H 3S 4D 4C                                      | 9H 9S 10D 10C JH JS                                     | three pairs 9-J on two pairs                  |
        | 3H 3S 4D 4C 5H 5S                                | QH QS KD KC                                             | two pairs Q-K on three pairs                  |
        | 3H 3S 3D 4H 4S 4D                                | 9H 9S 9D 10H 10S 10D JH JS JD                           | three triples 9-J on two triples              |
        | 3H 3S 3D 4H 4S 4D 5H 5S 5D                       | KH KS KD AH AS AD                                       | two triples K-A on three triples              |
        | 3H 3S 3D 4H 4S 4D 9C 10C                         | 9H 9S 9D 10H 10S 10D JH JS JD 3C 4C 5C                  | three winged triples on two                   |
        | 3H 3S 3D 4H 4S 4D 5H 5S 5D 9C 10C JC             | QH QS QD KH KS KD 3C 4C                                 | two winged triples on three                   |
        | 3H 3S 3D 4H 4S 4D 9C 9D 10C 10D                  | 9H 9S 9D 10H 10S 10D JH JS JD 3C 3D 4C 4D 5C 5D         | three triples with pairs on two               |
        | 3H 3S 3D 4H 4S 4D 5H 5S 5D 9C 9D 10C 10D JC JD   | KH KS KD AH AS AD 3C 3D 4C 4D                           | two triples with pairs on three               |

    @id:R03-103 @R03.3 @R03.4 @D8 @D9 @D11
    Scenario Outline: A run of the same shape and length several ranks lower does not beat (<top>)
      When "<reply>" is played on "<top>"
      Then it does not beat the top play

      Examples:
        | top                                   | reply                                  |
        | 9H 10D JS QC KC                       | 3H 4D 5S 6C 7C                         |
        | 10H 10S JD JC QH QS                   | 3H 3S 4D 4C 5H 5S                      |
        | QH QS QD KH KS KD                     | 3H 3S 3D 4H 4S 4D                      |
        | JH JS JD QH QS QD 3C 4D               | 4H 4S 4D 5H 5S 5D AC AD                |
        | KH KS KD AH AS AD 3C 3D 4C 4D         | 5H 5S 5D 6H 6S 6D 2C 2D BJ BJ          |

    @id:R03-403 @R03.3 @D9 @D11
    Scenario: Only a higher airplane with pair wings replies to an airplane with pair wings
      When the legal replies from "4H 4S 4D 5H 5S 5D 9H 9S JH JS" to "3H 3S 3D 4H 4S 4D 7D 7C 8D 8C" are listed
      Then there is 1 legal play
      And "airplane+pairs 4-5: 4 4 4 5 5 5 9 9 J J" is among them

    @id:R03-701 @R03.3 @R13.2 @D40 @position-duties
    Scenario: A position whose trick holds a reply that does not beat the top play (7D on 9C) is refused, citing R03.3 as the play is
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
            ["3H", "7H"],
            ["4S", "QC"],
            [],
            []
          ],
          "captured": [300, 0, 0, 0, 0, 0],
          "trick": {
            "leader": 1,
            "plays": [
              {"seat": 1, "cards": ["9C"], "combo": "single 9"},
              {"seat": 2, "cards": ["7D"]}
            ],
            "passed": []
          },
          "turn": 3,
          "out": [4, 5]
        }
        """
      Then the position is refused citing R03.3

    @id:R03-702 @R03.3 @R13.2 @D40 @position-duties
    Scenario: A position whose trick holds a pair (7D 7H) replying to a single 9 is refused, citing R03.3 as the play is
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
              {"seat": 1, "cards": ["9C"], "combo": "single 9"},
              {"seat": 2, "cards": ["7D", "7H"]}
            ],
            "passed": []
          },
          "turn": 3,
          "out": [4, 5]
        }
        """
      Then the position is refused citing R03.3

    @id:R03-705 @R03.3 @R13.2 @D40 @position-duties
    Scenario: A position whose trick holds a reply that does not beat (7D on 9C) and then a king that does is refused citing R03.3: the king is on the table, not among the captured points
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
            ["3H", "7H"],
            ["4S", "QC"],
            [],
            []
          ],
          "captured": [290, 0, 0, 0, 0, 0],
          "trick": {
            "leader": 1,
            "plays": [
              {"seat": 1, "cards": ["9C"], "combo": "single 9"},
              {"seat": 2, "cards": ["7D"]},
              {"seat": 3, "cards": ["KC"]}
            ],
            "passed": []
          },
          "turn": 0,
          "out": [4, 5]
        }
        """
      Then the position is refused citing R03.3

  Rule: R03.4 Straights have 5+ cards, pair runs 2+ pairs, airplanes 2+ triples, all within 3…A

    @id:R03-029 @R03.4 @D9
    Scenario Outline: Runs of the minimum length or longer are legal
      When the cards "<cards>" are classified
      Then the cards read as "<reading>"

      Examples:
        | cards                                                                           | reading       |
        | 3H 4D 5S 6C 7C                                                                  | straight 3-7  |
        | 10H JD QS KC AC                                                                 | straight 10-A |
        | 3H 4D 5S 6C 7C 8D 9S 10H JC QD KS AH                                            | straight 3-A  |
        | 3H 3S 4D 4C                                                                     | pairs 3-4     |
        | KH KS AD AC                                                                     | pairs K-A     |
        | 3H 3S 4D 4C 5H 5S 6D 6C 7H 7S 8D 8C 9H 9S 10D 10C JH JS QD QC KH KS AD AC        | pairs 3-A     |
        | 3H 3S 3D 4H 4S 4D                                                               | airplane 3-4  |
        | KH KS KD AH AS AD                                                               | airplane K-A  |

    @id:R03-030 @R03.4 @D9
    Scenario Outline: Runs that are too short, broken or hold a 2 or a joker are illegal
      When the cards "<cards>" are classified
      Then the cards are illegal

      Examples:
        | cards                  | why                         |
        | 3H 4S 5D 6C            | a 4-card straight           |
        | 3H 4S 5D 6C 8H         | a gap in a straight         |
        | JH QD KS AC 2C         | a 2 in a straight           |
        | AH 2D 3S 4C 5H         | no wrapping round           |
        | 10H JD QS KC SJ        | a joker in a straight       |
        | AH AS 2D 2C            | a 2 in a pair run           |
        | 3H 3S 5D 5C            | a gap in a pair run         |
        | SJ SJ BJ BJ            | jokers in a pair run        |
        | AH AS AD 2H 2S 2D      | a 2 in an airplane body     |
        | 3H 3S 3D 5H 5S 5D      | a gap in an airplane body   |
        | SJ SJ SJ BJ BJ BJ      | jokers in an airplane body  |

    @id:R03-031 @R03.4 @R03.1 @D9
    Scenario: One pair or one triple is no run
      When the cards "3H 3S" are classified
      Then "pairs 3-3" is not one of the readings
      And the cards read as "pair 3"

    @id:R03-032 @R03.4 @D9
    Scenario: Four consecutive singles give no straight
      When the legal leads from "3H 4D 5S 6C" are listed
      Then there are 4 legal plays
      And "single 6: 6" is among them

    @id:R03-033 @R03.4 @D9
    Scenario: Five consecutive singles give exactly one straight
      When the legal leads from "3H 4D 5S 6C 7C" are listed
      Then there are 6 legal plays
      And "straight 3-7: 3 4 5 6 7" is among them

    @id:R03-034 @R03.4 @D9 @D12
    Scenario: Twelve consecutive singles give 36 straights of 5 to 12 cards
      One card of each rank 3…A: 12 singles, 8+7+…+1 = 36 straights and the mixed 5,10,K.
      When the legal leads from "3H 4D 5S 6C 7C 8D 9S 10H JC QD KS AH" are listed
      Then there are 49 legal plays
      And "straight 3-A: 3 4 5 6 7 8 9 10 J Q K A" is among them
      And "straight 10-A: 10 J Q K A" is among them
      And "5-10-K mixed: 5 10 K" is among them

    @id:R03-035 @R03.4 @R03.5 @D9
    Scenario: 2s may be wings but never part of the body
      When the cards "KH KS KD AH AS AD 2H 2S" are classified
      Then the cards read as "airplane+singles K-A"

    @id:R03-050 @R03.4 @D9
    Scenario: A 2 beside a run up to the ace does not lengthen it
      One straight and six singles; a 2 counted in the run would add 9-K and 9-A (no 9 held).
      When the legal leads from "10H JD QS KC AH 2D" are listed
      Then there are 7 legal plays
      And "straight 10-A: 10 J Q K A" is among them
      And "single 2: 2" is among them

    @id:R03-104 @R03.4 @R03.3 @D8 @D9 @D11
    Scenario Outline: A run ending at the ace is the top of its shape and length
      When "<reply>" is played on "<top>"
      Then it <verdict> the top play

      Examples:
        | top                                         | reply                                       | verdict       |
        | 6H 7D 8S 9C 10C                             | 10S JD QS KC AS                             | beats         |
        | 10H JD QS KC AS                             | JH QD KS AC 2C                              | does not beat |
        | 10H JD QS KC AS                             | JH QD KS AC SJ                              | does not beat |
        | 10H JD QS KC AS                             | 10S JH QD KS AC                             | does not beat |
        | 10H JD QS KC AS                             | 3H 4D 5S 6C 7C                              | does not beat |
        | 3H 4D 5S 6C 7C 8D 9S 10H JC QD KS AH        | 3D 4H 5D 6S 7S 8H 9D 10C JD QS KD AS        | does not beat |
        | 8H 8S 9D 9C                                 | KH KS AD AC                                 | beats         |
        | KH KS AD AC                                 | AH AS 2D 2C                                 | does not beat |
        | 9H 9S 9D 10H 10S 10D                        | KH KS KD AH AS AD                           | beats         |
        | KH KS KD AH AS AD                           | AH AS AD 2H 2S 2D                           | does not beat |
        | 3H 3S 3D 4H 4S 4D 5C 6D                     | KH KS KD AH AS AD 2C 2D                     | beats         |
        | KH KS KD AH AS AD 3C 4D                     | AH AS AD 2H 2S 2D 3S 4C                     | does not beat |
        | 3H 3S 3D 4H 4S 4D 5C 5D 6C 6D               | KH KS KD AH AS AD 2C 2D BJ BJ               | beats         |

    @id:R03-105 @R03.4 @R03.3 @D9 @D11
    Scenario: A 2 never extends a run: the only straight that replies is the one ending at the ace
      When the legal replies from "10S JH QD KS AC 2C" to "9H 10D JS QC KC" are listed
      Then there is 1 legal play
      And "straight 10-A: 10 J Q K A" is among them
      When the legal replies from "KH KS AD AC 2D 2C" to "QH QS KD KC" are listed
      Then there is 1 legal play
      And "pairs K-A: K K A A" is among them

    @id:R03-508 @R03.4 @D9 @D10 @D38
    Scenario Outline: A reply declared as a run that no cards can form is refused as bad input, citing the run rule
      No cards have such a reading (a straight has five ranks or more, pairs and airplanes two, no run a 2): asked whether it beats, the engine refuses the input, citing the rule that excludes the reading.
      When "<reply>" as "<declared>" is played on "7S"
      Then the declared reading is refused as bad input citing R03.4

      Examples:
        | reply              | declared             | why                   |
        | 3H 4D 5S 6C        | straight 3-6         | four ranks            |
        | 3H 3S              | pairs 3-3            | one pair              |
        | 3H 3S 3D           | airplane 3-3         | one triple            |
        | 3H 3S 3D 9C        | airplane+singles 3-3 | one triple and a wing |
        | 3H 3S 3D 9C 9D     | airplane+pairs 3-3   | one triple and a wing |
        | 10H JD QS KC AC 2C | straight 10-2        | a 2 in the run        |

    @id:R03-301 @R03.4 @R03.1 @D9 @D35
    Scenario: Triples of aces and big jokers with two singles are no airplane: jokers never stand in a body
      Given a hand in play with seat 0 as banker
      And seat 0 holds "AH AS AD BJ BJ BJ 3H 4H 9C"
      And seat 1 holds "8D 4C"
      And seat 2 holds "7H"
      When seat 0 plays "AH AS AD BJ BJ BJ 3H 4H"
      Then the action is rejected citing R03.1
      And seat 0 holds "AH AS AD BJ BJ BJ 3H 4H 9C"

    @id:R03-501 @R03.4 @D10
    Scenario: A twelve-card airplane led as the winged 8-10 its player declared is beaten by a higher winged airplane
      Given a hand in play with seat 0 as banker
      And seat 0 holds "3D 4D"
      And seat 2 holds "3H 4H"
      And seat 1 led "8S 8H 8D 9S 9H 9D 10S 10H 10D JS JH JD" as "airplane+singles 8-10"
      And seat 2 then played "9C 9C 9C 10C 10C 10C JC JC JC 3S 4S 5S"
      Then the top play is "airplane+singles 9-J" by seat 2

  Rule: R03.5 Wings never reuse body ranks nor hold both jokers

    @id:R03-036 @R03.5 @D9
    Scenario Outline: Wings that reuse a body rank are illegal
      When the cards "<cards>" are classified
      Then the cards are illegal

      Examples:
        | cards                          | why                                    |
        | 3H 3S 3D 4H 4S 4D 4C 5H        | single wing 4 on body 3-4              |
        | 3H 3S 3D 3C 4H 4S 4D 4C        | single wings 3 and 4 on body 3-4       |
        | 3H 3S 3D 4H 4S 4D 3C 3C 4C 4C  | pair wings 3 3 and 4 4 on body 3-4     |

    @id:R03-037 @R03.5 @D9
    Scenario Outline: Wings holding both jokers are illegal
      When the cards "<cards>" are classified
      Then the cards are illegal

      Examples:
        | cards                                | why                          |
        | 3H 3S 3D 4H 4S 4D SJ BJ              | single wings SJ and BJ       |
        | 3H 3S 3D 4H 4S 4D SJ SJ BJ BJ        | pair wings SJ SJ and BJ BJ   |
        | 3H 3S 3D 4H 4S 4D 5H 5S 5D SJ SJ BJ  | single wings SJ, SJ and BJ   |

    @id:R03-801 @R03.5 @R03.1 @D9 @D35
    Scenario Outline: In play too, wings that <why> make no combination: the play is refused citing R03.1
      Given a hand in play with seat 0 as banker
      And seat 0 holds "<cards> 9C"
      And seat 1 holds "8D 4C"
      When seat 0 plays "<cards>"
      Then the action is rejected citing R03.1
      And seat 0 is asked to play

      Examples:
        | cards                   | why                  |
        | 3H 3S 3D 3C 4H 4S 4D 4C | reuse the body ranks |
        | 3H 3S 3D 4H 4S 4D SJ BJ | hold both jokers     |

    @id:R03-038 @R03.5 @R03.1 @D9
    Scenario Outline: The both-jokers ban is on wings: a joker triple takes the other joker
      When the cards "<cards>" are classified
      Then the cards read as "<reading>"

      Examples:
        | cards          | reading          |
        | SJ SJ SJ BJ    | triple+single SJ |
        | BJ BJ BJ SJ    | triple+single BJ |
        | BJ BJ BJ SJ SJ | triple+pair BJ   |

    @id:R03-039 @R03.5 @D9
    Scenario Outline: Wings of one joker kind, 2s and ranks next to the body are legal
      When the cards "<cards>" are classified
      Then the cards read as "<reading>"

      Examples:
        | cards                          | reading              |
        | 3H 3S 3D 4H 4S 4D SJ SJ        | airplane+singles 3-4 |
        | 3H 3S 3D 4H 4S 4D 2H BJ        | airplane+singles 3-4 |
        | 3H 3S 3D 4H 4S 4D 5H 6H        | airplane+singles 3-4 |
        | 3H 3S 3D 4H 4S 4D BJ BJ 2C 2D  | airplane+pairs 3-4   |

    @id:R03-040 @R03.5 @D9
    Scenario Outline: Wings are one kind: all singles or all pairs, one per triple
      When the cards "<cards>" are classified
      Then the cards are illegal

      Examples:
        | cards                          | why                            |
        | 3H 3S 3D 4H 4S 4D 5H 5S 6D 7C  | a pair wing and two singles    |
        | 3H 3S 3D 4H 4S 4D 9H           | one single for two triples     |
        | 3H 3S 3D 4H 4S 4D 9H 10S JD    | three singles for two triples  |

    @id:R03-041 @R03.5 @D9
    Scenario: Single wings may share a rank by default
      When the cards "3H 3S 3D 4H 4S 4D 9H 9S" are classified
      Then the cards read as "airplane+singles 3-4"

    @id:R03-042 @R03.5 @D9
    Scenario: Single wings sharing a rank are illegal when wing ranks must differ
      Given the variant "wing_ranks" is "distinct"
      When the cards "3H 3S 3D 4H 4S 4D 9H 9S" are classified
      Then the cards are illegal

    @id:R03-043 @R03.5 @D9
    Scenario: Pair wings may repeat a rank by default
      When the cards "3H 3S 3D 4H 4S 4D 9H 9S 9D 9C" are classified
      Then the cards read as "airplane+pairs 3-4"

    @id:R03-044 @R03.5 @D9
    Scenario: Pair wings repeating a rank are illegal when wing ranks must differ
      Given the variant "wing_ranks" is "distinct"
      When the cards "3H 3S 3D 4H 4S 4D 9H 9S 9D 9C" are classified
      Then the cards are illegal

    @id:R03-045 @R03.5 @D9
    Scenario: Distinct wings stay legal when wing ranks must differ
      Given the variant "wing_ranks" is "distinct"
      When the cards "3H 3S 3D 4H 4S 4D 9H 9S 10D 10C" are classified
      Then the cards read as "airplane+pairs 3-4"

    @id:R03-046 @R03.5 @D9
    Scenario: Shared single wings drop out of the leads when wing ranks must differ
      Given the variant "wing_ranks" is "distinct"
      When the legal leads from "3H 3S 3D 4H 4S 4D 9H 9S" are listed
      Then there are 18 legal plays
      And "airplane+singles 3-4: 3 3 3 4 4 4 9 9" is not among them

    @id:R03-047 @R03.5 @D9
    Scenario: A hand cannot make a winged airplane with both jokers as wings
      When the legal leads from "3H 3S 3D 4H 4S 4D SJ BJ" are listed
      Then "airplane+singles 3-4: 3 3 3 4 4 4 SJ BJ" is not among them
      And "airplane 3-4: 3 3 3 4 4 4" is among them
      And "rocket: SJ BJ" is among them

    @id:R03-401 @R03.5 @R03.3 @D9 @D11
    Scenario: Two odd cards give a winged airplane exactly one set of single wings
      When the legal replies from "4H 4S 4D 5H 5S 5D 9H JS" to "3H 3S 3D 4H 4S 4D 7D 8D" are listed
      Then there is 1 legal play
      And "airplane+singles 4-5: 4 4 4 5 5 5 9 J" is among them
      And "airplane+singles 4-5: 4 4 4 5 5 5 9 9" is not among them

    @id:R03-402 @R03.5 @R03.3 @D9 @D11
    Scenario: A single joker is a wing like any other card
      When the legal replies from "4H 4S 4D 5H 5S 5D 9H BJ" to "3H 3S 3D 4H 4S 4D 7D 8D" are listed
      Then there is 1 legal play
      And "airplane+singles 4-5: 4 4 4 5 5 5 9 BJ" is among them

    @id:R03-302 @R03.5 @D9
    Scenario: Two small jokers are two single wings of one rank: illegal when wing ranks must differ
      Given the variant "wing_ranks" is "distinct"
      When the cards "3H 3S 3D 4H 4S 4D SJ SJ" are classified
      Then the cards are illegal

    @id:R03-503 @R03.5 @D9
    Scenario: Single wings of different ranks stay legal when wing ranks must differ
      Given the variant "wing_ranks" is "distinct"
      When the cards "3H 3S 3D 4H 4S 4D 9H 10S" are classified
      Then the cards read as "airplane+singles 3-4"

    @id:R03-504 @R03.5 @D9
    Scenario: When wing ranks must differ a joker is a wing of its own rank: a big joker beside a 9, or a pair of big jokers, but never two single big jokers
      Given the variant "wing_ranks" is "distinct"
      When the cards "3H 3S 3D 4H 4S 4D 9H BJ" are classified
      Then the cards read as "airplane+singles 3-4"
      When the cards "3H 3S 3D 4H 4S 4D BJ BJ" are classified
      Then the cards are illegal
      When the cards "3H 3S 3D 4H 4S 4D BJ BJ 2C 2D" are classified
      Then the cards read as "airplane+pairs 3-4"

    @id:R03-505 @R03.5 @R03.3 @D9 @D11
    Scenario: When wing ranks must differ a winged airplane is still a reply, its single wings of two ranks, a joker among them
      Given the variant "wing_ranks" is "distinct"
      When the legal replies from "4H 4S 4D 5H 5S 5D 9H 9S BJ" to "3H 3S 3D 4H 4S 4D 7D 8D" are listed
      Then there is 1 legal play
      And "airplane+singles 4-5: 4 4 4 5 5 5 9 BJ" is among them
      And "airplane+singles 4-5: 4 4 4 5 5 5 9 9" is not among them

    @id:R03-506 @R03.5 @R03.1 @D9
    Scenario: Four single wings may all be of one rank: a four-triple airplane with four 3s is a lead
      When the legal leads from "5H 5S 5D 6H 6S 6D 7H 7S 7D 8H 8S 8D 3H 3S 3D 3C" are listed
      Then there are 109 legal plays
      And "airplane+singles 5-8: 3 3 3 3 5 5 5 6 6 6 7 7 7 8 8 8" is among them
