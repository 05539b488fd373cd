@R18
Feature: R18 Only one player remains
  Without an earlier whole-side ending, finish as soon as only one player holds cards. The
  final successful player receives the final trick, the last hand and the kitty points at
  face value, with no multiplier.

  Seat 0 is the banker throughout. Unless a scenario says otherwise the banker called the
  1st AH (a self-call: seat 0 played it) and the 3rd AS, which stays open while one AS is
  still in a hand. Every level is 3 and the points of earlier tricks not credited to a
  named seat were captured by seat 0.

  Rule: R18.1 Without an earlier whole-side ending, finish when only one player holds cards

    @id:R18-001 @R18.1 @D16 @D21 @D31
    Scenario: With a call open, a play that leaves one player holding cards ends the hand
      Given a hand in play with seat 0 as banker
      And the banker called the 1st "AH" and the 3rd "AS"
      And call 1 was resolved by seat 0
      And call 2 is still open
      And seat 2 holds "KD"
      And seat 4 holds "AS 9C"
      And it is seat 2's turn
      When seat 2 plays "KD"
      Then the hand ends with "one_player_left"
      And seat 4 holds 2 cards
      And nobody is asked to decide

    @id:R18-002 @R18.1 @D21
    Scenario: With a call open the hand goes on while two players hold cards
      Given a hand in play with seat 0 as banker
      And the banker called the 1st "AH" and the 3rd "AS"
      And call 1 was resolved by seat 0
      And call 2 is still open
      And seat 2 holds "KD"
      And seat 4 holds "AS 9C"
      And seat 5 holds "4H"
      And it is seat 2's turn
      When seat 2 plays "KD"
      Then the hand goes on
      And seat 4 is asked to play

    @id:R18-003 @R18.1 @D16 @D21 @D31
    Scenario: The last player holding the open call's card is settled as a defender
      Given a hand in play with seat 0 as banker
      And the banker called the 1st "AH" and the 3rd "AS"
      And call 1 was resolved by seat 0
      And call 2 is still open
      And seat 2 holds "KD"
      And seat 4 holds "AS 9C"
      And it is seat 2's turn
      When seat 2 plays "KD"
      Then the hand ends with "one_player_left"
      And call 2 is unresolved
      And the settled banker side is "0"
      And the settled defenders are "1 2 3 4 5"

    @id:R18-004 @R18.1 @D20 @D23
    Scenario: With both calls resolved the whole-side ending comes first
      Given a hand in play with seat 0 as banker
      And the banker called the 1st "AH" and the 1st "AS"
      And call 1 was resolved by seat 3
      And call 2 was resolved by seat 0
      And seat 0 holds "8D"
      And seat 1 holds "4D"
      And seat 2 holds "4C"
      And seat 4 holds "4H"
      When seat 0 plays "8D"
      Then the hand ends with "bankers_out"
      And the hand sizes are "0 1 1 0 1 0"

    @id:R18-005 @R18.1 @D16 @D21
    Scenario: The banker can be the one player left
      Given a hand in play with seat 0 as banker
      And the banker called the 1st "AH" and the 3rd "AS"
      And call 1 was resolved by seat 0
      And call 2 is still open
      And seat 0 holds "AS KC 5C 3C"
      And seat 2 holds "9D"
      And it is seat 2's turn
      When seat 2 plays "9D"
      Then the hand ends with "one_player_left"
      And seat 0 holds 4 cards

    @id:R18-201 @R18.1 @D21 @D40
    Scenario: A position in which only one player still holds cards is refused
      Given a hand in play with seat 0 as banker
      And the banker called the 1st "AH" and the 1st "AS"
      And call 1 is still open
      And call 2 was resolved by seat 0
      And seat 1 holds "AH 9D"
      Then the position is refused citing R18.1

  Rule: R18.2 The final successful player receives the final trick, the last hand and the kitty

    @id:R18-006 @R18.2 @D16 @D21 @D22 @D31
    Scenario: The final successful player receives the table, the last hand and the kitty
      Given a hand in play with seat 0 as banker
      And the banker called the 1st "AH" and the 3rd "AS"
      And call 1 was resolved by seat 0
      And call 2 is still open
      And the buried cards are "5D 10D KD 3D 4D 6D"
      And seat 2 holds "KD"
      And seat 4 holds "AS 5S 9C"
      And seat 2 has captured 100 points
      And seat 4 led "10H"
      When seat 2 plays "KD"
      Then the hand ends with "one_player_left"
      And the table points (20) go to seat 2
      And the remnant points (5) go to seat 2
      And the kitty points (25) go to seat 2
      And the defender total is 150
      And the banker total is 150

    @id:R18-007 @R18.2 @D16 @D21 @D22
    Scenario: The kitty counts at face value, with no multiplier
      Given a hand in play with seat 0 as banker
      And the banker called the 1st "AH" and the 3rd "AS"
      And call 1 was resolved by seat 0
      And call 2 is still open
      And the buried cards are "KH KS 10D 5C 3D 4D"
      And seat 2 holds "9D"
      And seat 4 holds "AS 9C"
      And seat 2 has captured 80 points
      And it is seat 2's turn
      When seat 2 plays "9D"
      Then the hand ends with "one_player_left"
      And the kitty points (35) go to seat 2
      And the defender total is 115
      And the banker total is 185
      And the bankers win

    @id:R18-008 @R18.2 @D16 @D21
    Scenario: The cards left in the banker's hand go to the defender who made the final play
      Given a hand in play with seat 0 as banker
      And the banker called the 1st "AH" and the 3rd "AS"
      And call 1 was resolved by seat 0
      And call 2 is still open
      And seat 0 holds "AS KC 5C 3C"
      And seat 2 holds "9D"
      And seat 2 has captured 105 points
      And it is seat 2's turn
      When seat 2 plays "9D"
      Then the hand ends with "one_player_left"
      And the remnant points (15) go to seat 2
      And the defender total is 120
      And the defenders win

    @id:R18-009 @R18.2 @D16 @D17 @D21 @D22 @D31
    Scenario: When a banker-side player makes the final play the last points go to the bankers
      Given a hand in play with seat 0 as banker
      And the banker called the 1st "AH" and the 3rd "AS"
      And call 1 was resolved by seat 3
      And call 2 is still open
      And the buried cards are "5D 10D KD 3D 4D 6D"
      And seat 3 holds "KS"
      And seat 5 holds "AS 10S 5S"
      And seat 5 has captured 120 points
      And seat 5 led "10H"
      When seat 3 plays "KS"
      Then the hand ends with "one_player_left"
      And the table points (20) go to seat 3
      And the remnant points (15) go to seat 3
      And the kitty points (25) go to seat 3
      And the defender total is 120
      And the banker total is 180

    @id:R18-010 @R18.2 @D16 @D21 @D22 @D31
    Scenario: The player left holding cards receives nothing from the final trick or the kitty
      Given a hand in play with seat 0 as banker
      And the banker called the 1st "AH" and the 3rd "AS"
      And call 1 was resolved by seat 0
      And call 2 is still open
      And the buried cards are "5D 10D KD 3D 4D 6D"
      And seat 0 holds "AS 4H"
      And seat 1 holds "KD"
      And seat 0 led "10H"
      When seat 1 plays "KD"
      Then the hand ends with "one_player_left"
      And the table points (20) go to seat 1
      And the kitty points (25) go to seat 1
      And the remnant points (0) go to seat 1

    @id:R18-101 @R18.2 @R18.1 @R19.2 @D16 @D18 @D19 @D21 @D22 @D23 @D31
    Scenario: After a completed trick the final player takes the table, the last hand and the kitty, not the final trick's leader or the previous trick's winner
      # Seat 2 wins the first trick with its last card, so seat 3 (a partner) leads the final
      # trick (D19) and seat 1 makes the play that leaves seat 5 alone: three different seats.
      Given a hand in play with seat 0 as banker
      And the banker called the 1st "AH" and the 3rd "AS"
      And call 1 was resolved by seat 3
      And call 2 is still open
      And the buried cards are "5D 10D KD 3D 4D 6D"
      And seat 1 holds "5H JS"
      And seat 2 holds "KC"
      And seat 3 holds "10D"
      And seat 5 holds "AS 5S 6S"
      And seat 1 has captured 65 points
      And it is seat 1's turn
      When seat 1 plays "5H"
      And seat 2 plays "KC"
      And seats 3, 5 and 1 pass
      Then the trick is over and seat 3 leads next
      And seat 2 has captured 15 points
      When seat 3 plays "10D"
      Then the hand goes on
      And seat 5 is asked to play
      When seat 5 passes
      And seat 1 plays "JS"
      Then the hand ends with "one_player_left"
      And the table points (10) go to seat 1
      And the remnant points (5) go to seat 1
      And the kitty points (25) go to seat 1
      And the credited points are "180 105 15 0 0 0"
      And seat 2 has captured 15 points
      And the settled banker side is "0 3"
      And the defender total is 120
      And the banker total is 180
      And the defenders win

    @id:R18-102 @R18.2 @R18.1 @D16 @D18 @D19 @D21 @D22 @D23 @D31
    Scenario: After a completed trick the banker's final play takes the last defender's hand, not the trick's leader
      # Seat 4 wins the first trick with its last card, so seat 5 leads the final trick and
      # the banker tops it, leaving seat 3 alone with the open call's ace.
      Given a hand in play with seat 0 as banker
      And the banker called the 1st "AH" and the 3rd "AS"
      And call 1 was resolved by seat 0
      And call 2 is still open
      And the buried cards are "5D 10D KD 3D 4D 6D"
      And seat 0 holds "KH"
      And seat 3 holds "10S AS 10C"
      And seat 4 holds "KS"
      And seat 5 holds "5H"
      And seat 1 has captured 100 points
      And it is seat 3's turn
      When seat 3 plays "10S"
      And seat 4 plays "KS"
      And seats 5, 0 and 3 pass
      Then the trick is over and seat 5 leads next
      When seat 5 plays "5H"
      Then the hand goes on
      When seat 0 plays "KH"
      Then the hand ends with "one_player_left"
      And the captured points are "130 100 0 0 20 0"
      And the table points (15) go to seat 0
      And the remnant points (10) go to seat 0
      And the kitty points (25) go to seat 0
      And the settled banker side is "0"
      And the defender total is 120
      And the banker total is 180
      And the defenders win
