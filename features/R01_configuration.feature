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

    @id:R01-002 @R01.1 @D35
    Scenario Outline: No face exists in more than three copies
      When the cards "<cards>" are classified
      Then the cards are rejected as bad input citing R01.1

      Examples:
        | cards          |
        | AH AH AH AH    |
        | SJ SJ SJ SJ BJ |

    @id:R01-201 @R01.1
    Scenario: A deal whose deck holds a fourth big joker is refused
      Given the deck order is:
        """
        BJ BJ BJ BJ SJ SJ SJ 2S 2S 2S 2H 2H 2H 2C 2C 2C 2D 2D 2D AS AS AS AH AH AH AC AC
        AC AD AD AD KS KS KS KH KH KH KC KC KC KD KD KD QS QS QS QH QH QH QC QC QC QD QD
        QD JS JS JS JH JH JH JC JC JC JD JD JD 10S 10S 10S 10H 10H 10H 10C 10C 10C 10D 10D 10D 9S 9S
        9S 9H 9H 9H 9C 9C 9C 9D 9D 9D 8S 8S 8S 8H 8H 8H 8C 8C 8C 8D 8D 8D 7S 7S 7S 7H 7H
        7H 7C 7C 7C 7D 7D 7D 6S 6S 6S 6H 6H 6H 6C 6C 6C 6D 6D 6D 5S 5S 5S 5H 5H 5H 5C 5C
        5C 5D 5D 5D 4S 4S 4S 4H 4H 4H 4C 4C 4C 4D 4D 4D 3S 3S 3H 3H 3H 3C 3C 3C 3D 3D 3D
        """
      Then the deal is refused citing R01.1

    @id:R01-502 @R01.1 @D40
    Scenario: A position holding a fourth copy of a card is refused
      Given a hand in play with seat 0 as banker
      And seat 0 holds "9D"
      And seat 1 holds "5H 5H"
      And seat 2 holds "5H 5H"
      Then the position is refused citing R01.1

    @id:R01-801 @R01.1 @D35
    Scenario Outline: A card's suit is D, C, H or S: a play of "<cards>" holds no card of the pack and is refused citing R01.1
      Given a hand in play with seat 0 as banker
      And seat 0 holds "9C 3D"
      And seat 1 holds "8D 4C"
      When seat 0 plays "<cards>"
      Then the action is rejected citing R01.1
      And seat 0 is asked to play

      Examples:
        | cards |
        | 9X    |
        | 9C 9c |

  Rule: R01.2 Twenty-six cards each, a six-card kitty and two distinct hidden calls

    @id:R01-003 @R01.2 @D2 @D29
    Scenario: Dealing gives every player 26 cards and leaves six for the kitty
      Given the cards are dealt strongest-first
      When dealing continues until draw 156
      Then 156 cards have been dealt
      And the hand sizes are "26 26 26 26 26 26"
      And no banker is fixed

    @id:R01-004 @R01.2 @D2 @D7 @D34 @D35
    Scenario: The six kitty cards go to the banker
      Given seat 2 is dealt "3H"
      And the kitty is "4D 4C 4H 4S 6D 6C"
      When seat 2 reveals "3H"
      Then the hand sizes are "26 26 32 26 26 26"
      When seat 2 buries "4D 4C 4H 4S 6D"
      Then the action is rejected citing R10.1
      When seat 2 buries "4D 4C 4H 4S 6D 6C"
      Then the hand sizes are "26 26 26 26 26 26"

    @id:R01-005 @R01.2 @D13 @D25 @D34
    Scenario: The banker announces two distinct calls that reveal nobody yet
      Given seat 2 is dealt "3H"
      And the kitty is "4D 4C 4H 4S 6D 6C"
      When seat 2 reveals "3H"
      And seat 2 buries "4D 4C 4H 4S 6D 6C"
      And seat 2 calls the 1st "AD" and the 2nd "AC"
      Then the calls are the 1st "AD" and the 2nd "AC"
      And the partners are ""
      And the banker side is "2"

    @id:R01-006 @R01.2 @R11.1 @D13 @D34 @D35
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

    @id:R01-501 @R01.2 @D2
    Scenario: A banker who led one card of a full hand holds 25, and a full hand of 26 may reply
      Given a hand in play with seat 1 as banker
      And the buried cards are "10S 10S 10S 10H 10H 10H"
      And seat 1 holds "3D 3D 3D 3C 3C 3C 3H 3H 3H 3S 3S 3S 4D 4D 4D 4C 4C 4C 4H 4H 4H 4S 4S 4S 6D"
      And seat 2 holds "6C 6C 6C 6H 6H 6H 6S 6S 6S 7D 7D 7D 7C 7C 7C 7H 7H 7H 7S 7S 7S 8D 8D 8D 8C 10C"
      And seat 1 led "9C"
      When seat 2 plays "10C"
      Then the top play is "single 10" by seat 2

    @id:R01-503 @R01.2 @D2 @D40
    Scenario: A position where a seat holds 26 cards and has also put a card on the table is refused
      Given a hand in play with seat 1 as banker
      And seat 1 holds "3D 3D 3D 3C 3C 3C 3H 3H 3H 3S 3S 3S 4D 4D 4D 4C 4C 4C 4H 4H 4H 4S 4S 4S 6D 6D"
      And seat 2 holds "8D"
      And seat 1 led "9C"
      Then the position is refused

    @id:R01-701 @R01.2 @D2 @D34 @default-first
    Scenario: A first-hand deal that does not say who receives the first card deals it to seat 0
      Given the deal does not say who receives the first card
      And seat 0 is dealt "3H"
      When seat 0 reveals "3H"
      Then seat 0 revealed "3H" at draw 1
      And seat 0 is the banker

  Rule: R01.3 The banker side has one to three players

    @id:R01-007 @R01.3 @D15 @D16
    Scenario Outline: The banker side grows with each player who resolves a call
      Given a hand in play with seat 0 as banker
      And the banker called the 1st "AH" and the 1st "AS"
      And call 1 was resolved by seat <first>
      And call 2 is still open
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

    @id:R01-008 @R01.3 @D16 @D20
    Scenario: A banker who resolves both calls is a side of one
      Given a hand in play with seat 0 as banker
      And the banker called the 1st "AH" and the 1st "AS"
      And call 1 was resolved by seat 0
      And call 2 was resolved by seat 0
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

    @id:R01-010 @R01.4 @D20 @D23
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

    @id:R01-011 @R01.5 @R01.4 @D20 @D23 @D28
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
