@R22
Feature: R22 Who advances
  Every winning-side member advances separately using their own saved level. Levels may
  differ in the same hand. At 120–179 no one advances despite the defender victory.

  Seat 0 is the banker throughout and goes out with the next play, ending the hand. Unless
  a scenario says otherwise seat 0 is a solo banker (both calls were self-calls), the
  buried cards score nothing and no card left in a hand scores, so the defender total is
  exactly the points the scenario credits to the defenders; the rest of the 300 points
  were captured by seat 0.

  Rule: R22.1 Every winning-side member advances separately from their own saved level

    @id:R22-001 @R22.1 @D20 @D23 @D24
    Scenario: Winning bankers each advance from their own level
      Given the levels are "3 5 3 7 3 3"
      And a hand in play with seat 0 as banker
      And the banker called the 1st "AH" and the 1st "AS"
      And call 1 was resolved by seat 3
      And call 2 was resolved by seat 0
      And seat 0 holds "3C"
      And seat 1 holds "4D"
      And seat 1 has captured 30 points
      When seat 0 plays "3C"
      Then the bankers win
      And the advances are "2 0 0 2 0 0"
      And the levels are now "5 5 3 9 3 3"

    @id:R22-002 @R22.1 @D20 @D23 @D24
    Scenario: Winning defenders each advance from their own level
      Given the levels are "4 6 8 10 Q 3"
      And a hand in play with seat 0 as banker
      And seat 0 holds "3C"
      And seat 1 holds "4D"
      And seat 1 has captured 200 points
      When seat 0 plays "3C"
      Then the defenders win
      And the advances are "0 1 1 1 1 1"
      And the levels are now "4 7 9 J K 4"

    @id:R22-003 @R22.1 @D20 @D24
    Scenario: The losing side keeps its levels whatever they are
      Given the levels are "9 3 K 4 5 6"
      And a hand in play with seat 0 as banker
      And the banker called the 1st "AH" and the 1st "AS"
      And call 1 was resolved by seat 2
      And call 2 was resolved by seat 0
      And seat 0 holds "3C"
      And seat 1 holds "4D"
      And seat 1 has captured 250 points
      When seat 0 plays "3C"
      Then the defenders win
      And the advances are "0 2 0 2 2 2"
      And the levels are now "9 5 K 6 7 8"

    @id:R22-004 @R22.1 @D20 @D24 @D32 @R07.2
    Scenario Outline: A winner at <level> advancing <advance> <outcome>
      Given the levels are "3 <level> 3 3 3 3"
      And a hand in play with seat 0 as banker
      And seat 0 holds "3C"
      And seat 1 holds "4D"
      And seat 1 has captured <total> points
      When seat 0 plays "3C"
      Then the defenders win
      And each winner advances <advance> levels
      And the match winners are "<winners>"
      And the match is <match>
      And the levels are now "<levels>"

      Examples:
        | level | total | advance | winners | match    | levels      | outcome                      |
        | A     | 180   | 1       | 1       | over     | 3 A 4 4 4 4 | passes A and wins the match  |
        | K     | 240   | 2       | 1       | over     | 3 A 5 5 5 5 | passes A and wins the match  |
        | Q     | 300   | 3       | 1       | over     | 3 A 6 6 6 6 | passes A and wins the match  |
        | J     | 300   | 3       |         | not over | 3 A 6 6 6 6 | stops at A: no match win yet |
        | Q     | 240   | 2       |         | not over | 3 A 5 5 5 5 | reaches A: no match win yet  |
        | K     | 180   | 1       |         | not over | 3 A 4 4 4 4 | reaches A: no match win yet  |

    @id:R22-005 @R22.1 @D20 @D24 @D32 @R07.2
    Scenario: Several winners passing A in the same hand are joint match winners
      Given the levels are "3 A 3 K 3 Q"
      And a hand in play with seat 0 as banker
      And seat 0 holds "3C"
      And seat 1 holds "4D"
      And seat 1 has captured 240 points
      When seat 0 plays "3C"
      Then the defenders win
      And the match winners are "1 3"
      And the match is over
      And the levels are now "3 A 5 A 5 A"

    @id:R22-006 @R22.1 @D20 @D23 @D24 @D32
    Scenario: A banker and a partner at different levels pass A or not each by their own level
      Given the levels are "Q K 3 3 A 3"
      And a hand in play with seat 0 as banker
      And the banker called the 1st "AH" and the 1st "AS"
      And call 1 was resolved by seat 4
      And call 2 was resolved by seat 0
      And seat 0 holds "3C"
      And seat 1 holds "4D"
      And seat 1 has captured 60 points
      When seat 0 plays "3C"
      Then the bankers win
      And each winner advances 1 level
      And the match winners are "4"
      And the levels are now "K K 3 3 A 3"

  Rule: R22.2 Levels may differ in the same hand

    @id:R22-007 @R22.2 @D20 @D24
    Scenario: Teammates on different levels stay on different levels after advancing
      Given the levels are "3 J 6 8 3 10"
      And a hand in play with seat 0 as banker
      And seat 0 holds "3C"
      And seat 1 holds "4D"
      And seat 1 has captured 190 points
      When seat 0 plays "3C"
      Then the defenders win
      And the levels are now "3 Q 7 9 4 J"

    @id:R22-008 @R22.2 @D20 @D23 @D24 @D32
    Scenario: A banker on a low level and a partner on a high level advance from their own levels
      Given the levels are "3 3 3 K 3 3"
      And a hand in play with seat 0 as banker
      And the banker called the 1st "AH" and the 1st "AS"
      And call 1 was resolved by seat 3
      And call 2 was resolved by seat 0
      And seat 0 holds "3C"
      And seat 1 holds "4D"
      When seat 0 plays "3C"
      Then the bankers win
      And each winner advances 3 levels
      And the match winners are "3"
      And the levels are now "6 3 3 A 3 3"

    @id:R22-009 @R22.2 @D20 @D23 @D24
    Scenario: Players on the same level stay together only if they are on the same side
      Given the levels are "5 5 5 5 5 5"
      And a hand in play with seat 0 as banker
      And the banker called the 1st "AH" and the 1st "AS"
      And call 1 was resolved by seat 3
      And call 2 was resolved by seat 0
      And seat 0 holds "3C"
      And seat 1 holds "4D"
      And seat 1 has captured 100 points
      When seat 0 plays "3C"
      Then the bankers win
      And the levels are now "6 5 5 6 5 5"

  Rule: R22.3 At 120–179 no one advances despite the defender victory

    @id:R22-010 @R22.3 @D6 @D20 @D23
    Scenario: At 120–175 the defenders win but nobody advances, not even from A
      Given the levels are "4 6 8 10 Q A"
      And a hand in play with seat 0 as banker
      And seat 0 holds "3C"
      And seat 1 holds "4D"
      And seat 1 has captured 150 points
      When seat 0 plays "3C"
      Then the defenders win
      And the band is "120-175"
      And the advances are "0 0 0 0 0 0"
      And the levels are now "4 6 8 10 Q A"
      And the match is not over

    @id:R22-011 @R22.3 @D20 @D23
    Scenario Outline: Around the no-advance band the levels move only outside 120–175 (<total>)
      Given the levels are "4 6 8 10 Q K"
      And a hand in play with seat 0 as banker
      And seat 0 holds "3C"
      And seat 1 holds "4D"
      And seat 1 has captured <total> points
      When seat 0 plays "3C"
      Then the <winners> win
      And the advances are "<advances>"
      And the levels are now "<levels>"

      Examples:
        | total | winners   | advances    | levels         |
        | 115   | bankers   | 1 0 0 0 0 0 | 5 6 8 10 Q K   |
        | 120   | defenders | 0 0 0 0 0 0 | 4 6 8 10 Q K   |
        | 175   | defenders | 0 0 0 0 0 0 | 4 6 8 10 Q K   |
        | 180   | defenders | 0 1 1 1 1 1 | 4 7 9 J K A    |

    @id:R22-012 @R22.3 @D6 @D20 @D23
    Scenario: A victory with nobody advancing still names the defenders as the winners
      Given a hand in play with seat 0 as banker
      And the banker called the 1st "AH" and the 1st "AS"
      And call 1 was resolved by seat 3
      And call 2 was resolved by seat 0
      And seat 0 holds "3C"
      And seat 1 holds "4D"
      And seat 1 has captured 120 points
      When seat 0 plays "3C"
      Then the defenders win
      And the settled defenders are "1 2 4 5"
      And each winner advances 0 levels
      And the levels are now "3 3 3 3 3 3"

    @id:R22-013 @R22.1 @D20 @D24 @D32 @R07.2
    Scenario: The settlement shows the new levels, a seat passing A shown at A
      Given the levels are "9 3 J 4 A 6"
      And a hand in play with seat 0 as banker
      And seat 0 holds "3C"
      And seat 1 holds "4D"
      And seat 1 has captured 250 points
      When seat 0 plays "3C"
      Then the defenders win
      And the settled levels are "9 5 K 6 A 8"
      And the match winners are "4"
