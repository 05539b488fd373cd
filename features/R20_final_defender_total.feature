@R20
Feature: R20 Final defender total
  Include all captured tricks, opponent remnants transferred by early completion, and
  last-hand/kitty points when awarded to defenders. The full deck always totals 300 points.

  Seat 0 is the banker throughout and, unless a scenario says otherwise, a solo banker
  (both calls were self-calls). Every level is 3, the buried cards score nothing unless a
  scenario says otherwise, and the points of earlier tricks not credited to a named seat
  were captured by seat 0.

  Rule: R20.1 What counts towards the defender total

    @id:R20-001 @R20.1 @D20 @D22
    Scenario: Every defender's captured tricks count, the banker's do not
      Given a hand in play with seat 0 as banker
      And seat 0 holds "3C"
      And seat 1 holds "4D"
      And seat 1 has captured 40 points
      And seat 2 has captured 35 points
      And seat 3 has captured 30 points
      And seat 4 has captured 25 points
      And seat 5 has captured 20 points
      When seat 0 plays "3C"
      Then the hand ends with "bankers_out"
      And the defender total is 150
      And the banker total is 150

    @id:R20-002 @R20.1 @D17 @D20 @D22 @D23
    Scenario: Tricks captured by a revealed partner count for the bankers
      Given a hand in play with seat 0 as banker
      And the banker called the 1st "AH" and the 1st "AS"
      And call 1 was resolved by seat 3
      And call 2 was resolved by seat 0
      And seat 0 holds "3C"
      And seat 1 holds "4D"
      And seat 1 has captured 50 points
      And seat 3 has captured 100 points
      When seat 0 plays "3C"
      Then the hand ends with "bankers_out"
      And the defender total is 50
      And the banker total is 250

    @id:R20-003 @R20.1 @D15 @D17 @D20 @D23
    Scenario: Tricks captured before the last play reveals a partner count for the bankers
      Given a hand in play with seat 0 as banker
      And the banker called the 1st "AH" and the 3rd "AS"
      And call 1 was resolved by seat 0
      And call 2 is still open
      And seat 1 holds "4D"
      And seat 2 holds "4C"
      And seat 3 holds "AS"
      And seat 1 has captured 60 points
      And seat 3 has captured 100 points
      And it is seat 3's turn
      When seat 3 plays "AS"
      Then the hand ends with "bankers_out"
      And the defender total is 60

    @id:R20-004 @R20.1 @D20
    Scenario: The banker side's remaining scoring cards count for the defenders when the defenders go out
      Given a hand in play with seat 0 as banker
      And seat 0 holds "KC KS 10H 8D"
      And seat 4 holds "9D"
      And seat 4 has captured 90 points
      And it is seat 4's turn
      When seat 4 plays "9D"
      Then the hand ends with "defenders_out"
      And the remnant points (30) go to the defenders
      And the defender total is 120
      And the defenders win

    @id:R20-005 @R20.1 @D20
    Scenario: The defenders' remaining scoring cards do not count for them when the bankers go out
      Given a hand in play with seat 0 as banker
      And seat 0 holds "3C"
      And seat 1 holds "KD KH 10S 10C 4D"
      And seat 2 holds "5D 5H"
      And seat 1 has captured 130 points
      When seat 0 plays "3C"
      Then the hand ends with "bankers_out"
      And the remnant points (50) go to the bankers
      And the defender total is 130

    @id:R20-006 @R20.1 @D16 @D21 @D22
    Scenario: The last hand and the kitty count for the defenders when a defender makes the final play
      Given a hand in play with seat 0 as banker
      And the banker called the 1st "AH" and the 3rd "AS"
      And call 1 was resolved by seat 0
      And call 2 is still open
      And the buried cards are "5D 10D KD 3D 4D 6D"
      And seat 0 holds "AS KC 5C 3C"
      And seat 2 holds "9D"
      And seat 2 has captured 100 points
      And it is seat 2's turn
      When seat 2 plays "9D"
      Then the hand ends with "one_player_left"
      And the remnant points (15) go to seat 2
      And the kitty points (25) go to seat 2
      And the defender total is 140

    @id:R20-007 @R20.1 @D16 @D21 @D22 @D31
    Scenario: The last hand and the kitty do not count for the defenders when a banker-side player makes the final play
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
      And the defender total is 120

    @id:R20-008 @R20.1 @D9 @D20 @D31
    Scenario: The table points of the final trick count for the defenders when a defender ends it
      Given a hand in play with seat 0 as banker
      And seat 0 holds "8D"
      And seat 4 holds "2D 2H"
      And seat 4 has captured 100 points
      And seat 0 led "KS KH"
      And seat 1 then played "AS AH"
      When seat 4 plays "2D 2H"
      Then the hand ends with "defenders_out"
      And the table points (20) go to seat 4
      And the defender total is 120
      And the defenders win

    @id:R20-014 @R20.1 @D16 @D21 @D22
    Scenario: The defender total is what the defenders were credited with when the last hand goes to a seat
      Given a hand in play with seat 0 as banker
      And the banker called the 1st "AH" and the 3rd "AS"
      And call 1 was resolved by seat 0
      And call 2 is still open
      And the buried cards are "5D 10D KD 3D 4D 6D"
      And seat 0 holds "AS KC 5C 3C"
      And seat 2 holds "9D"
      And seat 2 has captured 100 points
      And it is seat 2's turn
      When seat 2 plays "9D"
      Then the hand ends with "one_player_left"
      And seat 2 is credited with 140 points
      And the credited points are "160 0 140 0 0 0"
      And the defender total is 140

    @id:R20-015 @R20.1 @D20 @D22
    Scenario: A remnant given to the defenders as a side is credited to no seat but counts in their total
      Given a hand in play with seat 0 as banker
      And seat 0 holds "KC KS 10H 8D"
      And seat 4 holds "9D"
      And seat 4 has captured 90 points
      And it is seat 4's turn
      When seat 4 plays "9D"
      Then the hand ends with "defenders_out"
      And the remnant points (30) go to the defenders
      And seat 4 is credited with 90 points
      And the credited points are "180 0 0 0 90 0"
      And the defender total is 120

    @id:R20-101 @R20.1 @R12.2 @D15 @D16 @D17 @D18 @D20 @D22 @D23
    Scenario: A trick captured in the scenario by a seat that then reveals itself as a partner counts for the bankers
      Given a hand in play with seat 0 as banker
      And the banker called the 1st "AH" and the 3rd "AS"
      And call 1 was resolved by seat 0
      And call 2 is still open
      And the buried cards are "5D 10D KD 3D 4D 6D"
      And seat 0 holds "2S"
      And seat 1 holds "10H 5D"
      And seat 3 holds "KH AS"
      And seat 4 holds "KD"
      And seat 1 has captured 130 points
      And it is seat 1's turn
      When seat 1 plays "10H"
      And seat 3 plays "KH"
      And seats 4, 0 and 1 pass
      Then the trick is over and seat 3 leads next
      And seat 3 has captured 20 points
      When seat 3 plays "AS"
      Then call 2 is resolved by seat 3
      And the hand goes on
      When seat 4 passes
      And seat 0 plays "2S"
      Then the hand ends with "bankers_out"
      And the captured points are "110 130 0 20 0 0"
      And the settled banker side is "0 3"
      And the remnant points (15) go to the bankers
      And the kitty points (25) go to seat 0
      And the defender total is 130
      And the banker total is 170

  Rule: R20.2 The full deck always totals 300 points

    @id:R20-009 @R20.2 @D22
    Scenario: The pack holds 300 points
      When the pack is counted
      Then the pack holds 162 cards, 54 faces of 3 copies each, and 300 points

    @id:R20-010 @R20.2 @D20 @D22 @D31
    Scenario: Captured tricks, table, kitty and remnants make 300 when the bankers go out
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
      And the captured points are "150 0 100 0 0 0"
      And the table points (20) go to seat 0
      And the kitty points (25) go to seat 0
      And the remnant points (5) go to the bankers
      And the defender total is 100
      And the banker total is 200

    @id:R20-011 @R20.2 @D20 @D22 @D31
    Scenario: Captured tricks, table, kitty and remnants make 300 when the defenders go out
      Given a hand in play with seat 0 as banker
      And the buried cards are "5D 10D KD 3D 4D 6D"
      And seat 0 holds "8D 5C"
      And seat 4 holds "2D"
      And seat 4 has captured 100 points
      And seat 0 led "KS"
      When seat 4 plays "2D"
      Then the hand ends with "defenders_out"
      And the captured points are "160 0 0 0 100 0"
      And the table points (10) go to seat 4
      And the kitty points (25) go to seat 4
      And the remnant points (5) go to the defenders
      And the defender total is 140
      And the banker total is 160

    @id:R20-012 @R20.2 @D16 @D21 @D22 @D31
    Scenario: Captured tricks, table, last hand and kitty make 300 when one player is left
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
      And the captured points are "150 0 100 0 0 0"
      And the table points (20) go to seat 2
      And the remnant points (5) go to seat 2
      And the kitty points (25) go to seat 2
      And the defender total is 150
      And the banker total is 150

    @id:R20-013 @R20.2 @D20 @D22
    Scenario: A kitty of 60 points is counted once, so the two totals still make 300
      Given a hand in play with seat 0 as banker
      And the buried cards are "KD KH KS 10D 10H 10S"
      And seat 0 holds "3C"
      And seat 1 holds "4D"
      And seat 1 has captured 240 points
      When seat 0 plays "3C"
      Then the hand ends with "bankers_out"
      And the captured points are "0 240 0 0 0 0"
      And the kitty points (60) go to seat 0
      And the defender total is 240
      And the banker total is 60

    @id:R20-501 @R20.2 @R06.2
    Scenario: Captured points written for the seats may account for all 300 points when no hand holds a scoring card
      Given a hand in play with seat 0 as banker
      And seat 0 holds "9D"
      And seat 1 holds "4D 4D 4D 4C 4C 4C 4H 4H 4H 4S 4S 4S"
      And seat 2 holds "8D 8C"
      And seat 2 has captured 100 points
      And seat 3 has captured 200 points
      Then the captured points are "0 0 100 200 0 0"
