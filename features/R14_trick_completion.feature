@R14
Feature: R14 Trick completion
  The last successful player wins every scoring card played by anyone in the trick, not
  just the final combination, for their eventual side.

  Unless a scenario says otherwise, seat 0 is a solo banker (both calls were self-calls),
  and every point played in earlier tricks was captured by seat 0.

  Rule: R14.1 The last successful player wins every scoring card of the trick

    @id:R14-001 @R14.1 @D18
    Scenario: The last successful player captures the points of every play in the trick
      Given a hand in play with seat 0 as banker
      And seat 0 holds "8D 3C"
      And seat 1 holds "9H 4C"
      And seat 2 holds "KD 6C"
      And seat 3 holds "7C"
      And seat 4 holds "8C"
      And seat 5 holds "9C"
      And seat 0 led "5H"
      And seat 1 then played "10S"
      When seat 2 plays "KD"
      And seats 3, 4, 5, 0 and 1 pass
      Then the trick is over and seat 2 leads next
      And the captured points are "275 0 25 0 0 0"

    @id:R14-002 @R14.1 @D18
    Scenario: A final combination without points still wins the points played before it
      Given a hand in play with seat 0 as banker
      And seat 0 holds "8D 3C"
      And seat 1 holds "9H 4C"
      And seat 2 holds "KD 6C"
      And seat 3 holds "2S 7C"
      And seat 4 holds "8C"
      And seat 5 holds "9C"
      And seat 0 led "5H"
      And seat 1 then played "10S"
      When seat 2 plays "KD"
      And seat 3 plays "2S"
      And seats 4, 5, 0, 1 and 2 pass
      Then the trick is over and seat 3 leads next
      And the captured points are "275 0 0 25 0 0"

    @id:R14-003 @R14.1 @D9 @D16 @D18
    Scenario: Points from several rounds of the same trick, the winner's own included, all go to the winner
      Given a hand in play with seat 0 as banker
      And seat 0 holds "KS KH 2S 2H 3C"
      And seat 1 holds "10S 10H 4C"
      And seat 2 holds "AS AD 6C"
      And seat 3 holds "7C"
      And seat 0 led "5H 5S"
      When seat 1 plays "10S 10H"
      And seat 2 plays "AS AD"
      And seat 3 passes
      And seat 0 plays "2S 2H"
      And seats 1, 2 and 3 pass
      Then the trick is over and seat 0 leads next
      And seat 0 has captured 280 points

    @id:R14-004 @R14.1 @D11 @D12
    Scenario: The points inside a 5,10,K and a bomb go to whoever tops them
      Given a hand in play with seat 0 as banker
      And seat 0 holds "8D 3C"
      And seat 1 holds "5D 10D KC 4C"
      And seat 2 holds "6H 6D 6C 6S 7C"
      And seat 3 holds "9C"
      And seat 0 led "KS KH"
      When seat 1 plays "5D 10D KC"
      And seat 2 plays "6H 6D 6C 6S"
      And seats 3, 0 and 1 pass
      Then the trick is over and seat 2 leads next
      And the captured points are "255 0 45 0 0 0"

    @id:R14-005 @R14.1 @D18
    Scenario: The points stay on the table until the trick ends
      Given a hand in play with seat 0 as banker
      And seat 0 holds "8D 3C"
      And seat 1 holds "9H 4C"
      And seat 2 holds "KD 6C"
      And seat 3 holds "7C"
      And seat 0 led "5H"
      And seat 1 then played "10S"
      When seat 2 plays "KD"
      And seats 3 and 0 pass
      Then the table holds 25 points
      And the top play is "single K" by seat 2
      And the captured points are "275 0 0 0 0 0"

    @id:R14-006 @R14.1 @D18
    Scenario: Players who were topped or passed capture nothing from the trick
      Given a hand in play with seat 0 as banker
      And seat 0 holds "8D 3C"
      And seat 1 holds "9H 4C"
      And seat 2 holds "KD 6C"
      And seat 3 holds "7C"
      And seat 0 led "5H"
      And seat 1 then played "10S"
      When seat 2 plays "KD"
      And seats 3, 0 and 1 pass
      Then seat 0 has captured 275 points
      And seat 1 has captured 0 points
      And seat 3 has captured 0 points

    @id:R14-007 @R14.1 @D18
    Scenario: A trick without scoring cards adds no points
      Given a hand in play with seat 0 as banker
      And seat 0 holds "8D 3C"
      And seat 1 holds "9H 4C"
      And seat 2 holds "JD 6C"
      And seat 0 led "7H"
      When seat 1 plays "9H"
      And seat 2 plays "JD"
      And seats 0 and 1 pass
      Then the trick is over and seat 2 leads next
      And the captured points are "300 0 0 0 0 0"

    @id:R14-008 @R14.1 @D18 @D19
    Scenario: A player who goes out with the winning play still captures the trick
      Given a hand in play with seat 0 as banker
      And seat 0 holds "8D 3C"
      And seat 1 holds "9H 4C"
      And seat 2 holds "KD"
      And seat 3 holds "7C"
      And seat 0 led "5H"
      And seat 1 then played "10S"
      When seat 2 plays "KD"
      And seats 3, 0 and 1 pass
      Then the out seats are "4 5 2"
      And seat 2 has captured 25 points
      And the trick is over and seat 3 leads next

    @id:R14-009 @R14.1 @D15 @D17 @D20 @D22 @D23
    Scenario: Points captured before a seat is revealed as a partner count for the banker side
      Given a hand in play with seat 0 as banker
      And the banker called the 1st "AH" and the 3rd "AS"
      And call 1 was resolved by seat 0
      And call 2 is still open
      And seat 0 holds "9C"
      And seat 3 holds "KD AS"
      And seat 1 has captured 100 points
      And seat 1 led "5H"
      And seat 2 then played "10S"
      When seat 3 plays "KD"
      And seat 0 passes
      Then the trick is over and seat 3 leads next
      And seat 3 has captured 25 points
      When seat 3 plays "AS"
      Then the hand ends with "defenders_out"
      And the settled banker side is "0 3"
      And the defender total is 100
      And the banker total is 200

    @id:R14-010 @R14.1 @D16 @D17 @D18 @D21 @D22
    Scenario: Points captured by a seat that never joins the banker count for the defenders
      Given a hand in play with seat 0 as banker
      And the banker called the 1st "AH" and the 3rd "AS"
      And call 1 was resolved by seat 0
      And call 2 is still open
      And seat 0 holds "AS 9C"
      And seat 3 holds "KD 7C"
      And seat 1 has captured 100 points
      And seat 1 led "5H"
      And seat 2 then played "10S"
      When seat 3 plays "KD"
      And seat 0 passes
      Then the trick is over and seat 3 leads next
      And seat 3 has captured 25 points
      When seat 3 plays "7C"
      Then the hand ends with "one_player_left"
      And the settled defenders are "1 2 3 4 5"
      And the defender total is 125
      And the banker total is 175

    @id:R14-101 @R14.1 @R13.2 @R13.3 @R15.1 @D1 @D11 @D18 @D19 @D35
    Scenario: A trick of pair runs several ranks apart goes to the highest, with the points of every run in it
      Given a hand in play with seat 0 as banker
      And seat 0 holds "3H 3S 4D 4C 8C"
      And seat 1 holds "10H 10S JD JC 6C"
      And seat 2 holds "KH KS AD AC QS QD 7C"
      And seat 3 holds "5H 5S 6D 6C"
      And seat 4 holds "8H"
      And seat 5 holds "9C"
      When seat 0 plays "3H 3S 4D 4C"
      And seat 1 plays "10H 10S JD JC"
      Then the top play is "pairs 10-J" by seat 1
      And the table holds 20 points
      When seat 2 plays "QS QD KH KS AD AC"
      Then the action is rejected citing R03.3
      When seat 2 plays "KH KS AD AC"
      Then the top play is "pairs K-A" by seat 2
      When seat 3 plays "5H 5S 6D 6C"
      Then the action is rejected citing R03.3
      When seats 3, 4, 5, 0 and 1 pass
      Then the trick is over and seat 2 leads next
      And seat 2 has captured 40 points
      And seat 2 holds "QS QD 7C"
