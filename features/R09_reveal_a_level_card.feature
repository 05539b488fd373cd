@R09
Feature: R09 Reveal a level card
  Only the previous winning side may compete; previous losers cannot reveal. Each eligible
  player may reveal only their own current rank during dealing. The first legal reveal fixes
  the banker; no later challenge or reversal. Skipping applies only to this draw; ask again
  on later draws while a legal reveal remains available. If no one reveals, start after the
  previous banker and follow seat order to the first previous winner.

  In these later hands the first card goes to the seat after the previous banker (D2): with
  seat 0 the previous banker, seat s receives draws s, s+6, s+12, … (seat 0: 6, 12, 18, …).
  Cards nobody chose are filled strongest-first, so low ranks come last.

  Rule: R09.1 Only the previous winning side may reveal

    @id:R09-001 @R09.1 @D6 @D34
    Scenario: A previous winner holding their level card is prompted and may reveal it
      Given this is hand 2, after seat 0 was banker and seats "0 3" won
      And the levels are "4 3 3 4 3 3"
      And seat 3 is dealt "4D"
      Then seat 3 is asked to reveal
      And 3 cards have been dealt
      When seat 3 reveals "4D"
      Then seat 3 is the banker
      And the previous winners are "0 3"

    @id:R09-002 @R09.1 @D3 @D6 @D34
    Scenario: Previous losers holding their level card are never prompted
      Given this is hand 2, after seat 0 was banker and seats "0 3" won
      And the levels are "4 3 3 4 3 3"
      And seat 1 is dealt "3H"
      And seat 4 is dealt "3S"
      And seat 3 is dealt "9C 4S"
      Then seat 3 is asked to reveal
      And 9 cards have been dealt
      And no banker is fixed

    @id:R09-003 @R09.1 @D6 @D34 @D35
    Scenario: A previous loser's reveal is rejected
      Given this is hand 2, after seat 0 was banker and seats "0 3" won
      And the levels are "4 3 3 4 3 3"
      And seat 1 is dealt "3H"
      And seat 3 is dealt "9C 4S"
      When seat 1 reveals "3H"
      Then the action is rejected citing R09.1
      And no banker is fixed
      And seat 3 is asked to reveal

    @id:R09-004 @R09.1 @D6 @D34
    Scenario: Defenders who won without advancing may reveal at their unchanged level
      Given this is hand 2, after seat 0 was banker and seats "2 3 4 5" won
      And the levels are "3 3 3 3 3 3"
      And seat 1 is dealt "3S"
      And seat 2 is dealt "3H"
      Then seat 2 is asked to reveal
      And 2 cards have been dealt
      When seat 2 reveals "3H"
      Then seat 2 is the banker

    @id:R09-005 @R09.1 @D6 @D34 @D35
    Scenario: The previous banker is not eligible when their side lost
      Given this is hand 2, after seat 0 was banker and seats "1 2 4" won
      And the levels are "3 3 3 3 3 3"
      And seat 0 is dealt "3D"
      And seat 4 is dealt "9D 3C"
      Then seat 4 is asked to reveal
      And 10 cards have been dealt
      When seat 0 reveals "3D"
      Then the action is rejected citing R09.1

  Rule: R09.2 Each eligible player reveals only their own current rank

    @id:R09-006 @R09.2 @D6 @D25 @D34 @D35
    Scenario: A player at level 5 reveals a 5, not a 3
      Given this is hand 2, after seat 0 was banker and seats "0 3" won
      And the levels are "5 3 3 5 3 3"
      And seat 0 is dealt "3H 5S"
      Then seat 0 is asked to reveal
      And 12 cards have been dealt
      When seat 0 reveals "3H"
      Then the action is rejected citing R09.2
      When seat 0 reveals "5S"
      Then seat 0 is the banker
      And seat 0 revealed "5S" at draw 12

    @id:R09-007 @R09.2 @D6 @D34 @D35
    Scenario: A winner cannot reveal another winner's level
      Given this is hand 2, after seat 0 was banker and seats "0 3" won
      And the levels are "4 3 3 6 3 3"
      And seat 3 is dealt "4H 6H"
      Then seat 3 is asked to reveal
      And 9 cards have been dealt
      When seat 3 reveals "4H"
      Then the action is rejected citing R09.2
      When seat 3 reveals "6H"
      Then seat 3 is the banker

    @id:R09-008 @R09.2 @D6 @D34 @D35
    Scenario: A card of one's level that one does not hold cannot be revealed
      Given this is hand 2, after seat 0 was banker and seats "0 3" won
      And the levels are "5 3 3 5 3 3"
      And seat 3 is dealt "5H"
      When seat 3 reveals "5S"
      Then the action is rejected citing R09.2
      And no banker is fixed

    @id:R09-009 @R09.2 @D6 @D34
    Scenario Outline: Any suit of one's own level may be revealed
      Given this is hand 2, after seat 0 was banker and seats "0 3" won
      And the levels are "4 3 3 Q 3 3"
      And seat 3 is dealt "<card>"
      When seat 3 reveals "<card>"
      Then seat 3 is the banker
      And seat 3 revealed "<card>" at draw 3

      Examples:
        | card |
        | QD   |
        | QS   |

    @id:R09-701 @R09.2 @D34 @D40 @position-duties
    Scenario: A position in hand 2 whose banker, at level 4, revealed a 5 is refused citing R09.2: a player reveals only their own level
      Given the position is:
        """
        {
          "hand": 2,
          "phase": "playing",
          "deal": 1,
          "levels": ["4", "3", "3", "3", "3", "3"],
          "previous_winners": [0, 3],
          "previous_banker": 3,
          "banker": 0,
          "reveal": {"seat": 0, "card": "5H", "draw": 7},
          "buried": ["3D", "3D", "3C", "3C", "3H", "3H"],
          "calls": [{"face": "AH", "ordinal": 1, "played": 3, "resolved_by": 0}, {"face": "AS", "ordinal": 1, "played": 3, "resolved_by": 0}],
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
      Then the position is refused citing R09.2

  Rule: R09.3 The first legal reveal fixes the banker; no later challenge

    @id:R09-010 @R09.3 @D3 @D34 @D35
    Scenario: Another winner's later reveal cannot challenge the banker
      Given this is hand 2, after seat 0 was banker and seats "0 3" won
      And the levels are "4 3 3 4 3 3"
      And seat 3 is dealt "4D"
      And seat 0 is dealt "4H"
      When seat 3 reveals "4D"
      Then seat 3 is the banker
      And 156 cards have been dealt
      And seat 3 is asked to bury
      When seat 0 reveals "4H"
      Then the action is rejected citing R09.3
      And seat 3 is the banker
      And seat 3 revealed "4D" at draw 3

    @id:R09-502 @R09.3 @D40
    Scenario: A position whose reveal was made by another seat than the banker is refused
      Given the position is:
        """
        {
          "reveal": {"seat": 1, "card": "3H", "draw": 2},
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
          "captured": [300, 0, 0, 0, 0, 0],
          "turn": 0,
          "out": [3, 4, 5]
        }
        """
      Then the position is refused citing R09.3

  Rule: R09.4 A skip covers only this draw

    @id:R09-011 @R09.4 @D3 @D34
    Scenario: A winner who skipped is asked again at their next draw
      Given this is hand 2, after seat 0 was banker and seats "0 3" won
      And the levels are "4 3 3 4 3 3"
      And seat 3 is dealt "4H 9C"
      When seat 3 skips
      Then seat 3 is asked to reveal
      And 9 cards have been dealt
      When seat 3 reveals "4H"
      Then seat 3 is the banker
      And seat 3 revealed "4H" at draw 9

    @id:R09-012 @R09.4 @D3 @D25 @D34
    Scenario: After one winner skips, another winner reveals at a later draw
      Given this is hand 2, after seat 0 was banker and seats "0 3" won
      And the levels are "4 3 3 4 3 3"
      And seat 3 is dealt "4D"
      And seat 0 is dealt "4S"
      When seat 3 skips
      Then seat 0 is asked to reveal
      And 6 cards have been dealt
      When seat 0 reveals "4S"
      Then seat 0 is the banker

    @id:R09-013 @R09.4 @D3 @D34
    Scenario: A winner is not asked before they hold a card of their level
      Given this is hand 2, after seat 0 was banker and seats "0 3" won
      And the levels are "4 3 3 7 3 3"
      And seat 0 is dealt "9H 9S 4H"
      Then seat 0 is asked to reveal
      And 18 cards have been dealt

    @id:R09-014 @R09.4 @R09.3 @D3 @D34 @D35
    Scenario: A skipping winner cannot reveal until asked again
      Given this is hand 2, after seat 0 was banker and seats "0 3" won
      And the levels are "4 3 3 4 3 3"
      And seat 3 is dealt "4D"
      And seat 0 is dealt "4S"
      When seat 3 skips
      Then seat 0 is asked to reveal
      When seat 3 reveals "4D"
      Then the action is rejected citing R09.4
      And no banker is fixed

  Rule: R09.5 Without a reveal, search from the seat after the previous banker

    @id:R09-015 @R09.5 @D1 @D5 @D25 @D29 @D30 @D34
    Scenario Outline: Nobody reveals: the first previous winner after the previous banker banks
      Given this is hand 2, after seat <previous> was banker and seats "<winners>" won
      And the cards are dealt strongest-first
      When dealing continues until the banker buries
      Then seat <banker> is the banker
      And nothing has been revealed
      And this is deal 1 of the hand
      And seat <banker> is asked to bury
      And seat <banker> holds 32 cards

      Examples: the search starts after the previous banker, wraps past seat 5 and ends at them
        | previous | winners | banker |
        | 3        | 1 4     | 4      |
        | 3        | 1 2     | 1      |
        | 4        | 0 4     | 0      |
        | 2        | 2 5     | 5      |
        | 0        | 0       | 0      |
        | 5        | 5       | 5      |
        | 1        | 0 1 2   | 2      |
