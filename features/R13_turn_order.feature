@R13
Feature: R13 Turn order
  The banker leads, then seats act in a fixed direction. Beat with a higher matching
  combination or a higher special shape, or pass. The trick ends when all other active
  players pass.

  Unless a scenario says otherwise, seat 0 is a solo banker (both calls were self-calls),
  so the hand only ends when seat 0 or all five defenders are out.

  Rule: R13.1 The banker leads, then seats act in a fixed direction

    @id:R13-001 @R13.1 @D1 @D7 @D18 @D34
    Scenario: The banker leads the first trick once the calls are announced
      Given seat 3 is dealt "3H 9S 9D"
      And seat 4 is dealt "10D"
      And the kitty is "4D 4C 4H 4S 6D 6C"
      When seat 3 reveals "3H"
      And seat 3 buries "4D 4C 4H 4S 6D 6C"
      And seat 3 calls the 1st "AH" and the 2nd "AS"
      Then seat 3 is asked to play
      And there is no trick in progress
      When seat 3 plays "9S"
      Then seat 3 leads the trick
      And seat 4 is asked to play

    @id:R13-002 @R13.1 @D1 @D7 @D34 @D35
    Scenario: No other seat may lead the first trick
      Given seat 3 is dealt "3H 9S 9D"
      And seat 4 is dealt "10D"
      And the kitty is "4D 4C 4H 4S 6D 6C"
      When seat 3 reveals "3H"
      And seat 3 buries "4D 4C 4H 4S 6D 6C"
      And seat 3 calls the 1st "AH" and the 2nd "AS"
      And seat 4 plays "10D"
      Then the action is rejected citing R13.1
      And seat 3 is asked to play
      And there is no trick in progress

    @id:R13-003 @R13.1 @D1 @D18
    Scenario: After each action the turn passes to the next seat in seat order
      Given a hand in play with seat 0 as banker
      And seat 0 holds "7S 8D 3C"
      And seat 1 holds "9H 4C"
      And seat 2 holds "JS 5D"
      And seat 3 holds "2S 6C"
      And seat 4 holds "QH 8C"
      And seat 5 holds "KD 9C"
      When seat 0 plays "7S"
      Then seat 1 is asked to play
      When seat 1 passes
      Then seat 2 is asked to play
      When seat 2 plays "JS"
      Then seat 3 is asked to play

    @id:R13-004 @R13.1 @D1 @D18
    Scenario: The turn wraps round from seat 5 to seat 0
      Given a hand in play with seat 0 as banker
      And seat 0 holds "8D 3C"
      And seat 1 holds "9H 4C"
      And seat 3 holds "2S 6C"
      And seat 4 holds "8C"
      And seat 5 holds "KD 9C"
      And seat 4 led "QH"
      When seat 5 passes
      Then seat 0 is asked to play
      When seat 0 passes
      Then seat 1 is asked to play

    @id:R13-005 @R13.1 @D1
    Scenario: Seats that are out are skipped in the fixed direction
      Given a hand in play with seat 0 as banker
      And seat 0 holds "8D 3C"
      And seat 1 holds "9H 4C"
      And seat 4 holds "QH 8C"
      And seat 5 holds "KD 9C"
      And the seats went out in the order "3 2"
      When seat 0 plays "8D"
      And seat 1 plays "9H"
      Then seat 4 is asked to play
      And the out seats are "3 2"

    @id:R13-006 @R13.1 @D1 @D35
    Scenario Outline: A seat other than the next one in seat order may not play (<why>)
      Given a hand in play with seat 0 as banker
      And seat 0 holds "8D 3C"
      And seat 1 holds "9H 4C"
      And seat 2 holds "JS 5D"
      And seat 3 holds "2S 6C"
      And seat 4 holds "QH 8C"
      And seat 5 holds "KD 9C"
      And seat 0 led "7S"
      When seat <seat> plays "<cards>"
      Then the action is rejected citing R13.1
      And seat 1 is asked to play
      And the top play is "single 7" by seat 0

      Examples:
        | seat | cards | why                                  |
        | 2    | JS    | a later seat jumps the queue         |
        | 5    | KD    | the seat before the leader, reversed |
        | 0    | 8D    | the leader replies to itself         |

    @id:R13-007 @R13.1 @D1 @D35
    Scenario: A seat may not pass out of turn either
      Given a hand in play with seat 0 as banker
      And seat 0 holds "8D 3C"
      And seat 1 holds "9H 4C"
      And seat 2 holds "JS 5D"
      And seat 3 holds "2S 6C"
      And seat 0 led "7S"
      When seat 3 passes
      Then the action is rejected citing R13.1
      And seat 1 is asked to play

    @id:R13-501 @R13.1 @D1
    Scenario: After a reply the turn goes to the next seat in order
      Given a hand in play with seat 0 as banker
      And seat 0 holds "3D 4D"
      And seat 1 holds "3C 4C"
      And seat 2 holds "3H 4H"
      And seat 3 holds "QC 4S"
      And seat 4 holds "6D 7D"
      And seat 5 holds "6C 7C"
      And seat 1 led "9C"
      And seat 2 then played "JC"
      When seat 3 plays "QC"
      Then the top play is "single Q" by seat 3

    @id:R13-506 @R13.1 @D1 @D10
    Scenario: A trick on the table given by its plays alone, without readings or passes, is read as a player would
      Given the position is:
        """
        {
          "banker": 0,
          "buried": ["3D", "3D", "3C", "3C", "3H", "3H"],
          "calls": [{"face": "AH", "ordinal": 1, "played": 3, "resolved_by": 0}, {"face": "AS", "ordinal": 1, "played": 3, "resolved_by": 0}],
          "hands": [
            ["3D", "4D"],
            ["3C", "4C"],
            ["3H", "4H"],
            ["4S", "QC"],
            [],
            []
          ],
          "captured": [300, 0, 0, 0, 0, 0],
          "trick": {
            "leader": 1,
            "plays": [
              {"seat": 1, "cards": ["9C"]},
              {"seat": 2, "cards": ["JC"]}
            ]
          },
          "turn": 3,
          "out": [4, 5]
        }
        """
      When seat 3 plays "QC"
      Then the top play is "single Q" by seat 3

    @id:R13-512 @R13.1 @D1 @D40
    Scenario: A position whose trick was led by another seat than its leader is refused
      Given the position is:
        """
        {
          "banker": 0,
          "buried": ["3D", "3D", "3C", "3C", "3H", "3H"],
          "calls": [{"face": "AH", "ordinal": 1, "played": 3, "resolved_by": 0}, {"face": "AS", "ordinal": 1, "played": 3, "resolved_by": 0}],
          "hands": [
            ["3D", "4D"],
            ["3C", "4C"],
            ["3H", "4H"],
            ["4S", "QC"],
            [],
            []
          ],
          "captured": [300, 0, 0, 0, 0, 0],
          "trick": {
            "leader": 1,
            "plays": [
              {"seat": 2, "cards": ["9C"], "combo": "single 9"}
            ],
            "passed": []
          },
          "turn": 3,
          "out": [4, 5]
        }
        """
      Then the position is refused

    @id:R13-514 @R13.1 @D1 @D40
    Scenario: A position whose trick lists as passed fewer seats than passed since the last play is refused
      Given the position is:
        """
        {
          "banker": 0,
          "buried": ["3D", "3D", "3C", "3C", "3H", "3H"],
          "calls": [{"face": "AH", "ordinal": 1, "played": 3, "resolved_by": 0}, {"face": "AS", "ordinal": 1, "played": 3, "resolved_by": 0}],
          "hands": [
            ["3D", "4D"],
            ["3C", "4C"],
            ["3H", "4H"],
            ["4S", "QC"],
            [],
            []
          ],
          "captured": [300, 0, 0, 0, 0, 0],
          "trick": {
            "leader": 1,
            "plays": [
              {"seat": 1, "cards": ["9C"], "combo": "single 9"},
              {"seat": 2, "pass": true}
            ],
            "passed": []
          },
          "turn": 3,
          "out": [4, 5]
        }
        """
      Then the position is refused

    @id:R13-516 @R13.1 @D1 @D18 @D40
    Scenario: A position giving the turn back to a seat that passed since the last play, while another seat is still to act, is refused
      Given a hand in play with seat 1 as banker
      And seat 1 holds "3C 4C"
      And seat 2 holds "3H 4H"
      And seat 3 holds "3S 4S"
      And seat 1 led "9C"
      And seat 2 then passed
      And it is seat 2's turn
      Then the position is refused

    @id:R13-704 @R13.1 @D1 @D18 @D27 @D40 @position-duties
    Scenario: Under the trick pass rule, a position giving the turn to a seat that passed in this trick is refused citing R13.1
      Given the variant "pass" is "trick"
      And the position is:
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
            ["3H", "4H"],
            ["4S", "KC"],
            [],
            []
          ],
          "captured": [290, 0, 0, 0, 0, 0],
          "trick": {
            "leader": 1,
            "plays": [
              {"seat": 1, "cards": ["9C"], "combo": "single 9"},
              {"seat": 2, "pass": true},
              {"seat": 3, "cards": ["JC"], "combo": "single J"}
            ],
            "passed": [2]
          },
          "turn": 2,
          "out": [4, 5]
        }
        """
      Then the position is refused citing R13.1

    @id:R13-801 @R13.1 @D1 @D35
    Scenario Outline: Seats are numbered 0 to 5: an action from seat <seat> is malformed and cites no clause
      Given a hand in play with seat 0 as banker
      And seat 0 holds "8D 3C"
      And seat 1 holds "9H 4C"
      And seat 0 led "7S"
      When the action {"type": "pass", "seat": <seat>} is sent
      Then the action is rejected citing no clause
      And seat 1 is asked to play

      Examples:
        | seat |
        | 6    |
        | -1   |
        | true |
        | "1"  |

    @id:R13-802 @R13.1 @D1 @D35
    Scenario Outline: An action names a known type and its seat: <what> is malformed and cites no clause
      Given a hand in play with seat 0 as banker
      And seat 0 holds "8D 3C"
      And seat 1 holds "9H 4C"
      And seat 0 led "7S"
      When the action <action> is sent
      Then the action is rejected citing no clause
      And seat 1 is asked to play

      Examples:
        | what                     | action                                          |
        | an unknown type          | {"type": "fold", "seat": 1}                     |
        | an action without a seat | {"type": "pass"}                                |
        | a pass with cards        | {"type": "pass", "seat": 1, "cards": ["9H"]}    |

  Rule: R13.2 Beat with a higher matching combination or a higher special shape, or pass

    @id:R13-008 @R13.2 @D11
    Scenario Outline: A higher combination of the same shape beats the top play (<top>)
      Given a hand in play with seat 0 as banker
      And seat 0 holds "3C"
      And seat 1 holds "<reply> 4C"
      And seat 2 holds "JS 5D"
      And seat 0 led "<lead>"
      When seat 1 plays "<reply>"
      Then the top play is "<top>" by seat 1
      And seat 2 is asked to play

      Examples:
        | lead                 | reply                | top                 |
        | 7S                   | 9H                   | single 9            |
        | 7S 7H                | 9H 9D                | pair 9              |
        | 3D 4D 5S 6C 7C       | 4H 5H 6D 7D 8S       | straight 4-8        |
        | 6S 6H 6D 8S          | 9H 9D 9C 7C          | triple+single 9     |
        | 4S 4H 4D 5S 5H 5D    | 6H 6D 6C 7H 7D 7C    | airplane 6-7        |

    @id:R13-009 @R13.2 @D8 @D11 @D35
    Scenario Outline: A reply that does not beat the top play is rejected (<why>)
      Given a hand in play with seat 0 as banker
      And seat 0 holds "3C"
      And seat 1 holds "<reply> 4C"
      And seat 2 holds "JS 5D"
      And seat 0 led "<lead>"
      When seat 1 plays "<reply>"
      Then the action is rejected citing <clause>
      And the top play is "<top>" by seat 0
      And seat 1 is asked to play

      Examples:
        | lead           | reply                | top          | clause | why                 |
        | 7S             | 7H                   | single 7     | R03.3  | equal rank          |
        | 7S             | 6H                   | single 7     | R03.3  | lower rank          |
        | 7S             | 9H 9D                | single 7     | R03.3  | a pair on a single  |
        | 7S 7H          | 9H                   | pair 7       | R03.3  | a single on a pair  |
        | 3D 4D 5S 6C 7C | 4H 5H 6D 7D 8S 9S    | straight 3-7 | R03.3  | a longer straight   |

    @id:R13-010 @R13.2 @D9 @D11 @D12
    Scenario Outline: A higher special shape beats an ordinary play or a lower special shape (<top>)
      Given a hand in play with seat 0 as banker
      And seat 0 holds "3C"
      And seat 1 holds "<reply> 4C"
      And seat 2 holds "JS 5D"
      And seat 0 led "<lead>"
      When seat 1 plays "<reply>"
      Then the top play is "<top>" by seat 1

      Examples:
        | lead              | reply        | top               |
        | 2S 2H             | 5D 10D KC    | 5-10-K mixed      |
        | AS AH AD          | 5S 10S KS    | 5-10-K suited S   |
        | 3D 4D 5S 6C 7C    | 8H 8D 8C 8S  | bomb 4x8          |
        | 5H 10H KH         | 6H 6D 6C 6S  | bomb 4x6          |
        | 8H 8D 8C 8S       | SJ BJ        | rocket            |

    @id:R13-011 @R13.2 @D18
    Scenario: A seat may pass even when it could beat the top play
      Given a hand in play with seat 0 as banker
      And seat 0 holds "8D 3C"
      And seat 1 holds "9H 2S"
      And seat 2 holds "JS 5D"
      And seat 0 led "7S"
      When seat 1 passes
      Then seat 2 is asked to play
      And the top play is "single 7" by seat 0

    @id:R13-012 @R13.2 @D18 @D35
    Scenario: The banker may not pass the first lead of a trick
      Given a hand in play with seat 0 as banker
      And seat 0 holds "8D 3C"
      And seat 1 holds "9H 2S"
      When seat 0 passes
      Then the action is rejected citing R13.2
      And seat 0 is asked to play
      And there is no trick in progress

    @id:R13-013 @R13.2 @D18 @D35
    Scenario: The winner of a trick may not pass its new lead
      Given a hand in play with seat 0 as banker
      And seat 0 holds "8D 3C"
      And seat 1 holds "9H 2S"
      And seat 2 holds "5D"
      And seat 0 led "7S"
      And seat 1 then played "JS"
      When seats 2 and 0 pass
      Then the trick is over and seat 1 leads next
      When seat 1 passes
      Then the action is rejected citing R13.2
      And seat 1 is asked to play

    @id:R13-014 @R13.2 @D18
    Scenario: A pass covers that turn only, so the passer may play again in the same trick
      Given a hand in play with seat 0 as banker
      And seat 0 holds "8D 3C"
      And seat 1 holds "9H 2S"
      And seat 2 holds "JS 5D"
      And seat 3 holds "6C"
      And seat 4 holds "8C"
      And seat 5 holds "9C"
      And seat 0 led "7S"
      When seat 1 passes
      And seat 2 plays "JS"
      And seats 3, 4, 5 and 0 pass
      Then seat 1 is asked to play
      When seat 1 plays "2S"
      Then the top play is "single 2" by seat 1
      And seat 2 is asked to play

    @id:R13-015 @R13.2 @D18 @D27 @D35
    Scenario: Under the trick-lock variant a seat that passed may not play again in the trick
      Given the variant "pass" is "trick"
      And a hand in play with seat 0 as banker
      And seat 0 holds "8D 3C"
      And seat 1 holds "9H 2S"
      And seat 2 holds "JS 5D"
      And seat 3 holds "6C"
      And seat 4 holds "8C"
      And seat 5 holds "9C"
      And seat 0 led "7S"
      When seat 1 passes
      And seat 2 plays "JS"
      And seats 3, 4, 5 and 0 pass
      Then the trick is over and seat 2 leads next
      When seat 1 plays "2S"
      Then the action is rejected citing R13.1
      And seat 2 is asked to play

    @id:R13-016 @R13.2 @D11 @D35
    Scenario: A reply must beat the current top play, not just the lead
      Given a hand in play with seat 0 as banker
      And seat 0 holds "8D 3C"
      And seat 2 holds "9D 5D"
      And seat 3 holds "6C"
      And seat 0 led "7S"
      And seat 1 then played "JD"
      When seat 2 plays "9D"
      Then the action is rejected citing R03.3
      And the top play is "single J" by seat 1
      And seat 2 is asked to play

    @id:R13-017 @R13.2 @D35
    Scenario: A seat may play only cards it holds
      Given a hand in play with seat 0 as banker
      And seat 0 holds "8D 3C"
      And seat 1 holds "9H 4C"
      And seat 0 led "7S"
      When seat 1 plays "AS"
      Then the action is rejected citing R13.2
      And seat 1 is asked to play

    @id:R13-517 @R13.2 @D35
    Scenario: A played copy leaves the hand: a seat that held two 9D and played one may not play the pair
      Given a hand in play with seat 0 as banker
      And seat 0 holds "9D 9D 7S"
      And seat 1 holds "3C 4C"
      When seat 0 leads "9D"
      And seat 1 passes
      Then the trick is over and seat 0 leads next
      When seat 0 plays "9D 9D"
      Then the action is rejected citing R13.2
      And seat 0 holds "9D 7S"
      And seat 0 is asked to play

    @id:R13-101 @R13.2 @R03.3 @R03.4 @D9 @D11
    Scenario Outline: In play a run several ranks higher, of the same shape and length, beats the top play (<top>)
      Given a hand in play with seat 0 as banker
      And seat 0 holds "3C"
      And seat 1 holds "<reply> 4C"
      And seat 2 holds "JS 5D"
      And seat 0 led "<lead>"
      When seat 1 plays "<reply>"
      Then the top play is "<top>" by seat 1
      And seat 2 is asked to play

      Examples:
        | lead                                   | reply                                  | top                     |
        | 3D 4D 5S 6C 7C                         | 9H 10H JD QD KS                        | straight 9-K            |
        | 3D 4D 5S 6C 7C 8D 9S                   | 8H 9D 10S JC QC KD AC                  | straight 8-A            |
        | 3D 3S 4D 4C 5H 5S                      | 9H 9S 10D 10C JH JS                    | pairs 9-J               |
        | 4S 4H 4D 5S 5H 5D                      | JH JS JD QH QS QD                      | airplane J-Q            |

    @id:R13-102 @R13.2 @R03.3 @R03.4 @D9 @D11 @D35
    Scenario Outline: In play a run of another length, a lower run or a run through the 2 is rejected (<why>)
      Given a hand in play with seat 0 as banker
      And seat 0 holds "3C"
      And seat 1 holds "<reply> 4C"
      And seat 2 holds "JS 5D"
      And seat 0 led "<lead>"
      When seat 1 plays "<reply>"
      Then the action is rejected citing <clause>
      And the top play is "<top>" by seat 0
      And seat 1 is asked to play

      Examples:
        | lead                                   | reply                                  | top                   | clause | why                                      |
        | 3D 4D 5S 6C 7C                         | 9H 10H JD QD KS AH                     | straight 3-7          | R03.3  | a longer straight several ranks higher   |
        | 3D 4D 5S 6C 7C 8D                      | 10H JD QS KC AC                        | straight 3-8          | R03.3  | a shorter straight several ranks higher  |
        | 9D 10D JS QC KC                        | 3H 4D 5S 6C 7H                         | straight 9-K          | R03.3  | a straight several ranks lower           |
        | 10D JD QS KC AC                        | JH QD KS AH 2H                         | straight 10-A         | R03.1  | a straight through the 2                 |
        | 3D 3S 4D 4C                            | 9H 9S 10D 10C JH JS                    | pairs 3-4             | R03.3  | three pairs on two                       |
        | QD QS KD KC                            | 5H 5S 6D 6C                            | pairs Q-K             | R03.3  | a pair run several ranks lower           |
        | 3H 3S 3D 4H 4S 4D 5H 5S 5D             | KH KS KD AH AS AD                      | airplane 3-5          | R03.3  | two triples on three                     |

    @id:R13-401 @R13.2 @D35
    Scenario: A seat holding one pair of a run may not play the whole run
      Given a hand in play with seat 0 as banker
      And seat 0 holds "8D 3C"
      And seat 1 holds "9H 9H 10D 10D 4C"
      And seat 0 led "7S 7S 8H 8H"
      When seat 1 plays "9H 9H 10S 10S"
      Then the action is rejected citing R13.2
      And seat 1 holds "9H 9H 10D 10D 4C"
      And seat 1 is asked to play

    @id:R13-701 @R13.2 @D40 @position-duties
    Scenario: A position whose trick begins with a pass is refused citing R13.2, as the leader's pass is
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
            ["3H", "4H"],
            ["4S", "QC"],
            [],
            []
          ],
          "captured": [300, 0, 0, 0, 0, 0],
          "trick": {
            "leader": 1,
            "plays": [
              {"seat": 1, "pass": true},
              {"seat": 2, "cards": ["9C"], "combo": "single 9"}
            ],
            "passed": [1]
          },
          "turn": 3,
          "out": [4, 5]
        }
        """
      Then the position is refused citing R13.2

    @id:R13-803 @R13.2 @D35
    Scenario Outline: A play's cards are a list of card tokens: cards given as <what> are malformed and cite no clause
      Given a hand in play with seat 0 as banker
      And seat 0 holds "8D 3C"
      And seat 1 holds "9H 4C"
      And seat 0 led "7S"
      When the action {"type": "play", "seat": 1, "cards": <cards>} is sent
      Then the action is rejected citing no clause
      And seat 1 is asked to play

      Examples:
        | what      | cards     |
        | one text  | "9H"      |
        | null      | null      |
        | an object | {"9H": 1} |

  Rule: R13.3 The trick ends when all other active players pass

    @id:R13-018 @R13.3 @D18
    Scenario: The trick ends when every other player holding cards has passed
      Given a hand in play with seat 0 as banker
      And seat 0 holds "8D 3C"
      And seat 1 holds "9H 4C"
      And seat 2 holds "JS 5D"
      And seat 3 holds "2S 6C"
      And seat 4 holds "QH 8C"
      And seat 5 holds "KD 9C"
      And seat 0 led "7S"
      When seats 1, 2, 3, 4 and 5 pass
      Then the trick is over and seat 0 leads next

    @id:R13-019 @R13.3 @D18
    Scenario: The trick goes on while one active player has yet to pass
      Given a hand in play with seat 0 as banker
      And seat 0 holds "8D 3C"
      And seat 1 holds "9H 4C"
      And seat 2 holds "JS 5D"
      And seat 3 holds "2S 6C"
      And seat 4 holds "QH 8C"
      And seat 5 holds "KD 9C"
      And seat 0 led "7S"
      When seats 1, 2, 3 and 4 pass
      Then seat 5 is asked to play
      And the top play is "single 7" by seat 0

    @id:R13-020 @R13.3 @D18
    Scenario: Players who are out are not waited for
      Given a hand in play with seat 0 as banker
      And seat 0 holds "8D 3C"
      And seat 1 holds "9H 4C"
      And seat 2 holds "JS 5D"
      And the seats went out in the order "5 3 4"
      And seat 0 led "7S"
      When seats 1 and 2 pass
      Then the trick is over and seat 0 leads next

    @id:R13-021 @R13.3 @D18
    Scenario: Only passes made since the last successful play end the trick
      Given a hand in play with seat 0 as banker
      And seat 0 holds "8D 3C"
      And seat 1 holds "9H 4C"
      And seat 2 holds "JS 5D"
      And seat 3 holds "6C"
      And seat 4 holds "8C"
      And seat 5 holds "9C"
      And seat 0 led "7S"
      When seat 1 passes
      And seat 2 plays "JS"
      And seats 3, 4, 5 and 0 pass
      Then seat 1 is asked to play
      And the top play is "single J" by seat 2
      When seat 1 passes
      Then the trick is over and seat 2 leads next

    @id:R13-022 @R13.3 @D18 @D27
    Scenario: Under the trick-lock variant an earlier pass counts towards the end of the trick
      Given the variant "pass" is "trick"
      And a hand in play with seat 0 as banker
      And seat 0 holds "8D 3C"
      And seat 1 holds "9H 4C"
      And seat 2 holds "JS 5D"
      And seat 3 holds "6C"
      And seat 4 holds "8C"
      And seat 5 holds "9C"
      And seat 0 led "7S"
      When seat 1 passes
      And seat 2 plays "JS"
      And seats 3, 4, 5 and 0 pass
      Then the trick is over and seat 2 leads next

    @id:R13-023 @R13.3 @D27 @D18
    Scenario: Under the trick-lock variant a play ends the trick when nobody else may act
      Given the variant "pass" is "trick"
      And a hand in play with seat 0 as banker
      And seat 0 holds "8D 3C"
      And seat 1 holds "JS 4C"
      And seat 3 holds "6C"
      And seat 4 holds "8C"
      And seat 5 holds "9C"
      And seat 1 led "7S"
      And seat 2 then played "9S"
      And seat 3 then passed
      And seat 4 then passed
      And seat 5 then passed
      And seat 0 then passed
      When seat 1 plays "JS"
      Then the trick is over and seat 1 leads next

    @id:R13-024 @R13.3 @D18
    Scenario: By default the same play leaves the trick open for the earlier passers
      Given a hand in play with seat 0 as banker
      And seat 0 holds "8D 3C"
      And seat 1 holds "JS 4C"
      And seat 3 holds "6C"
      And seat 4 holds "8C"
      And seat 5 holds "9C"
      And seat 1 led "7S"
      And seat 2 then played "9S"
      And seat 3 then passed
      And seat 4 then passed
      And seat 5 then passed
      And seat 0 then passed
      When seat 1 plays "JS"
      Then seat 3 is asked to play
      And the top play is "single J" by seat 1

    @id:R13-025 @R13.2 @D18
    Scenario: The trick records every play with its reading and every pass, in turn order
      Given a hand in play with seat 0 as banker
      And seat 0 holds "8D 3C"
      And seat 1 holds "JS 4C"
      And seat 3 holds "6C"
      And seat 4 holds "8C"
      And seat 5 holds "9C"
      And seat 1 led "7S"
      And seat 2 then played "9S"
      And seat 3 then passed
      And seat 4 then passed
      And seat 5 then passed
      And seat 0 then passed
      When seat 1 plays "JS"
      Then the trick's plays are "1: 7S = single 7; 2: 9S = single 9; 3: pass; 4: pass; 5: pass; 0: pass; 1: JS = single J"
      And the top play is "single J" by seat 1

    @id:R13-515 @R13.2 @D18
    Scenario: A pass made in play is recorded in the trick between the plays around it
      Given a hand in play with seat 1 as banker
      And seat 1 holds "7S 3C"
      And seat 2 holds "8H 4H"
      And seat 3 holds "9S 4S"
      And seat 0 holds "3D 4D"
      When seat 1 leads "7S"
      And seat 2 passes
      And seat 3 plays "9S"
      Then the trick's plays are "1: 7S = single 7; 2: pass; 3: 9S = single 9"
      And seat 0 is asked to play

    @id:R13-201 @R13.3 @D40
    Scenario: A position giving the turn back to the seat that made the top play is refused
      Given a hand in play with seat 0 as banker
      And seat 0 holds "5H 5S"
      And seat 1 holds "9D 10D"
      And seat 2 holds "KH"
      And seat 1 led "9C"
      And it is seat 1's turn
      Then the position is refused citing R13.3

    @id:R13-502 @R13.3 @D18
    Scenario: Under the turn pass rule a seat that passed before the last play may play when its turn comes again
      Given a hand in play with seat 0 as banker
      And seat 0 holds "3D 4D"
      And seat 1 holds "3C 4C"
      And seat 2 holds "QC 4H"
      And seat 3 holds "3S 4S"
      And seat 4 holds "6D 7D"
      And seat 5 holds "6C 7C"
      And seat 1 led "9C"
      And seat 2 then passed
      And seat 3 then played "JC"
      And seat 4 then passed
      And seat 5 then passed
      And seat 0 then passed
      And seat 1 then passed
      When seat 2 plays "QC"
      Then the top play is "single Q" by seat 2

    @id:R13-503 @R13.3 @D18 @D27
    Scenario: Under the trick pass rule a seat that passed is skipped for the rest of the trick
      Given the variant "pass" is "trick"
      And a hand in play with seat 0 as banker
      And seat 0 holds "3D 4D"
      And seat 1 holds "3C 4C"
      And seat 2 holds "QC 4H"
      And seat 3 holds "KC 4S"
      And seat 4 holds "6D 7D"
      And seat 5 holds "6C 7C"
      And seat 1 led "9C"
      And seat 2 then passed
      And seat 3 then played "JC"
      And seat 4 then passed
      And seat 5 then passed
      And seat 0 then passed
      And seat 1 then played "QD"
      When seat 3 plays "KC"
      Then the top play is "single K" by seat 3

    @id:R13-504 @R13.3 @D18 @D40
    Scenario: A position whose trick every other player holding cards has passed is refused
      Given a hand in play with seat 1 as banker
      And seat 1 holds "3C 4C"
      And seat 2 holds "3H 4H"
      And seat 3 holds "3S 4S"
      And seat 1 led "9C"
      And seat 2 then passed
      And seat 3 then passed
      And it is seat 2's turn
      Then the position is refused citing R13.3

    @id:R13-505 @R13.3 @D40
    Scenario: A position where a player replied to their own top play is refused
      Given a hand in play with seat 0 as banker
      And seat 0 holds "3D 4D"
      And seat 1 holds "3C 4C"
      And seat 2 holds "3H 4H"
      And seat 1 led "9C"
      And seat 1 then played "JC"
      Then the position is refused citing R13.3

    @id:R13-507 @R13.3 @D18
    Scenario: The seats a trick lists as passed count as passed: when the last other seat passes the trick is over
      Given the position is:
        """
        {
          "banker": 0,
          "buried": ["3D", "3D", "3C", "3C", "3H", "3H"],
          "calls": [{"face": "AH", "ordinal": 1, "played": 3, "resolved_by": 0}, {"face": "AS", "ordinal": 1, "played": 3, "resolved_by": 0}],
          "hands": [
            ["3D", "4D"],
            ["3C", "4C"],
            ["3H", "4H"],
            ["3S", "4S"],
            ["6D", "7D"],
            ["6C", "7C"]
          ],
          "captured": [300, 0, 0, 0, 0, 0],
          "trick": {
            "leader": 1,
            "plays": [
              {"seat": 1, "cards": ["9C"], "combo": "single 9"}
            ],
            "passed": [2, 3, 4, 5]
          },
          "turn": 0,
          "out": []
        }
        """
      When seat 0 passes
      Then the trick is over and seat 1 leads next

    @id:R13-702 @R13.3 @R16.1 @D18 @D40 @position-duties
    Scenario: A position whose trick lists as passed a seat that holds no cards is refused citing R16.1
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
            ["3H", "4H"],
            ["4S", "QC"],
            [],
            []
          ],
          "captured": [300, 0, 0, 0, 0, 0],
          "trick": {
            "leader": 1,
            "plays": [
              {"seat": 1, "cards": ["9C"], "combo": "single 9"}
            ],
            "passed": [4]
          },
          "turn": 2,
          "out": [4, 5]
        }
        """
      Then the position is refused citing R16.1

    @id:R13-703 @R13.3 @D18 @D40 @position-duties
    Scenario: A position whose trick lists as passed the seat that made the top play is refused citing R13.3
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
            ["3H", "4H"],
            ["4S", "QC"],
            [],
            []
          ],
          "captured": [300, 0, 0, 0, 0, 0],
          "trick": {
            "leader": 1,
            "plays": [
              {"seat": 1, "cards": ["9C"], "combo": "single 9"}
            ],
            "passed": [1]
          },
          "turn": 2,
          "out": [4, 5]
        }
        """
      Then the position is refused citing R13.3
