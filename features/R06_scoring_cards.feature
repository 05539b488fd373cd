@R06
Feature: R06 Scoring cards
  Each 5 scores 5; each 10 or K scores 10. Three decks contain twelve of each rank: 60 + 120
  + 120 = 300 points.

  Rule: R06.1 Each 5 scores 5; each 10 or K scores 10

    @id:R06-001 @R06.1 @D22
    Scenario Outline: Each scoring card scores its value in any suit
      When the points of "<cards>" are counted
      Then they score <points> points

      Examples:
        | cards | points |
        | 5H    | 5      |
        | 5S    | 5      |
        | 10D   | 10     |
        | 10C   | 10     |
        | KH    | 10     |
        | KS    | 10     |

    @id:R06-002 @R06.1 @D22
    Scenario Outline: Every other card scores nothing
      When the points of "<cards>" are counted
      Then they score 0 points

      Examples:
        | cards                                    |
        | 3H 4S 6D 7C 8H 9S                        |
        | JH QS AD 2C                              |
        | SJ BJ                                    |
        | 4D 6C 9H QD                              |

    @id:R06-003 @R06.1 @D22
    Scenario Outline: Points add up card by card
      When the points of "<cards>" are counted
      Then they score <points> points

      Examples:
        | cards                   | points |
        | 5H 10S KD               | 25     |
        | 5H 5S 5D 10H KH KS      | 45     |
        | 10H 10S 10D 10C         | 40     |
        | KS KS KS                | 30     |
        | 5D 6D 7D 8D 9D 10D JD   | 15     |
        | 3H 5H AS KC 2D BJ       | 15     |

    @id:R06-004 @R06.1 @D22
    Scenario: No cards score no points
      When the points of "" are counted
      Then they score 0 points

    @id:R06-501 @R06.1 @D40
    Scenario: A position crediting a seat with 3 captured points is refused, since every scoring card is worth 5 or 10
      Given a hand in play with seat 0 as banker
      And seat 0 holds "9D"
      And seat 1 holds "8D 8C"
      And seat 3 has captured 3 points
      Then the position is refused citing R06.1

  Rule: R06.2 Three decks hold twelve of each rank: 60 + 120 + 120 = 300 points

    @id:R06-005 @R06.2 @R01.1 @D22
    Scenario: The pack is three full decks with jokers worth 300 points
      When the pack is counted
      Then the pack holds 162 cards, 54 faces of 3 copies each, and 300 points

    @id:R06-006 @R06.2 @D22
    Scenario Outline: Twelve cards of a scoring rank make its share of the 300 points
      When the points of "<cards>" are counted
      Then they score <points> points

      Examples:
        | rank | cards                                           | points |
        | 5    | 5D 5D 5D 5C 5C 5C 5H 5H 5H 5S 5S 5S             | 60     |
        | 10   | 10D 10D 10D 10C 10C 10C 10H 10H 10H 10S 10S 10S | 120    |
        | K    | KD KD KD KC KC KC KH KH KH KS KS KS             | 120    |

    @id:R06-007 @R06.2 @D22
    Scenario: All 36 scoring cards of the pack score 300 points
      When the points of "5D 5D 5D 5C 5C 5C 5H 5H 5H 5S 5S 5S 10D 10D 10D 10C 10C 10C 10H 10H 10H 10S 10S 10S KD KD KD KC KC KC KH KH KH KS KS KS" are counted
      Then they score 300 points

    @id:R06-008 @R06.2 @D22
    Scenario: Three copies of one face are a legal count
      When the points of "5H 5H 5H" are counted
      Then they score 15 points

    @id:R06-009 @R06.2 @R01.1 @D22 @D35
    Scenario Outline: A fourth copy of one face is bad input when counting points
      When the points of "<cards>" are counted
      Then the cards are rejected as bad input citing R01.1

      Examples:
        | cards           |
        | 5H 5H 5H 5H     |
        | KS KS KS KS     |
        | 10D 10D 10D 10D |

    @id:R06-010 @R06.2 @R01.1 @D9 @D35
    Scenario Outline: A fourth copy of one face is bad input when classifying
      When the cards "<cards>" are classified
      Then the cards are rejected as bad input citing R01.1

      Examples:
        | cards          |
        | 3H 3H 3H 3H    |
        | BJ BJ BJ BJ    |
        | 7S 7S 7S 7S 7H |

    @id:R06-502 @R06.2 @D30 @D34
    Scenario: A position whose hands and burial hold all 300 points is the first deal of the first hand with nothing captured yet
      Given the position is:
        """
        {
          "banker": 0,
          "hands": [
            ["5D", "5D", "5D", "5C", "5C", "5C", "5H", "5H", "5H", "5S", "5S", "5S", "9D"],
            ["10D", "10D", "10D", "10C", "10C", "10C", "10H", "10H", "10H", "10S", "10S", "10S"],
            ["KD", "KD", "KD", "KC", "KC", "KC", "KH", "KH", "KH", "KS", "KS", "KS"],
            [],
            [],
            []
          ],
          "buried": ["3D", "3D", "3D", "3C", "3C", "3C"],
          "calls": [{"face": "AH", "ordinal": 1, "resolved_by": 0}, {"face": "AS", "ordinal": 1, "resolved_by": 0}],
          "turn": 0
        }
        """
      Then this is hand 1 of the match
      And this is deal 1 of the hand
      And the captured points are "0 0 0 0 0 0"

    @id:R06-503 @R06.2 @R20.2 @D40
    Scenario: A position whose captured points exceed the points played in earlier tricks is refused
      Given the position is:
        """
        {
          "banker": 0,
          "buried": ["3D", "3D", "3D", "3C", "3C", "3C"],
          "calls": [{"face": "AH", "ordinal": 1, "played": 3, "resolved_by": 0}, {"face": "AS", "ordinal": 1, "played": 3, "resolved_by": 0}],
          "hands": [
            ["9D", "9C"],
            ["8D", "8C"],
            ["7D", "7C"],
            [],
            [],
            []
          ],
          "captured": [300, 5, 0, 0, 0, 0],
          "turn": 0,
          "out": [3, 4, 5]
        }
        """
      Then the position is refused citing R06.2
