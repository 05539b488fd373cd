@R12
Feature: R12 Teams
  A role is confirmed only when the specified occurrence is actually played. Revealed
  partners join the banker; the others defend. Self-calls can leave a solo banker. Previous
  teams do not carry over.

  Positions start with seat 0 as banker. Copies of a called face that nobody holds and that
  are not buried were played in earlier tricks (by the banker unless a step says who
  resolved the call), and points of earlier tricks went to the banker unless stated.

  Rule: R12.1 A role is confirmed only when the called occurrence is played

    @id:R12-001 @R12.1 @D15 @D16 @D17 @D18
    Scenario: Holding the called card confirms nothing until it is played
      Given a hand in play with seat 0 as banker
      And the banker called the 1st "AH" and the 1st "AS"
      And call 1 is still open
      And call 2 is still open
      And seat 0 holds "9D 9S"
      And seat 1 holds "AH AH AH 10C"
      And seat 3 holds "AS AS AS 8C"
      Then the partners are ""
      And the banker side is "0"
      When seat 0 plays "9D"
      And seat 1 plays "10C"
      And seat 3 passes
      And seat 0 passes
      Then the partners are ""
      And seat 1 is asked to play
      When seat 1 plays "AH"
      Then call 1 is resolved by seat 1
      And the partners are "1"
      And the banker side is "0 1"

    @id:R12-002 @R12.1 @D16
    Scenario: A resolved call never passes to a later copy
      Given a hand in play with seat 0 as banker
      And the banker called the 1st "AH" and the 1st "AS"
      And call 1 was resolved by seat 1
      And call 2 is still open
      And seat 0 holds "9D 9S"
      And seat 1 holds "10C"
      And seat 3 holds "AH 8C"
      And seat 4 holds "AH AS AS AS"
      And it is seat 3's turn
      When seat 3 plays "AH"
      Then call 1 is resolved by seat 1
      And call 1 has seen 2 occurrences
      And the partners are "1"
      And the banker side is "0 1"

    @id:R12-003 @R12.1 @D16 @D21
    Scenario: The holder of a call never resolved defends at settlement
      Given a hand in play with seat 0 as banker
      And the banker called the 1st "AH" and the 1st "AS"
      And call 1 is still open
      And call 2 is still open
      And seat 0 holds "9D"
      And seat 1 holds "AH AH AH AS AS AS"
      When seat 0 plays "9D"
      Then the hand ends with "one_player_left"
      And the settled banker side is "0"
      And the settled defenders are "1 2 3 4 5"

    @id:R12-501 @R12.1 @D16
    Scenario: The seat that played the called AH in the current trick is on the banker side
      Given a hand in play with seat 0 as banker
      And the banker called the 1st "AH" and the 1st "AS"
      And call 1 was resolved by seat 2
      And call 2 was resolved by seat 0
      And seat 0 holds "3D 4D"
      And seat 2 holds "3H 4H"
      And seat 4 holds "AH AH 7D"
      And seat 1 led "9H"
      And seat 2 then played "AH"
      Then call 1 is resolved by seat 2
      And the banker side is "0 2"

    @id:R12-502 @R12.1 @D16
    Scenario: A partner confirmed in an earlier trick stays on the banker side while the next trick is played
      Given a hand in play with seat 0 as banker
      And the banker called the 1st "AH" and the 1st "AS"
      And call 1 was resolved by seat 4
      And call 2 was resolved by seat 0
      And seat 0 holds "3D 4D"
      And seat 2 holds "3H 4H"
      And seat 4 holds "7D"
      And seat 5 holds "AH AH 8D"
      And seat 1 led "9H"
      Then call 1 is resolved by seat 4
      And the banker side is "0 4"

    @id:R12-503 @R12.1 @D16 @D40
    Scenario: A position naming another seat than the one that played the called copy in the current trick is refused
      Given a hand in play with seat 0 as banker
      And the banker called the 2nd "AH" and the 1st "AS"
      And call 1 was resolved by seat 3
      And call 2 was resolved by seat 0
      And seat 0 holds "3D 4D"
      And seat 3 holds "3H 4H"
      And seat 4 holds "AH 7D"
      And seat 2 led "AH"
      Then the position is refused

    @id:R12-506 @R12.1 @D15 @D16 @D40
    Scenario: A position naming another seat than the one that played the called copy is refused, even when the trick holds more copies than the call counts
      Given a hand in play with seat 0 as banker
      And the banker called the 1st "AH" and the 1st "AS"
      And call 1 was resolved by seat 2
      And call 2 was resolved by seat 0
      And seat 0 holds "3D 4D"
      And seat 2 holds "3H 4H"
      And seat 4 holds "AH 7D"
      And seat 2 led "KH KH"
      And seat 3 then played "AH AH"
      Then the position is refused

    @id:R12-504 @R12.1 @D16 @D40
    Scenario: A position naming a call resolved while every copy of its face is still held is refused
      Given a hand in play with seat 0 as banker
      And the banker called the 1st "AH" and the 1st "AS"
      And call 1 was resolved by seat 3
      And call 2 was resolved by seat 0
      And seat 0 holds "3D 4D"
      And seat 1 holds "AH AH"
      And seat 3 holds "AH 7D"
      Then the position is refused

    @id:R12-505 @R12.1 @D15 @D16 @D40
    Scenario: A position keeping the 1st AH call open after one copy of the AH was played is refused
      Given the position is:
        """
        {
          "banker": 0,
          "buried": ["3D", "3D", "3D", "3C", "3C", "3C"],
          "calls": [{"face": "AH", "ordinal": 1, "played": 1, "resolved_by": null}, {"face": "AS", "ordinal": 1, "played": 3, "resolved_by": 0}],
          "hands": [
            ["9D", "9C"],
            ["8D", "8C", "AH", "AH"],
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

  Rule: R12.2 Revealed partners join the banker; the others defend

    @id:R12-004 @R12.2 @D16 @D17 @D20 @D23
    Scenario: A partner's captured points count for the banker side
      Given a hand in play with seat 0 as banker
      And the banker called the 1st "AH" and the 1st "AS"
      And call 1 was resolved by seat 1
      And call 2 was resolved by seat 0
      And seat 0 holds "9C"
      And seat 2 holds "8D"
      And seat 1 has captured 100 points
      And seat 2 has captured 50 points
      When seat 0 plays "9C"
      Then the hand ends with "bankers_out"
      And the settled banker side is "0 1"
      And the settled defenders are "2 3 4 5"
      And the defender total is 50
      And the bankers win
      And the advances are "2 2 0 0 0 0"

    @id:R12-005 @R12.2 @D16 @D17 @D21
    Scenario: A player who never resolved a call defends with their captured points
      Given a hand in play with seat 0 as banker
      And the banker called the 1st "AH" and the 1st "AS"
      And call 1 is still open
      And call 2 was resolved by seat 0
      And seat 0 holds "9C"
      And seat 2 holds "8D AH AH AH"
      And seat 1 has captured 100 points
      And seat 2 has captured 50 points
      When seat 0 plays "9C"
      Then the hand ends with "one_player_left"
      And the settled banker side is "0"
      And the settled defenders are "1 2 3 4 5"
      And the defender total is 150
      And the defenders win

    @id:R12-006 @R12.2 @D16
    Scenario: Partners join the banker from the moment they play the call
      Given a hand in play with seat 0 as banker
      And the banker called the 1st "AH" and the 1st "AS"
      And call 1 is still open
      And call 2 is still open
      And seat 0 holds "9D 9S"
      And seat 1 holds "AH 10C"
      And seat 3 holds "AS 8C"
      And seat 4 holds "AH AH AS AS"
      When seat 0 plays "9D"
      And seat 1 plays "AH"
      Then the banker side is "0 1"
      And call 2 is unresolved
      And the hand goes on

  Rule: R12.3 Self-calls can leave a solo banker

    @id:R12-007 @R12.3 @D15 @D16
    Scenario: A banker who plays both called occurrences stays alone
      Given a hand in play with seat 0 as banker
      And the banker called the 1st "AH" and the 1st "AS"
      And call 1 is still open
      And call 2 is still open
      And seat 0 holds "AH AS 9D"
      And seat 1 holds "AH AH AS AS 10C"
      When seat 0 plays "AH AS"
      Then call 1 is resolved by seat 0
      And call 2 is resolved by seat 0
      And the partners are ""
      And the banker side is "0"

    @id:R12-008 @R12.3 @D16 @D20 @D23
    Scenario: A solo banker wins and advances alone
      Given a hand in play with seat 0 as banker
      And the banker called the 1st "AH" and the 1st "AS"
      And call 1 was resolved by seat 0
      And call 2 was resolved by seat 0
      And seat 0 holds "9C"
      And seat 2 holds "8D"
      When seat 0 plays "9C"
      Then the hand ends with "bankers_out"
      And the settled banker side is "0"
      And the settled defenders are "1 2 3 4 5"
      And the advances are "3 0 0 0 0 0"
      And the levels are now "6 3 3 3 3 3"

    @id:R12-009 @R12.3 @D15 @D16
    Scenario: One self-call and one partner call make a side of two
      Given a hand in play with seat 0 as banker
      And the banker called the 1st "AH" and the 1st "AS"
      And call 1 was resolved by seat 0
      And call 2 is still open
      And seat 0 holds "9D 9S"
      And seat 3 holds "AS 8C"
      And seat 4 holds "AH AH AS AS"
      And it is seat 3's turn
      When seat 3 plays "AS"
      Then call 2 is resolved by seat 3
      And the banker side is "0 3"

  Rule: R12.4 Previous teams do not carry over

    @id:R12-010 @R12.4 @D20 @D23 @D25
    Scenario: The next hand starts with no partners and no banker side
      Given a hand in play with seat 0 as banker
      And the banker called the 1st "AH" and the 1st "AS"
      And call 1 was resolved by seat 1
      And call 2 was resolved by seat 0
      And seat 0 holds "9C"
      And seat 2 holds "8D"
      When seat 0 plays "9C"
      Then the settled banker side is "0 1"
      When the next hand is dealt from seat 1 with seat 1 dealt "6H"
      Then the partners are ""
      And the banker side is ""
      And no banker is fixed
      And no calls have been announced
      And seat 1 is asked to reveal

    @id:R12-011 @R12.4 @D20 @D23 @D25 @D34
    Scenario: The previous partner who banks next starts alone
      Given a hand in play with seat 0 as banker
      And the banker called the 1st "AH" and the 1st "AS"
      And call 1 was resolved by seat 1
      And call 2 was resolved by seat 0
      And seat 0 holds "9C"
      And seat 2 holds "8D"
      When seat 0 plays "9C"
      And the next hand is dealt from seat 1 with seat 1 dealt "6H"
      And seat 1 reveals "6H"
      Then seat 1 is the banker
      And the banker side is "1"
      And the partners are ""
