@R07
Feature: R07 Individual levels
  Each player advances independently: 2 → 3 → 4 → 5 → 6 → 7 → 8 → 9 → 10 → J → Q → K → A.
  Advancing beyond A wins the match, including K +2.

  Each case settles a hand from a position with seat 0 as banker and seat 1 as the partner
  who resolved the first call (the second is a self-call). The banker plays their last card,
  so the banker side is out and the hand ends; the defender total is what seat 2 captured
  (every other point went to the banker), and the band (D23) gives the advance.

  Rule: R07.1 Each player climbs the ladder from their own level

    @id:R07-001 @R07.1 @D20 @D23 @D24
    Scenario Outline: Each banker-side member advances from their own level
      Given a hand in play with seat 0 as banker
      And the levels are "<before>"
      And the banker called the 1st "AH" and the 1st "AS"
      And call 1 was resolved by seat 1
      And call 2 was resolved by seat 0
      And seat 0 holds "9C"
      And seat 2 holds "8D"
      And seat 2 has captured <points> points
      When seat 0 plays "9C"
      Then the bankers win
      And the advances are "<advances>"
      And the levels are now "<after>"

      Examples:
        | before       | points | advances    | after        |
        | 3 3 3 3 3 3  | 0      | 3 3 0 0 0 0 | 6 6 3 3 3 3  |
        | 5 9 4 3 3 3  | 30     | 2 2 0 0 0 0 | 7 J 4 3 3 3  |
        | 10 Q 7 3 3 3 | 60     | 1 1 0 0 0 0 | J K 7 3 3 3  |
        | 8 4 3 3 3 3  | 115    | 1 1 0 0 0 0 | 9 5 3 3 3 3  |

    @id:R07-002 @R07.1 @D20 @D23 @D24
    Scenario: Each defender advances from their own level
      Given a hand in play with seat 0 as banker
      And the levels are "9 9 4 5 10 K"
      And the banker called the 1st "AH" and the 1st "AS"
      And call 1 was resolved by seat 1
      And call 2 was resolved by seat 0
      And seat 0 holds "9C"
      And seat 2 holds "8D"
      And seat 2 has captured 200 points
      When seat 0 plays "9C"
      Then the defenders win
      And the advances are "0 0 1 1 1 1"
      And the levels are now "9 9 5 6 J A"
      And the match is not over

    @id:R07-003 @R07.1 @D20 @D23 @D24
    Scenario: Nobody's level moves when the defenders win at 120-175
      Given a hand in play with seat 0 as banker
      And the levels are "9 9 4 5 10 K"
      And the banker called the 1st "AH" and the 1st "AS"
      And call 1 was resolved by seat 1
      And call 2 was resolved by seat 0
      And seat 0 holds "9C"
      And seat 2 holds "8D"
      And seat 2 has captured 120 points
      When seat 0 plays "9C"
      Then the defenders win
      And the advances are "0 0 0 0 0 0"
      And the levels are now "9 9 4 5 10 K"

    @id:R07-004 @R07.1 @D20 @D23 @D24
    Scenario: The losing side keeps its levels
      Given a hand in play with seat 0 as banker
      And the levels are "3 3 J 7 4 Q"
      And the banker called the 1st "AH" and the 1st "AS"
      And call 1 was resolved by seat 1
      And call 2 was resolved by seat 0
      And seat 0 holds "9C"
      And seat 2 holds "8D"
      When seat 0 plays "9C"
      Then the advances are "3 3 0 0 0 0"
      And the levels are now "6 6 J 7 4 Q"

  Rule: R07.2 Advancing beyond A wins the match

    @id:R07-005 @R07.2 @D20 @D23 @D24 @D32
    Scenario Outline: An advance that passes A wins the match
      Given a hand in play with seat 0 as banker
      And the levels are "<before>"
      And the banker called the 1st "AH" and the 1st "AS"
      And call 1 was resolved by seat 1
      And call 2 was resolved by seat 0
      And seat 0 holds "9C"
      And seat 2 holds "8D"
      And seat 2 has captured <points> points
      When seat 0 plays "9C"
      Then the match winners are "0"
      And the match is over
      And the levels are now "<after>"

      Examples: K +2, A +1 and Q +3
        | before      | points | after       |
        | K 3 3 3 3 3 | 30     | A 5 3 3 3 3 |
        | A 3 3 3 3 3 | 60     | A 4 3 3 3 3 |
        | Q 3 3 3 3 3 | 0      | A 6 3 3 3 3 |

    @id:R07-006 @R07.2 @D20 @D23 @D24
    Scenario Outline: An advance that only reaches A does not win the match
      Given a hand in play with seat 0 as banker
      And the levels are "<before>"
      And the banker called the 1st "AH" and the 1st "AS"
      And call 1 was resolved by seat 1
      And call 2 was resolved by seat 0
      And seat 0 holds "9C"
      And seat 2 holds "8D"
      And seat 2 has captured <points> points
      When seat 0 plays "9C"
      Then the match winners are ""
      And the match is not over
      And the levels are now "<after>"

      Examples: J +3, Q +2 and K +1 stop at A
        | before      | points | after       |
        | J 3 3 3 3 3 | 0      | A 6 3 3 3 3 |
        | Q 3 3 3 3 3 | 30     | A 5 3 3 3 3 |
        | K 3 3 3 3 3 | 60     | A 4 3 3 3 3 |

    @id:R07-007 @R07.2 @D20 @D23 @D24 @D32
    Scenario: Several players passing A together are joint match winners
      Given a hand in play with seat 0 as banker
      And the levels are "K Q 3 3 3 3"
      And the banker called the 1st "AH" and the 1st "AS"
      And call 1 was resolved by seat 1
      And call 2 was resolved by seat 0
      And seat 0 holds "9C"
      And seat 2 holds "8D"
      When seat 0 plays "9C"
      Then the match winners are "0 1"
      And the match is over

    @id:R07-008 @R07.2 @D20 @D23 @D24 @D32
    Scenario: A defender passing A wins the match
      Given a hand in play with seat 0 as banker
      And the levels are "3 3 A 3 3 3"
      And the banker called the 1st "AH" and the 1st "AS"
      And call 1 was resolved by seat 1
      And call 2 was resolved by seat 0
      And seat 0 holds "9C"
      And seat 2 holds "8D"
      And seat 2 has captured 180 points
      When seat 0 plays "9C"
      Then the defenders win
      And the match winners are "2"
      And the match is over

    @id:R07-009 @R07.2 @D20 @D23 @D24 @D32 @D34 @D35
    Scenario: No further hand is dealt once the match is won
      Given a hand in play with seat 0 as banker
      And the levels are "K 3 3 3 3 3"
      And the banker called the 1st "AH" and the 1st "AS"
      And call 1 was resolved by seat 1
      And call 2 was resolved by seat 0
      And seat 0 holds "9C"
      And seat 2 holds "8D"
      When seat 0 plays "9C"
      Then the match is over
      When the next hand is dealt from seat 1 with seat 1 dealt "6H"
      Then the action is rejected citing R07.2
      And this is hand 1 of the match
