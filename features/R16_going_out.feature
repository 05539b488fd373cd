@R16
Feature: R16 Going out
  An empty-hand player leaves subsequent play and cannot reply or lead, but retains team
  membership and settlement/advancement rights.

  Unless a scenario says otherwise, seat 0 is a solo banker (both calls were self-calls),
  every level is 3 and every point played in earlier tricks was captured by seat 0.

  Rule: R16.1 An empty-hand player leaves play but keeps team and settlement rights

    @id:R16-001 @R16.1 @D18
    Scenario: A player who plays their last card is out
      Given a hand in play with seat 0 as banker
      And seat 0 holds "8D 3C"
      And seat 1 holds "9H 4C"
      And seat 2 holds "JS"
      And seat 3 holds "6C"
      And seat 0 led "7S"
      When seat 1 passes
      And seat 2 plays "JS"
      Then seat 2 holds 0 cards
      And the out seats are "4 5 2"
      And seat 3 is asked to play
      And the hand goes on

    @id:R16-002 @R16.1 @D18 @D1
    Scenario: A player who went out is not asked to reply again in the trick
      Given a hand in play with seat 0 as banker
      And seat 0 holds "8D 3C"
      And seat 1 holds "9S"
      And seat 2 holds "JS 5D"
      And seat 3 holds "6C"
      And seat 0 led "7S"
      When seat 1 plays "9S"
      And seat 2 plays "JS"
      And seats 3 and 0 pass
      Then the trick is over and seat 2 leads next
      And the out seats are "4 5 1"

    @id:R16-003 @R16.1 @D18
    Scenario: By contrast a player still holding cards is asked again in the same trick
      Given a hand in play with seat 0 as banker
      And seat 0 holds "8D 3C"
      And seat 1 holds "9S 4C"
      And seat 2 holds "JS 5D"
      And seat 3 holds "6C"
      And seat 0 led "7S"
      When seat 1 plays "9S"
      And seat 2 plays "JS"
      And seats 3 and 0 pass
      Then seat 1 is asked to play

    @id:R16-004 @R16.1 @D18 @D35
    Scenario Outline: A player who is out cannot reply (<action>)
      Given a hand in play with seat 0 as banker
      And seat 0 holds "8D 3C"
      And seat 1 holds "9H 4C"
      And seat 3 holds "6C"
      And the seats went out in the order "2 4 5"
      And seat 0 led "7S"
      When <action>
      Then the action is rejected citing R13.1
      And seat 1 is asked to play

      Examples:
        | action             |
        | seat 2 plays "JS"  |
        | seat 2 passes      |

    @id:R16-005 @R16.1 @D18 @D19 @D35
    Scenario: A player who is out cannot lead, even after winning the trick
      Given a hand in play with seat 0 as banker
      And seat 0 holds "8D 3C"
      And seat 1 holds "9H 4C"
      And seat 2 holds "JS"
      And seat 3 holds "6C"
      And seat 0 led "7S"
      When seat 1 passes
      And seat 2 plays "JS"
      And seats 3, 0 and 1 pass
      And seat 2 plays "JS"
      Then the action is rejected citing R13.1
      And the trick is over and seat 3 leads next

    @id:R16-006 @R16.1 @D16 @D18 @D20
    Scenario: A revealed partner who goes out stays on the banker side
      Given a hand in play with seat 0 as banker
      And the banker called the 1st "AH" and the 1st "AS"
      And call 1 was resolved by seat 3
      And call 2 was resolved by seat 0
      And seat 0 holds "8D 3C"
      And seat 1 holds "9H 4C"
      And seat 2 holds "5D"
      And seat 3 holds "JS"
      And seat 0 led "7S"
      When seat 1 passes
      And seat 2 passes
      And seat 3 plays "JS"
      Then the out seats are "4 5 3"
      And the banker side is "0 3"
      And the partners are "3"
      And the hand goes on

    @id:R16-007 @R16.1 @D20 @D23 @D24
    Scenario: Defenders who went out early still advance when the defenders win
      Given a hand in play with seat 0 as banker
      And seat 0 holds "3C"
      And seat 2 holds "4D"
      And seat 1 has captured 180 points
      And the seats went out in the order "1 3 4 5"
      When seat 0 plays "3C"
      Then the hand ends with "bankers_out"
      And the defender total is 180
      And the defenders win
      And the advances are "0 1 1 1 1 1"
      And the levels are now "3 4 4 4 4 4"

    @id:R16-008 @R16.1 @D20 @D23 @D24
    Scenario: A partner who went out early still advances when the bankers win
      Given a hand in play with seat 0 as banker
      And the banker called the 1st "AH" and the 1st "AS"
      And call 1 was resolved by seat 3
      And call 2 was resolved by seat 0
      And seat 0 holds "3C"
      And seat 1 holds "4D"
      And seat 2 holds "4C"
      And seat 5 holds "4H"
      And the seats went out in the order "3 4"
      When seat 0 plays "3C"
      Then the hand ends with "bankers_out"
      And the defender total is 0
      And the bankers win
      And the settled banker side is "0 3"
      And the advances are "3 0 0 3 0 0"
      And the levels are now "6 3 3 6 3 3"

    @id:R16-009 @R16.1 @D17 @D20
    Scenario: Points captured by a player who went out still count for their side
      Given a hand in play with seat 0 as banker
      And seat 0 holds "3C"
      And seat 1 holds "4D"
      And seat 4 has captured 125 points
      And seat 5 has captured 65 points
      And the seats went out in the order "4 2 5 3"
      When seat 0 plays "3C"
      Then the hand ends with "bankers_out"
      And the settled defenders are "1 2 3 4 5"
      And the defender total is 190
      And each winner advances 1 level

    @id:R16-010 @R16.1 @D20 @D23 @D24
    Scenario: A player who went out on the losing side does not advance
      Given a hand in play with seat 0 as banker
      And the banker called the 1st "AH" and the 1st "AS"
      And call 1 was resolved by seat 3
      And call 2 was resolved by seat 0
      And seat 0 holds "3C"
      And seat 1 holds "4D"
      And seat 3 holds "4C"
      And seat 2 has captured 100 points
      And the seats went out in the order "2 4 5"
      And it is seat 1's turn
      When seat 1 plays "4D"
      Then the hand ends with "defenders_out"
      And the defender total is 100
      And the bankers win
      And the advances are "1 0 0 1 0 0"
      And the levels are now "4 3 3 4 3 3"

    @id:R16-011 @R16.1 @D18
    Scenario: A player who plays their last card holds nothing while the others keep what they did not play
      Given a hand in play with seat 0 as banker
      And seat 0 holds "8D 3C"
      And seat 1 holds "9H 4C"
      And seat 2 holds "JS"
      And seat 3 holds "6C"
      And seat 0 led "7S"
      When seat 1 passes
      And seat 2 plays "JS"
      Then seat 2 holds no cards
      And the out seats are "4 5 2"
      And seat 1 holds "4C 9H"
      And seat 0 holds "3C 8D"

    @id:R16-101 @R16.1 @R14.1 @R15.1 @D1 @D18 @D19 @D20 @D23 @D24
    Scenario: A defender who goes out by winning a trick keeps its points and advances when the banker then goes out
      Given a hand in play with seat 0 as banker
      And seat 0 holds "3C 9D"
      And seat 1 holds "10C 4H"
      And seat 2 holds "KC"
      And seat 3 holds "6D"
      And seat 4 has captured 160 points
      When seat 0 plays "3C"
      And seat 1 plays "10C"
      And seat 2 plays "KC"
      And seats 3, 0 and 1 pass
      Then the trick is over and seat 3 leads next
      And seat 2 has captured 20 points
      When seat 3 plays "6D"
      And seat 0 plays "9D"
      Then the hand ends with "bankers_out"
      And seat 2 holds no cards
      And the defender total is 180
      And the defenders win
      And the advances are "0 1 1 1 1 1"
      And the levels are now "3 4 4 4 4 4"

    @id:R16-201 @R16.1 @D40
    Scenario: A position whose out list leaves out an empty-handed seat is refused
      Given a hand in play with seat 0 as banker
      And seat 0 holds "5H 5S"
      And seat 1 holds "9D"
      And seat 2 holds "KH"
      And the seats went out in the order "3 4"
      Then the position is refused citing R16.1

    @id:R16-202 @R16.1 @D40
    Scenario: A position giving the turn to a seat with no cards is refused
      Given a hand in play with seat 0 as banker
      And seat 0 holds "5H 5S"
      And seat 1 holds "9D"
      And seat 2 holds "KH"
      And it is seat 4's turn
      Then the position is refused citing R16.1
