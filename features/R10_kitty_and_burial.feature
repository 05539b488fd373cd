@R10
Feature: R10 Kitty and burial
  After the banker is fixed and dealing completes, the banker takes 6 kitty cards, buries 6
  face down and leads. The buried cards are hidden during play and exposed for scoring at
  settlement.

  In the deals below seat 2 reveals the 3H it receives at draw 3, so the banker holds its
  26 dealt cards (3H 5H 10H KH first) and the kitty 4D 4C 4H 4S 6D 6C.

  Rule: R10.1 The banker takes the kitty, buries six and leads

    @id:R10-001 @R10.1 @D7 @D34
    Scenario: The banker takes the six kitty cards once dealing completes
      Given seat 2 is dealt "3H 5H 10H KH"
      And the kitty is "4D 4C 4H 4S 6D 6C"
      When seat 2 reveals "3H"
      Then 156 cards have been dealt
      And the hand sizes are "26 26 32 26 26 26"
      And the phase is "burying"
      And seat 2 is asked to bury

    @id:R10-002 @R10.1 @D3 @D7
    Scenario: Nobody holds the kitty while dealing goes on
      Given seat 2 is dealt "3H 9C"
      When seat 2 skips
      Then 9 cards have been dealt
      And the hand sizes are "2 2 2 1 1 1"
      And the phase is "dealing"
      And no banker is fixed

    @id:R10-003 @R10.1 @D7 @D34
    Scenario: The banker buries six cards, leaving 26
      Given seat 2 is dealt "3H 5H 10H KH"
      And the kitty is "4D 4C 4H 4S 6D 6C"
      When seat 2 reveals "3H"
      And seat 2 buries "4D 4C 4H 4S 6D 6C"
      Then the hand sizes are "26 26 26 26 26 26"
      And the phase is "calling"
      And seat 2 is asked to call

    @id:R10-004 @R10.1 @D7 @D34 @D35
    Scenario Outline: The banker buries exactly six cards
      Given seat 2 is dealt "3H 5H 10H KH"
      And the kitty is "4D 4C 4H 4S 6D 6C"
      When seat 2 reveals "3H"
      And seat 2 buries "<cards>"
      Then the action is rejected citing R10.1
      And seat 2 holds 32 cards
      And seat 2 is asked to bury

      Examples: five or seven cards
        | cards                   |
        | 4D 4C 4H 4S 6D          |
        | 4D 4C 4H 4S 6D 6C 10H   |

    @id:R10-005 @R10.1 @D7 @D34 @D35
    Scenario: The banker cannot bury a card they do not hold
      Given seat 2 is dealt "3H 5H 10H KH"
      And seat 4 is dealt "BJ BJ BJ"
      And the kitty is "4D 4C 4H 4S 6D 6C"
      When seat 2 reveals "3H"
      And seat 2 buries "4D 4C 4H 4S 6D BJ"
      Then the action is rejected citing R10.1
      And seat 2 holds 32 cards
      And seat 2 is asked to bury

    @id:R10-006 @R10.1 @D7 @D34 @D35
    Scenario: Only the banker buries
      Given seat 2 is dealt "3H 5H 10H KH"
      And seat 4 is dealt "BJ BJ BJ"
      And the kitty is "4D 4C 4H 4S 6D 6C"
      When seat 2 reveals "3H"
      And seat 4 buries "BJ BJ BJ AS AC KS"
      Then the action is rejected citing R10.1
      And seat 4 holds 26 cards
      And seat 2 is asked to bury

    @id:R10-007 @R10.1 @D4 @D7 @D34
    Scenario: Any six cards may be buried, scoring cards and the revealed card included
      Given seat 2 is dealt "3H 5H 10H KH"
      And the kitty is "4D 4C 4H 4S 6D 6C"
      When seat 2 reveals "3H"
      And seat 2 buries "3H 5H 10H KH 4D 4C"
      Then seat 2 holds 26 cards
      And seat 2 is asked to call
      And seat 2 has captured 0 points

    @id:R10-008 @R10.1 @D7 @D34 @D35
    Scenario: Calling and playing wait until the banker has buried
      Given seat 2 is dealt "3H 5H 10H KH"
      And the kitty is "4D 4C 4H 4S 6D 6C"
      When seat 2 reveals "3H"
      And seat 2 calls the 1st "AH" and the 1st "AS"
      Then the action is rejected citing R10.1
      When seat 2 plays "KH"
      Then the action is rejected citing R10.1
      And seat 2 is asked to bury
      And no calls have been announced

    @id:R10-009 @R10.1 @D7 @D34
    Scenario: After burying and calling, the banker leads the first trick
      Given seat 2 is dealt "3H 5H 10H KH"
      And the kitty is "4D 4C 4H 4S 6D 6C"
      When seat 2 reveals "3H"
      And seat 2 buries "4D 4C 4H 4S 6D 6C"
      And seat 2 calls the 1st "AH" and the 1st "AS"
      Then the phase is "playing"
      And seat 2 is asked to play
      And there is no trick in progress
      When seat 2 plays "KH"
      Then seat 2 leads the trick
      And the top play is "single K" by seat 2
      And seat 3 is asked to play

    @id:R10-010 @R10.1 @R13.1 @D1 @D7 @D34 @D35
    Scenario: Nobody but the banker makes the first lead
      Given seat 2 is dealt "3H 5H 10H KH"
      And seat 3 is dealt "9S"
      And the kitty is "4D 4C 4H 4S 6D 6C"
      When seat 2 reveals "3H"
      And seat 2 buries "4D 4C 4H 4S 6D 6C"
      And seat 2 calls the 1st "AH" and the 1st "AS"
      And seat 3 plays "9S"
      Then the action is rejected citing R13.1
      And seat 2 is asked to play
      And there is no trick in progress

    @id:R10-601 @R10.1 @D7 @D34 @D35
    Scenario Outline: The banker cannot bury more copies of a card than they hold
      # Seat 2 holds one 5H, dealt to it, and one 4D, taken with the kitty.
      Given seat 2 is dealt "3H 5H 10H KH"
      And the kitty is "4D 4C 4H 4S 6D 6C"
      When seat 2 reveals "3H"
      And seat 2 buries "<cards>"
      Then the action is rejected citing R10.1
      And seat 2 holds 32 cards
      And seat 2 is asked to bury

      Examples: a card held once, buried twice
        | cards             |
        | 5H 5H 4D 4C 4S 6D |
        | 4D 4D 4C 4S 6D 5H |

    @id:R10-502 @R10.1 @D2 @D40
    Scenario: A position giving a player 27 cards during play is refused
      Given a hand in play with seat 0 as banker
      And the buried cards are "10S 10S 10S 10H 10H 10H"
      And seat 0 holds "9D"
      And seat 2 holds "6C 6C 6C 6H 6H 6H 6S 6S 6S 7D 7D 7D 7C 7C 7C 7H 7H 7H 7S 7S 7S 8D 8D 8D 8C 8C 8C"
      Then the position is refused citing R10.1

    @id:R10-503 @R10.1 @R08.2
    Scenario: A first hand whose banker revealed the 3H at the first draw is at the burial, the banker holding the kitty: 32 cards
      Given the position is:
        """
        {
          "phase": "burying",
          "banker": 0,
          "reveal": {"seat": 0, "card": "3H", "draw": 1},
          "hands": [
            ["3D", "3D", "3D", "3C", "3C", "3C", "3H", "3H", "3H", "3S", "3S", "3S", "4D", "4D", "4D", "4C", "4C", "4C", "4H", "4H", "4H", "4S", "4S", "4S", "5D", "5D", "5D", "5C", "5C", "5C", "5H", "5H"],
            ["5H", "5S", "5S", "5S", "6D", "6D", "6D", "6C", "6C", "6C", "6H", "6H", "6H", "6S", "6S", "6S", "7D", "7D", "7D", "7C", "7C", "7C", "7H", "7H", "7H", "7S"],
            ["7S", "7S", "8D", "8D", "8D", "8C", "8C", "8C", "8H", "8H", "8H", "8S", "8S", "8S", "9D", "9D", "9D", "9C", "9C", "9C", "9H", "9H", "9H", "9S", "9S", "9S"],
            ["10D", "10D", "10D", "10C", "10C", "10C", "10H", "10H", "10H", "10S", "10S", "10S", "JD", "JD", "JD", "JC", "JC", "JC", "JH", "JH", "JH", "JS", "JS", "JS", "QD", "QD"],
            ["QD", "QC", "QC", "QC", "QH", "QH", "QH", "QS", "QS", "QS", "KD", "KD", "KD", "KC", "KC", "KC", "KH", "KH", "KH", "KS", "KS", "KS", "AD", "AD", "AD", "AC"],
            ["AC", "AC", "AH", "AH", "AH", "AS", "AS", "AS", "2D", "2D", "2D", "2C", "2C", "2C", "2H", "2H", "2H", "2S", "2S", "2S", "SJ", "SJ", "SJ", "BJ", "BJ", "BJ"]
          ],
          "buried": [],
          "calls": [],
          "captured": [0, 0, 0, 0, 0, 0],
          "turn": 0
        }
        """
      Then seat 0 revealed "3H" at draw 1
      And seat 0 is asked to bury
      And the hand sizes are "32 26 26 26 26 26"

    @id:R10-504 @R10.1 @D7 @D40
    Scenario: A position at the burial that gives the turn to another seat than the banker is refused
      Given the position is:
        """
        {
          "phase": "burying",
          "banker": 0,
          "reveal": {"seat": 0, "card": "3H", "draw": 1},
          "hands": [
            ["3D", "3D", "3D", "3C", "3C", "3C", "3H", "3H", "3H", "3S", "3S", "3S", "4D", "4D", "4D", "4C", "4C", "4C", "4H", "4H", "4H", "4S", "4S", "4S", "5D", "5D", "5D", "5C", "5C", "5C", "5H", "5H"],
            ["5H", "5S", "5S", "5S", "6D", "6D", "6D", "6C", "6C", "6C", "6H", "6H", "6H", "6S", "6S", "6S", "7D", "7D", "7D", "7C", "7C", "7C", "7H", "7H", "7H", "7S"],
            ["7S", "7S", "8D", "8D", "8D", "8C", "8C", "8C", "8H", "8H", "8H", "8S", "8S", "8S", "9D", "9D", "9D", "9C", "9C", "9C", "9H", "9H", "9H", "9S", "9S", "9S"],
            ["10D", "10D", "10D", "10C", "10C", "10C", "10H", "10H", "10H", "10S", "10S", "10S", "JD", "JD", "JD", "JC", "JC", "JC", "JH", "JH", "JH", "JS", "JS", "JS", "QD", "QD"],
            ["QD", "QC", "QC", "QC", "QH", "QH", "QH", "QS", "QS", "QS", "KD", "KD", "KD", "KC", "KC", "KC", "KH", "KH", "KH", "KS", "KS", "KS", "AD", "AD", "AD", "AC"],
            ["AC", "AC", "AH", "AH", "AH", "AS", "AS", "AS", "2D", "2D", "2D", "2C", "2C", "2C", "2H", "2H", "2H", "2S", "2S", "2S", "SJ", "SJ", "SJ", "BJ", "BJ", "BJ"]
          ],
          "buried": [],
          "calls": [],
          "captured": [0, 0, 0, 0, 0, 0],
          "turn": 1
        }
        """
      Then the position is refused

    @id:R10-505 @R10.1 @R08.2 @D4 @D7
    Scenario: A hand at the burial written by the cards: the banker buries the 3H they revealed, and the reveal is still shown
      Given a hand at the burial with seat 2 as banker
      And seat 2 revealed "3H" at draw 3
      And seat 0 holds "5H 5S 5S 5S 6D 6D 6D 6C 6C 6C 6H 6H 6H 6S 6S 6S 7D 7D 7D 7C 7C 7C 7H 7H 7H 7S"
      And seat 1 holds "7S 7S 8D 8D 8D 8C 8C 8C 8H 8H 8H 8S 8S 8S 9D 9D 9D 9C 9C 9C 9H 9H 9H 9S 9S 9S"
      And seat 2 holds "3D 3D 3D 3C 3C 3C 3H 3H 3H 3S 3S 3S 4D 4D 4D 4C 4C 4C 4H 4H 4H 4S 4S 4S 5D 5D 5D 5C 5C 5C 5H 5H"
      And seat 3 holds "10D 10D 10D 10C 10C 10C 10H 10H 10H 10S 10S 10S JD JD JD JC JC JC JH JH JH JS JS JS QD QD"
      And seat 4 holds "QD QC QC QC QH QH QH QS QS QS KD KD KD KC KC KC KH KH KH KS KS KS AD AD AD AC"
      And seat 5 holds "AC AC AH AH AH AS AS AS 2D 2D 2D 2C 2C 2C 2H 2H 2H 2S 2S 2S SJ SJ SJ BJ BJ BJ"
      When seat 2 buries "3H 3H 3H 3S 3S 3S"
      Then seat 2 is asked to call
      And the hand sizes are "26 26 26 26 26 26"
      And seat 2 revealed "3H" at draw 3

    @id:R10-701 @R10.1 @D40 @position-duties
    Scenario: A position in play whose burial holds five cards is refused citing R10.1, as a burial of five is
      Given the position is:
        """
        {
          "hand": 1,
          "phase": "playing",
          "deal": 1,
          "levels": ["3", "3", "3", "3", "3", "3"],
          "previous_winners": [],
          "previous_banker": null,
          "banker": 0,
          "reveal": null,
          "buried": ["3D", "3D", "3C", "3C", "3H"],
          "calls": [{"face": "AH", "ordinal": 1, "played": 3, "resolved_by": 0}, {"face": "AS", "ordinal": 1, "played": 3, "resolved_by": 0}],
          "hands": [
            ["3D", "4D", "7C"],
            ["3C", "4C"],
            ["3H", "4H"],
            [],
            [],
            []
          ],
          "captured": [300, 0, 0, 0, 0, 0],
          "trick": null,
          "turn": 0,
          "out": [3, 4, 5]
        }
        """
      Then the position is refused citing R10.1

    @id:R10-702 @R10.1 @D7 @D40 @position-duties
    Scenario: A position at the calls where a player holds 25 cards is refused citing R10.1: before play every hand holds 26
      Given the position is:
        """
        {
          "phase": "calling",
          "banker": 0,
          "reveal": {"seat": 0, "card": "3H", "draw": 1},
          "buried": ["SJ", "SJ", "SJ", "BJ", "BJ", "BJ"],
          "calls": [],
          "hands": [
            ["3D", "3D", "3D", "3C", "3C", "3C", "3H", "3H", "3H", "3S", "3S", "3S", "4D", "4D", "4D", "4C", "4C", "4C", "4H", "4H", "4H", "4S", "4S", "4S", "5D", "5D"],
            ["5D", "5C", "5C", "5C", "5H", "5H", "5H", "5S", "5S", "5S", "6D", "6D", "6D", "6C", "6C", "6C", "6H", "6H", "6H", "6S", "6S", "6S", "7D", "7D", "7D", "7C"],
            ["7C", "7C", "7H", "7H", "7H", "7S", "7S", "7S", "8D", "8D", "8D", "8C", "8C", "8C", "8H", "8H", "8H", "8S", "8S", "8S", "9D", "9D", "9D", "9C", "9C", "9C"],
            ["9H", "9H", "9H", "9S", "9S", "9S", "10D", "10D", "10D", "10C", "10C", "10C", "10H", "10H", "10H", "10S", "10S", "10S", "JD", "JD", "JD", "JC", "JC", "JC", "JH"],
            ["JH", "JS", "JS", "JS", "QD", "QD", "QD", "QC", "QC", "QC", "QH", "QH", "QH", "QS", "QS", "QS", "KD", "KD", "KD", "KC", "KC", "KC", "KH", "KH", "KH", "KS"],
            ["KS", "KS", "AD", "AD", "AD", "AC", "AC", "AC", "AH", "AH", "AH", "AS", "AS", "AS", "2D", "2D", "2D", "2C", "2C", "2C", "2H", "2H", "2H", "2S", "2S", "2S"]
          ],
          "captured": [0, 0, 0, 0, 0, 0],
          "trick": null,
          "turn": 0
        }
        """
      Then the position is refused citing R10.1

    @id:R10-703 @R10.1 @D7 @D40 @position-duties
    Scenario: A position at the calls where a player holds 27 cards (and another 25) is refused citing R10.1: before play every hand holds 26
      Given the position is:
        """
        {
          "phase": "calling",
          "banker": 0,
          "reveal": {"seat": 0, "card": "3H", "draw": 1},
          "buried": ["SJ", "SJ", "SJ", "BJ", "BJ", "BJ"],
          "calls": [],
          "hands": [
            ["3D", "3D", "3D", "3C", "3C", "3C", "3H", "3H", "3H", "3S", "3S", "3S", "4D", "4D", "4D", "4C", "4C", "4C", "4H", "4H", "4H", "4S", "4S", "4S", "5D", "5D"],
            ["5D", "5C", "5C", "5C", "5H", "5H", "5H", "5S", "5S", "5S", "6D", "6D", "6D", "6C", "6C", "6C", "6H", "6H", "6H", "6S", "6S", "6S", "7D", "7D", "7D", "7C"],
            ["7C", "7C", "7H", "7H", "7H", "7S", "7S", "7S", "8D", "8D", "8D", "8C", "8C", "8C", "8H", "8H", "8H", "8S", "8S", "8S", "9D", "9D", "9D", "9C", "9C", "9C", "JH"],
            ["9H", "9H", "9H", "9S", "9S", "9S", "10D", "10D", "10D", "10C", "10C", "10C", "10H", "10H", "10H", "10S", "10S", "10S", "JD", "JD", "JD", "JC", "JC", "JC", "JH"],
            ["JH", "JS", "JS", "JS", "QD", "QD", "QD", "QC", "QC", "QC", "QH", "QH", "QH", "QS", "QS", "QS", "KD", "KD", "KD", "KC", "KC", "KC", "KH", "KH", "KH", "KS"],
            ["KS", "KS", "AD", "AD", "AD", "AC", "AC", "AC", "AH", "AH", "AH", "AS", "AS", "AS", "2D", "2D", "2D", "2C", "2C", "2C", "2H", "2H", "2H", "2S", "2S", "2S"]
          ],
          "captured": [0, 0, 0, 0, 0, 0],
          "trick": null,
          "turn": 0
        }
        """
      Then the position is refused citing R10.1

    @id:R10-704 @R10.1 @D7 @D40 @position-duties
    Scenario: A position at the calls that already lists the banker's calls is refused citing R10.1: the calls are made after burying, before the first lead
      Given the position is:
        """
        {
          "phase": "calling",
          "banker": 0,
          "reveal": {"seat": 0, "card": "3H", "draw": 1},
          "buried": ["SJ", "SJ", "SJ", "BJ", "BJ", "BJ"],
          "calls": [{"face": "AH", "ordinal": 1}, {"face": "AS", "ordinal": 1}],
          "hands": [
            ["3D", "3D", "3D", "3C", "3C", "3C", "3H", "3H", "3H", "3S", "3S", "3S", "4D", "4D", "4D", "4C", "4C", "4C", "4H", "4H", "4H", "4S", "4S", "4S", "5D", "5D"],
            ["5D", "5C", "5C", "5C", "5H", "5H", "5H", "5S", "5S", "5S", "6D", "6D", "6D", "6C", "6C", "6C", "6H", "6H", "6H", "6S", "6S", "6S", "7D", "7D", "7D", "7C"],
            ["7C", "7C", "7H", "7H", "7H", "7S", "7S", "7S", "8D", "8D", "8D", "8C", "8C", "8C", "8H", "8H", "8H", "8S", "8S", "8S", "9D", "9D", "9D", "9C", "9C", "9C"],
            ["9H", "9H", "9H", "9S", "9S", "9S", "10D", "10D", "10D", "10C", "10C", "10C", "10H", "10H", "10H", "10S", "10S", "10S", "JD", "JD", "JD", "JC", "JC", "JC", "JH", "JH"],
            ["JH", "JS", "JS", "JS", "QD", "QD", "QD", "QC", "QC", "QC", "QH", "QH", "QH", "QS", "QS", "QS", "KD", "KD", "KD", "KC", "KC", "KC", "KH", "KH", "KH", "KS"],
            ["KS", "KS", "AD", "AD", "AD", "AC", "AC", "AC", "AH", "AH", "AH", "AS", "AS", "AS", "2D", "2D", "2D", "2C", "2C", "2C", "2H", "2H", "2H", "2S", "2S", "2S"]
          ],
          "captured": [0, 0, 0, 0, 0, 0],
          "trick": null,
          "turn": 0
        }
        """
      Then the position is refused citing R10.1

    @id:R10-705 @R10.1 @D7 @D40 @position-duties
    Scenario: A position at the calls with a trick on the table is refused citing R10.1: nobody plays before the calls are made
      Given the position is:
        """
        {
          "phase": "calling",
          "banker": 0,
          "reveal": {"seat": 0, "card": "3H", "draw": 1},
          "buried": ["SJ", "SJ", "SJ", "BJ", "BJ", "BJ"],
          "calls": [],
          "hands": [
            ["3D", "3D", "3D", "3C", "3C", "3C", "3H", "3H", "3H", "3S", "3S", "3S", "4D", "4D", "4D", "4C", "4C", "4C", "4H", "4H", "4H", "4S", "4S", "4S", "5D", "5D"],
            ["5D", "5C", "5C", "5C", "5H", "5H", "5H", "5S", "5S", "5S", "6D", "6D", "6D", "6C", "6C", "6C", "6H", "6H", "6H", "6S", "6S", "6S", "7D", "7D", "7D", "7C"],
            ["7C", "7C", "7H", "7H", "7H", "7S", "7S", "7S", "8D", "8D", "8D", "8C", "8C", "8C", "8H", "8H", "8H", "8S", "8S", "8S", "9D", "9D", "9D", "9C", "9C", "9C"],
            ["9H", "9H", "9H", "9S", "9S", "9S", "10D", "10D", "10D", "10C", "10C", "10C", "10H", "10H", "10H", "10S", "10S", "10S", "JD", "JD", "JD", "JC", "JC", "JC", "JH", "JH"],
            ["JH", "JS", "JS", "JS", "QD", "QD", "QD", "QC", "QC", "QC", "QH", "QH", "QH", "QS", "QS", "QS", "KD", "KD", "KD", "KC", "KC", "KC", "KH", "KH", "KH", "KS"],
            ["KS", "KS", "AD", "AD", "AD", "AC", "AC", "AC", "AH", "AH", "AH", "AS", "AS", "AS", "2D", "2D", "2D", "2C", "2C", "2C", "2H", "2H", "2H", "2S", "2S", "2S"]
          ],
          "captured": [0, 0, 0, 0, 0, 0],
          "trick": {
            "leader": 0,
            "plays": [
              {"seat": 0, "cards": ["3D"]}
            ],
            "passed": []
          },
          "turn": 0
        }
        """
      Then the position is refused citing R10.1

  Rule: R10.2 The burial is hidden during play and shown at settlement

    @id:R10-011 @R10.2 @D7 @D25 @D34
    Scenario: The buried cards are not shown after burying, calling or leading
      Given seat 2 is dealt "3H 5H 10H KH"
      And the kitty is "4D 4C 4H 4S 6D 6C"
      When seat 2 reveals "3H"
      And seat 2 buries "5H 10H 4D 4C 4H 4S"
      Then the buried cards are not shown
      When seat 2 calls the 1st "AH" and the 1st "AS"
      Then the buried cards are not shown
      When seat 2 plays "KH"
      Then the buried cards are not shown
      And the table holds 10 points

    @id:R10-012 @R10.2 @D7 @D20 @D22
    Scenario: The buried cards are exposed and scored when the hand is settled
      Given a hand in play with seat 0 as banker
      And the buried cards are "5D 10D KD 5C 10C KC"
      And seat 0 holds "9C"
      And seat 2 holds "8D"
      Then the buried cards are not shown
      When seat 0 plays "9C"
      Then the hand ends with "bankers_out"
      And the settlement shows the buried cards "5D 10D KD 5C 10C KC"
      And the kitty points (50) go to seat 0

    @id:R10-013 @R10.2 @D7 @D20 @D22 @D31
    Scenario: The exposed burial scores for the defender who wins the last trick
      Given a hand in play with seat 0 as banker
      And the buried cards are "5D 10D KD 5C 10C KC"
      And seat 0 holds "9C 9D"
      And seat 2 holds "KS"
      When seat 0 plays "9C"
      And seat 2 plays "KS"
      Then the hand ends with "defenders_out"
      And the settlement shows the buried cards "5D 10D KD 5C 10C KC"
      And the kitty points (50) go to seat 2
      And the defender total is 60

    @id:R10-501 @R10.2 @D20
    Scenario: The burial is shown at settlement; a position that does not write it buried non-scoring 3s that nobody holds
      Given a hand in play with seat 0 as banker
      And seat 0 holds "9D"
      And seat 1 holds "8D 8C"
      When seat 0 plays "9D"
      Then the hand ends with "bankers_out"
      And the settlement shows the buried cards "3D 3D 3D 3C 3C 3C"
