@R15
Feature: R15 Next lead
  The trick winner leads again; if already out, the next seat still holding cards leads.

  Unless a scenario says otherwise, seat 0 is a solo banker (both calls were self-calls),
  so the hand only ends when seat 0 or all five defenders are out.

  Rule: R15.1 The trick winner leads again; if out, the next seat holding cards

    @id:R15-001 @R15.1 @D1 @D18 @D19
    Scenario: The trick winner leads the next trick
      Given a hand in play with seat 0 as banker
      And seat 0 holds "8D 3C"
      And seat 1 holds "9H 4C"
      And seat 2 holds "JS 5D"
      And seat 3 holds "6C"
      And seat 0 led "7S"
      When seat 1 passes
      And seat 2 plays "JS"
      And seats 3, 0 and 1 pass
      Then the trick is over and seat 2 leads next
      When seat 2 plays "5D"
      Then seat 2 leads the trick
      And seat 3 is asked to play

    @id:R15-002 @R15.1 @D1 @D18 @D19 @D35
    Scenario: The leader of the finished trick does not lead again when another seat won it
      Given a hand in play with seat 0 as banker
      And seat 0 holds "8D 3C"
      And seat 1 holds "9H 4C"
      And seat 2 holds "JS 5D"
      And seat 3 holds "6C"
      And seat 0 led "7S"
      When seat 1 passes
      And seat 2 plays "JS"
      And seats 3, 0 and 1 pass
      And seat 0 plays "8D"
      Then the action is rejected citing R13.1
      And the trick is over and seat 2 leads next

    @id:R15-003 @R15.1 @D1 @D19 @D18
    Scenario: When the winner went out with the winning play the next seat holding cards leads
      Given a hand in play with seat 0 as banker
      And seat 0 holds "8D 3C"
      And seat 1 holds "9H 4C"
      And seat 2 holds "JS"
      And seat 3 holds "6C 7C"
      And seat 4 holds "8C"
      And seat 5 holds "9C"
      And seat 0 led "7S"
      When seat 1 passes
      And seat 2 plays "JS"
      And seats 3, 4, 5, 0 and 1 pass
      Then the trick is over and seat 3 leads next
      And seat 2 holds 0 cards

    @id:R15-004 @R15.1 @D1 @D18 @D19
    Scenario: Every out seat after the winner is skipped when the lead passes on
      Given a hand in play with seat 0 as banker
      And seat 0 holds "8D 3C"
      And seat 1 holds "9H 4C"
      And seat 2 holds "JS"
      And seat 5 holds "9C 10C"
      And the seats went out in the order "4 3"
      And seat 0 led "7S"
      When seat 1 passes
      And seat 2 plays "JS"
      And seats 5, 0 and 1 pass
      Then the trick is over and seat 5 leads next

    @id:R15-005 @R15.1 @D1 @D18 @D19
    Scenario: The search for the next lead wraps round from seat 5 to seat 0 and on
      Given a hand in play with seat 2 as banker
      And seat 1 holds "9H 4C"
      And seat 2 holds "8D 3C"
      And seat 3 holds "6C 7C"
      And seat 5 holds "KS"
      And the seats went out in the order "0 4"
      And seat 2 led "7S"
      And seat 3 then played "9S"
      When seat 5 plays "KS"
      And seats 1, 2 and 3 pass
      Then the trick is over and seat 1 leads next

    @id:R15-006 @R15.1 @D1 @D18 @D19 @D35
    Scenario: A winner who is out may not lead
      Given a hand in play with seat 0 as banker
      And seat 0 holds "8D 3C"
      And seat 1 holds "9H 4C"
      And seat 2 holds "JS"
      And seat 3 holds "6C 7C"
      And seat 0 led "7S"
      When seat 1 passes
      And seat 2 plays "JS"
      And seats 3, 0 and 1 pass
      And seat 2 plays "JS"
      Then the action is rejected citing R13.1
      And the trick is over and seat 3 leads next

    @id:R15-007 @R15.1 @D1 @D18 @D19
    Scenario: The next lead is searched from the winner, not from the trick's leader
      Given a hand in play with seat 0 as banker
      And seat 0 holds "8D 3C"
      And seat 3 holds "6C 7C"
      And seat 4 holds "QD 4D"
      And seat 5 holds "9C"
      And the seats went out in the order "2 1"
      And seat 4 led "10S"
      And seat 5 then passed
      And seat 0 then passed
      And seat 1 then played "AS"
      When seats 3, 4, 5 and 0 pass
      Then the trick is over and seat 3 leads next
      And the out seats are "2 1"

    @id:R15-008 @R15.1 @D1 @D18 @D19 @D35
    Scenario Outline: Only the seat found by the search may lead (seat <seat> tries)
      Given a hand in play with seat 0 as banker
      And seat 0 holds "8D 3C"
      And seat 3 holds "6C 7C"
      And seat 4 holds "QD 4D"
      And seat 5 holds "9C"
      And the seats went out in the order "2 1"
      And seat 4 led "10S"
      And seat 5 then passed
      And seat 0 then passed
      And seat 1 then played "AS"
      When seats 3, 4, 5 and 0 pass
      And seat <seat> plays "<cards>"
      Then the action is rejected citing R13.1
      And seat 3 is asked to play

      Examples:
        | seat | cards |
        | 4    | 4D    |
        | 0    | 3C    |
        | 5    | 9C    |

    @id:R15-009 @R15.1 @D1 @D18 @D19 @D27
    Scenario: Under the trick-lock variant the winner leads in the same way
      Given the variant "pass" is "trick"
      And a hand in play with seat 0 as banker
      And seat 0 holds "8D 3C"
      And seat 1 holds "9H 4C"
      And seat 2 holds "JS"
      And seat 3 holds "6C 7C"
      And seat 0 led "7S"
      When seat 1 passes
      And seat 2 plays "JS"
      And seats 3 and 0 pass
      Then the trick is over and seat 3 leads next

    @id:R15-010 @R15.1 @D1 @D19 @D18
    Scenario: A seat that passed earlier in the trick and then won it leads next
      Given a hand in play with seat 0 as banker
      And seat 0 holds "8D 3C"
      And seat 1 holds "9H 2S"
      And seat 2 holds "JS 5D"
      And seat 3 holds "6C"
      And seat 0 led "7S"
      When seat 1 passes
      And seat 2 plays "JS"
      And seats 3 and 0 pass
      And seat 1 plays "2S"
      And seats 2, 3 and 0 pass
      Then the trick is over and seat 1 leads next

    @id:R15-011 @R15.1 @D1 @D18 @D19 @R16.1
    Scenario: The next lead skips a seat that went out earlier in the same trick
      # Found by fivetenk fuzz: an engine that remembered who was out when the trick
      # began gave the lead to seat 3, who had gone out on a beaten play (no cards left).
      Given a hand in play with seat 0 as banker
      And seat 0 holds "9S"
      And seat 2 holds "4D 8D"
      And seat 3 holds "6D"
      And seat 4 holds "9C"
      And it is seat 2's turn
      When seat 2 plays "4D"
      And seat 3 plays "6D"
      And seat 4 passes
      And seat 0 passes
      And seat 2 plays "8D"
      And seat 4 passes
      And seat 0 passes
      Then seat 4 is asked to play

    @id:R15-501 @R15.1 @D1
    Scenario: With no trick on the table and the banker out, the first seat after the banker that holds cards leads
      Given a hand in play with seat 0 as banker
      And the banker called the 1st "AH" and the 1st "AS"
      And call 1 was resolved by seat 2
      And call 2 was resolved by seat 0
      And seat 2 holds "9D 9C"
      And seat 5 holds "8D 8C"
      When seat 2 plays "9D"
      Then the top play is "single 9" by seat 2
