@R10
Feature: R10 Kitty and burial
  After the banker is fixed and dealing completes, the banker takes 6 kitty cards, buries 6
  face down and leads. The buried cards are hidden during play and exposed for scoring at
  settlement.

  In the deals below seat 2 reveals the 3H it receives at draw 3, so the banker holds its
  26 dealt cards (3H 5H 10H KH first) and the kitty 4D 4C 4H 4S 6D 6C.

  Rule: R10.1 The banker takes the kitty, buries six and leads

    @id:R10-001 @R10.1 @D7
    Scenario: The banker takes the six kitty cards once dealing completes
      Given seat 2 is dealt "3H 5H 10H KH"
      And the kitty is "4D 4C 4H 4S 6D 6C"
      When seat 2 reveals "3H"
      Then 156 cards have been dealt
      And the hand sizes are "26 26 32 26 26 26"
      And the phase is "burying"
      And seat 2 is asked to bury

    @id:R10-002 @R10.1 @D7
    Scenario: Nobody holds the kitty while dealing goes on
      Given seat 2 is dealt "3H 9C"
      When seat 2 skips
      Then 9 cards have been dealt
      And the hand sizes are "2 2 2 1 1 1"
      And the phase is "dealing"
      And no banker is fixed

    @id:R10-003 @R10.1 @D7
    Scenario: The banker buries six cards, leaving 26
      Given seat 2 is dealt "3H 5H 10H KH"
      And the kitty is "4D 4C 4H 4S 6D 6C"
      When seat 2 reveals "3H"
      And seat 2 buries "4D 4C 4H 4S 6D 6C"
      Then the hand sizes are "26 26 26 26 26 26"
      And the phase is "calling"
      And seat 2 is asked to call

    @id:R10-004 @R10.1 @D7
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

    @id:R10-005 @R10.1 @D7
    Scenario: The banker cannot bury a card they do not hold
      Given seat 2 is dealt "3H 5H 10H KH"
      And seat 4 is dealt "BJ BJ BJ"
      And the kitty is "4D 4C 4H 4S 6D 6C"
      When seat 2 reveals "3H"
      And seat 2 buries "4D 4C 4H 4S 6D BJ"
      Then the action is rejected citing R10.1
      And seat 2 holds 32 cards
      And seat 2 is asked to bury

    @id:R10-006 @R10.1 @D7
    Scenario: Only the banker buries
      Given seat 2 is dealt "3H 5H 10H KH"
      And seat 4 is dealt "BJ BJ BJ"
      And the kitty is "4D 4C 4H 4S 6D 6C"
      When seat 2 reveals "3H"
      And seat 4 buries "BJ BJ BJ AS AC KS"
      Then the action is rejected citing R10.1
      And seat 4 holds 26 cards
      And seat 2 is asked to bury

    @id:R10-007 @R10.1 @D7 @D4
    Scenario: Any six cards may be buried, scoring cards and the revealed card included
      Given seat 2 is dealt "3H 5H 10H KH"
      And the kitty is "4D 4C 4H 4S 6D 6C"
      When seat 2 reveals "3H"
      And seat 2 buries "3H 5H 10H KH 4D 4C"
      Then seat 2 holds 26 cards
      And seat 2 is asked to call
      And seat 2 has captured 0 points

    @id:R10-008 @R10.1 @D7
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

    @id:R10-009 @R10.1 @D7
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

    @id:R10-010 @R10.1 @R13.1 @D7
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

  Rule: R10.2 The burial is hidden during play and shown at settlement

    @id:R10-011 @R10.2 @D7 @D25
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

    @id:R10-012 @R10.2 @D7 @D22
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

    @id:R10-013 @R10.2 @D7 @D22
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
