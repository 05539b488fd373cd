@R01
Feature: R01 Configuration
  Three decks including jokers: 162 cards. Six players receive 26 each, with a six-card
  kitty and two distinct hidden partner calls. The banker side contains one to three
  players. Defenders win at 120; advancement bands are 60 points. This is a house
  advancement variant, not a national standard.

  Rule: R01.1 Three decks with jokers, 162 cards

    @id:R01-001 @R01.1 @D2
    Scenario: The pack is three decks with jokers
      When the pack is counted
      Then the pack holds 162 cards, 54 faces of 3 copies each, and 300 points

    @id:R01-002 @R01.1
    Scenario Outline: No face exists in more than three copies
      When the cards "<cards>" are classified
      Then the cards are rejected as bad input citing R01.1

      Examples:
        | cards          |
        | AH AH AH AH    |
        | SJ SJ SJ SJ BJ |

  Rule: R01.2 Twenty-six cards each, a six-card kitty and two distinct hidden calls

    @id:R01-003 @R01.2 @D2
    Scenario: Dealing gives every player 26 cards and leaves six for the kitty
      Given the cards are dealt strongest-first
      When dealing continues until draw 156
      Then 156 cards have been dealt
      And the hand sizes are "26 26 26 26 26 26"
      And no banker is fixed

    @id:R01-004 @R01.2 @D2 @D7
    Scenario: The six kitty cards go to the banker
      Given seat 2 is dealt "3H"
      And the kitty is "4D 4C 4H 4S 6D 6C"
      When seat 2 reveals "3H"
      Then the hand sizes are "26 26 32 26 26 26"
      When seat 2 buries "4D 4C 4H 4S 6D"
      Then the action is rejected citing R10.1
      When seat 2 buries "4D 4C 4H 4S 6D 6C"
      Then the hand sizes are "26 26 26 26 26 26"

    @id:R01-005 @R01.2 @D13 @D25
    Scenario: The banker announces two distinct calls that reveal nobody yet
      Given seat 2 is dealt "3H"
      And the kitty is "4D 4C 4H 4S 6D 6C"
      When seat 2 reveals "3H"
      And seat 2 buries "4D 4C 4H 4S 6D 6C"
      And seat 2 calls the 1st "AD" and the 2nd "AC"
      Then the calls are the 1st "AD" and the 2nd "AC"
      And the partners are ""
      And the banker side is "2"

    @id:R01-006 @R01.2 @R11.1 @D13
    Scenario: One call, or the same face twice, is not a pair of distinct calls
      Given seat 2 is dealt "3H"
      And the kitty is "4D 4C 4H 4S 6D 6C"
      When seat 2 reveals "3H"
      And seat 2 buries "4D 4C 4H 4S 6D 6C"
      And the action {"type": "call", "seat": 2, "calls": [{"face": "AD", "ordinal": 1}]} is sent
      Then the action is rejected citing R11.1
      When seat 2 calls the 1st "AD" and the 2nd "AD"
      Then the action is rejected citing R11.1
      And no calls have been announced

  Rule: R01.3 The banker side has one to three players

    @id:R01-007 @R01.3 @D16
    Scenario Outline: The banker side grows with each player who resolves a call
      Given a hand in play with seat 0 as banker
      And the banker called the 1st "AH" and the 1st "AS"
      And call 1 was resolved by seat <first>
      And seat 0 holds "9D 9S"
      And seat 3 holds "AS 8C"
      And seat 4 holds "AH AH AS AS"
      And it is seat 3's turn
      When seat 3 plays "AS"
      Then the banker side is "<side>"

      Examples:
        | first | side  |
        | 0     | 0 3   |
        | 3     | 0 3   |
        | 1     | 0 1 3 |

    @id:R01-008 @R01.3 @D16
    Scenario: A banker who resolves both calls is a side of one
      Given a hand in play with seat 0 as banker
      And the banker called the 1st "AH" and the 1st "AS"
      And seat 0 holds "9C"
      And seat 2 holds "8D"
      When seat 0 plays "9C"
      Then the settled banker side is "0"

    @id:R01-009 @R01.3 @D16
    Scenario: Later copies of the called faces never add a fourth member
      Given a hand in play with seat 0 as banker
      And the banker called the 1st "AH" and the 1st "AS"
      And call 1 was resolved by seat 1
      And call 2 was resolved by seat 3
      And seat 0 holds "9D 9S"
      And seat 1 holds "10C"
      And seat 3 holds "8C"
      And seat 4 holds "AH AH AS AS"
      And it is seat 4's turn
      When seat 4 plays "AH AH"
      Then the banker side is "0 1 3"
      And the partners are "1 3"

  Rule: R01.4 Defenders win at 120; bands are 60 points wide

    @id:R01-010 @R01.4 @D23
    Scenario Outline: The defenders win from 120 points
      Given a hand in play with seat 0 as banker
      And seat 0 holds "9C"
      And seat 2 holds "8D"
      And seat 2 has captured <points> points
      When seat 0 plays "9C"
      Then the defender total is <points>
      And the <winners> win
      And each winner advances <advance> levels

      Examples:
        | points | winners   | advance |
        | 115    | bankers   | 1       |
        | 120    | defenders | 0       |
        | 175    | defenders | 0       |
        | 180    | defenders | 1       |

  Rule: R01.5 A house advancement variant

    @id:R01-011 @R01.5 @R01.4 @D28 @D23
    Scenario Outline: The house bands change the advance every 60 points
      Given a hand in play with seat 0 as banker
      And seat 0 holds "9C"
      And seat 2 holds "8D"
      And seat 2 has captured <points> points
      When seat 0 plays "9C"
      Then the band is "<band>"
      And each winner advances <advance> levels

      Examples:
        | points | band    | advance |
        | 55     | 5-55    | 2       |
        | 60     | 60-115  | 1       |
        | 235    | 180-235 | 1       |
        | 240    | 240-295 | 2       |
