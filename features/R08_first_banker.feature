@R08
Feature: R08 First banker
  Everyone starts at level 3 and may reveal a dealt 3 during the first hand. The first legal
  reveal fixes the banker, who is pending beforehand, never randomly appointed. No
  overturning; skipping applies only to that draw and later eligible draws prompt again. If
  nobody reveals a 3 by the end, shuffle and redeal. Later bankers are selected by previous
  winners revealing their own current levels.

  Deals give the cards that matter; every other card is filled strongest-first, so the 3s
  nobody chose come last (draws 151-156 and the kitty). Seat 0 receives the first card of
  the first hand, so seat s receives draws s+1, s+7, s+13, …

  Rule: R08.1 Everyone starts at level 3 and anyone may reveal a dealt 3

    @id:R08-001 @R08.1 @D24 @D34
    Scenario: Every player starts the match at level 3
      Given a new match is dealt
      Then this is hand 1 of the match
      And the levels are now "3 3 3 3 3 3"
      And the previous winners are ""

    @id:R08-002 @R08.1 @D3 @D34
    Scenario Outline: Any player who is dealt a 3 in the first hand may reveal it
      Given seat <seat> is dealt "<card>"
      Then seat <seat> is asked to reveal
      And <draw> cards have been dealt
      When seat <seat> reveals "<card>"
      Then seat <seat> is the banker
      And seat <seat> revealed "<card>" at draw <draw>

      Examples:
        | seat | card | draw |
        | 0    | 3D   | 1    |
        | 3    | 3S   | 4    |
        | 5    | 3C   | 6    |

    @id:R08-003 @R08.1 @D3
    Scenario: A player is prompted only once they hold a 3
      Given seat 2 is dealt "4H 9S 3H"
      Then seat 2 is asked to reveal
      And 15 cards have been dealt
      And no banker is fixed

    @id:R08-004 @R08.1 @D3 @D34 @D35
    Scenario: A card of another rank cannot be revealed in the first hand
      Given seat 2 is dealt "4H 3H"
      Then seat 2 is asked to reveal
      When seat 2 reveals "4H"
      Then the action is rejected citing R08.1
      And no banker is fixed
      And seat 2 is asked to reveal

    @id:R08-005 @R08.1 @D3 @D34 @D35
    Scenario: A 3 the player does not hold cannot be revealed
      Given seat 2 is dealt "3H"
      When seat 2 reveals "3S"
      Then the action is rejected citing R08.1
      And no banker is fixed
      And seat 2 is asked to reveal

    @id:R08-701 @R08.1 @D34 @D40 @position-duties
    Scenario: A first-hand position whose banker revealed a 5 is refused citing R08.1, as revealing a 5 in the first hand is
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
      Then the position is refused citing R08.1

  Rule: R08.2 The first legal reveal fixes the banker, who is pending until then

    @id:R08-006 @R08.2 @D3 @D7 @D34
    Scenario: The first reveal fixes the banker and dealing completes
      Given seat 2 is dealt "3H"
      When seat 2 reveals "3H"
      Then seat 2 is the banker
      And 156 cards have been dealt
      And the phase is "burying"
      And seat 2 is asked to bury

    @id:R08-007 @R08.2 @D3
    Scenario: The banker stays pending while players skip
      Given seat 1 is dealt "3H"
      Then no banker is fixed
      When seat 1 skips
      Then no banker is fixed
      When dealing continues until draw 100
      Then no banker is fixed
      And the phase is "dealing"
      And seat 1 is asked to reveal

    @id:R08-008 @R08.2 @D3 @D5 @D29 @D30 @D34
    Scenario: No banker is appointed when every prompt of the first deal is skipped
      Given a new match is dealt
      And the 1st redeal deals seat 0 "3H"
      When dealing continues until draw 156
      Then seat 5 is asked to reveal
      And 156 cards have been dealt
      And no banker is fixed
      When seat 5 skips
      Then no banker is fixed
      And this is deal 2 of the hand
      And nothing has been revealed
      And the phase is "dealing"

    @id:R08-018 @R08.2 @D3 @D34
    Scenario: A 3 placed at a late draw is the first chance to reveal, and the banker is pending until then
      Given draw 100 is "3D"
      Then no banker is fixed
      When dealing continues until seat 3 is asked to reveal
      Then 100 cards have been dealt
      And no banker is fixed
      When seat 3 reveals "3D"
      Then seat 3 is the banker
      And seat 3 revealed "3D" at draw 100

  Rule: R08.3 No overturning; a skip covers only that draw

    @id:R08-009 @R08.3 @D3 @D34 @D35
    Scenario: A later 3 cannot overturn the banker
      Given seat 2 is dealt "3H"
      And seat 4 is dealt "3S"
      When seat 2 reveals "3H"
      Then seat 2 is asked to bury
      When seat 4 reveals "3S"
      Then the action is rejected citing R08.3
      And seat 2 is the banker
      And seat 2 revealed "3H" at draw 3

    @id:R08-010 @R08.3 @D3 @D4 @D34
    Scenario: A player who skipped is prompted again at their next draw
      Given seat 2 is dealt "3H 9C"
      Then seat 2 is asked to reveal
      And 3 cards have been dealt
      When seat 2 skips
      Then seat 2 is asked to reveal
      And 9 cards have been dealt
      When seat 2 reveals "3H"
      Then seat 2 is the banker
      And seat 2 revealed "3H" at draw 9

    @id:R08-011 @R08.3 @D3 @D34
    Scenario: After one player skips, another may reveal at a later draw
      Given seat 1 is dealt "3H"
      And seat 4 is dealt "3S"
      When seat 1 skips
      Then seat 4 is asked to reveal
      And 5 cards have been dealt
      When seat 4 reveals "3S"
      Then seat 4 is the banker

    @id:R08-012 @R08.3 @D3 @D34 @D35
    Scenario: A player who skipped cannot reveal before their next draw
      Given seat 0 is dealt "3S"
      And seat 2 is dealt "3H"
      When seat 0 skips
      Then seat 2 is asked to reveal
      When seat 0 reveals "3S"
      Then the action is rejected citing R08.3
      And no banker is fixed
      When seat 2 skips
      Then seat 0 is asked to reveal
      And 7 cards have been dealt
      When seat 0 reveals "3S"
      Then seat 0 is the banker

  Rule: R08.4 If nobody reveals a 3, shuffle and redeal

    @id:R08-013 @R08.4 @D5 @D29 @D30 @D34
    Scenario: Nobody reveals a 3 in the first deal, so the hand is redealt
      Given the 1st redeal deals seat 3 "3H"
      When dealing continues until draw 156
      Then this is deal 1 of the hand
      When seat 5 skips
      Then this is deal 2 of the hand
      And no banker is fixed
      And seat 3 is asked to reveal
      And 4 cards have been dealt
      When seat 3 reveals "3H"
      Then seat 3 is the banker
      And this is deal 2 of the hand

    @id:R08-014 @R08.4 @D3 @D5 @D29 @D30 @D34
    Scenario: The redeal is repeated as often as needed
      Given the 1st redeal deals seat 5 "3D"
      And the 2nd redeal deals seat 1 "3C"
      When dealing continues until draw 156
      And seat 5 skips
      Then this is deal 2 of the hand
      And seat 5 is asked to reveal
      And 6 cards have been dealt
      When dealing continues until draw 156
      And seat 5 skips
      Then this is deal 3 of the hand
      And seat 1 is asked to reveal
      When seat 1 reveals "3C"
      Then seat 1 is the banker
      And this is deal 3 of the hand

    @id:R08-015 @R08.4 @D3 @D5 @D29 @D30 @D34
    Scenario: A 3 revealed at the last draw prevents the redeal
      Given a new match is dealt
      When dealing continues until draw 156
      And seat 5 reveals "3H"
      Then seat 5 is the banker
      And this is deal 1 of the hand
      And seat 5 revealed "3H" at draw 156

    @id:R08-601 @R08.4 @D5 @D29 @D30 @D34
    Scenario: A redeal takes every card back and deals the hands afresh
      Given the 1st redeal deals seat 3 "3H"
      When dealing continues until draw 156
      Then the hand sizes are "26 26 26 26 26 26"
      When seat 5 skips
      Then this is deal 2 of the hand
      And seat 3 is asked to reveal
      And 4 cards have been dealt
      And the hand sizes are "1 1 1 1 0 0"
      And seat 3 holds "3H"

    @id:R08-501 @R08.4 @D30
    Scenario: A hand in play written by its cards is on its first deal
      Given a hand in play with seat 0 as banker
      And seat 0 holds "9D"
      And seat 1 holds "8D 8C"
      Then this is deal 1 of the hand

    @id:R08-502 @R08.4 @D30
    Scenario: A first hand in play may be on a redeal
      Given the position is:
        """
        {
          "hand": 1,
          "deal": 2,
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
      Then this is deal 2 of the hand

  Rule: R08.5 Later bankers are chosen by the previous winners' own levels

    @id:R08-016 @R08.5 @D6 @D34
    Scenario: In a later hand a previous winner reveals their own current level
      Given this is hand 2, after seat 0 was banker and seats "0 3" won
      And the levels are "5 3 3 5 3 3"
      And seat 3 is dealt "5H"
      Then seat 3 is asked to reveal
      And 3 cards have been dealt
      When seat 3 reveals "5H"
      Then seat 3 is the banker
      And seat 3 revealed "5H" at draw 3

    @id:R08-017 @R08.5 @R09.1 @R09.2 @D6 @D34 @D35
    Scenario: In a later hand a dealt 3 no longer fixes the banker
      Given this is hand 2, after seat 0 was banker and seats "0 3" won
      And the levels are "5 3 3 5 3 3"
      And seat 1 is dealt "3H"
      And seat 3 is dealt "3S 5S"
      Then seat 3 is asked to reveal
      And 9 cards have been dealt
      When seat 3 reveals "3S"
      Then the action is rejected citing R09.2
      When seat 1 reveals "3H"
      Then the action is rejected citing R09.1
      And no banker is fixed
