@R17
Feature: R17 Immediate whole-side finish
  Check whole-side completion only after the called identities are confirmed; before that,
  use the normal one-player-left ending. If all bankers go out, stop immediately and
  transfer every remaining defender scoring card to the banker side. If all defenders go
  out, transfer all banker-side remaining scoring cards to defenders. Other cards score
  zero; do not play out the remainder.

  Seat 0 is the banker throughout. A call written "3rd AS" with one AS still in a hand is
  open until that copy is played. Every level is 3, the buried cards score nothing unless a
  scenario says otherwise, and the points of earlier tricks not credited to a named seat
  were captured by seat 0.

  Rule: R17.1 Whole-side completion is checked only once both calls are resolved

    @id:R17-001 @R17.1 @D20 @D21
    Scenario: With a call open the hand goes on when every known banker-side player is out
      Given a hand in play with seat 0 as banker
      And the banker called the 1st "AH" and the 3rd "AS"
      And call 1 was resolved by seat 3
      And call 2 is still open
      And seat 1 holds "4D 5D"
      And seat 2 holds "4C"
      And seat 3 holds "9S"
      And seat 4 holds "4H"
      And seat 5 holds "AS 4S"
      And it is seat 3's turn
      When seat 3 plays "9S"
      Then the hand goes on
      And call 2 is unresolved
      And seat 4 is asked to play

    @id:R17-002 @R17.1 @D20 @D21
    Scenario: With a call open the hand goes on when every apparent defender is out
      Given a hand in play with seat 0 as banker
      And the banker called the 1st "AH" and the 3rd "AS"
      And call 1 was resolved by seat 3
      And call 2 is still open
      And seat 0 holds "8D 3C"
      And seat 1 holds "4D"
      And seat 3 holds "AS 9C"
      And it is seat 1's turn
      When seat 1 plays "4D"
      Then the hand goes on
      And the out seats are "2 4 5 1"
      And seat 3 is asked to play

    @id:R17-003 @R17.1 @D16 @D21 @D23
    Scenario: With a call open the one-player-left ending applies instead
      Given a hand in play with seat 0 as banker
      And the banker called the 1st "AH" and the 3rd "AS"
      And call 1 was resolved by seat 3
      And call 2 is still open
      And seat 3 holds "9S"
      And seat 5 holds "AS 4S"
      And it is seat 3's turn
      When seat 3 plays "9S"
      Then the hand ends with "one_player_left"
      And the settled banker side is "0 3"
      And the settled defenders are "1 2 4 5"

    @id:R17-004 @R17.1 @D15 @D16 @D20 @D23
    Scenario: The play that resolves the last call is itself checked for a whole-side finish
      Given a hand in play with seat 0 as banker
      And the banker called the 1st "AH" and the 3rd "AS"
      And call 1 was resolved by seat 0
      And call 2 is still open
      And seat 1 holds "KD 4D"
      And seat 2 holds "4C"
      And seat 3 holds "AS"
      And it is seat 3's turn
      When seat 3 plays "AS"
      Then the hand ends with "bankers_out"
      And call 2 is resolved by seat 3
      And the settled banker side is "0 3"
      And the remnant points (10) go to the bankers

    @id:R17-005 @R17.1 @D17 @D20 @D22 @D31
    Scenario: Resolving the last call can leave the other side all out at once
      Given a hand in play with seat 0 as banker
      And the banker called the 1st "AH" and the 3rd "AS"
      And call 1 was resolved by seat 0
      And call 2 is still open
      And the buried cards are "5D 10D KD 3D 4D 6D"
      And seat 0 holds "5C 3C"
      And seat 3 holds "AS KD"
      And seat 1 has captured 150 points
      And seat 0 led "10H"
      When seat 3 plays "AS"
      Then the hand ends with "defenders_out"
      And the settled banker side is "0 3"
      And the table points (10) go to seat 3
      And the kitty points (25) go to seat 3
      And the remnant points (15) go to the defenders
      And the defender total is 165

    @id:R17-006 @R17.1 @D15 @D20 @D21 @D23
    Scenario: When the resolving play also leaves one player holding cards the whole-side finish applies
      Given a hand in play with seat 0 as banker
      And the banker called the 1st "AH" and the 3rd "AS"
      And call 1 was resolved by seat 0
      And call 2 is still open
      And seat 3 holds "AS"
      And seat 5 holds "KS 4S"
      And it is seat 3's turn
      When seat 3 plays "AS"
      Then the hand ends with "bankers_out"
      And the remnant points (10) go to the bankers

    @id:R17-007 @R17.1 @D20 @D21
    Scenario: With both calls resolved a play leaving one player is a whole-side finish
      Given a hand in play with seat 0 as banker
      And seat 0 holds "3C"
      And seat 2 holds "KD 4D"
      When seat 0 plays "3C"
      Then the hand ends with "bankers_out"
      And the remnant points (10) go to the bankers

    @id:R17-018 @R17.1 @D14 @D16 @D18 @D19 @D21 @D33 @variant
    Scenario: Under the any-ordinal variant a call that can never resolve keeps the whole-side ending away
      # Found by fivetenk fuzz: an engine that counted the impossible call as a self-call
      # once nobody held its face, and ended the hand when the banker went out.
      Given the variant "call_ordinal" is "any"
      And a hand in play with seat 0 as banker
      And the banker called the 3rd "AH" and the 1st "AS"
      And call 1 is still open
      And call 2 was resolved by seat 0
      And the buried cards are "AH AH 3D 4D 6D 7D"
      And seat 0 holds "9S"
      And seat 1 holds "4C"
      And seat 2 holds "5C 6C"
      When seat 0 plays "9S"
      Then the phase is "playing"
      When seat 1 passes
      And seat 2 passes
      And seat 1 plays "4C"
      Then the hand ends with "one_player_left"

    @id:R17-019 @R17.1 @D20 @D21
    Scenario: The whole-side check is inactive while a call is open and active from the play that resolves it
      Given a hand in play with seat 0 as banker
      And the banker called the 1st "AH" and the 3rd "AS"
      And call 1 was resolved by seat 3
      And call 2 is still open
      And seat 1 holds "4D 5D"
      And seat 2 holds "4C"
      And seat 3 holds "9S"
      And seat 4 holds "4H 6H"
      And seat 5 holds "AS 4S"
      And it is seat 3's turn
      When seat 3 plays "9S"
      Then the whole-side check is not active
      And the hand goes on
      When seat 4 passes
      And seat 5 plays "AS"
      Then call 2 is resolved by seat 5
      And the whole-side check is active
      And the hand goes on

    @id:R17-201 @R17.1 @D20 @D40
    Scenario: A position in which the banker's whole side is already out is refused
      Given a hand in play with seat 0 as banker
      And seat 1 holds "9D"
      And seat 2 holds "KH"
      Then the position is refused citing R17.1

    @id:R17-501 @R17.1 @D20 @D40
    Scenario: A position where both calls are resolved and every defender is out is refused
      Given a hand in play with seat 0 as banker
      And the banker called the 1st "AH" and the 1st "AS"
      And call 1 was resolved by seat 3
      And call 2 was resolved by seat 0
      And seat 0 holds "9D"
      And seat 3 holds "8D 8C"
      Then the position is refused citing R17.1

  Rule: R17.2 All bankers out: stop and give the defenders' remaining scoring cards to the bankers

    @id:R17-008 @R17.2 @D20 @D22
    Scenario: When the last banker-side player goes out the hand stops at once
      Given a hand in play with seat 0 as banker
      And the banker called the 1st "AH" and the 1st "AS"
      And call 1 was resolved by seat 3
      And call 2 was resolved by seat 0
      And seat 0 holds "3C"
      And seat 1 holds "5D KS 4D"
      And seat 2 holds "10H 4C"
      And seat 4 holds "9C"
      And seat 1 has captured 140 points
      And the seats went out in the order "3 5"
      When seat 0 plays "3C"
      Then the hand ends with "bankers_out"
      And the phase is "finished"
      And nobody is asked to decide
      And the remnant points (25) go to the bankers
      And the defender total is 140
      And the banker total is 160

    @id:R17-009 @R17.2 @D15 @D16 @D20
    Scenario: A solo banker through self-calls finishes the hand alone
      Given a hand in play with seat 0 as banker
      And the banker called the 1st "AH" and the 3rd "AS"
      And call 1 was resolved by seat 0
      And call 2 is still open
      And seat 0 holds "AS"
      And seat 1 holds "KD 4D"
      And seat 2 holds "5C"
      When seat 0 plays "AS"
      Then the hand ends with "bankers_out"
      And call 2 is resolved by seat 0
      And the settled banker side is "0"
      And the remnant points (15) go to the bankers

    @id:R17-010 @R17.2 @D20
    Scenario: The hand goes on while one banker-side player still holds cards
      Given a hand in play with seat 0 as banker
      And the banker called the 1st "AH" and the 1st "AS"
      And call 1 was resolved by seat 3
      And call 2 was resolved by seat 0
      And seat 0 holds "8D 3C"
      And seat 1 holds "5D KS 4D"
      And seat 3 holds "9S"
      And it is seat 3's turn
      When seat 3 plays "9S"
      Then the hand goes on
      And seat 0 is asked to play

    @id:R17-011 @R17.2 @D20
    Scenario: Every defender's remaining scoring cards go to the bankers, whoever holds them
      Given a hand in play with seat 0 as banker
      And seat 0 holds "3C"
      And seat 1 holds "5D 4D"
      And seat 2 holds "10H KC"
      And seat 3 holds "KS 5S 10S"
      And seat 5 holds "5H"
      When seat 0 plays "3C"
      Then the hand ends with "bankers_out"
      And the remnant points (55) go to the bankers
      And the defender total is 0

    @id:R17-101 @R17.2 @R19.3 @D18 @D19 @D20 @D22 @D23 @D31
    Scenario: After a completed trick the last banker-side player going out takes the table and the kitty, not the trick's leader
      Given a hand in play with seat 0 as banker
      And the banker called the 1st "AH" and the 1st "AS"
      And call 1 was resolved by seat 3
      And call 2 was resolved by seat 0
      And the buried cards are "5D 10D KD 3D 4D 6D"
      And seat 0 holds "2S"
      And seat 1 holds "10H 5D"
      And seat 3 holds "KH"
      And seat 4 holds "5C KD"
      And seat 5 holds "4S"
      And seat 1 has captured 150 points
      And it is seat 1's turn
      When seat 1 plays "10H"
      And seat 3 plays "KH"
      Then the hand goes on
      When seats 4, 5, 0 and 1 pass
      Then the trick is over and seat 4 leads next
      And seat 3 has captured 20 points
      When seat 4 plays "5C"
      And seat 5 passes
      And seat 0 plays "2S"
      Then the hand ends with "bankers_out"
      And the captured points are "85 150 0 20 0 0"
      And the table points (5) go to seat 0
      And the kitty points (25) go to seat 0
      And the remnant points (15) go to the bankers
      And the defender total is 150
      And the banker total is 150

  Rule: R17.3 All defenders out: the bankers' remaining scoring cards go to the defenders

    @id:R17-012 @R17.3 @D20
    Scenario: When the last defender goes out the banker side's scoring cards go to the defenders
      Given a hand in play with seat 0 as banker
      And the banker called the 1st "AH" and the 1st "AS"
      And call 1 was resolved by seat 3
      And call 2 was resolved by seat 0
      And seat 0 holds "5C KC 3C"
      And seat 1 holds "4D"
      And seat 3 holds "10C 4C"
      And seat 2 has captured 100 points
      And the seats went out in the order "2 4 5"
      And it is seat 1's turn
      When seat 1 plays "4D"
      Then the hand ends with "defenders_out"
      And the remnant points (25) go to the defenders
      And the defender total is 125
      And the defenders win

    @id:R17-013 @R17.3 @D20 @D16
    Scenario: Against a solo banker the hand ends when all five defenders are out
      Given a hand in play with seat 0 as banker
      And seat 0 holds "KC 10C 8C"
      And seat 4 holds "9D"
      And seat 4 has captured 40 points
      And the seats went out in the order "1 2 3 5"
      And it is seat 4's turn
      When seat 4 plays "9D"
      Then the hand ends with "defenders_out"
      And the remnant points (20) go to the defenders
      And the defender total is 60

    @id:R17-014 @R17.3 @D20
    Scenario: The hand goes on while one defender still holds cards
      Given a hand in play with seat 0 as banker
      And the banker called the 1st "AH" and the 1st "AS"
      And call 1 was resolved by seat 3
      And call 2 was resolved by seat 0
      And seat 0 holds "5C KC 3C"
      And seat 1 holds "4D"
      And seat 3 holds "10C 4C"
      And seat 5 holds "6H"
      And it is seat 1's turn
      When seat 1 plays "4D"
      Then the hand goes on
      And seat 3 is asked to play

    @id:R17-102 @R17.3 @R19.3 @D18 @D19 @D20 @D22 @D23 @D31
    Scenario: After a completed trick the last defender going out takes the table and the kitty, not the partner who led
      Given a hand in play with seat 0 as banker
      And the banker called the 1st "AH" and the 1st "AS"
      And call 1 was resolved by seat 3
      And call 2 was resolved by seat 0
      And the buried cards are "5D 10D KD 3D 4D 6D"
      And seat 0 holds "KS 8D"
      And seat 1 holds "5H"
      And seat 2 holds "KH"
      And seat 3 holds "10C 5C"
      And seat 4 holds "AC"
      And seat 1 has captured 50 points
      And it is seat 1's turn
      When seat 1 plays "5H"
      And seat 2 plays "KH"
      And seats 3, 4 and 0 pass
      Then the trick is over and seat 3 leads next
      When seat 3 plays "10C"
      And seat 4 plays "AC"
      Then the hand ends with "defenders_out"
      And the captured points are "185 50 15 0 0 0"
      And the table points (10) go to seat 4
      And the kitty points (25) go to seat 4
      And the remnant points (15) go to the defenders
      And the defender total is 115
      And the banker total is 185
      And the bankers win

  Rule: R17.4 Other cards score zero; the remainder is not played out

    @id:R17-015 @R17.4 @D20 @D22
    Scenario: Only 5s, 10s and kings left in hands are transferred; other cards score nothing
      Given a hand in play with seat 0 as banker
      And seat 0 holds "3C"
      And seat 1 holds "5D 2S AH QD JD 9H"
      And seat 2 holds "SJ BJ 10H"
      When seat 0 plays "3C"
      Then the hand ends with "bankers_out"
      And the remnant points (15) go to the bankers
      And the defender total is 0
      And the banker total is 300

    @id:R17-016 @R17.4 @D20 @D35
    Scenario: After a whole-side finish nobody plays on
      Given a hand in play with seat 0 as banker
      And seat 0 holds "3C"
      And seat 1 holds "5D 4D"
      And seat 2 holds "10H 4C"
      When seat 0 plays "3C"
      Then the hand ends with "bankers_out"
      And nobody is asked to decide
      And the hand sizes are "0 2 2 0 0 0"
      When seat 1 plays "4D"
      Then the action is rejected citing R23.1
      And the hand sizes are "0 2 2 0 0 0"

    @id:R17-017 @R17.4 @D20 @D23 @D31
    Scenario: The unfinished trick is not played out: players able to beat it get no turn
      Given a hand in play with seat 0 as banker
      And the banker called the 1st "AH" and the 1st "AS"
      And call 1 was resolved by seat 3
      And call 2 was resolved by seat 0
      And seat 0 holds "10S"
      And seat 1 holds "2S 2H"
      And seat 2 holds "BJ"
      When seat 0 plays "10S"
      Then the hand ends with "bankers_out"
      And nobody is asked to decide
      And the table points (10) go to seat 0
      And the kitty points (0) go to seat 0
