@R19
Feature: R19 Kitty ownership
  Expose the kitty at either normal or early settlement. Its points go to the last valid
  trick winner, never multiplied. For early settlement the current trick is the final
  valid trick: its last successful player receives table and kitty points, while the side
  that is all out receives remaining-hand points. These recipients may differ.

  Seat 0 is the banker throughout and, unless a scenario says otherwise, a solo banker
  (both calls were self-calls). Every level is 3 and the points of earlier tricks not
  credited to a named seat were captured by seat 0.

  Rule: R19.1 The kitty is exposed at normal or early settlement

    @id:R19-001 @R19.1 @D7 @D16 @D21 @D22
    Scenario: The kitty is exposed when the hand ends with one player left
      Given a hand in play with seat 0 as banker
      And the banker called the 1st "AH" and the 3rd "AS"
      And call 1 was resolved by seat 0
      And call 2 is still open
      And the buried cards are "5D 10D KD 3D 4D 6D"
      And seat 2 holds "9D"
      And seat 4 holds "AS 9C"
      And it is seat 2's turn
      When seat 2 plays "9D"
      Then the hand ends with "one_player_left"
      And the settlement shows the buried cards "5D 10D KD 3D 4D 6D"

    @id:R19-002 @R19.1 @D7 @D20 @D22
    Scenario: The kitty is exposed when the bankers go out early
      Given a hand in play with seat 0 as banker
      And the buried cards are "5D 10D KD 3D 4D 6D"
      And seat 0 holds "3C"
      And seat 1 holds "4D"
      When seat 0 plays "3C"
      Then the hand ends with "bankers_out"
      And the settlement shows the buried cards "5D 10D KD 3D 4D 6D"

    @id:R19-003 @R19.1 @D7 @D20 @D22
    Scenario: The kitty is exposed when the defenders go out early
      Given a hand in play with seat 0 as banker
      And the buried cards are "5D 10D KD 3D 4D 6D"
      And seat 0 holds "8D"
      And seat 4 holds "9D"
      And it is seat 4's turn
      When seat 4 plays "9D"
      Then the hand ends with "defenders_out"
      And the settlement shows the buried cards "5D 10D KD 3D 4D 6D"

    @id:R19-004 @R19.1 @D7
    Scenario: The kitty stays hidden while the hand goes on
      Given a hand in play with seat 0 as banker
      And the buried cards are "5D 10D KD 3D 4D 6D"
      And seat 0 holds "8D 3C"
      And seat 1 holds "4D"
      When seat 0 plays "3C"
      Then the hand goes on
      And the buried cards are not shown

  Rule: R19.2 The kitty goes to the last valid trick winner, never multiplied

    @id:R19-005 @R19.2 @D16 @D21 @D22
    Scenario: A defender who makes the final play receives the kitty
      Given a hand in play with seat 0 as banker
      And the banker called the 1st "AH" and the 3rd "AS"
      And call 1 was resolved by seat 0
      And call 2 is still open
      And the buried cards are "5D 10D KD 3D 4D 6D"
      And seat 2 holds "9D"
      And seat 4 holds "AS 9C"
      And seat 2 has captured 100 points
      And it is seat 2's turn
      When seat 2 plays "9D"
      Then the kitty points (25) go to seat 2
      And the defender total is 125
      And the defenders win

    @id:R19-006 @R19.2 @D20 @D22
    Scenario: The banker who makes the final play receives the kitty
      Given a hand in play with seat 0 as banker
      And the buried cards are "5D 10D KD 3D 4D 6D"
      And seat 0 holds "3C"
      And seat 1 holds "4D"
      And seat 1 has captured 100 points
      When seat 0 plays "3C"
      Then the kitty points (25) go to seat 0
      And the defender total is 100
      And the banker total is 200

    @id:R19-007 @R19.2 @D17 @D20 @D22 @D23
    Scenario: A partner who makes the final play receives the kitty, not the banker who buried it
      Given a hand in play with seat 0 as banker
      And the banker called the 1st "AH" and the 1st "AS"
      And call 1 was resolved by seat 3
      And call 2 was resolved by seat 0
      And the buried cards are "5D 10D KD 3D 4D 6D"
      And seat 1 holds "4D"
      And seat 3 holds "9S"
      And seat 1 has captured 100 points
      And it is seat 3's turn
      When seat 3 plays "9S"
      Then the hand ends with "bankers_out"
      And the kitty points (25) go to seat 3
      And the defender total is 100

    @id:R19-008 @R19.2 @D20 @D22
    Scenario: A rich kitty still counts at face value, never multiplied
      Given a hand in play with seat 0 as banker
      And the buried cards are "KD KH KS 10D 10H 10S"
      And seat 0 holds "8D"
      And seat 4 holds "9D"
      And seat 4 has captured 100 points
      And it is seat 4's turn
      When seat 4 plays "9D"
      Then the hand ends with "defenders_out"
      And the kitty points (60) go to seat 4
      And the defender total is 160
      And the banker total is 140

    @id:R19-009 @R19.2 @D20 @D22
    Scenario: A kitty without scoring cards is worth nothing to its winner
      Given a hand in play with seat 0 as banker
      And seat 0 holds "8D"
      And seat 4 holds "9D"
      And seat 4 has captured 100 points
      And it is seat 4's turn
      When seat 4 plays "9D"
      Then the kitty points (0) go to seat 4
      And the defender total is 100

    @id:R19-101 @R19.2 @R18.2 @D16 @D18 @D19 @D21 @D22 @D23 @D31
    Scenario: After a completed trick the kitty goes to the final trick's last successful player, not to an earlier top, its leader or the previous trick's winner
      Given a hand in play with seat 0 as banker
      And the banker called the 1st "AH" and the 3rd "AS"
      And call 1 was resolved by seat 0
      And call 2 is still open
      And the buried cards are "5D 10D KD 3D 4D 6D"
      And seat 0 holds "6C"
      And seat 1 holds "10C"
      And seat 2 holds "AS 5S"
      And seat 4 holds "KD KC"
      And seat 5 holds "AD"
      And seat 1 has captured 60 points
      And it is seat 4's turn
      When seat 4 plays "KD"
      And seat 5 plays "AD"
      And seats 0, 1, 2 and 4 pass
      Then the trick is over and seat 0 leads next
      And seat 5 has captured 10 points
      When seat 0 plays "6C"
      And seat 1 plays "10C"
      And seat 2 passes
      And seat 4 plays "KC"
      Then the hand ends with "one_player_left"
      And the table points (20) go to seat 4
      And the remnant points (5) go to seat 4
      And the kitty points (25) go to seat 4
      And the defender total is 120
      And the defenders win

    @id:R19-103 @R19.2 @R18.2 @R15.1 @D1 @D16 @D18 @D19 @D21 @D22 @D23 @D31
    Scenario: A lead that ends the hand right after a completed trick takes the kitty, not the winner of that trick
      # Seat 2, a partner, wins the first trick with its last card; seat 3 leads next (D19)
      # and its lead leaves seat 4 alone, so seat 3 makes the final play of the hand.
      Given a hand in play with seat 0 as banker
      And the banker called the 1st "AH" and the 3rd "AS"
      And call 1 was resolved by seat 2
      And call 2 is still open
      And the buried cards are "5D 10D KD 3D 4D 6D"
      And seat 1 holds "10H"
      And seat 2 holds "KH"
      And seat 3 holds "5S"
      And seat 4 holds "AS 5C"
      And seat 1 has captured 85 points
      And it is seat 1's turn
      When seat 1 plays "10H"
      And seat 2 plays "KH"
      And seats 3 and 4 pass
      Then the trick is over and seat 3 leads next
      And seat 2 has captured 20 points
      When seat 3 plays "5S"
      Then the hand ends with "one_player_left"
      And seat 4 holds "AS 5C"
      And the table points (5) go to seat 3
      And the remnant points (5) go to seat 3
      And the kitty points (25) go to seat 3
      And the settled banker side is "0 2"
      And the defender total is 120
      And the banker total is 180
      And the defenders win

  Rule: R19.3 At an early settlement the current trick is the final valid trick

    @id:R19-010 @R19.3 @D20 @D22 @D31
    Scenario: The banker's going-out play takes the unfinished trick, the kitty and the defenders' remnants
      Given a hand in play with seat 0 as banker
      And the buried cards are "5D 10D KD 3D 4D 6D"
      And seat 0 holds "2S"
      And seat 1 holds "5S 4D"
      And seat 2 holds "4C"
      And seat 2 has captured 100 points
      And seat 1 led "10H"
      And seat 2 then played "KH"
      When seat 0 plays "2S"
      Then the hand ends with "bankers_out"
      And the table points (20) go to seat 0
      And the kitty points (25) go to seat 0
      And the remnant points (5) go to the bankers
      And the defender total is 100

    @id:R19-011 @R19.3 @D20 @D22 @D31
    Scenario: The last defender's going-out play takes the unfinished trick and the kitty
      Given a hand in play with seat 0 as banker
      And the buried cards are "5D 10D KD 3D 4D 6D"
      And seat 0 holds "8D 5C"
      And seat 4 holds "2D"
      And seat 4 has captured 100 points
      And seat 0 led "KS"
      When seat 4 plays "2D"
      Then the hand ends with "defenders_out"
      And the table points (10) go to seat 4
      And the kitty points (25) go to seat 4
      And the remnant points (5) go to the defenders
      And the defender total is 140

    @id:R19-012 @R19.3 @D20 @D22 @D31
    Scenario: Players topped earlier in the final trick receive none of its points
      Given a hand in play with seat 0 as banker
      And the buried cards are "5D 10D KD 3D 4D 6D"
      And seat 0 holds "2S"
      And seat 1 holds "5S 4D"
      And seat 2 holds "4C"
      And seat 1 led "10H"
      And seat 2 then played "KH"
      When seat 0 plays "2S"
      Then the table points (20) go to seat 0
      And seat 1 has captured 0 points
      And seat 2 has captured 0 points
      And the defender total is 0

    @id:R19-015 @R19.3 @D18 @D19 @D20 @D22 @D31
    Scenario: At a whole-side ending the kitty goes to the going-out player, not the last completed trick's winner
      # Found by fivetenk fuzz: an engine that gave the kitty to the winner of the last
      # completed trick (seat 1) at every ending.
      Given a hand in play with seat 0 as banker
      And the buried cards are "5D 10D KD 3D 4D 6D"
      And seat 0 holds "3S 9H"
      And seat 1 holds "QC"
      And seat 3 holds "4C"
      When seat 0 plays "3S"
      And seat 1 plays "QC"
      And seat 3 passes
      And seat 0 passes
      And seat 3 plays "4C"
      Then the hand ends with "defenders_out"
      And the kitty points (25) go to seat 3

    @id:R19-102 @R19.3 @D18 @D19 @D20 @D22 @D23 @D31
    Scenario: The banker wins a trick and leads the next, and the defender whose play ends the hand takes its table and the kitty
      Given a hand in play with seat 0 as banker
      And the buried cards are "5D 10D KD 3D 4D 6D"
      And seat 0 holds "KS 5D 10C"
      And seat 2 holds "QS JD"
      And seat 3 holds "QD"
      And seat 4 holds "2D"
      And seat 1 has captured 80 points
      And it is seat 2's turn
      When seat 2 plays "QS"
      And seats 3 and 4 pass
      And seat 0 plays "KS"
      And seats 2, 3 and 4 pass
      Then the trick is over and seat 0 leads next
      When seat 0 plays "5D"
      And seat 2 plays "JD"
      And seat 3 plays "QD"
      And seat 4 plays "2D"
      Then the hand ends with "defenders_out"
      And the captured points are "180 80 0 0 0 0"
      And the table points (5) go to seat 4
      And the kitty points (25) go to seat 4
      And the credited points are "180 80 0 0 30 0"
      And the remnant points (10) go to the defenders
      And the defender total is 120
      And the banker total is 180
      And the defenders win

  Rule: R19.4 The recipients of the table and kitty and of the remnants may differ

    @id:R19-013 @R19.4 @D17 @D20 @D22 @D31
    Scenario: A play that reveals the last partner gives the table and kitty to the bankers and the remnant to the defenders
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
      And the table points (10) go to seat 3
      And the kitty points (25) go to seat 3
      And the remnant points (15) go to the defenders
      And the settled banker side is "0 3"
      And the defender total is 165
      And the banker total is 135

    @id:R19-014 @R19.4 @D20 @D22 @D31
    Scenario: When the going-out player's own side is the side that is out the recipients are on one side
      Given a hand in play with seat 0 as banker
      And the buried cards are "5D 10D KD 3D 4D 6D"
      And seat 0 holds "8D 5C"
      And seat 4 holds "2D"
      And seat 0 led "KS"
      When seat 4 plays "2D"
      Then the hand ends with "defenders_out"
      And the table points (10) go to seat 4
      And the kitty points (25) go to seat 4
      And the remnant points (5) go to the defenders
      And the settled defenders are "1 2 3 4 5"
