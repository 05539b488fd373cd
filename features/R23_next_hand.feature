@R23
Feature: R23 Next hand
  Preserve individual levels, discard previous teams, choose a fresh banker and call new
  partners. Only previous winners may reveal their own current ranks; without a reveal,
  search from the seat after the previous banker.

  Each case settles a hand from a position with seat 0 as banker, then deals the next hand
  from seat 1 (the seat after the previous banker, D2): seat s receives draws s, s+6, …
  (seat 0: 6, 12, …). Cards nobody chose are filled strongest-first, so the kitty of the
  next hand holds 3s.

  Rule: R23.1 Keep levels, drop teams, fresh banker, new calls

    @id:R23-001 @R23.1 @D20 @D23 @D24 @D25 @D34
    Scenario: Individual levels carry over into the next hand
      Given a hand in play with seat 0 as banker
      And the levels are "3 5 3 4 3 3"
      And the banker called the 1st "AH" and the 1st "AS"
      And call 1 was resolved by seat 1
      And call 2 was resolved by seat 0
      And seat 0 holds "9C"
      And seat 2 holds "8D"
      When seat 0 plays "9C"
      Then the levels are now "6 8 3 4 3 3"
      When the next hand is dealt from seat 1 with seat 1 dealt "8H"
      Then this is hand 2 of the match
      And the levels are now "6 8 3 4 3 3"
      And the previous winners are "0 1"

    @id:R23-002 @R23.1 @D20 @D23 @D25
    Scenario: Teams, calls and the banker are reset for the next hand
      Given a hand in play with seat 0 as banker
      And the banker called the 1st "AH" and the 1st "AS"
      And call 1 was resolved by seat 1
      And call 2 was resolved by seat 0
      And seat 0 holds "9C"
      And seat 2 holds "8D"
      When seat 0 plays "9C"
      And the next hand is dealt from seat 1 with seat 1 dealt "6H"
      Then no banker is fixed
      And nothing has been revealed
      And the partners are ""
      And the banker side is ""
      And no calls have been announced
      And the hand goes on
      And the phase is "dealing"

    @id:R23-003 @R23.1 @D20 @D23 @D25 @D34
    Scenario: The previous banker may be chosen again
      Given a hand in play with seat 0 as banker
      And the banker called the 1st "AH" and the 1st "AS"
      And call 1 was resolved by seat 1
      And call 2 was resolved by seat 0
      And seat 0 holds "9C"
      And seat 2 holds "8D"
      When seat 0 plays "9C"
      And the next hand is dealt from seat 1 with seat 0 dealt "6S"
      Then seat 0 is asked to reveal
      And 6 cards have been dealt
      When seat 0 reveals "6S"
      Then seat 0 is the banker
      And the banker side is "0"

    @id:R23-004 @R23.1 @D15 @D16 @D20 @D23 @D25 @D34
    Scenario: The new banker calls new partners and occurrences count afresh
      Given a hand in play with seat 0 as banker
      And the banker called the 1st "AH" and the 1st "AS"
      And call 1 was resolved by seat 1
      And call 2 was resolved by seat 0
      And seat 0 holds "9C"
      And seat 2 holds "8D"
      When seat 0 plays "9C"
      And the next hand is dealt from seat 1 with seat 1 dealt "6H AH"
      And seat 1 reveals "6H"
      And seat 1 buries "3D 3D 3D 3C 3C 3C"
      Then no calls have been announced
      When seat 1 calls the 1st "AH" and the 1st "AS"
      Then the calls are the 1st "AH" and the 1st "AS"
      And call 1 has seen 0 occurrences
      And call 1 is unresolved
      And the partners are ""
      When seat 1 plays "AH"
      Then call 1 is resolved by seat 1
      And the partners are ""

    @id:R23-005 @R23.1 @D25 @D34 @D35
    Scenario: The next hand is not dealt before this one is settled
      Given a hand in play with seat 0 as banker
      And seat 0 holds "9C 9D"
      And seat 2 holds "8D"
      When the next hand is dealt from seat 1 with seat 1 dealt "6H"
      Then the action is rejected citing R23.1
      And this is hand 1 of the match
      And seat 0 is asked to play

    @id:R23-009 @R23.1 @D2 @D6 @D10 @D20 @D25
    Scenario: The next hand is dealt first to the seat after this hand's banker, not to the banker
      # Found by fivetenk fuzz: an engine that dealt the next hand from the banker's own
      # seat when no first seat was given (D2: the seat after the previous banker).
      Given a hand in play with seat 5 as banker
      And the banker called the 3rd "AD" and the 1st "AC"
      And call 1 was resolved by seat 4
      And call 2 was resolved by seat 2
      And the buried cards are "3C 6C 6C 7D QH AC"
      And seat 3 holds "5S"
      And seat 5 holds "4D 4H 4H"
      And seat 0 has captured 45 points
      And seat 1 has captured 100 points
      And seat 2 has captured 80 points
      And seat 3 has captured 20 points
      And seat 4 has captured 30 points
      And it is seat 5's turn
      And the seats went out in the order "2 4 0 1"
      When seat 5 plays "4D 4H 4H" as "triple 4"
      And the next hand is dealt in the order:
        """
        AH 8D 8D 8C 6C 9D 6H 8C AS 10H 7H 7D 7D 8D 10C 10S 8H 3C 2H 5C 2D 2H 2D 9C 10D BJ QC
        SJ KS 5H BJ 4S JD 7C 6D QH 2C QS KD KD JD AS 9H 7S QH 9H 6S 10D 9D 6H 2D KH 4D QS
        AH JC 7H 5C 5S 9C SJ 8H 3C JS 5C JD 3S AC 6D 10S AD 6D 7S AS 6S 4C 4D 2S QD 5H JC
        KS 8C 7D KH 5S 6C 6H QC AH QS 7C KH 2S 7S 4C 9H SJ JH 2S JH 8S 9S 10H KC 5D 3S 7C
        JC 3H 4S 6C 2C JH 9C 5D JS BJ 10D AC 3D 8S 3D 8S 9D QD AD AC 7H QH 3H 5S 6S AD 5D
        3D 4D KC 10C 4H 3C QD KD 9S 9S 3S 4H 4H KC 8H 10H QC 4S KS 3H 10C 2H 2C JS 10S 5H 4C
        """
      Then the observation at "draws" is 67
      And the observation at "pending.seat" is 0
      And the observation at "hand_sizes.0" is 12
      And the observation at "hand_sizes.2" is 11
      And the observation at "hand_sizes.3" is 11
      And the observation at "hand_sizes.4" is 11

    @id:R23-010 @R23.1 @R10.1 @D20 @D23 @D25 @D34
    Scenario: The next hand's kitty goes to that hand's new banker
      Given a hand in play with seat 0 as banker
      And the banker called the 1st "AH" and the 1st "AS"
      And call 1 was resolved by seat 1
      And call 2 was resolved by seat 1
      And seat 0 holds "9C"
      And seat 2 holds "8D"
      When seat 0 plays "9C"
      And the next hand is dealt from seat 1 with seat 0 dealt "6S"; the kitty "BJ BJ BJ SJ SJ SJ"
      Then seat 0 is asked to reveal
      When seat 0 reveals "6S"
      And dealing continues until the banker buries
      Then seat 0 holds 32 cards
      When seat 0 buries "BJ BJ BJ SJ SJ SJ"
      Then the phase is "calling"

    @id:R23-601 @R23.1 @D2 @D20 @D23 @D25 @D34
    Scenario: Unless told otherwise, the next hand is dealt first to the seat after this hand's banker
      # No first seat is written, so the D2 default applies: seat 1 receives draws 1, 7, …
      # The filled deck deals its first 6 (6S) at draw 115, to seat 1, a winner at level 6;
      # dealt from seat 0 it would go to seat 0 instead.
      Given a hand in play with seat 0 as banker
      And the banker called the 1st "AH" and the 1st "AS"
      And call 1 was resolved by seat 1
      And call 2 was resolved by seat 0
      And seat 0 holds "9C"
      And seat 2 holds "8D"
      When seat 0 plays "9C"
      Then the levels are now "6 6 3 3 3 3"
      When the next hand is dealt
      Then seat 1 is asked to reveal
      And 115 cards have been dealt
      And the hand sizes are "19 20 19 19 19 19"

    @id:R23-602 @R23.1 @R08.2 @D20 @D23 @D25 @D34
    Scenario: The reveal that made this hand's banker is not shown in the next hand
      Given a hand in play with seat 0 as banker
      And seat 0 revealed "3H" at draw 13
      And the banker called the 1st "AH" and the 1st "AS"
      And call 1 was resolved by seat 1
      And call 2 was resolved by seat 0
      And seat 0 holds "9C"
      And seat 2 holds "8D"
      When seat 0 plays "9C"
      Then seat 0 revealed "3H" at draw 13
      When the next hand is dealt from seat 1 with seat 1 dealt "6H"
      Then no banker is fixed
      And nothing has been revealed

    @id:R23-501 @R23.1 @D34
    Scenario: A later hand in play keeps the previous winners it was given
      Given a hand in play with seat 0 as banker
      And this is hand 2, after seat 4 was banker and seats "0 3" won
      And the levels are "4 3 3 4 3 3"
      And seat 0 holds "9D"
      And seat 1 holds "8D 8C"
      Then this is hand 2 of the match
      And the previous winners are "0 3"

    @id:R23-503 @R23.1 @D30 @D40
    Scenario: A later hand has no redeal count: a position in hand 2 on deal 2 is refused
      Given the position is:
        """
        {
          "hand": 2,
          "deal": 2,
          "previous_winners": [0, 3],
          "previous_banker": 4,
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
      Then the position is refused

  Rule: R23.2 Only previous winners reveal; otherwise search after the previous banker

    @id:R23-006 @R23.2 @D6 @D20 @D23 @D34 @D35
    Scenario: Only the previous winners are asked to reveal their own current level
      Given a hand in play with seat 0 as banker
      And the banker called the 1st "AH" and the 1st "AS"
      And call 1 was resolved by seat 1
      And call 2 was resolved by seat 0
      And seat 0 holds "9C"
      And seat 2 holds "8D"
      When seat 0 plays "9C"
      And the next hand is dealt from seat 1 with seat 1 dealt "3S 9S 6H"; seat 2 dealt "3H"
      Then seat 1 is asked to reveal
      And 13 cards have been dealt
      When seat 2 reveals "3H"
      Then the action is rejected citing R09.1
      When seat 1 reveals "3S"
      Then the action is rejected citing R09.2
      When seat 1 reveals "6H"
      Then seat 1 is the banker

    @id:R23-007 @R23.2 @D6 @D20 @D23 @D34
    Scenario: Defenders who won without advancing reveal at their unchanged level
      Given a hand in play with seat 0 as banker
      And the banker called the 1st "AH" and the 1st "AS"
      And call 1 was resolved by seat 1
      And call 2 was resolved by seat 0
      And seat 0 holds "9C"
      And seat 2 holds "8D"
      And seat 2 has captured 150 points
      When seat 0 plays "9C"
      Then the band is "120-175"
      And the defenders win
      And the levels are now "3 3 3 3 3 3"
      When the next hand is dealt from seat 1 with seat 1 dealt "3S"; seat 2 dealt "3H"
      Then the previous winners are "2 3 4 5"
      And seat 2 is asked to reveal
      And 2 cards have been dealt
      When seat 2 reveals "3H"
      Then seat 2 is the banker

    @id:R23-008 @R23.2 @D3 @D5 @D6 @D20 @D23 @D25 @D29 @D34
    Scenario Outline: Without a reveal the search starts after the previous banker
      Given a hand in play with seat 0 as banker
      And the banker called the 1st "AH" and the 1st "AS"
      And call 1 was resolved by seat <partner>
      And call 2 was resolved by seat 0
      And seat 0 holds "9C"
      And seat 2 holds "8D"
      And seat 2 has captured <points> points
      When seat 0 plays "9C"
      And the next hand is dealt from seat 1
      And dealing continues until the banker buries
      Then seat <banker> is the banker
      And nothing has been revealed

      Examples:
        | partner | points | banker |
        | 1       | 0      | 1      |
        | 4       | 0      | 4      |
        | 0       | 0      | 0      |
        | 1       | 150    | 2      |

    @id:R23-502 @R23.2 @D6 @D34 @D40
    Scenario: A position in a later hand that names no previous winners is refused
      Given a hand in play with seat 0 as banker
      And this is hand 2, after seat 4 was banker and seats "" won
      And seat 0 holds "9D"
      And seat 1 holds "8D 8C"
      Then the position is refused
