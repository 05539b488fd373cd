@R24
Feature: R24 Strategy
  Balance capturing points, shedding cards and advancement: retain control, protect
  teammates, find hidden partners, finish the whole side and prevent the opponents doing so
  first.

  Rule 24 is advice, not a rule of play (D28): an implementation must not enforce any
  strategy. These scenarios check exactly that: every legal action is accepted, however
  poor it looks. Seat 0 is the banker; unless a scenario says otherwise it is a solo banker
  (both calls were self-calls).

  Rule: R24.1 Strategy advice requires nothing: any legal action is accepted

    @id:R24-001 @R24.1 @D28 @D18
    Scenario: No forced play: a player may pass although it could beat and take points
      Given a hand in play with seat 0 as banker
      And seat 0 holds "8D 3C"
      And seat 1 holds "2S BJ SJ 4C"
      And seat 2 holds "4D"
      And seat 0 led "KS"
      When seat 1 passes
      And seat 2 passes
      Then the trick is over and seat 0 leads next
      And seat 0 has captured 300 points

    @id:R24-002 @R24.1 @D28 @D9
    Scenario: Breaking up a bomb to play a single is accepted
      Given a hand in play with seat 0 as banker
      And seat 0 holds "8D 3C"
      And seat 1 holds "7H 7S 7D 7C 4C"
      And seat 2 holds "4D"
      And seat 0 led "6S"
      When seat 1 plays "7H"
      Then the top play is "single 7" by seat 1
      And seat 1 holds 4 cards

    @id:R24-003 @R24.1 @D28
    Scenario: Throwing a scoring card where an opponent will take it is accepted
      Given a hand in play with seat 0 as banker
      And seat 0 holds "2S 3C"
      And seat 1 holds "KD 4C"
      And seat 2 holds "4D"
      And seat 0 led "9S"
      When seat 1 plays "KD"
      And seat 2 passes
      And seat 0 plays "2S"
      And seats 1 and 2 pass
      Then the trick is over and seat 0 leads next
      And the captured points are "300 0 0 0 0 0"

    @id:R24-004 @R24.1 @D28
    Scenario: Beating one's own revealed partner is accepted
      Given a hand in play with seat 0 as banker
      And the banker called the 1st "AH" and the 1st "AS"
      And call 1 was resolved by seat 3
      And call 2 was resolved by seat 0
      And seat 0 holds "8D 3C"
      And seat 1 holds "4C"
      And seat 2 holds "4D"
      And seat 3 holds "JS 4H"
      And seat 0 led "9S"
      When seats 1 and 2 pass
      And seat 3 plays "JS"
      Then the top play is "single J" by seat 3
      And the banker side is "0 3"

    @id:R24-005 @R24.1 @D9 @D11 @D28
    Scenario: Spending a rocket on a lowly single is accepted
      Given a hand in play with seat 0 as banker
      And seat 0 holds "8D 3C"
      And seat 1 holds "SJ BJ 4C"
      And seat 2 holds "4D"
      And seat 0 led "3S"
      When seat 1 plays "SJ BJ"
      Then the top play is "rocket" by seat 1

    @id:R24-006 @R24.1 @D16 @D18 @D28
    Scenario: The holder of a called card need not play it to reveal the partnership
      Given a hand in play with seat 0 as banker
      And the banker called the 1st "AH" and the 3rd "AS"
      And call 1 was resolved by seat 0
      And call 2 is still open
      And seat 0 holds "8D 3C"
      And seat 1 holds "AS 5C"
      And seat 2 holds "4D"
      And seat 0 led "4S"
      When seat 1 plays "5C"
      Then call 2 is unresolved
      And the partners are ""
      When seat 2 passes
      And seat 0 passes
      Then the trick is over and seat 1 leads next

    @id:R24-007 @R24.1 @D18 @D20 @D28
    Scenario: Letting the banker go out first instead of stopping it is accepted
      Given a hand in play with seat 0 as banker
      And seat 0 holds "5H 3C"
      And seat 1 holds "2S 4C"
      And seat 2 holds "2D 4D"
      And seat 0 led "10S"
      When seats 1 and 2 pass
      Then the trick is over and seat 0 leads next
      When seat 0 plays "5H"
      And seat 1 passes
      And seat 2 passes
      And seat 0 plays "3C"
      Then the hand ends with "bankers_out"
      And the remnant points (0) go to the bankers

    @id:R24-008 @R24.1 @D28
    Scenario: Leading a scoring card into the opponents is accepted
      Given a hand in play with seat 0 as banker
      And seat 0 holds "8D 3C"
      And seat 1 holds "10H 4C"
      And seat 2 holds "2D 4D"
      And it is seat 1's turn
      When seat 1 plays "10H"
      And seat 2 plays "2D"
      And seats 0 and 1 pass
      Then the trick is over and seat 2 leads next
      And seat 2 has captured 10 points

    @id:R24-009 @R24.1 @D18 @D28 @D35
    Scenario: Advice never makes an illegal action legal: the leader still may not pass to keep control
      Given a hand in play with seat 0 as banker
      And seat 0 holds "8D 3C"
      And seat 1 holds "2S 4C"
      When seat 0 passes
      Then the action is rejected citing R13.2
      And seat 0 is asked to play

    @id:R24-010 @R24.1 @D11 @D28 @D35
    Scenario: Advice never makes an illegal action legal: a weaker reply is rejected however useful
      Given a hand in play with seat 0 as banker
      And seat 0 holds "8D 3C"
      And seat 1 holds "5H 4C"
      And seat 0 led "9S"
      When seat 1 plays "5H"
      Then the action is rejected citing R03.3
      And seat 1 is asked to play
